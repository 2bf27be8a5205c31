"""Flags: from article rollups to review items (SPEC §5 content gaps, §6 review items).

An article is judged on its current version's traffic over the flag window, so a
rewrite is judged on what it did, not on the answers its predecessor caused. Flags
create or update review items; an item whose article recovers resolves itself; a
dismissed item stays dismissed — only if the article gets materially worse is a new
item raised, pointing back to the dismissed one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Sum
from django.utils import timezone

from audits.diagnostics import (
    PeriodTotals,
    catalogue_rule,
    condition_metrics,
    diagnose,
    evaluate,
    period_context,
)
from audits.models import Bot, Interaction, RetrievedSource
from content.analytics.ranking import PERIOD_FIELDS, SUMMED, default_min_sample
from content.models import (
    METRIC_FIELDS,
    Article,
    ArticleDayRollup,
    ArticleVersion,
    BotDayRollup,
    ReviewItem,
    ReviewItemEvent,
)
from kbaudit.lib.thresholds import at_or_above, below

Reason = ReviewItem.Reason
# A content gap is the diagnostics catalogue's rule of that name (SP, G and SQC all below
# threshold together); the flag applies it, and never restates it.
CONTENT_GAP_RULE = "content-gap"
GAP_METRICS = condition_metrics(catalogue_rule(CONTENT_GAP_RULE).when)
# Article diagnoses the writers act on, and the review reason each raises.
DIAGNOSIS_REASONS = {
    CONTENT_GAP_RULE: Reason.CONTENT_GAP,
    "near-duplicate-retrieval": Reason.NEAR_DUPLICATE,
    "article-answers-half": Reason.PARTIAL_COVERAGE,
    "article-fails-a-subset": Reason.PARTIAL_COVERAGE,
    "busy-article-missing-answers": Reason.PARTIAL_COVERAGE,
    "conditions-confuse-answers": Reason.CONTRADICTION,
}
# The metrics whose distance below threshold makes each reason's priority.
REASON_METRICS = {
    Reason.CONTENT_GAP: GAP_METRICS,
    Reason.NEAR_DUPLICATE: ("self_distinctness", "source_query_coverage"),
    Reason.PARTIAL_COVERAGE: ("source_query_coverage", "response_query_coverage"),
    Reason.CONTRADICTION: ("groundedness",),
}
# A content gap already says the article lacks answers.
SUBSUMED_BY_GAP = {Reason.PARTIAL_COVERAGE}
# Materially worse than when dismissed: this much further below threshold on average.
# Traffic alone never overrides a dismissal.
WORSE_BY = 0.10


def flag_window_days() -> int:
    return settings.KBAUDIT_FLAG_WINDOW_DAYS


@dataclass
class Finding:
    article_id: int
    reason: str
    severity: float
    priority: float
    evidence: dict


@dataclass
class ItemCounts:
    """What raising review items did: the flags' and the knowledge-base scan's tally."""

    created: int = 0
    updated: int = 0
    resolved: int = 0
    reflagged: int = 0
    held_dismissed: int = 0

    def count(self, outcome: str) -> None:
        """Tally an outcome of review_item_raise (a re-raised item is also a new one)."""
        if outcome in ("created", "reflagged"):
            self.created += 1
        if outcome in ("updated", "reflagged", "held_dismissed"):
            setattr(self, outcome, getattr(self, outcome) + 1)

    def line(self) -> str:
        return (
            f"new items {self.created}, updated {self.updated}, resolved {self.resolved}, "
            f"raised again after dismissal {self.reflagged}, kept dismissed {self.held_dismissed}"
        )


@dataclass
class FlagSummary(ItemCounts):
    findings: list[Finding] = field(default_factory=list)


def flag_window(bot: Bot, *, until: date | None = None) -> tuple[date, date] | None:
    """The flag window ends on the bot's latest logged day (not its latest graded day), so
    that a sweep catching up on a backlog judges one fixed window as it fills in."""
    if until is None:
        latest = (
            Interaction.objects.production()
            .filter(bot=bot)
            .aggregate(last=Max("timestamp"))["last"]
        )
        until = latest.date() if latest else None
    if until is None or not BotDayRollup.objects.filter(bot=bot).exists():
        return None
    return until - timedelta(days=flag_window_days() - 1), until


def _current_versions(article_ids) -> dict[int, int]:
    rows = ArticleVersion.objects.current().filter(article_id__in=article_ids)
    return dict(rows.values_list("article_id", "number"))


def article_totals(bot: Bot, first: date, last: date) -> dict[int, dict]:
    """Per article, the sums over [first, last] of its current version's traffic."""
    rows = list(
        ArticleDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last)
        .values("article_id", "version_number")
        .annotate(**{name: Sum(name) for name in SUMMED})
    )
    current = _current_versions({row["article_id"] for row in rows})
    return {
        row["article_id"]: row
        for row in rows
        if row["version_number"] == current.get(row["article_id"], 0)
    }


