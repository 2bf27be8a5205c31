"""The sweep's claim reads only the months from the oldest due row on, and still takes
every due row, oldest first, once."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection, transaction
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from audits.models import Interaction
from audits.partitions import month_partitions_create, tables_partitioned
from audits.sweep.services import interactions_claim, pending_bound
from tests.factories import BotFactory, EvaluationFactory, InteractionFactory
from tests.helpers import partitions_planned

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime(2026, 9, 7, 9, tzinfo=UTC)
OCTOBER = datetime(2026, 10, 5, 9, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 2, 9, tzinfo=UTC)


def graded(bot, at: datetime) -> Interaction:
    interaction = InteractionFactory(bot=bot, timestamp=at, status=Interaction.Status.GRADED)
    EvaluationFactory(interaction=interaction)
    return interaction


def test_an_old_pending_interaction_is_claimed_before_newer_ones(bot):
    for day in range(3):
        graded(bot, OCTOBER + timedelta(days=day))
    newer = [InteractionFactory(bot=bot, timestamp=NOVEMBER + timedelta(hours=h)) for h in (0, 1)]
    old = InteractionFactory(bot=bot, timestamp=SEPTEMBER)
    first = interactions_claim(token="a" * 32, limit=2, idle_minutes=None)
    assert set(first) == {old.pk, newer[0].pk}
    assert interactions_claim(token="b" * 32, limit=5, idle_minutes=None) == [newer[1].pk]
    assert interactions_claim(token="c" * 32, limit=5, idle_minutes=None) == []
    assert set(Interaction.objects.values_list("claim_token", flat=True)) == {
        "",
        "a" * 32,
        "b" * 32,
    }


def test_rows_that_cannot_be_claimed_do_not_hide_the_others(bot):
    leased = InteractionFactory(
        bot=bot, timestamp=SEPTEMBER, claimed_until=timezone.now() + timedelta(minutes=5)
    )
    waiting = InteractionFactory(
        bot=bot, timestamp=SEPTEMBER, next_attempt_at=timezone.now() + timedelta(hours=1)
    )
    spent = BotFactory(slug="spent", daily_token_budget=0)
    InteractionFactory(bot=spent, timestamp=SEPTEMBER - timedelta(days=1))
    due = InteractionFactory(bot=bot, timestamp=NOVEMBER)
    # The bound skips what no claim could take now, so it starts at the due row.
    bound = pending_bound(now=timezone.now(), excluded_bot_ids={spent.pk})
    assert bound == Q(timestamp__gte=NOVEMBER)
    assert interactions_claim(token="a" * 32, limit=5, idle_minutes=None) == [due.pk]
    # Once the lease runs out and the backoff is over, the old rows are claimed.
    Interaction.objects.filter(pk__in=[leased.pk, waiting.pk]).update(
        claimed_until=None, next_attempt_at=None
    )
    claimed = interactions_claim(token="b" * 32, limit=5, idle_minutes=None)
    assert set(claimed) == {leased.pk, waiting.pk}


def test_a_bot_filter_claims_that_bots_old_rows(bot):
    other = BotFactory(slug="other")
    InteractionFactory(bot=other, timestamp=SEPTEMBER - timedelta(days=3))
    mine = InteractionFactory(bot=bot, timestamp=SEPTEMBER)
    assert interactions_claim(token="a" * 32, limit=5, idle_minutes=None, bot_ids=[bot.pk]) == [
        mine.pk
    ]


def test_the_claim_reads_only_the_months_from_the_oldest_due_row(postgres, bot):
    assert tables_partitioned(), "the migration did not partition the tables"
    month_partitions_create(months=[SEPTEMBER.date(), OCTOBER.date(), NOVEMBER.date()])
    for at in (SEPTEMBER, OCTOBER, NOVEMBER):
        graded(bot, at)
    # Left pending while its bot's budget is spent: it does not hold the bound back.
    spent = BotFactory(slug="spent", daily_token_budget=0)
    InteractionFactory(bot=spent, timestamp=SEPTEMBER)
    due = [InteractionFactory(bot=bot, timestamp=NOVEMBER + timedelta(hours=h)) for h in (1, 2)]
    with CaptureQueriesContext(connection) as queries:
        claimed = interactions_claim(token="a" * 32, limit=5, idle_minutes=None)
    assert set(claimed) == {d.pk for d in due}
    statements = [q["sql"] for q in queries if '"audits_interaction"' in q["sql"]]
    bound, claim = statements[0], statements[1:]
    assert "MIN(" in bound and claim[0].endswith("SKIP LOCKED")
    assert [s.split()[0] for s in claim] == ["SELECT", "UPDATE", "SELECT"]
    old_months = {"audits_interaction_p2026_09", "audits_interaction_p2026_10"}
    # The bound looks at every month's pending index (old ones are empty) ...
    assert old_months <= partitions_planned(bound)
    # ... and the claim, its lease and the read-back, only from November on.
    for sql in claim:
        scanned = partitions_planned(sql)
        assert "audits_interaction_p2026_11" in scanned, sql
        assert not scanned & old_months, sql


@pytest.mark.django_db(transaction=True)
def test_a_row_another_worker_holds_is_skipped_and_claimed_once_it_is_free(postgres, bot):
    held, *others = [
        InteractionFactory(bot=bot, timestamp=SEPTEMBER + timedelta(hours=h)) for h in range(3)
    ]
    locked, release = threading.Event(), threading.Event()

    def other_worker():
        # Another worker's claim, between its SELECT … FOR UPDATE and its commit.
        try:
            with transaction.atomic():
                list(Interaction.objects.select_for_update().filter(pk=held.pk))
                locked.set()
                release.wait(timeout=30)
        finally:
            connection.close()

    worker = threading.Thread(target=other_worker)
    worker.start()
    try:
        assert locked.wait(timeout=30)
        # The oldest pending row is locked: the bound still starts at it, and the claim
        # takes the next rows without waiting for it.
        claimed = interactions_claim(token="a" * 32, limit=5, idle_minutes=None)
        assert set(claimed) == {o.pk for o in others}
    finally:
        release.set()
        worker.join(timeout=30)
    assert interactions_claim(token="b" * 32, limit=5, idle_minutes=None) == [held.pk]
