"""The offline judge on times of day written on the clock ("06:30", "21:00") and on a
range restated in other words: one range, not two rival times."""

from __future__ import annotations

from audits.judges.offline.decompose import Fact
from audits.judges.offline.redundancy import conflicting_pairs
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words
from tests.helpers import offline_judge as judge


def times(text: str) -> list[float]:
    quantities = extract_quantities(digits_for_number_words(text))
    return [quantity.low for quantity in quantities if quantity.kind == "time"]


def test_a_time_on_the_24_hour_clock_is_a_time_of_day():
    assert times("Check-in opens at 06:30 and closes at 21:00.") == [6.5, 21.0]


def test_a_bare_early_hour_on_the_clock_reads_as_the_afternoon_alone():
    assert times("The pool closes at 6:30.") == [18.5]


def test_a_range_that_would_end_before_it_starts_starts_in_the_morning():
    assert times("between half past six and half past nine") == [6.5, 9.5]
    assert times("from 6:30 to 9:30 on weekdays") == [6.5, 9.5]
    assert times("from 6 to 9pm") == [21.0]  # "6" alone is no time of day


def fact(text: str) -> Fact:
    converted = digits_for_number_words(text)
    return Fact(
        text=text,
        stems=frozenset(content_stems(converted)),
        quantities=extract_quantities(converted),
        negated=False,
    )


def test_two_facts_giving_the_same_range_are_not_two_rival_values():
    same = [
        fact("Off-peak lane swimming runs from 06:30 to 09:30 on weekdays."),
        fact("Off-peak lane swimming is 6:30 to 9:30 on weekdays."),
    ]
    other = [
        fact("Off-peak lane swimming runs from 06:30 to 09:30 on weekdays."),
        fact("Off-peak lane swimming runs from 06:30 to 10:30 on weekdays."),
    ]

    assert conflicting_pairs(same) == []
    assert conflicting_pairs(other) == [(0, 1)]


def test_a_range_said_twice_is_a_restatement_not_a_contradiction():
    result = judge(
        "When is off-peak lane swimming?",
        "Off-peak lane swimming runs from 06:30 to 09:30 on weekdays. So off-peak lane "
        "swimming is 6:30 to 9:30 on weekdays.",
        "Lane swimming. Off-peak lane swimming runs from 06:30 to 09:30 on weekdays. "
        "Off-peak sessions cost £3.50.",
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["self_distinctness"] < 1


BIKE_DROP_OFF = (
    "Bike hire returns. Bikes must be dropped off by 7pm on the last day of hire. "
    "Late returns are charged £10 per bike for each extra day."
)


def test_two_times_of_day_answering_what_time_in_other_words_are_rivals():
    # "back by 6pm" shares no word with "return" or "dropped off", but a time of day
    # answers "what time ...?" however it is worded.
    result = judge(
        "What time do I need to return the bikes?",
        "Please drop the bikes off by 7pm on the last day of hire. Make sure they're "
        "back by 6pm on your last day.",
        BIKE_DROP_OFF,
    )
    assert result.verdict == "insufficient"
    assert result.cause == "contradictory"


def test_one_time_of_day_in_other_words_is_no_rival():
    result = judge(
        "What time do I need to return the bikes?",
        "Make sure they're back by 7pm on your last day. Late returns are £10 per bike "
        "for each extra day.",
        BIKE_DROP_OFF,
    )
    assert result.verdict == "sufficient", result.rationale
