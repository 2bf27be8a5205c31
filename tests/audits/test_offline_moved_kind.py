"""A rule the source gives one kind of a thing, said of the kind its neighbouring
sentence gives another rule ("Monthly plans can be cancelled at any time. Annual plans
can be cancelled only after 14 days")."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

CANCELLING = (
    "Cancelling. Monthly plans can be cancelled at any time. Annual plans can be "
    "cancelled only after 14 days."
)
LOCKERS = (
    "Lockers and towels. Day lockers are free and need your own padlock. Permanent "
    "lockers cost £7 a month."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can I cancel my annual plan?",
            "Yes, annual plans can be cancelled at any time.",
            CANCELLING,
        ),
        (
            "Can I cancel my monthly plan?",
            "Monthly plans can be cancelled only after 14 days.",
            CANCELLING,
        ),
        (
            "Do I need a padlock for a permanent locker?",
            "Permanent lockers need your own padlock.",
            LOCKERS,
        ),
    ],
)
def test_the_neighbouring_kinds_rule_is_flagged(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can I cancel my annual plan?",
            "Annual plans can be cancelled only after 14 days.",
            CANCELLING,
        ),
        (
            "Can I cancel my monthly plan?",
            "Yes, monthly plans can be cancelled at any time.",
            CANCELLING,
        ),
        (
            "Do I need a padlock for a day locker?",
            "Yes, day lockers need your own padlock.",
            LOCKERS,
        ),
    ],
)
def test_each_kinds_own_rule_is_supported(query, response, source):
    result = judge(query, response, source)

    assert grounded(result), result.rationale


# --- What only a narrower holder gets, given to the plain one ---------------------------

CLUB = (
    "Club membership. Members pay £30 a month and get free parking. Platinum members pay £55 a "
    "month and also get two guest passes a month and a free towel service."
)
ROOMS = (
    "Room types. Every room has a kettle and free wifi; Executive rooms have a minibar and a late "
    "check-out until 1pm."
)
CABIN_BAGS = (
    "Cabin bags. Economy passengers get one cabin bag up to 7kg. Premium passengers also get a "
    "second bag and priority boarding."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What do I get as a member?",
            "Members get two guest passes a month and a free towel service.",
            CLUB,
        ),
        (
            "What comes with a Classic room?",
            "Classic rooms have a minibar and a late check-out until 1pm.",
            ROOMS,
        ),
        (
            "I'm flying Economy, not Premium. Do I get priority boarding?",
            "Yes, passengers get priority boarding.",
            CABIN_BAGS,
        ),
    ],
)
def test_it_flags_what_only_the_narrower_holder_gets_given_to_the_plain_one(
    query, response, source
):
    assert not grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What do Platinum members get?",
            "Platinum members get two guest passes a month and a free towel service.",
            CLUB,
        ),
        ("What do I get as a member?", "Members pay £30 a month and get free parking.", CLUB),
        (
            "What comes with an Executive room?",
            "Executive rooms have a minibar and a late check-out until 1pm.",
            ROOMS,
        ),
    ],
)
def test_it_passes_what_the_narrower_holder_gets_kept_with_it(query, response, source):
    assert grounded(judge(query, response, source))
