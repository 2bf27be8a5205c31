"""Which name a passage's compound modifier belongs to: "Oscar-nominated", "London-based".

A modifier written straight before a name ("the screenwriter of "The Namesake" and
Oscar-nominated "Salaam Bombay"", "our EU-hosted Business plan") describes that name
alone. A fact giving the modifier to another name the passage speaks of ("The Namesake
was an Oscar-nominated film") moved it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

# "Oscar-nominated", "tequila-based", "award-winning": a word joined to a participle.
_COMPOUND_RE = re.compile(r"\b[\w’']+-(?:[a-z]+(?:ed|ing|en)|based|born|made|run|owned|led)\b")
# What may stand between a modifier and the name it describes.
_BEFORE_NAME_RE = re.compile(
    r"\s*(?:the\s+|an?\s+)?[\"“']?(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)
_FIRST_VERB_RE = re.compile(r"\b(?:is|are|was|were|has|have|had)\b")
_NAME_RUN_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


def moved_modifier_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact gives its subject a compound modifier the passage writes only straight
    before other names."""
    if fact.negated or fact.bare:
        return None
    verb = _FIRST_VERB_RE.search(fact.text)
    if verb is None:
        return None
    subject = frozenset(
        token
        for match in _NAME_RUN_RE.finditer(fact.text[: verb.start()])
        for token in content_stems(match.group())
    )
    if not subject:
        return None
    for match in _COMPOUND_RE.finditer(fact.text, verb.end()):
        problem = _written_before_others(match.group(), subject, sources)
        if problem is not None:
            return problem
    return None


def _written_before_others(
    modifier: str, subject: frozenset[str], sources: Sequence[PreparedSource]
) -> Problem | None:
    pattern = re.compile(rf"\b{re.escape(modifier)}\b", re.IGNORECASE)
    found = None
    for index, source in enumerate(sources):
        if not subject <= source.stems:
            return None  # the passage does not speak of the fact's subject
        for sentence in source.sentences:
            for match in pattern.finditer(sentence.text):
                named = _BEFORE_NAME_RE.match(sentence.text, match.end())
                if named is None:
                    return None  # said of something the words after it name
                if frozenset(content_stems(named.group("name"))) & subject:
                    return None
                found = found or Problem("contradicts_source", sentence.text, index)
    return found
