"""Whose thing a passage speaks of: "Tom Brady has a plan for your life" is about the
reader's life, and "he has a plan for his life" about his own.

A possessive before a noun says who owns it. A fact that restates a passage's sentence
but gives the noun another owner ("his life" for "your life", "her brother" for "his
brother") says something else, though every word it uses is the passage's. Only a
change between one person and another counts: "their" stands in for "his" or "her"
when the person is left open, and "its" for "their" when a group is one thing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from kbaudit.text.tokens import content_stems, stem

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem, subject_stems

_POSSESSIVE_RE = re.compile(r"\b(my|our|your|his|her)\s+(?:own\s+)?([a-z][\w'-]*)", re.IGNORECASE)
# Whose each possessive says: the speaker or the listener, a man, a woman.
_OWNER = {"my": "speaker", "our": "speaker", "your": "listener", "his": "he", "her": "she"}
# Share of the fact's words the passage's sentence must hold to be the one it restates.
RESTATED_SHARE = 0.6


def changed_owner_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact gives a noun of the sentence it restates another owner than the
    sentence gives it."""
    owned = _owned(fact.text)
    if not owned:
        return None
    words = subject_stems(fact.stems)
    if len(words) < 2:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if len(words & sentence.stems) < RESTATED_SHARE * len(words):
                continue
            told = _owned(sentence.text)
            for noun, owners in owned.items():
                if noun in told and told[noun].isdisjoint(owners):
                    return Problem("contradicts_source", sentence.text, index)
    return None


# A passage's sentences are read again for every fact that names an owner.
@lru_cache(maxsize=8192)
def _owned(text: str) -> Mapping[str, frozenset[str]]:
    """Each noun written after a possessive, with the owners the text gives it."""
    owners: dict[str, set[str]] = {}
    for match in _POSSESSIVE_RE.finditer(text):
        noun = match.group(2).lower()
        if not content_stems(noun):
            continue  # "her to", "his own": no noun follows
        owners.setdefault(stem(noun), set()).add(_OWNER[match.group(1).lower()])
    return MappingProxyType({noun: frozenset(found) for noun, found in owners.items()})
