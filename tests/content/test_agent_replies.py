"""Agents' replies read against the knowledge base: what agents say that no article says
(grouped by meaning, on the item, the brief and the suggestion), and where they differ."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from content.analytics.rollups import rollup_update
from content.briefs.build import brief_build
from content.briefs.layout import brief_markdown
from content.escalations.evidence import (
    agent_contradiction_items_update,
    agent_evidence,
    group_statements,
)
from content.escalations.services import agent_replies_read, statements
from content.models import AgentReplyFact, AgentReplyReading, ReviewItem
from content.review.suggestions import evidence_markdown, item_evidence
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

pytestmark = pytest.mark.django_db

RETURNS = (
    "# Returns\n\nYou can return most items within 30 days of delivery. "
    "Refunds go back to the original payment method within 5 business days."
)
WARRANTY = "# Warranty\n\nEvery appliance has a warranty of 2 years from the date of purchase."


@pytest.fixture
def kb():
    returns = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=returns, body=RETURNS)
    warranty = ArticleFactory(external_id="kb-warranty", title="Warranty")
    ArticleVersionFactory(article=warranty, body=WARRANTY)
    return returns, warranty


def _escalated(bot, reply: str, *, minutes: int = 0, article_key: str = "kb-returns"):
    interaction = InteractionFactory(
        bot=bot,
        timestamp=timezone.now() - timedelta(hours=2, minutes=minutes),
        query="Is there a restocking fee on opened headphones?",
        response="Please contact our support team.",
        escalated=True,
        human_reply=reply,
    )
    RetrievedSourceFactory(interaction=interaction, rank=1, article_key=article_key)
    return interaction


def test_greetings_questions_and_offers_are_not_statements():
    reply = (
        "Hi Sam, thanks for waiting! Opened headphones carry a 15% restocking fee. "
        "Is there anything else I can help with? Have a great day."
    )
    assert statements(reply) == ["Opened headphones carry a 15% restocking fee."]


def test_what_no_article_says_is_kept_and_attached_to_the_credited_article(bot, kb):
    returns, _ = kb
    _escalated(bot, "Sorry about that. Opened headphones carry a 15% restocking fee.")
    _escalated(bot, "You can return most items within 30 days of delivery.", minutes=1)
    summary = agent_replies_read(bot=bot)
    assert (summary.replies, summary.unsupported) == (2, 1)
    [fact] = AgentReplyFact.objects.all()
    assert fact.kind == "unsupported" and fact.article == returns
    assert "15% restocking fee" in fact.fact
    assert AgentReplyReading.objects.count() == 2
    assert agent_replies_read(bot=bot).replies == 0  # read once


def test_a_value_that_differs_from_the_article_is_a_contradiction_item(bot, kb):
    _, warranty = kb
    _escalated(bot, "Every appliance has a warranty of 3 years from the date of purchase.")
    agent_replies_read(bot=bot)
    [fact] = AgentReplyFact.objects.all()
    assert fact.kind == "contradicts" and fact.other_article == warranty
    assert "2 years" in fact.passage
    assert agent_contradiction_items_update(bot=bot) == 1
    item = ReviewItem.objects.get(reason="agent_contradiction")
    assert item.article == warranty and item.evidence["agent_contradictions"] == 1


def test_statements_are_grouped_by_meaning():
    statements = [
        "Opened headphones carry a 15% restocking fee.",
        "There is a 15% restocking fee for opened headphones.",
        "We ship to Canada for a flat 12 dollar fee.",
    ]
    groups = group_statements([(statement, n) for n, statement in enumerate(statements)])
    assert [g.count for g in groups] == [2, 1]


def test_the_item_the_brief_and_the_suggestion_show_what_agents_said(client, alice, bot, kb):
    returns, _ = kb
    for minutes in range(3):
        _escalated(bot, "Opened headphones carry a 15% restocking fee.", minutes=minutes)
    agent_replies_read(bot=bot)
    # Three minutes two hours ago may straddle midnight: roll up every day they fall on.
    ago = timezone.now() - timedelta(hours=2)
    rollup_update(bot=bot, days=sorted({(ago - timedelta(minutes=m)).date() for m in range(3)}))
    item = ReviewItem.objects.create(bot=bot, article=returns, reason="content_gap", priority=9)
    evidence = item_evidence(item)
    assert evidence.agents.customers == 3
    assert evidence.escalation["escalated"] == 3
    assert "What agents told 3 customers" in evidence_markdown(evidence)
    client.force_login(alice)
    page = client.get(item.get_absolute_url()).content.decode()
    assert "Agents told <strong>3 customers</strong>" in page
    assert "15% restocking fee" in page
    brief = brief_markdown(brief_build(item=item))
    assert "agents told 3 customers" in brief.lower()


def test_the_agent_evidence_stays_inside_the_window(bot, kb):
    returns, _ = kb
    old = _escalated(bot, "Opened headphones carry a 15% restocking fee.")
    old.timestamp = timezone.now() - timedelta(days=90)
    old.save()
    agent_replies_read(bot=bot)
    today = timezone.now().date()
    evidence = agent_evidence(
        article=returns, bot=bot, first=today - timedelta(days=27), last=today
    )
    assert not evidence


def test_the_ranking_shows_each_articles_escalation_rate(bot, kb):
    from datetime import UTC, date, datetime

    from content.analytics.periods import period_for
    from content.analytics.ranking import article_ranking

    day = date(2026, 11, 2)
    for n in range(5):
        interaction = InteractionFactory(
            bot=bot, timestamp=datetime(2026, 11, 2, 10, n, tzinfo=UTC), escalated=n < 4
        )
        RetrievedSourceFactory(interaction=interaction, rank=1, article_key="kb-returns")
    rollup_update(bot=bot, days=[day])
    ranking = article_ranking(bot=bot, period=period_for("day", day), min_sample=1)
    [row] = [r for r in ranking.rows if r.article.external_id == "kb-returns"]
    assert row.escalation_rate == pytest.approx(4 / 5)


def test_the_bot_overview_shows_escalations_and_pages_to_write(client, alice, bot, kb):
    from datetime import UTC, date, datetime

    for n in range(2):
        interaction = InteractionFactory(
            bot=bot,
            timestamp=datetime(2026, 11, 2, 10, n, tzinfo=UTC),
            query="Do you sell gift wrapping?",
            escalated=True,
            human_reply="We offer gift wrapping for 4 euros per parcel.",
        )
        assert not interaction.sources.exists()  # nothing retrieved: a page to write
    agent_replies_read(bot=bot)
    rollup_update(bot=bot, days=[date(2026, 11, 2)])
    client.force_login(alice)
    page = client.get(
        bot.get_absolute_url(), {"from": "2026-11-01", "to": "2026-11-03"}
    ).content.decode()
    assert "of the conversations in the period were escalated" in page
    assert "gift wrapping for 4 euros" in page
