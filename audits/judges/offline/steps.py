"""Claims read against values a source sets in steps, each from a bound: "After 1 year
the premium is 100%. After 5 years it is 200%" gives 100% only until the next step, so
a customer whose own value has reached a later step is not given an earlier one's.

The check returns a :class:`~.values.Problem` or None, as the checks of :mod:`.support`
do, and is one of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kbaudit.text.quantities import Quantity

from .decompose import Fact
from .sources import PreparedSource, SourceSentence
from .values import Problem

if TYPE_CHECKING:
    from .support import QueryContext


# A step of a ladder: a lower bound and the value that holds from it, "After 5 years it
# is 200%", "over 10 kg: £12".
_STEP_BOUND_RE = re.compile(
    r"\b(?:after|over|more than|from|at least|once|beyond)\s+(?:the\s+)?$", re.IGNORECASE
)
# The first step, said with its top: "£15 per tyre for wheels up to 17 inches".
_FIRST_STEP_RE = re.compile(r"\b(?:up to|under|below|less than)\s+$", re.IGNORECASE)
_STEP_MEASURES = frozenset(("duration", "age", "amount", "number", "weight", "distance"))


def higher_step_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source sets values in steps, each from a bound ("After 1 year the premium is
    100%. After 5 years it is 200%"), and the customer's own value ("empty for six
    years") has reached a later step than the one whose value the fact gives."""
    hard = [own for own in fact.quantities if not own.soft and own.kind in ("amount", "percent")]
    if not hard or not query.told_quantities or fact.negated:
        return None
    for index, source in enumerate(sources):
        steps = _steps(source)
        if len(steps) < 2:
            continue
        stated = [given for _, given in source.located_quantities()]
        told = [
            value
            for value in query.told_quantities
            if not value.soft and not any(value.same_value(given) for given in stated)
        ]
        for sentence, bound, worth, top in steps:
            if not any(own.same_value(worth) for own in hard):
                continue
            measured = [own for own in told if own.comparable(bound)]
            if top and any(own.low > bound.high for own in measured):
                return Problem("condition_misapplied", sentence.text, index)
            later = [
                (step_bound, step_worth)
                for _, step_bound, step_worth, step_top in steps
                if not step_top and step_bound.comparable(bound) and step_bound.low > bound.high
            ]
            if any(
                own.low >= step_bound.low and not any(mine.same_value(step_worth) for mine in hard)
                for own in measured
                for step_bound, step_worth in later
            ):
                return Problem("condition_misapplied", sentence.text, index)
    return None


def _steps(source: PreparedSource) -> list[tuple[SourceSentence, Quantity, Quantity, bool]]:
    """Each bound a sentence opens a step with and the first value after it; and a first
    step said with its top, with the value before it (True for those)."""
    steps = []
    for sentence in source.sentences:
        quantities = sentence.quantities
        for position, bound in enumerate(quantities):
            if bound.soft or bound.kind not in _STEP_MEASURES:
                continue
            before = sentence.text[max(0, bound.start - 15) : bound.start]
            top = bool(_FIRST_STEP_RE.search(before))
            if not top and not _STEP_BOUND_RE.search(before):
                continue
            worths = (
                quantities[position - 1 :: -1] if top and position else quantities[position + 1 :]
            )
            worth = next((own for own in worths if own.kind in ("amount", "percent")), None)
            if worth is not None and not worth.comparable(bound):
                steps.append((sentence, bound, worth, top))
    return steps
