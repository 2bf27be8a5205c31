"""A row that cannot be read or graded never holds up the others; failed rows come back."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import DataError, connection
from django.urls import reverse

from audits.models import Interaction
from audits.sweep import rules as grading
from audits.sweep import services as sweep
from audits.sweep.services import failed_requeue, sweep_run
from tests.factories import BotFactory, InteractionFactory, RetrievedSourceFactory

pytestmark = pytest.mark.django_db


def graded_row(bot, **kwargs):
    interaction = InteractionFactory(bot=bot, **kwargs)
    RetrievedSourceFactory(interaction=interaction, rank=1)
    Interaction.objects.filter(pk=interaction.pk).update(n_sources=1)
    return interaction


def test_a_row_python_cannot_read_is_marked_failed_and_the_others_are_graded(bot, postgres):
    poison, *good = [graded_row(bot) for _ in range(4)]
    with connection.cursor() as cursor:  # as a year-1 timestamp with +14:00 was once stored
        cursor.execute(
            "UPDATE audits_interaction SET timestamp = '0001-01-01T00:00:00+14:00' WHERE id = %s",
            [poison.pk],
        )
    summary = sweep_run(idle_minutes=None)
    assert summary.graded == 3 and summary.failed == 1
    statuses = dict(Interaction.objects.values_list("pk", "status"))
    assert statuses[poison.pk] == "failed" and {statuses[i.pk] for i in good} == {"graded"}
    reason = Interaction.objects.filter(pk=poison.pk).values_list("last_error", flat=True)[0]
    assert reason.startswith("the stored row cannot be read")
    assert sweep_run(idle_minutes=None).done == 0  # the next sweep does not trip on it again
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)
    assert "failed 1" in out.getvalue() and "cannot be read" in out.getvalue()


def test_a_verdict_that_cannot_be_stored_fails_its_row_only(bot, monkeypatch):
    rows = [graded_row(bot) for _ in range(3)]
    store = grading.evaluation_store

    def store_or_fail(*, interaction, result):
        if interaction.pk == rows[1].pk:
            raise DataError("value out of range for type smallint")
        return store(interaction=interaction, result=result)

    monkeypatch.setattr(sweep, "evaluation_store", store_or_fail)
    summary = sweep_run(idle_minutes=None)
    assert summary.graded == 2 and summary.failed == 1
    failed = Interaction.objects.get(status="failed")
    assert failed.pk == rows[1].pk and "value out of range" in failed.last_error


def fail_all(bot, n=2):
    rows = [graded_row(bot) for _ in range(n)]
    Interaction.objects.filter(pk__in=[r.pk for r in rows]).update(
        status="failed", attempts=5, last_error="endpoint answered 500"
    )
    return rows


def test_sweep_retry_failed_requeues_failed_interactions_of_one_bot(bot):
    fail_all(bot)
    other = BotFactory(slug="other-help")
    fail_all(other, 1)
    out = io.StringIO()
    call_command("sweep", "--retry-failed", "--bot", "store-help", stdout=out)
    assert "requeued 2 failed interaction(s)" in out.getvalue()
    assert set(bot.interactions.values_list("status", "attempts")) == {("pending", 0)}
    assert other.interactions.get().status == "failed"
    assert sweep_run(idle_minutes=None).graded == 2


def test_sweep_retry_failed_without_a_bot_requeues_every_bot(bot):
    fail_all(bot)
    fail_all(BotFactory(slug="other-help"), 1)
    assert failed_requeue() == 3
    assert not Interaction.objects.filter(status="failed").exists()


def test_the_status_page_button_requeues_the_failed_rows_of_the_editors_bots(
    client, alice, bob, bot, other_bot
):
    fail_all(bot)
    fail_all(other_bot, 1)
    client.force_login(alice)
    assert "Retry 2 failed" in client.get(reverse("audits:sweep_status")).content.decode()
    response = client.post(reverse("audits:sweep_retry_failed"))
    assert response.status_code == 302
    assert not bot.interactions.filter(status="failed").exists()
    assert other_bot.interactions.get().status == "failed"  # another team's bot
    client.force_login(bob)  # a writer
    assert client.post(reverse("audits:sweep_retry_failed")).status_code == 403


def test_the_interaction_list_leaves_out_a_row_python_cannot_read(client, bob, bot, postgres):
    poison, good = graded_row(bot), graded_row(bot)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE audits_interaction SET timestamp = '9999-12-31T23:59:59-14:00' WHERE id = %s",
            [poison.pk],
        )
    client.force_login(bob)
    response = client.get(reverse("audits:interaction_list"))
    assert response.status_code == 200
    assert f'href="{good.get_absolute_url()}"' in response.content.decode()
    assert f'href="{poison.get_absolute_url()}"' not in response.content.decode()
