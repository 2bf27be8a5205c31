"""Which way round a passage compares two things: "Ganymede ... is about 8% larger than
the planet Mercury".

A fact turning the comparison round ("Mercury is larger than Ganymede") uses the
passage's own words and names, and says the opposite of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

# "A is larger than B", "A was more popular than B": the comparative and its "than".
_COMPARED_RE = re.compile(
    r"\b(?P<word>[a-z]{3,}er|more\s+[a-z]+|less\s+[a-z]+)\s+than\s+(?P<rest>.+)$", re.IGNORECASE
)
_NAME_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
# Comparatives that are no comparison of the two: "no later than", "other than".
_NOT_COMPARED = frozenset({"other", "rather", "never", "after", "under", "over", "ever"})


def reversed_comparison_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact compares two names the way round the passage does not: it puts first
    the one the passage's sentence puts after "than", with the same comparative."""
    if fact.negated:
        return None
    own = _comparison(fact.text)
    if own is None:
        return None
    word, first, second = own
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            found = _comparison(sentence.text, named=(first, second))
            if found is None:
                continue
            theirs, before, after = found
            if theirs == word and before == second and after == first:
                return Problem("contradicts_source", sentence.text, index)
    return None


def _comparison(text: str, named: tuple[frozenset[str], ...] = ()):
    """The comparative's stems, the name before it and the name after "than"; with
    ``named``, the names read are those only (a passage sentence may name them among
    others, "Ganymede has a diameter of 5,268 km, about 8% larger than the planet
    Mercury")."""
    match = _COMPARED_RE.search(text)
    if match is None or match.group("word").split()[0].lower() in _NOT_COMPARED:
        return None
    word = tuple(content_stems(match.group("word")))
    before = _names(text[: match.start()])
    after = _names(match.group("rest"))
    if named:
        before = [name for name in before if name in named]
        after = [name for name in after if name in named]
        # A sentence about its subject may leave it unnamed before the comparative only
        # when it opened with it; read the last one named before and the first after.
    if not before or not after:
        return None
    return word, before[-1] if named else before[0], after[0]


def _names(text: str) -> list[frozenset[str]]:
    found = []
    for match in _NAME_RE.finditer(text):
        stems = frozenset(content_stems(match.group()))
        if stems:
            found.append(stems)
    return found
