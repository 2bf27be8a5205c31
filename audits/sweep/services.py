"""The sweep: grade interactions whose conversation has gone idle, in claimed batches.

A batch is claimed before it is graded: its rows are leased to one sweep
(``claim_token``, ``claimed_until``), so overlapping sweeps, on any number of workers,
never grade the same interaction. The lease is renewed while the batch is graded; a
sweep that dies stops renewing it, and once it expires the rows go back to the pool
for the next sweep. Each verdict is committed as soon as it is known, and the database
refuses a second evaluation of the same interaction.

A sweep claims its next batch as soon as every judge call of the current one has
started, so the judge threads (``audits.sweep.calls``) never wait between batches.
"""

from __future__ import annotations

import math
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import F, Min, Q
from django.utils import timezone

from audits.judges import judge_for_bot
from audits.judges.base import Judge, JudgeError, JudgeResult
from audits.models import Bot, BotDailyUsage, Interaction, SweepState
from audits.signals import evaluations_written
from audits.sweep.breaker import Breaker, Halted, breakers_opened_since
from audits.sweep.calls import BudgetGate, BudgetReached, JudgeShelf, judge_all
from audits.sweep.rules import (
    Outcome,
    evaluation_store,
    feedback_overrides_apply,
    interaction_failure_record,
    rule_outcome,
)


def lease_duration() -> timedelta:
    return timedelta(seconds=settings.KBAUDIT_SWEEP_LEASE_SECONDS)


@dataclass
class SweepSummary:
    graded: int = 0
    skipped: int = 0
    retried: int = 0
    failed: int = 0
    upgraded: int = 0
    deferred: int = 0  # left pending: the bot's daily token budget is spent
    halted: int = 0  # left pending: the bot's judge kept failing (breaker open)
    batches: int = 0
    errors: list[str] = field(default_factory=list)
    # Bots whose judge this sweep stopped calling, with the error that stopped it.
    breakers: dict[str, str] = field(default_factory=dict)

    def line(self) -> str:
        text = (
            f"graded {self.graded}, skipped {self.skipped}, will retry {self.retried}, "
            f"failed {self.failed}, thumbs-down upgrades {self.upgraded}"
        )
        if self.deferred:
            text += f", waiting for tomorrow's token budget {self.deferred}"
        if self.breakers:
            text += (
                f", judge calls stopped for {', '.join(sorted(self.breakers))} (most recent "
                f"calls failed the same way), left for the next sweep {self.halted}"
            )
        return text

    @property
    def done(self) -> int:
        return self.graded + self.skipped + self.retried + self.failed

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


# --- what is due, and claiming it ---------------------------------------------------------


def sweepable(*, now: datetime, idle_minutes: float | None) -> Q:
    """Pending, due, unclaimed, and (unless idle_minutes is None) in an idle conversation."""
    condition = (
        Q(status=Interaction.Status.PENDING)
        & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
        & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
    )
    if idle_minutes is not None:
        condition &= Q(conversation__last_activity_at__lte=now - timedelta(minutes=idle_minutes))
    return condition


def bots_over_budget(*, day: date | None = None) -> set[int]:
    """Bots that have spent today's judge tokens; the sweep leaves their rows pending."""
    day = day or timezone.localdate()
    spent = (
        BotDailyUsage.objects.filter(day=day, bot__daily_token_budget__isnull=False)
        .annotate(spent=F("prompt_tokens") + F("completion_tokens"))
        .filter(spent__gte=F("bot__daily_token_budget"))
    )
    return set(spent.values_list("bot_id", flat=True)) | set(
        Bot.objects.filter(daily_token_budget=0).values_list("pk", flat=True)
    )


def due_interactions(
    *,
    idle_minutes: float | None,
    bot_ids: list[int] | None = None,
    now: datetime | None = None,
    excluded_bot_ids: set[int] | None = None,
):
    """What a sweep would claim now: sweepable, and not of a bot whose budget is spent
    (nor of ``excluded_bot_ids``)."""
    return _sweepable_of(
        now=now or timezone.now(),
        idle_minutes=idle_minutes,
        bot_ids=bot_ids,
        excluded_bot_ids=bots_over_budget() | (excluded_bot_ids or set()),
    )


