"""Retention on the partitioned layout (PostgreSQL): a month no bot keeps the text of any
more is rewritten by a partition swap, the others updated a month at a time; the plain
tables keep updating a day at a time."""

from __future__ import annotations

import io
import re
import threading
import time
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audits.models import Bot, Evaluation, Interaction, InteractionKey, RetrievedSource
from audits.partitions import month_partitions_create, tables_partitioned, tables_unpartition
from audits.retention import swap
from audits.retention.services import TEXT_DROPPED, text_retention_apply
from content.analytics.rollups import rollup_rebuild
from content.models import Article, BotDayRollup
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    BotFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import analytics_snapshot, graded

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime(2026, 9, 7, 9, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 2, 9, tzinfo=UTC)
# 30 days' retention: September has gone, October is dropped up to the 12th.
NOW = NOVEMBER + timedelta(days=10)
SEPTEMBER_PARTITIONS = ("audits_interaction_p2026_09", "audits_retrievedsource_p2026_09")


@pytest.fixture
def partitioned(postgres):
    assert tables_partitioned(), "the migration did not partition the tables"
    month_partitions_create(months=[SEPTEMBER.date(), date(2026, 10, 1), NOVEMBER.date()])


def oids(*names: str) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.oid FROM unnest(%s::text[]) WITH ORDINALITY n(name, place)"
            " JOIN pg_class c ON c.relname = n.name ORDER BY place",
            [list(names)],
        )
        return [row[0] for row in cursor.fetchall()]


