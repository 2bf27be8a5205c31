"""The offline judge on a price whose case ("when booked online") the answer says in part
beside another item's price in the article ("Bikes ... cost £12 per journey"): what a
price is and what it is counted by ("cost ... per journey") do not make the other item's
price the ordinary one."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

COACH = (
    "Coach extras. Surfboards and kayaks up to 3 metres count as large luggage and cost £20 "
    "per journey when booked online. Bikes must be bagged and cost £12 per journey."
)
ASKED = "What's the difference between bringing a surfboard and a bike?"


def test_an_items_own_price_is_not_read_against_another_items():
    assert grounded(judge(ASKED, "Surfboards cost £20 per journey online.", COACH))


@pytest.mark.parametrize(
    "response", ["Surfboards cost £12 per journey online.", "Bikes cost £20 per journey."]
)
def test_another_items_price_stays_wrong(response):
    assert not grounded(judge(ASKED, response, COACH))