def gap_severity(means: dict[str, float | None], thresholds: dict[str, float]) -> float | None:
    """How far below threshold the content-gap metrics sit on average; None unless the
    catalogue's content-gap condition holds."""
    if evaluate(catalogue_rule(CONTENT_GAP_RULE).when, {**means, "thresholds": thresholds}):
        return _distance_below(means, thresholds, GAP_METRICS)
    return None


def findings_for(
    bot: Bot, first: date, last: date, min_sample: int
) -> tuple[list[Finding], dict[int, dict]]:
    """What the window shows, and the metric means of every article with enough traffic
    to judge at all."""
    thresholds = bot.thresholds()
    all_totals = article_totals(bot, first, last)
    busy = _high_traffic([t["retrievals"] for t in all_totals.values()])
    findings: list[Finding] = []
    judged: dict[int, dict] = {}
    for article_id, totals in sorted(all_totals.items()):
        if totals["graded"] < min_sample:
            continue
        context = period_context(
            PeriodTotals(**{k: v for k, v in totals.items() if k in PERIOD_FIELDS}),
            thresholds=thresholds,
            min_sample=min_sample,
            high_traffic=busy,
        )
        diagnoses = diagnose(context, scope="article")
        means = {metric: context.get(metric) for metric in METRIC_FIELDS}
        judged[article_id] = means
        evidence = _evidence(totals, means, thresholds, diagnoses, first, last)
        reasons = {
            DIAGNOSIS_REASONS[d.rule_id] for d in diagnoses if d.rule_id in DIAGNOSIS_REASONS
        }
        if Reason.CONTENT_GAP in reasons:
            reasons -= SUBSUMED_BY_GAP
        for reason in sorted(reasons):
            severity = _distance_below(means, thresholds, REASON_METRICS[reason])
            traffic = credited_traffic(totals)
            findings.append(Finding(article_id, reason, severity, traffic * severity, evidence))
    return findings, judged


def credited_traffic(totals: dict) -> float:
    """The article's traffic in the share of its graded answers that credited it: the
    priority follows traffic however many answers were graded yet, and leaves out the
    retrievals the article was only noise in."""
    interactions = totals.get("interactions") or 0
    attributed = (totals.get("credited") or 0) + (totals.get("noise") or 0)
    if not attributed:
        return float(interactions)
    return interactions * (totals.get("credited") or 0) / attributed


def _high_traffic(traffic: list[int]) -> float | None:
    """The top decile of article traffic in the window: what counts as a busy article."""
    if len(traffic) < 10:
        return None
    ordered = sorted(traffic)
    return float(ordered[int(len(ordered) * 0.9)])


def _distance_below(means, thresholds, metrics) -> float:
    gaps = [thresholds[m] - means[m] for m in metrics if below(means.get(m), thresholds[m])]
    return sum(gaps) / len(metrics) if gaps else 0.0


def _evidence(totals, means, thresholds, diagnoses, first: date, last: date) -> dict:
    return {
        "window": [first.isoformat(), last.isoformat()],
        "version": totals["version_number"],
        "traffic": totals["retrievals"],
        "interactions": totals["interactions"],
        "graded": totals["graded"],
        "credited": totals.get("credited", 0),
        "covered": totals.get("covered", 0),
        "grounded": totals.get("grounded", 0),
        "on_topic": totals.get("on_topic", 0),
        "noise": totals.get("noise", 0),
        "thumbs_down": totals["thumbs_down"],
        "metrics": {m: (round(v, 4) if v is not None else None) for m, v in means.items()},
        "thresholds": thresholds,
        "diagnoses": [
            {"id": d.rule_id, "title": d.title, "owner": d.owner, "action": d.action}
            for d in diagnoses
        ],
    }


def articles_evidence(
    bot: Bot, article_ids: Iterable[int], first: date, last: date
) -> dict[int, dict]:
    """What a flag records — credited metrics against thresholds, traffic, diagnoses —
    for each article over [first, last], every version together (the scan's pair items
    carry both articles' evidence)."""
    rows = (
        ArticleDayRollup.objects.filter(
            bot=bot, day__gte=first, day__lte=last, article_id__in=list(article_ids)
        )
        .values("article_id")
        .annotate(**{name: Sum(name) for name in SUMMED})
    )
    thresholds = bot.thresholds()
    out: dict[int, dict] = {}
    for totals in rows:
        context = period_context(
            PeriodTotals(**{k: v or 0 for k, v in totals.items() if k in PERIOD_FIELDS}),
            thresholds=thresholds,
            min_sample=default_min_sample(),
        )
        means = {metric: context.get(metric) for metric in METRIC_FIELDS}
        diagnoses = diagnose(context, scope="article")
        totals = {k: v or 0 for k, v in totals.items()} | {"version_number": None}
        out[totals["article_id"]] = _evidence(totals, means, thresholds, diagnoses, first, last)
    return out


