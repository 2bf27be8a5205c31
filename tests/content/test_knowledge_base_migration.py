"""The data migration that gives each existing team a knowledge base: run for real, from
the schema before knowledge bases to the latest one, on a database with two teams."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("audits", "0005_sources_no_separate_interaction_index"),
    ("content", "0008_review_item_active_queue_index"),
]
WHEN = datetime(2026, 11, 2, 14, tzinfo=UTC)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def plant(apps) -> dict:
    """Two teams with a bot each, a team-less bot, and articles retrieved by one team,
    by both, by the team-less bot only, and by nobody."""
    Team = apps.get_model("audits", "Team")
    Bot = apps.get_model("audits", "Bot")
    Conversation = apps.get_model("audits", "Conversation")
    Interaction = apps.get_model("audits", "Interaction")
    RetrievedSource = apps.get_model("audits", "RetrievedSource")
    Article = apps.get_model("content", "Article")
    ArticleVersion = apps.get_model("content", "ArticleVersion")
    ArticleDayRollup = apps.get_model("content", "ArticleDayRollup")
    ReviewItem = apps.get_model("content", "ReviewItem")
    help_centre = Team.objects.create(name="Help Centre", slug="help-centre")
    market = Team.objects.create(name="Marketplace", slug="marketplace")
    store = Bot.objects.create(slug="store-help", team=help_centre)
    seller = Bot.objects.create(slug="seller-help", team=market)
    loner = Bot.objects.create(slug="loner")
    articles = {}
    for key in ("faq-1", "kb-returns", "sel-payouts", "loner-page", "never-read"):
        articles[key] = Article.objects.create(external_id=key, title=key.title())
        for number in (1, 2):
            ArticleVersion.objects.create(
                article=articles[key], number=number, body=f"{key} v{number}", body_hash=key,
                published_at=WHEN, live_from=WHEN,
            )  # fmt: skip
    retrieved = [(store, "faq-1"), (store, "kb-returns"), (seller, "faq-1"),
                 (seller, "sel-payouts"), (loner, "loner-page")]  # fmt: skip
    for n, (bot, key) in enumerate(retrieved):
        conversation = Conversation.objects.create(
            bot=bot, external_id=f"c-{n}", started_at=WHEN, last_activity_at=WHEN
        )
        interaction = Interaction.objects.create(
            bot=bot, conversation=conversation, external_id=f"i-{n}", timestamp=WHEN
        )
        RetrievedSource.objects.create(
            interaction=interaction, rank=1, article_key=key, bot=bot, occurred_at=WHEN
        )
    for bot in (store, seller):
        ArticleDayRollup.objects.create(
            bot=bot, article=articles["faq-1"], day=WHEN.date(), retrievals=1
        )
        ReviewItem.objects.create(bot=bot, article=articles["faq-1"], reason="content_gap")
    return {"faq": articles["faq-1"].pk}


@pytest.mark.django_db(transaction=True)
def test_each_team_gets_a_knowledge_base_with_the_articles_its_bots_retrieved():
    old = migrate(BEFORE)
    planted = plant(old)
    migrate(latest())

    from audits.models import Bot
    from content.models import (
        Article,
        ArticleDayRollup,
        BotKnowledgeBase,
        KnowledgeBase,
        ReviewItem,
    )

    kbs = {kb.slug: kb for kb in KnowledgeBase.objects.all()}
    assert set(kbs) == {"default", "help-centre", "marketplace"}
    assert kbs["help-centre"].team.slug == "help-centre" and kbs["help-centre"].is_default
    assert kbs["marketplace"].team.slug == "marketplace"
    assert kbs["default"].team is None and kbs["default"].is_default
    link = dict(BotKnowledgeBase.objects.values_list("bot__slug", "knowledge_base__slug"))
    assert link == {"store-help": "help-centre", "seller-help": "marketplace", "loner": "default"}

    def holding(slug: str) -> set[str]:
        return set(kbs[slug].articles.values_list("external_id", flat=True))

    assert holding("help-centre") == {"faq-1", "kb-returns"}
    assert holding("marketplace") == {"faq-1", "sel-payouts"}
    assert holding("default") == {"loner-page", "never-read"}
    # The article both teams retrieved: one copy each, with all its versions.
    copies = Article.objects.filter(external_id="faq-1")
    assert copies.count() == 2
    assert all(
        list(c.versions.order_by("number").values_list("body", flat=True))
        == ["faq-1 v1", "faq-1 v2"]
        for c in copies
    )
    assert Article.objects.get(pk=planted["faq"]).knowledge_base in (
        kbs["help-centre"],
        kbs["marketplace"],
    )
    # Each bot's rollups and review items follow the copy in its own knowledge base.
    for bot in Bot.objects.filter(slug__in=["store-help", "seller-help"]):
        kb = bot.knowledge_base_link.knowledge_base
        assert {r.article.knowledge_base for r in ArticleDayRollup.objects.filter(bot=bot)} == {kb}
        assert {i.article.knowledge_base for i in ReviewItem.objects.filter(bot=bot)} == {kb}
