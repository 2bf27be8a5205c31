"""What the chatbot logs say about a pair: who retrieves the articles, and how often
both came back for the same question."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime, timedelta

from django.db import connection
from django.db.models import Count, Max

from audits.models import Interaction, RetrievedSource

EXAMPLES = 5


def production_sources():
    """Retrievals of production traffic (replays of candidate pipelines left out)."""
    return RetrievedSource.objects.filter(interaction__run__isnull=True)


def retrieving_bots(article_keys: Collection[str] | None = None) -> dict[str, set[int]]:
    """The bots whose production traffic retrieved each article, by external id."""
    rows = production_sources()
    if article_keys is not None:
        rows = rows.filter(article_key__in=list(article_keys))
    found: dict[str, set[int]] = defaultdict(set)
    for key, bot_id in rows.values_list("article_key", "bot_id").distinct().iterator(5000):
        found[key].add(bot_id)
    return found


def bot_article_keys(bot_id: int) -> set[str]:
    return set(
        production_sources().filter(bot_id=bot_id).values_list("article_key", flat=True).distinct()
    )


def co_retrieval(key_a: str, key_b: str, *, bot_id: int | None = None) -> tuple[int, list[dict]]:
    """How many interactions retrieved both articles, and the latest few of them."""
    ids = _retrieved_both(key_a, key_b, bot_id=bot_id)
    return ids.count(), _examples(ids)


def co_retrieval_examples(key_a: str, key_b: str) -> list[dict]:
    """The latest few production interactions that retrieved both articles."""
    return _examples(_retrieved_both(key_a, key_b))


def _retrieved_both(key_a: str, key_b: str, *, bot_id: int | None = None):
    """The ids of the production interactions that retrieved both articles."""
    with_b = RetrievedSource.objects.filter(article_key=key_b).values("interaction_id")
    both = production_sources().filter(article_key=key_a, interaction_id__in=with_b)
    if bot_id is not None:
        both = both.filter(bot_id=bot_id)
    return both.values("interaction_id").distinct()


def _examples(ids) -> list[dict]:
    examples = (
        Interaction.objects.filter(pk__in=ids)
        .order_by("-timestamp", "-pk")
        .values("pk", "external_id", "query", "bot__slug")[:EXAMPLES]
    )
    return [
        {
            "id": row["pk"],
            "external_id": row["external_id"],
            "bot": row["bot__slug"],
            "query": (row["query"] or "")[:200],
        }
        for row in examples
    ]


CO_RETRIEVALS_SQL = """
SELECT s1.article_key, s2.article_key, COUNT(DISTINCT s1.interaction_id)
FROM {sources} s1
JOIN {sources} s2 ON s2.interaction_id = s1.interaction_id AND s2.article_key <> s1.article_key
JOIN {interactions} i ON i.id = s1.interaction_id AND i.run_id IS NULL
WHERE s1.article_key IN ({keys}) AND s2.article_key IN ({keys})
GROUP BY s1.article_key, s2.article_key
"""


def co_retrieval_counts(pairs: Collection[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """co_retrieval's count for many pairs of article keys at once (one query); a pair
    no interaction retrieved together is missing."""
    keys = sorted({key for pair in pairs for key in pair})
    if not keys:
        return {}
    sql = CO_RETRIEVALS_SQL.format(
        sources=connection.ops.quote_name(RetrievedSource._meta.db_table),
        interactions=connection.ops.quote_name(Interaction._meta.db_table),
        keys=", ".join(["%s"] * len(keys)),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*keys, *keys])
        found = {(a, b): n for a, b, n in cursor.fetchall()}
    return {pair: found[pair] for pair in pairs if pair in found}


def retrievals(article_keys: Collection[str], *, bot_id: int | None = None) -> dict[str, int]:
    rows = production_sources().filter(article_key__in=list(article_keys))
    if bot_id is not None:
        rows = rows.filter(bot_id=bot_id)
    return dict(
        rows.values("article_key")
        .annotate(n=Count("interaction_id"))
        .values_list("article_key", "n")
    )


def recent_window(bot_id: int, days: int) -> tuple[datetime, datetime] | None:
    """The last ``days`` of a bot's logs, ending at its latest interaction."""
    latest = (
        Interaction.objects.production()
        .filter(bot_id=bot_id)
        .aggregate(last=Max("timestamp"))["last"]
    )
    if latest is None:
        return None
    return latest - timedelta(days=days), latest


def recent_retrievals(
    article_keys: Collection[str], *, bot_id: int, since: datetime
) -> dict[str, int]:
    rows = RetrievedSource.objects.filter(
        article_key__in=list(article_keys), bot_id=bot_id, occurred_at__gte=since
    )
    return dict(
        rows.values("article_key")
        .annotate(n=Count("interaction_id"))
        .values_list("article_key", "n")
    )
