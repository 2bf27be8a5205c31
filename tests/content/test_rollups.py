from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.forms.models import model_to_dict

from audits.models import Evaluation
from content.analytics.rollups import (
    REBUILD_WORK_MEM,
    REFRESH_WORK_MEM,
    day_ranges,
    rollup_rebuild,
    rollup_update,
)
from content.models import ArticleDayRollup, BotDayRollup, TopicDayRollup
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    EvaluationRunFactory,
)
from tests.helpers import BAD, GOOD, traffic

pytestmark = pytest.mark.django_db
DAY1 = datetime(2026, 11, 2, 9, tzinfo=UTC)


@pytest.fixture
def kb():
    returns = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=returns, number=1)
    v2 = ArticleVersionFactory(
        article=returns,
        number=2,
        body="v2",
        published_at=DAY1 + timedelta(days=1),
        live_from=DAY1 + timedelta(days=1),
    )
    returns.versions.filter(number=1).update(live_until=v2.live_from)
    newsletter = ArticleFactory(external_id="kb-newsletter", title="Newsletter")
    ArticleVersionFactory(article=newsletter, number=1)
    return returns, newsletter


def snapshot() -> dict[str, list[dict]]:
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


def test_an_article_day_counts_retrievals_interactions_and_metric_sums(bot, kb):
    traffic(bot, day=DAY1, article_keys=["kb-returns", "kb-newsletter"], metrics=GOOD)
    traffic(bot, day=DAY1, article_keys=["kb-returns", "kb-returns"], metrics=BAD, feedback="down")
    traffic(bot, day=DAY1, article_keys=["kb-returns"])  # not graded yet
    rollup_update(bot=bot, days=[DAY1.date()])
    returns = ArticleDayRollup.objects.get(article__external_id="kb-returns")
    assert (returns.retrievals, returns.interactions, returns.graded) == (4, 3, 2)
    assert returns.top_ranked == 3 and returns.thumbs_down == 1 and returns.insufficient == 1
    assert returns.version_number == 1
    assert returns.mean("source_precision") == 0.75 and returns.groundedness_below == 1
    assert returns.cause_partial == 1
    day = BotDayRollup.objects.get()
    assert (day.interactions, day.graded, day.insufficient) == (3, 2, 1)
    assert TopicDayRollup.objects.get().interactions == 2


def test_retrievals_credit_the_version_live_at_the_time(bot, kb):
    traffic(bot, day=DAY1, article_keys=["kb-returns"], metrics=BAD)
    traffic(bot, day=DAY1 + timedelta(days=2), article_keys=["kb-returns"], metrics=GOOD)
    rollup_update(bot=bot, days=[DAY1.date(), DAY1.date() + timedelta(days=2)])
    versions = dict(
        ArticleDayRollup.objects.filter(article__external_id="kb-returns").values_list(
            "day", "version_number"
        )
    )
    assert versions == {DAY1.date(): 1, DAY1.date() + timedelta(days=2): 2}


def test_run_traffic_never_reaches_the_rollups(bot, kb):
    interaction = traffic(bot, day=DAY1, article_keys=["kb-returns"], metrics=BAD)
    interaction.run = EvaluationRunFactory(name="candidate")
    interaction.save()
    rollup_update(bot=bot, days=[DAY1.date()])
    assert not ArticleDayRollup.objects.exists() and not BotDayRollup.objects.exists()


