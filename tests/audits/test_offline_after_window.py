"""A value a source keeps for after a window ("Cancelling within the 14-day cooling-off
period costs nothing; after that our fee is £50") is not the value inside it."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded, offline_grade

DOMAIN = "Customer help for Coverwise, a car insurance broker: fees and cancelling."
FEES = (
    "Our fees",
    "Our fees. Cancelling within the 14-day cooling-off period costs nothing beyond the "
    "insurer's charge; after that our cancellation fee is £50.",
)
CHANGES = (
    "Changing a booking",
    "Changing a booking. Changes up to 2 hours before departure are free, but after that "
    "each change costs £30.",
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What does it cost to cancel in the first week?",
            "Cancelling within the 14-day cooling-off period carries our £50 cancellation fee.",
            FEES,
        ),
        (
            "Can I change my booking an hour before?",
            "Changes up to 2 hours before departure cost £30 each.",
            CHANGES,
        ),
    ],
)
def test_the_value_for_after_the_window_given_inside_it_is_flagged(query, response, source):
    result = offline_grade(query, response, DOMAIN, source)
    assert not fully_grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What does it cost to cancel after a month?",
            "After the 14-day cooling-off period our cancellation fee is £50.",
            FEES,
        ),
        (
            "What does a late change cost?",
            "Changes are free up to 2 hours before departure; after that each change costs £30.",
            CHANGES,
        ),
    ],
)
def test_the_value_for_after_the_window_said_so_is_supported(query, response, source):
    assert fully_grounded(offline_grade(query, response, DOMAIN, source))
