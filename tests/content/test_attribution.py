from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db.models import Sum

from content.analytics.rollups import rollup_update
from content.attribution.missing import missing_articles
from content.models import (
    ArticleDayRollup,
    BotDayRollup,
    InteractionAttribution,
    ReviewItem,
    SourceCredit,
)
from content.review.evidence import failing_conversations, unanswered_sub_questions
from content.review.flags import content_flags_update
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

pytestmark = pytest.mark.django_db
DAY = datetime(2026, 11, 20, 9, tzinfo=UTC)
RETURNS = (
    "## How long you have\n\nYou can return most items within 30 days of delivery.\n\n"
    "## Wrong item\n\nIf we shipped the wrong item, you have 45 days to return it."
)
NEWSLETTER = "Subscribe to our newsletter for offers. Unsubscribe any time from your account."
BAD = dict(source_precision=0.0, source_query_coverage=0.0, groundedness=0.0)


@pytest.fixture
def kb():
    returns = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=returns, body=RETURNS)
    newsletter = ArticleFactory(external_id="kb-newsletter", title="Newsletter")
    ArticleVersionFactory(article=newsletter, body=NEWSLETTER)
    return returns, newsletter


def graded(bot, *, moment, query, sources, cause="no_content", covers=None, metrics=BAD):
    """An insufficient answer whose judge found no source covering the question (or the
    sources marked in ``covers``)."""
    interaction = InteractionFactory(bot=bot, timestamp=moment, query=query, n_sources=len(sources))
    for rank, (key, title, text, score) in enumerate(sources, start=1):
        RetrievedSourceFactory(
            interaction=interaction, rank=rank, article_key=key, title=title, text=text, score=score
        )
    covers = covers or [0] * len(sources)
    EvaluationFactory(
        interaction=interaction,
        verdict="insufficient",
        cause=cause,
        details={
            "sub_queries": [query],
            "facts": [],
            "matches": {"source_query": [[c] for c in covers], "response_source": []},
        },
        **metrics,
    )
    return interaction


RETURNS_SOURCE = ("kb-returns", "Returns policy", "You can return most items within 30 days.", 0.8)
NEWSLETTER_SOURCE = ("kb-newsletter", "Newsletter", NEWSLETTER, 0.7)


def restocking_traffic(bot, n=24, start=DAY):
    days = set()
    for i in range(n):
        moment = start + timedelta(hours=i)
        graded(
            bot,
            moment=moment,
            query="Is there a restocking fee?",
            sources=[RETURNS_SOURCE, NEWSLETTER_SOURCE],
        )
        days.add(moment.date())
    return days


def test_the_on_topic_article_gets_the_content_gap_and_the_distractor_counts_as_noise(bot, kb):
    returns, newsletter = kb
    days = restocking_traffic(bot)
    rollup_update(bot=bot, days=days)
    content_flags_update(bot=bot, min_sample=10)

    roles = dict(SourceCredit.objects.values_list("article_key").annotate(n=Sum("lacking")))
    assert roles == {"kb-returns": 24, "kb-newsletter": 0}
    assert set(
        SourceCredit.objects.filter(article_key="kb-newsletter").values_list("role", flat=True)
    ) == {"noise"}
    items = ReviewItem.objects.filter(reason="content_gap")
    assert [item.article for item in items] == [returns]
    assert not ReviewItem.objects.filter(article=newsletter).exists()
    newsletter_totals = ArticleDayRollup.objects.filter(article=newsletter).aggregate(
        retrievals=Sum("retrievals"), graded=Sum("graded"), noise=Sum("noise")
    )
    assert newsletter_totals == {"retrievals": 24, "graded": 0, "noise": 24}
    returns_totals = ArticleDayRollup.objects.filter(article=returns).aggregate(
        credited=Sum("credited"), on_topic=Sum("on_topic"), graded=Sum("graded")
    )
    assert returns_totals == {"credited": 24, "on_topic": 24, "graded": 24}
    assert BotDayRollup.objects.aggregate(noise=Sum("noise"))["noise"] == 24


def test_retrieval_noise_is_a_diagnosis_of_the_bot(bot, kb):
    from content.analytics.series import bot_overview

    rollup_update(bot=bot, days=restocking_traffic(bot))
    overview = bot_overview(bot=bot, first=DAY.date(), last=DAY.date() + timedelta(days=1))
    assert "retrieval-noise" in [d.rule_id for d in overview.diagnoses]


