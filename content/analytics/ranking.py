"""Which articles carry the most traffic in a period, and how they fare (SPEC §5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.conf import settings
from django.db import connection
from django.db.models import Max, Min, Sum

from audits.diagnostics import PeriodTotals
from audits.models import Bot
from content.analytics.periods import Period
from content.models import (
    CAUSES,
    METRIC_FIELDS,
    Article,
    ArticleDayRollup,
    BotDayRollup,
    ReviewItem,
)

SUMMED = (
    "retrievals", "top_ranked", "interactions", "conversations", "graded", "insufficient",
    "thumbs_down", "thumbs_up", "with_condition_misapplied", "escalated",
    *(f"{m}_{part}" for m in METRIC_FIELDS for part in ("sum", "n", "below")),
    *(f"cause_{c}" for c in CAUSES),
    # attribution: the retrievals credited to the article, and those that were noise
    "credited", "covered", "grounded", "on_topic", "noise",
)  # fmt: skip


def default_min_sample() -> int:
    return settings.KBAUDIT_MIN_SAMPLE


@dataclass
class RankedArticle:
    rank: int
    article: Article
    totals: dict[str, int | float]
    previous_traffic: int | None = None
    year_ago_traffic: int | None = None
    active_items: list[ReviewItem] = field(default_factory=list)
    thresholds: dict[str, float] = field(default_factory=dict)

    @property
    def traffic(self) -> int:
        return int(self.totals["retrievals"])

    @property
    def credited(self) -> int:
        """Retrievals in which the article covered, grounded or was about what was asked."""
        return int(self.totals.get("credited") or 0)

    def mean(self, metric: str) -> float | None:
        n = self.totals[f"{metric}_n"]
        return self.totals[f"{metric}_sum"] / n if n else None

    def threshold(self, metric: str) -> float:
        return self.thresholds[metric]

    @property
    def insufficient_rate(self) -> float | None:
        graded = self.totals["graded"]
        return self.totals["insufficient"] / graded if graded else None

    @property
    def escalation_rate(self) -> float | None:
        """Share of the interactions that retrieved the article and went to a person."""
        interactions = self.totals["interactions"]
        return self.totals["escalated"] / interactions if interactions else None

    @staticmethod
    def _change(now: int, before: int | None) -> float | None:
        if not before:
            return None
        return (now - before) / before

    @property
    def change(self) -> float | None:
        return self._change(self.traffic, self.previous_traffic)

    @property
    def year_change(self) -> float | None:
        return self._change(self.traffic, self.year_ago_traffic)


PERIOD_FIELDS = set(PeriodTotals.__dataclass_fields__)


@dataclass
class Ranking:
    bot: Bot
    period: Period
    rows: list[RankedArticle]
    hidden: int  # articles below the minimum sample
    min_sample: int
    total: int  # rows shown across all pages
    has_year_ago: bool


def _article_totals(bot: Bot, period: Period, article_ids: list[int]):
    return (
        ArticleDayRollup.objects.filter(
            bot=bot, day__gte=period.start, day__lte=period.end, article_id__in=article_ids
        )
        .values("article_id")
        .annotate(**{name: Sum(name) for name in SUMMED})
    )


def _traffic_by_article(bot: Bot, period: Period, article_ids: list[int]) -> dict[int, int]:
    rows = (
        ArticleDayRollup.objects.filter(
            bot=bot, day__gte=period.start, day__lte=period.end, article_id__in=article_ids
        )
        .values("article_id")
        .annotate(traffic=Sum("retrievals"))
    )
    return {row["article_id"]: row["traffic"] for row in rows}


RANKED_IDS_SQL = """
SELECT article_id,
       SUM(CASE WHEN sample >= %(min)s THEN 1 ELSE 0 END) OVER () AS shown,
       COUNT(*) OVER () AS articles
FROM (
    SELECT article_id, SUM(retrievals) AS traffic, SUM(interactions) AS sample
    FROM {table}
    WHERE bot_id = %(bot)s AND day >= %(start)s AND day <= %(end)s
    GROUP BY article_id
) AS per_article
ORDER BY CASE WHEN sample >= %(min)s THEN 0 ELSE 1 END, traffic DESC, article_id
LIMIT %(limit)s OFFSET %(offset)s
"""


def _ranked_ids(
    bot: Bot, period: Period, min_sample: int, limit: int, offset: int
) -> tuple[list[int], int, int]:
    """One pass over the period's rollups: the page's article ids by traffic, and how
    many articles reach the minimum sample and how many do not."""
    params = {
        "min": min_sample, "bot": bot.pk, "start": period.start, "end": period.end,
        "limit": limit, "offset": offset,
    }  # fmt: skip
    sql = RANKED_IDS_SQL.format(table=connection.ops.quote_name(ArticleDayRollup._meta.db_table))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
        if not rows and offset:
            cursor.execute(sql, {**params, "limit": 1, "offset": 0})
            first = cursor.fetchall()
            return [], *((first[0][1], first[0][2] - first[0][1]) if first else (0, 0))
    if not rows:
        return [], 0, 0
    shown, hidden = rows[0][1], rows[0][2] - rows[0][1]
    # rows past the shown ones are the hidden articles' (sorted after them)
    return [row[0] for row in rows[: max(0, shown - offset)]], shown, hidden


def article_ranking(
    *, bot: Bot, period: Period, min_sample: int | None = None, limit: int = 50, offset: int = 0
) -> Ranking:
    """Articles by traffic in ``period``; rows under ``min_sample`` interactions are hidden.

    Ranking and counting read two sums per article; the full totals are summed only for
    the page shown."""
    min_sample = default_min_sample() if min_sample is None else min_sample
    ids, shown, hidden = _ranked_ids(bot, period, min_sample, limit, offset)
    by_id = {row["article_id"]: row for row in _article_totals(bot, period, ids)}
    page = [by_id[article_id] for article_id in ids]
    articles = Article.objects.in_bulk(ids)
    first_day, _ = data_span(bot)
    previous_period, year_period = period.previous(), period.year_ago()
    has_previous = first_day is not None and first_day <= previous_period.start
    has_year_ago = first_day is not None and first_day <= year_period.start
    previous = _traffic_by_article(bot, previous_period, ids) if has_previous else {}
    year_ago = _traffic_by_article(bot, year_period, ids) if has_year_ago else {}
    items = _active_items(bot, ids)
    thresholds = bot.thresholds()
    rows = [
        RankedArticle(
            rank=offset + index + 1,
            article=articles[row["article_id"]],
            totals=row,
            previous_traffic=previous.get(row["article_id"], 0) if has_previous else None,
            year_ago_traffic=year_ago.get(row["article_id"], 0) if has_year_ago else None,
            active_items=items.get(row["article_id"], []),
            thresholds=thresholds,
        )
        for index, row in enumerate(page)
    ]
    return Ranking(bot, period, rows, hidden, min_sample, shown, has_year_ago)


def _active_items(bot: Bot, article_ids: list[int]) -> dict[int, list[ReviewItem]]:
    items: dict[int, list[ReviewItem]] = {}
    for item in ReviewItem.objects.active().filter(bot=bot, article_id__in=article_ids):
        items.setdefault(item.article_id, []).append(item)
    return items


def data_span(bot: Bot) -> tuple[date | None, date | None]:
    """The first and last day with traffic: a change is only shown where the logs reach
    back to the start of the earlier period (so that zero means zero)."""
    span = BotDayRollup.objects.filter(bot=bot).aggregate(first=Min("day"), last=Max("day"))
    return span["first"], span["last"]