def _sweepable_of(
    *,
    now: datetime,
    idle_minutes: float | None,
    bot_ids: list[int] | None,
    excluded_bot_ids: set[int] | None,
):
    """Sweepable interactions of ``bot_ids`` (every bot when None) but ``excluded_bot_ids``."""
    due = Interaction.objects.filter(sweepable(now=now, idle_minutes=idle_minutes))
    if bot_ids is not None:
        due = due.filter(bot_id__in=bot_ids)
    if excluded_bot_ids:
        due = due.exclude(bot_id__in=excluded_bot_ids)
    return due


def interactions_claim(
    *,
    token: str,
    limit: int,
    idle_minutes: float | None,
    bot_ids: list[int] | None = None,
    excluded_bot_ids: set[int] | None = None,
) -> list[int]:
    """Lease up to ``limit`` due interactions to ``token``; return their ids.

    Every statement is bounded by timestamp, from the oldest row the claim could take
    on, so that on the partitioned layout only the months holding due rows are read.
    """
    now = timezone.now()
    excluded = bots_over_budget() | (excluded_bot_ids or set())
    bound = pending_bound(now=now, bot_ids=bot_ids, excluded_bot_ids=excluded)
    if bound is None:
        return []
    # due_interactions, with the bots over budget read once for the bound and the claim.
    candidates = _sweepable_of(
        now=now, idle_minutes=idle_minutes, bot_ids=bot_ids, excluded_bot_ids=excluded
    )
    candidates = candidates.filter(bound).order_by("timestamp", "id")
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # SKIP LOCKED: a concurrent sweep takes the next rows instead of waiting.
            candidates = candidates.select_for_update(skip_locked=True, of=("self",))
        ids = list(candidates.values_list("pk", flat=True)[:limit])
        if not ids:
            return []
        Interaction.objects.filter(
            bound & Q(pk__in=ids) & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
        ).update(claim_token=token, claimed_until=now + lease_duration())
    return list(
        Interaction.objects.filter(bound, pk__in=ids, claim_token=token).values_list(
            "pk", flat=True
        )
    )


def pending_bound(
    *, now: datetime, bot_ids: list[int] | None = None, excluded_bot_ids: set[int] | None = None
) -> Q | None:
    """A condition every row a claim at ``now`` could take meets: its timestamp is no
    earlier than the oldest pending one. None when nothing is due.

    The oldest is read through the pending index, which every monthly partition has and
    which holds only pending rows, so old months cost a look at an empty index. It
    leaves out the claim's idle-conversation condition, so it is never later than the
    oldest row the claim selects; a row stored after it was read (history imported now,
    a failed row put back) is the next claim's. ``excluded_bot_ids`` (bots over budget
    among them) are left out, so that their old rows do not hold the others' back.
    """
    pending = _sweepable_of(
        now=now, idle_minutes=None, bot_ids=bot_ids, excluded_bot_ids=excluded_bot_ids
    )
    try:
        with transaction.atomic():  # a failed read must not abort an outer transaction
            since = pending.aggregate(since=Min("timestamp"))["since"]
    except (DatabaseError, ValueError, OverflowError):
        # A timestamp Python cannot represent (see _BatchRun._load): claim unbounded, so
        # that the row is reached and marked failed.
        return Q()
    return None if since is None else Q(timestamp__gte=since)


def rows_fail(*, ids: list[int], error: str) -> int:
    """Mark rows failed at once, without loading them (they may not load at all), so
    that one poison row never holds up the rest of its bot; ``sweep --retry-failed``
    puts them back."""
    return Interaction.objects.filter(pk__in=ids).update(
        status=Interaction.Status.FAILED,
        attempts=settings.KBAUDIT_MAX_ATTEMPTS,
        last_error=error[:2000],
        next_attempt_at=None,
        claimed_until=None,
        claim_token="",
    )


