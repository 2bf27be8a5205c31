"""The offline judge on two values that share one subject ("members get 15% off group
classes and 25% off massages"): the subject is both values', so it does not tie either
to the source sentence that names it, and a lead-in before a colon is neither value's;
two values swapped between two items contradict the source."""

from __future__ import annotations

import pytest

from audits.judges.offline.binding import owned_words
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

GOLD = (
    "Gold membership. Gold membership costs £40 a month and includes free parking and 25% off "
    "group classes. Members get 15% off massages. Membership can be frozen for up to three "
    "months a year."
)
ASKED = "As a gold member, which discount is bigger, group classes or massages?"


@pytest.mark.parametrize(
    "response",
    [
        "Members get 15% off group classes and 25% off massages.",
        "It's bigger on massages: members get 15% off group classes and 25% off massages.",
    ],
)
def test_two_values_swapped_between_two_items_contradict_the_source(response):
    assert not grounded(judge(ASKED, response, GOLD))


@pytest.mark.parametrize(
    "response",
    [
        "Members get 25% off group classes and 15% off massages.",
        "It's bigger on group classes: members get 25% off group classes and 15% off massages.",
    ],
)
def test_each_value_given_its_own_item_stays_supported(response):
    assert grounded(judge(ASKED, response, GOLD))


def test_a_value_opening_its_part_shares_the_first_parts_subject():
    text = "Gold members get 15% off classes and 25% off training."
    quantities = extract_quantities(text)

    assert "member" in owned_words(text, quantities, 1)
    assert "class" not in owned_words(text, quantities, 1)


def test_a_value_with_a_subject_of_its_own_keeps_only_its_words():
    text = "Gold members get 15% off classes and students get 25% off training."
    quantities = extract_quantities(text)

    assert "member" not in owned_words(text, quantities, 1)
