from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from audits.judges.rewrite import MAX_COMPLETION_TOKENS
from audits.models import Interaction, RetrievedSource
from content.models import ReviewItem, RewriteSuggestion
from content.review.evidence import (
    failing_conversations,
    group_questions,
    highlight,
    unanswered_sub_questions,
)
from content.review.suggestions import suggestion_generate
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import RETURNS_GAP_DAY, RETURNS_POLICY, RETURNS_QUESTIONS
from tests.llm_server import Reply, error_reply, looping_reply

pytestmark = pytest.mark.django_db
RETURNS = RETURNS_POLICY
DAY = RETURNS_GAP_DAY
QUESTIONS = RETURNS_QUESTIONS


def test_the_article_never_answers_the_restocking_fee_asked_24_times(bot, returns_gap):
    groups = unanswered_sub_questions(returns_gap, [bot])
    top = groups[0]
    assert "restocking fee" in top.example.lower() and top.count == 24
    assert len(top.phrasings) == 3


def test_each_failing_conversation_shows_where_the_article_ranked_in_it(bot, returns_gap):
    # the latest answer retrieved the article third, not first
    latest = Interaction.objects.filter(bot=bot).latest("timestamp")
    RetrievedSource.objects.filter(interaction=latest, article_key="kb-returns").update(rank=3)
    failing = failing_conversations(returns_gap, [bot], limit=10)
    # the same question asked three ways: one conversation, the latest
    assert {f.interaction.pk: f.article_ranks for f in failing} == {latest.pk: [3]}


def test_grouping_joins_rephrasings_and_keeps_different_questions_apart():
    groups = group_questions(
        [("Is there a restocking fee?", 1), ("Do you charge a restocking fee on a kettle?", 2),
         ("How long does a refund take?", 3)]
    )  # fmt: skip
    assert [(g.example, g.count) for g in groups] == [
        ("Is there a restocking fee?", 2),
        ("How long does a refund take?", 1),
    ]


def test_unsupported_passages_are_highlighted_and_the_rest_escaped():
    html = highlight("<b>Hi</b> You have 45 days. Thanks", ["You have 45 days."])
    assert html == (
        '&lt;b&gt;Hi&lt;/b&gt; <mark class="unsupported" title="Not supported by the sources">'
        "You have 45 days.</mark> Thanks"
    )


def test_the_suggestion_from_the_evidence_lists_questions_misreadings_and_actions(bot, returns_gap):
    item = ReviewItem.objects.get(reason="content_gap")
    suggestion = suggestion_generate(item=item)
    assert suggestion.source == "evidence"
    body = suggestion.body
    assert "What to add" in body and "restocking fee" in body and "asked 24 times" in body
    assert "applies a value outside the condition" in body
    assert "If we shipped the wrong item, you have 45 days to return it." in body
    assert "State the condition explicitly" in body


def test_the_item_page_shows_evidence_and_generates_the_suggestion_on_post_only(
    client, bob, bot, returns_gap
):
    item = ReviewItem.objects.get(reason="content_gap")
    client.force_login(bob)
    html = client.get(item.get_absolute_url()).content.decode()
    assert "Questions this article never answers" in html and "asked 24 times" in html
    assert 'class="unsupported"' in html and 'class="uncovered"' in html
    assert "No suggestion yet" in html and ">Generate</button>" in html
    assert not RewriteSuggestion.objects.filter(item=item).exists()  # a GET writes nothing
    client.post(reverse("content:suggestion_update", args=[item.pk]), {"regenerate": "1"})
    html = client.get(item.get_absolute_url()).content.decode()
    assert "Rewrite suggestion" in html and "assembled from the evidence" in html
    assert RewriteSuggestion.objects.filter(item=item).count() == 1


def test_neither_the_item_page_nor_its_brief_asks_the_model_on_get(
    client, bob, bot, returns_gap, llm_server, llm_settings
):
    item = ReviewItem.objects.get(reason="content_gap")
    client.force_login(bob)
    assert client.get(item.get_absolute_url()).status_code == 200
    brief = client.get(reverse("content:item_brief", args=[item.pk]), {"format": "md"})
    assert brief.status_code == 200 and "No suggestion yet" in brief.content.decode()
    assert llm_server.calls == 0 and not RewriteSuggestion.objects.exists()


