"""Knowledge bases in from docs folders and Zendesk Help Center exports."""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, datetime

import pytest
from django.core.management import call_command

from content.models import Article

pytestmark = pytest.mark.django_db

DOCUSAURUS_INTRO = """---
id: getting-started
title: Getting started with Acme Cloud
slug: /start
last_update:
  date: 2026-03-04
---

Create a workspace, then invite your team from **Settings → Members**.
"""

DOCUSAURUS_MDX = """---
title: Plans and limits
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Plans

<Tabs>
<TabItem value="free" label="Free">
The Free plan holds 3 projects.
</TabItem>
<TabItem value="pro" label="Pro">
The Pro plan holds 50 projects.
</TabItem>
</Tabs>
"""

MKDOCS_PAGE = """# Resetting your password

Open the sign-in page and choose *Forgot password*. The link expires after 2 hours.
"""

DRAFT = """---
title: Upcoming SSO changes
draft: true
---
Not ready.
"""

BAD_YAML = """---
title: [unclosed
---
Body.
"""


def _write(root, relative: str, text: str):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def docs(tmp_path):
    root = tmp_path / "docs"
    _write(root, "intro.md", DOCUSAURUS_INTRO)
    _write(root, "guides/plans.mdx", DOCUSAURUS_MDX)
    _write(root, "account/index.md", MKDOCS_PAGE)
    _write(root, "account/sso.md", DRAFT)
    _write(root, ".docusaurus/cache.md", "# generated")
    return root


def _import_dir(root, capsys, base_url="https://docs.acme.test"):
    try:
        call_command("import_articles", "--from-dir", str(root), "--base-url", base_url)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr()


def test_a_docs_folder_becomes_articles_with_ids_titles_urls_and_dates(docs, capsys):
    code, out = _import_dir(docs, capsys)
    assert code == 0, out.err
    by_id = {a.external_id: a for a in Article.objects.all()}
    assert sorted(by_id) == ["account/index", "getting-started", "guides/plans"]
    intro = by_id["getting-started"]
    assert intro.title == "Getting started with Acme Cloud"
    assert intro.url == "https://docs.acme.test/start"
    assert intro.source_path == "intro.md"
    assert intro.current_version().published_at == datetime(2026, 3, 4, tzinfo=UTC)
    plans = by_id["guides/plans"]
    body = plans.current_version().body
    assert "import Tabs" not in body and "<TabItem" not in body
    assert "The Pro plan holds 50 projects." in body
    account = by_id["account/index"]
    assert account.title == "Resetting your password"
    assert account.url == "https://docs.acme.test/account"
    assert "drafts left out 1: account/sso.md" in out.out


def test_rerunning_a_folder_is_idempotent_and_a_changed_file_is_a_new_version(docs, capsys):
    _import_dir(docs, capsys)
    code, out = _import_dir(docs, capsys)
    assert code == 0
    assert "new articles 0, new versions 0" in out.out
    _write(docs, "intro.md", DOCUSAURUS_INTRO.replace("invite your team", "invite people"))
    _import_dir(docs, capsys)
    assert Article.objects.get(external_id="getting-started").versions.count() == 2


def test_a_deleted_file_retires_its_article_and_its_return_publishes_it_again(docs, capsys):
    _import_dir(docs, capsys)
    (docs / "guides/plans.mdx").unlink()
    code, out = _import_dir(docs, capsys)
    assert "retired 1 article(s)" in out.out
    plans = Article.objects.get(external_id="guides/plans")
    assert plans.retired_at is not None
    assert plans.versions.count() == 1  # kept, not destroyed
    assert not Article.objects.real().filter(pk=plans.pk).exists()
    _write(docs, "guides/plans.mdx", DOCUSAURUS_MDX)
    _import_dir(docs, capsys)
    plans.refresh_from_db()
    assert plans.retired_at is None


def test_a_file_that_cannot_be_read_is_named_and_retires_nothing(docs, capsys):
    _import_dir(docs, capsys)
    (docs / "intro.md").unlink()
    _write(docs, "broken.md", BAD_YAML)
    code, out = _import_dir(docs, capsys)
    assert code == 1
    assert "broken.md: front matter: not valid YAML" in out.err
    assert "nothing retired" in out.out
    assert Article.objects.get(external_id="getting-started").retired_at is None


def test_without_front_matter_dates_the_last_commit_dates_a_file(tmp_path, capsys):
    root = tmp_path / "repo"
    _write(root, "docs/reset.md", MKDOCS_PAGE)
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "a",
        "GIT_AUTHOR_EMAIL": "a@example.test",
        "GIT_COMMITTER_NAME": "a",
        "GIT_COMMITTER_EMAIL": "a@example.test",
        "GIT_COMMITTER_DATE": "2025-06-07T08:09:10+00:00",
        "GIT_AUTHOR_DATE": "2025-06-07T08:09:10+00:00",
    }
    for command in (["init", "-q"], ["add", "."], ["commit", "-qm", "docs"]):
        subprocess.run(["git", "-C", str(root), *command], check=True, env=env)
    code, _ = _import_dir(root / "docs", capsys)
    assert code == 0
    version = Article.objects.get(external_id="reset").current_version()
    assert version.published_at == datetime(2025, 6, 7, 8, 9, 10, tzinfo=UTC)


