from __future__ import annotations

import json
import math
from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand

from audits.judges import judge_description
from audits.judges.base import METRIC_LABELS
from audits.models import Bot, EvaluationRun
from audits.offline_runs.baselines import PRODUCTION, BaselineError, baseline_for
from audits.offline_runs.bootstrap import CONFIDENCE
from audits.offline_runs.comparison import PAIRING_RULE, run_bots
from audits.offline_runs.gate import GateCriteria, GateResult, cut, gate_run, metric_names

# Exit statuses: 0 the gate passed, 1 it failed, 2 the command was misused.
PASSED, FAILED, USAGE = 0, 1, 2


class UsageError(Exception):
    pass


class Command(BaseCommand):
    help = (
        "Gate a pipeline change on an offline replay (SPEC §8): grade what is ungraded, "
        "compare the candidate run with its baseline on the same questions, and pass only "
        "when every metric's candidate mean is at or above threshold and each required "
        "metric improved. Exits 0 on pass, 1 on fail, 2 on a usage error."
    )

    def add_arguments(self, parser):
        parser.add_argument("candidate", help="name of the evaluation run to gate")
        parser.add_argument(
            "--baseline",
            default=PRODUCTION,
            help="'prod' (production traffic, the default) or another run's name",
        )
        parser.add_argument("--bot", help="compare only this bot's answers")
        parser.add_argument(
            "--since",
            help="first day of the baseline (YYYY-MM-DD); production defaults to the 30 "
            "days before the run's first answer through the day of its last",
        )
        parser.add_argument("--until", help="last day of the baseline, inclusive (YYYY-MM-DD)")
        parser.add_argument(
            "--require-improve",
            default="",
            help="comma-separated metrics that must improve, e.g. "
            "source_precision,source_query_coverage (or SP,SQC)",
        )
        parser.add_argument(
            "--min-delta",
            type=float,
            default=0.01,
            help="how much more than this a required metric's mean must gain (default 0.01)",
        )
        parser.add_argument(
            "--min-pairs",
            type=int,
            default=30,
            help="fewest paired questions a decision needs (default 30)",
        )
        parser.add_argument("--json", dest="json_path", help="write the full report to this file")
        parser.add_argument(
            "--no-grade",
            action="store_true",
            help="compare what is graded now, without grading what is pending first",
        )

    def handle(self, *args, **options):
        try:
            run, baseline, bot_ids, criteria = self._parse(options)
        except UsageError as exc:
            self.stderr.write(f"gate: {exc}")
            raise SystemExit(USAGE) from exc
        if not options["no_grade"]:
            self.stdout.write(f"Grading what is pending with the {judge_description()} …")
        outcome = gate_run(
            run=run,
            baseline=baseline,
            bot_ids=bot_ids,
            criteria=criteria,
            grade=not options["no_grade"],
        )
        if outcome.grading is not None:
            self.stdout.write(outcome.grading.line())
        for line in report_lines(outcome.result):
            self.stdout.write(line)
        if options["json_path"]:
            report = {"id": outcome.report.pk, **outcome.report.report}
            report["created_at"] = outcome.report.created_at.isoformat()
            Path(options["json_path"]).write_text(json.dumps(report, indent=2) + "\n")
            self.stdout.write(f"Report written to {options['json_path']}")
        if not outcome.result.passed:
            raise SystemExit(FAILED)

    def _parse(self, options):
        run = EvaluationRun.objects.filter(name=options["candidate"]).first()
        if run is None:
            raise UsageError(f"no evaluation run named {options['candidate']!r}")
        bots = run_bots(run)
        if not bots:
            raise UsageError(f"run {run.name} has no answers")
        if options["bot"]:
            if not Bot.objects.filter(slug=options["bot"]).exists():
                raise UsageError(f"no bot {options['bot']!r}")
            bots = [bot for bot in bots if bot.slug == options["bot"]]
            if not bots:
                raise UsageError(f"run {run.name} has no answers of bot {options['bot']!r}")
        try:
            criteria = GateCriteria(
                require_improve=metric_names(options["require_improve"]),
                min_delta=options["min_delta"],
                min_pairs=options["min_pairs"],
            )
            if not math.isfinite(criteria.min_delta) or criteria.min_pairs < 1:
                raise ValueError("--min-delta must be a number and --min-pairs at least 1")
            bot_ids = [bot.pk for bot in bots]
            baseline = baseline_for(
                run=run,
                bot_ids=bot_ids,
                baseline=options["baseline"],
                since=_day(options["since"], "--since"),
                until=_day(options["until"], "--until"),
            )
        except (ValueError, BaselineError) as exc:
            raise UsageError(str(exc)) from exc
        return run, baseline, bot_ids, criteria


