"""Graded answers planted straight in the database, for the comparison and gate tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from audits.ingest.records import query_key
from audits.judges.base import METRICS
from audits.models import EvaluationRun, Interaction
from tests.factories import (
    BASE_TIME,
    EvaluationFactory,
    EvaluationRunFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)

GOOD = dict.fromkeys(METRICS, 0.9)


def graded_answer(
    *,
    bot,
    query: str,
    run: EvaluationRun | None = None,
    timestamp=None,
    metrics: dict | None = None,
    verdict: str = "sufficient",
    articles: tuple[str, ...] = ("kb-returns",),
    judge: str = "offline",
) -> Interaction:
    """An answer with its sources and its evaluation, already graded."""
    interaction = InteractionFactory(
        bot=bot,
        run=run,
        query=query,
        query_key=query_key(query),
        status=Interaction.Status.GRADED,
        n_sources=len(articles),
        **({"timestamp": timestamp} if timestamp is not None else {}),
    )
    for rank, article in enumerate(articles, start=1):
        RetrievedSourceFactory(interaction=interaction, rank=rank, article_key=article)
    EvaluationFactory(
        interaction=interaction,
        verdict=verdict,
        cause=None if verdict == "sufficient" else "partial",
        judge=judge,
        **{**GOOD, **(metrics or {})},
    )
    return interaction


def question(i: int) -> str:
    return f"How long do I have to return order number {i}?"


def planted_run(
    *,
    bot,
    name: str = "candidate",
    n: int = 40,
    baseline: Callable[[int], dict],
    candidate: Callable[[int], dict],
    start=BASE_TIME,
) -> EvaluationRun:
    """``n`` questions answered in production over ``n`` hours from ``start``, and the
    same questions replayed as run ``name`` at the same times."""
    run = EvaluationRunFactory(name=name)
    for i in range(n):
        at = start + timedelta(hours=i)
        graded_answer(bot=bot, query=question(i), timestamp=at, metrics=baseline(i))
        graded_answer(bot=bot, query=question(i), timestamp=at, metrics=candidate(i), run=run)
    return run


def alternating(even: float, odd: float, **rest: float) -> Callable[[int], dict]:
    """Source precision and coverage alternating between two values, the rest as given."""
    return lambda i: {
        "source_precision": even if i % 2 == 0 else odd,
        "source_query_coverage": even if i % 2 == 0 else odd,
        **rest,
    }
