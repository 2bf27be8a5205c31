"""A rule the source gives one kind of a thing, said of the kind its neighbouring
sentence gives another rule ("Monthly plans can be cancelled at any time. Annual plans
can be cancelled only after 14 days")."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

CANCELLING = (
    "Cancelling. Monthly plans can be cancelled at any time. Annual plans can be "
    "cancelled only after 14 days."
)
LOCKERS = (
    "Lockers and towels. Day lockers are free and need your own padlock. Permanent "
    "lockers cost £7 a month."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can I cancel my annual plan?",
            "Yes, annual plans can be cancelled at any time.",
            CANCELLING,
        ),
        (
            "Can I cancel my monthly plan?",
            "Monthly plans can be cancelled only after 14 days.",
            CANCELLING,
        ),
        (
            "Do I need a padlock for a permanent locker?",
            "Permanent lockers need your own padlock.",
            LOCKERS,
        ),
    ],
)
def test_the_neighbouring_kinds_rule_is_flagged(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can I cancel my annual plan?",
            "Annual plans can be cancelled only after 14 days.",
            CANCELLING,
        ),
        (
            "Can I cancel my monthly plan?",
            "Yes, monthly plans can be cancelled at any time.",
            CANCELLING,
        ),
        (
            "Do I need a padlock for a day locker?",
            "Yes, day lockers need your own padlock.",
            LOCKERS,
        ),
    ],
)
def test_each_kinds_own_rule_is_supported(query, response, source):
    result = judge(query, response, source)

    assert grounded(result), result.rationale
