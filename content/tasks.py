from __future__ import annotations

import logging
from datetime import date, timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from audits.models import Bot
from content.alerts.tasks import alerts_evaluate_bot
from content.analytics.rollups import rollup_rebuild, rollup_update
from content.digest.services import (
    DigestSendError,
    digest_retry_countdown,
    digest_send,
    digests_claim_due,
)
from content.escalations.evidence import agent_contradiction_items_update
from content.escalations.services import agent_replies_read
from content.kb_scan import ScanBusy, kb_scan_run
from content.models import DigestDelivery
from content.review.flags import content_flags_update

log = logging.getLogger(__name__)


@shared_task(bind=True, max_retries=5, acks_late=True)
def rollups_refresh(self, bot_id: int, days: list[str]) -> int:
    """Recompute a bot's rollups for the days a sweep touched, then its review items."""
    bot = Bot.objects.filter(pk=bot_id).first()
    if bot is None:
        return 0
    try:
        written = rollup_update(bot=bot, days=[date.fromisoformat(day) for day in days])
        content_flags_update(bot=bot)
        agent_replies_read(bot=bot)
        agent_contradiction_items_update(bot=bot)
    except Exception as exc:
        raise self.retry(exc=exc, countdown=30 * (self.request.retries + 1)) from exc
    # The alerts read what the refresh and the flags just wrote.
    alerts_evaluate_bot.delay(bot.pk)
    return written


@shared_task
def rollups_catch_up(days: int = 2) -> None:
    """The safety net: recompute the last few days of every bot, whatever was missed."""
    for (bot_id,) in Bot.objects.values_list("pk"):
        today = timezone.now().date()
        recent = [(today - timedelta(days=n)).isoformat() for n in range(days)]
        rollups_refresh.delay(bot_id, recent)


@shared_task(bind=True, max_retries=3, acks_late=True)
def rollups_rebuild(self, bot_id: int) -> int:
    """After a threshold change every below-threshold count is stale: recompute them all."""
    bot = Bot.objects.filter(pk=bot_id).first()
    if bot is None:
        return 0
    written = rollup_rebuild(bot=bot)
    content_flags_update(bot=bot)
    return written


@shared_task
def digests_dispatch() -> int:
    """The beat: claim every weekly digest that is due, and send each on a worker."""
    deliveries = digests_claim_due(now=timezone.now())
    for delivery in deliveries:
        transaction.on_commit(lambda pk=delivery.pk: _queue_digest(pk))
    return len(deliveries)


def _queue_digest(delivery_id: int) -> None:
    # In process (no Redis) the task runs here and a final failure surfaces here: it is
    # logged and recorded on the delivery, and must not stop the other digests.
    try:
        digest_deliver.delay(delivery_id)
    except Exception:
        log.exception("digest delivery %s failed", delivery_id)


@shared_task(bind=True, max_retries=5, acks_late=True)
def digest_deliver(self, delivery_id: int) -> str:
    """Send one claimed digest; a failure is retried later, never sent twice once sent."""
    delivery = DigestDelivery.objects.select_related("user").filter(pk=delivery_id).first()
    if delivery is None:
        return "gone"
    try:
        return digest_send(delivery=delivery)
    except DigestSendError as exc:
        raise self.retry(exc=exc, countdown=digest_retry_countdown(self.request.retries)) from exc


@shared_task(bind=True, max_retries=3, acks_late=True)
def kb_scan_nightly(self, bot_id: int | None = None, full: bool = False) -> dict:
    """The knowledge-base scan: articles changed since the last scan and their
    neighbours (every candidate pair when ``full``). One scan at a time: a second beat,
    or a scan started by hand, makes this one stand down."""
    bot = Bot.objects.filter(pk=bot_id).first() if bot_id else None
    try:
        result = kb_scan_run(bot=bot, full=full)
    except ScanBusy:
        log.info("knowledge-base scan skipped: another one is running")
        return {"skipped": "busy"}
    except Exception as exc:
        raise self.retry(exc=exc, countdown=300 * (self.request.retries + 1)) from exc
    return {"run": result.run.pk, "found": result.run.found, "resolved": result.run.resolved}
