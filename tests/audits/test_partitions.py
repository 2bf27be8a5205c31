"""Monthly partitions on PostgreSQL: the conversion, months ahead, the default partition,
the importer, retention by month; SQLite keeps its plain tables."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from audits.ingest.records import parse_record
from audits.ingest.writers import PostgresCopyWriter
from audits.models import (
    Bot,
    Conversation,
    Evaluation,
    Interaction,
    InteractionKey,
    RetrievedSource,
)
from audits.partitions import (
    layout_describe,
    month_next,
    month_partitions,
    month_partitions_create,
    month_start,
    partitions_ahead,
    tables_partition,
    tables_partitioned,
    tables_unpartition,
)
from audits.retention.services import text_retention_apply
from content.analytics.periods import period_for
from content.analytics.ranking import article_ranking
from content.analytics.rollups import rollup_rebuild
from content.models import ArticleDayRollup, BotDayRollup, SourceCredit, TopicDayRollup
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import record

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime(2026, 9, 7, 9, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 2, 9, tzinfo=UTC)


@pytest.fixture
def partitioned(postgres):
    """The layout every PostgreSQL test database gets from the migrations."""
    assert tables_partitioned(), "the migration did not partition the tables"


def partition_of(table: str, **where) -> str:
    column, value = next(iter(where.items()))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT tableoid::regclass::text FROM {table} WHERE {column} = %s", [value])
        return cursor.fetchone()[0]


def rows_in(name: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {name}")
        return cursor.fetchone()[0]


def snapshot() -> dict:
    """Every row the analytics read, and the ranking of every bot's months."""
    rows = {
        "interactions": sorted(
            Interaction.objects.values_list(
                "id", "bot_id", "run_id", "external_id", "timestamp", "query", "status", "feedback"
            )
        ),
        "sources": sorted(
            RetrievedSource.objects.values_list("interaction_id", "rank", "article_key", "text")
        ),
        "evaluations": sorted(Evaluation.objects.values_list("interaction_id", "verdict", "topic")),
        "conversations": Conversation.objects.count(),
        "credits": SourceCredit.objects.count(),
    }
    for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup):
        rows[model.__name__] = sorted(
            tuple(v for k, v in r.items() if k != "id") for r in model.objects.values()
        )
    rows["rankings"] = {}
    for bot in Bot.objects.order_by("slug"):
        days = Interaction.objects.filter(bot=bot).dates("timestamp", "month")
        for day in days:
            ranking = article_ranking(bot=bot, period=period_for("month", day), min_sample=0)
            rows["rankings"][(bot.slug, day)] = [
                (r.rank, r.article.external_id, sorted(r.totals.items())) for r in ranking.rows
            ]
    return rows


def test_an_existing_demo_install_converts_with_every_row_and_the_ranking_kept(
    partitioned, tmp_path
):
    call_command("make_demo_data", "--out", str(tmp_path), "--n", "300", stdout=io.StringIO())
    call_command("sweep", "--now", "--all", stdout=io.StringIO())
    for bot in Bot.objects.all():
        rollup_rebuild(bot=bot)
    # An install from before partitioning: the plain tables, holding the demo.
    assert tables_unpartition()
    assert not tables_partitioned() and InteractionKey.objects.count() == 0
    before = snapshot()
    assert before["interactions"] and before["evaluations"] and before["rankings"]
    out = io.StringIO()
    call_command("partition_tables", stdout=out)
    assert "partitioned the interactions and their sources by month" in out.getvalue()
    assert tables_partitioned()
    for bot in Bot.objects.all():
        rollup_rebuild(bot=bot)
    assert snapshot() == before
    assert InteractionKey.objects.count() == len(before["interactions"])
    # Every month of the demo has its partition; the default one caught nothing.
    months = {month_start(ts) for ts in Interaction.objects.values_list("timestamp", flat=True)}
    assert months <= {month for month, _ in month_partitions("audits_interaction")}
    assert rows_in("audits_interaction_default") == rows_in("audits_retrievedsource_default") == 0
    again = io.StringIO()
    call_command("partition_tables", stdout=again)
    assert "already partitioned" in again.getvalue()
    check = io.StringIO()
    call_command("partition_tables", "--check", stdout=check)
    assert "audits_interaction_default" in check.getvalue()
    # New ids go on from the old sequence.
    newest = max(row[0] for row in before["interactions"])
    assert InteractionFactory(bot=Bot.objects.first()).pk > newest


