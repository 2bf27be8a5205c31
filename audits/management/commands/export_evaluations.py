from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from audits.judges.base import METRICS
from audits.models import Evaluation, EvaluationRun

KEYS = ("id", "bot", *METRICS, "verdict", "cause", "rationale", "topic", "judge")


class Command(BaseCommand):
    help = "Write one JSON line per evaluated interaction (production traffic unless --run)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="output path, or - for stdout")
        parser.add_argument("--bot", help="only this bot")
        parser.add_argument("--run", help="the evaluations of this offline run instead")

    def handle(self, *args, file: str, bot: str | None, run: str | None, **options):
        evaluations = Evaluation.objects.select_related("interaction", "bot").order_by(
            "interaction__bot__slug", "interaction__timestamp", "interaction_id"
        )
        if run:
            evaluations = evaluations.filter(interaction__run=EvaluationRun.objects.get(name=run))
        else:
            evaluations = evaluations.filter(interaction__run__isnull=True)
        if bot:
            evaluations = evaluations.filter(bot__slug=bot)
        out = sys.stdout if file == "-" else open(file, "w", encoding="utf-8")  # noqa: SIM115
        count = 0
        try:
            for evaluation in evaluations.iterator(chunk_size=2000):
                out.write(json.dumps(evaluation_row(evaluation), ensure_ascii=False) + "\n")
                count += 1
        finally:
            if out is not sys.stdout:
                out.close()
        if file != "-":
            self.stdout.write(f"exported {count} evaluations to {file}")


def evaluation_row(evaluation: Evaluation) -> dict:
    row = {
        "id": evaluation.interaction.external_id,
        "bot": evaluation.bot.slug,
        **{metric: getattr(evaluation, metric) for metric in METRICS},
        "verdict": evaluation.verdict,
        "cause": evaluation.cause,
        "rationale": evaluation.rationale,
        "topic": evaluation.topic,
        "judge": evaluation.judge,
    }
    return {key: row[key] for key in KEYS}