def failed_requeue(*, bot_ids: list[int] | None = None) -> int:
    """Give failed interactions (those past KBAUDIT_MAX_ATTEMPTS, or that could not be
    read) a fresh set of attempts: after a judge outage is over, for instance."""
    failed = Interaction.objects.filter(status=Interaction.Status.FAILED)
    if bot_ids is not None:
        failed = failed.filter(bot_id__in=bot_ids)
    return failed.update(
        status=Interaction.Status.PENDING,
        attempts=0,
        next_attempt_at=None,
        claimed_until=None,
        claim_token="",
    )


def claims_release(*, token: str) -> int:
    """Give back the rows of a batch that were not graded (budget spent, or an error)."""
    return Interaction.objects.filter(claim_token=token, status=Interaction.Status.PENDING).update(
        claim_token="", claimed_until=None
    )


class Lease:
    """Keeps a batch's claim alive while it is graded, renewing it every third of its
    length. Only rows still leased to this token are renewed: a row whose lease ran out
    and went to another sweep stays theirs."""

    def __init__(self, token: str):
        self.token = token
        self.duration = lease_duration()
        self.check_every = self.duration.total_seconds() / 3
        self.renewed = time.monotonic()

    def keep_alive(self) -> None:
        if time.monotonic() - self.renewed < self.check_every:
            return
        Interaction.objects.filter(claim_token=self.token).update(
            claimed_until=timezone.now() + self.duration
        )
        self.renewed = time.monotonic()


# --- sweeping -----------------------------------------------------------------------------


def sweep_run(
    *,
    idle_minutes: float | None = None,
    batch_size: int | None = None,
    max_batches: int | None = None,
    bot_ids: list[int] | None = None,
    judge_factory: Callable[[Bot], Judge] = judge_for_bot,
    on_batch: Callable[[SweepSummary], None] | None = None,
) -> SweepSummary:
    """Grade what is due in this process, batch after batch, until nothing is left."""
    summary = SweepSummary()
    overrides_apply(summary=summary, bot_ids=bot_ids)
    batches_sweep(
        batch_size=batch_size,
        idle_minutes=idle_minutes,
        bot_ids=bot_ids,
        judges=JudgeShelf(judge_factory),
        summary=summary,
        max_batches=max_batches,
        on_batch=on_batch,
    )
    SweepState.sweep_recorded(summary.line())
    return summary


def overrides_apply(*, summary: SweepSummary, bot_ids: list[int] | None = None) -> None:
    """The thumbs-down that arrived since the last sweep (SPEC §4)."""
    upgraded = feedback_overrides_apply(bot_ids=bot_ids)
    summary.upgraded += len(upgraded)
    _announce({(e.bot_id, e.occurred_at.date()) for e in upgraded}, [e.pk for e in upgraded])


def batches_sweep(
    *,
    batch_size: int | None = None,
    idle_minutes: float | None = None,
    bot_ids: list[int] | None = None,
    judges: JudgeShelf,
    summary: SweepSummary,
    max_batches: int | None = 1,
    until: float | None = None,
    on_batch: Callable[[SweepSummary], None] | None = None,
) -> int:
    """Claim batches one after another and grade them; return how many were claimed.

    The next batch is claimed as soon as every call of the current one has started, so
    the judge threads go on to it without waiting for the last answers. Claiming stops
    after ``max_batches`` (None: no limit), at the ``until`` time (``time.monotonic``),
    or when nothing is due.
    """
    run = _BatchRun(
        token=uuid.uuid4().hex,
        batch_size=batch_size or settings.KBAUDIT_SWEEP_BATCH_SIZE,
        idle_minutes=idle_minutes,
        bot_ids=bot_ids,
        judges=judges,
        summary=summary,
        max_batches=max_batches,
        until=until,
        on_batch=on_batch,
    )
    run.grade()
    return run.claimed


def batches_needed(*, idle_minutes: float | None, bot_ids: list[int] | None = None) -> int:
    return math.ceil(
        due_interactions(idle_minutes=idle_minutes, bot_ids=bot_ids).count()
        / settings.KBAUDIT_SWEEP_BATCH_SIZE
    )


