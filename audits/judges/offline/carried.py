"""A value carried over from the earlier turn to the case a follow-up moved to.

"How fast do you come out on Boiler Basic?" - "Within 48 hours." - "And on Home
Complete?" - "Within 48 hours as well.": the answer repeats the value the sources give
the case the customer left behind. Every source sentence stating the value says it of
that case ("within 48 hours on Boiler Basic and within 24 hours on Boiler Plus and Home
Complete"), none of the case now asked about, so the value is another case's (SPEC §3,
conversation context: the follow-up inherits the subject, not the answer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import content_stems

from ..base import Turn
from .decompose import Fact
from .sources import PreparedSource, SourceSentence
from .values import GLUE_STEMS, subject_stems


@dataclass(frozen=True)
class FollowUpCase:
    """The case a follow-up left behind, the one it asks about now, and the values the
    answer to the earlier question gave."""

    left: frozenset[str]
    asked: frozenset[str]
    earlier_values: tuple[Quantity, ...]


def follow_up_case(asked: str, replaced: str, history: Sequence[Turn]) -> FollowUpCase | None:
    """What a follow-up moved from and to, when it replaced a case of the previous
    question ("on Boiler Basic" by "on Home Complete"); None otherwise."""
    if not history or not replaced:
        return None
    previous = history[-1]
    asked_stems = frozenset(content_stems(asked))
    # Every word the follow-up adds counts for the new case, "Business" too, which the
    # value checks read as the unit of "business days".
    now = asked_stems - frozenset(content_stems(previous.query)) - GLUE_STEMS
    left = subject_stems(frozenset(content_stems(replaced))) - asked_stems
    values = tuple(extract_quantities(previous.response))
    if not now or not left or not values:
        return None
    return FollowUpCase(left, now, values)


def carried_passage(
    fact: Fact, sources: Sequence[PreparedSource], case: FollowUpCase
) -> tuple[int, SourceSentence] | None:
    """The source sentence that gives the fact's value to the case left behind, when the
    value is the earlier answer's and no source gives it to the case now asked about."""
    if fact.stems & case.left:
        return None  # the fact names the earlier case itself ("unlike Boiler Basic, ...")
    if not any(case.asked & source.stems for source in sources):
        return None  # the sources say nothing of the new case: nothing to read it against
    for quantity in fact.quantities:
        if quantity.soft or not any(quantity.same_value(own) for own in case.earlier_values):
            continue
        stating = [
            (index, sentence, own)
            for index, source in enumerate(sources)
            for sentence in source.sentences
            for own in sentence.quantities
            if quantity.same_value(own)
        ]
        if not stating:
            continue
        parts = [_value_part(sentence, own) for _, sentence, own in stating]
        if all(part & case.left and not part & case.asked for part in parts):
            index, sentence, _ = stating[0]
            return index, sentence
    return None


def _value_part(sentence: SourceSentence, quantity: Quantity) -> frozenset[str]:
    """The words a sentence says one of its values with: from the value before it of the
    same measure to the next one ("within 48 hours on Boiler Basic and within" of "...
    and within 24 hours on Boiler Plus and Home Complete")."""
    others = [
        own for own in sentence.quantities if own is not quantity and own.comparable(quantity)
    ]
    start = max((own.end for own in others if own.end <= quantity.start), default=0)
    end = min(
        (own.start for own in others if own.start >= quantity.end), default=len(sentence.text)
    )
    return frozenset(content_stems(sentence.text[start:end]))