def layout(name: str) -> dict:
    """What a partition is to its parent: bounds, indexes, constraints, triggers."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT inhparent::regclass::text, pg_get_expr(c.relpartbound, c.oid)"
            " FROM pg_inherits JOIN pg_class c ON c.oid = inhrelid WHERE inhrelid = %s::regclass",
            [name],
        )
        parent = cursor.fetchone()
        cursor.execute(
            "SELECT i.relname, pg_get_indexdef(x.indexrelid) FROM pg_index x"
            " JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = %s::regclass",
            [name],
        )
        indexes = sorted(cursor.fetchall())
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid), conparentid <> 0 FROM pg_constraint"
            " WHERE conrelid = %s::regclass",
            [name],
        )
        constraints = sorted(cursor.fetchall())
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = %s::regclass ORDER BY tgname", [name]
        )
        # A foreign key's triggers are named by their oid.
        triggers = [re.sub(r"_\d+$", "", row[0]) for row in cursor.fetchall()]
    return {"parent": parent, "indexes": indexes, "constraints": constraints, "triggers": triggers}


def stored() -> dict:
    """Every column of the interactions, sources and keys but the text."""
    return {
        "interactions": sorted(
            tuple(v for k, v in row.items() if k not in ("query", "response"))
            for row in Interaction.objects.values()
        ),
        "sources": sorted(
            tuple(v for k, v in row.items() if k != "text")
            for row in RetrievedSource.objects.values()
        ),
        "keys": sorted(InteractionKey.objects.values_list()),
        "evaluations": sorted(
            tuple(row.values()) for row in Evaluation.objects.values().order_by("pk")
        ),
    }


def september_traffic(bot, other):
    for key in ("kb-returns", "kb-fees"):
        ArticleVersionFactory(article=ArticleFactory(external_id=key))
    for month in (SEPTEMBER, NOVEMBER):
        for i in range(6):
            graded(bot, at=month + timedelta(days=i % 3, minutes=i), keys=["kb-returns", "kb-fees"], good=i % 2 == 0)  # fmt: skip
        graded(bot, at=month + timedelta(hours=2), keys=["kb-fees"], good=True)
        graded(other, at=month + timedelta(hours=3), keys=["kb-returns"], good=False)
    waiting = InteractionFactory(bot=bot, timestamp=SEPTEMBER + timedelta(days=4), claim_token="t")
    RetrievedSourceFactory(interaction=waiting, rank=1, article_key="kb-fees", text="chunk")
    graded(bot, at=SEPTEMBER + timedelta(days=30), keys=["kb-fees"], good=True)  # 7 October
    return waiting


def rebuilt() -> dict:
    for each in Bot.objects.all():
        rollup_rebuild(bot=each)
    return analytics_snapshot()


def test_a_month_no_bot_keeps_is_swapped_with_every_row_kept_and_its_text_gone(
    partitioned, bot, settings
):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    other = BotFactory(slug="other", team=bot.team, text_retention_days=20)
    waiting = september_traffic(bot, other)
    before, rows, shape = rebuilt(), stored(), [layout(n) for n in SEPTEMBER_PARTITIONS]
    september = oids(*SEPTEMBER_PARTITIONS)

    with CaptureQueriesContext(connection) as queries:
        summary = text_retention_apply(now=NOW)
    # September: 9 interactions, 15 sources; October's one by UPDATE.
    assert (summary.interactions, summary.sources, summary.skipped_pending) == (10, 16, 1)
    assert sorted(summary.bots) == ["other", "store-help"]
    # The swap: new relations in September's place, as they were to their parents.
    new = oids(*SEPTEMBER_PARTITIONS)
    assert len(new) == 2 and not set(new) & set(september)
    assert [layout(n) for n in SEPTEMBER_PARTITIONS] == shape
    assert oids(*(f"{name}_detached" for name in SEPTEMBER_PARTITIONS)) == []  # dropped
    updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "audits_')]
    assert updates and not any("'2026-09-" in sql for sql in updates)
    assert all("'2026-10-" in sql for sql in updates if "audits_retrievedsource" in sql)

    assert set(
        Interaction.objects.filter(timestamp__lt=NOVEMBER).values_list("query", "response")
    ) == {("", "")}
    assert set(
        RetrievedSource.objects.filter(occurred_at__lt=NOVEMBER).values_list("text", flat=True)
    ) == {""}
    assert not Interaction.objects.filter(timestamp__gte=NOVEMBER, query="").exists()
    # Nothing else changed: ids, keys, metrics, evaluations, but the waiting turn, skipped
    # as the UPDATE path skips it.
    waiting.refresh_from_db()
    assert (waiting.status, waiting.skip_reason, waiting.claim_token) == (
        "skipped",
        TEXT_DROPPED,
        "",
    )
    after_rows = stored()
    assert after_rows["keys"] == rows["keys"] and after_rows["sources"] == rows["sources"]
    assert after_rows["evaluations"] == rows["evaluations"]
    assert [row[0] for row in after_rows["interactions"]] == [
        row[0] for row in rows["interactions"]
    ]
    changed = zip(after_rows["interactions"], rows["interactions"], strict=True)
    assert [now[0] for now, then in changed if now != then] == [waiting.pk]
    after = rebuilt()
    for name in (
        "evaluations",
        "conversations",
        "credits",
        "ArticleDayRollup",
        "TopicDayRollup",
        "rankings",
    ):
        assert after[name] == before[name], name
    # The bots' days too, but for the waiting turn's day: one more skipped, no more.
    day = waiting.timestamp.date()
    assert [r for r in after["BotDayRollup"] if day not in r] == [
        r for r in before["BotDayRollup"] if day not in r
    ]
    assert BotDayRollup.objects.get(bot=bot, day=day).skipped == 1
    assert after["rankings"][("store-help", date(2026, 9, 1))][0][1] == "kb-fees"
    for each in Bot.objects.all():
        assert each.text_dropped_before == NOW - timedelta(days=each.text_retention_days or 30)

    # Once is enough: a second run neither swaps nor updates anything.
    with CaptureQueriesContext(connection) as queries:
        again = text_retention_apply(now=NOW)
    assert (again.interactions, again.sources, again.skipped_pending) == (0, 0, 0)
    assert oids(*SEPTEMBER_PARTITIONS) == new
    assert not [q for q in queries if q["sql"].startswith('UPDATE "audits_interaction"')]


def test_a_month_with_a_bot_that_keeps_its_text_is_updated_not_swapped(partitioned, bot, settings):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 0
    bot.text_retention_days = 30
    bot.save()
    keeper = BotFactory(slug="keeper", team=bot.team)  # no retention: text kept for good
    september_traffic(bot, keeper)
    september = oids(*SEPTEMBER_PARTITIONS)
    with CaptureQueriesContext(connection) as queries:
        summary = text_retention_apply(now=NOW)
    assert oids(*SEPTEMBER_PARTITIONS) == september
    # Not even tried: no partition was locked for it.
    assert not [q for q in queries if "IN SHARE MODE" in q["sql"]]
    assert summary.bots == ["store-help"] and summary.skipped_pending == 1
    assert set(
        Interaction.objects.filter(bot=bot, timestamp__lt=NOVEMBER).values_list("query", flat=True)
    ) == {""}
    kept = Interaction.objects.filter(bot=keeper, timestamp__lt=NOVEMBER)
    assert kept.count() == 1 and kept.get().query
    assert set(RetrievedSource.objects.filter(interaction__in=kept).values_list("text", flat=True)) == {"chunk"}  # fmt: skip
    # Asked to, the swap itself checks who is there, under its lock, and declines.
    assert swap.month_text_swap(month=date(2026, 9, 1), bot_ids={bot.pk}) is None
    assert oids(*SEPTEMBER_PARTITIONS) == september and kept.get().query


def test_the_interaction_and_article_pages_render_for_a_swapped_month(
    partitioned, bot, settings, alice, client
):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    september_traffic(bot, BotFactory(slug="other", team=bot.team))
    september = oids(*SEPTEMBER_PARTITIONS)
    text_retention_apply(now=NOW)
    assert not set(oids(*SEPTEMBER_PARTITIONS)) & set(september)
    client.force_login(alice)
    interaction = Interaction.objects.filter(bot=bot, timestamp__lt=SEPTEMBER + timedelta(days=1))
    page = client.get(reverse("audits:interaction_detail", args=[interaction.first().pk]))
    assert page.status_code == 200
    assert "text of this interaction was removed" in page.content.decode()
    article = Article.objects.get(external_id="kb-fees")
    page = client.get(reverse("content:article_detail", args=[article.pk]), {"bot": bot.slug})
    assert page.status_code == 200 and "kb-fees" in page.content.decode()


def test_a_conversation_of_a_swapped_month_is_still_erased(partitioned, bot, settings):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    september_traffic(bot, BotFactory(slug="other", team=bot.team))
    interaction = Interaction.objects.filter(bot=bot, timestamp__lt=NOVEMBER).first()
    Interaction.objects.filter(pk=interaction.pk).update(query_key="k-7", metadata={"user": "u-7"})
    september = oids(*SEPTEMBER_PARTITIONS)
    text_retention_apply(now=NOW)
    assert not set(oids(*SEPTEMBER_PARTITIONS)) & set(september)
    interaction.refresh_from_db()
    assert (interaction.query, interaction.query_key) == ("", "k-7")  # the swap keeps the key
    call_command(
        "forget_conversation", bot.slug, interaction.conversation.external_id, stdout=io.StringIO()
    )
    interaction.refresh_from_db()
    assert (interaction.query_key, interaction.metadata) == ("", {})
    assert Evaluation.objects.get(interaction=interaction).verdict in ("sufficient", "insufficient")


def test_a_partition_a_crash_left_detached_goes_with_the_next_swap(partitioned, bot, settings):
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE audits_retrievedsource_p2026_08_detached (LIKE audits_retrievedsource)"
        )
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    september_traffic(bot, BotFactory(slug="other", team=bot.team))
    text_retention_apply(now=NOW)
    assert oids("audits_retrievedsource_p2026_08_detached") == []


def test_a_partition_a_crash_left_detached_goes_even_when_no_month_is_swapped(partitioned, bot):
    """The leftover still holds text: the next run drops it though no month qualifies
    (here no bot has a retention period at all)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE audits_interaction_p2026_08_detached (LIKE audits_interaction)"
        )
    september_traffic(bot, BotFactory(slug="other", team=bot.team))
    assert text_retention_apply(now=NOW).interactions == 0
    assert oids("audits_interaction_p2026_08_detached") == []


