from __future__ import annotations

from datetime import date

import pytest

from content.analytics.periods import period_for, season_occurrence
from tests.factories import SeasonFactory

HOLIDAY = SeasonFactory.build(
    name="Holiday peak", slug="holiday-peak", start_month=11, start_day=20, end_month=12, end_day=31
)
WINTER = SeasonFactory.build(
    name="Winter", slug="winter", start_month=12, start_day=1, end_month=2, end_day=29
)


def test_a_week_is_the_iso_week_and_knows_its_neighbours():
    week = period_for("week", date(2026, 11, 27))
    assert (week.start, week.end, week.label) == (
        date(2026, 11, 23),
        date(2026, 11, 29),
        "2026-W48",
    )
    assert week.previous().label == "2026-W47"
    assert week.year_ago().label == "2025-W48"


def test_a_month_and_its_previous_month_across_a_year_boundary():
    january = period_for("month", date(2026, 1, 15))
    assert (january.start, january.end) == (date(2026, 1, 1), date(2026, 1, 31))
    assert (january.previous().start, january.previous().end) == (
        date(2025, 12, 1),
        date(2025, 12, 31),
    )
    assert january.year_ago().start == date(2025, 1, 1)


def test_a_day_a_year_earlier_handles_29_february():
    leap = period_for("day", date(2028, 2, 29))
    assert leap.year_ago().start == date(2027, 2, 28)
    assert leap.previous().start == date(2028, 2, 28)


def test_a_custom_season_contains_its_days_and_compares_with_the_weeks_before_it():
    peak = period_for("season", date(2026, 11, 27), HOLIDAY)
    assert (peak.start, peak.end, peak.label) == (
        date(2026, 11, 20),
        date(2026, 12, 31),
        "Holiday peak 2026",
    )
    before = peak.previous()
    assert before.end == date(2026, 11, 19) and before.days == peak.days == 42
    assert peak.year_ago().start == date(2025, 11, 20)


def test_outside_its_season_the_latest_occurrence_is_used():
    assert period_for("season", date(2026, 6, 1), HOLIDAY).start == date(2025, 11, 20)


@pytest.mark.parametrize(
    ("day", "start", "end"),
    [
        (date(2026, 1, 10), date(2025, 12, 1), date(2026, 2, 28)),
        (date(2027, 12, 24), date(2027, 12, 1), date(2028, 2, 29)),
        (date(2026, 7, 1), date(2025, 12, 1), date(2026, 2, 28)),
    ],
)
def test_winter_wraps_the_new_year_and_clamps_29_february(day, start, end):
    winter = period_for("season", day, WINTER)
    assert (winter.start, winter.end) == (start, end)


def test_season_occurrence_of_a_non_wrapping_season():
    assert season_occurrence(HOLIDAY, 2026) == (date(2026, 11, 20), date(2026, 12, 31))


def test_an_unknown_kind_is_an_error():
    with pytest.raises(ValueError, match="unknown period kind"):
        period_for("fortnight", date(2026, 1, 1))
