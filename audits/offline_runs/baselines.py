"""What an offline run is compared with: production traffic over a window, or another
run (SPEC §8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Max, Min, QuerySet
from django.utils import timezone

from audits.models import Evaluation, EvaluationRun, Interaction

PRODUCTION = "prod"
# The default production window opens this long before the run's first answer.
DEFAULT_WINDOW = timedelta(days=30)


class BaselineError(ValueError):
    """The baseline asked for does not exist or makes no sense (a usage error)."""


@dataclass(frozen=True)
class Baseline:
    """What a run is compared with: production traffic over a window, or another run.

    ``until`` is exclusive. ``note`` says how a default window was chosen.
    """

    run: EvaluationRun | None = None
    since: datetime | None = None
    until: datetime | None = None
    note: str = ""

    def describe(self) -> str:
        text = f"run {self.run.name}" if self.run else "production"
        if self.since or self.until:
            first = self.since.date().isoformat() if self.since else "the start"
            last = (
                (self.until - timedelta(microseconds=1)).date().isoformat() if self.until else "now"
            )
            text += f" {first} to {last}"
        elif self.run is None:
            text = "all production"
        return f"{text} ({self.note})" if self.note else text

    def evaluations(self, bot_ids: Sequence[int]) -> QuerySet[Evaluation]:
        evaluations = Evaluation.objects.filter(bot_id__in=bot_ids)
        if self.run is not None:
            evaluations = evaluations.filter(interaction__run=self.run)
        else:
            evaluations = evaluations.filter(interaction__run__isnull=True)
        # The interaction's timestamp is the evaluation's occurred_at: bounding both
        # lets the join read only the window's partitions of the interactions.
        if self.since is not None:
            evaluations = evaluations.filter(
                occurred_at__gte=self.since, interaction__timestamp__gte=self.since
            )
        if self.until is not None:
            evaluations = evaluations.filter(
                occurred_at__lt=self.until, interaction__timestamp__lt=self.until
            )
        return evaluations

    def as_dict(self) -> dict:
        return {
            "kind": "run" if self.run else "production",
            "run": self.run.name if self.run else None,
            "since": self.since.isoformat() if self.since else None,
            "until": self.until.isoformat() if self.until else None,
            "description": self.describe(),
        }


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def baseline_for(
    *,
    run: EvaluationRun,
    bot_ids: Sequence[int],
    baseline: str = PRODUCTION,
    since: date | None = None,
    until: date | None = None,
) -> Baseline:
    """The baseline named ``baseline`` ("prod" or a run's name); ``until`` is inclusive.

    Production without dates defaults to the 30 days before the run's first answer
    through the day of its last: a replay stamped with the original times (as a replay
    of last month's questions usually is) then meets its originals, and one stamped at
    replay time meets the month before it. When production has nothing in that window,
    all production is used.
    """
    if since and until and since > until:
        raise BaselineError(f"--since {since} is after --until {until}")
    other = None
    if baseline not in (PRODUCTION, "production"):
        other = EvaluationRun.objects.filter(name=baseline).first()
        if other is None:
            raise BaselineError(f"no evaluation run named {baseline!r}")
        if other.pk == run.pk:
            raise BaselineError("a run cannot be its own baseline")
    if since or until:
        return Baseline(
            run=other,
            since=_day_start(since) if since else None,
            until=_day_start(until + timedelta(days=1)) if until else None,
        )
    if other is not None:
        return Baseline(run=other)
    return _default_window(run, bot_ids)


def _default_window(run: EvaluationRun, bot_ids: Sequence[int]) -> Baseline:
    span = Interaction.objects.filter(run=run, bot_id__in=bot_ids).aggregate(
        first=Min("timestamp"), last=Max("timestamp")
    )
    if span["first"] is None:
        return Baseline(note="the run has no answers")
    local = timezone.localtime
    since = _day_start((local(span["first"]) - DEFAULT_WINDOW).date())
    until = _day_start(local(span["last"]).date() + timedelta(days=1))
    traffic = Interaction.objects.production().filter(
        bot_id__in=bot_ids, timestamp__gte=since, timestamp__lt=until
    )
    if not traffic.exists():
        return Baseline(note="no production traffic in the 30 days before the run")
    return Baseline(
        since=since, until=until, note="default: 30 days before the run's first answer to its last"
    )
