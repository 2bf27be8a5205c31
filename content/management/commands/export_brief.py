from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.models import Bot
from content.brief_docx import brief_docx
from content.brief_layout import brief_markdown
from content.briefs import brief_build
from content.models import Article


class Command(BaseCommand):
    help = (
        "Write an article's rewrite brief (from its most pressing review item when it has "
        "one) as Markdown or DOCX."
    )

    def add_arguments(self, parser):
        parser.add_argument("article_id", help="the article's id in the knowledge base")
        parser.add_argument("--format", choices=["md", "docx"], default="md")
        parser.add_argument(
            "-o",
            "--output",
            help="file path; '-' for stdout (default: stdout for md, brief-<id>.docx for docx)",
        )
        parser.add_argument("--bot", help="the bot whose traffic and items to use")

    def handle(self, *args, article_id: str, format: str, output: str | None, bot, **options):
        article = Article.objects.filter(external_id=article_id).first()
        if article is None:
            raise CommandError(f"no article with id {article_id!r}")
        chosen = None
        if bot:
            chosen = Bot.objects.filter(slug=bot).first()
            if chosen is None:
                raise CommandError(f"no bot {bot!r}")
        brief = brief_build(article=article, bot=chosen)
        if format == "md":
            text = brief_markdown(brief)
            if output in (None, "-"):
                self.stdout.write(text, ending="")
                return
            Path(output).write_text(text, encoding="utf-8")
        else:
            if output == "-":
                raise CommandError("a DOCX file is binary: give a file name with -o")
            output = output or brief.filename("docx")
            Path(output).write_bytes(brief_docx(brief))
        self.stderr.write(f"wrote {output}")
