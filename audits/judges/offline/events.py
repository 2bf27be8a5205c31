"""Which event a year or a name belongs to, read from the words of its own clause.

"The band formed in Nashville in 1999. Their debut album was released in 2003." gives
each year an event of its own: "the band formed in 2003" takes a year the passage
gives, and the event the passage gives another year. Names go with events the same
way ("born in York ... moved to Leeds", "nominated for the Golden Bear and won the
Silver Lion"; "the Team plan added SSO in 2021 and audit logs in 2023"). So each year
or name a fact gives after its verb is read with the fact's words around it (its
event): when no clause of the passage holding it says any of those words, while a
clause saying them holds another year or name, the fact moved it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kbaudit.text.tokens import STOPWORDS, content_stems

from .decompose import Fact
from .sources import PreparedSource, table_row
from .values import GLUE_STEMS, Problem

# Where one clause's event ends: a break followed by a verb or a pronoun ("..., and won
# the Silver Lion", "; she moved"), not by the next item of a list ("the Owls, the
# Lamps and the Bats", "Nashville, Tennessee; East Hampton") nor by what a bracket
# adds ("the Food and Drug Administration (FDA)").
_BREAK_RE = re.compile(
    r"[.!?]\s+"
    r"|(?:[,;:]\s*(?:and\s+|but\s+)?|\s+(?:and|but|while|whereas)\s+)"
    r"(?=(?:[a-z]+ed|was|were|is|are|has|had|have|won|became|later|then|also|it|he|she"
    r"|they|we|you|who|which|where|when|its|his|her|their)\b)"
)
# Share of the fact's event a clause must say more than to be the event the passage gives
# another year or name (a clause holding the fact's own says any of it).
OTHER_SHARE = 0.5
_NEXT_WORD_RE = re.compile(r"\s+([a-z][\w'’-]*)")
_YEAR_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")
# Capitalised words in a row, with the lower-case words names carry inside ("Kings of
# Leon", "Gin and tonic" is two).
NAME_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z][\w'’-]*)*")
_FIRST_VERB_RE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|won|became|(?-i:[a-z]{3,}ed)|(?-i:[a-z]{3,}s))\b"
)


@dataclass(frozen=True)
class Anchor:
    text: str  # as the fact writes it
    kind: str  # "year" or "name"
    stems: frozenset[str]
    start: int = 0  # where the fact's clause writes it
    end: int = 0
    # The word it is the object of: "in" of "born in Leeds", "won" of "won the Golden Bear".
    slot: str = ""


def moved_event_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """A year or a name the fact gives an event the passage gives another year or name,
    the passage's own clauses holding it saying nothing of that event."""
    if fact.negated or not sources or any(own.kind == "amount" for own in fact.quantities):
        return None  # a price is read with its own words by the checks on values
    # Read for its own verbs: a fact whose verb the decomposer does not list
    # ("formed") is not a bare answer.
    verb = _FIRST_VERB_RE.search(fact.text)
    if verb is None:
        # A short answer's event is the question's, whose words are spread over the
        # sentences a multi-step question joins: read so, it flagged right answers.
        return None
    subject = _name_stems(fact.text[: verb.start()])
    named = _name_stems(fact.text)
    for clause in _clauses(fact.text):
        for anchor in _anchors(clause, fact.text[verb.start() :]):
            event = _event(clause, anchor, subject)
            if event:
                problem = _moved(anchor, event, subject, sources, named)
                if problem is not None:
                    return problem
    return None


def _anchors(clause: str, predicate: str) -> list[Anchor]:
    """The years and names of a fact's clause written after its verb."""
    found = [
        Anchor(match.group(), "year", frozenset({match.group()}), match.start(), match.end())
        for match in _YEAR_RE.finditer(clause)
    ]
    for match in NAME_RE.finditer(clause):
        if match.start() == 0 or match.group() not in predicate:
            continue
        following = _NEXT_WORD_RE.match(clause, match.end())
        if following and following.group(1) not in STOPWORDS:
            continue  # a name used as a word describing a noun: "the English actor"
        stems = frozenset(content_stems(match.group()))
        if stems:
            slot = _slot(clause, match.start())
            found.append(Anchor(match.group(), "name", stems, match.start(), match.end(), slot))
    return found


