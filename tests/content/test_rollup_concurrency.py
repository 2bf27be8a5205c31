"""Two refreshes of one bot's rollups at once both finish (PostgreSQL)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from content.analytics.rollups import rollup_update
from content.models import ArticleDayRollup, BotDayRollup
from tests.factories import (
    ArticleFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)


@pytest.mark.django_db(transaction=True)
def test_concurrent_refreshes_of_the_same_days_raise_no_integrity_error(postgres, bot):
    ArticleFactory(external_id="kb-returns")
    interactions = [InteractionFactory(bot=bot) for _ in range(30)]
    for interaction in interactions:
        RetrievedSourceFactory(interaction=interaction, rank=1)
        EvaluationFactory(interaction=interaction)
    days = sorted({i.timestamp.date() for i in interactions})
    errors: list[BaseException] = []

    def refresh(start: threading.Barrier) -> None:
        try:
            start.wait()
            for _ in range(5):
                rollup_update(bot=bot, days=days)
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)
        finally:
            connection.close()

    start = threading.Barrier(3)
    threads = [threading.Thread(target=refresh, args=(start,)) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert BotDayRollup.objects.filter(bot=bot).count() == len(days)
    assert sum(r.retrievals for r in ArticleDayRollup.objects.filter(bot=bot)) == 30
