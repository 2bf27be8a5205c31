"""A rule a source keeps to a window the customer says they are past.

"You can cancel within 14 days of accepting for a full refund" holds for a customer who
writes "it's been three weeks since I accepted" no more than "if you cancel within 14
days" would: a fact giving them the full refund applies the rule outside its window.
A window said with "within" alone is not read as a condition of the sentence (it is
the usual way to state a time limit, not a case), so it is looked at here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kbaudit.text.conditions import Condition, window_exceeded
from kbaudit.text.quantities import Quantity

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem, subject_stems

if TYPE_CHECKING:
    from .support import QueryContext

# "within 14 days of accepting", "within the first 30 days".
_WITHIN_RE = re.compile(r"\bwithin (?:the first |your first )?$", re.IGNORECASE)
# A fact that speaks of the time after the window, or of the window itself.
_PAST_WINDOW_RE = re.compile(
    r"\b(?:after|beyond|outside|past|later than|more than|over|once|thereafter|no longer"
    r"|within|only if|unless)\b",
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
    told = [
        value
        for value in query.told_quantities
        if value.kind == "duration" and not any(value.same_value(own) for own in stated)
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


def _windows(text: str, quantities: Sequence[Quantity]) -> list[Condition]:
    """Each "within" window of a sentence, as a condition of its length alone."""
    return [
        Condition(text[: own.end], frozenset(), (own,), any_of=False)
        for own in quantities
        if own.kind == "duration" and _WITHIN_RE.search(text[: own.start])
    ]