def test_incremental_updates_and_a_rebuild_give_identical_rollups(bot, kb):
    days = [DAY1 + timedelta(days=n, hours=n) for n in range(4)]
    # the sweep grades day by day; each pass recomputes only the days it touched
    for n, day in enumerate(days):
        traffic(
            bot, day=day, article_keys=["kb-returns", "kb-newsletter"], metrics=BAD, topic="fees"
        )
        traffic(bot, day=day, article_keys=["kb-returns"], metrics=GOOD, feedback="up")
        traffic(bot, day=day, article_keys=["kb-newsletter"])
        rollup_update(bot=bot, days=[day.date()])
        if n == 2:  # a late thumbs-down upgrade touches an earlier day again
            evaluation = Evaluation.objects.filter(verdict="sufficient").order_by("id").first()
            Evaluation.objects.filter(pk=evaluation.pk).update(
                verdict="insufficient", cause="user_feedback"
            )
            rollup_update(bot=bot, days=[evaluation.occurred_at.date()])
    incremental = snapshot()
    assert len(incremental["article"]) == 8 and len(incremental["bot"]) == 4
    rollup_rebuild(bot=bot)
    assert snapshot() == incremental
    out = io.StringIO()
    call_command("rollup", "--rebuild", stdout=out)
    assert "store-help:" in out.getvalue()
    assert snapshot() == incremental


def test_day_ranges_groups_contiguous_days():
    d = date(2026, 11, 1)
    days = [
        d,
        d + timedelta(days=1),
        d + timedelta(days=3),
        d,
        d + timedelta(days=2),
        d + timedelta(days=9),
    ]
    assert day_ranges(days) == [
        (d, d + timedelta(days=3)),
        (d + timedelta(days=9), d + timedelta(days=9)),
    ]


def test_a_day_ends_at_midnight_exactly(bot, kb):
    midnight = datetime(2026, 11, 3, 0, 0, tzinfo=UTC)
    traffic(bot, day=midnight - timedelta(seconds=1), article_keys=["kb-returns"], metrics=GOOD)
    traffic(bot, day=midnight, article_keys=["kb-returns"], metrics=GOOD)
    rollup_update(bot=bot, days=[midnight.date()])
    assert dict(BotDayRollup.objects.values_list("day", "interactions")) == {midnight.date(): 1}
    rollup_update(bot=bot, days=[midnight.date() - timedelta(days=1)])
    days = dict(BotDayRollup.objects.values_list("day", "interactions"))
    assert days == {midnight.date() - timedelta(days=1): 1, midnight.date(): 1}


@pytest.mark.django_db(transaction=True)
def test_a_rebuild_leaves_the_rollup_tables_vacuumed_and_analysed(bot, kb):
    traffic(bot, day=datetime(2026, 11, 20, 10, tzinfo=UTC), article_keys=["kb-returns"])
    call_command("rollup", "--rebuild", stdout=io.StringIO())
    assert ArticleDayRollup.objects.count() == 1
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL"
                " AND last_analyze IS NOT NULL AND relname LIKE 'content_%%rollup'"
            )
            assert {row[0] for row in cursor.fetchall()} == {
                "content_articledayrollup",
                "content_botdayrollup",
                "content_topicdayrollup",
            }
        else:
            cursor.execute("SELECT tbl FROM sqlite_stat1 WHERE tbl LIKE 'content_%rollup'")
            assert "content_articledayrollup" in {row[0] for row in cursor.fetchall()}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="work_mem is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_a_refresh_sorts_in_memory_of_its_own_and_never_lowers_a_rebuilds(bot, kb):
    traffic(bot, day=DAY1, article_keys=["kb-returns"], metrics=GOOD)

    def work_mem() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('work_mem')")
            return cursor.fetchone()[0]

    default = work_mem()
    with transaction.atomic():
        rollup_update(bot=bot, days=[DAY1.date()])
        assert work_mem() == REFRESH_WORK_MEM
    assert work_mem() == default
    with transaction.atomic():
        rollup_rebuild(bot=bot)
        assert work_mem() == REBUILD_WORK_MEM


@pytest.mark.skipif(connection.vendor != "postgresql", reason="autovacuum is PostgreSQL's")
def test_autovacuum_follows_the_refreshes_of_the_rollup_tables():
    # the default waits for a fifth of a table rewritten: a year of rollups, never
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reloptions FROM pg_class WHERE relname = ANY(%s)",
            [["content_articledayrollup", "content_botdayrollup", "content_topicdayrollup"]],
        )
        options = dict(cursor.fetchall())
    assert len(options) == 3
    for found in options.values():
        assert {"autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=10000"} <= set(
            found or []
        )
