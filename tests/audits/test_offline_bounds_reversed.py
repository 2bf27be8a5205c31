"""The offline judge on a bound turned the other way: "more than 5 miles" of "within 5
miles", "for at least 30 days" of "for up to 30 days" (how long a thing lasts, unlike a
notice that is a case of its own)."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

COLLECTION = (
    "Bulky waste. We collect bulky waste from homes within 5 miles of the depot. "
    "Each collection costs £25."
)
LOST_PROPERTY = (
    "Lost property. If you can't collect it straight away, we hold lost property for up to "
    "30 days. After that it is given to charity."
)
LESSONS = "Cancelling a lesson. Give at least 24 hours' notice to cancel a lesson free of charge."


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "How far do you collect?",
            "We collect bulky waste from homes more than 5 miles from the depot.",
            COLLECTION,
        ),
        (
            "How long do you keep lost property?",
            "We hold lost property for at least 30 days after it's handed in.",
            LOST_PROPERTY,
        ),
    ],
)
def test_a_bound_turned_the_other_way_contradicts_the_source(query, response, source):
    assert not grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "How far do you collect?",
            "We collect bulky waste from homes up to 5 miles from the depot.",
            COLLECTION,
        ),
        (
            "How long do you keep lost property?",
            "We hold lost property for up to 30 days.",
            LOST_PROPERTY,
        ),
        (
            "Can I cancel a lesson for free?",
            "Yes, as long as you give at least 24 hours' notice.",
            LESSONS,
        ),
    ],
)
def test_the_same_bound_said_otherwise_stays_supported(query, response, source):
    assert grounded(judge(query, response, source))
