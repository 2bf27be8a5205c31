"""The offline judge on people named by an age bound: "toddlers under two" are who the
bound "under 2" names, written as a number or in words."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

POOL = (
    "Swimming prices. Age | Weekday | Weekend. Under 2 | free | free. 2 to 15 | £3.20 | £4. "
    "Over 16 | £5.50 | £6.50."
)


@pytest.mark.parametrize(
    "response",
    [
        "Toddlers under two swim for nothing, weekdays and weekends alike.",
        "Babies under 2 swim free.",
        "Infants under two are free at weekends.",
    ],
)
def test_people_named_by_an_age_bound_in_words_add_nothing_to_it(response):
    assert grounded(judge("Do I pay for my 18-month-old to swim?", response, POOL))


@pytest.mark.parametrize(
    "response", ["Students under 16 swim free.", "Members under two swim free."]
)
def test_a_group_the_bound_does_not_name_stays_claimed(response):
    assert not grounded(judge("Do I pay to swim?", response, POOL))
