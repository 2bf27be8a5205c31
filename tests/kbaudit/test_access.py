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
    ("content:article_detail", "get", None, (200, 200, 200)),
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
