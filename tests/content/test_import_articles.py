from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from django.core.management import call_command

from content.articles.versions import version_for_source
from content.models import BEGINNING, Article, ArticleVersion, KnowledgeBase

pytestmark = pytest.mark.django_db


def article(body: str = "Return most items within 30 days.", **overrides) -> dict:
    return {
        "id": "kb-returns",
        "title": "Returns policy",
        "url": "https://help.example.com/returns",
        "body": body,
        "updated_at": "2026-06-01T09:00:00Z",
        **overrides,
    }


def import_articles(tmp_path, lines, name="a.jsonl") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_articles", str(path), stdout=out, stderr=err)
        return 0, out.getvalue(), err.getvalue()
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()


def test_it_imports_articles_and_reimporting_changes_nothing(tmp_path):
    lines = [article(), article(id="kb-shipping", title="Shipping", body="Ships in 2 days.")]
    code, out, _ = import_articles(tmp_path, lines)
    assert code == 0 and "imported 2, duplicates 0" in out
    code, out, _ = import_articles(tmp_path, lines)
    assert code == 0 and "imported 0, duplicates 2" in out
    assert Article.objects.count() == 2
    assert Article.objects.get(external_id="kb-returns").versions.count() == 1


def test_a_changed_body_creates_a_new_version(tmp_path):
    import_articles(tmp_path, [article()])
    code, out, _ = import_articles(
        tmp_path,
        [article("Return within 30 days. No restocking fee.", updated_at="2026-10-20T00:00:00Z")],
    )
    assert "new articles 0, new versions 1" in out
    versions = list(Article.objects.get().versions.order_by("number"))
    assert [v.number for v in versions] == [1, 2]
    assert versions[0].live_from == BEGINNING
    assert versions[0].live_until == versions[1].live_from == datetime(2026, 10, 20, tzinfo=UTC)
    assert versions[1].live_until is None


def test_current_versions_are_each_articles_latest_and_a_reimport_compares_with_them(tmp_path):
    """Three bodies of one article, then the first again: the first is news (a fourth
    version) because only the latest counts as what the article says now."""
    first, second, third = (f"Return within {d} days." for d in (30, 45, 60))
    for n, body in enumerate((first, second, third, first)):
        import_articles(tmp_path, [article(body, updated_at=f"2026-0{n + 1}-02T00:00:00Z"),
                                   article(id="kb-other", title="Other", body="Unchanged.")])  # fmt: skip
    current = ArticleVersion.objects.current()
    assert sorted((v.article.external_id, v.number, v.body) for v in current) == [
        ("kb-other", 1, "Unchanged."),
        ("kb-returns", 4, first),
    ]


def test_interactions_link_to_the_version_live_at_their_timestamp(tmp_path):
    import_articles(tmp_path, [article()])
    import_articles(tmp_path, [article("v2 body", updated_at="2026-10-20T00:00:00Z")], "b.jsonl")
    returns = Article.objects.get()
    before = returns.version_at(datetime(2026, 10, 19, 23, 59, tzinfo=UTC))
    after = returns.version_at(datetime(2026, 10, 20, 0, 1, tzinfo=UTC))
    # an interaction older than the first import still links to the first version
    ancient = returns.version_at(datetime(2025, 1, 1, tzinfo=UTC))
    assert (before.number, after.number, ancient.number) == (1, 2, 1)
    assert version_for_source("kb-returns", datetime(2026, 11, 1, tzinfo=UTC)).number == 2


def test_it_rejects_bad_articles_with_line_numbers(tmp_path):
    code, out, err = import_articles(
        tmp_path,
        [
            article(),
            "{bad",
            article(id=None),
            article(id="kb-x", body=""),
            article(id="kb-y", updated_at="soon"),
        ],
    )
    assert code == 1
    assert "a.jsonl:line 2: bad JSON" in err
    assert "a.jsonl:line 3: id: missing" in err
    assert "a.jsonl:line 4: body: missing" in err
    assert "a.jsonl:line 5: updated_at: not an ISO 8601 date-time" in err
    assert "imported 1, duplicates 0, feedback updated 0, rejected 4" in out


def test_importing_a_stub_article_completes_it(tmp_path):
    Article.objects.create(
        knowledge_base=KnowledgeBase.objects.install_default(),
        external_id="kb-returns",
        title="Returns",
        is_stub=True,
    )
    code, out, _ = import_articles(tmp_path, [article()])
    assert "stubs completed 1" in out
    returns = Article.objects.get()
    assert not returns.is_stub and returns.title == "Returns policy"
    assert returns.versions.count() == 1


def test_stubs_are_created_for_unknown_ids_only_and_once():
    kb = KnowledgeBase.objects.install_default()
    Article.objects.create(knowledge_base=kb, external_id="kb-returns", title="Returns policy")
    wanted = {
        (kb.pk, "kb-returns"): ("Returns (as the log names it)", "https://x.example/r"),
        (kb.pk, "kb-new"): ("New article " + "x" * 600, "https://help.example.com/new"),
    }
    Article.objects.stubs_create(wanted)
    new, returns = Article.objects.order_by("external_id")
    assert new.external_id == "kb-new" and new.is_stub and len(new.title) == 500
    assert new.url == "https://help.example.com/new" and new.source_path == ""
    assert returns.title == "Returns policy" and not returns.is_stub
    # Citing them again changes nothing, and draws no id for them.
    Article.objects.stubs_create(wanted)
    Article.objects.stubs_create({(kb.pk, "kb-later"): ("Later", "")})
    assert Article.objects.count() == 3
    assert Article.objects.get(external_id="kb-later").pk == new.pk + 1


def test_two_versions_of_one_article_in_one_file_are_both_kept(tmp_path):
    code, out, _ = import_articles(
        tmp_path, [article(), article("second", updated_at="2026-07-01T00:00:00Z")]
    )
    assert "new articles 1, new versions 1" in out
