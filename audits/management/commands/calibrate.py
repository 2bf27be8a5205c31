from __future__ import annotations

import csv
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from audits.calibration.services import COLUMNS, calibration_report
from audits.judges import judge_for_bot
from audits.models import Evaluation, Interaction
from audits.sweep.rules import interaction_grade


class Command(BaseCommand):
    help = (
        "Compare the judge with human labels: a CSV keyed by interaction id with any of the "
        "columns grounded (yes/no/generic), verdict, sources_answer (yes/no). Ungraded "
        "interactions are graded first with the configured judge."
    )

    def add_arguments(self, parser):
        parser.add_argument("labels", help="CSV file with an id column")
        parser.add_argument("--bot", help="the bot whose interactions the ids name")
        parser.add_argument("--json", help="also write the figures to this file")

    def handle(self, *args, labels: str, bot: str | None, json: str | None, **options):
        rows = _read_labels(Path(labels))
        interactions = _interactions(rows, bot)
        missing = len(rows) - len(interactions)
        _grade_missing(interactions.values(), self.stderr)
        evaluations = {
            e.interaction.external_id: e
            for e in Evaluation.objects.filter(
                interaction__in=interactions.values()
            ).select_related("interaction", "bot")
        }
        reports = calibration_report(
            labelled=((evaluations[i], rows[i]) for i in rows if i in evaluations)
        )
        self._print(reports, judged=len(evaluations), missing=missing)
        if json:
            Path(json).write_text(_as_json(reports), encoding="utf-8")

    def _print(self, reports, *, judged: int, missing: int) -> None:
        head = f"{'column':<15}{'n':>6}{'agree':>8}{'prec':>8}{'recall':>8}{'F1':>8}{'kappa':>8}  failure class"
        self.stdout.write(head)
        for report in reports:
            s = report.stats
            self.stdout.write(
                f"{report.column:<15}{s.n:>6}{_f(s.agreement)}{_f(s.precision)}{_f(s.recall)}"
                f"{_f(s.f1)}{_f(s.kappa)}  {s.negative}"
            )
        self.stdout.write(f"graded interactions compared: {judged}; ids not found: {missing}")


def _f(value) -> str:
    return f"{value:>8.3f}" if value is not None else f"{'—':>8}"


def _read_labels(path: Path) -> dict[str, dict[str, str]]:
    if not path.is_file():
        raise CommandError(f"{path}: no such file")
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        fields = reader.fieldnames or []
        if "id" not in fields:
            raise CommandError(f"{path}: the first line must name an id column")
        if not set(fields) & set(COLUMNS):
            raise CommandError(f"{path}: no label column (expected any of {', '.join(COLUMNS)})")
        return {
            row["id"]: {k: v for k, v in row.items() if k in COLUMNS}
            for row in reader
            if row.get("id")
        }


def _interactions(rows: dict, bot: str | None) -> dict[str, Interaction]:
    found = (
        Interaction.objects.production().filter(external_id__in=list(rows)).select_related("bot")
    )
    if bot:
        found = found.filter(bot__slug=bot)
    by_id: dict[str, Interaction] = {}
    for interaction in found:
        if interaction.external_id in by_id:
            raise CommandError(
                f"id {interaction.external_id!r} exists for several bots; say which with --bot"
            )
        by_id[interaction.external_id] = interaction
    return by_id


def _grade_missing(interactions, err) -> None:
    ungraded = [i for i in interactions if i.status != Interaction.Status.GRADED]
    judges: dict[int, object] = {}
    for interaction in tqdm(ungraded, unit="interaction", disable=None, desc="grading"):
        if interaction.bot_id not in judges:
            judges[interaction.bot_id] = judge_for_bot(interaction.bot)
        outcome = interaction_grade(interaction=interaction, judge=judges[interaction.bot_id])
        if outcome.kind in ("retry", "failed"):
            err.write(f"{interaction.external_id}: not graded: {outcome.error}")


def _as_json(reports) -> str:
    return json.dumps(
        {
            r.column: {
                "n": r.stats.n, "agreement": r.stats.agreement, "precision": r.stats.precision,
                "recall": r.stats.recall, "f1": r.stats.f1, "kappa": r.stats.kappa,
                "failure_class": r.stats.negative,
            }
            for r in reports
        },
        indent=2,
    )  # fmt: skip
