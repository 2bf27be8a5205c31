"""Whom a sentence opening with a pronoun speaks of.

"Among the members are Ardent, Brightwell and Castell. It was founded in 1874." does
not say which of them was founded in 1874: a pronoun opening a sentence goes on about
the thing the sentence before is about, its subject, not about a name it lists
further on. A fact giving a listed name what only such a sentence says ("Brightwell
was founded in 1874") claims more than the passage does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .sources import PreparedSource, SourceSentence
from .values import Problem, subject_stems

# A sentence that goes on about the one before: "It was founded ...", "He was ...".
_PRONOUN_START_RE = re.compile(r"^\W*(?:he|she|it|they|his|her|its|their)\b", re.IGNORECASE)
_FIRST_VERB_RE = re.compile(r"\b(?:is|are|was|were|has|have|had|won|[a-z]{3,}ed)\b")
_NAME_RUN_RE = re.compile(r"\b[A-Z][\w'’–-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’–-]*)*")
# Share of the fact's predicate a sentence must say to be the one the fact rests on.
SAID_SHARE = 0.75


def unresolved_pronoun_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact's subject is a name the passage lists, and what the fact says of it only
    a pronoun sentence after the list says, that sentence going on about something else."""
    if fact.negated or fact.bare:
        return None
    verb = _FIRST_VERB_RE.search(fact.text)
    if verb is None:
        return None
    subject = _names(fact.text[: verb.start()])
    # The values it states are said of the subject too ("founded in 1874").
    numbers = frozenset(token for token in fact.stems if token[:1].isdigit())
    predicate = (subject_stems(fact.stems) | numbers) - subject
    if not subject or len(predicate) < 2:
        return None
    found = None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            if len(predicate & sentence.stems) < SAID_SHARE * len(predicate):
                continue
            if subject <= sentence.stems:
                return None  # a sentence naming it says so
            if not position or not _PRONOUN_START_RE.match(sentence.text):
                continue
            if _about_another(subject, source.sentences[position - 1]):
                found = found or Problem("not_in_sources", sentence.text, index)
            else:
                return None
    return found


def _about_another(subject: frozenset[str], sentence: SourceSentence) -> bool:
    """The sentence names the subject, but only after the name it opens with."""
    runs = [_names(match.group()) for match in _NAME_RUN_RE.finditer(sentence.text)]
    runs = [run for run in runs if run]
    if not runs or not subject <= sentence.stems:
        return False
    return not subject <= runs[0]


@lru_cache(maxsize=16384)
def _names(text: str) -> frozenset[str]:
    return frozenset(
        token for match in _NAME_RUN_RE.finditer(text) for token in content_stems(match.group())
    )


_SHE_RE = re.compile(r"\b(?:she|her|hers|herself)\b", re.IGNORECASE)
# Words a passage speaking of a woman uses.
_FEMALE_RE = re.compile(
    r"\b(?:she|her|hers|herself|wom[ae]n|female|girls?|daughters?|mothers?|wi(?:fe|ves)"
    r"|sisters?|queens?|actress(?:es)?|lady|ladies|princess(?:es)?|grandmothers?|aunts?"
    r"|nieces?|heroines?|duchess(?:es)?|empress(?:es)?|goddess(?:es)?|mrs|ms|miss)\b",
    re.IGNORECASE,
)


def unknown_woman_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact speaks of a woman ("she's one of the 1.5 million participants") where no
    source speaks of one: whoever she is, the passage says nothing of her.

    For reference passages only: a help centre's rule ("additional drivers must be
    21") covers whoever the customer names ("my wife"), and "she" there is the
    customer's case, not a stranger."""
    if fact.personal or not sources or not _SHE_RE.search(fact.text):
        return None
    if any(_FEMALE_RE.search(source.plain) for source in sources):
        return None
    return Problem("not_in_sources", "", None)
