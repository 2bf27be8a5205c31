"""How many conversations happen when: weekly rhythm, back to school, the holiday peak."""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

# Support chat is busiest at the start of the week and quietest on Saturday.
WEEKDAY_FACTORS = (1.12, 1.08, 1.04, 1.0, 0.96, 0.86, 0.94)

# Hours of the day (UTC), weighted: a morning block and a larger evening block.
HOUR_WEIGHTS = (
    1.0, 0.6, 0.4, 0.3, 0.3, 0.4, 0.8, 1.5, 2.5, 3.2, 3.5, 3.4,
    3.3, 3.2, 3.1, 3.0, 2.9, 2.8, 3.0, 3.4, 3.6, 3.0, 2.2, 1.5,
)  # fmt: skip


def black_friday(year: int) -> date:
    """The day after the fourth Thursday of November."""
    first = date(year, 11, 1)
    first_thursday = first + timedelta(days=(3 - first.weekday()) % 7)
    return first_thursday + timedelta(days=22)


def window_start(end: date, months: int) -> date:
    """The first day of the month ``months - 1`` months before ``end``'s month."""
    month_index = end.year * 12 + (end.month - 1) - (months - 1)
    return date(month_index // 12, month_index % 12 + 1, 1)


def season(day: date) -> str:
    """The named period a day falls in; intents are asked more or less often by season."""
    friday = black_friday(day.year)
    if friday - timedelta(days=7) <= day <= date(day.year, 12, 24):
        return "peak"
    if date(day.year, 11, 1) <= day < friday - timedelta(days=7):
        return "pre_peak"
    if day >= date(day.year, 12, 26) or day <= date(day.year, 1, 15):
        return "post_peak"
    if date(day.year, 8, 15) <= day <= date(day.year, 9, 15):
        return "school"
    return "normal"


def seasons(end: date) -> dict[str, tuple[date, date]]:
    """Named date ranges around the log's last year, as the ranking pages would define them."""
    friday = black_friday(end.year)
    return {
        "back_to_school": (date(end.year, 8, 15), date(end.year, 9, 15)),
        "holiday_peak": (friday - timedelta(days=7), date(end.year, 12, 31)),
        "black_friday_weekend": (friday, friday + timedelta(days=3)),
    }


def day_factor(day: date) -> float:
    friday = black_friday(day.year)
    offset = (day - friday).days
    if 0 <= offset <= 3:  # Black Friday to Cyber Monday
        factor = 3.2
    elif -7 <= offset < 0:
        factor = 2.4
    elif -11 <= offset < -7:
        factor = 1.6
    elif offset > 3 and day <= date(day.year, 12, 24):
        factor = 1.9
    elif day.month == 11:
        factor = 1.15
    elif season(day) == "post_peak":
        factor = 1.5
    elif season(day) == "school":
        factor = 1.3
    elif day.month == 7:
        factor = 0.92  # summer holidays
    else:
        factor = 1.0
    return factor * WEEKDAY_FACTORS[day.weekday()]


def daily_counts(
    *, rng: random.Random, start: date, end: date, total: int
) -> list[tuple[date, int]]:
    """Split ``total`` interactions over the days, largest remainder first so they add up."""
    days = [start + timedelta(days=n) for n in range((end - start).days + 1)]
    weights = [day_factor(day) * rng.uniform(0.9, 1.1) for day in days]
    scale = total / sum(weights)
    exact = [weight * scale for weight in weights]
    counts = [int(value) for value in exact]
    by_remainder = sorted(range(len(days)), key=lambda i: (-(exact[i] - counts[i]), i))
    for index in by_remainder[: total - sum(counts)]:
        counts[index] += 1
    return list(zip(days, counts, strict=True))


def start_time(*, rng: random.Random, day: date) -> datetime:
    """When a conversation starts; late starts are kept early enough to end the same day."""
    hour = rng.choices(range(24), weights=HOUR_WEIGHTS)[0]
    minute = rng.randrange(40 if hour == 23 else 60)
    return datetime.combine(day, time(hour, minute, rng.randrange(60)))