def test_the_plain_tables_keep_dropping_text_a_day_at_a_time(postgres, bot, settings):
    assert tables_unpartition()  # an install with the partitioning off
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    for day in (0, 9):
        graded(bot, at=SEPTEMBER + timedelta(days=day), keys=["kb-returns"], good=True)
    with CaptureQueriesContext(connection) as queries:
        summary = text_retention_apply(now=NOW)
    assert (summary.interactions, summary.sources) == (2, 2)
    assert set(Interaction.objects.values_list("query", flat=True)) == {""}
    source_updates = [q for q in queries if q["sql"].startswith('UPDATE "audits_retrievedsource"')]
    assert len(source_updates) == (NOW - timedelta(days=30) - SEPTEMBER).days + 1
    assert not [q for q in queries if q["sql"].startswith("LOCK TABLE")]


@pytest.fixture
def committed_september(postgres):
    """September's partitions on a database whose rows are committed (the swap and an
    import, each in its own transaction); dropped again after the test."""
    month_partitions_create(months=[SEPTEMBER.date()])
    yield
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {', '.join(SEPTEMBER_PARTITIONS)}")


@pytest.mark.django_db(transaction=True)
def test_an_import_into_the_month_during_the_swap_waits_and_is_kept(
    committed_september, settings, monkeypatch
):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    bot = BotFactory(slug="store-help")
    graded(bot, at=SEPTEMBER, keys=["kb-returns"], good=True)
    september = oids(*SEPTEMBER_PARTITIONS)
    late = {}

    def insert_late():
        try:
            late["id"] = InteractionFactory(bot=bot, timestamp=SEPTEMBER + timedelta(days=2)).pk
        finally:
            connection.close()

    copy = swap._copy

    def copy_then_import(cursor, table, old, month):
        # After the interactions are copied, an import of one more September turn.
        new = copy(cursor, table, old, month)
        if table == swap.INTERACTIONS:
            thread = threading.Thread(target=insert_late)
            thread.start()
            late["thread"] = thread
            _until_waiting(cursor, old)
        return new

    monkeypatch.setattr(swap, "_copy", copy_then_import)
    text_retention_apply(now=NOW)
    late["thread"].join()
    # The swap gave way: the import's turn is stored, with its key, and the text of the
    # month went by UPDATE.
    assert oids(*SEPTEMBER_PARTITIONS) == september
    assert Interaction.objects.filter(pk=late["id"]).exists()
    assert InteractionKey.objects.filter(interaction_id=late["id"]).exists()
    assert Interaction.objects.filter(bot=bot).count() == InteractionKey.objects.count() == 2
    assert not Interaction.objects.exclude(pk=late["id"]).exclude(query="").exists()


