"""The sweep: grade interactions whose conversation has gone idle, in claimed batches.

A batch is claimed before it is graded (a lease on the rows), so two overlapping sweeps
never grade the same interaction; a sweep that dies loses its lease and the rows go
back to the pool. Each verdict is committed as soon as it is known.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import connection, connections, transaction
from django.db.models import Q
from django.utils import timezone

from audits.grading import (
    Outcome,
    evaluation_store,
    feedback_overrides_apply,
    interaction_failure_record,
    judge_input_for,
    rule_outcome,
)
from audits.judges import judge_for_bot
from audits.judges.base import Judge, JudgeError
from audits.models import Bot, Interaction
from audits.signals import evaluations_written

LEASE = timedelta(minutes=15)


@dataclass
class SweepSummary:
    graded: int = 0
    skipped: int = 0
    retried: int = 0
    failed: int = 0
    upgraded: int = 0
    batches: int = 0
    errors: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"graded {self.graded}, skipped {self.skipped}, will retry {self.retried}, "
            f"failed {self.failed}, thumbs-down upgrades {self.upgraded}"
        )

    def count(self, outcome: Outcome) -> None:
        if outcome.kind == "graded":
            self.graded += 1
        elif outcome.kind == "skipped":
            self.skipped += 1
        elif outcome.kind == "retry":
            self.retried += 1
            self.errors.append(outcome.error)
        elif outcome.kind == "failed":
            self.failed += 1
            self.errors.append(outcome.error)


def sweepable(*, now: datetime, idle_minutes: int | None) -> Q:
    """Pending, due, unclaimed, and (unless idle_minutes is None) in an idle conversation."""
    condition = (
        Q(status=Interaction.Status.PENDING)
        & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
        & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
    )
    if idle_minutes is not None:
        condition &= Q(conversation__last_activity_at__lte=now - timedelta(minutes=idle_minutes))
    return condition


def interactions_claim(
    *, token: str, limit: int, idle_minutes: int | None, bot_ids: list[int] | None = None
) -> list[int]:
    """Lease up to ``limit`` sweepable interactions to ``token``; return their ids."""
    now = timezone.now()
    candidates = Interaction.objects.filter(sweepable(now=now, idle_minutes=idle_minutes))
    if bot_ids is not None:
        candidates = candidates.filter(bot_id__in=bot_ids)
    candidates = candidates.order_by("timestamp", "id")
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # SKIP LOCKED: a concurrent sweep takes the next rows instead of waiting.
            candidates = candidates.select_for_update(skip_locked=True, of=("self",))
        ids = list(candidates.values_list("pk", flat=True)[:limit])
        if not ids:
            return []
        Interaction.objects.filter(
            Q(pk__in=ids) & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
        ).update(claim_token=token, claimed_until=now + LEASE)
    return list(
        Interaction.objects.filter(pk__in=ids, claim_token=token).values_list("pk", flat=True)
    )


def sweep_run(
    *,
    idle_minutes: int | None = None,
    batch_size: int | None = None,
    max_batches: int | None = None,
    bot_ids: list[int] | None = None,
    judge_factory: Callable[[Bot], Judge] = judge_for_bot,
    on_batch: Callable[[SweepSummary], None] | None = None,
) -> SweepSummary:
    """Grade what is due, batch after batch, until nothing is left (or max_batches)."""
    token = uuid.uuid4().hex
    batch_size = batch_size or settings.KBAUDIT_SWEEP_BATCH_SIZE
    summary = SweepSummary()
    upgraded = feedback_overrides_apply(bot_ids=bot_ids)
    summary.upgraded = len(upgraded)
    _announce({(e.bot_id, e.occurred_at.date()) for e in upgraded}, [e.pk for e in upgraded])
    judges: dict[int, Judge] = {}
    while max_batches is None or summary.batches < max_batches:
        ids = interactions_claim(
            token=token, limit=batch_size, idle_minutes=idle_minutes, bot_ids=bot_ids
        )
        if not ids:
            break
        summary.batches += 1
        _grade_batch(ids, token, judges, judge_factory, summary)
        if on_batch is not None:
            on_batch(summary)
    return summary


def _grade_batch(ids, token, judges, judge_factory, summary: SweepSummary) -> None:
    interactions = list(
        Interaction.objects.filter(pk__in=ids, claim_token=token)
        .select_related("bot")
        .prefetch_related("sources")
        .order_by("timestamp", "id")
    )
    touched: set[tuple[int, date]] = set()
    evaluation_ids: list[int] = []
    by_bot: dict[int, list[Interaction]] = defaultdict(list)
    for interaction in interactions:
        outcome = rule_outcome(interaction)
        if outcome is None:
            by_bot[interaction.bot_id].append(interaction)
        else:
            _record(outcome, interaction, summary, touched, evaluation_ids)
    for bot_id, group in by_bot.items():
        if bot_id not in judges:
            judges[bot_id] = judge_factory(group[0].bot)
        for interaction, outcome in _judge_all(judges[bot_id], group):
            _record(outcome, interaction, summary, touched, evaluation_ids)
    _announce(touched, evaluation_ids)


def _record(outcome: Outcome, interaction, summary, touched, evaluation_ids) -> None:
    summary.count(outcome)
    if outcome.evaluation is not None:
        touched.add((interaction.bot_id, interaction.timestamp.date()))
        evaluation_ids.append(outcome.evaluation.pk)


def _judge_all(judge: Judge, interactions: list[Interaction]):
    """Yield (interaction, outcome) as each judgement lands, committed one by one.

    Judges that wait on a network (the LLM) run with bounded concurrency in threads;
    the database is only touched from this thread.
    """
    concurrency = max(1, getattr(judge, "concurrency", 1))
    items = [(interaction, judge_input_for(interaction)) for interaction in interactions]
    if concurrency == 1:
        for interaction, item in items:
            yield interaction, _store(interaction, _call(judge, item))
        return
    with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="judge") as pool:
        futures = [
            (interaction, pool.submit(_call_in_thread, judge, item)) for interaction, item in items
        ]
        for interaction, future in futures:
            yield interaction, _store(interaction, future.result())


def _call(judge: Judge, item):
    try:
        return judge.judge(item)
    except JudgeError as exc:
        return exc


def _call_in_thread(judge: Judge, item):
    try:
        return _call(judge, item)
    finally:
        connections.close_all()


def _store(interaction: Interaction, result) -> Outcome:
    if isinstance(result, JudgeError):
        return interaction_failure_record(interaction=interaction, error=str(result))
    return Outcome("graded", evaluation_store(interaction=interaction, result=result))


def _announce(touched: set[tuple[int, date]], evaluation_ids: list[int]) -> None:
    if not touched:
        return
    days: dict[int, set[date]] = defaultdict(set)
    for bot_id, day in touched:
        days[bot_id].add(day)
    evaluations_written.send(
        sender=sweep_run,
        evaluation_ids=evaluation_ids,
        days={bot_id: sorted(values) for bot_id, values in days.items()},
    )
