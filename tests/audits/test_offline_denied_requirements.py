"""The offline judge on a requirement said in one word: "you need to be present" against
"you don't need to be present" is one requirement, affirmed and denied, however little
else the clause says; its reason ("so we can read the meter") is not part of it."""

from __future__ import annotations

from tests.helpers import offline_judge as judge

METER_READINGS = (
    "Meter readings. Our readers visit every 3 months. Leave the meter cupboard unlocked; "
    "you don't need to be present. We post a card if we can't get in."
)


def test_a_requirement_the_source_denies_is_contradicted():
    result = judge(
        "Do I have to be there for the meter reading?",
        "Just so you know, you need to be present so we can read the meter.",
        METER_READINGS,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "contradictory"


def test_the_denial_restated_stands():
    result = judge(
        "Do I have to be there for the meter reading?",
        "No, you don't need to be present. Just leave the meter cupboard unlocked.",
        METER_READINGS,
    )

    assert result.verdict == "sufficient"


def test_a_requirement_the_source_states_stands():
    result = judge(
        "Does someone have to be there for the delivery?",
        "Yes, someone needs to be present on the day.",
        "Deliveries. We text you a 2-hour slot the day before; someone needs to be present.",
    )

    assert result.verdict == "sufficient"
