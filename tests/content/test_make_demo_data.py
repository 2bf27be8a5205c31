from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from audits.models import Bot, EvaluationRun, Interaction
from content.models import Article, ArticleVersion

pytestmark = pytest.mark.django_db


def test_make_demo_data_imports_everything_through_the_import_commands(tmp_path):
    out = io.StringIO()
    call_command("make_demo_data", "--out", str(tmp_path), "--n", "800", stdout=out)
    text = out.getvalue()
    assert "rejected 0" in text and "rejected 1" not in text
    assert "Demo login: alice / kbaudit-demo" in text
    assert Article.objects.filter(is_stub=False).count() >= 40
    # Each team's knowledge base; the marketplace has its own "kb-returns", shown apart.
    help_returns = Article.objects.get(knowledge_base__slug="help-centre", external_id="kb-returns")
    assert help_returns.versions.count() == 2
    market_returns = Article.objects.get(
        knowledge_base__slug="marketplace", external_id="kb-returns"
    )
    assert market_returns.versions.count() == 1 and market_returns.title != help_returns.title
    assert market_returns.knowledge_base.team.slug == "marketplace"
    assert Article.objects.get(external_id="sel-payouts").knowledge_base.slug == "marketplace"
    assert Article.objects.filter(is_stub=True).exists()
    store = Bot.objects.get(slug="store-help")
    assert store.team.name == "Help Centre" and "Brightcart" in store.domain_description
    stored = Interaction.objects.count()
    versions = sorted(ArticleVersion.objects.values_list("article__external_id", "number"))
    assert Interaction.objects.production().count() >= 760
    assert EvaluationRun.objects.filter(name__in=["embed-v2", "prompt-v3"]).count() == 2
    # running it again changes nothing
    again = io.StringIO()
    call_command("make_demo_data", "--out", str(tmp_path), "--n", "800", stdout=again)
    assert "imported 0," in again.getvalue() and "conflicts 0" in again.getvalue()
    assert Interaction.objects.count() == stored
    # ... not even the article versions behind "Did the rewrite help?"
    assert sorted(ArticleVersion.objects.values_list("article__external_id", "number")) == versions
