"""The offline judge on a thing a source rules out for a case the customer says they
are in: "Students aren't eligible for the off-peak fare", "Loyalty discounts don't
apply to sale items". Giving the thing's value to that customer misapplies it."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

GYM = (
    "Membership prices. Membership | Standard | Off-peak. Monthly | £40 | £28. "
    "Annual | £420 | £300. Off-peak membership is for use before 4pm on weekdays. "
    "Students aren't eligible for the off-peak price."
)
SHOP = (
    "Loyalty card. Loyalty card holders get 10% off every purchase. "
    "Loyalty discounts don't apply to sale items."
)


@pytest.mark.parametrize(
    ("query", "response", "source", "right"),
    [
        (
            "I'm a student at the college. What's the off-peak monthly price?",
            "The off-peak monthly membership is £28.",
            GYM,
            False,
        ),
        (
            "I have a loyalty card and I'm buying a jumper in the sale. What discount do I get?",
            "Loyalty card holders get 10% off every purchase.",
            SHOP,
            False,
        ),
        # The customer is not in the case: the value holds.
        (
            "What's the off-peak monthly price?",
            "The off-peak monthly membership is £28.",
            GYM,
            True,
        ),
        (
            "I have a loyalty card. What discount do I get on a full-price jumper?",
            "Loyalty card holders get 10% off every purchase.",
            SHOP,
            True,
        ),
        # The answer gives the value the case does get.
        (
            "I'm a student at the college. What's the monthly price?",
            "The standard monthly membership is £40.",
            GYM,
            True,
        ),
    ],
)
def test_a_thing_ruled_out_for_the_customers_case_is_not_theirs(query, response, source, right):
    result = judge(query, response, source)

    assert grounded(result) is right


def test_an_answer_naming_the_case_itself_is_read_by_the_other_checks():
    result = judge(
        "I'm a student at the college. Can I get the off-peak price?",
        "No, students aren't eligible for the off-peak price.",
        GYM,
    )

    assert grounded(result)
