"""Shaping an evaluation for the interaction page: the judge's working, row by row."""

from __future__ import annotations

from dataclasses import dataclass, field

from audits.judges.base import METRIC_LABELS, METRICS
from audits.models import Evaluation
from kbaudit.lib.thresholds import below

REASON_LABELS = {
    "not_in_sources": "not in the sources",
    "contradicts_source": "contradicts a source",
    "condition_misapplied": "applies a value outside its condition",
}


@dataclass
class MetricRow:
    name: str
    short: str
    question: str
    value: float | None
    threshold: float

    @property
    def below(self) -> bool:
        return below(self.value, self.threshold)


@dataclass
class SubQueryRow:
    text: str
    source_ranks: list[int]
    fact_numbers: list[int]

    @property
    def covered_by_sources(self) -> bool:
        return bool(self.source_ranks)

    @property
    def answered(self) -> bool:
        return bool(self.fact_numbers)


@dataclass
class FactRow:
    number: int
    text: str
    asked: bool
    source_ranks: list[int]
    redundant_of: int | None
    reason: str = ""
    passage: str = ""


@dataclass
class EvaluationView:
    metrics: list[MetricRow]
    sub_queries: list[SubQueryRow] = field(default_factory=list)
    facts: list[FactRow] = field(default_factory=list)
    irrelevant_sources: list[int] = field(default_factory=list)


def _column(matrix: list[list[int]], j: int) -> list[int]:
    return [i for i, row in enumerate(matrix) if j < len(row) and row[j]]


def evaluation_view(evaluation: Evaluation) -> EvaluationView:
    thresholds = evaluation.bot.thresholds()
    metrics = [
        MetricRow(
            m, METRIC_LABELS[m][0], METRIC_LABELS[m][1], getattr(evaluation, m), thresholds[m]
        )
        for m in METRICS
    ]
    details = evaluation.details or {}
    matches = details.get("matches") or {}
    source_query = matches.get("source_query") or []
    response_query = matches.get("response_query") or []
    response_source = matches.get("response_source") or []
    redundant = matches.get("redundant_of") or []
    unsupported = {u["fact"]: u for u in details.get("unsupported") or []}
    view = EvaluationView(metrics=metrics)
    for j, text in enumerate(details.get("sub_queries") or []):
        view.sub_queries.append(
            SubQueryRow(
                text=text,
                source_ranks=[i + 1 for i in _column(source_query, j)],
                fact_numbers=[i + 1 for i in _column(response_query, j)],
            )
        )
    for i, text in enumerate(details.get("facts") or []):
        flag = unsupported.get(i, {})
        view.facts.append(
            FactRow(
                number=i + 1,
                text=text,
                asked=any(response_query[i]) if i < len(response_query) else False,
                source_ranks=[j + 1 for j, hit in enumerate(response_source[i]) if hit]
                if i < len(response_source)
                else [],
                redundant_of=(redundant[i] + 1)
                if i < len(redundant) and redundant[i] is not None
                else None,
                reason=REASON_LABELS.get(flag.get("reason", ""), ""),
                passage=flag.get("passage", ""),
            )
        )
    view.irrelevant_sources = [i + 1 for i, row in enumerate(source_query) if not any(row)]
    return view
