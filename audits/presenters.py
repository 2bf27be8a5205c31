"""Shaping an evaluation for the interaction page: the judge's working, row by row."""

from __future__ import annotations

from collections.abc import Mapping
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
    """One metric against its threshold, as the interaction, item and brief pages show it."""

    name: str
    short: str
    question: str
    value: float | None
    threshold: float | None

    @property
    def below(self) -> bool:
        return below(self.value, self.threshold)


def metric_rows(
    values: Mapping[str, float | None], thresholds: Mapping[str, float]
) -> list[MetricRow]:
    """The six metrics in their usual order; a value or threshold missing from the
    mappings shows as None."""
    return [
        MetricRow(name, short, question, values.get(name), thresholds.get(name))
        for name, (short, question) in METRIC_LABELS.items()
    ]


@dataclass
class SubQueryRow:
    text: str
    source_ranks: list[int]
    fact_numbers: list[int]

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
    values = {m: getattr(evaluation, m) for m in METRICS}
    metrics = metric_rows(values, evaluation.bot.thresholds())
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
