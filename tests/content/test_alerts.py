"""Alerts: each rule raised once per episode, recovered, silent under the minimum sample;
deliveries by email, Slack-compatible and signed webhooks, retried on 5xx."""

from __future__ import annotations

import hashlib
import hmac
import http.server
import json
import threading
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from audits.models import GateReport
from content.alerts.deliveries import (
    RetryableDeliveryError,
    alert_delivery_send,
    signature,
    slack_payload,
)
from content.alerts.secrets import encrypt
from content.alerts.services import alert_defaults_ensure, alerts_evaluate
from content.models import AlertDelivery, AlertDestination, AlertEpisode, AlertRule, ReviewItem
from tests.factories import ArticleFactory, EvaluationFactory, InteractionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_default_rules(bot):
    """Each test states its own rules: the defaults the bot's team got are removed."""
    AlertRule.objects.all().delete()
    AlertDestination.objects.all().delete()


@pytest.fixture
def now():
    return timezone.now()


@pytest.fixture
def email_destination(team):
    return AlertDestination.objects.create(team=team, kind="email", name="editors")


def _rule(team, destination, **fields) -> AlertRule:
    rule = AlertRule.objects.create(team=team, **fields)
    rule.destinations.add(destination)
    return rule


def _graded(bot, n: int, *, at, groundedness: float = 1.0, verdict: str = "sufficient"):
    for i in range(n):
        interaction = InteractionFactory(bot=bot, timestamp=at - timedelta(minutes=i + 1))
        EvaluationFactory(interaction=interaction, groundedness=groundedness, verdict=verdict)


def test_a_metric_rule_fires_once_stays_quiet_while_firing_and_recovers(
    bot, email_destination, now
):
    rule = _rule(bot.team, email_destination, kind="metric_below", metric="groundedness")
    _graded(bot, 25, at=now, groundedness=0.5)

    raised = alerts_evaluate(bot=bot, now=now)
    assert [d.event for d in raised] == ["raised"]
    episode = AlertEpisode.objects.get(rule=rule)
    assert episode.state == "firing" and episode.value == pytest.approx(0.5)
    assert "groundedness" in episode.message.lower() or "G " in episode.message

    assert alerts_evaluate(bot=bot, now=now + timedelta(minutes=5)) == []
    assert AlertDelivery.objects.count() == 1

    later = now + timedelta(hours=30)
    _graded(bot, 25, at=later, groundedness=1.0)
    recovered = alerts_evaluate(bot=bot, now=later)
    assert [d.event for d in recovered] == ["recovered"]
    episode.refresh_from_db()
    assert episode.state == "recovered" and episode.recovered_at == later


def test_a_metric_rule_does_not_fire_under_the_minimum_sample(bot, email_destination, now):
    _rule(bot.team, email_destination, kind="metric_below", metric="groundedness", min_sample=20)
    _graded(bot, 19, at=now, groundedness=0.0)
    assert alerts_evaluate(bot=bot, now=now) == []
    assert not AlertEpisode.objects.exists()


def test_a_mean_exactly_at_the_threshold_is_not_below_it(bot, email_destination, now):
    _rule(bot.team, email_destination, kind="metric_below", metric="source_precision", min_sample=3)
    for value in (0.4 + 0.4, 0.8, 0.8):
        interaction = InteractionFactory(bot=bot, timestamp=now - timedelta(minutes=1))
        EvaluationFactory(interaction=interaction, source_precision=value)
    assert alerts_evaluate(bot=bot, now=now) == []


def test_the_insufficient_share_rule_compares_with_the_week_before(bot, email_destination, now):
    _rule(bot.team, email_destination, kind="insufficient_up", points=10, min_sample=10)
    _graded(bot, 20, at=now - timedelta(days=8))  # last week: all sufficient
    _graded(bot, 10, at=now, verdict="insufficient")
    _graded(bot, 10, at=now - timedelta(hours=2))
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert delivery.episode.value == pytest.approx(50.0)


def test_a_new_content_gap_item_is_told_once_and_recovers_when_closed(bot, email_destination, now):
    rule = _rule(bot.team, email_destination, kind="new_item", min_priority=10)
    article = ArticleFactory()
    low = ReviewItem.objects.create(bot=bot, article=article, reason="content_gap", priority=5)
    item = ReviewItem.objects.create(
        bot=bot, article=ArticleFactory(), reason="content_gap", priority=40
    )
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert delivery.episode.key == f"item-{item.pk}"
    assert delivery.episode.evidence_url == item.get_absolute_url()
    assert alerts_evaluate(bot=bot, now=now) == []
    ReviewItem.objects.filter(pk=item.pk).update(status="resolved")
    assert [d.event for d in alerts_evaluate(bot=bot, now=now)] == ["recovered"]
    ReviewItem.objects.filter(pk=item.pk).update(status="open")
    assert alerts_evaluate(bot=bot, now=now) == []  # reopened: not news twice
    assert not AlertEpisode.objects.filter(rule=rule, key=f"item-{low.pk}").exists()


