"""Celery tasks of the alerts: evaluate a bot's rules, send one delivery (retried)."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError, transaction

from audits.models import Bot
from content.alerts.deliveries import RetryableDeliveryError, alert_delivery_send
from content.alerts.services import alerts_evaluate
from content.models import AlertDelivery

MAX_ATTEMPTS = 6


def delivery_countdown(retries: int) -> int:
    """30 s, 1 min, 2 min… up to an hour between attempts."""
    return min(3600, 30 * 2**retries)


def deliveries_queue(deliveries) -> None:
    for delivery in deliveries:
        transaction.on_commit(lambda pk=delivery.pk: alert_delivery_send_task.delay(pk))


@shared_task(bind=True, max_retries=5, ignore_result=True)
def alerts_evaluate_bot(self, bot_id: int) -> None:
    bot = Bot.objects.filter(pk=bot_id).first()
    if bot is None:
        return
    try:
        deliveries_queue(alerts_evaluate(bot=bot))
    except DatabaseError as exc:
        raise self.retry(exc=exc, countdown=30) from exc


@shared_task(ignore_result=True)
def alerts_evaluate_all() -> None:
    """Beat's pass: every bot with a team, so quiet bots recover too."""
    for bot_id in Bot.objects.filter(team__isnull=False).values_list("pk", flat=True):
        alerts_evaluate_bot.delay(bot_id)


@shared_task(bind=True, max_retries=MAX_ATTEMPTS, ignore_result=True)
def alert_delivery_send_task(self, delivery_id: int) -> None:
    delivery = AlertDelivery.objects.filter(pk=delivery_id).first()
    if delivery is None:
        return
    try:
        alert_delivery_send(delivery=delivery)
    except RetryableDeliveryError as exc:
        if self.request.retries >= MAX_ATTEMPTS:
            AlertDelivery.objects.filter(pk=delivery_id).update(status=AlertDelivery.Status.FAILED)
            return
        raise self.retry(exc=exc, countdown=delivery_countdown(self.request.retries)) from exc
