"""Cases a rule does not reach, read from how help centres write them:

- a list of excluded causes hangs from one lead ("Faults caused by crashes, wear or
  your own adjustments are not covered"), so each cause is a case on its own;
- "available on the dinner menus only" restricts as "only available on ..." does, and
  a customer naming a table label beside the restricted one ("the buffet") is outside it;
- what a free service "includes" ("parts included") is not paid for.
"""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

GUARANTEE = (
    "Our repair guarantee. Repairs are guaranteed for 6 months. If a repair fails within "
    "that time, we redo it free of charge. Faults caused by drops, water or your own "
    "repairs are not covered and are charged as new work."
)
MENU = (
    "Menu prices per head. Menu | Lunch | Evening. Buffet | £18 | £21. Two-course dinner | "
    "£30 | £34. Three-course dinner | £38 | £42."
)
DIET = (
    "Dietary options. Kosher meals are available on the dinner menus only, for £6 extra per head."
)


@pytest.mark.parametrize(
    "query",
    [
        "You replaced my screen two months ago and it cracked when I dropped it. Is that covered?",
        "My repaired phone got water in it last week. Will you redo it?",
    ],
)
def test_the_guarantee_given_for_one_of_the_listed_causes_is_flagged(query):
    result = judge(
        query, "Yes, that's within the 6 months, so we'll redo it free of charge.", GUARANTEE
    )

    assert [item.reason for item in result.unsupported] == ["condition_misapplied"]


def test_the_guarantee_for_a_repair_that_failed_by_itself_is_supported():
    result = judge(
        "You replaced my screen two months ago and it has stopped working. Is that covered?",
        "Yes, that's within the 6 months, so we'll redo it free of charge.",
        GUARANTEE,
    )

    assert grounded(result)


def test_a_restriction_written_with_only_after_its_case_meets_a_sibling_label():
    result = judge(
        "We've booked the buffet. Can we have kosher meals?",
        "Yes, kosher meals can be added for £6 extra per head.",
        DIET,
        MENU,
    )

    assert [item.reason for item in result.unsupported] == ["condition_misapplied"]


@pytest.mark.parametrize(
    "query",
    [
        "We've booked the two-course dinner. Can we have kosher meals?",
        "Can we have kosher meals?",
    ],
)
def test_the_restricted_case_itself_or_no_case_stays_supported(query):
    result = judge(query, "Yes, kosher meals can be added for £6 extra per head.", DIET, MENU)

    assert grounded(result)


SERVICE = (
    "Annual boiler service. The annual service is carried out free of charge for Cover Plus "
    "members, flue check included."
)


@pytest.mark.parametrize(
    "response",
    [
        "Cover Plus members get the annual service free, but you'll pay for the flue check.",
        "The annual service is free for Cover Plus members; the flue check is charged extra.",
    ],
)
def test_charging_for_what_a_free_service_includes_is_flagged(response):
    result = judge("Is the annual service free on Cover Plus?", response, SERVICE)

    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


def test_the_free_service_with_what_it_includes_stays_supported():
    result = judge(
        "Is the annual service free on Cover Plus?",
        "Yes, Cover Plus members get the annual service free, flue check included.",
        SERVICE,
    )

    assert grounded(result)


DECKING = (
    "Decking and steps. Decking is £4 a square metre. Steps and handrails are included in "
    "the decking price. Lighting is £12 a light, on decks of up to 20 square metres only."
)


def test_a_price_put_on_what_another_price_includes_is_flagged():
    result = judge(
        "What do you charge for decking with steps?",
        "Decking is £4 a square metre, and the steps are £12 each on top.",
        DECKING,
    )

    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


@pytest.mark.parametrize(
    "response",
    [
        "Decking is £4 a square metre, and the steps and handrails are included in that.",
        "Decking is £4 a square metre, and lights are £12 each.",
    ],
)
def test_what_is_included_or_priced_apart_stays_supported(response):
    assert grounded(judge("What do you charge for decking with steps?", response, DECKING))
