"""Every page and htmx endpoint, as alice (editor), bob (writer, same team) and charlie
(writer of another team). Charlie must learn nothing about the Help Centre's bot."""

from __future__ import annotations

import pytest
from django.urls import reverse

from content.models import ReviewItem
from tests.factories import (
    ArticleFactory,
    EvaluationFactory,
    EvaluationRunFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(bot, alice, bob, charlie):
    interaction = InteractionFactory(bot=bot)
    RetrievedSourceFactory(interaction=interaction, rank=1)
    EvaluationFactory(interaction=interaction)
    run = EvaluationRunFactory(name="embed-v2")
    InteractionFactory(bot=bot, run=run, query=interaction.query)
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    item = ReviewItem.objects.create(bot=bot, article=article, reason="content_gap", priority=5)
    return {"bot": bot, "interaction": interaction, "article": article, "item": item, "run": run}


def url(name: str, world) -> str:
    args = {
        "content:bot_detail": [world["bot"].slug],
        "content:bot_thresholds": [world["bot"].slug],
        "content:ranking": [world["bot"].slug],
        "content:abstention": [world["bot"].slug],
        "content:item_detail": [world["item"].pk],
        "content:suggestion_update": [world["item"].pk],
        "content:article_detail": [world["article"].pk],
        "audits:interaction_detail": [world["interaction"].pk],
        "audits:run_detail": [world["run"].name],
    }.get(name)
    if name.startswith("content:item_action:"):
        return reverse("content:item_action", args=[world["item"].pk, name.rsplit(":", 1)[1]])
    return reverse(name, args=args)


# (url name, method, data, expected status for alice, bob, charlie)
CASES = [
    ("home", "get", None, (200, 200, 200)),
    ("bot_list", "get", None, (200, 200, 200)),
    ("content:bot_detail", "get", None, (200, 200, 404)),
    ("content:ranking", "get", None, (200, 200, 404)),
    ("content:abstention", "get", None, (200, 200, 404)),
    ("content:item_detail", "get", None, (200, 200, 404)),
    ("content:item_action:claim", "post", {}, (200, 200, 404)),
    ("content:item_action:dismiss", "post", {"reason": "no"}, (200, 200, 404)),
    ("content:suggestion_update", "post", {"body": "Mine"}, (302, 302, 404)),
    ("content:bot_thresholds", "post", {"threshold_groundedness": "0.9"}, (302, 403, 403)),
    ("content:queue_export", "get", {"format": "csv"}, (200, 200, 200)),
    ("content:article_list", "get", None, (200, 200, 200)),
    ("content:article_detail", "get", None, (200, 200, 404)),
    ("audits:interaction_list", "get", None, (200, 200, 200)),
    ("audits:interaction_detail", "get", None, (200, 200, 404)),
    ("audits:sweep_status", "get", None, (200, 200, 200)),
    ("audits:sweep_run", "post", {}, (302, 403, 403)),
    ("audits:run_list", "get", None, (200, 200, 200)),
    ("audits:run_detail", "get", None, (200, 200, 404)),
]


@pytest.mark.parametrize(("name", "method", "data", "expected"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("who", [0, 1, 2], ids=["alice", "bob", "charlie"])
def test_each_view_answers_each_role(
    client, world, alice, bob, charlie, name, method, data, expected, who
):
    client.force_login([alice, bob, charlie][who])
    headers = {"HTTP_HX_REQUEST": "true"} if name.startswith("content:item_action") else {}
    response = getattr(client, method)(url(name, world), data or {}, **headers)
    assert response.status_code == expected[who]


@pytest.mark.parametrize(("name", "method", "data", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_view_needs_a_login(client, world, name, method, data, expected):
    response = getattr(client, method)(url(name, world), data or {})
    assert response.status_code == 302 and reverse("login") in response.url


def test_an_outsider_learns_nothing_from_lists_and_exports(client, world, charlie):
    client.force_login(charlie)
    for page in ("home", "audits:interaction_list", "audits:sweep_status", "audits:run_list"):
        html = client.get(reverse(page)).content.decode()
        assert "Store help" not in html and world["interaction"].query not in html
    assert (
        "kb-returns"
        not in client.get(reverse("content:queue_export"), {"format": "csv"}).content.decode()
    )
    article_page = client.get(world["article"].get_absolute_url()).content.decode()
    assert "Content gap" not in article_page and world["interaction"].query not in article_page


def test_writers_cannot_reach_the_admin_where_tokens_live(client, world, bob):
    client.force_login(bob)
    response = client.get("/admin/audits/apitoken/")
    assert response.status_code == 302 and "/admin/login/" in response.url


# --- articles belong to their team's knowledge base ----------------------------------------


@pytest.fixture
def two_kbs(world, other_bot):
    """The Help Centre's kb-returns (world), and the Marketplace's own articles: one with
    the same id, one only they have, each retrieved by their bot."""
    from content.models import BotKnowledgeBase

    market_kb = BotKnowledgeBase.objects.get(bot=other_bot).knowledge_base
    theirs = ArticleFactory(
        knowledge_base=market_kb, external_id="kb-returns", title="Seller returns"
    )
    payouts = ArticleFactory(knowledge_base=market_kb, external_id="sel-payouts", title="Payouts")
    for _ in range(3):
        interaction = InteractionFactory(bot=other_bot)
        RetrievedSourceFactory(interaction=interaction, rank=1, article_key="kb-returns")
    return {"theirs": theirs, "payouts": payouts, **world}


def test_an_outsider_gets_404_for_another_teams_article_and_its_brief(client, two_kbs, charlie):
    client.force_login(charlie)
    article = two_kbs["article"]
    assert client.get(article.get_absolute_url()).status_code == 404
    brief = reverse("content:article_brief", args=[article.pk])
    assert client.get(brief, {"format": "md"}).status_code == 404
    # their own article of the same id is theirs to read
    assert client.get(two_kbs["theirs"].get_absolute_url()).status_code == 200


def test_search_finds_only_the_users_knowledge_bases(client, two_kbs, bob, charlie):
    client.force_login(charlie)
    page = client.get(reverse("content:article_list"), {"q": "returns"}).content.decode()
    assert "Seller returns" in page and "Returns policy" not in page
    client.force_login(bob)
    page = client.get(reverse("content:article_list"), {"q": "payouts"}).content.decode()
    assert "sel-payouts" not in page
    page = client.get(reverse("content:article_list"), {"q": "kb-returns"}).content.decode()
    assert "Returns policy" in page and "Seller returns" not in page


def test_the_article_list_counts_only_the_users_teams_traffic(client, two_kbs, bob, other_bot):
    from content.models import BotKnowledgeBase
    from tests.factories import BotFactory

    # A Marketplace bot that answers from the Help Centre's knowledge base: its two
    # retrievals are another team's traffic, not bob's.
    borrower = BotFactory(slug="seller-faq", team=other_bot.team)
    help_kb = two_kbs["article"].knowledge_base
    BotKnowledgeBase.objects.filter(bot=borrower).update(knowledge_base=help_kb)
    for _ in range(2):
        RetrievedSourceFactory(interaction=InteractionFactory(bot=borrower), rank=1)
    client.force_login(bob)
    [row] = client.get(reverse("content:article_list")).context["page"].object_list
    assert row == two_kbs["article"] and row.retrievals == 1


def test_an_admins_article_list_counts_each_article_by_its_own_bots(client, two_kbs):
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    admin = UserFactory(username="root")
    admin.groups.add(Group.objects.get_or_create(name="admin")[0])
    client.force_login(admin)
    rows = client.get(reverse("content:article_list"), {"q": "kb-returns"}).context["page"]
    counts = {article.title: article.retrievals for article in rows.object_list}
    assert counts == {"Returns policy": 1, "Seller returns": 3}


def test_the_worklist_export_holds_no_other_teams_article(client, two_kbs, charlie):
    ReviewItem.objects.create(
        bot=two_kbs["bot"], article=two_kbs["article"], reason="partial_coverage", priority=1
    )
    client.force_login(charlie)
    csv = client.get(reverse("content:queue_export"), {"format": "csv"}).content.decode()
    assert "Returns policy" not in csv and "kb-returns" not in csv


def test_an_admin_sees_every_knowledge_base_and_is_told_of_team_less_bots(client, two_kbs):
    from django.contrib.auth.models import Group

    from tests.factories import BotFactory, UserFactory

    BotFactory(slug="orphan-bot")
    admin = UserFactory(username="root")
    admin.groups.add(Group.objects.get_or_create(name="admin")[0])
    client.force_login(admin)
    page = client.get(reverse("content:article_list")).content.decode()
    assert "Seller returns" in page and "Returns policy" in page
    bots = client.get(reverse("bot_list")).content.decode()
    assert "without a team" in bots and "orphan-bot" in bots and "--team" in bots


def test_a_writer_is_not_told_of_team_less_bots(client, two_kbs, bob):
    from tests.factories import BotFactory

    BotFactory(slug="orphan-bot")
    client.force_login(bob)
    assert "without a team" not in client.get(reverse("bot_list")).content.decode()
