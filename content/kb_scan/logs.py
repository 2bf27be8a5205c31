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


def knowledge_base_bots(knowledge_base_ids: Collection[int]) -> dict[int, set[int]]:
    """The bots answering from each knowledge base: the only ones whose sources are its
    articles."""
    from content.models import BotKnowledgeBase

    found: dict[int, set[int]] = defaultdict(set)
    links = BotKnowledgeBase.objects.filter(knowledge_base_id__in=list(knowledge_base_ids))
    for bot_id, knowledge_base_id in links.values_list("bot_id", "knowledge_base_id"):
        found[knowledge_base_id].add(bot_id)
    return found


def co_retrieval(key_a: str, key_b: str, *, bot_id: int | None = None) -> tuple[int, list[dict]]:
    """How many interactions retrieved both articles, and the latest few of them."""
    ids = _retrieved_both(key_a, key_b, bot_id=bot_id)
    return ids.count(), _examples(ids)


def co_retrieval_examples(
    key_a: str, key_b: str, *, bot_ids: Collection[int] | None = None
) -> list[dict]:
    """The latest few production interactions (of ``bot_ids``) that retrieved both."""
    return _examples(_retrieved_both(key_a, key_b, bot_ids=bot_ids))


def _retrieved_both(
    key_a: str, key_b: str, *, bot_id: int | None = None, bot_ids: Collection[int] | None = None
):
    """The ids of the production interactions that retrieved both articles."""
    with_b = RetrievedSource.objects.filter(article_key=key_b).values("interaction_id")
    both = production_sources().filter(article_key=key_a, interaction_id__in=with_b)
    if bot_id is not None:
        both = both.filter(bot_id=bot_id)
    if bot_ids is not None:
        both = both.filter(bot_id__in=list(bot_ids))
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
WHERE s1.article_key IN ({keys}) AND s2.article_key IN ({keys}){of_bots}
GROUP BY s1.article_key, s2.article_key
"""


def co_retrieval_counts(
    pairs: Collection[tuple[str, str]], *, bot_ids: Collection[int] | None = None
) -> dict[tuple[str, str], int]:
    """co_retrieval's count for many pairs of article keys at once (one query), in the
    traffic of ``bot_ids`` (a knowledge base's bots) when given; a pair no interaction
    retrieved together is missing."""
    keys = sorted({key for pair in pairs for key in pair})
    if not keys:
        return {}
    bots = sorted(bot_ids) if bot_ids is not None else []
    of_bots = ""
    if bot_ids is not None:
        of_bots = f" AND s1.bot_id IN ({', '.join(['%s'] * len(bots))})" if bots else " AND 1 = 0"
    sql = CO_RETRIEVALS_SQL.format(
        sources=connection.ops.quote_name(RetrievedSource._meta.db_table),
        interactions=connection.ops.quote_name(Interaction._meta.db_table),
        keys=", ".join(["%s"] * len(keys)),
        of_bots=of_bots,
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*keys, *keys, *bots])
        found = {(a, b): n for a, b, n in cursor.fetchall()}
    return {pair: found[pair] for pair in pairs if pair in found}


def retrievals(
    article_keys: Collection[str],
    *,
    bot_id: int | None = None,
    bot_ids: Collection[int] | None = None,
) -> dict[str, int]:
    rows = production_sources().filter(article_key__in=list(article_keys))
    if bot_id is not None:
        rows = rows.filter(bot_id=bot_id)
    if bot_ids is not None:
        rows = rows.filter(bot_id__in=list(bot_ids))
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
