"""The offline judge on rules a source keeps to one case: the customer tells which case
they are in (or are not in), and the answer must apply the rule of that case."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

NOTICE = (
    "Cancelling your membership. You can cancel a monthly membership with 30 days' notice, "
    "unless you signed a 12-month contract, which runs until its end date. Notice can be given "
    "in the app or at the front desk."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        (
            "I'm on a monthly membership; I never signed a contract. How much notice do I give?",
            True,
        ),
        ("I signed a 12-month contract in May. How much notice do I give?", False),
    ],
)
def test_an_exception_the_customer_says_they_are_not_in_is_not_their_case(query, right):
    result = judge(query, "30 days' notice is all you need.", NOTICE)

    assert grounded(result) is right
