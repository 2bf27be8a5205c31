"""The offline judge reading a source sentence into its value and the case it holds for:
cases listed as alternatives, the words that tell two cases apart, the clause of the
answer that holds a value, what a share is taken off, what "it" refers to, and the case
an "unless" lifts a denial in."""

from __future__ import annotations

from kbaudit.text.conditions import sentence_conditions, window_exceeded, window_met
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

RAILCARD = (
    "Discount cards. Students aged 18 to 25 and pensioners aged 66 and over get 25% off "
    "with a Rover Card, which costs £20 a year. The Rover Card discount does not apply to "
    "sleeper berths."
)


def test_two_age_bands_of_one_condition_are_alternatives():
    condition = sentence_conditions(
        "Students aged 18 to 25 and pensioners aged 66 and over get 25% off."
    )[0]
    seventy = extract_quantities("I'm 70")

    assert window_met(condition, seventy)
    assert not window_exceeded(condition, seventy)
    assert window_exceeded(condition, extract_quantities("I'm 40"))


def test_two_bounds_of_one_window_must_both_be_met():
    condition = sentence_conditions("Drivers aged over 25 and under 70 pay the standard rate.")[0]

    assert window_exceeded(condition, extract_quantities("I'm 72"))


def test_the_customer_in_the_second_age_band_gets_the_share():
    result = judge(
        "I'm 70 and I have a Rover Card. How much do I save?",
        "As a pensioner with a Rover Card you get 25% off.",
        RAILCARD,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_a_customer_in_neither_band_is_still_refused_the_share():
    result = judge(
        "I'm 40 and I have a Rover Card. How much do I save?",
        "With a Rover Card you get 25% off.",
        RAILCARD,
    )

    assert not grounded(result)
