"""A known id arriving with other content: reported as a conflict, the stored row kept.

The id is the idempotency key (SPEC §2): a re-sent record changes nothing. But a record
that reuses an id for a different interaction would otherwise vanish as a "duplicate";
it is compared with what is stored and reported, never merged (late feedback is not a
difference: it updates the stored row as before).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from audits.ingest.records import InteractionRecord, content_differences, content_of
from audits.models import Interaction, InteractionKey, RetrievedSource
from audits.partitions import tables_partitioned


@dataclass(frozen=True, slots=True)
class Conflict:
    line: int
    external_id: str
    fields: tuple[str, ...]

    @property
    def reason(self) -> str:
        return (
            f"id {self.external_id!r} is already stored with a different "
            f"{', '.join(self.fields)}; the stored record is kept (send it under a new id)"
        )


def record_conflict(first: InteractionRecord, again: InteractionRecord) -> Conflict | None:
    """Two lines of one batch with the same id: a conflict unless they say the same."""
    differences = content_differences(first.content(), again.content())
    return Conflict(again.line, again.external_id, tuple(differences)) if differences else None


def stored_conflicts(
    records: Sequence[InteractionRecord], bot_ids: dict[str, int], run_id: int | None
) -> list[Conflict]:
    """The records whose id is stored (for their bot and run) with other content."""
    if not records:
        return []
    stored = _stored_content(records, bot_ids, run_id)
    conflicts = []
    for record in records:
        known = stored.get((bot_ids[record.bot], record.external_id))
        if known is None:
            continue
        differences = content_differences(known, record.content())
        if differences:
            conflicts.append(Conflict(record.line, record.external_id, tuple(differences)))
    return conflicts


def _stored_content(records, bot_ids, run_id) -> dict[tuple[int, str], tuple]:
    by_bot: dict[int, list[str]] = {}
    for record in records:
        by_bot.setdefault(bot_ids[record.bot], []).append(record.external_id)
    rows = []
    partitioned = tables_partitioned()
    for bot_id, external_ids in by_bot.items():
        stored = Interaction.objects.filter(
            bot_id=bot_id, run_id=run_id, external_id__in=external_ids
        )
        if partitioned:  # the ids and months from the key table: no partition scanned
            keys = InteractionKey.objects.filter(
                bot_id=bot_id, run_id=run_id, external_id__in=external_ids
            ).values_list("interaction_id", "timestamp")
            ids, stamps = {k[0] for k in keys}, {k[1] for k in keys}
            stored = stored.filter(pk__in=ids, timestamp__in=stamps)
        rows += stored.values_list(
            "pk", "bot_id", "external_id", "conversation__external_id", "timestamp", "query",
            "response", "metadata",
        )  # fmt: skip
    stamps = {row[4] for row in rows} if partitioned else None
    sources = _sources_of([row[0] for row in rows], stamps)
    return {
        (bot_id, external_id): content_of(
            conversation, timestamp, query, response, sources.get(pk, []), metadata
        )
        for pk, bot_id, external_id, conversation, timestamp, query, response, metadata in rows
    }


def _sources_of(interaction_ids: Iterable[int], stamps: set | None) -> dict[int, list[tuple]]:
    """Sources by interaction; ``stamps`` (their interactions' timestamps, which the
    sources carry as ``occurred_at``) prune the partitioned table to those months."""
    sources: dict[int, list[tuple]] = {}
    found = RetrievedSource.objects.filter(interaction_id__in=list(interaction_ids))
    if stamps is not None:
        found = found.filter(occurred_at__in=stamps)
    rows = found.order_by("interaction_id", "rank").values_list(
        "interaction_id", "article_key", "title", "url", "text", "score"
    )
    for interaction_id, *source in rows:
        sources.setdefault(interaction_id, []).append(tuple(source))
    return sources
