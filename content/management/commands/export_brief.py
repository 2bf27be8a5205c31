from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.models import Bot
from content.briefs.build import brief_build
from content.briefs.docx import brief_docx
from content.briefs.layout import brief_markdown
from content.models import Article, BotKnowledgeBase


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
        parser.add_argument(
            "--kb",
            help="the article's knowledge base (slug; default: the bot's, else the one "
            "knowledge base that has this id)",
        )

    def _article(self, article_id: str, kb: str | None, bot) -> Article:
        articles = Article.objects.filter(external_id=article_id).select_related("knowledge_base")
        if kb:
            articles = articles.filter(knowledge_base__slug=kb)
        if bot is not None:
            articles = articles.filter(
                knowledge_base=BotKnowledgeBase.objects.link(bot).knowledge_base
            )
        found = list(articles[:2])
        where = (
            f" in knowledge base {kb!r}" if kb else f" answered by bot {bot.slug!r}" if bot else ""
        )
        if not found:
            raise CommandError(f"no article with id {article_id!r}{where}")
        if len(found) > 1:
            slugs = ", ".join(a.knowledge_base.slug for a in articles)
            raise CommandError(
                f"several knowledge bases have an article {article_id!r}: name one with --kb ({slugs})"
            )
        return found[0]

    def handle(
        self, *args, article_id: str, format: str, output: str | None, bot, kb=None, **options
    ):
        chosen = None
        if bot:
            chosen = Bot.objects.filter(slug=bot).first()
            if chosen is None:
                raise CommandError(f"no bot {bot!r}")
        article = self._article(article_id, kb, chosen)
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