def content_flags_update(
    *, bot: Bot, until: date | None = None, min_sample: int | None = None
) -> FlagSummary:
    """Raise, refresh and resolve ``bot``'s review items from its article rollups."""
    summary = FlagSummary()
    window = flag_window(bot, until=until)
    if window is None:
        return summary
    min_sample = default_min_sample() if min_sample is None else min_sample
    findings, judged = findings_for(bot, *window, min_sample)
    summary.findings = findings
    flagged = {(f.article_id, f.reason) for f in findings}
    topics = failing_topics(bot, sorted({f.article_id for f in findings}), window)
    with transaction.atomic():
        histories = item_histories(bot.pk, {f.reason for f in findings})
        writes = ItemWrites()
        for finding in findings:
            history = histories.get((finding.article_id, None, finding.reason), ItemHistory())
            _apply(bot, finding, summary, topics.get(finding.article_id, ""), history, writes)
        writes.save()
        for item in ReviewItem.objects.active().filter(bot=bot, reason__in=list(REASON_METRICS)):
            means = judged.get(item.article_id)
            if (item.article_id, item.reason) in flagged or means is None:
                continue
            if recovered(item.reason, means, bot.thresholds()):
                _resolve_recovered(item, window)
                summary.resolved += 1
    return summary


def failing_topic(bot: Bot, article_id: int, window: Sequence[date | str]) -> str:
    """The most frequent topic among the article's insufficient answers in the window."""
    return failing_topics(bot, [article_id], window).get(article_id, "")


def failing_topics(
    bot: Bot, article_ids: list[int], window: Sequence[date | str]
) -> dict[int, str]:
    """For each article, the most frequent topic among the insufficient answers that
    retrieved it in the window (ties go to the topic first in alphabetical order); one
    query for all of them."""
    ids_by_key = dict(Article.objects.filter(pk__in=article_ids).values_list("external_id", "pk"))
    if not ids_by_key:
        return {}
    rows = (
        RetrievedSource.objects.filter(
            bot=bot,
            article_key__in=list(ids_by_key),
            occurred_at__date__gte=window[0],
            occurred_at__date__lte=window[1],
            interaction__run__isnull=True,  # an offline run's answers are not production's
            interaction__evaluation__verdict="insufficient",
        )
        .exclude(interaction__evaluation__topic="")
        .values_list("article_key", "interaction__evaluation__topic")
        .annotate(n=Count("interaction_id", distinct=True))
    )
    best: dict[int, tuple[int, str]] = {}
    for key, topic, n in rows:
        article_id = ids_by_key[key]
        if article_id not in best or (-n, topic) < (-best[article_id][0], best[article_id][1]):
            best[article_id] = (n, topic)
    return {article_id: topic for article_id, (_, topic) in best.items()}


def _apply(
    bot: Bot,
    finding: Finding,
    summary: FlagSummary,
    topic: str,
    history: ItemHistory,
    writes: ItemWrites,
) -> None:
    outcome = review_item_raise(
        bot_id=bot.pk,
        article_id=finding.article_id,
        reason=finding.reason,
        priority=finding.priority,
        severity=finding.severity,
        topic=topic,
        evidence=finding.evidence,
        detail={"severity": round(finding.severity, 4)},
        history=history,
        writes=writes,
    )
    summary.count(outcome)


@dataclass
class ItemHistory:
    """An article's review items for one reason: the active one, and the latest of all."""

    active: ReviewItem | None = None
    latest: ReviewItem | None = None


HistoryKey = tuple[int, int | None, str]  # article, other article, reason


def item_histories(bot_id: int, reasons: Iterable[str]) -> dict[HistoryKey, ItemHistory]:
    """Every article's item history for these reasons, in two queries: the active items
    whole, and of the others only what deciding about a dismissal needs."""
    reasons = list(reasons)
    items = ReviewItem.objects.filter(bot_id=bot_id, reason__in=reasons)
    histories: dict[HistoryKey, ItemHistory] = {}
    for item in items.filter(status__in=ReviewItem.ACTIVE).order_by("created_at", "id"):
        key = (item.article_id, item.other_article_id, item.reason)
        histories[key] = ItemHistory(active=item, latest=item)
    closed = (
        items.exclude(status__in=ReviewItem.ACTIVE)
        .only("id", "article_id", "other_article_id", "reason", "status", "severity", "created_at")
        .order_by("created_at", "id")
    )
    for item in closed:
        history = histories.setdefault(
            (item.article_id, item.other_article_id, item.reason), ItemHistory()
        )
        latest = history.latest
        if latest is None or (item.created_at, item.pk) > (latest.created_at, latest.pk):
            history.latest = item
    return histories


