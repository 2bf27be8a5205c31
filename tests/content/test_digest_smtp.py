"""The digest's sending path against a real SMTP server (aiosmtpd on loopback)."""

from __future__ import annotations

import email
import logging
import re
import socket
from email import policy
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from django.test import Client

import content.tasks
from content.digest.services import digest_claim
from content.models import DigestDelivery, DigestSubscription, ReviewItem
from content.tasks import digest_deliver
from tests.helpers import MONDAY, SITE, celery_configure, subscribe

pytestmark = pytest.mark.django_db


class Inbox:
    """An aiosmtpd handler that keeps what it receives; it can turn the first few away."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.refuse = 0
        self.refused = 0

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            self.refuse -= 1
            self.refused += 1
            return "451 4.3.0 Mailbox busy, try again later"
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    yield inbox
    controller.stop()


def part(message, content_type: str) -> str:
    return next(p for p in message.walk() if p.get_content_type() == content_type).get_content()


def test_the_digest_arrives_with_text_and_html_and_its_links_work(
    smtp_server,
    beat,
    alice,
    week,
    time_machine,
):
    subscribe(alice)
    time_machine.move_to(MONDAY, tick=False)
    assert beat() == 1
    [message] = smtp_server.messages
    assert message["To"] == "alice@example.com"
    assert (
        message["Subject"].strip()
        == "kbaudit weekly, 16–22 Nov 2026: 1 new review item, 1 resolved"
    )
    assert message.get_content_type() == "multipart/alternative"
    text, html = part(message, "text/plain"), part(message, "text/html")
    item = ReviewItem.objects.get(reason="content_gap", status="open")
    item_url = f"{SITE}/items/{item.pk}/"
    assert item_url in text and f'href="{item_url}"' in html
    links = set(re.findall(rf"{re.escape(SITE)}/\S+", text))
    time_machine.move_to(MONDAY.replace(hour=9), tick=True)
    reader = Client()
    reader.force_login(alice)
    for link in sorted(links - {link for link in links if "/unsubscribe/" in link}):
        url = urlsplit(link)
        response = reader.get(url.path, dict(p.split("=", 1) for p in url.query.split("&") if p))
        assert response.status_code == 200, link
    unsubscribe = message["List-Unsubscribe"].strip().strip("<>")
    assert message["List-Unsubscribe-Post"].strip() == "List-Unsubscribe=One-Click"
    assert unsubscribe in text and unsubscribe.startswith(f"{SITE}/unsubscribe/")
    anonymous = Client()
    assert anonymous.get(urlsplit(unsubscribe).path).status_code == 200
    assert anonymous.post(urlsplit(unsubscribe).path).status_code == 200
    assert not DigestSubscription.objects.get(user=alice).enabled


@pytest.fixture
def worker_retries():
    """Task retries run as a worker runs them (here at once, whatever the countdown)
    instead of surfacing to the caller as they do in process by default."""
    replaced = celery_configure(task_eager_propagates=False)
    yield
    celery_configure(**replaced)


def test_a_refused_send_is_logged_recorded_and_retried_with_a_countdown(
    smtp_server, worker_retries, alice, bot, monkeypatch, caplog
):
    countdowns = []
    real = content.tasks.digest_retry_countdown
    monkeypatch.setattr(
        content.tasks,
        "digest_retry_countdown",
        lambda retries: countdowns.append(real(retries)) or countdowns[-1],
    )
    smtp_server.refuse = 1
    delivery = digest_claim(subscription=subscribe(alice), now=MONDAY)
    with caplog.at_level(logging.WARNING, logger="content.digest"):
        assert digest_deliver.delay(delivery.pk).get() == "sent"
    assert smtp_server.refused == 1 and len(smtp_server.messages) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("sent", 2)
    assert "451" in delivery.last_error and "Mailbox busy" in delivery.last_error
    assert countdowns == [60]
    assert "failed (attempt 1)" in caplog.text and "451" in caplog.text


def test_retries_stop_after_five_and_leave_the_delivery_failed(
    settings, worker_retries, alice, bot
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", free_port(), 2
    delivery = digest_claim(subscription=subscribe(alice), now=MONDAY)
    assert digest_deliver.delay(delivery.pk).failed()
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("failed", 6)  # the first try, 5 retries
    assert "Connection refused" in delivery.last_error


def test_a_failure_in_process_is_recorded_and_the_beat_goes_on(
    settings,
    beat,
    alice,
    bob,
    bot,
    time_machine,
    caplog,
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", free_port(), 2
    subscribe(alice)
    subscribe(bob)
    time_machine.move_to(MONDAY, tick=False)
    with caplog.at_level(logging.WARNING):
        assert beat() == 2
    assert sorted(DigestDelivery.objects.values_list("status", "attempts")) == [
        ("failed", 1),
        ("failed", 1),
    ]
    assert caplog.text.count("digest delivery") == 2
