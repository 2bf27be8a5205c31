"""Paraphrases of deposit and deadline rules:

- "a week before the event" is a length of time, read as 7 days;
- "nothing's been damaged" denies damage, as "there's no damage" does;
- "leaving" is departure;
- money that is "returned" is refunded, as money one "gets back" is.
"""

from __future__ import annotations

import pytest

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words, negation_targets
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

BOOKING = (
    "Deposits and guest lists. A 20% deposit holds your table. Guest lists are due 10 days "
    "before the party. The balance is due 7 days before the party."
)
KEYS = (
    "Key deposit. A £50 key deposit is paid when you move in. The deposit is returned within "
    "14 days of your departure if there's no damage to the room."
)


@pytest.mark.parametrize(
    ("text", "days"),
    [("due a week before the party", 7), ("an hour before you arrive", 1 / 24), ("a day after", 1)],
)
def test_a_length_of_time_before_or_after_a_point_is_a_value(text, days):
    (quantity,) = extract_quantities(digits_for_number_words(text))

    assert quantity.kind == "duration"
    assert quantity.low == pytest.approx(days)


def test_a_day_late_is_not_read_as_a_length():
    assert extract_quantities(digits_for_number_words("it comes back a day late")) == []


def test_a_deadline_given_another_items_length_is_flagged():
    result = judge(
        "When is the guest list due?", "We need the guest list a week before the party.", BOOKING
    )

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


def test_the_right_items_length_in_words_is_supported():
    result = judge(
        "When is the balance due?", "The balance is due a week before the party.", BOOKING
    )

    assert grounded(result)


def test_nothings_denies_what_follows():
    assert negation_targets("as long as nothing's been damaged") == [frozenset({"damag"})]


@pytest.mark.parametrize(
    "response",
    [
        "You'll get the £50 back within a fortnight of leaving, as long as nothing's been damaged.",
        "We refund the £50 within 14 days of you leaving if the room isn't damaged.",
    ],
)
def test_a_deposit_rule_in_other_words_is_supported(response):
    assert grounded(judge("When do I get my key deposit back?", response, KEYS))


def test_the_deposit_rule_with_its_case_flipped_is_flagged():
    result = judge(
        "When do I get my key deposit back?",
        "You'll get the £50 back within a fortnight of leaving, even if the room is damaged.",
        KEYS,
    )

    assert not grounded(result)


@pytest.mark.parametrize(
    ("text", "word"),
    [("after your departure", "leave"), ("the deposit is returned", "refund")],
)
def test_the_paraphrase_reads_as_the_plain_word(text, word):
    assert content_stems(word)[0] in content_stems(text)


def test_an_item_returned_is_still_a_return():
    assert "refund" not in content_stems("the parcel is returned to us")


@pytest.mark.parametrize(
    ("text", "days"),
    [("the hour-long walk", 1 / 24), ("a half-hour lesson", 1 / 48), ("a week-long course", 7)],
)
def test_a_length_written_before_its_noun_is_a_value(text, days):
    (quantity,) = extract_quantities(digits_for_number_words(text))

    assert quantity.low == pytest.approx(days)
