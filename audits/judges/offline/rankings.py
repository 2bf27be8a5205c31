"""Where a passage ranks a thing: first, second, or behind another.

"Target is the second-largest retailer, behind Walmart" ranks two things: an answer
naming Walmart as the second-largest, or calling Target the largest, takes a name or
a superlative from the sentence and gives it the rank the sentence gives the other.
Help centres rank too ("Team is our second most popular plan, behind Business"), and
answers rank values a table or a sentence gives side by side: "the cheapest, at 0.45%"
is wrong beside another row's 0.25% in the same column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.quantities import Quantity, rate_unit

from .decompose import Fact
from .roles import name_stems
from .sources import PreparedSource, SourceSentence
from .tables import cell_of
from .values import Problem

# Words after which a name is the thing another is ranked against.
_RANKED_AGAINST_RE = re.compile(
    r"\b(?:behind|than|ahead of|compared (?:with|to)|second to|trailing|after only)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# A question choosing or comparing itself reads the comparison as its answer.
_COMPARING_QUESTION_RE = re.compile(
    r"\b(?:or|between|which one|which of|than|behind|ahead|compared|versus|vs)\b",
    re.IGNORECASE,
)
# "the largest", "the most popular": a superlative said of a thing.
_SUPERLATIVE_RE = re.compile(
    r"\b(?:the|its|our|their)\s+(?P<word>(?:most|least)\s+[a-z]+|[a-z]{3,}est)\b", re.IGNORECASE
)
# A rank below the top ("the 2nd largest", "the second most popular", "one of the largest").
_BELOW_TOP = r"(?:second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))[\s-]+"
_ONE_OF_RE = re.compile(r"\bone of\s+$", re.IGNORECASE)


def ranked_against_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A short answer naming what the passage ranks another thing against ("Walmart" for
    the second-largest, where "Target is the second-largest ..., behind Walmart")."""
    if not fact.bare or fact.negated or _COMPARING_QUESTION_RE.search(question):
        return None
    name = fact.text.strip(" .!?\"'“”")
    if len(name) < 2:
        return None
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for start in _occurrences(name.lower(), sentence.text.lower()):
                if not _RANKED_AGAINST_RE.search(sentence.text[max(0, start - 40) : start]):
                    return None  # the passage speaks of it in its own right
                found = found or Problem("contradicts_source", sentence.text, index)
    return found


def _occurrences(name: str, text: str) -> list[int]:
    """Where the name starts in the text, as whole words (both already lower case)."""
    found, start = [], text.find(name)
    while start >= 0:
        end = start + len(name)
        if (not start or not text[start - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum()
        ):
            found.append(start)
        start = text.find(name, start + 1)
    return found


def superlative_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact calls a thing "the largest" where every sentence naming it that uses the
    word ranks it below the top ("making it the 2nd largest", "one of the largest")."""
    if fact.negated or fact.bare:
        return None
    for match in _SUPERLATIVE_RE.finditer(fact.text):
        before = fact.text[: match.start()]
        if _ONE_OF_RE.search(before) or re.search(rf"{_BELOW_TOP}$", before, re.IGNORECASE):
            continue
        # Without a name ("he is the most significant ..."), every sentence using the
        # superlative is about the fact's subject as far as the passage tells.
        subject = name_stems(before)
        problem = _ranked_lower(subject, match.group("word"), sources)
        if problem is not None:
            return problem
    return None


def _ranked_lower(
    subject: frozenset[str], word: str, sources: Sequence[PreparedSource]
) -> Problem | None:
    spelled = r"[\s-]+".join(re.escape(part) for part in word.split())
    top = re.compile(rf"\b(?:the|its|our|their)\s+{spelled}\b", re.IGNORECASE)
    lower = re.compile(rf"\b(?:{_BELOW_TOP}{spelled}|one of the\s+{spelled})\b", re.IGNORECASE)
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not subject <= sentence.stems:
                continue
            if any(
                not _ONE_OF_RE.search(sentence.text[: m.start()])
                for m in top.finditer(sentence.text)
            ):
                return None  # a sentence naming it puts it at the top
            if lower.search(sentence.text):
                found = found or Problem("contradicts_source", sentence.text, index)
    return found


# "the cheapest", "the lowest fee", "the most expensive": a value said to be the least or
# the most of its kind.
_LEAST_RE = re.compile(
    r"\b(?:cheapest|lowest|smallest|least expensive)\b(?!\s+(?:one|of)\b)", re.IGNORECASE
)
_MOST_RE = re.compile(
    r"\b(?:dearest|priciest|highest|biggest|largest|most expensive)\b(?!\s+(?:one|of)\b)",
    re.IGNORECASE,
)


def extreme_value_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact calls its value the lowest (or the highest) where the table column or
    the sentence giving it gives a lower (or a higher) one of the same measure for
    another case: "the Ethical Fund is the cheapest, at 0.45%" beside a fund at 0.25%."""
    if fact.negated:
        return None
    least, most = _LEAST_RE.search(fact.text), _MOST_RE.search(fact.text)
    if bool(least) == bool(most):
        return None
    values = [own for own in fact.quantities if not own.soft]
    if len(values) != 1:
        return None
    (value,) = values
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            stated = [own for own in sentence.quantities if value.same_value(own)]
            if not stated:
                continue
            rate = rate_unit(sentence.text, stated[0])
            in_table = cell_of(sentence.text) is not None
            rivals = [
                other
                for other in _same_measure(source, sentence)
                if value.comparable(other)
                and not other.soft
                # "£5 a month or £50 a year" prices one thing over two periods.
                and (in_table or rate_unit(sentence.text, other) == rate)
            ]
            beaten = [
                other
                for other in rivals
                if (other.high < value.low if least else other.low > value.high)
            ]
            if beaten:
                return Problem("contradicts_source", sentence.text, index)
    return None


def _same_measure(source: PreparedSource, sentence: SourceSentence) -> list[Quantity]:
    """The values beside a sentence's own that measure the same thing: the other cells
    of its table column, else the sentence's other values."""
    cell = cell_of(sentence.text)
    if cell is None:
        return list(sentence.quantities)
    return [
        own
        for other in source.sentences
        if (found := cell_of(other.text)) is not None and found.column == cell.column
        for own in other.quantities
    ]
