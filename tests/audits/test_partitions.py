"""Monthly partitions on PostgreSQL: the conversion, months ahead, the default partition,
the importer, erasure; SQLite keeps its plain tables."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from audits.ingest.records import parse_record
from audits.ingest.writers import PostgresCopyWriter
from audits.models import (
    Bot,
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
from content.analytics.rollups import rollup_rebuild
from tests.factories import (
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import analytics_snapshot, graded, record, rows_in

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
    before = analytics_snapshot()
    assert before["interactions"] and before["evaluations"] and before["rankings"]
    out = io.StringIO()
    call_command("partition_tables", stdout=out)
    assert "partitioned the interactions and their sources by month" in out.getvalue()
    assert tables_partitioned()
    for bot in Bot.objects.all():
        rollup_rebuild(bot=bot)
    assert analytics_snapshot() == before
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
