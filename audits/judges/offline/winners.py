"""Who won and who was beaten: "Spain won the tournament, beating the Netherlands".

In "A beat B", "A defeated B", "A won ..., beating B" or "a win over B", B is the side
beaten and A the one that beat it. Asked who won ("Which country won the 2010 World
Cup?", "The team that won the first World Cup comes from which country?"), an answer
naming only a side the passage says was beaten names the loser; asked whom the winner
beat ("Which team did the first Super Bowl winners beat?"), an answer naming only the
side that beat the other names the winner.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .questions import asked_words
from .roles import name_stems
from .sources import PreparedSource
from .values import Problem

_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’.-]*)*"
# "beat Argentina", "defeated the Kansas City Chiefs", "beating the Netherlands",
# "a win over the New York Jets", "victory over Spain".
_BEATEN_RE = re.compile(
    r"\b(?:beat|beats|beating|defeat|defeated|defeats|defeating|overcame|overcoming"
    r"|(?:win|wins|victory)\s+over)\s+(?:the\s+)?(?P<beaten>" + _NAME + ")"
)
# The verbs that say one side beat the other, before the beaten side's name.
_BEAT_VERB_RE = re.compile(
    r"\b(?:beat|beats|beating|defeated|defeats|defeating|overcame|overcoming)\s+(?:the\s+)?" + _NAME
)
_NAME_RUN_RE = re.compile(_NAME)
# "Which country won ...", "Who won ...", "the team that won ...", "the winner of".
_ASKS_WINNER_RE = re.compile(
    r"\b(?:who|(?:which|what)\s+\w+|that|which)\s+(?:won|wins|win)\b|\bwinners?\s+of\b",
    re.IGNORECASE,
)
# "Which team did the first Super Bowl winners beat?", "Who lost the final?".
_ASKS_BEATEN_RE = re.compile(
    r"\b(?:who|whom|(?:which|what)\s+\w+)\s+(?:did|does|do)\b[^?]*\b(?:beat|defeat)\b"
    r"|\b(?:who|(?:which|what)\s+\w+)\s+(?:lost|loses|lose)\b",
    re.IGNORECASE,
)


def beaten_side_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """The fact names, for the side that won, only one the passage says was beaten, or
    for the side beaten, only the one that beat it."""
    if fact.negated or not sources:
        return None
    asks_beaten = bool(_ASKS_BEATEN_RE.search(question))
    if not asks_beaten and not _ASKS_WINNER_RE.search(question):
        return None
    asked = asked_words(question)
    names = name_stems(fact.text) - asked
    if not names:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            beaten, beating = _sides(sentence.text)
            wrong, right = (beating, beaten) if asks_beaten else (beaten, beating)
            if any(names <= side for side in wrong) and not any(names & side for side in right):
                return Problem("contradicts_source", sentence.text, index)
    return None


def _sides(text: str) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The sides the sentence says were beaten, and those it says beat them: the name
    nearest before the verb ("Uruguay, who beat Argentina", "Spain won the tournament,
    beating the Netherlands")."""
    beaten = [
        frozenset(content_stems(match.group("beaten"))) for match in _BEATEN_RE.finditer(text)
    ]
    beating = []
    for match in _BEAT_VERB_RE.finditer(text):
        before = list(_NAME_RUN_RE.finditer(text[: match.start()]))
        if before:
            beating.append(frozenset(content_stems(before[-1].group())))
    return beaten, beating
