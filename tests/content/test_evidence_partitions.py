"""An article's evidence reads only the months it can show, and shows what it did: the
window's first and last moments, the latest retrievals however old."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from audits.models import EvaluationRun, Interaction
from audits.partitions import month_partitions_create, tables_partitioned
from content.models import SourceCredit
from content.review.evidence import (
    article_evaluations,
    failing_conversations,
    unanswered_sub_questions,
)
from tests.factories import (
    ArticleFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import partitions_planned

pytestmark = pytest.mark.django_db
OCTOBER = (date(2026, 10, 1), date(2026, 10, 31))
FIRST = datetime(2026, 10, 1, tzinfo=UTC)
LAST = datetime(2026, 10, 31, 23, 59, 59, 999999, tzinfo=UTC)
NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)
QUESTIONS = [
    "Is there a restocking fee on returns?",
    "Can I pay for my order with a gift card?",
    "Do you deliver to Canada?",
    "How do I reset my account password?",
]


@pytest.fixture
def returns():
    return ArticleFactory(external_id="kb-returns", title="Returns policy")


def failed(bot, at: datetime, query: str, *, rank: int = 1, run=None) -> Interaction:
    """An insufficient answer that credited kb-returns, retrieved at ``rank``."""
    interaction = InteractionFactory(bot=bot, timestamp=at, query=query, run=run)
    for r in range(1, rank + 1):
        key = "kb-returns" if r == rank else f"kb-other-{r}"
        RetrievedSourceFactory(interaction=interaction, rank=r, article_key=key)
    EvaluationFactory(
        interaction=interaction,
        verdict="insufficient",
        cause="partial",
        groundedness=0.2,
        details={"sub_queries": [query], "matches": {"source_query": [[0]] * rank}},
    )
    SourceCredit.objects.create(
        interaction=interaction,
        article_key="kb-returns",
        bot=bot,
        occurred_at=at,
        role=SourceCredit.Role.ON_TOPIC,
        best_rank=rank,
    )
    return interaction


def window_traffic(bot) -> dict[str, Interaction]:
    """A failing answer at each edge of October and one just outside either side."""
    return {
        "first": failed(bot, FIRST, QUESTIONS[0], rank=2),
        "last": failed(bot, LAST, QUESTIONS[1]),
        "before": failed(bot, FIRST - timedelta(microseconds=1), QUESTIONS[2]),
        "after": failed(bot, LAST + timedelta(microseconds=1), QUESTIONS[3]),
    }


def test_the_evidence_shows_the_first_and_last_moments_of_its_window(bot, returns):
    rows = window_traffic(bot)
    failing = failing_conversations(returns, [bot], limit=10, window=OCTOBER)
    shown = {f.interaction.pk: f for f in failing}
    assert set(shown) == {rows["first"].pk, rows["last"].pk}
    assert shown[rows["first"].pk].article_ranks == [2]
    assert shown[rows["first"].pk].interaction.query == QUESTIONS[0]
    assert shown[rows["last"].pk].article_ranks == [1]
    questions = unanswered_sub_questions(returns, [bot], window=OCTOBER)
    assert sorted(g.example for g in questions) == sorted(QUESTIONS[:2])
    everything = failing_conversations(returns, [bot], limit=10)
    assert {f.interaction.pk for f in everything} == {r.pk for r in rows.values()}


@time_machine.travel(NOW, tick=False)
def test_the_latest_retrievals_are_found_however_far_back_they_are(bot, returns):
    offline = EvaluationRun.objects.create(name="replay")
    old = failed(bot, NOW - timedelta(days=600), QUESTIONS[0])
    older = failed(bot, NOW - timedelta(days=700), QUESTIONS[1])
    recent = [failed(bot, NOW - timedelta(days=d), QUESTIONS[2]) for d in (1, 40)]
    failed(bot, NOW - timedelta(hours=1), QUESTIONS[3], run=offline)  # not production's

    def latest(n: int) -> set[int]:
        evaluations = article_evaluations(returns, [bot], recent=n)
        return set(evaluations.values_list("interaction_id", flat=True))

    assert latest(2) == {r.pk for r in recent}
    assert latest(3) == {recent[0].pk, recent[1].pk, old.pk}
    assert latest(10) == {recent[0].pk, recent[1].pk, old.pk, older.pk}


def test_the_recovery_window_keeps_its_first_moment_and_leaves_out_its_end(bot, returns):
    rows = window_traffic(bot)
    between = (FIRST, LAST + timedelta(microseconds=1))
    evaluations = article_evaluations(returns, [bot], between=between)
    assert set(evaluations.values_list("interaction_id", flat=True)) == {
        rows["first"].pk,
        rows["last"].pk,
    }


def october_partitioned(postgres) -> None:
    assert tables_partitioned(), "the migration did not partition the tables"
    month_partitions_create(months=[date(2026, 9, 1), FIRST.date(), date(2026, 11, 1)])


def scanned_by(queries, *, analyze: bool = False) -> list[set[str]]:
    statements = [
        q["sql"]
        for q in queries
        if '"audits_interaction"' in q["sql"] or "audits_retrievedsource" in q["sql"]
    ]
    assert statements
    return [partitions_planned(sql, analyze=analyze) for sql in statements]


def test_the_failing_conversations_read_only_the_windows_month(postgres, bot, returns):
    october_partitioned(postgres)
    window_traffic(bot)
    with CaptureQueriesContext(connection) as queries:
        assert len(failing_conversations(returns, [bot], limit=10, window=OCTOBER)) == 2
        assert len(unanswered_sub_questions(returns, [bot], window=OCTOBER)) == 2
    for scanned in scanned_by(queries):
        assert scanned in (
            {"audits_interaction_p2026_10"},
            {"audits_retrievedsource_p2026_10"},
        ), scanned


@time_machine.travel(NOW, tick=False)
def test_the_latest_retrievals_read_only_the_months_they_need(postgres, bot, returns):
    october_partitioned(postgres)
    failed(bot, datetime(2026, 9, 9, tzinfo=UTC), QUESTIONS[0])
    for hours in (1, 2, 3):
        failed(bot, NOW - timedelta(hours=hours), QUESTIONS[1])
    with CaptureQueriesContext(connection) as queries:
        assert article_evaluations(returns, [bot], recent=2).count() == 2
    old_months = {"audits_interaction_p2026_09", "audits_retrievedsource_p2026_09"}
    old_months |= {"audits_interaction_p2026_10", "audits_retrievedsource_p2026_10"}
    for scanned in scanned_by(queries, analyze=True):
        assert "audits_retrievedsource_p2026_11" in scanned, scanned
        assert not scanned & old_months, scanned
