"""Storing a validated chunk of records: PostgreSQL COPY, or the ORM elsewhere.

Both writers give the same result for the same chunk: new interactions with their
sources are inserted, ids already stored are counted as duplicates and left alone,
and feedback (from feedback-only records or from re-sent records) updates the stored
interaction. A chunk is written in one transaction, so a crash loses at most the
chunk in flight and a re-run completes it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import psycopg
from django.db import IntegrityError, connection, transaction
from psycopg.copy import QueuedLibpqWriter
from psycopg.types.json import Jsonb

from audits.ingest.conflicts import stored_conflicts
from audits.ingest.orm_writer import OrmWriter
from audits.ingest.prepare import (
    INTERACTION_COLUMNS,
    INTERACTION_TYPES,
    SOURCE_COLUMNS,
    SOURCE_TYPES,
    ChunkResult,
    PreparedChunk,
    json_dumps,
)
from audits.ingest.records import FeedbackRecord, InteractionRecord
from audits.partitions import tables_partitioned

# A unique key taken by a concurrent import: Django's error from its own cursor,
# psycopg's from the raw cursor's COPY.
UNIQUE_TAKEN = (IntegrityError, psycopg.IntegrityError)


def metadata_json(metadata: dict) -> str:
    return json.dumps(metadata, ensure_ascii=False, separators=(",", ":"))


def _spans(records, bot_ids) -> dict[tuple[int, str], tuple]:
    """Each conversation's first and last turn in ``records`` (and no preset id)."""
    spans: dict[tuple[int, str], list] = {}
    for r in records:
        span = spans.setdefault((bot_ids[r.bot], r.conversation_id), [r.timestamp, r.timestamp])
        span[0], span[1] = min(span[0], r.timestamp), max(span[1], r.timestamp)
    return {key: (first, last, None) for key, (first, last) in spans.items()}


class PreparedChunkUnusable(Exception):
    """A prepared chunk's bytes do not hold (an id stored since the probe, the bot's
    stand-in in the data itself): roll back, and write the chunk's records instead."""


def chunk_writer():
    if connection.vendor == "postgresql":
        return PostgresCopyWriter()
    return OrmWriter()


# A conversation stored again widens to the earliest start and the latest activity of
# both: the one rule of the two conversation inserts.
CONVERSATION_WIDENED = """
    started_at = LEAST(audits_conversation.started_at, EXCLUDED.started_at),
    last_activity_at = GREATEST(audits_conversation.last_activity_at, EXCLUDED.last_activity_at)"""

# The staged feedback, the latest line for each id: what both feedback updates apply.
LATEST_FEEDBACK = """(
    SELECT DISTINCT ON (bot_id, external_id) bot_id, external_id, feedback
    FROM kb_stage_feedback ORDER BY bot_id, external_id, line DESC
)"""

# The tail of both staged inserts: the sources of the interactions the ``ins`` CTE stored,
# and the keys it stored.
STAGED_SOURCES_OF_INSERTED = """src AS (
                INSERT INTO audits_retrievedsource (interaction_id, rank, article_key, title, url,
                    text, score, bot_id, occurred_at)
                SELECT ins.id, ss.rank, ss.article_key, ss.title, ss.url, ss.text, ss.score,
                    ins.bot_id, ins.timestamp
                FROM kb_stage_source ss
                JOIN ins ON ins.bot_id = ss.bot_id AND ins.external_id = ss.interaction_external_id
            )
            SELECT bot_id, external_id FROM ins"""


