"""Which articles carry the most traffic in a period, and how they fare (SPEC §5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.conf import settings
from django.db.models import Max, Min, Sum

from audits.diagnostics import PeriodTotals
from audits.models import Bot
from content.models import (
    CAUSES,
    METRIC_FIELDS,
    Article,
    ArticleDayRollup,
    BotDayRollup,
    ReviewItem,
)
from content.periods import Period

SUMMED = (
    "retrievals", "top_ranked", "interactions", "conversations", "graded", "insufficient",
    "thumbs_down", "thumbs_up", "with_condition_misapplied",
    *(f"{m}_{part}" for m in METRIC_FIELDS for part in ("sum", "n", "below")),
    *(f"cause_{c}" for c in CAUSES),
)  # fmt: skip


def default_min_sample() -> int:
    return getattr(settings, "KBAUDIT_MIN_SAMPLE", 20)


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

    def mean(self, metric: str) -> float | None:
        n = self.totals[f"{metric}_n"]
        return self.totals[f"{metric}_sum"] / n if n else None

    def threshold(self, metric: str) -> float:
        return self.thresholds[metric]

    def share_below(self, metric: str) -> float | None:
        n = self.totals[f"{metric}_n"]
        return self.totals[f"{metric}_below"] / n if n else None

    @property
    def insufficient_rate(self) -> float | None:
        graded = self.totals["graded"]
        return self.totals["insufficient"] / graded if graded else None

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

    def period_totals(self) -> PeriodTotals:
        return PeriodTotals(**{k: v for k, v in self.totals.items() if k in PERIOD_FIELDS})


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


def _article_totals(bot: Bot, period: Period):
    return (
        ArticleDayRollup.objects.filter(bot=bot, day__gte=period.start, day__lte=period.end)
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


def article_ranking(
    *, bot: Bot, period: Period, min_sample: int | None = None, limit: int = 50, offset: int = 0
) -> Ranking:
    """Articles by traffic in ``period``; rows under ``min_sample`` interactions are hidden."""
    min_sample = default_min_sample() if min_sample is None else min_sample
    totals = _article_totals(bot, period)
    shown = totals.filter(interactions__gte=min_sample)
    total = shown.count()
    page = list(shown.order_by("-retrievals", "article_id")[offset : offset + limit])
    ids = [row["article_id"] for row in page]
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
    hidden = totals.filter(interactions__lt=min_sample).count()
    return Ranking(bot, period, rows, hidden, min_sample, total, has_year_ago)


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
