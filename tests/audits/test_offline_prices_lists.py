"""Readings of help-centre answers about prices:

- a negation does not reach past a second predicate of its subject ("don't need a
  booking and cost £12" does not deny the price);
- a count the answer gives of its own list ("three: A, B and C") is what its items say;
- a surcharge "at every level" prices a case, and "level" is not that case;
- "what do they cost?" after a question naming the things is answered by their prices;
- what is paid "on top" of a price is extra.
"""

from __future__ import annotations

import pytest

from kbaudit.text.tokens import content_stems, negation_targets
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

LESSONS = (
    "Lessons. Trial lessons don't need a membership and cost £9. Members book any lesson "
    "through the app."
)
WASHES = (
    "Wash prices. Wash | Price. Basic Wash | £8. Deluxe Wash | £14. Valet | £30. Vans cost "
    "£5 more at every wash level. Prices are for the wash only; air freshener is charged on "
    "top at £2."
)


@pytest.mark.parametrize(
    ("text", "denied", "kept"),
    [
        ("Trial lessons don't need a membership and cost £9.", "membership", "cost"),
        ("You don't need to book and it takes an hour.", "book", "take"),
        ("Gift cards aren't refundable and are valid for a year.", "refund", "valid"),
    ],
)
def test_a_negation_stops_at_the_subjects_next_predicate(text, denied, kept):
    (target,) = negation_targets(text)

    assert content_stems(denied)[0] in target
    assert content_stems(kept)[0] not in target


def test_a_price_after_a_denied_requirement_is_supported():
    result = judge(
        "Do I need a membership for a trial lesson?",
        "No, trial lessons don't need a membership, and they cost £9.",
        LESSONS,
    )

    assert grounded(result)


def test_the_denied_requirement_itself_is_still_read():
    result = judge(
        "Do I need a membership for a trial lesson?",
        "Yes, trial lessons need a membership and cost £9.",
        LESSONS,
    )

    assert not grounded(result)


@pytest.mark.parametrize(
    "response",
    [
        "We've got three: a Basic Wash for £8, a Deluxe Wash for £14 and a Valet for £30.",
        "There are three washes: Basic Wash for £8, Deluxe Wash for £14 or Valet for £30.",
    ],
)
def test_a_count_of_the_answers_own_list_is_supported_by_its_items(response):
    result = judge("What washes do you do and what do they cost?", response, WASHES)

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_a_count_that_does_not_match_its_list_is_not():
    result = judge(
        "What washes do you do?",
        "We've got four: a Basic Wash for £8, a Deluxe Wash for £14 and a Valet for £30.",
        WASHES,
    )

    assert not grounded(result)


def test_what_they_cost_is_answered_by_the_prices_of_the_things_named():
    result = judge(
        "What washes do you do and what do they cost?",
        "A Basic Wash is £8, a Deluxe Wash £14 and a Valet £30.",
        WASHES,
    )

    assert result.metrics()["response_query_coverage"] == 1.0


def test_the_words_a_surcharge_holds_at_every_one_of_are_no_case():
    result = judge(
        "What wash levels do you have?",
        "Basic Wash is £8, Deluxe Wash is £14 and Valet is £30.",
        WASHES,
    )

    assert grounded(result)


def test_the_table_price_for_the_surcharged_case_is_still_flagged():
    result = judge("How much is a Deluxe Wash for my van?", "A Deluxe Wash is £14.", WASHES)

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["condition_misapplied"]


@pytest.mark.parametrize(
    ("text", "extra"),
    [
        ("air freshener is charged on top", True),
        ("£5 on top of the ticket price", True),
        ("the box goes on top of the wardrobe", False),
    ],
)
def test_on_top_of_a_price_is_extra(text, extra):
    assert ("extra" in content_stems(text)) is extra


def test_extra_restates_charged_on_top():
    result = judge("Is air freshener included?", "No, air freshener is £2 extra.", WASHES)

    assert grounded(result)
