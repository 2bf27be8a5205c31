"""The upgrade gate (SPEC §8): grade a candidate run and its baseline, compare, decide.

A candidate passes only when
- at least ``min_pairs`` of its answers were paired with a baseline answer to the same
  question (fewer say too little to decide on, so the gate fails rather than passes);
- every metric's candidate mean is at or above the threshold (the strictest of the
  run's bots, when it answered for several);
- every metric the change targets (``require_improve``) improved: the mean paired
  difference is larger than ``min_delta`` and its 95% interval lies above zero.
Each decision is stored as a :class:`GateReport`, for the history on the run's page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from audits.judges import judge_for_bot
from audits.judges.base import METRIC_LABELS, METRICS
from audits.models import Bot, EvaluationRun, GateReport, Interaction
from audits.offline_runs.baselines import Baseline
from audits.offline_runs.comparison import MetricComparison, RunComparison, run_comparison
from audits.sweep.services import SweepSummary, sweep_run
from kbaudit.lib.thresholds import below


@dataclass(frozen=True)
class GateCriteria:
    require_improve: tuple[str, ...] = ()
    min_delta: float = 0.01
    min_pairs: int = 30

    def as_dict(self) -> dict:
        return {
            "require_improve": list(self.require_improve),
            "min_delta": self.min_delta,
            "min_pairs": self.min_pairs,
        }


def metric_names(text: str) -> tuple[str, ...]:
    """``"source_precision,SQC"`` → the metric names; abbreviations (SP, SQC, RP, RQC, G,
    SD) are accepted. ValueError names what is not a metric."""
    by_label = {label.lower(): metric for metric, (label, _) in METRIC_LABELS.items()}
    names = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name = part.lower() if part.lower() in METRICS else by_label.get(part.lower())
        if name is None:
            raise ValueError(f"{part!r} is not a metric (one of {', '.join(METRICS)})")
        if name not in names:
            names.append(name)
    return tuple(names)


def cut(value: float | None) -> str:
    """A mean cut (not rounded) to three decimals: 0.7999 against a 0.80 threshold shows
    0.799, never 0.800."""
    if value is None:
        return "—"
    return f"{math.floor(value * 1000 + 1e-9) / 1000:.3f}"


@dataclass
class MetricVerdict:
    comparison: MetricComparison
    required: bool
    problems: list[str] = field(default_factory=list)

    @property
    def metric(self) -> str:
        return self.comparison.metric

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def status(self) -> str:
        if self.problems:
            return "; ".join(self.problems)
        difference = self.comparison.difference
        if self.required or difference.above_zero:
            return "ok, improved"
        if difference.below_zero:
            return "ok, lower"
        return "ok"


@dataclass
class GateResult:
    comparison: RunComparison
    criteria: GateCriteria
    metrics: list[MetricVerdict]
    failures: list[str]

    @property
    def passed(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict:
        report = self.comparison.as_dict()
        for verdict in self.metrics:
            report["metrics"][verdict.metric].update(
                required=verdict.required, ok=verdict.ok, status=verdict.status
            )
        return {
            "passed": self.passed,
            "failures": self.failures,
            "criteria": self.criteria.as_dict(),
            **report,
        }


def gate_evaluate(*, comparison: RunComparison, criteria: GateCriteria) -> GateResult:
    """The gate's decision on a comparison (pure: reads nothing, writes nothing)."""
    failures = []
    if comparison.n_pairs < criteria.min_pairs:
        failures.append(
            f"too few paired queries: {comparison.n_pairs} of the candidate's answers have a "
            f"baseline answer to the same question, fewer than the {criteria.min_pairs} "
            "required (--min-pairs)"
        )
    verdicts = [
        _metric_verdict(m, required=m.metric in criteria.require_improve, criteria=criteria)
        for m in comparison.metrics
    ]
    failures += [f"{v.metric}: {problem}" for v in verdicts for problem in v.problems]
    return GateResult(comparison, criteria, verdicts, failures)