def _event(clause: str, anchor: Anchor, subject: frozenset[str]) -> frozenset[str]:
    """The words linking the clause's subject to the year or name ("formed in", "is the
    co-founder of"), without names, years and glue."""
    verb = _FIRST_VERB_RE.search(clause)
    if verb is None:
        return frozenset()
    if verb.start() < anchor.start:
        linking = clause[verb.start() : anchor.start]
    else:
        linking = clause[anchor.end : verb.end()]  # "In 2003, the band formed"
    names = _name_stems(clause) | _named_kinds(clause)
    return frozenset(
        token
        for token in content_stems(linking)
        if token not in names
        and token not in subject
        and token not in anchor.stems
        and token not in GLUE_STEMS
        and not token[:1].isdigit()
    )


def _moved(
    anchor: Anchor,
    event: frozenset[str],
    subject: frozenset[str],
    sources: Sequence[PreparedSource],
    named: frozenset[str] = frozenset(),
) -> Problem | None:
    held = False
    other = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for clause, stems in _read_clauses(sentence.text):
                if _holds(anchor, clause, stems):
                    held = True
                    if stems & event:
                        return None  # a clause holding it says the event
                elif (
                    other is None
                    and len(stems & event) > OTHER_SHARE * len(event)
                    and not stems & anchor.stems
                    and _other_anchor(anchor, clause, subject, named)
                ):
                    other = Problem("contradicts_source", sentence.text, index)
    return other if held else None


def _holds(anchor: Anchor, clause: str, stems: frozenset[str]) -> bool:
    if anchor.kind == "year":
        return anchor.text in clause
    return anchor.stems <= stems


def _other_anchor(
    anchor: Anchor, clause: str, subject: frozenset[str], named: frozenset[str] = frozenset()
) -> bool:
    """The clause holds another year, or another name, than the fact's; a name the
    fact gives as well ("relocated to Lake Havasu City, Arizona" of "relocated to
    Arizona") is no other."""
    if anchor.kind == "year":
        return any(match.group() != anchor.text for match in _YEAR_RE.finditer(clause))
    # Another name in the same place: "born in York" against the fact's "born in Leeds",
    # not "formed ... by Tom Hale" against "formed in Cardiff".
    for match in NAME_RE.finditer(clause):
        stems = frozenset(content_stems(match.group()))
        if not match.start() or not stems or stems & anchor.stems or stems <= subject | named:
            continue
        if _slot(clause, match.start()) == anchor.slot:
            return True
    return False


_SLOT_RE = re.compile(r"([A-Za-z][\w'’-]*)\W*(?:(?:the|a|an|his|her|its|their)\W+)?$")


def _slot(text: str, start: int) -> str:
    """The word before a name, past its article: "in" of "in the Old Town"."""
    match = _SLOT_RE.search(text[max(0, start - 40) : start])
    return match.group(1).lower() if match else ""


@lru_cache(maxsize=16384)
def _read_clauses(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """A passage sentence's clauses with their words; none for a table's cell, whose
    event is in a header not read here."""
    if table_row(text) is not None:
        return ()
    return tuple((clause, frozenset(content_stems(clause))) for clause in _clauses(text))


@lru_cache(maxsize=16384)
def _clauses(text: str) -> tuple[str, ...]:
    return tuple(part for part in _BREAK_RE.split(text) if part and part.strip())


def _named_kinds(text: str) -> frozenset[str]:
    """The nouns names go with ("plan" of "the Team plan"): part of the name, not of
    what happened to it."""
    kinds = set()
    for match in NAME_RE.finditer(text):
        following = _NEXT_WORD_RE.match(text, match.end())
        word = following.group(1) if following else ""
        if word and word not in STOPWORDS and not _FIRST_VERB_RE.fullmatch(word):
            kinds.update(content_stems(word))
    return frozenset(kinds)


@lru_cache(maxsize=16384)
def _name_stems(text: str) -> frozenset[str]:
    return frozenset(
        token for match in NAME_RE.finditer(text) for token in content_stems(match.group())
    )
