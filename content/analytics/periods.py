"""Periods for the ranking: a day, an ISO week, a month, or a named season.

Every period knows the one before it (for "change against the previous period") and the
same period a year earlier. A season's previous period is the stretch of equal length
just before it: autumn's is summer, the holiday peak's the six weeks leading into it.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from content.models import Season

KINDS = ("day", "week", "month", "season")


@dataclass(frozen=True)
class Period:
    kind: str
    start: date  # inclusive
    end: date  # inclusive
    label: str
    season: Season | None = None

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end

    def previous(self) -> Period:
        if self.kind == "day":
            return day_period(self.start - timedelta(days=1))
        if self.kind == "week":
            return week_period(self.start - timedelta(days=7))
        if self.kind == "month":
            return month_period(self.start - timedelta(days=1))
        end = self.start - timedelta(days=1)
        start = end - timedelta(days=self.days - 1)
        return Period("span", start, end, f"the {self.days} days before")

    def year_ago(self) -> Period:
        if self.kind == "week":
            year, week, _ = self.start.isocalendar()
            try:
                return week_period(date.fromisocalendar(year - 1, week, 1))
            except ValueError:  # week 53 has no twin
                return week_period(self.start - timedelta(weeks=52))
        if self.kind == "season" and self.season is not None:
            return season_period(self.season, _year_earlier(self.end))
        if self.kind == "month":
            return month_period(_year_earlier(self.start))
        return Period(
            self.kind,
            _year_earlier(self.start),
            _year_earlier(self.end),
            f"{self.label}, a year earlier",
        )


def day_bounds(first: date, last: date) -> tuple[datetime, datetime]:
    """[start, end) of the days first…last, as the rollups count days: in UTC."""
    return (
        datetime.combine(first, time.min, tzinfo=UTC),
        datetime.combine(last + timedelta(days=1), time.min, tzinfo=UTC),
    )


def _year_earlier(day: date) -> date:
    try:
        return day.replace(year=day.year - 1)
    except ValueError:  # 29 February
        return day.replace(year=day.year - 1, day=28)


def day_period(day: date) -> Period:
    return Period("day", day, day, day.strftime("%a %d %b %Y"))


def week_period(day: date) -> Period:
    monday = day - timedelta(days=day.weekday())
    year, week, _ = monday.isocalendar()
    return Period("week", monday, monday + timedelta(days=6), f"{year}-W{week:02d}")


def month_period(day: date) -> Period:
    last = calendar.monthrange(day.year, day.month)[1]
    return Period("month", day.replace(day=1), day.replace(day=last), day.strftime("%B %Y"))


def _clamped(year: int, month: int, day: int) -> date:
    return date(year, month, min(day, calendar.monthrange(year, month)[1]))


def season_occurrence(season: Season, start_year: int) -> tuple[date, date]:
    start = _clamped(start_year, season.start_month, season.start_day)
    wraps = (season.end_month, season.end_day) < (season.start_month, season.start_day)
    end = _clamped(start_year + 1 if wraps else start_year, season.end_month, season.end_day)
    return start, end


def season_period(season: Season, day: date) -> Period:
    """The occurrence of ``season`` that contains ``day``, else the latest one before it."""
    for start_year in (day.year, day.year - 1):
        start, end = season_occurrence(season, start_year)
        if start <= day <= end:
            return _season(season, start, end)
    start, end = season_occurrence(season, day.year)
    if start > day:
        start, end = season_occurrence(season, day.year - 1)
        if end >= day:  # only possible for a wrapping season
            start, end = season_occurrence(season, day.year - 2)
    return _season(season, start, end)


def _season(season: Season, start: date, end: date) -> Period:
    year = f"{start.year}" if start.year == end.year else f"{start.year}/{str(end.year)[2:]}"
    return Period("season", start, end, f"{season.name} {year}", season=season)


def period_for(kind: str, day: date, season: Season | None = None) -> Period:
    if kind == "day":
        return day_period(day)
    if kind == "week":
        return week_period(day)
    if kind == "month":
        return month_period(day)
    if kind == "season":
        if season is None:
            raise ValueError("a season period needs a season")
        return season_period(season, day)
    raise ValueError(f"unknown period kind {kind!r}; expected one of {', '.join(KINDS)}")
