"""Series and totals for the overview and article pages, read from the rollups."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db.models import QuerySet, Sum

from audits.abstention.assessment import REASON_HANDLING
from audits.diagnostics import Diagnosis, PeriodTotals, diagnose, period_context
from audits.judges.base import METRICS
from audits.models import Bot, Evaluation
from content.analytics.ranking import PERIOD_FIELDS, SUMMED, default_min_sample
from content.models import CAUSES, ArticleDayRollup, BotDayRollup, TopicDayRollup
from kbaudit.lib.thresholds import below_bound

BOT_EXTRA = (
    "skipped", "unasked_3plus", "with_unsupported", "with_redundant",
    "with_condition_misapplied", "no_sources", "prompt_tokens", "completion_tokens",
    "declined", "should_have_declined", "over_refusal", "bad_quotes",
    "reason_nothing_retrieved", "reason_not_in_retrieved", "reason_ambiguous",
    "reason_out_of_domain", "missing", "missing_questions",
)  # fmt: skip
CAUSE_LABELS = {
    "contradictory": "Contradictory",
    "partial": "Partial",
    "no_content": "No content",
    "out_of_scope": "Out of scope",
    "user_feedback": "Thumbs-down",
}


def granularity_for(first: date, last: date) -> str:
    return "day" if (last - first).days <= 62 else "week"


def bucket(day: date, granularity: str) -> date:
    return day - timedelta(days=day.weekday()) if granularity == "week" else day


@dataclass
class Series:
    buckets: list[date]
    totals: list[dict]

    def mean(self, metric: str) -> list[float | None]:
        return [
            t[f"{metric}_sum"] / t[f"{metric}_n"] if t.get(f"{metric}_n") else None
            for t in self.totals
        ]

    def values(self, name: str) -> list[int]:
        return [t.get(name) or 0 for t in self.totals]


def series(rows: QuerySet, fields: tuple[str, ...], granularity: str) -> Series:
    """Sum daily rollups into day or week buckets."""
    buckets: OrderedDict[date, dict] = OrderedDict()
    for row in rows.values("day").annotate(**{f: Sum(f) for f in fields}).order_by("day"):
        totals = buckets.setdefault(bucket(row["day"], granularity), dict.fromkeys(fields, 0))
        for name in fields:
            totals[name] += row[name] or 0
    return Series(list(buckets), list(buckets.values()))


def total(rows: QuerySet, fields: tuple[str, ...]) -> dict:
    sums = rows.aggregate(**{f: Sum(f) for f in fields})
    return {name: value or 0 for name, value in sums.items()}


def metric_shares(totals: dict) -> dict[str, float | None]:
    """Share of graded answers below threshold, per metric."""
    return {
        m: (totals[f"{m}_below"] / totals[f"{m}_n"] if totals[f"{m}_n"] else None) for m in METRICS
    }


@dataclass
class Overview:
    bot: Bot
    first: date
    last: date
    granularity: str
    series: Series
    totals: dict
    causes: dict[str, int]
    topics: list[dict]
    shares: dict[str, float | None]
    diagnoses: list[Diagnosis] = field(default_factory=list)

    def share(self, name: str) -> float | None:
        graded = self.totals["graded"]
        return self.totals[name] / graded if graded else None


ARTICLE_ONLY = ("retrievals", "top_ranked", "credited", "covered", "grounded", "on_topic")
BOT_FIELDS = tuple(dict.fromkeys([f for f in SUMMED if f not in ARTICLE_ONLY] + list(BOT_EXTRA)))


def bot_overview(*, bot: Bot, first: date, last: date, topic_limit: int = 24) -> Overview:
    rows = BotDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last)
    granularity = granularity_for(first, last)
    totals = total(rows, BOT_FIELDS)
    context = period_context(
        PeriodTotals(**{k: v for k, v in totals.items() if k in PERIOD_FIELDS}),
        thresholds=bot.thresholds(),
        min_sample=default_min_sample(),
    )
    return Overview(
        bot=bot,
        first=first,
        last=last,
        granularity=granularity,
        series=series(rows, BOT_FIELDS, granularity),
        totals=totals,
        causes={CAUSE_LABELS[c]: totals[f"cause_{c}"] for c in CAUSES},
        topics=topic_counts(bot=bot, first=first, last=last, limit=topic_limit),
        shares=metric_shares(totals),
        diagnoses=diagnose(context, scope="bot"),
    )


def topic_counts(*, bot: Bot, first: date, last: date, limit: int = 24) -> list[dict]:
    return list(
        TopicDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last)
        .values("topic")
        .annotate(count=Sum("interactions"), insufficient=Sum("insufficient"))
        .order_by("-count", "topic")[:limit]
    )


def article_series(*, article_id: int, bots, first: date, last: date) -> tuple[Series, dict]:
    rows = ArticleDayRollup.objects.filter(
        article_id=article_id, bot__in=bots, day__gte=first, day__lte=last
    )
    return series(rows, SUMMED, granularity_for(first, last)), total(rows, SUMMED)


def article_diagnoses(totals: dict, thresholds: dict[str, float]) -> list[Diagnosis]:
    context = period_context(
        PeriodTotals(**{k: v for k, v in totals.items() if k in PERIOD_FIELDS}),
        thresholds=thresholds,
        min_sample=default_min_sample(),
    )
    return diagnose(context, scope="article")


@dataclass
class Abstention:
    """Decline rate against should-have-declined rate, and why the bot could not know."""

    totals: dict
    series: Series
    reasons: list[tuple[str, str, str, int]]  # key, label, what to do, count
    examples: dict[str, list]

    def rate(self, name: str) -> float | None:
        judged = self.totals["graded"] - self.totals["cause_user_feedback"]
        return self.totals[name] / judged if judged > 0 else None

    @property
    def gap(self) -> float | None:
        declined, should = self.rate("declined"), self.rate("should_have_declined")
        return None if declined is None or should is None else should - declined


def abstention_report(*, bot: Bot, first: date, last: date, examples: int = 8) -> Abstention:
    rows = BotDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last)
    totals = total(rows, BOT_FIELDS)
    reasons = [
        (key, label, action, totals[f"reason_{key}"])
        for key, (label, action) in REASON_HANDLING.items()
    ]
    evaluations = (
        Evaluation.objects.production()
        .filter(bot=bot, occurred_at__date__gte=first, occurred_at__date__lte=last)
        .select_related("interaction")
        .order_by("-occurred_at")
    )
    return Abstention(
        totals=totals,
        series=series(rows, BOT_FIELDS, granularity_for(first, last)),
        reasons=reasons,
        examples={
            "should_have_declined": list(
                evaluations.filter(
                    declined=False,
                    n_facts__gt=0,
                    groundedness__lt=below_bound(bot.threshold_groundedness),
                )[:examples]
            ),
            "over_refusal": list(
                evaluations.filter(
                    declined=True,
                    source_query_coverage__gte=below_bound(bot.threshold_source_query_coverage),
                )[:examples]
            ),
            "bad_quotes": list(evaluations.filter(bad_quotes__gt=0)[:examples]),
        },
    )
