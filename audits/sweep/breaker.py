"""The sweep's circuit breaker: stop calling a bot's judge once it keeps failing one way.

A judge endpoint that rejects every request, or a model that loops until it is cut off,
fails every call the same way; calling it for the rest of a backlog only burns tokens
and attempts. Each sweep keeps the outcome of a bot's last
``KBAUDIT_JUDGE_BREAKER_WINDOW`` calls; once ``KBAUDIT_JUDGE_BREAKER_FAILURES`` of them
failed with the same kind of error (``JudgeError.kind``: ``cut_off``, ``http_400``,
``timeout``…) the breaker opens: no further call for that bot in this sweep, its
remaining interactions stay pending (no attempt counted) for the next sweep, and a
:class:`~audits.models.JudgeBreaker` row says so on the status page and in
``sweep --status``. Batches of the same sweep graded in parallel (on the workers) see
that row when they claim their next batch and stop calling the bot too. The next sweep
starts closed and tries again; its first successful call for the bot removes the row.
"""

from __future__ import annotations

from collections import Counter, deque
from datetime import datetime

from django.conf import settings
from django.utils import timezone

from audits.judges.base import JudgeError, JudgeResult
from audits.models import JudgeBreaker


class Halted:
    """The result of a call not made: the bot's judge keeps failing (breaker open)."""

    def __init__(self, breaker: Breaker):
        self.breaker = breaker


class Breaker:
    """The recent calls of one bot's judge within one sweep."""

    def __init__(
        self,
        bot_id: int,
        *,
        since: datetime | None = None,
        window: int | None = None,
        failures: int | None = None,
    ):
        self.bot_id = bot_id
        # When this sweep started: a breaker opened since then is this sweep's own.
        self.since = since or timezone.now()
        self.window = max(1, window or settings.KBAUDIT_JUDGE_BREAKER_WINDOW)
        self.failures = max(1, failures or settings.KBAUDIT_JUDGE_BREAKER_FAILURES)
        self.recent: deque[str | None] = deque(maxlen=self.window)
        self.open = False
        self.error: JudgeError | None = None
        self._cleared = False

    def record(self, result: JudgeResult | JudgeError) -> bool:
        """Note the outcome of a call made (not a cache hit); True when it opened the
        breaker."""
        if isinstance(result, JudgeError):
            self.recent.append(result.kind)
        else:
            self.recent.append(None)
            self._clear()
        if self.open or not isinstance(result, JudgeError):
            return False
        kind, count = Counter(kind for kind in self.recent if kind).most_common(1)[0]
        if count < self.failures:
            return False
        self.open, self.error = True, result
        JudgeBreaker.objects.update_or_create(
            bot_id=self.bot_id,
            defaults={
                "opened_at": timezone.now(),
                "error_kind": kind[:60],
                "error": str(result)[:2000],
                "failures": count,
                "window": len(self.recent),
            },
        )
        return True

    def open_elsewhere(self) -> None:
        """Another batch of this sweep opened the bot's breaker: stop calling here too."""
        self.open = True

    def _clear(self) -> None:
        # The endpoint answers again: a breaker an earlier sweep opened no longer holds
        # (one that a parallel batch of this sweep opened still does).
        if not self._cleared:
            JudgeBreaker.objects.filter(bot_id=self.bot_id, opened_at__lt=self.since).delete()
            self._cleared = True


def breakers_opened_since(since: datetime, *, bot_ids: set[int]) -> set[int]:
    """Bots among ``bot_ids`` whose breaker a batch of the sweep started at ``since``
    opened."""
    if not bot_ids:
        return set()
    opened = JudgeBreaker.objects.filter(bot_id__in=bot_ids, opened_at__gte=since)
    return set(opened.values_list("bot_id", flat=True))
