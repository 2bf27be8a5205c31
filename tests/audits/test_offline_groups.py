"""The offline judge on rules whose case is a whole group ("sessions where everyone is a
member are free"): a customer who says they are not in the case is outside it."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

FAMILY_SWIM = (
    "Family swim. A family swim session costs £12 for up to four people. Sessions where "
    "everyone is a member of the leisure club are free. Swimming caps are not required."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I'm not a member of the leisure club, but my two kids are. Do we swim free?", False),
        ("My two kids and I are all members of the leisure club. Do we swim free?", True),
    ],
)
def test_a_group_rule_is_not_given_when_the_customer_says_they_are_not_in_its_case(query, right):
    result = judge(
        query,
        "Yes, sessions where everyone is a member are free, so your swim is free.",
        FAMILY_SWIM,
    )

    assert grounded(result) is right


def test_an_answer_that_keeps_the_customer_out_of_the_group_rule_is_grounded():
    result = judge(
        "I'm not a member of the leisure club, but my two kids are. Do we swim free?",
        "A family swim session costs £12 for up to four people, so you pay £12.",
        FAMILY_SWIM,
    )

    assert grounded(result)


CLIMBING = (
    "Guest passes. Members get 2 free guest passes a month, which cannot be carried over. "
    "Day entry for guests costs £14, or £10 after 6pm."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I'm not a member. Do I get any free guest passes?", False),
        ("I cancelled my Climb Club membership last week. Do I get any free guest passes?", False),
        ("I'm a member. Do I get any free guest passes?", True),
    ],
)
def test_a_value_the_source_gives_members_is_not_given_to_a_customer_who_is_not_one(query, right):
    result = judge(query, "Yes, you get 2 free guest passes a month.", CLIMBING)

    assert grounded(result) is right


def test_a_members_value_another_sentence_gives_everyone_is_the_customers_too():
    result = judge(
        "I'm not a member. What does a guest pass cost on a Monday?",
        "On Mondays a guest pass costs £5.",
        "Guest passes. Members pay £5 for a guest pass. On Mondays everyone pays £5 for a guest "
        "pass; on other days non-members pay £12.",
    )

    assert grounded(result)
