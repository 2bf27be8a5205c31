"""Findings become review items, one per bot answering from the pair's knowledge base.

The worklist is per bot, so a pair's item goes to every bot of the knowledge base's
team that answers from it, at once, whether or not its traffic retrieved the articles
yet: traffic only raises the priority (a knowledge base no bot answers from has no
worklist: its findings show on the article pages only). ``article`` is the pair's first article, ``other_article``
the second. The rules are content.review.flags' rules: an active item is refreshed; a
dismissed one is never reopened, and a new item is raised (pointing back to it) only
when the finding gets materially worse; an item resolves itself when its finding does.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from audits.models import Bot
from content.models import ArticleFinding, ReviewItem, ReviewItemEvent
from content.review.flags import (
    ItemCounts,
    articles_evidence,
    failing_topic,
    flag_window_days,
    review_item_raise,
)

from .logs import co_retrieval, knowledge_base_bots, recent_retrievals, recent_window

Reason = ReviewItem.Reason
REASONS = {
    ArticleFinding.Kind.DUPLICATE: Reason.DUPLICATE_ARTICLES,
    ArticleFinding.Kind.CONTRADICTION: Reason.CONTRADICTING_ARTICLES,
}
# A contradiction gives customers wrong answers; a duplicate only crowds out answers.
KIND_WEIGHT = {ArticleFinding.Kind.DUPLICATE: 0.5, ArticleFinding.Kind.CONTRADICTION: 1.0}


def pair_items_update(*, findings: Iterable[ArticleFinding], bot: Bot | None = None) -> ItemCounts:
    """Raise or refresh the items of active ``findings``; resolve every pair item (of
    ``bot``, or of every bot) whose finding is no longer active."""
    counts = ItemCounts()
    active = [f for f in findings if f.status == ArticleFinding.Status.ACTIVE]
    bots_by_kb = knowledge_base_bots({f.article_a.knowledge_base_id for f in active})
    context = _BotContext()
    for finding in active:
        for bot_id in sorted(bots_by_kb.get(finding.article_a.knowledge_base_id, set())):
            if bot is None or bot_id == bot.pk:
                _apply(finding, bot_id, context, counts)
    _resolve_orphans(bot, counts)
    return counts


class _BotContext:
    """Per bot: the recent window of its logs, and retrievals in it (computed once)."""

    def __init__(self) -> None:
        self.windows: dict[int, tuple | None] = {}

    def window(self, bot_id: int):
        if bot_id not in self.windows:
            self.windows[bot_id] = recent_window(bot_id, flag_window_days())
        return self.windows[bot_id]


def _evidence(finding: ArticleFinding, bot_id: int, context: _BotContext) -> tuple[dict, float]:
    keys = [finding.article_a.external_id, finding.article_b.external_id]
    window = context.window(bot_id)
    traffic = sum(recent_retrievals(keys, bot_id=bot_id, since=window[0]).values()) if window else 0
    together, _ = co_retrieval(*keys, bot_id=bot_id)
    severity = finding.confidence * KIND_WEIGHT[finding.kind]
    evidence = _articles_part(finding, bot_id, window)
    evidence |= {
        "finding": finding.pk,
        "kind": finding.kind,
        "method": finding.method,
        "confidence": finding.confidence,
        "traffic": traffic,
        "co_retrievals": together,
        "window": [window[0].date().isoformat(), window[1].date().isoformat()] if window else [],
        "suggestion": finding.details.get("suggestion", ""),
        "versions": [finding.version_a_id, finding.version_b_id],
    }
    return evidence, severity


def _articles_part(finding: ArticleFinding, bot_id: int, window) -> dict:
    """Both articles' credited metrics, traffic and diagnoses over the window; the
    first article's also at the top level, where the page, the CSV and the brief read
    an item's metrics."""
    if not window:
        return {}
    ids = [finding.article_a_id, finding.article_b_id]
    bot = Bot.objects.get(pk=bot_id)  # its thresholds
    found = articles_evidence(bot, ids, window[0].date(), window[1].date())
    if not found:
        return {}
    first = found.get(finding.article_a_id) or found[next(iter(found))]
    part = {k: first[k] for k in ("metrics", "thresholds", "graded", "credited", "diagnoses")}
    part["interactions"] = first.get("interactions", 0)
    part["thumbs_down"] = first.get("thumbs_down", 0)
    part["articles"] = {
        str(article_id): found[article_id] for article_id in ids if article_id in found
    }
    return part


def _topic(finding: ArticleFinding, bot_id: int, window: list[str]) -> str:
    """The judge's most frequent topic among either article's failing questions."""
    if not window:
        return ""
    bot = Bot(pk=bot_id)
    return failing_topic(bot, finding.article_a_id, window) or failing_topic(
        bot, finding.article_b_id, window
    )


def _apply(finding: ArticleFinding, bot_id: int, context: _BotContext, counts: ItemCounts) -> None:
    evidence, severity = _evidence(finding, bot_id, context)
    outcome = review_item_raise(
        bot_id=bot_id,
        article_id=finding.article_a_id,
        other_article_id=finding.article_b_id,
        reason=REASONS[finding.kind],
        priority=severity * max(evidence["traffic"], 1),
        severity=severity,
        topic=_topic(finding, bot_id, evidence["window"]),
        evidence=evidence,
        detail={"finding": finding.pk},
    )
    counts.count(outcome)


def _resolve_orphans(bot: Bot | None, counts: ItemCounts) -> None:
    items = ReviewItem.objects.active().filter(reason__in=list(REASONS.values()))
    if bot is not None:
        items = items.filter(bot=bot)
    kind_of = {reason: kind for kind, reason in REASONS.items()}
    active = set(
        ArticleFinding.objects.active().values_list("kind", "article_a_id", "article_b_id")
    )
    now = timezone.now()
    for item in items:
        if (kind_of[item.reason], item.article_id, item.other_article_id) in active:
            continue
        item.status, item.closed_at, item.updated_at = ReviewItem.Status.RESOLVED, now, now
        item.save(update_fields=["status", "closed_at", "updated_at"])
        ReviewItemEvent.objects.create(
            item=item,
            action="resolved_finding",
            detail={"finding": (item.evidence or {}).get("finding")},
        )
        counts.resolved += 1
