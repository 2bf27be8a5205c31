from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse

from audits.judges.offline import OfflineJudge
from audits.sweep.rules import interaction_grade
from content.analytics.rollups import rollup_update
from content.briefs.build import brief_build
from content.briefs.layout import brief_markdown
from content.drafts import draft_check
from content.models import DraftCheck, ReviewItem
from content.review.flags import content_flags_update
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import DEMO_SWEEP_BATCH

pytestmark = pytest.mark.django_db
DAY = datetime(2026, 11, 20, 9, tzinfo=UTC)
RETURNS = (
    "## How long you have\n\nYou can return most items within 30 days of delivery. "
    "The return window starts on the day the parcel was delivered.\n\n"
    "## If we sent the wrong item\n\nIf we shipped the wrong item, you have 45 days to return it."
)
RESTOCKING = "\n\n## Restocking fees\n\nWe never charge a restocking fee, even for opened items.\n"
QUESTIONS = [
    "How long do I have to return headphones? Is there a restocking fee?",
    "How long can I return a kettle? Do you charge a restocking fee?",
    "Is there a restocking fee for opened boxes?",
]


@pytest.fixture
def gap(bot):
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=article, body=RETURNS)
    judge = OfflineJudge()
    for i in range(24):
        interaction = InteractionFactory(
            bot=bot,
            timestamp=DAY + timedelta(hours=i),
            query=QUESTIONS[i % 3],
            response="You can return it within 30 days of delivery. There is no restocking fee.",
        )
        RetrievedSourceFactory(interaction=interaction, rank=1, text=RETURNS.split("\n\n## If")[0])
        interaction.n_sources = 1
        interaction.save()
        interaction_grade(interaction=interaction, judge=judge)
    rollup_update(bot=bot, days={(DAY + timedelta(hours=i)).date() for i in range(24)})
    content_flags_update(bot=bot, min_sample=10)
    return article


def restocking_group(result: dict) -> dict:
    return next(g for g in result["groups"] if "restocking" in g["example"].lower())


def test_a_draft_that_adds_the_missing_answer_answers_its_question_group(bot, gap):
    before = draft_check(article=gap, bot=bot, draft=RETURNS).result
    assert restocking_group(before)["answered"] is False
    after = draft_check(article=gap, bot=bot, draft=RETURNS + RESTOCKING).result
    group = restocking_group(after)
    assert group["answered"] is True and group["count"] == 24
    assert group["section"] == "Restocking fees"
    assert after["answered_asked"] >= 24 and after["answered_groups"] > before["answered_groups"]


def test_sentences_answers_relied_on_that_the_draft_drops_are_listed(bot, gap):
    result = draft_check(article=gap, bot=bot, draft="## Restocking fees\n\nNo fee, ever.").result
    assert any("30 days of delivery" in d["sentence"] for d in result["dropped"])
    kept = draft_check(article=gap, bot=bot, draft=RETURNS + RESTOCKING).result
    assert kept["dropped"] == []


def test_a_value_that_contradicts_another_article_is_reported(bot, gap):
    other = ArticleFactory(external_id="kb-return-howto", title="How to return an item")
    ArticleVersionFactory(
        article=other, body="## Returns\n\nYou can return most items within 30 days of delivery."
    )
    ReviewItem.objects.create(
        bot=bot, article=gap, other_article=other, reason="duplicate_articles"
    )
    from content.models import ArticleFinding

    first, second = sorted([gap, other], key=lambda a: a.pk)
    ArticleFinding.objects.create(kind="duplicate", article_a=first, article_b=second)
    draft = "## How long you have\n\nYou can return most items within 60 days of delivery."
    result = draft_check(article=gap, bot=bot, draft=draft).result
    assert [c["article"] for c in result["contradictions"]] == ["kb-return-howto"]
    assert sorted(result["contradictions"][0]["values"]) == ["30 days", "60 days"]


def test_the_item_page_checks_a_draft_by_htmx_and_keeps_it_in_the_history(client, bob, bot, gap):
    item = ReviewItem.objects.get(reason="content_gap")
    client.force_login(bob)
    url = reverse("content:item_draft_check", args=[item.pk])
    response = client.post(url, {"draft": RETURNS + RESTOCKING}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and 'id="draft-check"' in html and "<html" not in html
    assert "question group" in html and "Restocking fees" in html
    check = DraftCheck.objects.get()
    assert check.item == item and check.author == bob
    assert item.events.filter(action="draft_checked").exists()
    page = client.get(item.get_absolute_url()).content.decode()
    assert "Check a draft before publishing" in page and "Now answered" in page
    assert "Last draft check" in brief_markdown(brief_build(item=item))


def test_a_plain_form_post_redirects_and_an_upload_works_too(client, bob, bot, gap):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(bob)
    url = reverse("content:article_draft_check", args=[gap.pk])
    upload = SimpleUploadedFile("draft.md", (RETURNS + RESTOCKING).encode(), "text/markdown")
    response = client.post(url, {"draft_file": upload, "bot": bot.slug})
    assert response.status_code == 302 and response["Location"].endswith("#draft-check")
    assert DraftCheck.objects.get().result["answered_groups"] >= 1
    assert client.get(url).status_code == 405
    assert client.post(url, {"draft": "  "}).status_code == 400


def test_an_outsider_cannot_check_a_draft_of_another_teams_item(client, charlie, bot, gap):
    item = ReviewItem.objects.get(reason="content_gap")
    client.force_login(charlie)
    url = reverse("content:item_draft_check", args=[item.pk])
    assert client.post(url, {"draft": RETURNS}).status_code == 404
    assert not DraftCheck.objects.exists()


def test_the_command_checks_a_draft_file(bot, gap, tmp_path):
    path = tmp_path / "draft.md"
    path.write_text(RETURNS + RESTOCKING)
    out = io.StringIO()
    call_command("check_draft", "kb-returns", str(path), stdout=out)
    text = out.getvalue()
    assert "question groups answered" in text and "Now answered:" in text
    assert "restocking fee" in text.lower()


def test_on_the_demo_the_returns_policy_draft_answers_the_planted_restocking_questions(
    tmp_path, settings
):
    """The demo's content gap (make run): the planted restocking-fee questions go from
    missing to answered once the draft states the fee."""
    from audits.sweep.services import sweep_run
    from content.models import Article
    from demo.setup import demo_setup

    settings.KBAUDIT_JUDGE = "offline"
    demo_setup(out_dir=tmp_path, n_interactions=800)
    sweep_run(idle_minutes=None, batch_size=DEMO_SWEEP_BATCH)
    from audits.models import Bot

    call_command("rollup", "--rebuild", stdout=io.StringIO())
    store = Bot.objects.get(slug="store-help")
    article = Article.objects.get(external_id="kb-returns", knowledge_base__slug="help-centre")
    body = article.current_version().body
    before = draft_check(article=article, bot=store, draft=body).result
    assert restocking_group(before)["answered"] is False
    draft = body + (
        "\n\n## Restocking fees\n\nWe never charge a restocking fee, even for opened items: "
        "you get the full amount back.\n"
    )
    after = draft_check(article=article, bot=store, draft=draft).result
    assert restocking_group(after)["answered"] is True
    assert after["answered_asked"] > before["answered_asked"]
    assert after["dropped"] == []
