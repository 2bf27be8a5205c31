"""The offline judge on what a negation denies: not a concession beside the claim ("even
if the car is not registered to them"), not an aside left open in parentheses, and not
a title that opens with "Don't" or "No"."""

from __future__ import annotations

import pytest

from kbaudit.text.tokens import negation_targets
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

RECOVERY = (
    "Roadside recovery. Members always get free recovery for their car, even if the car is not "
    "registered in their name. Recovery is booked through the app."
)
TENTS = (
    "Tent bags. The Explorer tent packs into a green bag marked E (which does not stand for "
    "Explorer"
)
PLAYLISTS = (
    "Classic Rock playlist. Don't Stop Me Now is the most played song on our Classic Rock "
    "playlist. New songs are added every Friday."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Members always get free recovery for their car.", True),
        ("Members don't get free recovery for their car.", False),
    ],
)
def test_a_denial_inside_a_concession_is_not_the_claims(response, right):
    result = judge("Do members get free recovery?", response, RECOVERY)

    assert grounded(result) is right


def test_an_aside_left_open_in_parentheses_denies_nothing_of_the_claim():
    assert negation_targets("a green bag marked E (which does not stand for Explorer") == []

    result = judge(
        "What bag does the Explorer tent come in?",
        "The Explorer tent packs into a green bag marked E.",
        TENTS,
    )

    assert grounded(result)


def test_a_title_that_opens_with_a_negation_denies_nothing():
    assert negation_targets("Don't Stop Me Now is the most played song.") == []

    result = judge(
        "Which song is played most on the Classic Rock playlist?",
        "The most played song on the Classic Rock playlist is Don't Stop Me Now.",
        PLAYLISTS,
    )

    assert grounded(result)


def test_a_sentence_that_opens_with_a_negation_still_denies():
    assert negation_targets("Don't leave bags unattended in the terminal.")


# --- The heading's words are what a clause speaks of ---------------------------------

CLIMBING_SESSIONS = (
    "Taster sessions. Our taster sessions run on Sunday afternoons and cost £12 with shoe "
    "hire. Children under 14 cannot take part."
)
ROWING_LESSONS = (
    "Rowing lessons. Lessons run on the lake every weekday evening in summer. Life jackets "
    "are not provided."
)


@pytest.mark.parametrize(
    ("query", "source", "response", "right"),
    [
        (  # a climbing wall: the affirmative names the heading's topic, the rule does not
            "Can my 11-year-old join a taster session?",
            CLIMBING_SESSIONS,
            "Yes, children under 14 can take part in the taster sessions.",
            False,
        ),
        (
            "Can my 11-year-old join a taster session?",
            CLIMBING_SESSIONS,
            "No, children under 14 cannot take part in the taster sessions.",
            True,
        ),
        (  # a rowing club
            "Do I need to bring a life jacket to the rowing lessons?",
            ROWING_LESSONS,
            "Life jackets are provided at the rowing lessons.",
            False,
        ),
        (
            "Do I need to bring a life jacket to the rowing lessons?",
            ROWING_LESSONS,
            "No, life jackets are not provided at the lessons.",
            True,
        ),
    ],
)
def test_a_denial_under_a_heading_is_read_against_a_fact_naming_the_heading(
    query, source, response, right
):
    result = judge(query, response, source)

    assert grounded(result) is right


def test_a_word_the_passage_only_capitalises_at_a_line_start_is_no_name_the_answer_moves():
    # A rowing club: "Rowing lessons." heads the chunk; the answer writes "rowing lessons".
    result = judge(
        "Do I need to bring a life jacket to the rowing lessons?",
        "Life jackets aren't provided at the rowing lessons.",
        ROWING_LESSONS,
    )

    assert grounded(result)


GIFT_CARDS = (
    "Gift cards. Gift cards can be used online, but are not accepted in our stores. "
    "Store vouchers are sold at the till, and can be spent on anything in the shop."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Gift cards are not accepted in our stores.", True),
        ("Gift cards are accepted in our stores.", False),
    ],
)
def test_a_clause_opening_with_its_verb_denies_of_the_subject_before_it(response, right):
    # "... but are not accepted in our stores": the clause after "but" has no subject
    # of its own, and its denial is of the gift cards the clause before names.
    result = judge("Can I use a gift card in a store?", response, GIFT_CARDS)

    assert grounded(result) is right


# An article pasted from a web page, character references and soft hyphens kept.
PASTED = (
    "Cancellations. Annual plans can&rsquo;t be can&shy;celled after 14&nbsp;days. "
    "Refunds reach your card within 5&nbsp;working days."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Annual plans can't be cancelled after 14 days.", True),
        ("Annual plans can be cancelled after 14 days.", False),
    ],
)
def test_a_denial_written_with_a_character_reference_still_denies(response, right):
    result = judge("Can I cancel my annual plan after a month?", response, PASTED)

    assert grounded(result) is right


PRINT_PRICES = (
    "Print prices. Prices are per print. Size | Gloss | Matte. 6x4 in | 12p | 15p. "
    "7x5 in | 25p | 30p. Matte is not available for panoramic prints."
)


def test_a_denial_for_one_kind_of_a_thing_does_not_deny_another_kind():
    # "for panoramic prints" narrows the denial; a 6x4 print is another kind.
    result = judge("How much is a 6x4 matte print?", "A 6x4 matte print is 15p.", PRINT_PRICES)

    assert grounded(result), result.rationale


def test_a_denial_for_one_kind_still_denies_that_kind():
    result = judge(
        "Can I get a panoramic print in matte?",
        "Yes, matte is available for panoramic prints.",
        PRINT_PRICES,
    )

    assert not grounded(result)


def test_a_denial_for_the_first_year_is_not_lifted_by_the_same_year_written_as_a_word():
    result = judge(
        "Can I cancel my membership?",
        "Yes, memberships can be cancelled in the first year.",
        "Cancelling. Our policy is simple: memberships can't be cancelled in the first year.",
    )

    assert not grounded(result)


def test_a_kind_the_denial_names_with_a_negative_prefix_is_the_same_kind():
    result = judge(
        "Can I return a game I've opened?",
        "Yes, opened games can be returned with a receipt.",
        "Returns. Unopened games can be returned within 14 days with your receipt. Opened "
        "games cannot be returned.",
    )

    assert not grounded(result)


REFUND_POLICY = "Refunds. Our refund policy is simple: annual plans aren't refunded."
CANCEL_POLICY = (
    "Cancelling. Our cancellation policy is simple: plans can't be cancelled once "
    "they have started."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("Can I get a refund on my annual plan?", "Yes, annual plans are refunded.", REFUND_POLICY),
        ("Can I get a refund on my annual plan?", "Yes, we refund annual plans.", REFUND_POLICY),
        ("Can I cancel my plan?", "Yes, plans can be cancelled at any time.", CANCEL_POLICY),
    ],
)
def test_a_lead_in_before_a_colon_does_not_affirm_the_denial_after_it(query, response, source):
    # "Our refund policy is simple" shares "refund" with the answer but says nothing.
    result = judge(query, response, source)

    assert not grounded(result)


def test_the_denial_after_a_colon_lead_in_is_supported():
    result = judge(
        "Can I get a refund on my annual plan?",
        "No, annual plans aren't refunded.",
        REFUND_POLICY,
    )

    assert grounded(result), result.rationale
