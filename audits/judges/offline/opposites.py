"""A word swapped for its opposite: "a short fore shaft" of "a long fore shaft", "his
last novel" of "his first novel".

A long fact may say one of its source's words otherwise, but not as its opposite. A
fact using one word of an opposite pair that no source uses, where a source uses the
other and the fact does not, says the opposite of what the source says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import word_list

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

_PAIRS = (
    "long short",
    "first last",
    "most least",
    "largest smallest",
    "biggest smallest",
    "oldest newest",
    "oldest youngest",
    "earliest latest",
    "best worst",
    "highest lowest",
    "north south",
    "east west",
    "northern southern",
    "eastern western",
    "modern ancient",
    "early late",
    "high low",
    "large small",
    "common rare",
    "major minor",
    "popular unpopular",
    "increase decrease",
    "increased decreased",
    "rise fall",
    "win lose",
    "won lost",
    "upper lower",
    "maximum minimum",
    "male female",
    "older younger",
    "elder younger",
    "higher lower",
    "weekday weekend",
    "inbound outbound",
    "incoming outgoing",
)
_OPPOSITE: dict[str, frozenset[str]] = {}
for _pair in _PAIRS:
    _one, _other = word_list(_pair)
    _OPPOSITE[_one] = _OPPOSITE.get(_one, frozenset()) | {_other}
    _OPPOSITE[_other] = _OPPOSITE.get(_other, frozenset()) | {_one}
# "won't" is no "won": contractions stay whole.
_WORD_RE = re.compile(r"[a-z]+(?:['’][a-z]+)?")


def _words(text: str) -> frozenset[str]:
    # "north-east" is "north" and "east".
    return frozenset(_WORD_RE.findall(text.lower()))


def opposite_word_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact uses a word whose opposite a source uses in its place."""
    if not sources:
        return None
    said = _words(fact.text)
    candidates = [word for word in said if word in _OPPOSITE]
    if not candidates:
        return None
    passages = [_words(source.plain) for source in sources]
    for word in candidates:
        if any(word in passage for passage in passages):
            continue
        for index, passage in enumerate(passages):
            if any(other in passage and other not in said for other in _OPPOSITE[word]):
                return Problem("contradicts_source", sources[index].plain, index)
    return None
