"""The offline judge on what a rule or a discount "applies to": it covers it, so "the
voucher covers delivery" is read against "The voucher doesn't apply to delivery
charges". Applying to someone for something, and a rule said of a person, keep their
own sense."""

from __future__ import annotations

import pytest

from kbaudit.text.tokens import content_stems
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

VOUCHERS = (
    "Gift vouchers. Gift vouchers can be used on any order placed online. "
    "The voucher doesn't apply to delivery charges or gift wrapping."
)
WARRANTY = "Warranty. The two-year warranty applies to the motor and the battery."


@pytest.mark.parametrize(
    ("query", "response", "source", "right"),
    [
        (
            "Can my gift voucher pay for delivery?",
            "Yes, your gift voucher covers delivery too.",
            VOUCHERS,
            False,
        ),
        ("Is the battery under warranty?", "Yes, the warranty covers the battery.", WARRANTY, True),
        (
            "Can I use a gift voucher online?",
            "Yes, gift vouchers can be used online.",
            VOUCHERS,
            True,
        ),
    ],
)
def test_what_a_rule_applies_to_it_covers(query, response, source, right):
    result = judge(query, response, source)

    assert grounded(result) is right


@pytest.mark.parametrize(
    "text",
    ["You can apply to the council for a permit.", "The surcharge won't apply to you."],
)
def test_applying_for_something_or_to_a_person_keeps_its_sense(text):
    assert "cover" not in content_stems(text)
