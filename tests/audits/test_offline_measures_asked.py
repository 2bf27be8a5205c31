"""The offline judge on a question asking how much of a measure ("how much power", "how
much capacity"): it asks for a value in the measure's unit, written apart from its
number or against it ("6kW", "20,000mAh"), not for a price."""

from __future__ import annotations

import pytest

from kbaudit.text.quantities import extract_quantities
from tests.helpers import offline_judge as judge

GENERATORS = (
    "Generator hire. Model | Sockets | Output | Day rate. Compact | 2 | 2.5kW | £35. "
    "Site | 4 | 6kW | £60. Fuel is charged separately at cost."
)
POWER_BANKS = (
    "Power banks. Model | Capacity | Price. Pocket | 5,000mAh | £19. Max | 20,000mAh | £39."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "How much power does the Site generator give, and what's the day rate?",
            "The Site generator gives 6kW for £60 a day.",
            GENERATORS,
        ),
        (
            "How many sockets does the Site generator have, and how much power is that?",
            "The Site generator has 4 sockets, 6kW in total.",
            GENERATORS,
        ),
        (
            "What does the Max cost, and how much capacity does it have?",
            "The Max holds 20,000mAh and costs £39.",
            POWER_BANKS,
        ),
    ],
)
def test_a_value_in_the_measures_unit_answers_how_much_of_it(query, response, source):
    result = judge(query, response, source)

    assert result.verdict == "sufficient"
    assert result.metrics()["response_query_coverage"] == 1.0


def test_a_value_of_another_measure_does_not_answer_how_much_of_this_one():
    result = judge(
        "What's the day rate for the Site generator, and how much fuel does it use?",
        "The Site generator gives 6kW for £60 a day.",
        GENERATORS,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "partial"


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [("a 2.5kW output", "kw", 2.5), ("2.5 kW", "kw", 2.5), ("a 20,000mAh battery", "mah", 20000)],
)
def test_a_unit_written_against_its_number_is_read_with_it(text, unit, value):
    (quantity,) = extract_quantities(text)

    assert (quantity.unit, quantity.low) == (unit, value)


@pytest.mark.parametrize("text", ["Doors open at 3pm.", "Ask for 2x the usual amount."])
def test_other_letters_after_a_number_are_no_unit_of_it(text):
    assert all(quantity.unit not in ("pm", "x") for quantity in extract_quantities(text))
