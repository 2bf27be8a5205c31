"""Retention keeps the analytics; erasure leaves a conversation's words in no column."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection, models
from django.forms.models import model_to_dict

from audits.judges.cache import cache_key
from audits.models import Evaluation, Interaction, JudgeCacheEntry, RetrievedSource
from audits.retention.services import text_retention_apply
from audits.sweep.rules import judge_input_for
from content.analytics.periods import period_for
from content.analytics.ranking import article_ranking
from content.analytics.rollups import rollup_rebuild
from content.models import (
    ArticleDayRollup,
    ArticleFinding,
    BotDayRollup,
    ReviewItem,
    ReviewItemEvent,
    RewriteSuggestion,
    TopicDayRollup,
)
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    ConversationFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime(2026, 9, 7, 9, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 2, 9, tzinfo=UTC)
GOOD = dict(source_precision=1.0, source_query_coverage=1.0, groundedness=1.0)
BAD = dict(source_precision=0.5, source_query_coverage=0.5, groundedness=0.0)


def graded(bot, *, at: datetime, keys: list[str], metrics: dict, conversation=None, words=""):
    extra = {"conversation": conversation} if conversation is not None else {}
    interaction = InteractionFactory(
        bot=bot,
        timestamp=at,
        query=f"How long do I have to return headphones {words}?",
        response=f"Within 30 days of delivery {words}.",
        **extra,
    )
    for rank, key in enumerate(keys, start=1):
        RetrievedSourceFactory(
            interaction=interaction, rank=rank, article_key=key, text=f"Returns chunk {words}"
        )
    sufficient = min(metrics.values()) >= 0.8
    EvaluationFactory(
        interaction=interaction,
        verdict="sufficient" if sufficient else "insufficient",
        cause=None if sufficient else "partial",
        topic="returns",
        rationale=f"Leaves the fee unanswered {words}",
        details={
            "sub_queries": [f"return window {words}", f"restocking fee {words}"],
            "facts": [f"30 days {words}"],
            "matches": {"source_query": [[1, 0]] * len(keys), "response_query": [[1, 0]]},
            "unsupported": [
                {"fact": 0, "reason": "condition_misapplied", "passage": f"45 days {words}"}
            ],
            "notes": {},
        },
        **metrics,
    )
    return interaction


def rollup_rows() -> dict[str, list[dict]]:
    def rows(model, order):
        return [
            {k: v for k, v in model_to_dict(r).items() if k != "id"}
            for r in model.objects.order_by(*order)
        ]

    return {
        "article": rows(ArticleDayRollup, ["day", "article_id", "version_number"]),
        "bot": rows(BotDayRollup, ["day"]),
        "topic": rows(TopicDayRollup, ["day", "topic"]),
    }


def ranking_rows(bot, day: date) -> list[tuple]:
    ranking = article_ranking(bot=bot, period=period_for("month", day), min_sample=0)
    return [(r.rank, r.article.external_id, sorted(r.totals.items())) for r in ranking.rows]


def test_rollups_and_the_ranking_are_unchanged_after_old_months_lose_their_text(bot, settings):
    for key in ("kb-returns", "kb-fees"):
        ArticleVersionFactory(article=ArticleFactory(external_id=key))
    for month in (SEPTEMBER, NOVEMBER):
        for i in range(6):
            at = month + timedelta(days=i % 3, minutes=i)
            graded(bot, at=at, keys=["kb-returns", "kb-fees"], metrics=BAD if i % 2 else GOOD)
        graded(bot, at=month + timedelta(hours=2), keys=["kb-fees"], metrics=GOOD)
    rollup_rebuild(bot=bot)
    before = rollup_rows()
    rankings = {day: ranking_rows(bot, day) for day in (SEPTEMBER.date(), NOVEMBER.date())}

    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    summary = text_retention_apply(now=NOVEMBER + timedelta(days=10))
    assert summary.interactions == 7 and summary.sources == 13

    old = Interaction.objects.filter(timestamp__lt=NOVEMBER)
    assert set(old.values_list("query", "response")) == {("", "")}
    assert set(RetrievedSource.objects.filter(occurred_at__lt=NOVEMBER).values_list("text", flat=True)) == {""}  # fmt: skip
    assert not Interaction.objects.filter(timestamp__gte=NOVEMBER, query="").exists()
    assert Evaluation.objects.filter(interaction__in=old).count() == 7
    rollup_rebuild(bot=bot)
    assert rollup_rows() == before
    assert {day: ranking_rows(bot, day) for day in rankings} == rankings
    assert rankings[SEPTEMBER.date()][0][1] == "kb-fees"


NEEDLES = ("zebrafish", "Quokka Lane 12")


def text_columns():
    """Every character, text and JSON column of every table of the project."""
    for model in apps.get_models():
        if model._meta.app_label not in ("audits", "content") or not model._meta.managed:
            continue
        for field in model._meta.concrete_fields:
            if isinstance(field, models.CharField | models.TextField | models.JSONField):
                yield model._meta.db_table, field.column


def columns_holding(needle: str) -> list[str]:
    found = []
    with connection.cursor() as cursor:
        for table, column in text_columns():
            cursor.execute(
                f'SELECT 1 FROM "{table}" WHERE LOWER(CAST("{column}" AS TEXT)) LIKE %s LIMIT 1',
                [f"%{needle.lower()}%"],
            )
            if cursor.fetchone():
                found.append(f"{table}.{column}")
    return found


def test_a_forgotten_conversation_leaves_its_text_in_no_column(bot):
    article = ArticleFactory(external_id="kb-returns")
    ArticleVersionFactory(article=article)
    conversation = ConversationFactory(bot=bot, external_id="c-erase", started_at=NOVEMBER, last_activity_at=NOVEMBER)  # fmt: skip
    words = " ".join(NEEDLES)
    turns = [
        graded(
            bot,
            at=NOVEMBER + timedelta(minutes=m),
            keys=["kb-returns"],
            metrics=BAD,
            conversation=conversation,
            words=words,
        )  # fmt: skip
        for m in (0, 1)
    ]
    turns[0].metadata = {"customer": "Quokka Lane 12"}
    turns[0].save()
    kept = graded(bot, at=NOVEMBER, keys=["kb-returns"], metrics=BAD, words="platypus")
    JudgeCacheEntry.objects.create(
        key=cache_key(judge_input_for(turns[1]), model="gpt-x", prompt_version="v1"),
        judge="llm", model="gpt-x", prompt_version="v1",
        output={"sub_queries": [f"return window {words}"]},
    )  # fmt: skip
    JudgeCacheEntry.objects.create(
        key=cache_key(judge_input_for(kept), model="gpt-x", prompt_version="v1"),
        judge="llm", model="gpt-x", prompt_version="v1", output={"facts": ["platypus"]},
    )  # fmt: skip
    item = ReviewItem.objects.create(
        bot=bot,
        article=article,
        reason="content_gap",
        evidence={
            "traffic": 3,
            "examples": [
                {"interaction_id": turns[0].pk, "query": turns[0].query[:50]},
                {"interaction_id": kept.pk, "query": kept.query},
            ],
        },
    )
    ReviewItemEvent.objects.create(item=item, action="note", detail={"said": turns[1].response})
    RewriteSuggestion.objects.create(
        item=item,
        source="evidence",
        body=f"## Rewrite\n\n- **restocking fee {words}** — asked 2 times\n- **platypus** — asked 1 time\n",
        generated_body=f"- The bot said “30 days {words}” — misapplied.\n",
    )
    other = ArticleFactory(external_id="kb-fees")
    ArticleFinding.objects.create(
        kind="duplicate",
        article_a=min(article, other, key=lambda a: a.pk),
        article_b=max(article, other, key=lambda a: a.pk),
        example_interactions=[
            {"id": turns[1].pk, "query": turns[1].query[:200]},
            {"id": kept.pk, "query": kept.query},
        ],
    )
    assert all(columns_holding(needle) for needle in NEEDLES)

    out = io.StringIO()
    call_command("forget_conversation", "store-help", "c-erase", stdout=out)

    assert "2 interactions, 2 sources, 2 evaluations, 1 judge cache entries" in out.getvalue()
    assert {needle: columns_holding(needle) for needle in NEEDLES} == {n: [] for n in NEEDLES}
    # The other conversation keeps its words, the erased one its grades and credits.
    assert "audits_interaction.query" in columns_holding("platypus")
    assert JudgeCacheEntry.objects.count() == 1
    assert len(ReviewItem.objects.get().evidence["examples"]) == 1
    assert "platypus" in RewriteSuggestion.objects.get().body
    evaluation = Evaluation.objects.get(interaction=turns[0])
    assert (evaluation.verdict, evaluation.source_precision) == ("insufficient", 0.5)
    assert evaluation.details["matches"]["source_query"] == [[1, 0]]
    assert evaluation.details["unsupported"] == [{"fact": 0, "reason": "condition_misapplied"}]
    assert list(RetrievedSource.objects.filter(interaction__in=turns).values_list("article_key", flat=True)) == ["kb-returns"] * 2  # fmt: skip
