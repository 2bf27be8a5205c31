from __future__ import annotations

from datetime import datetime, timedelta

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Max

from audits.models import Bot, Evaluation
from content.alerts.services import alert_history_replay, alerts_evaluate
from content.alerts.tasks import deliveries_queue


class Command(BaseCommand):
    help = (
        "Evaluate the alert rules now (and send what they raise), or with --replay-days fill "
        "an empty alert history by evaluating the window rules at past moments (nothing sent)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--bot", help="one bot's slug (default: every bot with a team)")
        parser.add_argument("--replay-days", type=int, help="days back from the last answer")
        parser.add_argument("--every-hours", type=int, default=24)

    def handle(self, *args, bot, replay_days, every_hours, **options):
        bots = Bot.objects.filter(team__isnull=False)
        if bot:
            bots = bots.filter(slug=bot)
            if not bots.exists():
                raise CommandError(f"no bot {bot!r} with a team")
        for target in bots:
            if replay_days:
                self._replay(target, replay_days, every_hours)
            else:
                deliveries = alerts_evaluate(bot=target)
                deliveries_queue(deliveries)
                self.stdout.write(f"{target.slug}: {len(deliveries)} deliveries queued")

    def _replay(self, bot: Bot, days: int, hours: int) -> None:
        last: datetime | None = Evaluation.objects.filter(bot=bot).aggregate(m=Max("occurred_at"))[
            "m"
        ]
        if last is None:
            self.stdout.write(f"{bot.slug}: no graded answer to replay")
            return
        written = alert_history_replay(
            bot=bot, start=last - timedelta(days=days), end=last, step=timedelta(hours=hours)
        )
        self.stdout.write(f"{bot.slug}: {written} alert episodes in the replayed history")
