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
    assert Article.objects.filter(external_id="kb-returns").get().versions.count() == 2
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
