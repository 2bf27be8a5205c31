"""The sweep: grade interactions whose conversation has gone idle, in claimed batches.

A batch is claimed before it is graded: its rows are leased to one sweep
(``claim_token``, ``claimed_until``), so overlapping sweeps, on any number of workers,
never grade the same interaction. The lease is renewed while the batch is graded; a
sweep that dies stops renewing it, and once it expires the rows go back to the pool
for the next sweep. Each verdict is committed as soon as it is known, and the database
refuses a second evaluation of the same interaction.

Judge calls that wait on a network (the LLM judge) run in a process-wide pool of
``KBAUDIT_JUDGE_CONCURRENCY`` threads. Those threads only talk HTTP: the thread that
claimed the batch reads the judge cache, writes the verdicts, counts the tokens and
decides, call by call, whether the bot's daily budget allows another one.
"""

from __future__ import annotations

import copy
import math
import time
import uuid
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from threading import Lock

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
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
from audits.judges.base import Judge, JudgeError, JudgeInput, JudgeResult
from audits.models import Bot, BotDailyUsage, Interaction, SweepState
from audits.signals import evaluations_written

# Judges whose calls wait on a network, and so are worth running in threads.
NETWORK_JUDGES = {"llm"}


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
    batches: int = 0
    errors: list[str] = field(default_factory=list)

    def line(self) -> str:
        text = (
            f"graded {self.graded}, skipped {self.skipped}, will retry {self.retried}, "
            f"failed {self.failed}, thumbs-down upgrades {self.upgraded}"
        )
        if self.deferred:
            text += f", waiting for tomorrow's token budget {self.deferred}"
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
    *, idle_minutes: float | None, bot_ids: list[int] | None = None, now: datetime | None = None
):
    """What a sweep would claim now: sweepable, and not of a bot whose budget is spent."""
    now = now or timezone.now()
    due = Interaction.objects.filter(sweepable(now=now, idle_minutes=idle_minutes))
    if bot_ids is not None:
        due = due.filter(bot_id__in=bot_ids)
    exhausted = bots_over_budget()
    if exhausted:
        due = due.exclude(bot_id__in=exhausted)
    return due


