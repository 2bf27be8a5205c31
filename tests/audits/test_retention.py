"""Text retention per bot, and the erasure command and admin action."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command
from django.urls import reverse

from audits.models import Interaction, RetrievedSource
from audits.retention.services import TEXT_DROPPED, text_retention_apply
from audits.tasks import text_retention_sweep
from tests.factories import (
    BotFactory,
    ConversationFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)


def turn(bot, days_ago: float, **fields):
    interaction = InteractionFactory(bot=bot, timestamp=NOW - timedelta(days=days_ago), **fields)
    RetrievedSourceFactory(interaction=interaction, rank=1)
    return interaction


def texts(interaction) -> tuple[str, str, list[str]]:
    interaction.refresh_from_db()
    return interaction.query, interaction.response, [s.text for s in interaction.sources.all()]


def test_a_bot_keeps_text_for_its_own_days_over_the_default(bot, settings):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 90
    bot.text_retention_days = 7
    bot.save()
    other = BotFactory(slug="other")
    old, recent, others_old = turn(bot, 8), turn(bot, 6), turn(other, 8)
    EvaluationFactory(interaction=old)
    text_retention_apply(now=NOW)
    assert texts(old) == ("", "", [""])
    assert texts(recent)[0] and texts(others_old)[0]
    assert RetrievedSource.objects.get(interaction=old).article_key == "kb-returns"


def test_without_a_retention_period_text_is_kept_for_good(bot, settings):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 0
    old = turn(bot, 4000)
    assert text_retention_apply(now=NOW).interactions == 0
    assert texts(old)[0]


def test_an_ungraded_interaction_past_retention_is_skipped_not_graded_empty(bot):
    bot.text_retention_days = 30
    bot.save()
    waiting = turn(bot, 31)
    text_retention_apply(now=NOW)
    waiting.refresh_from_db()
    assert (waiting.status, waiting.skip_reason, waiting.query) == ("skipped", TEXT_DROPPED, "")


def test_retention_resumes_where_it_stopped_and_never_reads_dropped_days_again(bot):
    bot.text_retention_days = 30
    bot.save()
    first = turn(bot, 40)
    text_retention_apply(now=NOW)
    bot.refresh_from_db()
    assert bot.text_dropped_before == NOW - timedelta(days=30)
    # A late import of an old turn keeps its text: those days are not scanned again.
    late = turn(bot, 35)
    second = turn(bot, 29)
    summary = text_retention_apply(now=NOW + timedelta(days=2))
    assert summary.interactions == 1
    assert texts(first)[0] == "" and texts(second)[0] == "" and texts(late)[0]


def test_the_nightly_beat_drops_text_past_retention(bot):
    assert (
        django_settings.CELERY_BEAT_SCHEDULE["text-retention"]["task"]
        == "audits.tasks.text_retention_sweep"
    )
    bot.text_retention_days = 1
    bot.save()
    old = turn(bot, 3000)
    text_retention_sweep.delay()
    assert texts(old)[0] == ""


def test_forgetting_an_unknown_conversation_is_a_clear_error(bot):
    with pytest.raises(CommandError, match="no conversation 'c-nope'"):
        call_command("forget_conversation", bot.slug, "c-nope")
    with pytest.raises(CommandError, match="no bot"):
        call_command("forget_conversation", "nobody", "c-1")


def test_forgetting_keeps_other_bots_conversations_of_the_same_id(bot):
    other = BotFactory(slug="other")
    mine = turn(bot, 1, conversation=ConversationFactory(bot=bot, external_id="c-9"))
    theirs = turn(other, 1, conversation=ConversationFactory(bot=other, external_id="c-9"))
    call_command("forget_conversation", bot.slug, "c-9")
    assert texts(mine) == ("", "", [""])
    assert texts(theirs)[0]


def test_the_admin_action_erases_the_selected_interactions_conversations(bot, admin_client):
    conversation = ConversationFactory(bot=bot, external_id="c-5")
    first = turn(bot, 1, conversation=conversation)
    second = turn(bot, 1, conversation=conversation, query="and for checked bags?")
    untouched = turn(bot, 1)
    response = admin_client.post(
        reverse("admin:audits_interaction_changelist"),
        {"action": "forget_conversations", "_selected_action": [first.pk]},
        follow=True,
    )
    assert "Erased the text of 1 conversation(s)." in response.content.decode()
    assert texts(first)[0] == "" and texts(second)[0] == ""
    assert texts(untouched)[0]
    assert Interaction.objects.count() == 3


def test_an_editor_erases_a_conversation_from_its_interaction_page(bot, alice, client):
    interaction = turn(bot, 1)
    client.force_login(alice)
    page = client.get(reverse("audits:interaction_detail", args=[interaction.pk]))
    assert "Erase this conversation" in page.content.decode()
    url = reverse("audits:conversation_forget", args=[interaction.pk])
    assert client.post(url).status_code == 302 and texts(interaction)[0]  # not confirmed
    response = client.post(url, {"confirm": "yes"}, follow=True)
    assert texts(interaction) == ("", "", [""])
    body = response.content.decode()
    assert (
        "Erased the text of conversation" in body and "text of this interaction was removed" in body
    )


def test_a_writer_may_not_erase_a_conversation(bot, bob, client):
    interaction = turn(bot, 1)
    client.force_login(bob)
    page = client.get(reverse("audits:interaction_detail", args=[interaction.pk]))
    assert "Erase this conversation" not in page.content.decode()
    url = reverse("audits:conversation_forget", args=[interaction.pk])
    assert client.post(url, {"confirm": "yes"}).status_code == 403
    assert texts(interaction)[0]


def test_an_outsider_cannot_reach_another_teams_conversation(bot, charlie, client):
    from django.contrib.auth.models import Group

    charlie.groups.add(Group.objects.get_or_create(name="editor")[0])
    interaction = turn(bot, 1)
    client.force_login(charlie)
    url = reverse("audits:conversation_forget", args=[interaction.pk])
    assert client.post(url, {"confirm": "yes"}).status_code == 404
    assert texts(interaction)[0]
