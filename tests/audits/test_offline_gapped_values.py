"""The offline judge on a value in a part that leaves its verb to the part before ("Adult
tickets cost £12 and child tickets £6"): the verb is both parts', so it does not tell
one value's case from the other's."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

TICKETS = "Museum tickets. Adult tickets cost £12 and child tickets £6. Under 5s go free."
COVER = "Boiler cover. Parts are covered for 2 years, and labour for 1 year."
BIKES = "Bike hire. Bikes can be hired for £10 a day, with the first hour free for members."
BOATS = (
    "Boat hire. Kayaks, canoes and paddleboards can be hired for £20 an hour, with the first "
    "hour free for club members."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("How much is a child ticket?", "Child tickets cost £12.", TICKETS),
        ("How long is labour covered?", "Labour is covered for 2 years.", COVER),
    ],
)
def test_the_other_parts_value_is_not_this_parts(query, response, source):
    assert not grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("How much is a child ticket?", "Child tickets cost £6.", TICKETS),
        ("How much is an adult ticket?", "Adult tickets cost £12.", TICKETS),
        ("How long is labour covered?", "Labour is covered for 1 year.", COVER),
        (
            "Do members pay for bike hire?",
            "Members get the first hour free; after that it's £10 a day.",
            BIKES,
        ),
        (
            "We're club members. Do we pay for the first hour of canoe hire?",
            "No, club members get the first hour free; after that it's £20 an hour.",
            BOATS,
        ),
    ],
)
def test_each_parts_own_value_stays_supported(query, response, source):
    assert grounded(judge(query, response, source))
