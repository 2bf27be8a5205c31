"""The offline judge on values crossed between two clauses of one fact, each value
stated by the sources for the other clause's subject."""

from __future__ import annotations

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

CANCELLING = (
    "Cancelling a class. You can cancel a class booking in the app up to 12 hours before "
    "the class starts."
)
SWAPPING = (
    "Swapping a class. You can swap your class for another one at reception up to 1 hour "
    "before the doors close."
)
QUESTION = "When can I cancel a class, and when can I swap it?"


def test_it_flags_values_crossed_between_two_clauses_from_two_sources():
    # Each value moves with the words around it in its source ("before the doors
    # close"), so each looks at home read one value at a time.
    result = judge(
        QUESTION,
        "You can cancel a class booking in the app up to 1 hour before the doors close, and "
        "swap it at reception up to 12 hours before the class starts.",
        CANCELLING,
        SWAPPING,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_it_passes_each_clause_with_its_own_value():
    result = judge(
        QUESTION,
        "You can cancel a class booking in the app up to 12 hours before the class starts, "
        "and swap it at reception up to 1 hour before the doors close.",
        CANCELLING,
        SWAPPING,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"
