"""Whose year a fact gives: read from the names the passage's sentences speak of.

"The Hobbit ... was published on 21 September 1937. Its sequel, The Lord of the Rings,
was published in 1954 and 1955." gives each book a year of its own. "The Hobbit was
first published in 1954" takes a year the passage gives another book, for the event
it dates The Hobbit's with another year. A fact saying it of "it" speaks of what the
question names ("The Ivy League university in New Haven was founded in what year?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .sources import PreparedSource, SourceSentence
from .values import Problem

_YEAR_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")
_NAME_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*)*")
# A fact speaking of what the question names without naming it.
_PRONOUN_SUBJECT_RE = re.compile(r"^\W*(?:it|he|she|they)\b", re.IGNORECASE)
_QUESTION_WORDS = frozenset(content_stems("What Which Who When Where In The year"))
# Share of the fact's event words the sentence dating its subject says.
EVENT_SHARE = 0.5


def other_subject_year_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """The fact gives its subject a year the passage gives only in sentences about other
    names, while a sentence about the subject dates the fact's event with another."""
    if fact.negated or not sources:
        return None
    years = _YEAR_RE.findall(fact.text)
    if len(years) != 1:
        return None
    subject = _names(fact.text)
    if not subject and _PRONOUN_SUBJECT_RE.match(fact.text):
        subject = _names(question) - _QUESTION_WORDS
    if not subject:
        return None
    event = frozenset(content_stems(_YEAR_RE.sub(" ", fact.text))) - subject
    if not event:
        return None
    holding: list[tuple[int, SourceSentence]] = []
    dating: list[tuple[int, SourceSentence]] = []
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            own = set(_YEAR_RE.findall(sentence.text))
            about = bool(subject & sentence.item_stems)
            if years[0] in own:
                if about:
                    return None  # the passage gives the subject that year
                holding.append((index, sentence))
            elif about and own and len(event & sentence.stems) >= EVENT_SHARE * len(event):
                dating.append((index, sentence))
    if holding and dating:
        index, sentence = dating[0]
        return Problem("contradicts_source", sentence.text, index)
    return None


def _names(text: str) -> frozenset[str]:
    return frozenset(
        stem for match in _NAME_RE.finditer(text) for stem in content_stems(match.group())
    )
