"""The offline judge on an answer that joins two cells of one table row ("takes 80
people for £150"): the column another measure of the answer names ("Seats" for "80
people") is that value's, not the price's; a price given another price's column stays
wrong."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

ROOMS = (
    "Room hire. Room | Seats | Weekday | Weekend. Studio | 12 | £40 | £60. "
    "Hall | 80 | £150 | £220. Bookings are for up to four hours."
)
ASKED = "What's the difference between the rooms?"
GENERATORS = (
    "Generator hire. Model | Sockets | Output | Day rate. Compact | 2 | 2.5 kW | £35. "
    "Site | 4 | 6 kW | £60."
)


@pytest.mark.parametrize(
    "response",
    ["The Hall takes 80 people for £150 on weekdays.", "The Hall is for 80 seats and costs £150."],
)
def test_two_cells_of_one_row_joined_are_each_supported(response):
    assert grounded(judge(ASKED, response, ROOMS))


def test_a_count_of_another_unit_names_its_own_column():
    result = judge(
        "How big is the Site generator?",
        "The Site generator has 4 sockets and gives 6 kW.",
        GENERATORS,
    )

    assert grounded(result)


@pytest.mark.parametrize(
    "response",
    [
        "The Studio seats 12 people and costs £60 on weekdays and £40 at weekends.",
        "The Studio seats 80 people and costs £40 on weekdays.",
    ],
)
def test_a_value_of_another_cell_stays_wrong(response):
    assert not grounded(judge(ASKED, response, ROOMS))
