from __future__ import annotations

import gc
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from audits.ingest.files import open_rows, report
from audits.ingest.service import (
    BotPolicy,
    interaction_import,
    interaction_import_file,
    parallel_available,
)
from audits.models import EvaluationRun, Team


class Command(BaseCommand):
    # The system checks import every view (a second of start-up per file); `migrate`
    # and `check` run them where a deployment changes.
    requires_system_checks = []
    help = (
        "Import chatbot interactions (SPEC §2) from a JSONL or CSV file. Rejected lines are "
        "reported on stderr with their line number, as is a known id arriving with other "
        "content (a conflict: the stored record is kept); the command exits 1 if any was."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the file, or - for stdin")
        parser.add_argument("--format", choices=["jsonl", "csv"], default=None)
        parser.add_argument("--bot", help="bot slug for records that name none")
        parser.add_argument(
            "--team",
            help="team (slug) of the bots this import creates, and of team-less bots it "
            "writes to (default: KBAUDIT_DEFAULT_TEAM)",
        )
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
        team: str | None = None,
        **options,
    ):
        fmt = format or ("csv" if file.lower().endswith(".csv") else "jsonl")
        try:
            policy = BotPolicy(create_missing=True, team=Team.for_new_bots(team))
        except Team.DoesNotExist as exc:
            raise CommandError(str(exc)) from exc
        evaluation_run = EvaluationRun.objects.get_or_create(name=run)[0] if run else None
        # What start-up loaded (Django, the app registry, the models) outlives the import:
        # kept out of the collector's full passes, each of which walked all of it while
        # the database waited for the next chunk (a quarter of a second on a busy machine).
        # Given back afterwards, for a process that goes on (call_command).
        gc.freeze()
        try:
            if parallel_available(file, fmt) and Path(file).is_file():
                summary = self._import_in_parallel(file, evaluation_run, bot, progress, policy)
            else:
                summary = self._import(file, fmt, evaluation_run, bot, progress, policy)
        finally:
            gc.unfreeze()
        for slug in summary.bots_created:
            self.stdout.write(f"created bot {slug} with default thresholds")
        for slug in summary.bots_without_team:
            self.stdout.write(
                f"bot {slug} has no team, so only admins see it; give it one with: "
                f"python manage.py import_interactions {file} --team TEAM-SLUG "
                f"(or set KBAUDIT_DEFAULT_TEAM)"
            )
        self.stdout.write(summary.line())
        if summary.rejected or summary.conflicts:
            raise SystemExit(1)

    def _report(self, file: str):
        return lambda rejection: report(self.stderr, f"{file}:{rejection}")

    def _import_in_parallel(self, file, evaluation_run, bot, progress, policy):
        disable = (not sys.stderr.isatty()) if progress is None else not progress
        with tqdm(total=Path(file).stat().st_size, unit="B", unit_scale=True,
                  desc=Path(file).name, disable=disable) as bar:  # fmt: skip
            return interaction_import_file(
                path=file,
                policy=policy,
                run=evaluation_run,
                default_bot=bot,
                on_rejected=self._report(file),
                on_progress=bar.update,
            )

    def _import(self, file, fmt, evaluation_run, bot, progress, policy):
        try:
            with open_rows(file, fmt=fmt, progress=progress) as rows:
                return interaction_import(
                    rows=rows,
                    policy=policy,
                    run=evaluation_run,
                    default_bot=bot,
                    on_rejected=self._report(file),
                    keep_rejections=0,
                    prepare=True,
                )
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
