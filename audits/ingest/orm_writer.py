"""Storing a validated chunk through the ORM: SQLite, the zero-setup default.

The same semantics as writers.PostgresCopyWriter, row by row.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from audits.ingest.conflicts import stored_conflicts
from audits.ingest.prepare import ChunkResult, PreparedChunk
from audits.ingest.records import FeedbackRecord, InteractionRecord
from audits.models import Conversation, Interaction, RetrievedSource


class OrmWriter:
    """The same semantics through the ORM (SQLite, the zero-setup default)."""

    def write_prepared(self, **kwargs) -> None:
        """Prepared bytes are PostgreSQL's: the caller writes the records instead."""
        return None

    def write(
        self,
        *,
        interactions: Sequence[InteractionRecord],
        feedback: Sequence[FeedbackRecord],
        bot_ids: dict[str, int],
        run_id: int | None,
        prepared: PreparedChunk | None = None,  # PostgreSQL's COPY only
        durable: bool = False,  # every SQLite commit is
    ) -> ChunkResult:
        result = ChunkResult()
        with transaction.atomic():
            if interactions:
                inserted = self._insert(interactions, bot_ids, run_id)
                result.imported = len(inserted)
                result.duplicates = len(interactions) - result.imported
                resent = [
                    r for r in interactions if (bot_ids[r.bot], r.external_id) not in inserted
                ]
                result.conflicts = stored_conflicts(resent, bot_ids, run_id)
            updates = {
                (bot_ids[r.bot], r.external_id): r.feedback
                for r in interactions
                if r.feedback is not None
            }
            for f in sorted(feedback, key=lambda f: f.line):
                updates[(bot_ids[f.bot], f.external_id)] = f.feedback
            found = self._apply_feedback(updates, run_id, result)
            result.orphan_feedback = [
                f for f in feedback if (bot_ids[f.bot], f.external_id) not in found
            ]
        return result

    @staticmethod
    def _existing(bot_id: int, external_ids: list[str], run_id: int | None) -> set[str]:
        return set(
            Interaction.objects.filter(
                bot_id=bot_id, run_id=run_id, external_id__in=external_ids
            ).values_list("external_id", flat=True)
        )

    def _insert(self, interactions, bot_ids, run_id) -> set[tuple[int, str]]:
        by_bot: dict[int, list[InteractionRecord]] = {}
        for r in interactions:
            by_bot.setdefault(bot_ids[r.bot], []).append(r)
        inserted: set[tuple[int, str]] = set()
        for bot_id, records in by_bot.items():
            existing = self._existing(bot_id, [r.external_id for r in records], run_id)
            new = [r for r in records if r.external_id not in existing]
            if new:
                conversations = self._conversations(bot_id, records, run_id)
                self._create(bot_id, new, conversations, run_id)
                inserted.update((bot_id, r.external_id) for r in new)
        return inserted

    @staticmethod
    def _conversations(bot_id, records, run_id) -> dict[str, int]:
        spans: dict[str, list] = {}
        for r in records:
            span = spans.setdefault(r.conversation_id, [r.timestamp, r.timestamp])
            span[0], span[1] = min(span[0], r.timestamp), max(span[1], r.timestamp)
        ids: dict[str, int] = {}
        for external_id, (first, last) in spans.items():
            conversation, created = Conversation.objects.get_or_create(
                bot_id=bot_id,
                run_id=run_id,
                external_id=external_id,
                defaults={"started_at": first, "last_activity_at": last},
            )
            if not created and (
                conversation.started_at > first or conversation.last_activity_at < last
            ):
                conversation.started_at = min(conversation.started_at, first)
                conversation.last_activity_at = max(conversation.last_activity_at, last)
                conversation.save(update_fields=["started_at", "last_activity_at"])
            ids[external_id] = conversation.pk
        return ids

    @staticmethod
    def _create(bot_id, records, conversations, run_id) -> None:
        created = Interaction.objects.bulk_create(
            [
                Interaction(
                    bot_id=bot_id,
                    conversation_id=conversations[r.conversation_id],
                    run_id=run_id,
                    external_id=r.external_id,
                    timestamp=r.timestamp,
                    query=r.query,
                    response=r.response,
                    query_key=r.query_key,
                    feedback=r.feedback,
                    feedback_at=r.timestamp if r.feedback else None,
                    metadata=r.metadata,
                    n_sources=len(r.sources),
                    imported_at=timezone.now(),
                )
                for r in records
            ]
        )
        RetrievedSource.objects.bulk_create(
            [
                RetrievedSource(
                    interaction=interaction,
                    rank=s.rank,
                    article_key=s.article_key,
                    title=s.title,
                    url=s.url,
                    text=s.text,
                    score=s.score,
                    bot_id=bot_id,
                    occurred_at=r.timestamp,
                )
                for interaction, r in zip(created, records, strict=True)
                for s in r.sources
            ]
        )

    @staticmethod
    def _apply_feedback(updates, run_id, result: ChunkResult) -> set[tuple[int, str]]:
        found: set[tuple[int, str]] = set()
        now = timezone.now()
        for (bot_id, external_id), value in updates.items():
            rows = Interaction.objects.filter(bot_id=bot_id, run_id=run_id, external_id=external_id)
            if rows.exists():
                found.add((bot_id, external_id))
                result.feedback_updated += rows.exclude(feedback=value).update(
                    feedback=value, feedback_at=now
                )
        return found
