"""What each alert rule sees: one observation per thing it watches (a metric, an item).

An observation is firing, quiet, or unknown (too few answers to say): unknown neither
raises an episode nor recovers one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.urls import reverse

from audits.judges.base import METRIC_LABELS
from audits.models import Bot, BotDailyUsage, GateReport, Interaction
from content.analytics.windows import bot_window_metrics
from content.models import AlertRule, ReviewItem
from kbaudit.lib.thresholds import at_or_above, below

WEEK = timedelta(days=7)
# The items a writer must hear about at once: an article to fix, a page to write.
URGENT_REASONS = ("content_gap", "missing_article")


@dataclass(frozen=True)
class Observation:
    key: str
    firing: bool | None  # None: not enough data to tell
    value: float | None
    message: str
    evidence_url: str


def observe(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    return OBSERVERS[rule.kind](rule, bot, now)


def _metric_below(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    window = bot_window_metrics(bot=bot, start=now - timedelta(hours=rule.window_hours), end=now)
    mean, n = window.means.get(rule.metric), window.counts.get(rule.metric, 0)
    threshold = bot.threshold(rule.metric)
    short = METRIC_LABELS.get(rule.metric, (rule.metric,))[0]
    firing = None if n < rule.min_sample else below(mean, threshold)
    shown = "–" if mean is None else f"{mean:.2f}"
    message = (
        f"{bot.display_name}: {short} {shown} over the last {rule.window_hours} h "
        f"({n} graded answers), threshold {threshold:.2f}"
    )
    return [Observation(rule.metric, firing, mean, message, bot.get_absolute_url())]


def _insufficient_up(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    this_week = bot_window_metrics(bot=bot, start=now - WEEK, end=now)
    last_week = bot_window_metrics(bot=bot, start=now - 2 * WEEK, end=now - WEEK)
    if min(this_week.graded, last_week.graded) < rule.min_sample:
        firing, rise = None, None
    else:
        rise = (this_week.insufficient_share - last_week.insufficient_share) * 100
        firing = at_or_above(rise, rule.points)
    shares = " against ".join(
        "–" if w.insufficient_share is None else f"{w.insufficient_share:.0%}"
        for w in (this_week, last_week)
    )
    message = f"{bot.display_name}: insufficient answers {shares} the week before"
    return [Observation("share", firing, rise, message, bot.get_absolute_url())]


def _new_item(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    """Every urgent item raised since the rule exists fires until it is closed."""
    items = ReviewItem.objects.filter(
        bot=bot,
        reason__in=URGENT_REASONS,
        priority__gte=rule.min_priority,
        created_at__gte=rule.created_at,
    ).select_related("article")
    return [
        Observation(
            f"item-{item.pk}",
            item.status in ReviewItem.ACTIVE,
            item.priority,
            f"{bot.display_name}: {item.get_reason_display().lower()} in "
            f"“{item.article}” (priority {item.priority:,.0f})",
            item.get_absolute_url(),
        )
        for item in items
    ]


def _gate(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    """A gate decision on a replay of this bot's traffic: told once, when made."""
    runs = Interaction.objects.filter(bot=bot, run__isnull=False).values("run_id").distinct()
    reports = GateReport.objects.filter(run_id__in=runs, created_at__gte=rule.created_at)
    return [
        Observation(
            f"gate-{report.pk}",
            False,  # a decision is news once: raised and recovered in the same evaluation
            1.0 if report.passed else 0.0,
            f"{bot.display_name}: gate {'passed' if report.passed else 'failed'} for run "
            f"{report.run.name} against {report.baseline}",
            reverse("audits:run_detail", args=[report.run.name]),
        )
        for report in reports.select_related("run")
    ]


def _sweep_failures(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    since = now - timedelta(hours=rule.window_hours)
    failed = Interaction.objects.filter(
        bot=bot, status=Interaction.Status.FAILED, imported_at__gte=since
    ).count()
    message = f"{bot.display_name}: {failed} interactions failed grading in {rule.window_hours} h"
    return [
        Observation(
            "failures", failed >= rule.min_sample, failed, message, reverse("audits:sweep_status")
        )
    ]


def _budget(rule: AlertRule, bot: Bot, now: datetime) -> list[Observation]:
    if not bot.daily_token_budget:
        return [Observation("budget", False, None, f"{bot.display_name}: no budget", "")]
    usage = BotDailyUsage.objects.filter(bot=bot, day=now.date()).first()  # one row a day
    tokens = usage.tokens if usage else 0
    message = (
        f"{bot.display_name}: {tokens:,} of {bot.daily_token_budget:,} judge tokens used today"
    )
    firing = tokens >= bot.daily_token_budget
    return [Observation("budget", firing, tokens, message, reverse("audits:sweep_status"))]


OBSERVERS = {
    AlertRule.Kind.METRIC_BELOW: _metric_below,
    AlertRule.Kind.INSUFFICIENT_UP: _insufficient_up,
    AlertRule.Kind.NEW_ITEM: _new_item,
    AlertRule.Kind.GATE: _gate,
    AlertRule.Kind.SWEEP_FAILURES: _sweep_failures,
    AlertRule.Kind.BUDGET: _budget,
}
