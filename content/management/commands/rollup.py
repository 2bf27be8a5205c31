from __future__ import annotations

import time
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from audits.models import Bot
from content.rollups import rollup_rebuild, rollup_update


class Command(BaseCommand):
    help = "Recompute the article, bot and topic rollups (all of them with --rebuild)."

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true", help="throw away and recompute all")
        parser.add_argument("--bot", action="append", help="only this bot (repeatable)")
        parser.add_argument("--days", help="FIRST..LAST (ISO dates) to recompute")

    def handle(self, *args, rebuild: bool, bot: list[str] | None, days: str | None, **options):
        if not rebuild and not days:
            raise CommandError("say --rebuild, or which --days FIRST..LAST to recompute")
        bots = Bot.objects.filter(slug__in=bot) if bot else Bot.objects.all()
        for target in bots.order_by("slug"):
            started = time.perf_counter()
            if rebuild:
                written = rollup_rebuild(bot=target)
            else:
                first, _, last = days.partition("..")
                span = _span(date.fromisoformat(first), date.fromisoformat(last or first))
                written = rollup_update(bot=target, days=span)
            seconds = time.perf_counter() - started
            self.stdout.write(f"{target.slug}: {written} rollup rows in {seconds:.1f}s")


def _span(first: date, last: date) -> list[date]:
    from datetime import timedelta

    return [first + timedelta(days=n) for n in range((last - first).days + 1)]
