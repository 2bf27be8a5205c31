"""A fact that gives again some of the earlier fact's values, and none of its own, may
restate it in other words: "With less than 48 hours' notice there's a £20 fee" / "If
you cancel late, you'll pay twenty pounds"."""

from __future__ import annotations

import pytest

from tests.helpers import offline_judge as judge

CANCEL = (
    "Cancelling. You can cancel free of charge up to 48 hours before your lesson. With less "
    "than 48 hours' notice we charge a £20 late cancellation fee."
)
DELIVERY = (
    "Delivery. Standard delivery takes 3 to 5 working days and costs £4. Express delivery "
    "arrives the next working day and costs £9."
)


def _redundant(result) -> bool:
    return result.metrics()["self_distinctness"] < 1.0


def test_a_narrower_restatement_of_the_fee_is_redundant():
    result = judge(
        "What if I cancel on the morning of my lesson?",
        "With less than 48 hours' notice there's a £20 late cancellation fee. Just so you "
        "know, a late cancellation means you'll pay twenty pounds.",
        CANCEL,
    )

    assert _redundant(result)


@pytest.mark.parametrize(
    "response",
    [
        # Another thing at its own price.
        "Standard delivery takes 3 to 5 working days and costs £4. Express costs £9.",
        # A value the earlier fact does not give.
        "Standard delivery takes 3 to 5 working days and costs £4. Express arrives the next "
        "working day.",
    ],
)
def test_facts_about_other_things_or_with_new_values_are_distinct(response):
    assert not _redundant(judge("How much is delivery?", response, DELIVERY))


TRANSFERS = (
    "Transferring. You can transfer your place once, free of charge, to a course starting "
    "within 3 months. A second transfer costs £40."
)


def test_a_free_rule_said_again_without_its_window_is_redundant():
    result = judge(
        "Can I move to a later course?",
        "You can transfer once for free, to a course starting within 3 months. Please note "
        "that the first time you transfer, there's no charge.",
        TRANSFERS,
    )

    assert _redundant(result)


def test_a_free_rule_beside_another_things_price_is_distinct():
    result = judge(
        "Can I move to a later course?",
        "You can transfer once for free, to a course starting within 3 months. A second "
        "transfer costs £40.",
        TRANSFERS,
    )

    assert not _redundant(result)
