"""Dropping old text (retention) and erasing one conversation (a GDPR request).

Retention drops what can identify a person or grow without bound — the query, the
answer and the retrieved chunks — and keeps everything the analytics read: the
evaluation (metrics, verdict, cause, topic, the judge's match matrices), the sources'
article keys and ranks (the article credits), the query key (before/after pairing)
and the rollups. So rankings, trends and comparisons keep working years back.

Erasure goes further for one conversation: its text goes from every table, including
the judge's working on the evaluation, the judge cache and (through the
``conversation_forgotten`` signal) the copies the content side keeps.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from audits.judges.cache import cache_key
from audits.models import (
    Bot,
    Conversation,
    Evaluation,
    Interaction,
    JudgeCacheEntry,
    RetrievedSource,
)
from audits.partitions import (
    INTERACTIONS,
    month_next,
    month_partitions,
    month_start,
    tables_partitioned,
)
from audits.retention.swap import (
    TEXT_DROPPED,
    detached_leftovers_drop,
    month_bots,
    month_end,
    month_text_swap,
)
from audits.signals import conversation_forgotten
from audits.sweep.rules import judge_input_for

log = logging.getLogger(__name__)

# Text is dropped a day at a time: short transactions, and a crash resumes where it was.
# On the partitioned layout a month at a time: one statement per table and month, each
# reading that month's partition only, or the month's partitions rewritten without
# their text when no bot there keeps it (``swap.py``).
STEP = timedelta(days=1)


@dataclass
class RetentionSummary:
    interactions: int = 0
    sources: int = 0
    skipped_pending: int = 0
    bots: list[str] = field(default_factory=list)


def interaction_text_drop(
    *, bot: Bot, before: datetime, swapped: dict[date, set[int]] | None = None
) -> RetentionSummary:
    """Drop the full text of ``bot``'s interactions older than ``before``.

    Starts where the previous run stopped (``bot.text_dropped_before``) and advances it
    a day at a time. An interaction still waiting for its grade can no longer be judged
    without its text: it is skipped, never graded from empty strings. ``swapped`` names
    the months whose partitions were rewritten without text, and their bots: for those
    the progress advances with nothing to update.
    """
    summary = RetentionSummary(bots=[bot.slug])
    start = bot.text_dropped_before or _oldest(bot)
    if start is None or start >= before:
        return summary
    by_month = tables_partitioned()
    swapped = swapped or {}
    while start < before:
        end = min(before, _step_end(start, by_month))
        if bot.pk in swapped.get(month_start(start.astimezone(UTC)), ()):
            _progress_save(bot, end)
        else:
            _drop_between(bot, start, end, summary, by_month)
        start = end
    return summary


def _progress_save(bot: Bot, end: datetime) -> None:
    Bot.objects.filter(pk=bot.pk).update(text_dropped_before=end)
    bot.text_dropped_before = end


def _step_end(start: datetime, by_month: bool) -> datetime:
    day = start.astimezone(UTC).date()
    following = month_next(month_start(day)) if by_month else day + STEP
    return datetime.combine(following, time.min, tzinfo=UTC)


def _oldest(bot: Bot) -> datetime | None:
    first = Interaction.objects.filter(bot=bot).order_by("timestamp").first()
    return first.timestamp if first else None


@transaction.atomic
def _drop_between(
    bot: Bot, start: datetime, end: datetime, summary: RetentionSummary, by_month: bool
) -> None:
    interactions = Interaction.objects.filter(bot=bot, timestamp__gte=start, timestamp__lt=end)
    ungraded = interactions.filter(status=Interaction.Status.PENDING, evaluation__isnull=True)
    summary.skipped_pending += ungraded.update(
        status=Interaction.Status.SKIPPED, skip_reason=TEXT_DROPPED, claim_token=""
    )
    summary.interactions += interactions.exclude(query="", response="").update(
        query="", response=""
    )
    if by_month:
        # The month's partition of the sources, read straight through.
        sources = RetrievedSource.objects.filter(
            bot=bot, occurred_at__gte=start, occurred_at__lt=end
        )
    else:
        # Through the interactions (bot, timestamp index) and the sources' primary key,
        # which starts with the interaction: sources have no index by bot and time.
        sources = RetrievedSource.objects.filter(interaction_id__in=interactions.values("id"))
    summary.sources += sources.exclude(text="").update(text="")
    _progress_save(bot, end)


def text_retention_apply(*, now: datetime | None = None) -> RetentionSummary:
    """Every bot with a retention period: drop the text that has outlived it.

    On the partitioned layout, the months that no bot there keeps the text of any more
    are rewritten without it first (one swap per month); the rest goes by UPDATE.
    """
    now = now or timezone.now()
    total = RetentionSummary()
    bots = list(Bot.objects.all())
    cutoffs = {bot.pk: now - keep for bot in bots if (keep := bot.text_retention()) is not None}
    swapped = {}
    if tables_partitioned():
        detached_leftovers_drop()
        swapped = _months_swap(bots, cutoffs, total)
    for bot in bots:
        if bot.pk not in cutoffs:
            continue
        done = interaction_text_drop(bot=bot, before=cutoffs[bot.pk], swapped=swapped)
        total.interactions += done.interactions
        total.sources += done.sources
        total.skipped_pending += done.skipped_pending
        if (done.interactions or done.sources) and bot.slug not in total.bots:
            total.bots.append(bot.slug)
    return total


def _months_swap(
    bots: list[Bot], cutoffs: dict[int, datetime], total: RetentionSummary
) -> dict[date, set[int]]:
    """Rewrite each month partition whose every bot has a retention period that the
    whole month has outlived, and that holds text one of them has not dropped yet.
    Returns the months rewritten and their bots."""
    swapped: dict[date, set[int]] = {}
    latest = max(cutoffs.values(), default=None)
    dropped_before = {bot.pk: bot.text_dropped_before for bot in bots}
    slugs = {bot.pk: bot.slug for bot in bots}
    for month, _name in month_partitions(INTERACTIONS):
        end = month_end(month)
        if latest is None or end > latest:
            break
        expired = {pk for pk, cutoff in cutoffs.items() if cutoff >= end}
        present = month_bots(month)
        if not present or not present <= expired:
            continue  # empty, or a bot there keeps its text: UPDATE, per bot
        if all(dropped_before[pk] and dropped_before[pk] >= end for pk in present):
            continue  # dropped already
        done = month_text_swap(month=month, bot_ids=expired)
        if done is None:
            continue
        swapped[month] = done.bot_ids
        total.interactions += done.interactions
        total.sources += done.sources
        total.skipped_pending += done.skipped_pending
        if done.interactions or done.sources:
            total.bots += [slugs[pk] for pk in sorted(done.bot_ids) if slugs[pk] not in total.bots]
    return swapped


@dataclass
class ErasureSummary:
    conversations: int = 0
    interactions: int = 0
    sources: int = 0
    evaluations: int = 0
    cache_entries: int = 0


class ConversationNotFound(LookupError):
    pass


def conversation_forget(*, bot: Bot, conversation_external_id: str) -> ErasureSummary:
    """Erase the text of one conversation of ``bot`` everywhere (production and the
    offline runs that replayed it); its grades and counts stay, without text."""
    conversations = Conversation.objects.filter(bot=bot, external_id=conversation_external_id)
    if not conversations.exists():
        raise ConversationNotFound(
            f"bot {bot.slug!r} has no conversation {conversation_external_id!r}"
        )
    summary = ErasureSummary(conversations=conversations.count())
    with transaction.atomic():
        interactions = list(
            Interaction.objects.filter(conversation__in=conversations)
            .select_related("bot")
            .prefetch_related("sources")
            .select_for_update(of=("self",))
        )
        ids = [i.pk for i in interactions]
        evaluations = list(Evaluation.objects.filter(interaction_id__in=ids))
        texts = _texts(interactions, evaluations)
        summary.cache_entries = _judge_cache_forget(interactions)
        for evaluation in evaluations:
            evaluation.rationale = ""
            evaluation.details = _details_without_text(evaluation.details or {})
        summary.evaluations = Evaluation.objects.bulk_update(evaluations, ["rationale", "details"])
        summary.interactions = Interaction.objects.filter(pk__in=ids).update(
            query="", response="", query_key="", metadata={}, last_error=""
        )
        # The article's title and url are the knowledge base's words, not the customer's.
        # The interactions' timestamps (the sources' occurred_at) prune to their months.
        summary.sources = RetrievedSource.objects.filter(
            interaction_id__in=ids, occurred_at__in={i.timestamp for i in interactions}
        ).update(text="")
        conversation_forgotten.send(
            sender=conversation_forget, bot_id=bot.pk, interaction_ids=ids, texts=texts
        )
    log.info("erased the text of conversation %s of bot %s", conversation_external_id, bot.slug)
    return summary


def _texts(interactions, evaluations) -> list[str]:
    texts = []
    for interaction in interactions:
        texts += [interaction.query, interaction.response]
    for evaluation in evaluations:
        details = evaluation.details or {}
        texts += [q for q in details.get("sub_queries") or [] if isinstance(q, str)]
        texts += [f for f in details.get("facts") or [] if isinstance(f, str)]
        texts.append(evaluation.rationale)
    return sorted({text for text in texts if text and text.strip()})


def _details_without_text(details: dict) -> dict:
    """The judge's working without its words: the match matrices (the article credits)
    and each unsupported fact's reason stay; sub-questions, facts and passages go."""
    return {
        **{k: v for k, v in details.items() if k not in ("sub_queries", "facts", "notes")},
        "sub_queries": [],
        "facts": [],
        "unsupported": [
            {k: v for k, v in u.items() if k != "passage"} if isinstance(u, dict) else {}
            for u in details.get("unsupported") or []
        ],
        "notes": {},
    }


def _judge_cache_forget(interactions) -> int:
    """Delete the cached judge outputs of these triplets, under every model and prompt
    version the cache holds (the key is a hash of the text, so it is recomputed)."""
    if not interactions:
        return 0
    versions = set(JudgeCacheEntry.objects.values_list("model", "prompt_version").distinct())
    keys = {
        cache_key(judge_input_for(interaction), model=model, prompt_version=prompt_version)
        for interaction in interactions
        for model, prompt_version in versions
    }
    return JudgeCacheEntry.objects.filter(key__in=keys).delete()[0]
