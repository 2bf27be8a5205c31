from __future__ import annotations

import time
from datetime import date, timedelta

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from audits.models import Bot
from content.analytics.rollups import rollup_rebuild, rollup_update
from content.models import ArticleDayRollup, BotDayRollup, TopicDayRollup


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
        if rebuild:
            _vacuum_rollups()


def _vacuum_rollups() -> None:
    """After rewriting every row, fresh statistics for the planner and, on PostgreSQL, a
    visibility map that lets the ranking read its covering index alone."""
    tables = [m._meta.db_table for m in (ArticleDayRollup, BotDayRollup, TopicDayRollup)]
    with connection.cursor() as cursor:
        for table in tables:
            # VACUUM cannot run inside a transaction (a caller's, or a test's)
            if connection.vendor == "postgresql" and not connection.in_atomic_block:
                cursor.execute(f"VACUUM (ANALYZE) {connection.ops.quote_name(table)}")
            else:
                cursor.execute(f"ANALYZE {connection.ops.quote_name(table)}")


def _span(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]
