from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.ingest.files import open_rows, report
from audits.ingest.records import RecordError
from audits.models import Team
from content.articles.ingest import article_import, articles_retire_missing
from content.articles.sources.docs_folder import FolderRead, docs_folder_rows
from content.articles.sources.zendesk import ExportRead, zendesk_rows
from content.models import KnowledgeBase


class Command(BaseCommand):
    help = (
        "Import knowledge-base articles into a knowledge base: kbaudit's JSONL ({id, title, "
        "url, body, updated_at}), a Zendesk Help Center articles export (--format zendesk), "
        "or a docs folder of Markdown/MDX files with front matter (--from-dir DIR --base-url "
        "URL). A changed body becomes a new version; an unchanged one is a duplicate."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="path to the file, or - for stdin")
        parser.add_argument(
            "--kb",
            help="slug of the knowledge base to import into (default: the install's default "
            "knowledge base, see KBAUDIT_DEFAULT_TEAM)",
        )
        parser.add_argument("--format", choices=["jsonl", "zendesk"], default="jsonl")
        parser.add_argument("--from-dir", help="a docs folder (Docusaurus, MkDocs, Mintlify…)")
        parser.add_argument("--base-url", default="", help="the published docs' root URL")
        parser.add_argument("--locale", help="zendesk: import only this locale (e.g. en-us)")
        parser.add_argument("--progress", action="store_true", default=None)
        parser.add_argument("--no-progress", dest="progress", action="store_false")

    def handle(self, *args, file, format, from_dir, base_url, locale, progress, **options):
        if bool(file) == bool(from_dir):
            raise CommandError("give either a FILE or --from-dir DIR")
        knowledge_base = self._knowledge_base(options.get("kb"))
        try:
            if from_dir:
                summary = self._from_dir(knowledge_base, Path(from_dir), base_url)
            elif format == "zendesk":
                summary = self._zendesk(knowledge_base, file, locale)
            else:
                with open_rows(file, fmt="jsonl", progress=progress) as rows:
                    summary = article_import(
                        knowledge_base=knowledge_base,
                        rows=rows,
                        on_rejected=lambda r: report(self.stderr, f"{file}:{r}"),
                    )
        except (FileNotFoundError, RecordError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"knowledge base {knowledge_base.slug}: new articles {summary.new_articles}, "
            f"new versions {summary.new_versions}, stubs completed {summary.stubs_completed}"
        )
        self.stdout.write(summary.line())
        if summary.rejected:
            raise SystemExit(1)

    def _knowledge_base(self, slug: str | None) -> KnowledgeBase:
        if slug:
            knowledge_base = KnowledgeBase.objects.filter(slug=slug).first()
            if knowledge_base is None:
                known = ", ".join(KnowledgeBase.objects.values_list("slug", flat=True))
                raise CommandError(f"--kb: no knowledge base {slug!r} (knowledge bases: {known})")
            return knowledge_base
        try:
            Team.for_new_bots()  # a KBAUDIT_DEFAULT_TEAM that names no team is an error
        except Team.DoesNotExist as exc:
            raise CommandError(str(exc)) from exc
        return KnowledgeBase.objects.install_default()

    def _from_dir(self, knowledge_base: KnowledgeBase, folder: Path, base_url: str):
        read = FolderRead()
        present: set[str] = set()

        def rows():
            for number, record in docs_folder_rows(folder, base_url=base_url, read=read):
                if isinstance(record, dict):
                    present.add(record["id"])
                yield number, record

        def rejected(rejection) -> None:
            # A file's path names the failure better than its number would.
            path = read.paths[rejection.line - 1]
            report(self.stderr, f"{folder / path}: {rejection.reason}")

        summary = article_import(knowledge_base=knowledge_base, rows=rows(), on_rejected=rejected)
        if read.drafts:
            self.stdout.write(f"drafts left out {len(read.drafts)}: {', '.join(read.drafts)}")
        if summary.rejected:
            self.stdout.write("nothing retired: some files could not be read")
        else:
            retired = articles_retire_missing(knowledge_base=knowledge_base, present=present)
            self.stdout.write(f"retired {retired} article(s) whose file is gone")
        return summary

    def _zendesk(self, knowledge_base: KnowledgeBase, file: str, locale: str | None):
        path = Path(file)
        if not path.is_file():
            raise FileNotFoundError(f"{file}: no such file")
        read = ExportRead()
        summary = article_import(
            knowledge_base=knowledge_base,
            rows=zendesk_rows(path, locale=locale, read=read),
            on_rejected=lambda r: report(self.stderr, f"{file}: article {r.line}: {r.reason}"),
        )
        if read.drafts:
            self.stdout.write(f"drafts left out {len(read.drafts)}")
        if read.other_locales:
            self.stdout.write(f"other locales left out {read.other_locales}")
        return summary
