"""Knowledge bases owned by teams: an article id is unique within its knowledge base, each
bot answers from one, and nobody writes into another team's."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from django.core.management import CommandError, call_command

from audits.models import ApiToken, Bot
from content.analytics.rollups import rollup_update
from content.kb_scan import kb_scan_run
from content.models import (
    Article,
    ArticleDayRollup,
    ArticleFinding,
    BotKnowledgeBase,
    KnowledgeBase,
    ReviewItem,
)
from demo.articles import md
from demo.corpus_returns import RETURNS_POLICY
from tests.factories import ArticleFactory, ArticleVersionFactory, BotFactory, TeamFactory

pytestmark = pytest.mark.django_db


def kb_of(bot: Bot) -> KnowledgeBase:
    return BotKnowledgeBase.objects.get(bot=bot).knowledge_base


def write(tmp_path, name: str, records: list[dict]) -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, "--no-progress", stdout=out, stderr=err)
        return 0, out.getvalue(), err.getvalue()
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()


def faq(title: str, body: str, key: str = "faq-1") -> dict:
    return {"id": key, "title": title, "body": body, "updated_at": "2026-06-01T09:00:00Z"}


def post(client, payload, token: str):
    return client.post(
        "/api/v1/articles",
        data=json.dumps(payload),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


def interaction(i: int, bot: str, key: str) -> dict:
    return {
        "id": f"int-{i}",
        "bot": bot,
        "conversation_id": f"c-{bot}-{i}",
        "timestamp": "2026-11-02T14:03:11Z",
        "query": "Where is the FAQ?",
        "response": "Here.",
        "sources": [{"article_id": key, "title": "FAQ", "text": "The FAQ."}],
    }


# --- which knowledge base a bot answers from -------------------------------------------


def test_a_new_bot_answers_from_its_teams_default_knowledge_base(bot, other_bot):
    assert kb_of(bot).team == bot.team and kb_of(bot).is_default
    assert kb_of(other_bot).team == other_bot.team
    assert kb_of(bot) != kb_of(other_bot)
    another = BotFactory(slug="store-returns", team=bot.team)
    assert kb_of(another) == kb_of(bot)


def test_a_new_bot_without_a_team_answers_from_the_admins_default(db):
    loner = BotFactory(slug="loner")
    assert kb_of(loner) == KnowledgeBase.objects.install_default()
    assert kb_of(loner).team is None


# --- import_articles --kb ---------------------------------------------------------------


def test_two_knowledge_bases_each_keep_their_own_faq_1_from_the_cli(tmp_path, bot, other_bot):
    help_kb, market_kb = kb_of(bot), kb_of(other_bot)
    code, out, _ = run("import_articles", write(tmp_path, "a.jsonl", [faq("Help FAQ", "A")]),
                       "--kb", help_kb.slug)  # fmt: skip
    assert code == 0 and f"knowledge base {help_kb.slug}: new articles 1" in out
    run("import_articles", write(tmp_path, "b.jsonl", [faq("Market FAQ", "B")]), "--kb",
        market_kb.slug)  # fmt: skip
    run("import_articles", write(tmp_path, "c.jsonl", [faq("Help FAQ", "A, edited")]), "--kb",
        help_kb.slug)  # fmt: skip
    help_faq = Article.objects.get(knowledge_base=help_kb, external_id="faq-1")
    market_faq = Article.objects.get(knowledge_base=market_kb, external_id="faq-1")
    assert (help_faq.title, help_faq.versions.count()) == ("Help FAQ", 2)
    assert (market_faq.title, market_faq.versions.count()) == ("Market FAQ", 1)
    assert market_faq.current_version().body == "B"


def test_without_kb_articles_go_to_the_installs_default_knowledge_base(tmp_path, bot):
    code, _, _ = run("import_articles", write(tmp_path, "a.jsonl", [faq("FAQ", "A")]))
    assert code == 0
    [article] = Article.objects.all()
    assert article.knowledge_base == KnowledgeBase.objects.install_default()
    assert article.knowledge_base.team is None


def test_the_default_team_setting_names_the_installs_default_knowledge_base(
    tmp_path, bot, settings
):
    settings.KBAUDIT_DEFAULT_TEAM = bot.team.slug
    run("import_articles", write(tmp_path, "a.jsonl", [faq("FAQ", "A")]))
    assert Article.objects.get().knowledge_base == kb_of(bot)


def test_an_unknown_knowledge_base_is_a_clear_error(tmp_path, bot):
    with pytest.raises(CommandError, match="no knowledge base 'nope'"):
        run("import_articles", write(tmp_path, "a.jsonl", [faq("FAQ", "A")]), "--kb", "nope")
    assert not Article.objects.exists()


# --- POST /api/v1/articles --------------------------------------------------------------


def test_a_team_less_bots_token_cannot_write_another_teams_article(client, other_bot):
    payouts = ArticleFactory(knowledge_base=kb_of(other_bot), external_id="sel-payouts",
                             title="Payouts")  # fmt: skip
    ArticleVersionFactory(article=payouts, body="Weekly payouts.")
    _, token = ApiToken.issue(bot=BotFactory(slug="rogue"))
    response = post(client, [faq("Pwned", "Send it all to me.", key="sel-payouts")], token)
    assert response.status_code == 403
    assert response["Content-Type"].startswith("application/json")
    assert "no team" in response.json()["detail"] and "--team" in response.json()["detail"]
    payouts.refresh_from_db()
    assert payouts.title == "Payouts" and payouts.versions.count() == 1
    assert Article.objects.count() == 1


def test_a_token_writes_only_into_its_bots_knowledge_base(client, bot, other_bot):
    market = ArticleFactory(knowledge_base=kb_of(other_bot), external_id="faq-1", title="Market")
    ArticleVersionFactory(article=market, body="B")
    _, token = ApiToken.issue(bot=bot)
    response = post(client, [faq("Help FAQ", "A")], token)
    assert response.status_code == 200 and response.json()["imported"] == 1
    mine = Article.objects.get(knowledge_base=kb_of(bot), external_id="faq-1")
    assert mine.title == "Help FAQ"
    market.refresh_from_db()
    assert market.title == "Market" and market.versions.get().body == "B"
    _, theirs = ApiToken.issue(bot=other_bot)
    assert post(client, [faq("Market FAQ", "B2")], theirs).status_code == 200
    assert mine.versions.count() == 1 and market.versions.count() == 2


# --- sources resolve within the bot's knowledge base ------------------------------------


def test_each_bots_sources_resolve_to_its_own_knowledge_bases_article(tmp_path, bot, other_bot):
    help_faq = ArticleFactory(knowledge_base=kb_of(bot), external_id="faq-1")
    market_faq = ArticleFactory(knowledge_base=kb_of(other_bot), external_id="faq-1")
    theirs_only = ArticleFactory(knowledge_base=kb_of(other_bot), external_id="sel-only")
    for article in (help_faq, market_faq, theirs_only):
        ArticleVersionFactory(article=article)
    records = [interaction(i, "store-help", "faq-1") for i in range(3)]
    records.append(interaction(5, "store-help", "sel-only"))
    records += [interaction(10, "seller-help", "faq-1"), interaction(11, "seller-help", "new-1")]
    code, _, _ = run("import_interactions", write(tmp_path, "i.jsonl", records))
    assert code == 0
    for b in (bot, other_bot):
        rollup_update(bot=b, days=[datetime(2026, 11, 2, tzinfo=UTC).date()])
    traffic = {(r.bot_id, r.article_id): r.retrievals for r in ArticleDayRollup.objects.all()}
    assert traffic[(bot.pk, help_faq.pk)] == 3 and traffic[(other_bot.pk, market_faq.pk)] == 1
    assert (bot.pk, market_faq.pk) not in traffic and (other_bot.pk, help_faq.pk) not in traffic
    [stub] = Article.objects.filter(external_id="new-1")
    assert stub.is_stub and stub.knowledge_base == kb_of(other_bot)
    # An id only the other team's knowledge base has is a stub in the bot's own.
    mine = Article.objects.get(knowledge_base=kb_of(bot), external_id="sel-only")
    assert mine.is_stub and not Article.objects.get(pk=theirs_only.pk).is_stub


# --- the knowledge-base scan -------------------------------------------------------------


def returns_copy(knowledge_base, key: str, title: str) -> Article:
    article = ArticleFactory(knowledge_base=knowledge_base, external_id=key, title=title)
    ArticleVersionFactory(article=article, title=title, body=md(RETURNS_POLICY))
    return article


def test_scan_findings_stay_within_a_knowledge_base_and_are_items_at_once(bot, other_bot):
    first = returns_copy(kb_of(bot), "kb-returns", "Returns policy")
    second = returns_copy(kb_of(bot), "kb-returns-old", "Returns policy (old)")
    # The other team's copy of the same text is theirs: no pair across knowledge bases.
    theirs = returns_copy(kb_of(other_bot), "kb-returns", "Returns policy")
    kb_scan_run(full=True)
    pairs = {(f.article_a_id, f.article_b_id) for f in ArticleFinding.objects.active()}
    assert pairs == {tuple(sorted((first.pk, second.pk)))}
    assert not ArticleFinding.objects.involving(theirs).exists()
    # No bot retrieved either article yet: the team's bot gets the item all the same.
    [item] = ReviewItem.objects.filter(reason="duplicate_articles")
    assert item.bot == bot and {item.article, item.other_article} == {first, second}
    assert item.priority > 0 and item.evidence["traffic"] == 0


def test_other_team_kb_articles_are_not_candidates_for_a_bots_scan(bot, other_bot):
    returns_copy(kb_of(other_bot), "kb-a", "Returns policy")
    returns_copy(kb_of(other_bot), "kb-b", "Returns policy (old)")
    result = kb_scan_run(bot=bot, full=True)
    assert result.run.articles == 0 and not ArticleFinding.objects.exists()


def test_export_brief_asks_for_the_kb_when_two_share_an_id(bot, other_bot):
    for b in (bot, other_bot):
        ArticleVersionFactory(article=ArticleFactory(knowledge_base=kb_of(b), external_id="faq-1"))
    with pytest.raises(CommandError, match="name one with --kb"):
        call_command("export_brief", "faq-1", stdout=io.StringIO())
    out = io.StringIO()
    call_command("export_brief", "faq-1", "--kb", kb_of(other_bot).slug, stdout=out)
    assert "faq-1" in out.getvalue()


def test_a_team_without_a_knowledge_base_gets_one_named_after_it(db):
    team = TeamFactory(name="Payments", slug="payments")
    knowledge_base = KnowledgeBase.objects.default_for_team(team)
    assert (knowledge_base.name, knowledge_base.slug, knowledge_base.team) == (
        "Payments", "payments", team,
    )  # fmt: skip
    assert KnowledgeBase.objects.default_for_team(team) == knowledge_base


def test_a_bot_moved_to_another_knowledge_base_resolves_its_sources_there(
    tmp_path, bot, other_bot, django_capture_on_commit_callbacks
):
    run("import_interactions", write(tmp_path, "i.jsonl", [interaction(1, "store-help", "faq-1")]))
    rollup_update(bot=bot, days=[datetime(2026, 11, 2, tzinfo=UTC).date()])
    link = BotKnowledgeBase.objects.get(bot=bot)
    link.knowledge_base = kb_of(other_bot)
    with django_capture_on_commit_callbacks(execute=True):
        link.save()
    moved = Article.objects.get(knowledge_base=kb_of(other_bot), external_id="faq-1")
    assert moved.is_stub
    assert set(ArticleDayRollup.objects.filter(bot=bot).values_list("article", flat=True)) == {
        moved.pk
    }
