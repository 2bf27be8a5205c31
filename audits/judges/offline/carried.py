"""A value carried over from the earlier turn to the case a follow-up moved to.

"How fast do you come out on Boiler Basic?" - "Within 48 hours." - "And on Home
Complete?" - "Within 48 hours as well.": the answer repeats the value the sources give
the case the customer left behind. Every source sentence stating the value says it of
that case ("within 48 hours on Boiler Basic and within 24 hours on Boiler Plus and Home
Complete"), none of the case now asked about, so the value is another case's (SPEC §3,
conversation context: the follow-up inherits the subject, not the answer).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kbaudit.text.conditions import Condition, window_exceeded, window_met
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words

from ..base import Turn
from .decompose import Fact
from .sources import PreparedSource, SourceSentence
from .values import GLUE_STEMS, bound_fits, subject_stems


@dataclass(frozen=True)
class FollowUpCase:
    """The case a follow-up left behind, the one it asks about now, and the values the
    answer to the earlier question gave."""

    left: frozenset[str]
    asked: frozenset[str]
    earlier_values: tuple[Quantity, ...]
    # The customer's values in the case left behind and in the new one ("if the rent is
    # £30,000 a year", "and if it's £60,000?").
    left_values: tuple[Quantity, ...] = ()
    asked_values: tuple[Quantity, ...] = ()


def follow_up_case(asked: str, replaced: str, history: Sequence[Turn]) -> FollowUpCase | None:
    """What a follow-up moved from and to, when it replaced a case of the previous
    question ("on Boiler Basic" by "on Home Complete"); None otherwise."""
    if not history or not replaced:
        return None
    previous = history[-1]
    asked_stems = frozenset(content_stems(asked))
    # Every word the follow-up adds counts for the new case, "Business" too, which the
    # value checks read as the unit of "business days".
    now = frozenset(
        word
        for word in asked_stems - frozenset(content_stems(previous.query)) - GLUE_STEMS
        if not word[:1].isdigit()
    )
    left = subject_stems(frozenset(content_stems(replaced))) - asked_stems
    values = _told_values(previous.response)
    left_values, asked_values = _told_values(replaced), _told_values(asked)
    named = bool(now and left)
    if not values or not (named or (left_values and asked_values)):
        return None
    if not named:
        return FollowUpCase(frozenset(), frozenset(), values, left_values, asked_values)
    return FollowUpCase(left, now, values, left_values, asked_values)


def _told_values(text: str) -> tuple[Quantity, ...]:
    return tuple(q for q in extract_quantities(digits_for_number_words(text)) if not q.soft)


def carried_passage(
    fact: Fact, sources: Sequence[PreparedSource], case: FollowUpCase
) -> tuple[int, SourceSentence] | None:
    """The source sentence that gives the fact's value to the case left behind, when the
    value is the earlier answer's and no source gives it to the case now asked about."""
    if fact.stems & case.left:
        return None  # the fact names the earlier case itself ("unlike Boiler Basic, ...")
    if case.asked and not any(case.asked & source.stems for source in sources):
        return None  # the sources say nothing of the new case: nothing to read it against
    text = digits_for_number_words(fact.text)
    for quantity in fact.quantities:
        if quantity.soft or not any(quantity.same_value(own) for own in case.earlier_values):
            continue
        # "up to 6" is the top of "2 to 6", not a value inside "4 to 8".
        stating = [
            (index, sentence, own)
            for index, source in enumerate(sources)
            for sentence in source.sentences
            for own in sentence.quantities
            if quantity.same_value(own) and bound_fits(text, quantity, own)
        ]
        if not stating:
            continue
        parts = [_value_part(sentence, own) for _, sentence, own in stating]
        if all(_left_case_only(part, quantity, case) for part in parts):
            index, sentence, _ = stating[0]
            return index, sentence
    return None


def _left_case_only(part: str, quantity: Quantity, case: FollowUpCase) -> bool:
    """The part of a sentence giving the value says it of the case left behind, by its
    name or by a bound its value meets ("under £50,000" of "£30,000"), and not of the
    new case."""
    if case.left:
        words = frozenset(content_stems(part))
        return bool(words & case.left) and not words & case.asked
    bounds = tuple(own for own in extract_quantities(part) if not own.same_value(quantity))
    if not bounds:
        return False
    band = Condition(part, frozenset(), bounds, any_of=False)
    return window_met(band, case.left_values) and window_exceeded(band, case.asked_values)


def _value_part(sentence: SourceSentence, quantity: Quantity) -> str:
    """The words a sentence says one of its values with: from the value before it of the
    same measure to the next one ("within 48 hours on Boiler Basic and within" of "...
    and within 24 hours on Boiler Plus and Home Complete"). A bound of the value's case
    is part of it, not the next value ("£25 for prints valued under £200, and £40 ...")."""
    text = sentence.text
    others = [
        own
        for own in sentence.quantities
        if own is not quantity
        and (own.comparable(quantity) or own.kind == quantity.kind == "number")
        and not _is_bound(text, own)
    ]
    # "2 to 6 players": the two ends of one range are one value.
    partners = [own for own in others if _one_range(text, quantity, own)]
    others = [own for own in others if own not in partners]
    low = min([quantity.start, *(own.start for own in partners)])
    high = max([quantity.end, *(own.end for own in partners)])
    start = max((own.end for own in others if own.end <= low), default=0)
    end = min((own.start for own in others if own.start >= high), default=len(text))
    if others and end < len(text):
        # "The Vault takes 2 to 6 players and The Asylum takes 4 to 8": the next value's
        # case starts at the clause break before it.
        # The break nearest that value: in "£250 applies to full and 5-day memberships;
        # there is no joining fee for ...", "and" joins two of the £250's cases.
        joiners = list(_VALUE_CLAUSE_BREAK_RE.finditer(text, high, end))
        end = joiners[-1].start() if joiners else end
    if start:
        # ... and its own case starts after the break that ends the value before it.
        breaks = list(_VALUE_CLAUSE_BREAK_RE.finditer(text, start, low))
        start = breaks[-1].end() if breaks else start
    return text[start:end]


_RANGE_JOINER_RE = re.compile(r"\s*(?:to|-|–|and)\s*", re.IGNORECASE)
_VALUE_CLAUSE_BREAK_RE = re.compile(r";\s+|,\s+|\s+(?:and|but|or|while|whereas)\s+", re.IGNORECASE)


def _one_range(text: str, first: Quantity, second: Quantity) -> bool:
    left, right = (first, second) if first.start < second.start else (second, first)
    return bool(_RANGE_JOINER_RE.fullmatch(text[left.end : right.start]))


_BOUND_BEFORE_RE = re.compile(
    r"\b(?:under|over|below|above|at least|at most|more than|less than|up to)\s*$", re.I
)
_BOUND_AFTER_RE = re.compile(r"^\s*(?:or (?:more|less|over|under|above|below|fewer))\b", re.I)


def _is_bound(text: str, quantity: Quantity) -> bool:
    return bool(
        _BOUND_BEFORE_RE.search(text[max(0, quantity.start - 15) : quantity.start])
        or _BOUND_AFTER_RE.match(text[quantity.end :])
    )
