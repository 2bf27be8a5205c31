from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.ingest.files import open_rows, report
from content.ingest import article_import


class Command(BaseCommand):
    help = (
        "Import knowledge-base articles from JSONL ({id, title, url, body, updated_at}). "
        "A changed body becomes a new version; an unchanged one is a duplicate."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the JSONL file, or - for stdin")
        parser.add_argument("--progress", action="store_true", default=None)
        parser.add_argument("--no-progress", dest="progress", action="store_false")

    def handle(self, *args, file: str, progress: bool | None, **options):
        try:
            with open_rows(file, fmt="jsonl", progress=progress) as rows:
                summary = article_import(
                    rows=rows,
                    on_rejected=lambda rejection: report(self.stderr, f"{file}:{rejection}"),
                )
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"new articles {summary.new_articles}, new versions {summary.new_versions}, "
            f"stubs completed {summary.stubs_completed}"
        )
        self.stdout.write(summary.line())
        if summary.rejected:
            raise SystemExit(1)
