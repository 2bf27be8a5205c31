"""alert_delivery_send: one alert message to one destination, as email, Slack or webhook.

The signed JSON webhook carries two headers a receiver verifies before trusting the body:
``X-Kbaudit-Timestamp`` (Unix seconds) and ``X-Kbaudit-Signature: v1=<hex>``, the
HMAC-SHA256 of ``"<timestamp>.<raw body>"`` under the destination's secret. Network
errors, 429 and 5xx answers are retried (by the task, with backoff); other answers fail
the delivery for good. Each attempt is logged on the delivery.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import time
import urllib.error
import urllib.request

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone

from content.alerts.secrets import SecretUnreadable, decrypt
from content.models import AlertDelivery, AlertDestination
from kbaudit.lib.roles import ADMIN, EDITOR
from kbaudit.lib.urls import absolute_url

log = logging.getLogger(__name__)
TIMEOUT_SECONDS = 10


class RetryableDeliveryError(Exception):
    """Worth another attempt later: the receiver is down, slow or overloaded."""


def signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "v1=" + mac.hexdigest()


def payload(delivery: AlertDelivery) -> dict:
    episode = delivery.episode
    rule = episode.rule
    return {
        "type": f"alert.{delivery.event}",
        "delivery_id": delivery.pk,
        "alert": {
            "id": episode.pk,
            "rule": rule.kind,
            "rule_description": rule.describe(),
            "bot": episode.bot.slug,
            "team": rule.team.slug,
            "key": episode.key,
            "state": episode.state,
            "value": episode.value,
            "message": episode.message,
            "raised_at": episode.raised_at.isoformat(),
            "recovered_at": episode.recovered_at.isoformat() if episode.recovered_at else None,
            "evidence_url": absolute_url(episode.evidence_url) if episode.evidence_url else "",
            "history_url": absolute_url("/alerts/"),
        },
    }


def slack_payload(delivery: AlertDelivery) -> dict:
    data = payload(delivery)["alert"]
    headline = "Alert raised" if delivery.event == AlertDelivery.Event.RAISED else "Recovered"
    link = f" <{data['evidence_url']}|Open the evidence>" if data["evidence_url"] else ""
    text = f"*kbaudit — {headline}*: {data['message']}"
    return {
        "text": f"kbaudit — {headline}: {data['message']}",
        "blocks": [
            {"type": "section", "text": {"type": "mrkdwn", "text": text + link}},
            {
                "type": "context",
                "elements": [{"type": "mrkdwn", "text": f"Rule: {data['rule_description']}"}],
            },
        ],
    }


def alert_delivery_send(*, delivery: AlertDelivery) -> str:
    """Attempt the delivery once (claimed, so a duplicate task does nothing)."""
    claimed = (
        AlertDelivery.objects.filter(pk=delivery.pk, attempts=delivery.attempts)
        .exclude(status=AlertDelivery.Status.SENT)
        .update(attempts=F("attempts") + 1)
    )
    delivery.refresh_from_db()
    if not claimed:
        return delivery.status
    destination = delivery.destination
    try:
        code = SENDERS[destination.kind](delivery, destination)
    except RetryableDeliveryError as exc:
        _record(delivery, AlertDelivery.Status.PENDING, error=str(exc))
        raise
    except (SecretUnreadable, PermanentDeliveryError, ValueError) as exc:
        return _record(delivery, AlertDelivery.Status.FAILED, error=str(exc), code=_code(exc))
    return _record(delivery, AlertDelivery.Status.SENT, code=code)


class PermanentDeliveryError(Exception):
    def __init__(self, message: str, code: int | None = None):
        super().__init__(message)
        self.code = code


def _code(exc: Exception) -> int | None:
    return getattr(exc, "code", None)


def _record(delivery, status: str, *, error: str = "", code: int | None = None) -> str:
    sent_at = timezone.now() if status == AlertDelivery.Status.SENT else None
    AlertDelivery.objects.filter(pk=delivery.pk).update(
        status=status, last_error=error[:2000], response_code=code, sent_at=sent_at
    )
    log.info("alert delivery %s to %s: %s %s", delivery.pk, delivery.destination, status, error)
    return status


def _send_email(delivery: AlertDelivery, destination: AlertDestination) -> None:
    recipients = [e.strip() for e in destination.emails.split(",") if e.strip()]
    recipients = recipients or _editor_emails(destination)
    if not recipients:
        raise PermanentDeliveryError("no recipients: the team has no editor with an email")
    context = {"delivery": delivery, "alert": payload(delivery)["alert"]}
    subject = " ".join(render_to_string("emails/alert-subject.txt", context).split())
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("emails/alert-body.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=recipients,
        headers={"Auto-Submitted": "auto-generated"},
    )
    message.attach_alternative(render_to_string("emails/alert-body.html", context), "text/html")
    try:
        message.send()
    except OSError as exc:  # SMTP down or refusing: try again later
        raise RetryableDeliveryError(f"{type(exc).__name__}: {exc}") from exc
    return None


def _editor_emails(destination: AlertDestination) -> list[str]:
    users = get_user_model().objects.filter(
        kbaudit_teams=destination.team_id, groups__name__in=[EDITOR, ADMIN], is_active=True
    )
    return sorted({u.email for u in users if u.email})


def _send_slack(delivery: AlertDelivery, destination: AlertDestination) -> int:
    body = orjson.dumps(slack_payload(delivery))
    return _post(decrypt(destination.url_encrypted), body, {})


def _send_webhook(delivery: AlertDelivery, destination: AlertDestination) -> int:
    body = orjson.dumps(payload(delivery))
    timestamp = str(int(time.time()))
    headers = {
        "X-Kbaudit-Event": f"alert.{delivery.event}",
        "X-Kbaudit-Delivery": str(delivery.pk),
        "X-Kbaudit-Timestamp": timestamp,
        "X-Kbaudit-Signature": signature(decrypt(destination.secret_encrypted), timestamp, body),
    }
    return _post(decrypt(destination.url_encrypted), body, headers)


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    if not url.startswith(("https://", "http://")):
        raise PermanentDeliveryError("the webhook URL is not http(s)")
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "kbaudit-alerts", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as exc:
        if exc.code == 429 or exc.code >= 500:
            raise RetryableDeliveryError(f"HTTP {exc.code}") from exc
        raise PermanentDeliveryError(f"HTTP {exc.code}", code=exc.code) from exc
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        raise RetryableDeliveryError(f"{type(exc).__name__}: {exc}") from exc


SENDERS = {
    AlertDestination.Kind.EMAIL: _send_email,
    AlertDestination.Kind.SLACK: _send_slack,
    AlertDestination.Kind.WEBHOOK: _send_webhook,
}