def test_a_gate_decision_is_told_once(bot, email_destination, now):
    from audits.models import EvaluationRun

    _rule(bot.team, email_destination, kind="gate")
    run = EvaluationRun.objects.create(name="new-embeddings")
    InteractionFactory(bot=bot, run=run)
    GateReport.objects.create(run=run, baseline="production", passed=False)
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert "gate failed" in delivery.episode.message
    assert alerts_evaluate(bot=bot, now=now) == []


def test_the_email_goes_to_the_teams_editors(bot, alice, bob, email_destination, now):
    _rule(bot.team, email_destination, kind="metric_below", metric="groundedness", min_sample=1)
    _graded(bot, 2, at=now, groundedness=0.1)
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert alert_delivery_send(delivery=delivery) == "sent"
    [message] = mail.outbox
    assert message.to == [alice.email]  # bob is a writer
    assert "kbaudit alert" in message.subject
    assert delivery.episode.evidence_url in message.body
    assert message.alternatives[0][1] == "text/html"


class Receiver(http.server.BaseHTTPRequestHandler):
    statuses: list[int] = []
    received: list[tuple[dict, bytes]] = []

    def do_POST(self):  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        type(self).received.append((dict(self.headers), body))
        status = type(self).statuses.pop(0) if type(self).statuses else 200
        self.send_response(status)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver():
    Receiver.statuses, Receiver.received = [], []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook", Receiver
    server.shutdown()


SECRET = "whsec_test-secret"


def _webhook(team, url: str) -> AlertDestination:
    return AlertDestination.objects.create(
        team=team,
        kind="webhook",
        name="ops",
        url_encrypted=encrypt(url),
        secret_encrypted=encrypt(SECRET),
    )


def test_the_signed_webhook_verifies_with_the_documented_recipe(bot, receiver, now):
    url, handler = receiver
    _rule(
        bot.team, _webhook(bot.team, url), kind="metric_below", metric="groundedness", min_sample=1
    )
    _graded(bot, 1, at=now, groundedness=0.0)
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert alert_delivery_send(delivery=delivery) == "sent"
    [(headers, body)] = handler.received
    timestamp = headers["X-Kbaudit-Timestamp"]
    expected = hmac.new(SECRET.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    assert hmac.compare_digest(headers["X-Kbaudit-Signature"], "v1=" + expected.hexdigest())
    assert headers["X-Kbaudit-Signature"] == signature(SECRET, timestamp, body)
    data = json.loads(body)
    assert data["type"] == "alert.raised"
    assert data["alert"]["bot"] == bot.slug and data["alert"]["state"] == "firing"
    tampered = body.replace(b"firing", b"resolved")
    assert signature(SECRET, timestamp, tampered) != headers["X-Kbaudit-Signature"]


def test_a_500_is_retried_and_a_later_attempt_succeeds(bot, receiver, now):
    url, handler = receiver
    handler.statuses = [500]
    _rule(bot.team, _webhook(bot.team, url), kind="budget")
    bot.daily_token_budget = 10
    bot.save()
    from audits.models import BotDailyUsage

    BotDailyUsage.objects.create(bot=bot, day=now.date(), prompt_tokens=20)
    [delivery] = alerts_evaluate(bot=bot, now=now)
    with pytest.raises(RetryableDeliveryError):
        alert_delivery_send(delivery=delivery)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_error) == ("pending", 1, "HTTP 500")
    assert alert_delivery_send(delivery=delivery) == "sent"
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.response_code) == (2, 200)
    assert len(handler.received) == 2


def test_a_4xx_fails_the_delivery_without_retrying(bot, receiver, now):
    url, handler = receiver
    handler.statuses = [404]
    _rule(bot.team, _webhook(bot.team, url), kind="budget")
    bot.daily_token_budget = 1
    bot.save()
    from audits.models import BotDailyUsage

    BotDailyUsage.objects.create(bot=bot, day=now.date(), prompt_tokens=2)
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert alert_delivery_send(delivery=delivery) == "failed"
    delivery.refresh_from_db()
    assert delivery.response_code == 404


