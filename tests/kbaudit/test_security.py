"""The security settings: CSP on every page, login throttling, http(s)-only links."""

from __future__ import annotations

import io
import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from audits.models import ApiToken, Interaction
from content.models import Article
from kbaudit.lib.figures import figure_html
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

pytestmark = pytest.mark.django_db

SCRIPT_URLS = [
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
]


# --- Content-Security-Policy ---------------------------------------------------------------


def inline_scripts(html: str) -> list[str]:
    """Script elements that would run inline: no src, and not a JSON data block."""
    return [
        tag
        for tag in re.findall(r"<script\b[^>]*>", html)
        if "src=" not in tag and 'type="application/json"' not in tag
    ]


def test_every_page_carries_a_strict_content_security_policy(client, bob, bot):
    anonymous = Client().get(reverse("login"))
    client.force_login(bob)
    pages = [anonymous, client.get(reverse("home")), client.get(bot.get_absolute_url())]
    for response in pages:
        policy = response["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'"  # no 'unsafe-inline', no 'unsafe-eval'
        assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
        assert directives["default-src"] == "'self'"


def test_pages_with_charts_have_no_inline_script_and_carry_the_figures_as_data(client, bob, bot):
    for _ in range(3):
        interaction = InteractionFactory(bot=bot)
        RetrievedSourceFactory(interaction=interaction, rank=1)
    client.force_login(bob)
    html = client.get(bot.get_absolute_url()).content.decode()
    assert "data-plotly" in html
    assert inline_scripts(html) == []
    assert "Plotly.newPlot" not in html


def test_a_figure_is_a_json_data_block_that_cannot_close_its_script():
    html = figure_html({"data": [{"name": "</script><script>alert(1)</script>"}]}, config={})
    assert html.count("</script>") == 1 and html.count("<script") == 1
    payload = re.search(r'<script type="application/json">(.*)</script>', html).group(1)
    assert json.loads(payload)["figure"]["data"][0]["name"].startswith("</script>")


def test_htmx_runs_no_script_tags_it_swaps_in(client, bob, bot):
    client.force_login(bob)
    html = client.get(reverse("home")).content.decode()
    assert '<meta name="htmx-config" content=\'{"allowScriptTags": false}\'>' in html
    assert inline_scripts(html) == [] and "onchange=" not in html


# --- login throttling ------------------------------------------------------------------------


PASSWORD = "correct horse battery staple"  # tests/factories.py


def log_in(client, password):
    return client.post(reverse("login"), {"username": "bob", "password": password})


def test_the_sixth_wrong_password_is_refused_and_so_is_the_right_one_during_the_lockout(bob):
    client = Client()
    for _ in range(4):
        assert log_in(client, "wrong").status_code == 200  # the form again, with its error
    assert log_in(client, "wrong").status_code == 429  # the fifth failure locks
    refused = log_in(client, "wrong")
    assert refused.status_code == 429 and "Too many failed log-ins" in refused.content.decode()
    right = log_in(client, PASSWORD)
    assert right.status_code == 429 and "_auth_user_id" not in client.session
    with time_machine.travel(timezone.now() + timedelta(minutes=16)):
        after = log_in(client, PASSWORD)
    assert after.status_code == 302 and "_auth_user_id" in client.session


def test_axes_reset_lifts_a_lockout(bob):
    client = Client()
    for _ in range(6):
        log_in(client, "wrong")
    assert log_in(client, PASSWORD).status_code == 429
    call_command("axes_reset", stdout=io.StringIO())
    assert log_in(client, PASSWORD).status_code == 302


def test_the_right_password_before_the_limit_logs_in_and_resets_the_count(bob):
    client = Client()
    for _ in range(4):
        log_in(client, "wrong")
    assert log_in(client, PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        log_in(client, "wrong")
    assert log_in(client, PASSWORD).status_code == 302  # the count started again


def test_the_test_clients_own_logins_still_work(bob):
    client = Client()
    assert client.login(username="bob", password=PASSWORD)
    assert client.get(reverse("home")).status_code == 200
    other = Client()
    other.force_login(bob)
    assert other.get(reverse("home")).status_code == 200


# --- URLs: only http(s) and relative ---------------------------------------------------------


@pytest.mark.parametrize("url", SCRIPT_URLS)
def test_the_article_import_rejects_a_script_url_with_its_line(tmp_path, url):
    path = tmp_path / "articles.jsonl"
    good = {"id": "kb-ok", "title": "Fine", "url": "https://help.example.com/ok", "body": "Hi"}
    bad = {"id": "sel-payouts", "title": "Payouts", "url": url, "body": "Paid weekly."}
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_articles", str(path), stdout=io.StringIO(), stderr=err)
    assert "line 2: url: only http(s) or relative URLs are kept" in err.getvalue()
    assert list(Article.objects.values_list("external_id", flat=True)) == ["kb-ok"]


def test_the_article_api_rejects_a_script_url(client, bot):
    token = ApiToken.issue(bot=bot, name="pipeline")[1]
    bad = {"id": "sel-payouts", "title": "Payouts", "url": SCRIPT_URLS[0], "body": "x"}
    response = client.post(
        "/api/v1/articles",
        data=json.dumps([bad]),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["error"].startswith("url: only http(s) or relative")
    assert not Article.objects.exists()


def source_record(url: str) -> dict:
    return {
        "id": "int-1",
        "bot": "store-help",
        "timestamp": "2026-11-02T14:03:11Z",
        "query": "When are payouts?",
        "response": "Weekly.",
        "sources": [{"article_id": "sel-payouts", "url": url, "text": "Weekly."}],
    }


@pytest.mark.parametrize("url", SCRIPT_URLS)
def test_the_interaction_import_rejects_a_script_source_url(tmp_path, url):
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps(source_record(url)) + "\n")
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_interactions", str(path), stdout=io.StringIO(), stderr=err)
    assert "line 1: sources[0].url: only http(s) or relative URLs are kept" in err.getvalue()
    assert not Interaction.objects.exists() and not Article.objects.exists()


def test_the_interaction_api_rejects_a_script_source_url(client, bot):
    token = ApiToken.issue(bot=bot, name="pipeline")[1]
    response = client.post(
        "/api/v1/interactions",
        data=json.dumps([source_record(SCRIPT_URLS[0])]),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400
    assert "sources[0].url: only http(s)" in response.json()["errors"][0]["error"]


def test_relative_and_http_urls_are_kept(tmp_path, bot):
    path = tmp_path / "a.jsonl"
    lines = [dict(source_record(url), id=f"int-{i}") for i, url in enumerate(
        ["/help/payouts", "http://help.example.com/p", "https://help.example.com/p", ""]
    )]  # fmt: skip
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    call_command("import_interactions", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert Interaction.objects.count() == 4


def test_a_script_url_stored_before_the_check_never_becomes_a_link(client, bob, bot):
    article = ArticleFactory(external_id="sel-payouts", url=SCRIPT_URLS[0], title="Payouts")
    ArticleVersionFactory(article=article)
    RetrievedSourceFactory(interaction=InteractionFactory(bot=bot), article_key="sel-payouts")
    client.force_login(bob)
    html = client.get(article.get_absolute_url()).content.decode()
    assert 'href="javascript:' not in html.lower() and 'href="java' not in html.lower()
    assert "javascript:alert(document.cookie)" in html  # shown as text
    safe = ArticleFactory(external_id="kb-ok", url="https://help.example.com/ok")
    ArticleVersionFactory(article=safe)
    RetrievedSourceFactory(interaction=InteractionFactory(bot=bot), article_key="kb-ok")
    assert (
        'href="https://help.example.com/ok"' in client.get(safe.get_absolute_url()).content.decode()
    )


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("https://help.example.com/returns", True),
        ("http://x", True),
        ("HTTPS://HELP.EXAMPLE.COM/", True),
        ("/help/returns", True),
        ("returns#fees", True),
        ("//help.example.com/returns", True),
        ("https://", False),
        ("http:///returns", False),
        ("mailto:help@example.com", False),
        *[(url, False) for url in SCRIPT_URLS],
    ],
)
def test_the_url_rule_keeps_http_https_and_relative_links_only(url, kept):
    from kbaudit.lib.urls import is_web_url

    assert is_web_url(url) is kept
