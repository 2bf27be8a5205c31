"""Readings of help-centre answers about prices:

- a negation does not reach past a second predicate of its subject ("don't need a
  booking and cost £12" does not deny the price);
- a count the answer gives of its own list ("three: A, B and C") is what its items say;
- a surcharge "at every level" prices a case, and "level" is not that case;
- "what do they cost?" after a question naming the things is answered by their prices;
- what is paid "on top" of a price is extra;
- "20 to 49 guests" is one band of a count, and "3 to 7" after "2 to 5 players" counts
  players too;
- "that one too" is a thing already named, not a count of one.
"""

from __future__ import annotations

import pytest

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words, negation_targets
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


MENUS = (
    "Menu prices per head. Menu | 20 to 49 guests | 50 to 150 guests. Buffet | £18 | £15. "
    "Two-course dinner | £32 | £29. Three-course dinner | £41 | £37."
)
ROOMS = "Rooms. The Cabin takes 2 to 5 players and The Crypt takes 3 to 7. Games last an hour."


@pytest.mark.parametrize(
    ("text", "band"),
    [
        ("For 20 to 49 guests the buffet is £18.", (20, 49)),
        ("groups of 2-4 people", (2, 4)),
        ("The Cabin takes 2 to 5 players and The Crypt takes 3 to 7.", (3, 7)),
    ],
)
def test_a_band_of_a_count_is_read_as_one_value(text, band):
    bands = [(q.low, q.high) for q in extract_quantities(digits_for_number_words(text))]

    assert band in bands


def test_a_bare_band_with_no_noun_before_it_is_not_a_count():
    assert [q.low for q in extract_quantities("Lessons run 10 to 12.")] == [10, 12]


def test_a_count_inside_a_band_picks_the_bands_column():
    result = judge(
        "And the three-course dinner for 30 guests?",
        "For 30 guests the three-course dinner is £41 a head.",
        MENUS,
    )

    assert grounded(result)


def test_the_other_bands_price_is_still_flagged():
    result = judge(
        "And the three-course dinner for 30 guests?",
        "For 30 guests the three-course dinner is £37 a head.",
        MENUS,
    )

    assert not grounded(result)


@pytest.mark.parametrize(
    ("response", "supported"),
    [("The Crypt takes 3 to 7 players.", True), ("The Crypt takes 2 to 5 players.", False)],
)
def test_a_band_whose_noun_is_left_out_counts_the_same_things(response, supported):
    assert grounded(judge("How many can play The Crypt?", response, ROOMS)) is supported


def test_one_standing_for_a_thing_before_too_is_no_count():
    assert digits_for_number_words("parts are extra on that one too") == (
        "parts are extra on that one too"
    )


@pytest.mark.parametrize(
    ("response", "supported"),
    [
        ("The Crypt takes up to 7 players.", True),
        ("The Crypt takes at least 3 players.", True),
        ("The Crypt takes up to 6 players.", False),
        ("The Crypt takes at least 4 players.", False),
    ],
)
def test_a_bound_is_the_end_of_the_band_not_a_value_inside_it(response, supported):
    assert grounded(judge("How many can play The Crypt?", response, ROOMS)) is supported
