"""The scale benchmark's generated rows are what the app itself stores: the metrics are
those of the judge's matrices, and the attribution is the one content.attribution
computes for them (PostgreSQL: the generator is set-based SQL)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F, Q

from audits.judges.base import Matches, metrics_from_matches
from audits.models import Bot, Conversation, Evaluation, Interaction, RetrievedSource
from bench.scale_generate import START, Span, generate, setup_reference_rows
from content.analytics.periods import day_bounds
from content.analytics.rollups import rollup_rebuild, rollup_update
from content.attribution import attribution_update
from content.models import (
    Article,
    ArticleDayRollup,
    BotDayRollup,
    BotKnowledgeBase,
    InteractionAttribution,
    SourceCredit,
    TopicDayRollup,
)

pytestmark = pytest.mark.django_db(transaction=True)
N = 400


@pytest.fixture
def generated():
    if connection.vendor != "postgresql":
        pytest.skip("the generator writes PostgreSQL SQL")
    bots = setup_reference_rows()
    # a day and a half: conversations and days straddle the chunk's edges
    generate(Span(first_id=1, n=N, first_day=START, days=2, first_conversation_id=1))
    return bots


def credits() -> set[tuple]:
    return set(
        SourceCredit.objects.values_list(
            "interaction_id", "article_key", "bot_id", "occurred_at", "role", "best_rank",
            "covered", "grounded", "lacking",
        )
    )  # fmt: skip


def attributions() -> set[tuple]:
    return set(
        InteractionAttribution.objects.values_list(
            "interaction_id", "bot_id", "occurred_at", "noise", "missing", "topic"
        )
    )


def test_the_generated_attribution_is_the_one_the_app_computes(generated):
    written = credits(), attributions()
    assert len(written[1]) == N
    roles = {row[4] for row in written[0]}
    assert roles == {"used", "noise"}  # both occur, so a wrong role cannot hide
    SourceCredit.objects.all().delete()
    InteractionAttribution.objects.all().delete()
    start, end = day_bounds(START.date(), START.date() + timedelta(days=2))
    for bot in Bot.objects.all():
        attribution_update(bot=bot, start=start, end=end)
    assert (credits(), attributions()) == written


def test_the_generated_metrics_are_those_of_the_judges_matrices(generated):
    evaluations = Evaluation.objects.select_related("interaction")
    assert evaluations.count() == N
    causes = set()
    for evaluation in evaluations:
        details = evaluation.details
        matches = Matches(**details["matches"])
        expected = metrics_from_matches(
            matches,
            n_sources=evaluation.interaction.n_sources,
            n_sub_queries=len(details["sub_queries"]),
            n_facts=len(details["facts"]),
        )
        for metric, value in expected.items():
            assert getattr(evaluation, metric) == pytest.approx(value), (evaluation.pk, metric)
        assert evaluation.n_unsupported == sum(1 for row in matches.response_source if not any(row))
        assert evaluation.n_unasked == sum(1 for row in matches.response_query if not any(row))
        assert evaluation.n_redundant == sum(1 for r in matches.redundant_of if r is not None)
        assert evaluation.occurred_at == evaluation.interaction.timestamp
        assert evaluation.bot_id == evaluation.interaction.bot_id
        if evaluation.overridden_by_feedback:
            assert evaluation.interaction.feedback == "down"
            assert (evaluation.original_verdict, evaluation.cause) == (
                "sufficient",
                "user_feedback",
            )
        causes.add(evaluation.cause)
    assert {None, "partial", "contradictory"} <= causes


def test_the_generated_traffic_is_consistent_across_its_tables(generated):
    assert Interaction.objects.count() == N
    assert RetrievedSource.objects.count() == 3 * N
    mismatched = RetrievedSource.objects.filter(
        ~Q(occurred_at=F("interaction__timestamp")) | ~Q(bot_id=F("interaction__bot_id"))
    )
    assert not mismatched.exists()
    # every source resolves to an article of its bot's knowledge base
    for bot in Bot.objects.all():
        keys = set(RetrievedSource.objects.filter(bot=bot).values_list("article_key", flat=True))
        kb = BotKnowledgeBase.objects.for_bots([bot.pk])[bot.pk]
        known = Article.objects.filter(knowledge_base_id=kb, external_id__in=keys).count()
        assert keys and known == len(keys)
    for conversation in Conversation.objects.all():
        turns = Interaction.objects.filter(conversation=conversation)
        assert {t.bot_id for t in turns} == {conversation.bot_id}
        stamps = [t.timestamp for t in turns]
        assert (conversation.started_at, conversation.last_activity_at) == (
            min(stamps),
            max(stamps),
        )
    assert Conversation.objects.count() == (N + 2) // 3


def rollups() -> dict[str, set[tuple]]:
    # sums of thirds differ in the last bits with the order the database adds them in
    return {
        model.__name__: {
            tuple(_rounded(v) for k, v in sorted(row.items()) if k != "id")
            for row in model.objects.values()
        }
        for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup)
    }


def _rounded(value):
    return round(value, 9) if isinstance(value, float) else value


def test_a_rebuild_of_generated_traffic_gives_the_rollups_of_day_by_day_updates(generated):
    # a second, unattributed batch on the second day: its attribution is the app's own
    generate(
        Span(first_id=N + 1, n=100, first_day=START + timedelta(days=1), days=1,
             first_conversation_id=N),
        attributed=False,
    )  # fmt: skip
    bots = list(Bot.objects.all())
    for day in (START.date(), START.date() + timedelta(days=1)):
        for bot in bots:
            rollup_update(bot=bot, days=[day])
    incremental = rollups()
    assert all(incremental.values())
    for bot in bots:
        rollup_rebuild(bot=bot)
    assert rollups() == incremental