def sweep_start(
    *, idle_minutes: float | None, bot_ids: list[int] | None = None, force: bool = False
) -> int:
    """Start a sweep on the workers: apply the late thumbs-down, then say how many
    batches to grade in parallel (each goes on to the next until nothing is due).

    None (0) while batches of an earlier sweep are still draining the backlog, unless
    ``force``: a scheduled sweep then only applies the thumbs-down.
    """
    summary = SweepSummary()
    overrides_apply(summary=summary, bot_ids=bot_ids)
    batches = min(
        batches_needed(idle_minutes=idle_minutes, bot_ids=bot_ids), settings.KBAUDIT_SWEEP_FANOUT
    )
    if batches and not force and not SweepState.batches_claim(lease_duration()):
        batches = 0
    elif batches:
        SweepState.batches_running(lease_duration())
    note = f"{batches} batch(es) started" if batches else "nothing new to start"
    SweepState.sweep_recorded(f"sweep: {note}; thumbs-down upgrades {summary.upgraded}")
    return batches


class _BatchRun:
    """One sweep's claimed batches, graded as one stream of judge calls."""

    def __init__(
        self,
        *,
        token: str,
        batch_size: int,
        idle_minutes: float | None,
        bot_ids: list[int] | None,
        judges: JudgeShelf,
        summary: SweepSummary,
        max_batches: int | None,
        until: float | None,
        on_batch: Callable[[SweepSummary], None] | None,
    ):
        self.token, self.judges, self.summary = token, judges, summary
        self.batch_size, self.idle_minutes, self.bot_ids = batch_size, idle_minutes, bot_ids
        self.max_batches, self.until, self.on_batch = max_batches, until, on_batch
        self.claimed = 0
        self.lease = Lease(token)
        self.gates: dict[int, BudgetGate] = {}
        self.breakers: dict[int, Breaker] = {}
        self.started_at = timezone.now()
        self.written = _Written()

    def grade(self) -> None:
        first = self.claim_next()
        if first is None:
            return
        try:
            judging = judge_all(
                first,
                self.judges,
                self.gates,
                self.lease,
                more=self.claim_next,
                breakers=self.breakers,
            )
            for interaction, item, result in judging:
                if isinstance(result, Halted):
                    # Not called: left pending, no attempt counted, for the next sweep.
                    self.summary.halted += 1
                    continue
                self._breaker_record(interaction, result)
                try:
                    with transaction.atomic():
                        outcome = _store(
                            interaction, item, result, self.judges, self.gates, self.token
                        )
                except DatabaseError as exc:  # this row's verdict cannot be stored
                    error = f"the verdict could not be stored: {exc}"
                    rows_fail(ids=[interaction.pk], error=error)
                    outcome = Outcome("failed", error=error)
                if outcome is None:
                    self.summary.deferred += 1
                else:
                    self.summary.count(outcome)
                    self.written.add(interaction, outcome)
                self.lease.keep_alive()
        finally:
            for gate in self.gates.values():
                gate.save()
            # Rows left pending (budget spent, or an error) are free for the next sweep
            # now rather than when the lease runs out.
            claims_release(token=self.token)
        self.written.announce()

    def _breaker_record(self, interaction: Interaction, result) -> None:
        if not isinstance(result, JudgeError | JudgeResult) or getattr(result, "cached", False):
            return  # no call was made
        breaker = self.breakers[interaction.bot_id]
        if breaker.record(result):
            self.summary.breakers[interaction.bot.slug] = str(result)

    def claim_next(self) -> list[Interaction] | None:
        """Claim a batch and apply the rules; what is left for the judge, or None when
        there is nothing more to claim."""
        if not self._may_claim():
            return None
        ids = interactions_claim(
            token=self.token,
            limit=self.batch_size,
            idle_minutes=self.idle_minutes,
            bot_ids=self.bot_ids,
            excluded_bot_ids=self._halted_bots(),
        )
        if not ids:
            self.max_batches = self.claimed  # nothing is due: stop asking
            return None
        self.claimed += 1
        self.summary.batches += 1
        # What the batches so far wrote is announced now, not only when the run ends.
        self.written.announce()
        self.written = _Written()
        to_judge = self._apply_rules(ids)
        if self.on_batch is not None:
            self.on_batch(self.summary)
        return to_judge

    def _halted_bots(self) -> set[int]:
        """Bots this sweep stopped calling: here, or in a batch graded beside this one."""
        closed = {bot_id for bot_id, breaker in self.breakers.items() if not breaker.open}
        for bot_id in breakers_opened_since(self.started_at, bot_ids=closed):
            self.breakers[bot_id].open_elsewhere()
        return {bot_id for bot_id, breaker in self.breakers.items() if breaker.open}

    def _may_claim(self) -> bool:
        if self.max_batches is not None and self.claimed >= self.max_batches:
            return False
        return self.until is None or time.monotonic() < self.until

    def _apply_rules(self, ids: list[int]) -> list[Interaction]:
        to_judge = []
        for interaction in self._load(ids):
            try:
                with transaction.atomic():
                    outcome = rule_outcome(interaction, claim_token=self.token)
            except DatabaseError as exc:
                self._count(interaction.pk, rows_fail(ids=[interaction.pk], error=str(exc)))
                continue
            if outcome is None:
                to_judge.append(interaction)
                if interaction.bot_id not in self.gates:
                    self.gates[interaction.bot_id] = BudgetGate(interaction.bot)
                    self.breakers[interaction.bot_id] = Breaker(
                        interaction.bot_id, since=self.started_at
                    )
            else:
                self.summary.count(outcome)
                self.written.add(interaction, outcome)
        return to_judge

    def _load(self, ids: list[int]) -> list[Interaction]:
        """The batch's rows; one that cannot be read (a stored value Python cannot
        represent) is marked failed with the reason, and the others are graded."""
        rows = (
            Interaction.objects.filter(claim_token=self.token)
            .select_related("bot")
            .prefetch_related("sources")
            .order_by("timestamp", "id")
        )
        try:
            with transaction.atomic():  # a failed read must not abort an outer transaction
                return list(rows.filter(pk__in=ids))
        except (DatabaseError, ValueError, OverflowError):
            pass
        loaded = []
        for pk in ids:
            try:
                with transaction.atomic():
                    loaded += list(rows.filter(pk=pk))
            except (DatabaseError, ValueError, OverflowError) as exc:
                reason = f"the stored row cannot be read: {exc}"
                self._count(pk, rows_fail(ids=[pk], error=reason))
        return loaded

    def _count(self, pk: int, failed: int) -> None:
        if failed:
            self.summary.failed += 1
            self.summary.errors.append(f"interaction {pk}: marked failed")


