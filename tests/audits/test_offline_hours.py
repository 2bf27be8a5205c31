"""The offline judge on rules kept to hours of the day: a value or a service the source
gives for a range of hours, affirmed for a time the question names outside it, is a
condition misapplied; inside it, or for a question naming no time, it is supported."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

SURCHARGE = "A peak surcharge of £3 applies to collections between 4pm and 7pm on weekdays."
PHONES = "Our phone lines are open 9am to 5pm, Monday to Friday."
NIGHT = "Porters can let you into the building from 10pm until 6am, by calling the lodge."


@pytest.mark.parametrize(
    ("question", "source", "response"),
    [
        (
            "I'm collecting at 2pm on Friday. Is there a surcharge?",
            SURCHARGE,
            "Yes, there's a £3 peak surcharge on your collection.",
        ),
        (
            "I want to call at 8am tomorrow, will anyone answer?",
            PHONES,
            "Yes, our phone lines will be open then.",
        ),
        (
            "I'll get back at 4pm. Can the porters let me into the building?",
            NIGHT,
            "Yes, the porters can let you into the building then.",
        ),
    ],
)
def test_a_rule_affirmed_outside_its_hours_is_a_condition_misapplied(question, source, response):
    result = judge(question, response, source)

    assert not grounded(result)
    assert result.verdict != "sufficient"


@pytest.mark.parametrize(
    ("question", "source", "response"),
    [
        (
            "I'm collecting at 5pm on Friday. Is there a surcharge?",
            SURCHARGE,
            "Yes, there's a £3 peak surcharge on your collection.",
        ),
        (
            "I want to call at 10am tomorrow, will anyone answer?",
            PHONES,
            "Yes, our phone lines will be open then.",
        ),
        (
            "I'll get back at 1am. Can the porters let me into the building?",
            NIGHT,
            "Yes, the porters can let you into the building then.",
        ),
        (
            "When can I phone you?",
            PHONES,
            "Our phone lines are open Monday to Friday.",
        ),
    ],
)
def test_a_rule_affirmed_within_its_hours_is_supported(question, source, response):
    assert grounded(judge(question, response, source))


SATURDAY_QUESTION = "I want to call on Saturday morning, will anyone answer?"


@pytest.mark.parametrize(
    ("question", "source", "response"),
    [
        (SATURDAY_QUESTION, PHONES, "Yes, our phone lines will be open then."),
        (
            "Is there a surcharge if I collect this Sunday at 5pm?",
            SURCHARGE,
            "Yes, a £3 peak surcharge applies to your collection.",
        ),
        (
            "Can I book a tour of the brewery on Tuesday?",
            "Brewery tours run at weekends only, and cost £12 per person.",
            "Yes, brewery tours run then, and they cost £12 per person.",
        ),
    ],
)
def test_a_rule_affirmed_for_a_day_outside_its_days_is_a_condition_misapplied(
    question, source, response
):
    result = judge(question, response, source)

    assert not grounded(result)
    assert result.verdict != "sufficient"


@pytest.mark.parametrize(
    ("question", "source", "response"),
    [
        (
            "I want to call on Wednesday morning, will anyone answer?",
            PHONES,
            "Yes, our phone lines will be open then.",
        ),
        (
            "Can I book a tour of the brewery on Saturday?",
            "Brewery tours run at weekends only, and cost £12 per person.",
            "Yes, brewery tours run then, and they cost £12 per person.",
        ),
        (SATURDAY_QUESTION, PHONES, "Our phone lines are open Monday to Friday, so not then."),
    ],
)
def test_a_rule_affirmed_for_a_day_within_its_days_is_supported(question, source, response):
    assert grounded(judge(question, response, source))
