"""A rule a source keeps to a window the customer says they are past.

"You can cancel within 14 days of accepting for a full refund" holds for a customer who
writes "it's been three weeks since I accepted" no more than "if you cancel within 14
days" would: a fact giving them the full refund applies the rule outside its window.
A window said with "within" alone is not read as a condition of the sentence (it is
the usual way to state a time limit, not a case), so it is looked at here.

The other way round, a rule the source says stops in a case ("If your home is
unoccupied for more than 60 days, cover ... stops") does not hold for a customer who
says they are in it ("empty for three months").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kbaudit.text.conditions import Condition, window_exceeded, window_met
from kbaudit.text.quantities import Quantity
from kbaudit.text.tokens import content_stems, digits_for_number_words, normalise

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem, subject_stems

if TYPE_CHECKING:
    from .support import QueryContext

# "within 14 days of accepting", "within the first 30 days".
_WITHIN_RE = re.compile(r"\bwithin (?:the first |your first )?$", re.IGNORECASE)
# A fact that speaks of the time after the window, or of the window itself ("The
# 48-hour limit is for broken bottles" names the limit, it does not say it is met).
_PAST_WINDOW_RE = re.compile(
    r"\b(?:after|beyond|outside|past|later than|more than|over|once|thereafter|no longer"
    r"|within|only if|unless|limit|limits|deadline|deadlines|cut-off|cutoff|time frame)\b",
    re.IGNORECASE,
)
# Share of the fact's words the sentence holding the window must say.
WINDOW_RULE_SHARE = 0.6


def window_passed_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact affirms what a source allows "within" a length of time, for a customer
    who tells a longer one."""
    # A length the source states is the customer quoting it ("the 3-year warranty"), not
    # the time they say has passed.
    stated = [own for source in sources for _, own in source.located_quantities()]
    # Only a length said as time gone by ("three weeks ago", "it's been a month since")
    # is how long ago it was: "I'm hiring it for three weeks" is how long it lasts.
    said = digits_for_number_words(normalise(query.text))
    told = [
        value
        for value in query.told_quantities
        if value.kind == "duration"
        and not any(value.same_value(own) for own in stated)
        and _gone_by(said, value)
    ]
    words = subject_stems(fact.stems)
    if not told or len(words) < 2 or fact.negated or _PAST_WINDOW_RE.search(fact.text):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if sentence.negated or len(words & sentence.stems) < WINDOW_RULE_SHARE * len(words):
                continue
            for window in _windows(sentence.text, sentence.quantities):
                if window_exceeded(window, told):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


_AGO_AFTER_RE = re.compile(r"^\s*(?:ago|since|later|after)\b", re.IGNORECASE)
_GONE_BEFORE_RE = re.compile(
    r"\b(?:been|had (?:it|them)|for the (?:past|last)|already|over)\s+(?:about\s+|nearly\s+)?$",
    re.IGNORECASE,
)


def _gone_by(text: str, value: Quantity) -> bool:
    """The customer says the length as time that has passed."""
    return bool(
        _AGO_AFTER_RE.match(text[value.end : value.end + 12])
        or _GONE_BEFORE_RE.search(text[max(0, value.start - 30) : value.start])
    )


def value_bound(text: str, value: Quantity) -> Condition:
    """A value of a text as a condition of that value alone, read with the words before
    it ("within 14 days", "up to 30 days after delivery")."""
    return Condition(text[: value.end], frozenset(), (value,), any_of=False)


def _windows(text: str, quantities: Sequence[Quantity]) -> list[Condition]:
    """Each "within" window of a sentence, as a condition of its length alone."""
    return [
        value_bound(text, own)
        for own in quantities
        if own.kind == "duration" and _WITHIN_RE.search(text[: own.start])
    ]


# What stops a rule from holding: "cover ... stops until someone lives there again".
_STOPS_RE = re.compile(
    r"\b(?:stops?|ends?|ceases?|lapses?|is suspended|are suspended|no longer applies"
    r"|no longer apply|is void|becomes void)\b",
    re.IGNORECASE,
)
# The case a sentence opens with: "If your home is unoccupied for more than 60 days, ".
_OPENING_CASE_RE = re.compile(r"^(?:if|when|once)\b[^,;]*,\s*", re.IGNORECASE)


def stopped_in_case_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact affirms what a source says stops in a case the customer says they are in
    ("empty for three months" against "If your home is unoccupied for more than 60
    days, cover for escape of water stops")."""
    told = [value for value in query.told_quantities if not value.soft]
    words = subject_stems(fact.stems)
    if not told or len(words) < 2 or fact.negated or _STOPS_RE.search(fact.text):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            opening = _OPENING_CASE_RE.match(sentence.text)
            if opening is None or not _STOPS_RE.search(sentence.text[opening.end() :]):
                continue
            stopped = frozenset(content_stems(sentence.text[opening.end() :]))
            if len(words & stopped) < max(2, WINDOW_RULE_SHARE * len(words)):
                continue
            case = next(
                (
                    one
                    for one in sentence.conditions
                    if one.quantities and one.text in opening.group()
                ),
                None,
            )
            if case is not None and window_met(case, told):
                return Problem("condition_misapplied", sentence.text, index)
    return None
