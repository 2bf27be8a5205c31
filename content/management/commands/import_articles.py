from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.ingest.files import open_rows, report
from audits.models import Team
from content.ingest import article_import
from content.models import KnowledgeBase


class Command(BaseCommand):
    help = (
        "Import knowledge-base articles from JSONL ({id, title, url, body, updated_at}). "
        "A changed body becomes a new version; an unchanged one is a duplicate."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the JSONL file, or - for stdin")
        parser.add_argument(
            "--kb",
            help="slug of the knowledge base to import into (default: the install's default "
            "knowledge base, see KBAUDIT_DEFAULT_TEAM)",
        )
        parser.add_argument("--progress", action="store_true", default=None)
        parser.add_argument("--no-progress", dest="progress", action="store_false")

    def handle(self, *args, file: str, progress: bool | None, kb: str | None = None, **options):
        if kb:
            knowledge_base = KnowledgeBase.objects.filter(slug=kb).first()
            if knowledge_base is None:
                known = ", ".join(KnowledgeBase.objects.values_list("slug", flat=True))
                raise CommandError(f"--kb: no knowledge base {kb!r} (knowledge bases: {known})")
        else:
            try:
                Team.for_new_bots()  # a KBAUDIT_DEFAULT_TEAM that names no team is an error
            except Team.DoesNotExist as exc:
                raise CommandError(str(exc)) from exc
            knowledge_base = KnowledgeBase.objects.install_default()
        try:
            with open_rows(file, fmt="jsonl", progress=progress) as rows:
                summary = article_import(
                    knowledge_base=knowledge_base,
                    rows=rows,
                    on_rejected=lambda rejection: report(self.stderr, f"{file}:{rejection}"),
                )
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"knowledge base {knowledge_base.slug}: new articles {summary.new_articles}, new versions {summary.new_versions}, "
            f"stubs completed {summary.stubs_completed}"
        )
        self.stdout.write(summary.line())
        if summary.rejected:
            raise SystemExit(1)