def test_months_ahead_are_created_once_and_the_default_partition_gives_its_rows_up(
    partitioned, bot
):
    this_month = month_start(timezone.now())
    far = this_month
    for _ in range(6):
        far = month_next(far)
    stray = InteractionFactory(bot=bot, timestamp=datetime(far.year, far.month, 3, tzinfo=UTC))
    RetrievedSourceFactory(interaction=stray, rank=1, article_key="kb-returns")
    assert partition_of("audits_interaction", id=stray.pk) == "audits_interaction_default"

    created = partitions_ahead(months_ahead=3)
    ahead = [this_month]
    for _ in range(3):
        ahead.append(month_next(ahead[-1]))
    expected_months = {*ahead, far}
    for table in ("audits_interaction", "audits_retrievedsource"):
        assert {m for m, _ in month_partitions(table)} >= expected_months
    assert f"audits_interaction_p{far:%Y_%m}" in created
    assert partitions_ahead(months_ahead=3) == []
    # The stray row moved into its month, with its source and its key.
    assert partition_of("audits_interaction", id=stray.pk) == f"audits_interaction_p{far:%Y_%m}"
    source = partition_of("audits_retrievedsource", interaction_id=stray.pk)
    assert source == f"audits_retrievedsource_p{far:%Y_%m}"
    assert rows_in("audits_interaction_default") == 0
    assert Interaction.objects.get(pk=stray.pk).sources.get().article_key == "kb-returns"
    assert InteractionKey.objects.get(interaction_id=stray.pk).external_id == stray.external_id

    out = io.StringIO()
    call_command("partitions_ahead", "--months", "3", stdout=out)
    assert out.getvalue().strip() == "every partition exists already"


def test_a_month_created_over_rows_in_the_default_partition_moves_them_first(partitioned, bot):
    rows = [InteractionFactory(bot=bot, timestamp=SEPTEMBER + timedelta(days=d)) for d in (0, 9)]
    october = InteractionFactory(bot=bot, timestamp=SEPTEMBER + timedelta(days=30))
    assert month_partitions_create(months=[SEPTEMBER.date()]) == [
        "audits_interaction_p2026_09",
        "audits_retrievedsource_p2026_09",
    ]
    assert rows_in("audits_interaction_p2026_09") == 2
    assert {partition_of("audits_interaction", id=r.pk) for r in rows} == {
        "audits_interaction_p2026_09"
    }
    assert partition_of("audits_interaction", id=october.pk) == "audits_interaction_default"
    assert month_partitions_create(months=[SEPTEMBER.date()]) == []


def jsonl(path, lines) -> str:
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return str(path)


