"""The offline judge on a rule a source says stops in a case ("If your car is off the road
for more than 6 months, the permit discount stops"), affirmed to a customer who says they
are in that case."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

PERMITS = (
    "Resident permits. Residents with an electric car get a 50% permit discount. If your car "
    "is off the road for more than 6 months, the permit discount stops until the car is "
    "taxed again."
)
ANSWER = "Yes, you still get the 50% permit discount."


def test_a_rule_affirmed_in_the_case_it_stops_in_is_misapplied():
    query = "My electric car has been off the road for a year. Do I still get the discount?"

    assert not grounded(judge(query, ANSWER, PERMITS))


@pytest.mark.parametrize(
    ("query", "response"),
    [
        (
            "My electric car has been off the road for 2 months. Do I still get the discount?",
            ANSWER,
        ),
        (
            "My electric car has been off the road for a year. Do I still get the discount?",
            "No, the permit discount stops once your car is off the road for more than 6 months.",
        ),
    ],
)
def test_the_rule_outside_that_case_or_its_stopping_stays_supported(query, response):
    assert grounded(judge(query, response, PERMITS))
