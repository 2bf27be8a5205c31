"""What the sweep is doing: counts, recent errors, token budgets (with what failed calls
cost), bots whose judge calls a sweep stopped, last sweep, workers.

Read by ``manage.py sweep --status`` and the status page, for the bots the reader may
see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, Q
from django.utils import timezone

from audits.models import Bot, BotDailyUsage, Interaction, JudgeBreaker, SweepState

RECENT_ERRORS = 10
SKIP_REASONS = {"small_talk": "small talk", "not_sampled": "not sampled"}


@dataclass
class BotBudget:
    bot: Bot
    pending: int
    tokens_today: int
    budget: int | None
    # Of today's calls and tokens: those that graded nothing.
    failed_calls_today: int = 0
    failed_tokens_today: int = 0

    @property
    def budget_reached(self) -> bool:
        return self.budget is not None and self.tokens_today >= self.budget


@dataclass
class SweepStatus:
    pending: int = 0
    graded: int = 0
    skipped: int = 0
    failed: int = 0
    skipped_by_reason: dict[str, int] = field(default_factory=dict)
    retrying: int = 0  # pending after at least one failed call
    errors: list[Interaction] = field(default_factory=list)
    bots: list[BotBudget] = field(default_factory=list)
    # Bots whose judge a sweep stopped calling because its calls kept failing one way.
    breakers: list[JudgeBreaker] = field(default_factory=list)
    last_sweep_at: datetime | None = None
    last_sweep_summary: str = ""
    worker_seen_at: datetime | None = None
    worker_name: str = ""
    in_process: bool = False  # no broker: tasks run in the web/command process

    @property
    def worker_alive(self) -> bool:
        """A worker was seen within two heartbeats (and a minute's slack)."""
        if self.worker_seen_at is None:
            return False
        window = timedelta(seconds=2 * settings.KBAUDIT_HEARTBEAT_SECONDS + 60)
        return timezone.now() - self.worker_seen_at <= window

    @property
    def skipped_labelled(self) -> list[tuple[str, int]]:
        return [
            (SKIP_REASONS.get(reason, reason), n)
            for reason, n in sorted(self.skipped_by_reason.items())
        ]

    @property
    def budget_reached(self) -> list[BotBudget]:
        return [row for row in self.bots if row.budget_reached]


def sweep_status(*, bots, in_process: bool = False) -> SweepStatus:
    """The sweep as seen for ``bots`` (a queryset: every bot, or those a user may see)."""
    bots = list(bots.order_by("slug"))
    bot_ids = [bot.pk for bot in bots]
    interactions = Interaction.objects.filter(bot_id__in=bot_ids)
    status = SweepStatus(in_process=in_process)
    _count_statuses(status, interactions)
    status.errors = list(
        interactions.exclude(last_error="")
        .filter(status__in=[Interaction.Status.PENDING, Interaction.Status.FAILED])
        .select_related("bot")
        # Only what the list shows: a row failed because it cannot be read stays listed.
        .only("bot__slug", "external_id", "status", "attempts", "next_attempt_at", "last_error")
        .order_by("-status", "-attempts", "-id")[:RECENT_ERRORS]
    )
    status.bots = _budgets(bots, interactions)
    status.breakers = list(
        JudgeBreaker.objects.filter(bot_id__in=bot_ids).select_related("bot").order_by("bot__slug")
    )
    state = SweepState.load()
    status.last_sweep_at, status.last_sweep_summary = state.last_sweep_at, state.last_sweep_summary
    status.worker_seen_at, status.worker_name = state.worker_seen_at, state.worker_name
    return status


def _count_statuses(status: SweepStatus, interactions) -> None:
    for row in interactions.values("status", "skip_reason").annotate(
        n=Count("id"), retrying=Count("id", filter=Q(attempts__gt=0))
    ):
        if row["status"] == Interaction.Status.PENDING:
            status.pending += row["n"]
            status.retrying += row["retrying"]
        elif row["status"] == Interaction.Status.GRADED:
            status.graded += row["n"]
        elif row["status"] == Interaction.Status.FAILED:
            status.failed += row["n"]
        elif row["status"] == Interaction.Status.SKIPPED:
            status.skipped += row["n"]
            reason = row["skip_reason"] or "other"
            status.skipped_by_reason[reason] = status.skipped_by_reason.get(reason, 0) + row["n"]


def _budgets(bots: list[Bot], interactions) -> list[BotBudget]:
    today = timezone.localdate()
    used = {
        usage.bot_id: usage
        for usage in BotDailyUsage.objects.filter(day=today, bot_id__in=[b.pk for b in bots])
    }
    pending = dict(
        interactions.filter(status=Interaction.Status.PENDING)
        .values("bot_id")
        .annotate(n=Count("id"))
        .values_list("bot_id", "n")
    )
    return [
        BotBudget(
            bot=bot,
            pending=pending.get(bot.pk, 0),
            tokens_today=used[bot.pk].tokens if bot.pk in used else 0,
            budget=bot.daily_token_budget,
            failed_calls_today=used[bot.pk].failed_calls if bot.pk in used else 0,
            failed_tokens_today=used[bot.pk].failed_tokens if bot.pk in used else 0,
        )
        for bot in bots
    ]


def status_lines(status: SweepStatus) -> list[str]:
    """The status as plain text, for ``sweep --status``."""
    skipped = ", ".join(f"{reason} {n}" for reason, n in sorted(status.skipped_by_reason.items()))
    lines = [
        f"pending {status.pending} (retrying after a failed call: {status.retrying})",
        f"graded {status.graded}",
        f"skipped {status.skipped}" + (f" ({skipped})" if skipped else ""),
        f"failed {status.failed}",
    ]
    if status.errors:
        lines.append("last errors:")
        lines += [
            f"  {i.bot.slug}/{i.external_id} [{i.status}, attempt {i.attempts}]: "
            f"{i.last_error[:200]}"
            for i in status.errors
        ]
    lines.append("tokens used today:")
    for row in status.bots:
        budget = f"of {row.budget}" if row.budget is not None else "(no budget)"
        note = "  budget reached: grading paused until tomorrow" if row.budget_reached else ""
        failed = (
            f" ({row.failed_tokens_today} of them in {row.failed_calls_today} failed calls)"
            if row.failed_calls_today
            else ""
        )
        lines.append(f"  {row.bot.slug}: {row.tokens_today} {budget}{failed}{note}")
    for breaker in status.breakers:
        lines.append(
            f"judge calls stopped for {breaker.bot.slug} at {_when(breaker.opened_at)}: "
            f"{breaker.failures} of its last {breaker.window} calls failed the same way "
            f"({breaker.error_kind}): {breaker.error[:200]}; its waiting interactions are "
            "left for the next sweep, which tries again"
        )
    lines.append(f"last sweep: {_when(status.last_sweep_at)} {status.last_sweep_summary}".rstrip())
    if status.in_process:
        lines.append("worker: none needed (no REDIS_URL: tasks run in process)")
    else:
        alive = "alive" if status.worker_alive else "not seen recently"
        name = f" ({status.worker_name})" if status.worker_name else ""
        lines.append(f"worker heartbeat: {_when(status.worker_seen_at)}{name}, {alive}")
    return lines


def _when(moment: datetime | None) -> str:
    if moment is None:
        return "never"
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S %Z")