def _day(text: str | None, option: str) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{option} {text!r} is not a date (YYYY-MM-DD)") from None


# --- the printed report -------------------------------------------------------------------


def _interval(estimate, signed: bool = False) -> str:
    if estimate.mean is None:
        return "—"
    number = "{:+.3f}" if signed else "{:.3f}"
    point = number.format(estimate.mean) if signed else cut(estimate.mean)
    return f"{point} [{number.format(estimate.low)}, {number.format(estimate.high)}]"


def report_lines(result: GateResult) -> list[str]:
    comparison = result.comparison
    confidence = f"{CONFIDENCE:.0%}"
    lines = [
        "",
        f"Candidate: run {comparison.run.name} ({', '.join(b.slug for b in comparison.bots)})",
        f"Baseline:  {comparison.baseline.describe()}",
        f"Answers:   {comparison.n_interactions} in the run, {comparison.n_pairs} paired, "
        f"{comparison.unpaired} without a baseline answer, "
        f"{comparison.n_ungraded} not graded, {comparison.rule_graded} graded by rule",
        f"Pairing:   {PAIRING_RULE}",
        f"Intervals: {confidence} bootstrap percentile, {comparison.resamples} resamples, "
        f"seed {comparison.seed}",
        "",
    ]
    header = ("metric", f"baseline [{confidence} CI]", f"candidate [{confidence} CI]")
    header += (f"paired Δ [{confidence} CI]", "n", "threshold", "status")
    rows = [header]
    for verdict in result.metrics:
        metric = verdict.comparison
        label = METRIC_LABELS[metric.metric][0]
        rows.append(
            (
                f"{label:<4}{metric.metric}{' *' if verdict.required else ''}",
                _interval(metric.baseline),
                _interval(metric.candidate),
                _interval(metric.difference, signed=True),
                str(metric.difference.n),
                f"{metric.threshold:.2f}",
                verdict.status,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
    for row in rows:
        lines.append(
            "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[-1]
        )
    if result.criteria.require_improve:
        lines.append(
            f"* must improve by more than {result.criteria.min_delta:g}, "
            "with the interval above zero"
        )
    verdicts = comparison.verdicts
    lines += [
        "",
        f"Verdicts: {len(verdicts.worse)} sufficient → insufficient, "
        f"{len(verdicts.better)} insufficient → sufficient, "
        f"{verdicts.still_sufficient} still sufficient, "
        f"{verdicts.still_insufficient} still insufficient",
    ]
    lines += _regression_lines(comparison) + _article_lines(comparison)
    lines.append("")
    if result.passed:
        lines.append(f"PASS: run {comparison.run.name} may replace its baseline.")
    else:
        lines.append(f"FAIL: run {comparison.run.name} is blocked:")
        lines += [f"  - {reason}" for reason in result.failures]
    return lines


def _regression_lines(comparison) -> list[str]:
    if not comparison.regressions:
        return []
    lines = ["Regressed most (candidate interaction, baseline interaction, metric, drop):"]
    for regression in comparison.regressions[:5]:
        pair = regression.pair
        lines.append(
            f"  #{pair.candidate.interaction_id} vs #{pair.baseline.interaction_id}  "
            f"{regression.metric} −{regression.drop:.2f}  {regression.query[:70]!r}"
        )
    return lines


def _article_lines(comparison) -> list[str]:
    lines = []
    for title, shifts in (
        ("Retrieved more", comparison.gained),
        ("Retrieved less", comparison.lost),
    ):
        if shifts:
            listed = ", ".join(f"{s.article_key} {s.change:+d}" for s in shifts[:5])
            lines.append(f"{title}: {listed}")
    return lines
