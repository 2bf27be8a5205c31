from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import ArticleFactory, InteractionFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["home", "content:article_list", "audits:interaction_list"])
def test_pages_require_login(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_health_endpoint_needs_no_login(client):
    response = client.get(reverse("health"))
    assert response.status_code == 200
    assert response.json()["database"] == "ok"


def test_a_user_sees_only_their_teams_bots(client, bot, other_bot, bob):
    client.force_login(bob)
    page = client.get(reverse("home")).content.decode()
    assert "Store help" in page and "Seller help" not in page
    assert client.get(other_bot.get_absolute_url()).status_code == 404
    assert client.get(bot.get_absolute_url()).status_code == 200


def test_an_outsider_cannot_open_an_interaction(client, bot, charlie):
    interaction = InteractionFactory(bot=bot)
    client.force_login(charlie)
    assert client.get(interaction.get_absolute_url()).status_code == 404


def test_untrusted_text_is_escaped(client, bot, bob):
    interaction = InteractionFactory(
        bot=bot, query="<script>alert(1)</script><img src=x onerror=alert(1)>"
    )
    client.force_login(bob)
    page = client.get(interaction.get_absolute_url()).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_article_pages_render(client, bob):
    article = ArticleFactory(title="Returns policy")
    client.force_login(bob)
    assert "Returns policy" in client.get(reverse("content:article_list")).content.decode()
    assert client.get(article.get_absolute_url()).status_code == 200
