"""A name written in full where the passage writes the surname alone: "Elvis Presley
was born in Tupelo" of "Presley was born in Tupelo".

A chat about a passage's subject calls a person by the whole name; the passage, well
into an article, by the surname. A capitalised word written straight before a name
the passage writes alone (never after another capitalised word) is the same name said
in full, not a name the fact invents, so it is not a word the passage must carry.
"Royal Society" of "American Chemical Society" is another name: the passage writes
"Society" only after words of its own.

A word of direction or region before a place ("Southern California", "North Dakota",
"Upper Egypt") is no given name: it names part of the place, a narrower one than the
passage writes alone.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kbaudit.text.tokens import stem, word_list

from .decompose import Fact
from .sources import PreparedSource

_PAIR_RE = re.compile(r"\b([A-Z][a-z]{2,})\s+(?=([A-Z][a-z]{2,})\b)")
_CAPITALISED_BEFORE_RE = re.compile(r"\b[A-Z][\w'-]*\s*$")
# Words that name a part of a place when written before its name.
_REGION_WORDS = frozenset(
    stem(word)
    for word in word_list(
        "north south east west northern southern eastern western central upper lower "
        "inner outer greater northeast northwest southeast southwest"
    )
)


def named_in_full(fact: Fact, source: PreparedSource) -> Fact:
    """The fact without the given names it writes before a name the source uses alone."""
    if not fact.proper_nouns or not source.plain:
        return fact
    given = set()
    for match in _PAIR_RE.finditer(fact.text):
        first, last = match.group(1), match.group(2)
        first_stem, last_stem = stem(first.lower()), stem(last.lower())
        if first_stem in source.stems or last_stem not in source.stems:
            continue
        if first_stem in _REGION_WORDS:
            continue  # "Southern California" is a part of California, not a person
        if _written_alone(last, source.plain):
            given.add(first_stem)
    if not given:
        return fact
    return replace(fact, stems=fact.stems - given, proper_nouns=fact.proper_nouns - given)


def _written_alone(name: str, text: str) -> bool:
    alone = False
    for match in re.finditer(rf"\b{re.escape(name)}\b", text):
        if _CAPITALISED_BEFORE_RE.search(text[: match.start()]):
            return False
        alone = True
    return alone
