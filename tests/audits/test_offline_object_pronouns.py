"""The offline judge on a later clause whose object pronoun stands for what the
sentence's first clause names: "Vintage bikes can't be hired, and we don't service
them" denies servicing of vintage bikes."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

BIKES = (
    "Bike servicing. A standard service is £45 and a full service is £90. "
    "Vintage bikes can't be hired, and we don't service them."
)
RINGS = (
    "Ring resizing. Gold and silver rings can be resized in 5 working days. "
    "Titanium rings can't be engraved, and we can't resize them."
)
CAKES = (
    "Celebration cakes. Tiered cakes must be ordered a week ahead, and we deliver them "
    "free within 5 miles."
)


@pytest.mark.parametrize(
    ("query", "response", "source", "right"),
    [
        ("Do you service vintage bikes?", "Yes, we do service vintage bikes.", BIKES, False),
        ("Can you resize titanium rings?", "Yes, we can resize titanium rings.", RINGS, False),
        # What the denial's own clause says stays supported.
        ("Can I hire a vintage bike?", "No, vintage bikes can't be hired.", BIKES, True),
        ("Can you resize a gold ring?", "Yes, gold rings can be resized.", RINGS, True),
        # An object pronoun in a clause that affirms keeps the affirmation.
        ("Do you deliver tiered cakes?", "Yes, we deliver tiered cakes.", CAKES, True),
    ],
)
def test_an_object_pronoun_stands_for_the_first_clauses_subject(query, response, source, right):
    result = judge(query, response, source)

    assert grounded(result) is right
