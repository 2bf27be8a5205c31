"""Agreement between a judge and human labels (the `calibrate` command's arithmetic).

Pure functions, no Django: a judge's metrics and verdict are mapped to the label
vocabulary of a labelled column, then paired with the human label. The failure class
("not grounded", "insufficient", "sources do not answer") is the one that produces
work, so precision, recall and F1 are reported for it; Cohen's kappa is over the whole
label set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

DEFAULT_THRESHOLD = 0.8
# Column -> the label that marks a failure.
NEGATIVE_LABELS: dict[str, str] = {
    "grounded": "no",
    "verdict": "insufficient",
    "sources_answer": "no",
}
COLUMN_METRICS: dict[str, str] = {
    "grounded": "groundedness",
    "sources_answer": "source_query_coverage",
}


@dataclass(frozen=True)
class CalibrationStats:
    n: int
    agreement: float | None
    precision: float | None
    recall: float | None
    f1: float | None
    kappa: float | None
    negative: str
    confusion: dict[tuple[str, str], int]  # (judge label, human label) -> count


def label_from_result(
    column: str,
    *,
    metrics: Mapping[str, float | None],
    verdict: str,
    threshold: float = DEFAULT_THRESHOLD,
) -> str:
    """The judge's answer in a column's label vocabulary."""
    if column == "verdict":
        return "sufficient" if verdict == "sufficient" else "insufficient"
    if column not in COLUMN_METRICS:
        raise ValueError(f"unknown label column: {column}")
    value = metrics.get(COLUMN_METRICS[column])
    if value is None:
        # Nothing checkable was said (grounded) or nothing was asked (sources_answer).
        return "generic" if column == "grounded" else "no"
    return "yes" if value >= threshold else "no"


def human_label(column: str, value: str) -> str:
    """A labels-file value in the vocabulary ``label_from_result`` uses."""
    clean = value.strip().lower()
    if column == "verdict":
        # Labels name the cause ("no_content"); calibration compares sufficient or not.
        return "sufficient" if clean == "sufficient" else "insufficient"
    return clean


def calibration_stats(pairs: Iterable[tuple[str, str]], *, negative: str) -> CalibrationStats:
    """Statistics over (judge label, human label) pairs, ``negative`` as the class of interest."""
    confusion = Counter((judged, human) for judged, human in pairs)
    n = sum(confusion.values())
    if not n:
        return CalibrationStats(0, None, None, None, None, None, negative, {})
    agreed = sum(count for (judged, human), count in confusion.items() if judged == human)
    precision, recall, f1 = _class_scores(confusion, negative)
    return CalibrationStats(
        n=n,
        agreement=agreed / n,
        precision=precision,
        recall=recall,
        f1=f1,
        kappa=cohen_kappa(confusion),
        negative=negative,
        confusion=dict(sorted(confusion.items())),
    )


def _class_scores(
    confusion: Mapping[tuple[str, str], int], negative: str
) -> tuple[float | None, float | None, float | None]:
    true_positive = confusion.get((negative, negative), 0)
    predicted = sum(count for (judged, _), count in confusion.items() if judged == negative)
    actual = sum(count for (_, human), count in confusion.items() if human == negative)
    precision = true_positive / predicted if predicted else None
    recall = true_positive / actual if actual else None
    if not precision or not recall:
        f1 = 0.0 if precision is not None and recall is not None else None
    else:
        f1 = 2 * precision * recall / (precision + recall)
    return precision, recall, f1


def cohen_kappa(confusion: Mapping[tuple[str, str], int]) -> float | None:
    """Cohen's kappa over every label either side used; None when it is undefined."""
    n = sum(confusion.values())
    if not n:
        return None
    judged = Counter()
    human = Counter()
    for (judge_label, human_label_), count in confusion.items():
        judged[judge_label] += count
        human[human_label_] += count
    observed = sum(count for (a, b), count in confusion.items() if a == b) / n
    labels = sorted(set(judged) | set(human))
    expected = sum(judged[label] * human[label] for label in labels) / (n * n)
    if expected >= 1:
        return None  # both sides used a single, identical label: agreement says nothing
    return (observed - expected) / (1 - expected)