@dataclass
class _Written:
    touched: set[tuple[int, date]] = field(default_factory=set)
    evaluation_ids: list[int] = field(default_factory=list)

    def add(self, interaction: Interaction, outcome: Outcome) -> None:
        if outcome.evaluation is not None:
            self.touched.add((interaction.bot_id, interaction.timestamp.date()))
            self.evaluation_ids.append(outcome.evaluation.pk)

    def announce(self) -> None:
        _announce(self.touched, self.evaluation_ids)


def _store(interaction, item, result, judges: JudgeShelf, gates, token: str) -> Outcome | None:
    """Write what a judge call produced; None when no call was made (budget spent)."""
    if isinstance(result, BudgetReached):
        return None
    if isinstance(result, JudgeError):
        gates[interaction.bot_id].spend_failed(result)
        return interaction_failure_record(
            interaction=interaction, error=str(result), claim_token=token
        )
    gates[interaction.bot_id].spend(result)
    _judge, cache = judges.get(interaction.bot)
    if cache is not None and not result.cached:
        cache.put(item, result)
    return Outcome("graded", evaluation_store(interaction=interaction, result=result))


def _announce(touched: set[tuple[int, date]], evaluation_ids: list[int]) -> None:
    if not touched:
        return
    days: dict[int, set[date]] = {}
    for bot_id, day in touched:
        days.setdefault(bot_id, set()).add(day)
    evaluations_written.send(
        sender=sweep_run,
        evaluation_ids=evaluation_ids,
        days={bot_id: sorted(values) for bot_id, values in days.items()},
    )
