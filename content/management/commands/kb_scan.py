from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.models import Bot
from content.kb_scan import ScanBusy, kb_scan_run


class Command(BaseCommand):
    help = (
        "Scan the knowledge base for near-duplicate articles and articles that contradict "
        "each other. Incremental by default: only articles changed since the last scan "
        "and their neighbours are compared."
    )

    def add_arguments(self, parser):
        parser.add_argument("--bot", help="only the articles of this bot's (slug) knowledge base")
        parser.add_argument(
            "--full", action="store_true", help="compare every candidate pair again"
        )
        parser.add_argument(
            "--offline",
            action="store_true",
            help="use the deterministic contradiction check even when a model is configured",
        )

    def handle(self, *args, bot: str | None, full: bool, offline: bool, **options):
        chosen = None
        if bot:
            chosen = Bot.objects.filter(slug=bot).first()
            if chosen is None:
                raise CommandError(f"no bot {bot!r}")
        try:
            result = kb_scan_run(bot=chosen, full=full, use_llm=False if offline else None)
        except ScanBusy as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(result.line())
        seconds = result.run.stats.get("seconds", {})
        self.stdout.write(
            f"took {sum(seconds.values()):.1f} s ({', '.join(f'{k} {v:.1f}' for k, v in seconds.items())})"
        )