def review_item_raise(
    *,
    bot_id: int,
    article_id: int,
    reason: str,
    priority: float,
    severity: float,
    topic: str,
    evidence: dict,
    other_article_id: int | None = None,
    detail: dict | None = None,
    history: ItemHistory | None = None,
    writes: ItemWrites | None = None,
) -> str:
    """Raise a review item, or refresh the active one; never reopen a dismissed one.

    Returns what happened: "updated", "unchanged", "held_dismissed" (dismissed, and not
    materially worse since), "reflagged" (a new item after a dismissal) or "created".
    ``history`` is the article's items for the reason as item_histories() read them
    (read here when not given); with ``writes``, the changes wait there to be written
    together (ItemWrites.save), else they are written at once.
    """
    writes_now = writes is None
    writes = ItemWrites() if writes is None else writes
    now = timezone.now()
    if history is None:
        items = ReviewItem.objects.filter(
            bot_id=bot_id, article_id=article_id, other_article_id=other_article_id, reason=reason
        )
        history = ItemHistory(
            active=items.filter(status__in=ReviewItem.ACTIVE).first(),
            latest=items.order_by("-created_at", "-id").first(),
        )
    active = history.active
    if active is not None:
        # sums over the same rows may differ in their last bits from one query to the next
        if (
            (active.evidence, active.topic) == (evidence, topic)
            and math.isclose(active.priority, priority, rel_tol=1e-9)
            and math.isclose(active.severity, severity, rel_tol=1e-9)
        ):
            return "unchanged"
        active.evidence, active.priority, active.severity, active.topic = (
            evidence,
            priority,
            severity,
            topic,
        )
        active.last_flagged_at = active.updated_at = now
        writes.updated.append(active)
        if writes_now:
            writes.save()
        return "updated"
    latest = history.latest
    dismissed = latest is not None and latest.status == ReviewItem.Status.DISMISSED
    if dismissed and severity < latest.severity + WORSE_BY:
        return "held_dismissed"
    item = ReviewItem(
        bot_id=bot_id,
        article_id=article_id,
        other_article_id=other_article_id,
        reason=reason,
        priority=priority,
        severity=severity,
        topic=topic,
        evidence=evidence,
        previous_id=latest.pk if latest else None,
        created_at=now,
        updated_at=now,
        last_flagged_at=now,
    )
    writes.created.append((item, {**(detail or {}), "previous": latest.pk if latest else None}))
    if writes_now:
        writes.save()
    return "reflagged" if dismissed else "created"


@dataclass
class ItemWrites:
    """Review items to create (each with its "flagged" event's detail) and to refresh,
    written in a few statements however many there are."""

    created: list[tuple[ReviewItem, dict]] = field(default_factory=list)
    updated: list[ReviewItem] = field(default_factory=list)

    UPDATED_FIELDS = ("evidence", "priority", "severity", "topic", "last_flagged_at", "updated_at")

    def save(self) -> None:
        if self.updated:
            ReviewItem.objects.bulk_update(self.updated, self.UPDATED_FIELDS, batch_size=500)
        if self.created:
            items = ReviewItem.objects.bulk_create([item for item, _ in self.created])
            ReviewItemEvent.objects.bulk_create(
                ReviewItemEvent(item=item, action="flagged", detail=detail)
                for item, (_, detail) in zip(items, self.created, strict=True)
            )
        self.created, self.updated = [], []


def recovered(reason: str, means: dict, thresholds: dict) -> bool:
    """Every metric behind the reason is back at threshold. Between flagged and recovered an
    item stays as it is, so an article hovering at the line does not flap."""
    return all(
        at_or_above(means.get(metric), thresholds[metric]) for metric in REASON_METRICS[reason]
    )


def _resolve_recovered(item: ReviewItem, window: tuple[date, date]) -> None:
    now = timezone.now()
    item.status, item.closed_at, item.updated_at = ReviewItem.Status.RESOLVED, now, now
    item.save(update_fields=["status", "closed_at", "updated_at"])
    ReviewItemEvent.objects.create(
        item=item,
        action="resolved_recovered",
        detail={"window": [window[0].isoformat(), window[1].isoformat()]},
    )