def imported(path, *args) -> str:
    out = io.StringIO()
    # A conflict exits non-zero: reported, the rest imported.
    with contextlib.suppress(SystemExit):
        call_command("import_interactions", path, *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_imports_keep_duplicates_conflicts_and_feedback_on_the_partitioned_layout(
    partitioned, tmp_path
):
    path = jsonl(tmp_path / "a.jsonl", [record(i) for i in range(4)])
    assert "imported 4, duplicates 0" in imported(path)
    assert "imported 0, duplicates 4" in imported(path)
    assert "imported 4, duplicates 0" in imported(path, "--run", "embed-v2")
    assert Interaction.objects.count() == InteractionKey.objects.count() == 8

    changed = [record(1, query="Something else entirely"), record(2, feedback="down")]
    out = imported(jsonl(tmp_path / "b.jsonl", changed))
    assert "imported 0, duplicates 2, feedback updated 1" in out and "conflicts 1" in out
    stored = Interaction.objects.production().get(external_id="int-1")
    assert stored.query == record(1)["query"]
    assert Interaction.objects.production().get(external_id="int-2").feedback == "down"
    assert (
        Interaction.objects.filter(run__name="embed-v2", external_id="int-2").get().feedback is None
    )

    # The key table refuses a second interaction with a stored id, whoever inserts it.
    with pytest.raises(IntegrityError), transaction.atomic():
        InteractionFactory(
            bot=stored.bot,
            conversation=stored.conversation,
            external_id="int-1",
            timestamp=NOVEMBER,
        )
    # Deleting an interaction frees its id.
    Interaction.objects.filter(pk=stored.pk).delete()
    assert not InteractionKey.objects.filter(interaction_id=stored.pk).exists()
    assert "imported 1, duplicates 0" in imported(jsonl(tmp_path / "c.jsonl", [record(1)]))


def test_ids_stored_by_a_concurrent_import_after_the_lookup_count_as_duplicates(
    partitioned, tmp_path, monkeypatch
):
    imported(jsonl(tmp_path / "a.jsonl", [record(1), record(2)]))
    bot_ids = {"store-help": Bot.objects.get(slug="store-help").pk}
    records = [parse_record(record(i), line=i) for i in (1, 2, 3)]
    # The lookup ran before the other import committed: it saw none of them.
    monkeypatch.setattr(PostgresCopyWriter, "_existing", lambda *args: set())
    result = PostgresCopyWriter().write(
        interactions=records, feedback=[], bot_ids=bot_ids, run_id=None
    )
    assert (result.imported, result.duplicates) == (1, 2)
    assert sorted(Interaction.objects.values_list("external_id", flat=True)) == [
        "int-1",
        "int-2",
        "int-3",
    ]
    sources = Interaction.objects.get(external_id="int-3").sources.order_by("rank")
    assert list(sources.values_list("rank", flat=True)) == [1, 2]
    assert InteractionKey.objects.count() == 3


def graded(bot, *, at: datetime, keys: list[str], good: bool):
    interaction = InteractionFactory(
        bot=bot, timestamp=at, query="How long is the return window?", response="30 days."
    )
    for rank, key in enumerate(keys, start=1):
        RetrievedSourceFactory(interaction=interaction, rank=rank, article_key=key, text="chunk")
    score = 1.0 if good else 0.4
    EvaluationFactory(
        interaction=interaction,
        verdict="sufficient" if good else "insufficient",
        cause=None if good else "partial",
        topic="returns",
        source_precision=score,
        source_query_coverage=score,
        groundedness=score,
    )


def test_retention_drops_old_months_one_statement_per_partition_and_keeps_the_ranking(
    partitioned, bot, settings
):
    month_partitions_create(months=[SEPTEMBER.date(), date(2026, 10, 1), NOVEMBER.date()])
    for key in ("kb-returns", "kb-fees"):
        ArticleVersionFactory(article=ArticleFactory(external_id=key))
    for month in (SEPTEMBER, NOVEMBER):
        for i in range(6):
            graded(bot, at=month + timedelta(days=i % 3, minutes=i), keys=["kb-returns", "kb-fees"], good=i % 2 == 0)  # fmt: skip
        graded(bot, at=month + timedelta(hours=2), keys=["kb-fees"], good=True)
    assert rows_in("audits_interaction_p2026_09") == 7
    rollup_rebuild(bot=bot)
    before = snapshot()

    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    with CaptureQueriesContext(connection) as queries:
        summary = text_retention_apply(now=NOVEMBER + timedelta(days=10))
    assert (summary.interactions, summary.sources) == (7, 13)
    # A month at a time: September, then October up to the cut-off (12 October).
    source_updates = [
        q["sql"] for q in queries if q["sql"].startswith('UPDATE "audits_retrievedsource"')
    ]
    assert len(source_updates) == 2
    assert "'2026-10-01 00:00:00+00:00'" in source_updates[0]
    assert "'2026-10-01 00:00:00+00:00'" in source_updates[1]
    assert set(
        Interaction.objects.filter(timestamp__lt=NOVEMBER).values_list("query", "response")
    ) == {("", "")}
    assert set(
        RetrievedSource.objects.filter(occurred_at__lt=NOVEMBER).values_list("text", flat=True)
    ) == {""}
    assert not Interaction.objects.filter(timestamp__gte=NOVEMBER, query="").exists()
    rollup_rebuild(bot=bot)
    after = snapshot()
    for name in ("evaluations", "ArticleDayRollup", "BotDayRollup", "TopicDayRollup", "rankings"):
        assert after[name] == before[name], name
    assert after["rankings"][("store-help", SEPTEMBER.date().replace(day=1))][0][1] == "kb-fees"


def test_a_forgotten_conversation_is_erased_on_the_partitioned_layout(partitioned, bot):
    month_partitions_create(months=[NOVEMBER.date()])
    graded(bot, at=NOVEMBER, keys=["kb-returns"], good=False)
    interaction = Interaction.objects.get()
    call_command(
        "forget_conversation", bot.slug, interaction.conversation.external_id, stdout=io.StringIO()
    )
    interaction.refresh_from_db()
    assert (interaction.query, interaction.response) == ("", "")
    assert set(RetrievedSource.objects.values_list("text", flat=True)) == {""}
    assert Evaluation.objects.get().verdict == "insufficient"


def test_sqlite_keeps_its_plain_tables(tmp_path):
    if connection.vendor != "sqlite":
        # The suite runs on PostgreSQL: this test runs again in a child on SQLite, so it is
        # checked on every run rather than skipped.
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        child = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             f"{__file__}::test_sqlite_keeps_its_plain_tables"],
            env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert child.returncode == 0 and "1 passed" in child.stdout, child.stdout + child.stderr
        return
    assert not tables_partitioned() and not tables_partition()
    assert layout_describe().lines() == ["not partitioned (plain tables)"]
    assert partitions_ahead() == []
    with pytest.raises(CommandError, match="needs PostgreSQL"):
        call_command("partition_tables")
    assert "imported 2" in imported(jsonl(tmp_path / "a.jsonl", [record(1), record(2)]))
    assert InteractionKey.objects.count() == 0
    with pytest.raises(IntegrityError), transaction.atomic():
        stored = Interaction.objects.get(external_id="int-1")
        InteractionFactory(
            bot=stored.bot,
            conversation=stored.conversation,
            external_id="int-1",
            timestamp=NOVEMBER,
        )
