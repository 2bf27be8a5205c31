"""A reason the passage never gives: "... are often used as synonyms because they are
cheaper".

A fact that restates a passage's sentence and then adds why ("because", "since",
"due to") claims the reason as well. A reason clause none of whose words the passage
uses is the fact's own: the sentence before it may be the passage's, but the fact as a
whole is not. A reason the question gives ("is it popular because it is cheap?") is no
more the passage's for being echoed.

Likewise, in a chat about reference passages, a restriction ("it is only played in
Canada") where no passage restricts anything: the passage says where, not nowhere else.
A help centre's "you can only ..." usually restates its rule, and is left to the words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem, subject_stems

# The reason clause runs from its connective to the end of the sentence or the next
# clause break.
_REASON_RE = re.compile(
    r"\b(?:because(?: of)?|due to|owing to|thanks to|since(?= (?:it|they|he|she|the|its|their|there)\b))"
    r"\s+(?P<clause>[^;:.!?]+)",
    re.IGNORECASE,
)


def unsourced_reason_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact gives a reason whose words no source uses."""
    if fact.negated or fact.bare or not sources:
        return None
    match = _REASON_RE.search(fact.text)
    if match is None or not fact.text[: match.start()].strip(" ,"):
        return None  # a sentence that is nothing but a reason has its own words checked
    words = subject_stems(frozenset(content_stems(match.group("clause"))))
    if not words:
        return None
    if any(words & source.stems for source in sources):
        return None
    return Problem("not_in_sources", "", None)


_ONLY_RE = re.compile(r"\b(?:only|solely|exclusively)\b", re.IGNORECASE)
_RESTRICTION_RE = re.compile(
    r"\b(?:only|solely|exclusively|sole|alone|unique|except|but not|never)\b", re.IGNORECASE
)


def unsourced_only_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact restricts its claim ("it is only played in Canada") where no source
    restricts anything: the passage says where it is played, not that it is played
    nowhere else."""
    if fact.negated or not sources or not _ONLY_RE.search(fact.text):
        return None
    if re.search(r"\bnot only\b|\bonly (?:just|about|a few|one of)\b", fact.text, re.IGNORECASE):
        return None
    if any(_RESTRICTION_RE.search(source.plain) for source in sources):
        return None
    return Problem("not_in_sources", "", None)
