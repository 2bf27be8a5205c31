"""The offline judge on a deadline at the end of a day: midnight and 11:59pm (23:59)
are one time, the day being over either way; any other hour is still another time."""

from __future__ import annotations

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import digits_for_number_words
from tests.helpers import offline_judge as judge


def time_of(text: str):
    quantities = extract_quantities(digits_for_number_words(text))
    return next(quantity for quantity in quantities if quantity.kind == "time")


def test_midnight_and_the_last_minute_of_the_day_are_one_time():
    assert time_of("by midnight").same_value(time_of("by 11:59pm"))
    assert time_of("by 11:59pm").same_value(time_of("until midnight"))
    assert time_of("before 23:59").same_value(time_of("by midnight"))


def test_other_late_hours_are_still_other_times():
    assert not time_of("by midnight").same_value(time_of("by 11pm"))
    assert not time_of("by 11:30pm").same_value(time_of("by 11:59pm"))
    assert not time_of("by noon").same_value(time_of("by 11:59pm"))


ESSAY_DEADLINE = (
    "Coursework deadlines. Essays must be uploaded by 11:59pm on the Friday of week 10. "
    "Work uploaded after that is capped at a pass mark."
)


def test_a_deadline_at_midnight_restates_one_at_11_59pm():
    result = judge(
        "When is the essay due?",
        "You can upload your essay until midnight on the Friday of week 10.",
        ESSAY_DEADLINE,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_a_deadline_an_hour_earlier_still_contradicts_it():
    result = judge(
        "When is the essay due?",
        "You can upload your essay until 11pm on the Friday of week 10.",
        ESSAY_DEADLINE,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "contradictory"
