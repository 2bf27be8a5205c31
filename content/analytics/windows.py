"""A bot's graded answers over any time window: the one place the alerts, the weekly
digest and the bot overview read "how is this bot doing lately" from."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Avg, Count, Q

from audits.judges.base import METRICS
from audits.models import Bot, Evaluation


@dataclass(frozen=True)
class WindowMetrics:
    graded: int
    insufficient: int
    means: dict[str, float | None] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def insufficient_share(self) -> float | None:
        return self.insufficient / self.graded if self.graded else None


def bot_window_metrics(*, bot: Bot, start: datetime, end: datetime) -> WindowMetrics:
    """Production answers graded for ``bot`` that occurred in [start, end)."""
    aggregates = {"graded": Count("pk")}
    aggregates["insufficient"] = Count("pk", filter=Q(verdict=Evaluation.Verdict.INSUFFICIENT))
    for metric in METRICS:
        aggregates[f"{metric}__mean"] = Avg(metric)
        aggregates[f"{metric}__n"] = Count(metric)
    row = (
        Evaluation.objects.production()
        .filter(bot=bot, occurred_at__gte=start, occurred_at__lt=end)
        .aggregate(**aggregates)
    )
    return WindowMetrics(
        graded=row["graded"],
        insufficient=row["insufficient"],
        means={metric: row[f"{metric}__mean"] for metric in METRICS},
        counts={metric: row[f"{metric}__n"] for metric in METRICS},
    )