class PostgresCopyWriter:
    """COPY into session-local staging tables, then set-based INSERT … ON CONFLICT.

    On the partitioned layout (audits/partitions.py) the idempotency key is the key
    table's unique index, filled by a trigger in the statement that inserts: the COPY
    fails on a stored id as it did on the interactions' own index, and ids are looked
    up, claimed and matched with feedback through that table.
    """

    STAGING = """
        CREATE TEMP TABLE IF NOT EXISTS kb_stage_interaction (
            bot_id bigint, external_id text, conversation_external_id text,
            ts timestamptz, query text, response text, query_key text,
            feedback text, metadata text, n_sources int
        ) ON COMMIT DELETE ROWS;
        CREATE TEMP TABLE IF NOT EXISTS kb_stage_source (
            bot_id bigint, interaction_external_id text, rank int, article_key text,
            title text, url text, text text, score double precision
        ) ON COMMIT DELETE ROWS;
        CREATE TEMP TABLE IF NOT EXISTS kb_stage_conversation (
            id bigint, bot_id bigint, external_id text, started_at timestamptz,
            last_activity_at timestamptz
        ) ON COMMIT DELETE ROWS;
        -- A chunk written inside an outer transaction (the API, tests) sees no commit.
        DELETE FROM kb_stage_interaction; DELETE FROM kb_stage_source;
        DELETE FROM kb_stage_conversation;
    """
    FEEDBACK_STAGING = """
        CREATE TEMP TABLE IF NOT EXISTS kb_stage_feedback (
            line int, bot_id bigint, external_id text, feedback text, feedback_only boolean
        ) ON COMMIT DELETE ROWS;
        DELETE FROM kb_stage_feedback;
    """

    def __init__(self) -> None:
        self.partitioned = tables_partitioned()
        self.keys = "audits_interactionkey" if self.partitioned else "audits_interaction"

    def write(
        self,
        *,
        interactions: Sequence[InteractionRecord],
        feedback: Sequence[FeedbackRecord],
        bot_ids: dict[str, int],
        run_id: int | None,
        prepared: PreparedChunk | None = None,
        durable: bool = False,
    ) -> ChunkResult:
        result = ChunkResult()
        with transaction.atomic(), connection.cursor() as cursor:
            self._fast_commit(cursor, durable)
            cursor.execute(self.STAGING)
            existing = self._existing(cursor, interactions, bot_ids, run_id)
            new = [r for r in interactions if (bot_ids[r.bot], r.external_id) not in existing]
            taken: list[InteractionRecord] = []
            if new:
                # Rows formatted ahead assume that none of them is stored yet.
                usable = prepared if prepared is not None and not existing else None
                inserted = self._insert(cursor, new, bot_ids, run_id, usable)
                result.imported = len(inserted)
                taken = [r for r in new if (bot_ids[r.bot], r.external_id) not in inserted]
            result.duplicates = len(interactions) - result.imported
            # Feedback of a record stored just now is already in place; a re-sent
            # record's may be news.
            resent = [r for r in interactions if (bot_ids[r.bot], r.external_id) in existing]
            result.conflicts = stored_conflicts([*resent, *taken], bot_ids, run_id)
            self._feedback(cursor, [*resent, *taken], feedback, bot_ids, run_id, result)
        return result

    @staticmethod
    def _fast_commit(cursor, durable: bool) -> None:
        # A lost commit after a crash is re-imported by the next run of a file (imports
        # are idempotent), and not waiting for the WAL flush roughly halves commit time.
        # The API's caller got a 200 for its batch and will not send it again: durable.
        if not durable:
            cursor.execute("SET LOCAL synchronous_commit = off")

    def write_prepared(
        self,
        *,
        prepared: PreparedChunk | None,
        feedback: Sequence[FeedbackRecord],
        bot_ids: dict[str, int],
        run_id: int | None,
    ) -> ChunkResult | None:
        """Write a chunk from its prepared bytes alone (parallel.py); None when one of its
        ids is stored, having written nothing. PreparedChunkUnusable when the bytes turn
        out not to hold while writing: the transaction is the caller's to roll back (a
        savepoint around the COPYs cost two round trips per chunk)."""
        result = ChunkResult()
        # No savepoint of its own (a round trip each way, twenty times per 100,000 rows):
        # the caller's transaction is the chunk's.
        with transaction.atomic(savepoint=False), connection.cursor() as cursor:
            if prepared is None:
                self._fast_commit(cursor, durable=False)
            else:
                (first_slug, first_id), (last_slug, last_id) = prepared.keys[0], prepared.keys[-1]
                keys = {(bot_ids[first_slug], first_id), (bot_ids[last_slug], last_id)}
                # A file imported again is caught by its chunk's first and last ids; any
                # other stored id makes the COPY fail on the unique index, and the chunk
                # is written the ordinary way. Looking every id up first cost the import
                # an index probe per row.
                if self._any_stored(cursor, keys, run_id, fast_commit=True):
                    return None
                try:
                    written = self._copy_prepared_bytes(cursor, prepared, bot_ids, run_id)[0]
                except UNIQUE_TAKEN as exc:  # a concurrent import stored some since we looked
                    raise PreparedChunkUnusable from exc
                if not written:
                    raise PreparedChunkUnusable
                result.imported = len(prepared.keys)
            self._feedback(cursor, [], feedback, bot_ids, run_id, result)
        return result

    def _feedback(self, cursor, resent, feedback, bot_ids, run_id, result: ChunkResult) -> None:
        rows = self._feedback_rows(resent, feedback, bot_ids)
        if not rows:
            return
        # Only here: a chunk that touches no temporary table is not made to truncate
        # them all at its commit.
        cursor.execute(self.FEEDBACK_STAGING)
        with cursor.cursor.copy(
            "COPY kb_stage_feedback (line, bot_id, external_id, feedback, feedback_only) FROM STDIN"
        ) as copy:
            for row in rows:
                copy.write_row(row)
        result.feedback_updated = self._apply_feedback(cursor, run_id)
        orphans = self._orphan_feedback_lines(cursor, run_id)
        result.orphan_feedback = [f for f in feedback if f.line in orphans]

    def _existing(self, cursor, interactions, bot_ids, run_id) -> set[tuple[int, str]]:
        return self._existing_keys(
            cursor, [(bot_ids[r.bot], r.external_id) for r in interactions], run_id
        )

    def _any_stored(self, cursor, keys, run_id, *, fast_commit: bool = False) -> bool:
        """Whether one of a few keys is stored: one equality per key, which is an index
        probe whatever the planner believes. ``= ANY(array)`` became a scan of the bot's
        whole index while a first import was loading (no statistics yet): a cost per
        chunk that grew with the rows already imported.

        ``fast_commit``: the same statement turns the commit's wait off (_fast_commit)."""
        probe = (
            f"EXISTS (SELECT 1 FROM {self.keys}"
            f" WHERE bot_id = %s AND {self._run_clause(self.keys, run_id)} AND external_id = %s)"
        )
        setting = "set_config('synchronous_commit', 'off', true), " if fast_commit else ""
        cursor.execute(
            f"SELECT {setting}{' OR '.join(probe for _ in keys)}",
            [value for key in keys for value in key],
        )
        return cursor.fetchone()[-1]

    def _existing_keys(self, cursor, keys, run_id) -> set[tuple[int, str]]:
        by_bot: dict[int, list[str]] = {}
        for bot_id, external_id in keys:
            by_bot.setdefault(bot_id, []).append(external_id)
        existing: set[tuple[int, str]] = set()
        for bot_id, external_ids in by_bot.items():
            cursor.execute(
                f"SELECT external_id FROM {self.keys}"
                f" WHERE bot_id = %s AND {self._run_clause(self.keys, run_id)}"
                " AND external_id = ANY(%s)",
                [bot_id, external_ids],
            )
            existing.update((bot_id, row[0]) for row in cursor.fetchall())
        return existing

    def _insert(self, cursor, new, bot_ids, run_id, prepared=None) -> set[tuple[int, str]]:
        """COPY straight into the tables; if a concurrent import stored some of these
        ids since we looked, redo the chunk through staging with ON CONFLICT DO NOTHING.
        Returns the keys this chunk stored."""
        try:
            with transaction.atomic():
                if prepared is not None and prepared.keys == [r.key for r in new]:
                    self._copy_prepared(cursor, new, bot_ids, run_id, prepared)
                else:
                    conversations = self._conversation_ids(cursor, _spans(new, bot_ids), run_id)
                    self._copy_new(cursor, new, bot_ids, conversations, run_id)
            return {(bot_ids[r.bot], r.external_id) for r in new}
        except UNIQUE_TAKEN:
            cursor.execute(self.STAGING)
            self._copy_interactions(cursor.cursor, new, bot_ids)
            self._upsert_conversations(cursor, run_id)
            return self._insert_interactions(cursor, run_id)

    def _copy_prepared(self, cursor, new, bot_ids, run_id, prepared: PreparedChunk) -> None:
        written, conversations = self._copy_prepared_bytes(cursor, prepared, bot_ids, run_id)
        if not written:
            self._copy_new(cursor, new, bot_ids, conversations, run_id)

    def _copy_prepared_bytes(self, cursor, prepared, bot_ids, run_id) -> tuple[bool, dict]:
        """Store the conversations, then COPY the prepared bytes if they still hold: False
        (and the conversations' real ids) when the bot's stand-in turned up in the data
        itself. A conversation already stored under another id (continued from an earlier
        file, or begun in a chunk another reader prepared) gets that id in its rows."""
        spans = {
            (bot_ids[slug], external_id): (first, last, pk)
            for (slug, external_id), (pk, first, last) in prepared.conversations.items()
        }
        elsewhere = self._conversations_store(cursor, spans, run_id)
        actual = {key: elsewhere.get(key, pk) for key, (_, _, pk) in spans.items()}
        moved = {
            (slug, external_id): elsewhere[(bot_ids[slug], external_id)]
            for slug, external_id in prepared.conversations
            if (bot_ids[slug], external_id) in elsewhere
        }
        encoded = []
        for table, columns, payloads in (
            ("audits_interaction", INTERACTION_COLUMNS, prepared.interactions),
            ("audits_retrievedsource", SOURCE_COLUMNS, prepared.sources),
        ):
            for slug, payload in payloads.items():
                data = prepared.for_bot(payload, bot_ids[slug], moved)
                if data is None:
                    return False, actual
                encoded.append((table, columns, data))
        for table, columns, data in encoded:
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)") as copy:
                copy.write(data)
        return True, actual

    def _conversations_store(self, cursor, spans, run_id) -> dict[tuple[int, str], int]:
        """Insert or widen the conversations of ``spans`` ((bot id, external id) → (first,
        last turn in microseconds since the epoch, id)), in one statement; the ids of those
        stored under another id than the one given. Through a staging table, a chunk's
        conversations cost two round trips and the return of every id."""
        ids, bots, external_ids, firsts, lasts = [], [], [], [], []
        for (bot_id, external_id), (first, last, pk) in spans.items():
            ids.append(pk)
            bots.append(bot_id)
            external_ids.append(external_id)
            firsts.append(first)
            lasts.append(last)
        # Unconditional DO UPDATE so that RETURNING yields the ids already stored.
        cursor.execute(
            f"""
            WITH given AS (
                SELECT id, bot_id, external_id,
                    timestamptz 'epoch' + first_us * interval '1 microsecond' AS started_at,
                    timestamptz 'epoch' + last_us * interval '1 microsecond' AS last_activity_at
                FROM unnest(%s::bigint[], %s::bigint[], %s::text[], %s::bigint[], %s::bigint[])
                    AS g (id, bot_id, external_id, first_us, last_us)
            ), stored AS (
                INSERT INTO audits_conversation (id, bot_id, run_id, external_id, started_at,
                    last_activity_at)
                SELECT id, bot_id, %s, external_id, started_at, last_activity_at FROM given
                ORDER BY bot_id, external_id  -- one lock order for concurrent imports
                ON CONFLICT {self._conflict_target(run_id)} DO UPDATE SET {CONVERSATION_WIDENED}
                RETURNING id, bot_id, external_id
            )
            SELECT s.id, s.bot_id, s.external_id FROM stored s
            JOIN given g ON g.bot_id = s.bot_id AND g.external_id = s.external_id
            WHERE s.id <> g.id
            """,
            [ids, bots, external_ids, firsts, lasts, run_id],
        )
        return {(bot_id, external_id): pk for pk, bot_id, external_id in cursor.fetchall()}

    def _conversation_ids(self, cursor, spans, run_id) -> dict[tuple[int, str], int]:
        """Insert or widen the conversations of ``spans`` ((bot id, external id) → (first,
        last, id or None)) and return every one's id, new or known."""
        explicit = any(span[2] is not None for span in spans.values())
        with cursor.cursor.copy(
            "COPY kb_stage_conversation (id, bot_id, external_id, started_at, last_activity_at)"
            " FROM STDIN"
        ) as copy:
            for (bot_id, external_id), (first, last, pk) in spans.items():
                copy.write_row((pk, bot_id, external_id, first, last))
        columns = "id, " if explicit else ""
        # Unconditional DO UPDATE so that RETURNING yields every id, new or known.
        cursor.execute(
            f"""
            INSERT INTO audits_conversation ({columns}bot_id, run_id, external_id, started_at,
                last_activity_at)
            SELECT {columns}bot_id, %s, external_id, started_at, last_activity_at
            FROM kb_stage_conversation
            ORDER BY bot_id, external_id  -- one lock order for concurrent imports
            ON CONFLICT {self._conflict_target(run_id)} DO UPDATE SET {CONVERSATION_WIDENED}
            RETURNING id, bot_id, external_id
            """,
            [run_id],
        )
        return {(bot_id, external_id): pk for pk, bot_id, external_id in cursor.fetchall()}

    @staticmethod
    def _copy_new(cursor, new, bot_ids, conversations, run_id) -> None:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence('audits_interaction', 'id'))"
            " FROM generate_series(1, %s)",
            [len(new)],
        )
        ids = [row[0] for row in cursor.fetchall()]
        raw = cursor.cursor
        # Binary COPY: the server skips parsing text, timestamps above all.
        with raw.copy(
            f"COPY audits_interaction ({INTERACTION_COLUMNS}) FROM STDIN (FORMAT BINARY)",
            writer=QueuedLibpqWriter(raw),
        ) as copy:
            copy.set_types(INTERACTION_TYPES)
            for pk, r in zip(ids, new, strict=True):
                bot_id = bot_ids[r.bot]
                copy.write_row(
                    (
                        pk,
                        bot_id,
                        conversations[(bot_id, r.conversation_id)],
                        run_id,
                        r.external_id,
                        r.timestamp,
                        r.query,
                        r.response,
                        r.query_key,
                        r.feedback,
                        r.timestamp if r.feedback else None,
                        Jsonb(r.metadata, dumps=json_dumps),
                        len(r.sources),
                    )
                )
        with raw.copy(
            f"COPY audits_retrievedsource ({SOURCE_COLUMNS}) FROM STDIN (FORMAT BINARY)",
            writer=QueuedLibpqWriter(raw),
        ) as copy:
            copy.set_types(SOURCE_TYPES)
            for pk, r in zip(ids, new, strict=True):
                bot_id = bot_ids[r.bot]
                for s in r.sources:
                    copy.write_row(
                        (
                            pk,
                            s.rank,
                            s.article_key,
                            s.title,
                            s.url,
                            s.text,
                            s.score,
                            bot_id,
                            r.timestamp,
                        )
                    )

    @staticmethod
    def _copy_interactions(raw, interactions, bot_ids) -> None:
        with raw.copy(
            "COPY kb_stage_interaction (bot_id, external_id, conversation_external_id, ts,"
            " query, response, query_key, feedback, metadata, n_sources) FROM STDIN"
        ) as copy:
            for r in interactions:
                copy.write_row(
                    (
                        bot_ids[r.bot],
                        r.external_id,
                        r.conversation_id,
                        r.timestamp,
                        r.query,
                        r.response,
                        r.query_key,
                        r.feedback,
                        metadata_json(r.metadata),
                        len(r.sources),
                    )
                )
        with raw.copy(
            "COPY kb_stage_source (bot_id, interaction_external_id, rank, article_key, title,"
            " url, text, score) FROM STDIN"
        ) as copy:
            for r in interactions:
                bot_id = bot_ids[r.bot]
                for s in r.sources:
                    copy.write_row(
                        (
                            bot_id,
                            r.external_id,
                            s.rank,
                            s.article_key,
                            s.title,
                            s.url,
                            s.text,
                            s.score,
                        )
                    )

    @staticmethod
    def _conflict_target(run_id: int | None) -> str:
        if run_id is None:
            return "(bot_id, external_id) WHERE run_id IS NULL"
        return "(run_id, bot_id, external_id) WHERE run_id IS NOT NULL"

    @staticmethod
    def _run_clause(alias: str, run_id: int | None) -> str:
        return f"{alias}.run_id IS NULL" if run_id is None else f"{alias}.run_id = {int(run_id)}"

    def _upsert_conversations(self, cursor, run_id: int | None) -> None:
        """Conversations of the staged interactions, widened to span every turn."""
        target = self._conflict_target(run_id)
        cursor.execute(
            f"""
            INSERT INTO audits_conversation (bot_id, run_id, external_id, started_at, last_activity_at)
            SELECT bot_id, %s, conversation_external_id, min(ts), max(ts)
            FROM kb_stage_interaction GROUP BY bot_id, conversation_external_id
            ORDER BY bot_id, conversation_external_id
            ON CONFLICT {target} DO UPDATE SET
                started_at = LEAST(audits_conversation.started_at, EXCLUDED.started_at),
                last_activity_at = GREATEST(audits_conversation.last_activity_at,
                                            EXCLUDED.last_activity_at)
            WHERE audits_conversation.started_at > EXCLUDED.started_at
               OR audits_conversation.last_activity_at < EXCLUDED.last_activity_at
            """,
            [run_id],
        )

    def _insert_interactions(self, cursor, run_id: int | None) -> set[tuple[int, str]]:
        if self.partitioned:
            return self._insert_claimed_interactions(cursor, run_id)
        target = self._conflict_target(run_id)
        cursor.execute(
            f"""
            WITH ins AS (
                INSERT INTO audits_interaction (bot_id, conversation_id, run_id, external_id,
                    timestamp, query, response, query_key, feedback, feedback_at, metadata,
                    n_sources)
                SELECT s.bot_id, c.id, %s, s.external_id, s.ts, s.query, s.response,
                    s.query_key, s.feedback, CASE WHEN s.feedback IS NULL THEN NULL ELSE s.ts END,
                    s.metadata::jsonb, s.n_sources
                FROM kb_stage_interaction s
                JOIN audits_conversation c ON c.bot_id = s.bot_id
                    AND c.external_id = s.conversation_external_id AND {self._run_clause("c", run_id)}
                ORDER BY s.bot_id, s.external_id
                ON CONFLICT {target} DO NOTHING
                RETURNING id, bot_id, external_id, timestamp
            ), {STAGED_SOURCES_OF_INSERTED}
            """,
            [run_id],
        )
        return {(bot_id, external_id) for bot_id, external_id in cursor.fetchall()}

    def _insert_claimed_interactions(self, cursor, run_id: int | None) -> set[tuple[int, str]]:
        """The staged interactions whose keys this chunk claims in the key table: a key
        another import holds uncommitted waits for it, then counts as stored."""
        cursor.execute(
            f"""
            WITH claimed AS (
                INSERT INTO audits_interactionkey (interaction_id, bot_id, run_id, external_id,
                    "timestamp")
                SELECT nextval(pg_get_serial_sequence('audits_interaction', 'id')), s.bot_id,
                    %s, s.external_id, s.ts
                FROM kb_stage_interaction s
                ORDER BY s.bot_id, s.external_id
                ON CONFLICT DO NOTHING
                RETURNING interaction_id, bot_id, external_id
            ), ins AS (
                INSERT INTO audits_interaction (id, bot_id, conversation_id, run_id,
                    external_id, timestamp, query, response, query_key, feedback, feedback_at,
                    metadata, n_sources)
                SELECT k.interaction_id, s.bot_id, c.id, %s, s.external_id, s.ts, s.query,
                    s.response, s.query_key, s.feedback,
                    CASE WHEN s.feedback IS NULL THEN NULL ELSE s.ts END,
                    s.metadata::jsonb, s.n_sources
                FROM kb_stage_interaction s
                JOIN claimed k ON k.bot_id = s.bot_id AND k.external_id = s.external_id
                JOIN audits_conversation c ON c.bot_id = s.bot_id
                    AND c.external_id = s.conversation_external_id AND {self._run_clause("c", run_id)}
                RETURNING id, bot_id, external_id, timestamp
            ), {STAGED_SOURCES_OF_INSERTED}
            """,
            [run_id, run_id],
        )
        return {(bot_id, external_id) for bot_id, external_id in cursor.fetchall()}

    @staticmethod
    def _feedback_rows(interactions, feedback, bot_ids) -> list[tuple]:
        rows = [
            (r.line, bot_ids[r.bot], r.external_id, r.feedback, False)
            for r in interactions
            if r.feedback is not None
        ]
        rows += [(f.line, bot_ids[f.bot], f.external_id, f.feedback, True) for f in feedback]
        return rows

    def _apply_feedback(self, cursor, run_id: int | None) -> int:
        # The latest line for an id wins when a chunk holds several.
        if self.partitioned:
            # Through the key table, whose timestamp prunes each update to its month.
            cursor.execute(
                f"""
                UPDATE audits_interaction i SET feedback = f.feedback, feedback_at = now()
                FROM {LATEST_FEEDBACK} f
                JOIN audits_interactionkey k ON k.bot_id = f.bot_id
                    AND k.external_id = f.external_id AND {self._run_clause("k", run_id)}
                WHERE i.id = k.interaction_id AND i.timestamp = k.timestamp
                  AND i.feedback IS DISTINCT FROM f.feedback
                """
            )
            return cursor.rowcount
        cursor.execute(
            f"""
            UPDATE audits_interaction i SET feedback = f.feedback, feedback_at = now()
            FROM {LATEST_FEEDBACK} f
            WHERE i.bot_id = f.bot_id AND i.external_id = f.external_id
              AND {self._run_clause("i", run_id)} AND i.feedback IS DISTINCT FROM f.feedback
            """
        )
        return cursor.rowcount

    def _orphan_feedback_lines(self, cursor, run_id: int | None) -> set[int]:
        cursor.execute(
            f"""
            SELECT f.line FROM kb_stage_feedback f
            WHERE f.feedback_only AND NOT EXISTS (
                SELECT 1 FROM {self.keys} i
                WHERE i.bot_id = f.bot_id AND i.external_id = f.external_id
                  AND {self._run_clause("i", run_id)})
            """
        )
        return {row[0] for row in cursor.fetchall()}