def _zendesk_export(tmp_path, articles):
    path = tmp_path / "articles.json"
    path.write_text(json.dumps({"articles": articles, "next_page": None, "count": len(articles)}))
    return path


ZENDESK_ARTICLE = {
    "id": 360001234567,
    "url": "https://acme.zendesk.com/api/v2/help_center/en-us/articles/360001234567.json",
    "html_url": "https://acme.zendesk.com/hc/en-us/articles/360001234567-Refund-policy",
    "title": "Refund policy",
    "body": (
        '<h2>Refunds</h2><p onclick="steal()">Refunds take <strong>5 days</strong>.</p>'
        '<script>alert(1)</script><a href="javascript:alert(2)">x</a>'
        '<a href="https://acme.test/terms">terms</a>'
    ),
    "locale": "en-us",
    "draft": False,
    "updated_at": "2026-02-01T10:00:00Z",
    "section_id": 1,
}


def test_a_zendesk_export_is_imported_with_sanitised_html_and_drafts_left_out(tmp_path, capsys):
    draft = {**ZENDESK_ARTICLE, "id": 2, "title": "Draft", "draft": True}
    path = _zendesk_export(tmp_path, [ZENDESK_ARTICLE, draft])
    call_command("import_articles", str(path), "--format", "zendesk")
    out = capsys.readouterr().out
    article = Article.objects.get()
    assert article.external_id == "360001234567"
    assert article.url == ZENDESK_ARTICLE["html_url"]
    body = article.current_version().body
    assert "Refunds take <strong>5 days</strong>." in body
    assert "script" not in body and "onclick" not in body and "javascript:" not in body
    assert 'href="https://acme.test/terms"' in body
    assert article.current_version().published_at == datetime(2026, 2, 1, 10, tzinfo=UTC)
    assert "drafts left out 1" in out
    call_command("import_articles", str(path), "--format", "zendesk")
    assert article.versions.count() == 1


def test_a_zendesk_export_of_several_locales_keeps_them_apart_or_picks_one(tmp_path, capsys):
    french = {**ZENDESK_ARTICLE, "locale": "fr", "title": "Remboursements"}
    path = _zendesk_export(tmp_path, [ZENDESK_ARTICLE, french])
    call_command("import_articles", str(path), "--format", "zendesk", "--locale", "fr")
    assert list(Article.objects.values_list("external_id", "title")) == [
        ("360001234567", "Remboursements")
    ]
    Article.objects.all().delete()
    call_command("import_articles", str(path), "--format", "zendesk")
    assert sorted(Article.objects.values_list("external_id", flat=True)) == [
        "360001234567-en-us",
        "360001234567-fr",
    ]


def test_a_zendesk_article_without_an_id_is_reported_by_number(tmp_path, capsys):
    path = _zendesk_export(tmp_path, [{**ZENDESK_ARTICLE, "id": None}, ZENDESK_ARTICLE])
    with pytest.raises(SystemExit):
        call_command("import_articles", str(path), "--format", "zendesk")
    assert "article 1: id: missing" in capsys.readouterr().err
    assert Article.objects.count() == 1


def test_the_article_page_says_an_article_is_retired(docs, capsys, client, alice, bot):
    from content.models import KnowledgeBase

    kb = KnowledgeBase.objects.default_for_team(bot.team)
    call_command("import_articles", "--from-dir", str(docs), "--kb", kb.slug)
    (docs / "intro.md").unlink()
    call_command("import_articles", "--from-dir", str(docs), "--kb", kb.slug)
    article = Article.objects.get(external_id="getting-started")
    client.force_login(alice)
    page = client.get(article.get_absolute_url()).content.decode()
    assert "left the docs folder" in page


def test_a_folder_retires_only_its_own_knowledge_bases_articles(docs, capsys, bot, other_bot):
    from content.models import KnowledgeBase

    ours = KnowledgeBase.objects.default_for_team(bot.team)
    theirs = KnowledgeBase.objects.default_for_team(other_bot.team)
    call_command("import_articles", "--from-dir", str(docs), "--kb", theirs.slug)
    call_command("import_articles", "--from-dir", str(docs), "--kb", ours.slug)
    (docs / "intro.md").unlink()
    call_command("import_articles", "--from-dir", str(docs), "--kb", ours.slug)
    retired = Article.objects.filter(external_id="getting-started", retired_at__isnull=False)
    assert list(retired.values_list("knowledge_base", flat=True)) == [ours.pk]