def interactions_claim(
    *, token: str, limit: int, idle_minutes: float | None, bot_ids: list[int] | None = None
) -> list[int]:
    """Lease up to ``limit`` due interactions to ``token``; return their ids."""
    now = timezone.now()
    candidates = due_interactions(idle_minutes=idle_minutes, bot_ids=bot_ids, now=now)
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
        ).update(claim_token=token, claimed_until=now + lease_duration())
    return list(
        Interaction.objects.filter(pk__in=ids, claim_token=token).values_list("pk", flat=True)
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


class JudgeShelf:
    """One judge per bot, built on first use, kept by a worker across batches.

    Rebuilt after ``max_age`` seconds (the offline judge's picture of a bot's knowledge
    base follows new imports) and whenever the judge settings or the bot's domain change.
    """

    def __init__(self, factory: Callable[[Bot], Judge] = judge_for_bot, max_age: float = 600):
        self.factory = factory
        self.max_age = max_age
        self._judges: dict[tuple, tuple[float, Judge, object | None]] = {}
        self._lock = Lock()

    def get(self, bot: Bot) -> tuple[Judge, object | None]:
        """(the judge, its cache or None); the judge returned never touches the database."""
        key = (bot.pk, bot.domain_description, *_judge_settings())
        with self._lock:
            built = self._judges.get(key)
            if built is None or time.monotonic() - built[0] > self.max_age:
                judge, cache = _split_cache(self.factory(bot))
                built = (time.monotonic(), judge, cache)
                self._judges[key] = built
            return built[1], built[2]


def _judge_settings() -> tuple:
    return tuple(
        getattr(settings, name, None)
        for name in (
            "KBAUDIT_JUDGE",
            "OPENAI_BASE_URL",
            "OPENAI_API_KEY",
            "KBAUDIT_JUDGE_MODEL",
            "KBAUDIT_JUDGE_TIMEOUT",
            "KBAUDIT_JUDGE_MAX_RETRIES",
            "KBAUDIT_JUDGE_RESPONSE_FORMAT",
        )
    )


def _split_cache(judge: Judge) -> tuple[Judge, object | None]:
    """A judge that caches (the LLM judge's ``cache``) reads and writes the database; the
    sweep does that from its own thread instead, and hands the threads a copy of the
    judge without the cache (the HTTP client is shared, and safe across threads)."""
    cache = getattr(judge, "cache", None)
    if cache is None:
        return judge, None
    bare = copy.copy(judge)
    bare.cache = None
    return bare, cache


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
    token = uuid.uuid4().hex
    summary = SweepSummary()
    overrides_apply(summary=summary, bot_ids=bot_ids)
    judges = JudgeShelf(judge_factory)
    while max_batches is None or summary.batches < max_batches:
        claimed = batch_sweep(
            token=token,
            batch_size=batch_size,
            idle_minutes=idle_minutes,
            bot_ids=bot_ids,
            judges=judges,
            summary=summary,
        )
        if not claimed:
            break
        if on_batch is not None:
            on_batch(summary)
    SweepState.sweep_recorded(summary.line())
    return summary


def overrides_apply(*, summary: SweepSummary, bot_ids: list[int] | None = None) -> None:
    """The thumbs-down that arrived since the last sweep (SPEC §4)."""
    upgraded = feedback_overrides_apply(bot_ids=bot_ids)
    summary.upgraded += len(upgraded)
    _announce({(e.bot_id, e.occurred_at.date()) for e in upgraded}, [e.pk for e in upgraded])


def batch_sweep(
    *,
    token: str | None = None,
    batch_size: int | None = None,
    idle_minutes: float | None = None,
    bot_ids: list[int] | None = None,
    judges: JudgeShelf,
    summary: SweepSummary,
) -> bool:
    """Claim one batch and grade it; False when nothing was due."""
    token = token or uuid.uuid4().hex
    ids = interactions_claim(
        token=token,
        limit=batch_size or settings.KBAUDIT_SWEEP_BATCH_SIZE,
        idle_minutes=idle_minutes,
        bot_ids=bot_ids,
    )
    if not ids:
        return False
    summary.batches += 1
    try:
        _grade_batch(ids, token, judges, summary)
    finally:
        # Rows left pending (budget spent, or an error) are free for the next sweep now
        # rather than when the lease runs out.
        claims_release(token=token)
    return True


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

    None while batches of an earlier sweep are still draining the backlog, unless
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


def _grade_batch(ids: list[int], token: str, judges: JudgeShelf, summary: SweepSummary) -> None:
    interactions = list(
        Interaction.objects.filter(pk__in=ids, claim_token=token)
        .select_related("bot")
        .prefetch_related("sources")
        .order_by("timestamp", "id")
    )
    written = _Written()
    to_judge: list[Interaction] = []
    for interaction in interactions:
        outcome = rule_outcome(interaction, claim_token=token)
        if outcome is None:
            to_judge.append(interaction)
        else:
            summary.count(outcome)
            written.add(interaction, outcome)
    lease = Lease(token)
    gates = {i.bot_id: BudgetGate(i.bot) for i in to_judge}
    for interaction, item, result in _judge_all(to_judge, judges, gates, lease):
        outcome = _store(interaction, item, result, judges, gates, token)
        if outcome is None:
            summary.deferred += 1
        else:
            summary.count(outcome)
            written.add(interaction, outcome)
        lease.keep_alive()
    written.announce()


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


# --- the daily token budget ---------------------------------------------------------------


class BudgetGate:
    """Whether a bot may make another judge call today.

    A call starts only while the tokens spent, plus what the calls already in flight
    are expected to cost (today's average per call), stay under the budget; the first
    call of a day goes alone, to learn the cost. So calls stop at the budget: only the
    call that crosses it (and calls in flight on other workers) can go over.
    """

    def __init__(self, bot: Bot, day: date | None = None):
        self.bot_id = bot.pk
        self.budget = bot.daily_token_budget
        self.day = day or timezone.localdate()
        self.used, self.calls = 0, 0
        if self.budget is not None:
            self._refresh()

    def _refresh(self) -> None:
        usage = BotDailyUsage.objects.filter(bot_id=self.bot_id, day=self.day).first()
        self.used, self.calls = (usage.tokens, usage.calls) if usage else (0, 0)

    @property
    def exhausted(self) -> bool:
        return self.budget is not None and self.used >= self.budget

    def allows(self, in_flight: int) -> bool:
        if self.budget is None or in_flight == 0:
            return not self.exhausted
        if not self.calls:
            return False
        return self.used + in_flight * (self.used / self.calls) < self.budget

    def spend(self, result: JudgeResult) -> None:
        if result.cached:
            return  # a cache hit cost nothing
        BotDailyUsage.add(
            bot_id=self.bot_id,
            day=self.day,
            prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens,
        )
        if self.budget is not None:
            self._refresh()  # other workers spend too


# --- judging with bounded concurrency ---------------------------------------------------


class BudgetReached:
    """The result of a call not made: the bot's budget for today is spent."""


_executors: dict[int, ThreadPoolExecutor] = {}
_executors_lock = Lock()


def judge_executor(size: int) -> ThreadPoolExecutor:
    """The process-wide pool of judge threads: batches graded at once in one worker
    process share it, so the process never has more than ``size`` calls in flight."""
    with _executors_lock:
        if size not in _executors:
            _executors[size] = ThreadPoolExecutor(max_workers=size, thread_name_prefix="judge")
        return _executors[size]


def judge_concurrency(judge: Judge) -> int:
    if getattr(judge, "name", "") in NETWORK_JUDGES:
        return max(1, settings.KBAUDIT_JUDGE_CONCURRENCY)
    return 1  # CPU-bound judges gain nothing from threads


Judged = tuple[Interaction, JudgeInput | None, JudgeResult | JudgeError | BudgetReached]


def _judge_all(
    interactions: list[Interaction],
    judges: JudgeShelf,
    gates: dict[int, BudgetGate],
    lease: Lease,
) -> Iterator[Judged]:
    """Yield (interaction, judge input, result) as each judgement lands.

    Cache hits are answered here; misses go to the judge threads, at most the judge's
    concurrency at a time. The caller stores each result before the next call starts,
    so the budget gate always sees the tokens spent so far.
    """
    waiting = deque(interactions)
    in_flight: dict[Future, tuple[Interaction, JudgeInput]] = {}
    per_bot: Counter[int] = Counter()
    while waiting or in_flight:
        held: list[Interaction] = []
        while waiting:
            interaction = waiting.popleft()
            judge, cache = judges.get(interaction.bot)
            limit = judge_concurrency(judge)
            if len(in_flight) >= limit:
                waiting.appendleft(interaction)
                break
            gate = gates[interaction.bot_id]
            if gate.exhausted:
                yield interaction, None, BudgetReached()
                continue
            if not gate.allows(per_bot[interaction.bot_id]):
                held.append(interaction)
                continue
            item = judge_input_for(interaction)
            hit = _cache_get(cache, judge, item)
            if hit is not None:
                yield interaction, item, hit
                continue
            if limit == 1:
                yield interaction, item, _call(judge, item)
                continue
            future = judge_executor(limit).submit(_call, judge, item)
            in_flight[future] = (interaction, item)
            per_bot[interaction.bot_id] += 1
        waiting.extendleft(reversed(held))
        lease.keep_alive()
        if not in_flight:
            continue
        # Woken now and then, so a slow call does not let the lease run out.
        done, _ = wait(in_flight, timeout=lease.check_every, return_when=FIRST_COMPLETED)
        for future in done:
            interaction, item = in_flight.pop(future)
            per_bot[interaction.bot_id] -= 1
            yield interaction, item, future.result()


def _cache_get(cache, judge: Judge, item: JudgeInput) -> JudgeResult | None:
    if cache is None:
        return None
    return cache.get(item, model=judge.model, prompt_version=judge.prompt_version)


def _call(judge: Judge, item: JudgeInput) -> JudgeResult | JudgeError:
    try:
        return judge.judge(item)
    except JudgeError as exc:
        return exc


def _store(interaction, item, result, judges: JudgeShelf, gates, token: str) -> Outcome | None:
    """Write what a judge call produced; None when no call was made (budget spent)."""
    if isinstance(result, BudgetReached):
        return None
    if isinstance(result, JudgeError):
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