def _metric_verdict(
    comparison: MetricComparison, *, required: bool, criteria: GateCriteria
) -> MetricVerdict:
    verdict = MetricVerdict(comparison, required)
    candidate, difference = comparison.candidate, comparison.difference
    if candidate.mean is None:
        verdict.problems.append("no paired answers have this metric")
        return verdict
    if below(candidate.mean, comparison.threshold):
        verdict.problems.append(
            f"candidate mean {cut(candidate.mean)} is below the threshold {comparison.threshold:.2f}"
        )
    if required and difference.mean <= criteria.min_delta:
        verdict.problems.append(
            f"improved by {difference.mean:+.3f}, not more than the minimum {criteria.min_delta:g}"
        )
    elif required and not difference.above_zero:
        verdict.problems.append(
            f"the paired difference's 95% interval [{difference.low:+.3f}, "
            f"{difference.high:+.3f}] does not lie above zero"
        )
    return verdict


def gate_grade(
    *, bot_ids: Sequence[int], judge_factory: Callable[[Bot], object] = judge_for_bot
) -> SweepSummary:
    """Grade, in this process, what is still waiting for the bots being compared: the
    candidate's answers, the baseline's, and anything else of theirs the sweep has not
    reached yet (it would grade that anyway)."""
    return sweep_run(idle_minutes=None, bot_ids=list(bot_ids), judge_factory=judge_factory)


@dataclass
class GateOutcome:
    result: GateResult
    report: GateReport
    grading: SweepSummary | None


def gate_run(
    *,
    run: EvaluationRun,
    baseline: Baseline,
    bot_ids: Sequence[int],
    criteria: GateCriteria,
    grade: bool = True,
    judge_factory: Callable[[Bot], object] = judge_for_bot,
) -> GateOutcome:
    """Grade what is pending, compare the run with its baseline, decide, and keep the
    decision as a :class:`GateReport`."""
    grading = gate_grade(bot_ids=bot_ids, judge_factory=judge_factory) if grade else None
    comparison = run_comparison(run=run, baseline=baseline, bot_ids=bot_ids)
    result = gate_evaluate(comparison=comparison, criteria=criteria)
    report = GateReport.objects.create(
        run=run,
        baseline=baseline.describe()[:300],
        passed=result.passed,
        report=result.as_dict(),
    )
    return GateOutcome(result=result, report=report, grading=grading)


# --- runs as people see them --------------------------------------------------------------


def runs_visible_to(user) -> QuerySet[EvaluationRun]:
    """Runs with answers, all of them for bots ``user`` can see."""
    visible = Bot.objects.visible_to(user)
    answers = Interaction.objects.filter(run=OuterRef("pk"))
    return (
        EvaluationRun.objects.filter(Exists(answers.filter(bot__in=visible)))
        .exclude(Exists(answers.exclude(bot__in=visible)))
        .order_by("-created_at", "name")
    )


@dataclass
class RunRow:
    run: EvaluationRun
    bots: list[str]
    interactions: int
    graded: int
    latest: GateReport | None


def run_rows(*, user) -> list[RunRow]:
    """The runs ``user`` can see, with their size and their latest gate decision."""
    runs = list(
        runs_visible_to(user).annotate(
            n=Count("interactions"),
            graded=Count("interactions", filter=Q(interactions__status="graded")),
        )
    )
    latest: dict[int, GateReport] = {}
    for report in GateReport.objects.filter(run__in=runs).defer("report"):
        latest.setdefault(report.run_id, report)
    bots: dict[int, set[str]] = {}
    pairs = Interaction.objects.filter(run__in=runs).values_list("run_id", "bot__slug").distinct()
    for run_id, slug in pairs:
        bots.setdefault(run_id, set()).add(slug)
    return [
        RunRow(run, sorted(bots.get(run.pk, ())), run.n, run.graded, latest.get(run.pk))
        for run in runs
    ]
