"""Which event a short answer's name belongs to, read from the question's verb.

"In which city was Pablo Picasso born?" answered "Mougins" over "... a painter born in
Málaga ... He died in Mougins": the answer is a name the passage gives, for another
event than the one the question asks of. The question's verb (born, moved, premiered,
acquired) and the preposition it asks with ("in which city", "from which country") are
the short answer's event and slot; a clause holding the answer that says the verb
answers it, and when none does, while a clause saying the verb puts another name in
that slot, the answer took a name from another event.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import STOPWORDS, content_stems

from .decompose import Fact
from .events import NAME_RE, Anchor, _holds, _other_anchor, _read_clauses
from .sources import PreparedSource
from .values import Problem

# "in which city", "from what country", "to which club": the slot the answer fills.
_ASKED_SLOT_RE = re.compile(r"\b(?P<slot>in|to|from|at|on|into)\s+(?:which|what)\b", re.IGNORECASE)
# The question's verb: "was Picasso born", "did the opera premiere", "moved to which".
_PASSIVE_RE = re.compile(r"\b(?:was|were)\b[^?]*?\b(?P<verb>born|died|held|[a-z]{3,}ed)\b")
_DID_RE = re.compile(r"\b(?:did|does|do)\b(?P<rest>[^?]*)")
_ACTIVE_RE = re.compile(r"\b(?P<verb>[a-z]{3,}ed)\s+(?:in|to|from|at|on|into)\s+(?:which|what)\b")
_WORD_RE = re.compile(r"[\w'’-]+")
_ARTICLE_RE = re.compile(r"^\W*(?:the|a|an)\s+", re.IGNORECASE)


def asked_event_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A short answer naming a place or thing the passage gives only for another event
    than the question's verb, while the clause saying that verb names another."""
    if fact.negated or not fact.bare or not sources:
        return None
    answer = _ARTICLE_RE.sub("", fact.text.strip(' .!"“”'))
    name = NAME_RE.match(answer)
    if name is None or name.end() < len(answer.split(",")[0]):
        return None
    slot = _ASKED_SLOT_RE.search(question)
    verb = _verb(question)
    if slot is None or verb is None:
        return None
    event = frozenset(content_stems(verb))
    stems = frozenset(content_stems(name.group()))
    if not event or not stems:
        return None
    subject = (
        frozenset(
            token for match in NAME_RE.finditer(question) for token in content_stems(match.group())
        )
        - stems
    )
    anchor = Anchor(name.group(), "name", stems, slot=slot.group("slot").lower())
    holding: list[frozenset[str]] = []
    others: list[tuple[Problem, frozenset[str]]] = []
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for clause, words in _read_clauses(sentence.text):
                if _holds(anchor, clause, words):
                    if words & event:
                        return None  # a clause holding it says the event
                    holding.append(_names(clause) - stems - subject)
                elif words & event and _other_anchor(anchor, clause, subject, subject):
                    problem = Problem("contradicts_source", sentence.text, index)
                    others.append((problem, _names(clause) - subject))
    for problem, linked in others:
        # "recorded ... in New Paltz" and "New Paltz is a village in Ulster County": the
        # answer's clause goes on about a name the event's clause gives, as a question
        # joining two sentences asks.
        if holding and not any(names & linked for names in holding):
            return problem
    return None


def _names(text: str) -> frozenset[str]:
    return frozenset(
        token for match in NAME_RE.finditer(text) for token in content_stems(match.group())
    )


def _verb(question: str) -> str | None:
    for pattern in (_ACTIVE_RE, _PASSIVE_RE):
        found = pattern.search(question)
        if found is not None:
            return found.group("verb")
    did = _DID_RE.search(question)
    if did is None:
        return None
    # "did the United States acquire Louisiana": the first lower-case word past the subject.
    for word in _WORD_RE.findall(did.group("rest")):
        if word[0].islower() and word.lower() not in STOPWORDS:
            return word
    return None
