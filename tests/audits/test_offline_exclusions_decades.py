"""Three readings of claims built from a passage's own words:

- "…, but not X" rules X out, so a passage whose sentence for the rest of the claim
  allows X contradicts it;
- "in the 1990s" dates an event to a decade, which the passage's year for that event
  may lie outside;
- a sentence opening on "it" right after a sentence about another named thing says its
  claim of that thing, not of the fact's subject.
"""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

PAYMENT = "Paying. You can pay by card or by bank transfer at the front desk."
PAYMENT_CARD_ONLY = (
    "Paying. You can pay by card at the front desk. We do not accept bank transfers."
)
STUDIO = "Hartley Studios is a recording studio based in Leeds, West Yorkshire, founded in 1996."
WORKSHOP = (
    "Our workshop. The Harrow Road workshop opened in 2004 and moved to a larger unit in 2011."
)
PLANS = (
    "Plans. The Team plan costs £18 a month for up to 10 people. It also includes "
    "priority support. The Starter plan costs £6 a month for 2 people."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("Can I pay by card?", "You can pay by card, but not by bank transfer.", PAYMENT),
        (
            "Where are Hartley Studios based?",
            "Hartley Studios is based in West Yorkshire, but not in Leeds.",
            STUDIO,
        ),
    ],
)
def test_a_ruled_out_thing_the_passage_allows_is_flagged(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        # The passage rules it out too.
        ("Can I pay by card?", "You can pay by card, but not by bank transfer.", PAYMENT_CARD_ONLY),
        # Nothing is ruled out.
        ("Can I pay by card?", "You can pay by card or by bank transfer.", PAYMENT),
    ],
)
def test_a_ruled_out_thing_the_passage_rules_out_too_stays_supported(query, response, source):
    assert grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("When was Hartley Studios founded?", "Hartley Studios was founded in the 1980s.", STUDIO),
        (
            "When did the Harrow Road workshop open?",
            "The Harrow Road workshop opened in the late 1990s.",
            WORKSHOP,
        ),
    ],
)
def test_a_decade_the_passage_dates_the_event_outside_is_flagged(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("When was Hartley Studios founded?", "Hartley Studios was founded in the 1990s.", STUDIO),
        # The workshop moved in the 2010s; it opened in the 2000s, which is what is said.
        (
            "When did the Harrow Road workshop open?",
            "The Harrow Road workshop opened in the 2000s.",
            WORKSHOP,
        ),
    ],
)
def test_a_decade_holding_the_passage_year_stays_supported(query, response, source):
    assert grounded(judge(query, response, source))


def test_a_claim_the_passage_makes_of_the_thing_before_its_it_is_flagged():
    result = judge(
        "Which plan has priority support?", "The Starter plan includes priority support.", PLANS
    )

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


@pytest.mark.parametrize(
    "response",
    ["The Team plan includes priority support.", "Priority support comes with the Team plan."],
)
def test_the_thing_before_the_it_keeps_its_claim(response):
    assert grounded(judge("Which plan has priority support?", response, PLANS))
