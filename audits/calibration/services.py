"""calibration_report: the judge's grades against human labels, per labelled column.

The one place the comparison is made: the `calibrate` command feeds it a labels file;
labels recorded elsewhere (in the app, say) go through the same function.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from audits.calibration.agreement import (
    COLUMN_METRICS,
    NEGATIVE_LABELS,
    CalibrationStats,
    calibration_stats,
    human_label,
    label_from_result,
)
from audits.models import Evaluation

COLUMNS = tuple(NEGATIVE_LABELS)


@dataclass(frozen=True)
class ColumnReport:
    column: str
    stats: CalibrationStats
    threshold_metric: str | None


def calibration_report(
    *, labelled: Iterable[tuple[Evaluation, Mapping[str, str]]]
) -> list[ColumnReport]:
    """Per column, agreement and the failure class's precision/recall/F1 and kappa.

    Each evaluation is read at its own bot's threshold for the column's metric.
    """
    pairs: dict[str, list[tuple[str, str]]] = {column: [] for column in COLUMNS}
    for evaluation, labels in labelled:
        metrics = evaluation.metrics()
        for column, value in labels.items():
            if column not in pairs or not value or not value.strip():
                continue
            metric = COLUMN_METRICS.get(column)
            threshold = evaluation.bot.threshold(metric) if metric else 0.8
            judged = label_from_result(
                column, metrics=metrics, verdict=evaluation.verdict, threshold=threshold
            )
            pairs[column].append((judged, human_label(column, value)))
    return [
        ColumnReport(
            column,
            calibration_stats(found, negative=NEGATIVE_LABELS[column]),
            COLUMN_METRICS.get(column),
        )
        for column, found in pairs.items()
        if found
    ]