def test_an_article_that_covered_part_of_the_question_is_credited_as_used(bot, kb):
    interaction = graded(
        bot,
        moment=DAY,
        query="How long do I have to return it?",
        sources=[RETURNS_SOURCE, NEWSLETTER_SOURCE],
        covers=[1, 0],
        cause=None,
    )
    rollup_update(bot=bot, days={DAY.date()})
    credits = {c.article_key: c for c in SourceCredit.objects.filter(interaction=interaction)}
    assert (credits["kb-returns"].role, credits["kb-returns"].covered) == ("used", 1)
    assert credits["kb-newsletter"].role == "noise"


def test_a_question_no_retrieved_article_is_about_becomes_a_missing_article_group(bot, kb):
    days = set()
    phrasings = [
        "How do I reset my password?",
        "how can I reset my password",
        "I forgot my password",
    ]
    for i in range(6):
        moment = DAY + timedelta(hours=i)
        # only a weak newsletter hit, below the bot's relevance threshold
        weak = ("kb-newsletter", "Newsletter", NEWSLETTER, 0.2)
        graded(bot, moment=moment, query=phrasings[i % 3], sources=[weak])
        days.add(moment.date())
    rollup_update(bot=bot, days=days)

    assert InteractionAttribution.objects.filter(missing=1).count() == 6
    groups = missing_articles(bot=bot, first=DAY.date(), last=DAY.date())
    assert len(groups) >= 1 and "password" in groups[0].example.lower()
    assert groups[0].count >= 4
    assert BotDayRollup.objects.aggregate(n=Sum("missing_questions"))["n"] == 6
    assert not ReviewItem.objects.filter(article__external_id="kb-newsletter").exists()


def test_off_topic_questions_make_no_missing_content_and_no_gap(bot, kb):
    graded(
        bot,
        moment=DAY,
        query="Is OLED or QLED better for a bright living room?",
        sources=[RETURNS_SOURCE],
        cause="out_of_scope",
    )
    rollup_update(bot=bot, days={DAY.date()})
    attribution = InteractionAttribution.objects.get()
    assert attribution.missing == 0 and attribution.noise == 1
    assert SourceCredit.objects.get().role == "noise"


def test_evidence_excludes_off_topic_and_out_of_window_conversations(bot, kb):
    returns, _ = kb
    days = restocking_traffic(bot, n=12)
    early = DAY - timedelta(days=40)
    graded(bot, moment=early, query="Do you take back opened headphones?", sources=[RETURNS_SOURCE])
    graded(
        bot,
        moment=DAY + timedelta(hours=13),
        query="Which TV should I buy for gaming?",
        sources=[RETURNS_SOURCE],
        cause="out_of_scope",
    )
    rollup_update(bot=bot, days=days | {early.date()})
    window = (DAY.date() - timedelta(days=27), DAY.date() + timedelta(days=1))

    failing = failing_conversations(returns, [bot], limit=10, window=window)
    queries = [f.interaction.query for f in failing]
    assert queries == ["Is there a restocking fee?"]  # one per question, by meaning
    questions = [g.example for g in unanswered_sub_questions(returns, [bot], window=window)]
    assert questions == ["Is there a restocking fee?"]
    everything = failing_conversations(returns, [bot], limit=10)
    assert "Do you take back opened headphones?" in [f.interaction.query for f in everything]
    assert "Which TV should I buy for gaming?" not in [f.interaction.query for f in everything]


def test_a_missing_question_an_existing_title_names_is_shown_as_a_retrieval_miss(bot, kb):
    password = ArticleFactory(external_id="kb-password", title="How do I reset my password?")
    ArticleVersionFactory(
        article=password, body="## Reset\n\nChoose Forgot password on the sign-in page."
    )
    weak = ("kb-newsletter", "Newsletter", NEWSLETTER, 0.2)
    graded(bot, moment=DAY, query="How can I reset my password?", sources=[weak])
    graded(
        bot,
        moment=DAY,
        query="Is OLED better than QLED for gaming?",
        sources=[weak],
        cause="partial",
    )
    rollup_update(bot=bot, days={DAY.date()})
    groups = {g.example: g for g in missing_articles(bot=bot, first=DAY.date(), last=DAY.date())}
    assert groups["How can I reset my password?"].existing.pk == password.pk
    assert groups["Is OLED better than QLED for gaming?"].existing is None
