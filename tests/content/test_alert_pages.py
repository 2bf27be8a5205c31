"""The alert history and the editors' rules and destinations pages."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from content.alerts.secrets import decrypt
from content.models import AlertDestination, AlertEpisode, AlertRule

pytestmark = pytest.mark.django_db


def _episode(bot, state="firing", message="Store help: G 0.41 over the last 24 h"):
    rule = AlertRule.objects.filter(team=bot.team).first()
    return AlertEpisode.objects.create(
        rule=rule,
        bot=bot,
        key="groundedness",
        state=state,
        message=message,
        evidence_url=bot.get_absolute_url(),
        recovered_at=timezone.now() if state == "recovered" else None,
    )


def test_the_history_shows_the_teams_alerts_only(client, bob, charlie, bot, other_bot):
    _episode(bot)
    _episode(other_bot, message="Seller help: something")
    client.force_login(bob)
    page = client.get(reverse("content:alert_history")).content.decode()
    assert "G 0.41" in page and "Seller help" not in page
    client.force_login(charlie)
    page = client.get(reverse("content:alert_history")).content.decode()
    assert "G 0.41" not in page


def test_the_history_filters_by_state_as_an_htmx_fragment(client, bob, bot):
    _episode(bot, message="firing one")
    _episode(bot, state="recovered", message="recovered one")
    client.force_login(bob)
    response = client.get(
        reverse("content:alert_history"), {"state": "recovered"}, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert "recovered one" in body and "firing one" not in body
    assert "<html" not in body and 'id="episodes"' in body


def test_writers_cannot_open_the_rules(client, bob):
    client.force_login(bob)
    assert client.get(reverse("content:alert_settings")).status_code == 403


def test_an_editor_adds_a_rule_for_the_team(client, alice, bot):
    client.force_login(alice)
    destination = AlertDestination.objects.get(team=bot.team)
    response = client.post(
        reverse("content:alert_rule_create", args=[bot.team.pk]),
        {
            "kind": "metric_below",
            "metric": "source_precision",
            "window_hours": 6,
            "min_sample": 30,
            "points": 10,
            "min_priority": 0,
            "destinations": [destination.pk],
        },
    )
    assert response.status_code == 302
    rule = AlertRule.objects.get(team=bot.team, metric="source_precision")
    assert (rule.window_hours, rule.min_sample) == (6, 30)
    assert list(rule.destinations.all()) == [destination]


def test_an_editor_cannot_touch_another_teams_rules(client, alice, other_bot):
    client.force_login(alice)
    AlertRule.objects.filter(team=other_bot.team).delete()
    rule = AlertRule.objects.create(team=other_bot.team, kind="budget")
    response = client.post(reverse("content:alert_rule_delete", args=[rule.pk]))
    assert response.status_code == 404
    assert AlertRule.objects.filter(pk=rule.pk).exists()
    create = client.post(
        reverse("content:alert_rule_create", args=[other_bot.team.pk]), {"kind": "budget"}
    )
    assert create.status_code == 404


def test_a_webhook_secret_is_shown_once_and_stored_encrypted(client, alice, bot):
    client.force_login(alice)
    response = client.post(
        reverse("content:alert_destination_create", args=[bot.team.pk]),
        {"kind": "webhook", "name": "ops", "url": "https://hooks.example.test/kb?token=abc"},
    )
    page = response.content.decode()
    destination = AlertDestination.objects.get(name="ops")
    secret = decrypt(destination.secret_encrypted)
    assert secret.startswith("whsec_") and secret in page
    assert "token=abc" not in destination.url_encrypted
    again = client.get(reverse("content:alert_settings")).content.decode()
    assert secret not in again and "token=abc" not in again
    assert "https://hooks.example.test/…" in again


def test_a_webhook_needs_an_http_url(client, alice, bot):
    client.force_login(alice)
    response = client.post(
        reverse("content:alert_destination_create", args=[bot.team.pk]),
        {"kind": "slack", "name": "bad", "url": "javascript:alert(1)"},
    )
    assert response.status_code == 400
    assert not AlertDestination.objects.filter(name="bad").exists()
