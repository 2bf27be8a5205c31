"""Celery tasks: the scheduled sweep, the batches it fans out, the worker heartbeat.

Beat sends ``sweep_dispatch`` every ``KBAUDIT_SWEEP_EVERY_MINUTES``. It applies the late
thumbs-down and queues up to ``KBAUDIT_SWEEP_FANOUT`` ``grade_batch`` tasks. Each claims
batches when a worker runs it (so no claim waits in a queue while its lease runs out),
grades them one after another for up to a minute, and then queues its successor while
anything is due: any worker on any machine listening to the same Redis takes it. A
worker that dies mid-batch stops renewing its lease; the rows return to the pool and
a batch on another worker grades them.

Tasks take small arguments and call services in ``audits.sweep``; database errors are
retried with a countdown. Without Redis the tasks run in process (eager) and grade
everything that is due at once.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_init, worker_ready
from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from audits.judges import judge_kind
from audits.models import SweepState
from audits.sweep.services import (
    JudgeShelf,
    SweepSummary,
    batches_sweep,
    lease_duration,
    sweep_start,
)

logger = logging.getLogger(__name__)

RETRY_COUNTDOWN = 30  # seconds before a task that hit a database error tries again
# A grade_batch task claims batches for up to this long, then hands over to the next.
STREAM_SECONDS = 60
# Imports queue a sweep at most this often (seconds); the scheduled one catches the rest.
IMPORT_SWEEP_EVERY = 60

# Kept by a worker process across batches (judges are rebuilt when settings change).
_judges = JudgeShelf()


def _idle_minutes(all_conversations: bool) -> float | None:
    return None if all_conversations else settings.KBAUDIT_IDLE_MINUTES


@shared_task(bind=True, max_retries=5, ignore_result=True)
def sweep_dispatch(
    self, *, all_conversations: bool = False, bot_ids: list[int] | None = None, force=False
) -> int:
    """The scheduled sweep (``force`` for one asked for by a person: it starts batches
    even while others run)."""
    try:
        batches = sweep_start(
            idle_minutes=_idle_minutes(all_conversations), bot_ids=bot_ids, force=force
        )
    except DatabaseError as exc:
        raise self.retry(exc=exc, countdown=RETRY_COUNTDOWN) from exc
    options = {"all_conversations": all_conversations, "bot_ids": bot_ids}
    for _ in range(batches):
        transaction.on_commit(lambda: grade_batch.apply_async(kwargs=options))
    return batches


@shared_task(bind=True, max_retries=5, ignore_result=True)
def grade_batch(self, *, all_conversations: bool = False, bot_ids: list[int] | None = None):
    """Claim batches of due interactions and grade them, one after another for up to
    ``STREAM_SECONDS``; then queue the next task while anything is due."""
    summary = SweepSummary()
    eager = self.request.is_eager  # in process: grade everything now
    try:
        claimed = batches_sweep(
            idle_minutes=_idle_minutes(all_conversations),
            bot_ids=bot_ids,
            # In process, judges are not kept: the next task may run against other data.
            judges=JudgeShelf() if eager else _judges,
            summary=summary,
            max_batches=None,
            until=None if eager else time.monotonic() + STREAM_SECONDS,
        )
    except DatabaseError as exc:
        raise self.retry(exc=exc, countdown=RETRY_COUNTDOWN) from exc
    _after_batch(self.request.hostname, claimed, summary)
    if claimed and not eager:
        # Short tasks: the next one may go to any worker, and no task outlives the
        # broker's visibility timeout.
        options = {"all_conversations": all_conversations, "bot_ids": bot_ids}
        grade_batch.apply_async(kwargs=options)


def _after_batch(hostname: str | None, claimed: int, summary: SweepSummary) -> None:
    SweepState.worker_alive(hostname or "in process")
    if claimed:
        SweepState.batches_running(lease_duration())
        SweepState.sweep_recorded(f"{claimed} batch(es): {summary.line()}")
    else:
        SweepState.batches_drained()


@shared_task(bind=True, ignore_result=True)
def worker_heartbeat(self) -> None:
    """Scheduled: proves that a worker takes tasks off the queue."""
    SweepState.worker_alive(self.request.hostname or "in process")


@worker_init.connect
def _warm_up(**kwargs) -> None:
    """Import the LLM judge's client now (it takes half a second) rather than in the
    first batch; before the pool starts, so prefork children inherit it."""
    if judge_kind() == "llm":
        import audits.judges.llm  # noqa: F401


@worker_ready.connect
def _worker_ready(sender=None, **kwargs) -> None:
    SweepState.worker_alive(getattr(sender, "hostname", "") or "worker")


def sweep_request(*, all_conversations: bool = False, bot_ids: list[int] | None = None) -> None:
    """Queue a sweep asked for by a person (the command, the status page), after commit."""
    options = {"all_conversations": all_conversations, "bot_ids": bot_ids, "force": True}
    transaction.on_commit(lambda: sweep_dispatch.apply_async(kwargs=options))


def sweep_after_import() -> None:
    """Called on commit of an import: queue a sweep soon, at most once a minute.

    Never fails the import: with the broker down the rows are stored all the same, and
    the scheduled sweep grades them once it is back.
    """
    if sweep_dispatch.app.conf.task_always_eager:
        return  # in process, grading would hold up the import; `sweep` does it
    now = timezone.now()
    SweepState.load()
    due = Q(import_sweep_after__isnull=True) | Q(import_sweep_after__lte=now)
    claimed = SweepState.objects.filter(due, pk=1).update(
        import_sweep_after=now + timedelta(seconds=IMPORT_SWEEP_EVERY)
    )
    if not claimed:
        return
    try:
        sweep_dispatch.apply_async(retry=False)
    except BrokerError as exc:
        logger.warning(
            "sweep not queued after the import (%s): the next scheduled sweep grades it", exc
        )


@shared_task(bind=True, max_retries=5, ignore_result=True)
def traces_assemble_idle(self) -> None:
    """Assemble the traces whose root span never came, once idle long enough."""
    # Here: the OTLP mapping and its protobuf modules cost every command's start-up.
    from audits.traces.services import pending_bots, traces_assemble

    try:
        for bot in pending_bots():
            traces_assemble(bot=bot)
    except DatabaseError as exc:
        raise self.retry(exc=exc, countdown=RETRY_COUNTDOWN) from exc


@shared_task(bind=True, max_retries=3, ignore_result=True)
def text_retention_sweep(self) -> None:
    """Nightly: drop the text that has outlived each bot's retention (audits.retention)."""
    from audits.retention.services import text_retention_apply

    try:
        summary = text_retention_apply()
    except DatabaseError as exc:
        raise self.retry(exc=exc, countdown=RETRY_COUNTDOWN) from exc
    if summary.interactions or summary.sources:
        logger.info(
            "retention dropped the text of %d interactions and %d sources (%s)",
            summary.interactions,
            summary.sources,
            ", ".join(summary.bots),
        )


@shared_task(bind=True, max_retries=3, ignore_result=True)
def partitions_ahead_create(self) -> None:
    """Nightly: this month's and the next months' partitions (audits.partitions)."""
    from audits.partitions import partitions_ahead

    try:
        created = partitions_ahead()
    except DatabaseError as exc:
        raise self.retry(exc=exc, countdown=RETRY_COUNTDOWN) from exc
    if created:
        logger.info("created the partitions %s", ", ".join(created))
