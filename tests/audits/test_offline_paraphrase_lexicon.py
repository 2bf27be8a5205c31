"""The help-centre paraphrase lexicon: answers that say an article's facts in other
words are supported, and answers that reuse those words to change a value, a polarity
or a condition are still flagged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kbaudit.text import tokens
from kbaudit.text.paraphrases import PHRASE_EQUIVALENTS, WORD_EQUIVALENTS
from kbaudit.text.tokens import content_stems, negation_targets, stem
from tests.helpers import fully_grounded, offline_grade

DOMAIN = "Customer help for Playstack, a games shop: returns, orders, delivery and repairs."

RETURNS = (
    "Returns",
    "Returns. Unopened games can be returned within 14 days with your receipt for a full "
    "refund. Opened games cannot be returned.",
)
FAULTS = (
    "Faulty consoles",
    "Faulty consoles. Contact us within 7 days of delivery to report a fault. We will "
    "phone you to arrange a collection.",
)
BOOKINGS = (
    "Repair bookings",
    "Repair bookings. You can cancel a repair booking up to 48 hours before your "
    "appointment. Repairs are free for consoles bought from us.",
)


# --- Words and phrases read as one -------------------------------------------------


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("swap it", "exchange it"),
        ("proof of purchase", "receipt"),
        ("get in touch with us", "contact us"),
        ("call the booking off", "cancel the booking"),
        ("hand the game back", "return the game"),
        ("we will give you a call", "we will call you"),
        ("ring us", "call us"),
        ("ready for collection", "ready to collect"),
        ("on our website", "online"),
        ("we will notify you", "we will tell you"),
        ("put it right", "fix it"),
        ("in any of our shops", "in any of our stores"),
        ("a complimentary drink", "a free drink"),
        ("build up 500 points", "collect 500 points"),
        ("store your parcel for you", "keep your parcel for you"),
        ("tell us within 3 days", "contact us within 3 days"),
        (
            "bring your pension over from another provider",
            "transfer your pension from another provider",
        ),
        ("the glasses you have at the moment", "the glasses you have currently"),
        ("you are not obliged to buy it", "you do not have to buy it"),
        ("when the book comes in.", "when the book arrives."),
        ("fill in the form", "complete the form"),
        ("make a claim", "claim"),
        ("provided that you have a receipt", "if you have a receipt"),
        ("prior to your visit", "before your visit"),
        ("the license center", "the licence centre"),
        ("call us from your cell phone", "call us from your mobile"),
        ("turn it off in settings", "disable it in settings"),
        ("pay at the checkout", "pay at the till"),
        ("we will respond to your query", "we will reply to your enquiry"),
        ("up to two days after your parcel turns up", "up to two days after delivery"),
        ("the savings you paid in", "your savings"),
        ("cancel in your first week", "cancel within 1 week"),
        ("animals that are alive", "live animals"),
        ("the showers are open round the clock", "the showers are open 24 hours"),
        ("beyond that it is 25p a mile", "after that it is 25p a mile"),
        ("a ticket which is refundable", "a refundable ticket"),
        ("make or change a reservation online", "book or change a reservation online"),
        ("make and pay for bookings", "book and pay for bookings"),
    ],
)
def test_a_help_centre_paraphrase_reads_as_the_article_wording(said, written):
    assert content_stems(said) == content_stems(written)


def test_words_a_customer_would_not_swap_stay_apart():
    # "shopping" is no shop, "fixed" no repair, a "hold" no keeping.
    assert stem("shopping") != stem("shop")
    assert stem("fixed") != stem("repaired")
    assert stem("hold") != stem("keep")
    assert stem("gave") != stem("offer")
    # A hotel's check-out is no shop's till, and "till 6pm" is a time.
    assert content_stems("check-out is at 11am") != content_stems("till is at 11am")
    # "costly" strips to "cost": folding it would fold every cost.
    assert stem("cost") == stem("price") != stem("expensive")
    # Only a booking is made by booking it: a cake made and brought is made.
    assert "mak" in content_stems("make and bring a cake to the party")
    # Work done "by hand in the 19th century" is handed in to no one.
    assert "hand" in content_stems("It was done by hand in the 19th century.")


def test_every_variant_stems_to_the_first_word_of_its_line():
    for canonical, variants in WORD_EQUIVALENTS:
        assert canonical.isalpha() and variants.split()
        for variant in variants.split():
            assert stem(variant) == stem(canonical), variant
    for needed, pattern, _ in PHRASE_EQUIVALENTS:
        assert needed.split() and pattern.pattern


def test_the_lexicon_loads_without_the_network():
    # Every socket refuses to connect: the word lists are data in the package.
    script = (
        "import socket\n"
        "class Offline(socket.socket):\n"
        "    def connect(self, *args):\n"
        "        raise OSError('no network')\n"
        "def refuse(*args, **kwargs):\n"
        "    raise OSError('no network')\n"
        "socket.socket = Offline\n"
        "socket.create_connection = refuse\n"
        "from kbaudit.text.tokens import content_stems\n"
        "assert content_stems('swap it') == content_stems('exchange it')\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


# --- Correct answers in other words are supported -----------------------------------


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can I take back a game I haven't opened?",
            "Yes, you can hand it back within 14 days with proof of purchase for a full refund.",
            RETURNS,
        ),
        (
            "My console stopped working. What do I do?",
            "Get in touch within seven days of delivery to report the fault, and they'll give "
            "you a call to arrange a collection.",
            FAULTS,
        ),
        (
            "Can I cancel my repair?",
            "Yes, you can call the repair booking off up to 48 hours before your appointment.",
            BOOKINGS,
        ),
    ],
)
def test_an_answer_in_help_centre_synonyms_is_supported(query, response, source):
    assert fully_grounded(offline_grade(query, response, DOMAIN, source))


# --- Wrong answers in the same synonyms stay flagged --------------------------------


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        # A denial the synonym now meets: opened games cannot be returned.
        (
            "Can I return a game I've opened?",
            "Yes, opened games can be handed back with proof of purchase.",
            RETURNS,
        ),
        # A changed value: 14 days, not 30.
        (
            "How long do I have to return a game?",
            "You can hand an unopened game back within 30 days with proof of purchase.",
            RETURNS,
        ),
        # A changed window: 7 days, not 10.
        (
            "My console is faulty. How long do I have?",
            "Get in touch within ten days of delivery to report the fault.",
            FAULTS,
        ),
        # A changed notice: 48 hours, not 24.
        (
            "Can I cancel my repair?",
            "Yes, you can call the repair booking off up to 24 hours before your appointment.",
            BOOKINGS,
        ),
    ],
)
def test_a_wrong_answer_in_help_centre_synonyms_stays_flagged(query, response, source):
    result = offline_grade(query, response, DOMAIN, source)
    assert not fully_grounded(result)
    assert result.verdict != "sufficient"


# --- The clause a fact's polarity is read against ------------------------------------


def test_a_denial_is_read_in_the_clause_saying_what_the_heading_does_not():
    # "Ordering parts." shares as many of the fact's words as the denial does; the
    # denial also says "buy", which the heading never names.
    source = (
        "Ordering parts",
        "Ordering parts. We can order parts that are not in stock. There is no charge for "
        "ordering, and you do not have to buy the part when it arrives.",
    )
    result = offline_grade(
        "If I order a part, must I buy it?",
        "Yes, once you've ordered a part you have to buy it.",
        DOMAIN,
        source,
    )
    assert not fully_grounded(result)


def test_a_denial_after_but_keeps_the_subject_of_the_clause_before():
    source = (
        "Returns and remakes",
        "Returns and remakes. If you are not happy with your new shoes, return them within "
        "30 days with your receipt and we will give you a full refund. Made-to-measure "
        "shoes can be exchanged but not refunded.",
    )
    result = offline_grade(
        "Can I get my money back on made-to-measure shoes?",
        "Yes, made-to-measure shoes can be handed back for a full refund.",
        DOMAIN,
        source,
    )
    assert any(fact.reason == "contradicts_source" for fact in result.unsupported)


def test_a_negated_be_after_if_denies_nothing_of_the_clause_before():
    # "if you are not happy" denies the happiness, not the 3 days to tell us in.
    (target,) = negation_targets("Tell us within 3 days of the visit if you are not happy.")
    assert stem("day") not in target and stem("visit") not in target
    assert stem("happy") in target


def test_swapping_for_a_new_one_replaces_and_for_another_one_exchanges():
    assert content_stems("swap it for a new one") == content_stems("replace it")
    assert content_stems("swap your class for another one") != content_stems("replace your class")


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for reaching out! We have swapped it for a new one.",
        "They rang us and we handed the parcel back.",
        "Switching it off and turning it on again, then signing out, fixes it.",
        "She signed up, built up 200 points and opted in to emails.",
        "We stored them for you and brought your balance over from Acme.",
        "Call the booking off; it ran out last week and it comes in.",
        "Put it right, and customer services will tell us.",
        "In your first year the money you put in is safe once your order arrived.",
    ],
)
def test_a_phrase_is_rewritten_wherever_it_occurs_though_only_texts_with_its_words_are_searched(
    text,
):
    # The words each phrase needs only spare the search: they must never hide a match.
    ungated = text
    for _, pattern, replacement in tokens._PHRASES:
        ungated = pattern.sub(replacement, ungated)
    assert tokens.rewrite_phrases(text) == ungated


LOUNGE = (
    "The lounge",
    "The lounge. The lounge opens at 8am. Children are welcome in the garden room but not "
    "in the bar.",
)


def test_an_answer_affirming_what_a_source_denies_after_but_is_flagged():
    result = offline_grade(
        "Can my children come into the bar?",
        "Yes, children are welcome in the bar as well as in the garden room.",
        DOMAIN,
        LOUNGE,
    )
    assert any(fact.reason == "contradicts_source" for fact in result.unsupported)


def test_an_answer_keeping_the_denial_after_but_is_supported():
    result = offline_grade(
        "Can my children come into the bar?",
        "No, children are allowed in the garden room but not in the bar.",
        DOMAIN,
        LOUNGE,
    )
    assert fully_grounded(result)


CLASSES = (
    "Junior classes",
    "Junior classes. Junior swimming lessons run on Saturdays only and cost £8.",
)


def test_any_day_against_a_source_that_keeps_it_to_some_days_is_flagged():
    result = offline_grade(
        "When are junior swimming lessons?",
        "Junior swimming lessons run on any day of the week.",
        DOMAIN,
        CLASSES,
    )
    assert any(fact.reason == "contradicts_source" for fact in result.unsupported)


def test_the_days_a_source_keeps_it_to_are_supported():
    result = offline_grade(
        "When are junior swimming lessons?",
        "Junior swimming lessons are on Saturdays only, at £8.",
        DOMAIN,
        CLASSES,
    )
    assert fully_grounded(result)


SCREENS = (
    "Screen repairs",
    "Screen repairs. A cracked screen is replaced at half price in the first year. "
    "Software fixes are free.",
)


def test_free_said_of_what_a_source_only_makes_cheaper_is_flagged():
    result = offline_grade(
        "My screen cracked last month. What will it cost?",
        "In the first year a cracked screen is swapped for a new one at no charge.",
        DOMAIN,
        SCREENS,
    )
    assert any(fact.reason == "contradicts_source" for fact in result.unsupported)


def test_the_reduced_price_itself_is_supported():
    result = offline_grade(
        "My screen cracked last month. What will it cost?",
        "In the first year a cracked screen is replaced at half price.",
        DOMAIN,
        SCREENS,
    )
    assert fully_grounded(result)


WARRANTY = (
    "Warranty",
    "Warranty. Faulty bikes are repaired free of charge within 2 years. Bikes that have "
    "been damaged in a crash are not covered.",
)


def test_a_promise_for_a_case_the_source_does_not_cover_is_flagged():
    result = offline_grade(
        "I crashed my bike. Will you repair it?",
        "If it was damaged in a crash, just bring it back within 2 years and it'll be repaired.",
        DOMAIN,
        WARRANTY,
    )
    assert any(fact.reason == "condition_misapplied" for fact in result.unsupported)


def test_saying_the_case_is_not_covered_is_supported():
    result = offline_grade(
        "I crashed my bike. Will you repair it?",
        "If it was damaged in a crash, it isn't covered.",
        DOMAIN,
        WARRANTY,
    )
    assert fully_grounded(result)


def test_a_relative_clause_is_read_as_a_state_only_where_no_phrase_makes_it_a_verb():
    # "checked in" and "sent to us" are things done, not states of the bags and items.
    assert content_stems("bags that are checked in") == content_stems("bags checked in")
    assert "send" in content_stems("items that are sent to us")
    # A pronoun has no noun to stand before.
    assert content_stems("those that are unopened") == content_stems("those unopened")


GOODS = (
    "What you can't sell",
    "What you can't sell. Weapons, medicines and live animals cannot be listed. Used "
    "cosmetics can only be listed if they are unopened.",
)


def test_a_state_said_in_a_relative_clause_meets_the_article_and_its_denial():
    assert fully_grounded(
        offline_grade(
            "What can't I list?",
            "You can't list animals that are alive, or medicines.",
            DOMAIN,
            GOODS,
        )
    )
    flagged = offline_grade(
        "Can I list a pet?", "Yes, animals that are alive can be listed.", DOMAIN, GOODS
    )
    assert not fully_grounded(flagged)


def test_what_a_policy_is_given_as_reads_as_what_it_gives():
    # "is given" of a rule in the present, as "we give": "was given" tells a story.
    assert set(content_stems("Medication is given at no extra charge.")) == set(
        content_stems("We give medication at no extra charge.")
    )
    assert "offer" not in content_stems("She was given the award in 1998.")
    result = offline_grade(
        "Do you charge for medication?",
        "Medication is given free of charge.",
        "Customer help for a boarding kennel: prices, care and medication.",
        ("Care", "Care and medication. We give medication at no extra charge."),
    )
    assert fully_grounded(result), result.rationale