def test_the_slack_payload_has_text_and_blocks(bot, receiver, now):
    url, handler = receiver
    slack = AlertDestination.objects.create(
        team=bot.team, kind="slack", name="#kb", url_encrypted=encrypt(url)
    )
    _rule(bot.team, slack, kind="metric_below", metric="groundedness", min_sample=1)
    _graded(bot, 1, at=now, groundedness=0.0)
    [delivery] = alerts_evaluate(bot=bot, now=now)
    assert alert_delivery_send(delivery=delivery) == "sent"
    [(headers, body)] = handler.received
    data = json.loads(body)
    assert data == slack_payload(delivery)
    assert data["text"].startswith("kbaudit — Alert raised")
    assert data["blocks"][0]["type"] == "section"
    assert "X-Kbaudit-Signature" not in headers


def test_the_stored_destination_holds_no_readable_url_or_secret(team):
    destination = _webhook(team, "https://hooks.example.test/abc")
    assert "hooks.example.test" not in destination.url_encrypted
    assert SECRET not in destination.secret_encrypted


def test_a_teams_first_bot_gets_the_default_rules(team):
    assert alert_defaults_ensure(team=team) is True
    kinds = set(AlertRule.objects.filter(team=team).values_list("kind", flat=True))
    assert {"metric_below", "insufficient_up", "new_item", "sweep_failures"} <= kinds
    assert alert_defaults_ensure(team=team) is False


def test_a_new_bot_of_a_team_turns_the_defaults_on(db):
    from tests.factories import BotFactory, TeamFactory

    team = TeamFactory()
    BotFactory(team=team)
    assert AlertRule.objects.filter(team=team, kind="metric_below").exists()
    assert AlertDestination.objects.filter(team=team, kind="email").count() == 1


def test_the_digest_lists_the_weeks_alerts_with_the_pages_numbers(
    bot, alice, email_destination, now
):
    from content.analytics.windows import bot_window_metrics
    from content.digest.services import digest_build, digest_message

    _rule(bot.team, email_destination, kind="metric_below", metric="groundedness", min_sample=1)
    _graded(bot, 3, at=now, groundedness=0.2)
    alerts_evaluate(bot=bot, now=now)
    digest = digest_build(user=alice, end=now + timedelta(minutes=1), subscription=None)
    [week] = digest.bots
    assert [e.key for e in week.alerts] == ["groundedness"]
    window = bot_window_metrics(
        bot=bot, start=now - timedelta(days=7), end=now + timedelta(minutes=1)
    )
    assert week.graded == window.graded == 3
    message = digest_message(digest=digest)
    assert "Alerts raised" in message.body
    assert week.alerts[0].message in message.alternatives[0][0]


def test_a_replay_fills_an_empty_history_with_fired_and_recovered_episodes_and_sends_nothing(
    bot, email_destination, now
):
    from content.alerts.services import alert_history_replay

    _rule(bot.team, email_destination, kind="metric_below", metric="groundedness", min_sample=3)
    _graded(bot, 5, at=now - timedelta(days=3), groundedness=0.2)
    _graded(bot, 5, at=now - timedelta(days=1), groundedness=1.0)
    written = alert_history_replay(
        bot=bot, start=now - timedelta(days=4), end=now, step=timedelta(hours=12)
    )
    [episode] = AlertEpisode.objects.all()
    assert written == 1 and episode.state == "recovered"
    assert episode.raised_at < episode.recovered_at <= now
    assert not AlertDelivery.objects.exists()
    assert alert_history_replay(bot=bot, start=now, end=now, step=timedelta(hours=1)) == 0


def test_the_demo_rules_are_set_up_once(db):
    from demo.setup import _demo_alert_rules, demo_people_setup

    demo_people_setup()
    _demo_alert_rules()
    assert AlertRule.objects.filter(bot__slug="store-help", window_hours=168).count() == 1


def test_a_replay_leaves_an_episode_raised_since_alone(bot, email_destination, now):
    from content.alerts.services import alert_history_replay

    rule = _rule(
        bot.team, email_destination, kind="metric_below", metric="groundedness", min_sample=3
    )
    _graded(bot, 5, at=now - timedelta(days=3), groundedness=0.2)
    _graded(bot, 5, at=now - timedelta(days=1), groundedness=1.0)
    _graded(bot, 5, at=now, groundedness=0.1)
    alerts_evaluate(bot=bot, now=now)  # raised now, by the sweep
    written = alert_history_replay(
        bot=bot,
        start=now - timedelta(days=4),
        end=now - timedelta(hours=6),
        step=timedelta(hours=12),
    )
    assert written == 1
    states = sorted(AlertEpisode.objects.filter(rule=rule).values_list("state", flat=True))
    assert states == ["firing", "recovered"]
    current = AlertEpisode.objects.get(rule=rule, state="firing")
    assert current.raised_at == now
