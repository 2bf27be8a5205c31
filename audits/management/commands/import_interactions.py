from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.ingest.files import open_rows, report
from audits.ingest.service import BotPolicy, interaction_import
from audits.models import EvaluationRun


class Command(BaseCommand):
    help = (
        "Import chatbot interactions (SPEC §2) from a JSONL or CSV file. Rejected lines are "
        "reported on stderr with their line number; the command exits 1 if any was rejected."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the file, or - for stdin")
        parser.add_argument("--format", choices=["jsonl", "csv"], default=None)
        parser.add_argument("--bot", help="bot slug for records that name none")
        parser.add_argument(
            "--run",
            help="store as the named offline evaluation run instead of production traffic",
        )
        parser.add_argument("--progress", action="store_true", default=None)
        parser.add_argument("--no-progress", dest="progress", action="store_false")

    def handle(
        self,
        *args,
        file: str,
        format: str | None,
        bot: str | None,
        run: str | None,
        progress: bool | None,
        **options,
    ):
        fmt = format or ("csv" if file.lower().endswith(".csv") else "jsonl")
        evaluation_run = EvaluationRun.objects.get_or_create(name=run)[0] if run else None
        try:
            with open_rows(file, fmt=fmt, progress=progress) as rows:
                summary = interaction_import(
                    rows=rows,
                    policy=BotPolicy(create_missing=True),
                    run=evaluation_run,
                    default_bot=bot,
                    on_rejected=lambda rejection: report(self.stderr, f"{file}:{rejection}"),
                    keep_rejections=0,
                    prepare=True,
                )
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
        for slug in summary.bots_created:
            self.stdout.write(f"created bot {slug} with default thresholds")
        self.stdout.write(summary.line())
        if summary.rejected:
            raise SystemExit(1)
