"""Judge calls for the sweep: one judge per bot, bounded concurrency, the cache, the
daily token budget.

Judges that wait on a network (the LLM judge) run in a process-wide pool of
``KBAUDIT_JUDGE_CONCURRENCY`` threads. Those threads only talk HTTP: the thread that
claimed the batch reads the judge cache, stores the verdicts, counts the tokens and
decides, call by call, whether the bot's daily budget allows another one.
"""

from __future__ import annotations

import copy
import logging
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from datetime import date
from threading import Lock
from typing import Protocol

from django.conf import settings
from django.utils import timezone

from audits.judges import judge_for_bot
from audits.judges.base import Judge, JudgeError, JudgeInput, JudgeResult
from audits.judges.cache import cache_key
from audits.models import Bot, BotDailyUsage, Interaction, JudgeCacheEntry
from audits.sweep.breaker import Breaker, Halted
from audits.sweep.rules import conversation_histories, judge_input_for

logger = logging.getLogger(__name__)

# Judges whose calls wait on a network, and so are worth running in threads.
NETWORK_JUDGES = {"llm"}
# Calls queued per judge thread: a thread that finishes one starts the next at once,
# without waiting for the sweeping thread to store results and queue more.
AHEAD = 2


class LeaseKeeper(Protocol):
    """What the judging loop needs of a claim's lease: renewing it now and then."""

    check_every: float

    def keep_alive(self) -> None: ...


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
        getattr(settings, name)
        for name in (
            "KBAUDIT_JUDGE",
            "OPENAI_BASE_URL",
            "OPENAI_API_KEY",
            "KBAUDIT_JUDGE_MODEL",
            "KBAUDIT_JUDGE_TIMEOUT",
            "KBAUDIT_JUDGE_MAX_RETRIES",
            "KBAUDIT_JUDGE_RESPONSE_FORMAT",
            "KBAUDIT_JUDGE_MAX_TOKENS",
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


# --- the daily token budget ---------------------------------------------------------------


class BudgetGate:
    """Counts a bot's judge tokens, and says whether it may make another call today.

    A call starts only while the tokens spent, plus what the calls already in flight
    are expected to cost (today's average per call), stay under the budget; the first
    call of a day goes alone, to learn the cost. So calls stop at the budget: only the
    call that crosses it (and calls in flight on other workers) can go over.

    With a budget every call is counted at once (other workers read it); without
    one, a batch's calls are counted together when the batch ends.
    """

    def __init__(self, bot: Bot, day: date | None = None):
        self.bot_id = bot.pk
        self.budget = bot.daily_token_budget
        self.day = day or timezone.localdate()
        self.used, self.calls = 0, 0
        # prompt tokens, completion tokens, calls, failed calls, their tokens
        self.unsaved = [0, 0, 0, 0, 0]
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
        self._count(result.prompt_tokens, result.completion_tokens)

    def spend_failed(self, error: JudgeError) -> None:
        """A call that graded nothing still spent what the server reports it used."""
        self._count(error.prompt_tokens, error.completion_tokens, failed=True)

    def _count(self, prompt_tokens: int, completion_tokens: int, *, failed: bool = False) -> None:
        self.unsaved[0] += prompt_tokens
        self.unsaved[1] += completion_tokens
        self.unsaved[2] += 1
        if failed:
            self.unsaved[3] += 1
            self.unsaved[4] += prompt_tokens + completion_tokens
        if self.budget is not None:
            self.save()
            self._refresh()  # other workers spend too

    def save(self) -> None:
        prompt_tokens, completion_tokens, calls, failed_calls, failed_tokens = self.unsaved
        if calls:
            BotDailyUsage.add(
                bot_id=self.bot_id,
                day=self.day,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
                calls=calls,
                failed_calls=failed_calls,
                failed_tokens=failed_tokens,
            )
            self.unsaved = [0, 0, 0, 0, 0]


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


Judged = tuple[Interaction, JudgeInput | None, JudgeResult | JudgeError | BudgetReached | Halted]


def judge_all(
    interactions: list[Interaction],
    judges: JudgeShelf,
    gates: dict[int, BudgetGate],
    lease: LeaseKeeper,
    more: Callable[[], list[Interaction] | None] | None = None,
    breakers: dict[int, Breaker] | None = None,
) -> Iterator[Judged]:
    """Yield (interaction, judge input, result) as each judgement lands.

    Cache hits are answered here; misses are queued for the judge threads, which make
    at most the judge's concurrency of calls at a time. Calls are queued ahead and
    refilled before the caller stores results, so the threads never wait on the
    database; a call counts against its bot's budget from the moment it is queued
    until its result has been stored. Once every call has been queued, ``more`` is
    asked for the next interactions (None: no more). A bot whose breaker is open gets
    no further call: its interactions come back as :class:`~audits.sweep.breaker.Halted`.
    """
    return _Judging(interactions, judges, gates, lease, more, breakers).run()


class _Judging:
    def __init__(
        self, interactions, judges: JudgeShelf, gates, lease: LeaseKeeper, more=None, breakers=None
    ):
        self.waiting: deque[Interaction] = deque()
        self.judges, self.gates, self.lease, self.more = judges, gates, lease, more
        self.breakers: dict[int, Breaker] = breakers if breakers is not None else {}
        self.items: dict[int, JudgeInput] = {}
        self.cached_keys: set[str] = set()
        self.in_flight: dict[Future, tuple[Interaction, JudgeInput]] = {}
        self.landed: list[Judged] = []
        # Calls started and not yet handed to the caller, per bot (for the budget gate).
        self.unstored: Counter[int] = Counter()
        self._add(interactions)

    def _add(self, interactions: list[Interaction]) -> None:
        histories = conversation_histories(interactions)
        items = {i.pk: judge_input_for(i, history=histories.get(i.pk, ())) for i in interactions}
        self.items.update(items)
        self.cached_keys |= _cached_keys(interactions, items, self.judges)
        self.waiting.extend(interactions)

    def run(self) -> Iterator[Judged]:
        while self.waiting or self.in_flight or self.landed or self.more:
            self._top_up()
            yield from self._start_calls()
            yield from self._hand_over()
            self.lease.keep_alive()
            self._collect()

    def _top_up(self) -> None:
        if self.waiting or self.more is None:
            return
        interactions = self.more()
        if interactions is None:
            self.more = None
        else:
            self._add(interactions)

    def _start_calls(self) -> Iterator[Judged]:
        held: list[Interaction] = []
        while self.waiting:
            interaction = self.waiting.popleft()
            judge, cache = self.judges.get(interaction.bot)
            limit = judge_concurrency(judge)
            if len(self.in_flight) >= limit * AHEAD:
                self.waiting.appendleft(interaction)
                break
            gate = self.gates[interaction.bot_id]
            breaker = self.breakers.get(interaction.bot_id)
            if breaker is not None and breaker.open:
                yield interaction, None, Halted(breaker)
            elif gate.exhausted:
                yield interaction, None, BudgetReached()
            elif not gate.allows(self.unstored[interaction.bot_id]):
                held.append(interaction)
            else:
                yield from self._start(interaction, judge, cache, limit)
        self.waiting.extendleft(reversed(held))

    def _start(self, interaction, judge: Judge, cache, limit: int) -> Iterator[Judged]:
        item = self.items[interaction.pk]
        hit = None
        if cache is not None and _cache_key(judge, item) in self.cached_keys:
            hit = cache.get(item, model=judge.model, prompt_version=judge.prompt_version)
        if hit is not None:
            yield interaction, item, hit
        elif limit == 1:
            result = _call(judge, item)
            yield interaction, item, result
            self._remember(judge, item, result)
        else:
            future = judge_executor(limit).submit(_call, judge, item)
            self.in_flight[future] = (interaction, item)
            self.unstored[interaction.bot_id] += 1

    def _hand_over(self) -> Iterator[Judged]:
        landed, self.landed = self.landed, []
        for interaction, item, result in landed:
            yield interaction, item, result
            self.unstored[interaction.bot_id] -= 1
            self._remember(self.judges.get(interaction.bot)[0], item, result)

    def _remember(self, judge: Judge, item: JudgeInput, result) -> None:
        """A result handed over is in the cache by now: a repeat later is a hit."""
        if isinstance(result, JudgeResult):
            self.cached_keys.add(_cache_key(judge, item))

    def _collect(self) -> None:
        if not self.in_flight:
            return
        # Woken now and then, so a slow call does not let the lease run out.
        done, _ = wait(self.in_flight, timeout=self.lease.check_every, return_when=FIRST_COMPLETED)
        for future in done:
            interaction, item = self.in_flight.pop(future)
            self.landed.append((interaction, item, future.result()))


def _cache_key(judge: Judge, item: JudgeInput) -> str:
    return cache_key(item, model=judge.model, prompt_version=judge.prompt_version)


def _cached_keys(interactions, items: dict[int, JudgeInput], judges: JudgeShelf) -> set[str]:
    """Which of the batch's triplets the judge cache holds, in one query: the others go
    straight to the judge."""
    keys = set()
    for interaction in interactions:
        judge, cache = judges.get(interaction.bot)
        if cache is not None:
            keys.add(_cache_key(judge, items[interaction.pk]))
    if not keys:
        return set()
    return set(JudgeCacheEntry.objects.filter(key__in=keys).values_list("key", flat=True))


def _call(judge: Judge, item: JudgeInput) -> JudgeResult | JudgeError:
    try:
        return judge.judge(item)
    except JudgeError as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - one bad call must not stop the batch
        # Recorded on the interaction like any failed call, so it is retried with
        # backoff and shows as failed in the end, instead of blocking every sweep.
        logger.exception("the judge raised an unexpected error")
        return JudgeError(f"unexpected judge error: {exc!r}")
