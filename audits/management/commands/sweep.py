from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from kombu.exceptions import OperationalError as BrokerError
from tqdm import tqdm

from audits.models import Bot
from audits.sweep.services import due_interactions, failed_requeue, sweep_run
from audits.sweep.status import status_lines, sweep_status
from audits.tasks import sweep_dispatch, sweep_request


class Command(BaseCommand):
    help = (
        "Queue a sweep on the workers (grade the interactions that are due), run one "
        "here with --now, or show where grading stands with --status."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--now", action="store_true", help="run the sweep in this process and wait for it"
        )
        parser.add_argument(
            "--all",
            action="store_true",
            help="grade every ungraded interaction, however recent its conversation",
        )
        parser.add_argument(
            "--status",
            action="store_true",
            help="print pending, graded, skipped and failed counts, last errors, tokens "
            "used today, the last sweep and the worker heartbeat",
        )
        parser.add_argument(
            "--retry-failed",
            action="store_true",
            help="give the failed interactions (past KBAUDIT_MAX_ATTEMPTS) fresh attempts "
            "and queue them for the next sweep",
        )
        parser.add_argument("--bot", action="append", help="only this bot (repeatable)")
        parser.add_argument("--batch-size", type=int, default=None)
        parser.add_argument(
            "--progress",
            action="store_true",
            default=None,
            help="with --now, a progress bar on stderr (the default on a terminal)",
        )
        parser.add_argument("--no-progress", dest="progress", action="store_false")

    def handle(
        self, *args, now: bool, all: bool, status: bool, bot, batch_size, progress, **options
    ):
        bots = Bot.objects.filter(slug__in=bot) if bot else Bot.objects.all()
        bot_ids = list(bots.values_list("pk", flat=True)) if bot else None
        unknown = sorted(set(bot or []) - set(bots.values_list("slug", flat=True)))
        if unknown:
            raise CommandError(f"unknown bot {', '.join(unknown)}")
        if options.get("retry_failed"):
            requeued = failed_requeue(bot_ids=bot_ids)
            self.stdout.write(f"requeued {requeued} failed interaction(s) for the next sweep")
            if not (now or all):
                return
        if status:
            for line in status_lines(sweep_status(bots=bots, in_process=self._in_process())):
                self.stdout.write(line)
        elif now or self._in_process():
            if not now:
                self.stdout.write("No broker (REDIS_URL unset): sweeping in this process.")
            self._sweep_here(
                all_conversations=all, bot_ids=bot_ids, batch_size=batch_size, progress=progress
            )
        else:
            try:
                sweep_request(all_conversations=all, bot_ids=bot_ids)
            except BrokerError as exc:
                raise CommandError(f"could not queue the sweep: {exc} (or use --now)") from exc
            self.stdout.write(
                "Sweep queued on the workers; `manage.py sweep --status` shows its progress."
            )

    @staticmethod
    def _in_process() -> bool:
        return bool(sweep_dispatch.app.conf.task_always_eager)

    def _sweep_here(self, *, all_conversations: bool, bot_ids, batch_size, progress) -> None:
        idle = None if all_conversations else settings.KBAUDIT_IDLE_MINUTES
        due = due_interactions(idle_minutes=idle, bot_ids=bot_ids)
        disable = (not sys.stderr.isatty()) if progress is None else not progress
        # A batch at a time: the bar moves as each batch's verdicts are stored.
        with tqdm(
            total=due.count(), unit="interaction", desc="grading", disable=disable, file=sys.stderr
        ) as bar:
            last = [0]

            def advance(summary):
                bar.update(summary.done - last[0])
                last[0] = summary.done

            summary = sweep_run(
                idle_minutes=idle, batch_size=batch_size, bot_ids=bot_ids, on_batch=advance
            )
            advance(summary)  # the last batch's verdicts (a batch reports when the next is claimed)
        self.stdout.write(summary.line())
        for error in sorted(set(summary.errors))[:10]:
            self.stderr.write(f"judge error: {error}")