def test_a_writer_edits_the_suggestion_and_can_regenerate_it(client, bob, bot, returns_gap):
    item = ReviewItem.objects.get(reason="content_gap")
    client.force_login(bob)
    url = reverse("content:suggestion_update", args=[item.pk])
    fragment = client.post(
        url,
        {"body": "## My plan\n\nAdd a restocking section."},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="suggestion",
    ).content.decode()
    assert "<html" not in fragment and "My plan" in fragment and "edited by bob" in fragment
    suggestion = RewriteSuggestion.objects.get(item=item)
    assert suggestion.is_edited and suggestion.edited_by == bob
    assert "What to add" in suggestion.generated_body
    client.post(url, {"regenerate": "1"})
    suggestion.refresh_from_db()
    assert not suggestion.is_edited and "What to add" in suggestion.body
    assert [e.action for e in item.events.filter(action__startswith="suggestion")] == [
        "suggestion_edited", "suggestion_regenerated",
    ]  # fmt: skip


def test_with_an_endpoint_the_suggestion_comes_from_the_model(
    bot, returns_gap, llm_server, llm_settings
):
    llm_server.script(
        Reply(content="## What to add\n\n- **Is there a restocking fee?** [to confirm]")
    )
    item = ReviewItem.objects.get(reason="content_gap")
    suggestion = suggestion_generate(item=item)
    assert suggestion.source == "llm" and suggestion.prompt_version == "rewrite-v1"
    assert "[to confirm]" in suggestion.body and suggestion.prompt_tokens > 0
    request = llm_server.requests[-1]
    prompt = request["messages"][1]["content"]
    assert "If we shipped the wrong item" in prompt and "restocking fee" in prompt


def test_the_rewrite_call_is_bounded_and_a_cut_off_reply_falls_back_to_the_evidence(
    bot, returns_gap, llm_server, llm_settings
):
    llm_server.script(looping_reply())
    suggestion = suggestion_generate(item=ReviewItem.objects.get(reason="content_gap"))
    assert llm_server.requests[-1]["max_tokens"] == MAX_COMPLETION_TOKENS
    assert llm_server.completion_tokens <= MAX_COMPLETION_TOKENS
    assert suggestion.source == "evidence" and "What to add" in suggestion.body


def test_a_failed_model_call_falls_back_to_the_evidence(bot, returns_gap, llm_server, llm_settings):
    llm_server.script(*[error_reply(500)] * 10)
    suggestion = suggestion_generate(item=ReviewItem.objects.get(reason="content_gap"))
    assert suggestion.source == "evidence" and "What to add" in suggestion.body


def test_untrusted_text_never_runs_in_the_pages(client, bob, bot):
    article = ArticleFactory(external_id="kb-evil", title="<img src=x onerror=alert(1)>")
    ArticleVersionFactory(
        article=article,
        body="# Hi\n\n<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))",
    )
    interaction = InteractionFactory(
        bot=bot, query="<script>alert(4)</script>", response="<b onmouseover=alert(5)>x</b>"
    )
    RetrievedSourceFactory(
        interaction=interaction, article_key="kb-evil", text="<script>alert(6)</script>"
    )
    ReviewItem.objects.create(
        bot=bot, article=article, reason="content_gap", topic="<script>t</script>"
    )
    client.force_login(bob)
    pages = [
        client.get(reverse("home")).content.decode(),
        client.get(article.get_absolute_url()).content.decode(),
        client.get(interaction.get_absolute_url()).content.decode(),
        client.get(ReviewItem.objects.get().get_absolute_url()).content.decode(),
    ]
    for html in pages:
        assert_no_injected_markup(html)
        assert "&lt;script&gt;alert(" in html or "alert(1)" in html  # shown as text, escaped


class _Markup(HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems, self._in_script, self._script_has_src = [], False, False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if name == "href" and (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} href=javascript:...>")
        if tag == "script":
            self._in_script, self._script_has_src = True, any(n == "src" for n, _ in attrs)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        # Inline scripts are ours only: the plotly figures.
        if self._in_script and not self._script_has_src and data.strip() and "Plotly" not in data:
            self.problems.append(f"inline script: {data[:40]!r}")


def assert_no_injected_markup(html: str) -> None:
    parser = _Markup()
    parser.feed(html)
    assert parser.problems == []
