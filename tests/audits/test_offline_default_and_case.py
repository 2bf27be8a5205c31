"""The offline judge on an answer giving both a default price and the case that is free
("Delivery is £2.99, but it's free on orders over £20"): each value is its own case's,
while the default price given to the free case stays wrong."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

TAKEAWAY = (
    "Takeaway delivery. Delivery to addresses in town costs £2.99 and takes about 40 minutes. "
    "Orders over £20 are delivered free. We do not deliver after 10pm."
)
ASKED = "Do you charge for delivery?"


@pytest.mark.parametrize(
    "response",
    [
        "Delivery in town is £2.99, but it's free on orders over £20.",
        "Delivery in town is £2.99, but free if you spend over £20.",
        # Many of the fact's words are the priced sentence's: its "free" is still not.
        "Delivery to addresses in town is £2.99, but it's free on orders over £20.",
    ],
)
def test_the_default_price_and_the_free_case_are_each_supported(response):
    assert grounded(judge(ASKED, response, TAKEAWAY))


@pytest.mark.parametrize(
    "response",
    [
        "Delivery in town is £2.99 on orders over £20.",
        "Delivery in town is £2.99, but it's free on orders over £15.",
    ],
)
def test_the_default_price_given_to_the_free_case_stays_wrong(response):
    assert not grounded(judge(ASKED, response, TAKEAWAY))
