from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.models import Bot
from content.briefs.build import busiest_bot
from content.drafts import draft_check
from content.models import Article, ReviewItem


class Command(BaseCommand):
    help = (
        "Replay an article's failing and never-answered questions of the flag window "
        "against a draft (Markdown) and print what it answers, misses, contradicts and drops."
    )

    def add_arguments(self, parser):
        parser.add_argument("article_id", help="the article's id in the knowledge base")
        parser.add_argument("file", help="the draft, as a Markdown file ('-' for stdin)")
        parser.add_argument("--bot", help="the bot whose traffic to replay (default: the busiest)")

    def handle(self, *args, article_id: str, file: str, bot: str | None, **options):
        article = Article.objects.filter(external_id=article_id).first()
        if article is None:
            raise CommandError(f"no article with id {article_id!r}")
        chosen = Bot.objects.filter(slug=bot).first() if bot else busiest_bot(article)
        if chosen is None:
            raise CommandError(f"no bot {bot!r}" if bot else "no bot retrieves this article")
        if file == "-":
            import sys

            draft = sys.stdin.read()
        else:
            path = Path(file)
            if not path.is_file():
                raise CommandError(f"no file {file}")
            draft = path.read_text(encoding="utf-8")
        item = (
            ReviewItem.objects.active()
            .filter(article=article, bot=chosen, other_article__isnull=True)
            .order_by("-priority")
            .first()
        )
        check = draft_check(article=article, bot=chosen, draft=draft, item=item)
        self.stdout.write(draft_check_text(check.result))


def draft_check_text(result: dict) -> str:
    lines = [
        f"{result['answered_groups']} of {result['groups_total']} question groups answered, "
        f"asked {result['answered_asked']} of {result['asked_total']} times"
        + (f" ({result['window'][0]} – {result['window'][1]})" if result.get("window") else "")
    ]
    for title, answered in (("Now answered:", True), ("Still missing:", False)):
        groups = [g for g in result["groups"] if g["answered"] is answered]
        if groups:
            lines.append(title)
            lines += [f"  {g['example']} — asked {g['count']} times" for g in groups]
    if result["contradictions"]:
        lines.append("Contradicts other articles:")
        lines += [
            f"  “{c['draft']}” — {c['title'] or c['article']} says “{c['other']}”"
            for c in result["contradictions"]
        ]
    if result["dropped"]:
        lines.append("Dropped sentences that answers relied on:")
        lines += [f"  “{d['sentence']}” ({d['answers']} answers)" for d in result["dropped"]]
    return "\n".join(lines)
