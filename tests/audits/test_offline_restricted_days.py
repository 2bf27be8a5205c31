"""The offline judge on a value kept to days its source does not keep it to: "£4, but
only on weekdays" where the sentence giving £4 says "every day", or other days."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

PARKING = (
    "Car park charges. Blue Badge holders park for £2 every day. Season tickets are £30 a "
    "month from Monday to Friday. Overnight parking is not allowed."
)
GYM = "Off-peak membership. Off-peak members pay £19 a month and can train Monday to Friday."


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What do Blue Badge holders pay?",
            "With a Blue Badge you pay £2, but only from Monday to Friday.",
            PARKING,
        ),
        (
            "When can off-peak members train?",
            "Off-peak members pay £19 a month, but can only train Monday to Wednesday.",
            GYM,
        ),
    ],
)
def test_a_value_kept_to_other_days_contradicts_the_source(query, response, source):
    assert not grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "How much is a season ticket?",
            "A season ticket is £30 a month, but only from Monday to Friday.",
            PARKING,
        ),
        (
            "When can off-peak members train?",
            "Off-peak members pay £19 a month and can only train Monday to Friday.",
            GYM,
        ),
    ],
)
def test_a_value_kept_to_its_own_days_stays_supported(query, response, source):
    assert grounded(judge(query, response, source))
