from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand
from tqdm import tqdm

from audits.models import Bot, Interaction
from audits.sweep import sweep_run


class Command(BaseCommand):
    help = "Grade the interactions that are due (conversation idle, not yet graded)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--now", action="store_true", help="run the sweep in this process and wait for it"
        )
        parser.add_argument(
            "--all",
            action="store_true",
            help="grade every ungraded interaction, however recent its conversation",
        )
        parser.add_argument("--bot", action="append", help="only this bot (repeatable)")
        parser.add_argument("--batch-size", type=int, default=None)

    def handle(self, *args, now: bool, all: bool, bot: list[str] | None, batch_size, **options):
        bot_ids = (
            list(Bot.objects.filter(slug__in=bot).values_list("pk", flat=True)) if bot else None
        )
        idle = None if all else settings.KBAUDIT_IDLE_MINUTES
        due = Interaction.objects.filter(status=Interaction.Status.PENDING)
        if bot_ids is not None:
            due = due.filter(bot_id__in=bot_ids)
        with tqdm(total=due.count(), unit="interaction", disable=None) as bar:
            last = [0]

            def advance(summary):
                done = summary.graded + summary.skipped + summary.retried + summary.failed
                bar.update(done - last[0])
                last[0] = done

            summary = sweep_run(
                idle_minutes=idle, batch_size=batch_size, bot_ids=bot_ids, on_batch=advance
            )
        self.stdout.write(summary.line())
        for error in sorted(set(summary.errors))[:10]:
            self.stderr.write(f"judge error: {error}")