def _until_waiting(cursor, partition: str) -> None:
    """Until another session waits for a lock on ``partition`` (or a while passed, when
    nothing keeps it out: the test then shows what becomes of its row)."""
    for _ in range(100):
        cursor.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE NOT granted AND relation = %s::regclass)",
            [partition],
        )
        if cursor.fetchone()[0]:
            return
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_a_read_holding_the_tables_delays_the_swap_and_it_tries_again(
    committed_september, settings, monkeypatch
):
    settings.KBAUDIT_TEXT_RETENTION_DAYS = 30
    bot = BotFactory(slug="store-help")
    graded(bot, at=SEPTEMBER, keys=["kb-returns"], good=True)
    september = oids(*SEPTEMBER_PARTITIONS)
    reading, done = threading.Event(), threading.Event()

    def long_read():
        # Another session in the middle of a long read of the interactions.
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("LOCK TABLE audits_interaction IN ACCESS SHARE MODE")
                reading.set()
                done.wait(timeout=60)
        finally:
            connection.close()

    reader = threading.Thread(target=long_read)
    reader.start()
    reading.wait(timeout=60)
    pauses = []

    def pause(seconds):  # the read ends during the swap's first pause
        pauses.append(seconds)
        done.set()
        reader.join()

    monkeypatch.setattr(swap.time, "sleep", pause)
    try:
        text_retention_apply(now=NOW)
    finally:
        done.set()
        reader.join()
    assert len(pauses) == 1
    assert not set(oids(*SEPTEMBER_PARTITIONS)) & set(september)
