"""Preparing a chunk's COPY data before the database is ready for it (PostgreSQL only).

The importer parses in one thread and writes in another; the writer's own Python work
competes with the parser for the interpreter while the database waits. So the parsing
thread also encodes the rows in PostgreSQL's binary COPY format and reserves their ids
from the sequences (ids cost nothing to waste), leaving the writer nothing to do but
send bytes. The writer checks every assumption made here (no id already stored,
conversations new or known under the ids given, one bot mark per row) and encodes the
rows itself when one fails.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import orjson
from psycopg.adapt import Transformer
from psycopg.pq import Format
from psycopg.types.json import Jsonb

from audits.ingest.records import FeedbackRecord, InteractionRecord

if TYPE_CHECKING:  # the conflicts module reads the database; this one must not
    from audits.ingest.conflicts import Conflict

try:  # the C encoder psycopg's own COPY uses; without it the writer encodes rows itself
    from psycopg._copy_base import _binary_signature, _binary_trailer, format_row_binary
except ImportError:  # pragma: no cover - a psycopg without it
    format_row_binary = None

# The bot's id is not known to the parsing thread (resolving a bot may create it in the
# writer's transaction): rows carry this stand-in, which the writer swaps for the id.
BOT_STANDIN = 0x7E5A_93C1_0B6D_24F7
_INT8 = b"\x00\x00\x00\x08"
BOT_MARK = _INT8 + BOT_STANDIN.to_bytes(8, "big")
# Conversations a file may continue across chunks, remembered by their reserved id.
REMEMBERED_CONVERSATIONS = 100_000

INTERACTION_COLUMNS = (
    "id, bot_id, conversation_id, run_id, external_id, timestamp, query, response, "
    "query_key, feedback, feedback_at, metadata, n_sources"
)
INTERACTION_TYPES = [
    "int8", "int8", "int8", "int8", "varchar", "timestamptz", "text", "text", "varchar",
    "varchar", "timestamptz", "jsonb", "int2",
]  # fmt: skip
SOURCE_COLUMNS = "interaction_id, rank, article_key, title, url, text, score, bot_id, occurred_at"
SOURCE_TYPES = [
    "int8", "int2", "varchar", "varchar", "varchar", "text", "float8", "int8", "timestamptz",
]  # fmt: skip


def json_dumps(value) -> bytes:
    return orjson.dumps(value)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def epoch_microseconds(moment: datetime) -> int:
    """A conversation's first and last turn as they cross to the writer and into SQL:
    integers pickle and bind several times faster than datetimes."""
    return (moment - _EPOCH) // _MICROSECOND


# Where a row's conversation id sits in binary COPY data: after the field count (2
# bytes) and the id and bot fields (4-byte length + 8 bytes each), past its own length.
CONVERSATION_OFFSET = 2 + 12 + 12 + 4


@dataclass
class Payload:
    data: bytearray = field(default_factory=bytearray)
    rows: int = 0
    # The bot's id when the reader knew it (the rows carry it), else None (the stand-in).
    bot_id: int | None = None
    # (offset, length) of the data in the chunk's shared memory block while it crosses
    # from the reader to the writer (parallel.py), which fills ``data`` back in.
    shared: tuple[int, int] | None = None
    # Interaction rows: (offset of the row, the conversation key it names).
    conversations: list[tuple[int, tuple[str, str]]] = field(default_factory=list)


@dataclass
class PreparedChunk:
    """Binary COPY data per bot slug, and the ids it assumes."""

    keys: list[tuple[str, str]]
    ids: list[int]
    # {(bot slug, conversation id): (reserved id, first and last turn in microseconds
    # since the epoch)}
    conversations: dict[tuple[str, str], tuple[int, int, int]]
    interactions: dict[str, Payload] = field(default_factory=dict)
    sources: dict[str, Payload] = field(default_factory=dict)

    @staticmethod
    def for_bot(
        payload: Payload, bot_id: int, conversation_ids: dict[tuple[str, str], int] | None = None
    ) -> bytearray | None:
        """The data with the bot's id in place, or None if the stand-in is ambiguous; with
        ``conversation_ids``, rows naming one of those conversations get its id instead of
        the one reserved (a conversation already stored, or begun by another reader).
        Data encoded with the bot's id already is used as it is (None if it names
        another id)."""
        if payload.bot_id is not None:
            if payload.bot_id != bot_id:
                return None
            data = payload.data
        else:
            # On the bytearray itself: a chunk's data is megabytes, each copy costs the
            # writer (data in shared memory is copied once, to count and replace in).
            data = payload.data
            if not isinstance(data, bytearray):
                data = bytearray(data)
            if data.count(BOT_MARK) != payload.rows:
                return None
            data = data.replace(BOT_MARK, _INT8 + bot_id.to_bytes(8, "big", signed=True))
        for offset, key in payload.conversations if conversation_ids else ():
            if key in conversation_ids:
                at = offset + CONVERSATION_OFFSET
                data[at : at + 8] = conversation_ids[key].to_bytes(8, "big", signed=True)
        return data


@dataclass
class ChunkResult:
    """What writing a chunk did (either writer gives the same for the same chunk)."""

    imported: int = 0
    duplicates: int = 0
    feedback_updated: int = 0
    # Feedback-only records whose interaction is not stored.
    orphan_feedback: list[FeedbackRecord] = field(default_factory=list)
    # Records whose id is stored with other content (counted among the duplicates).
    conflicts: list[Conflict] = field(default_factory=list)


class ChunkPreparer:
    """Reserves ids on a connection of its own and encodes chunks for binary COPY.

    ``bot_ids``: the ids of the bots the writer has resolved ({slug: id}); rows of those
    bots carry the id itself, sparing the writer a pass over the data to put it in."""

    def __init__(self, connect, *, run_id: int | None):
        self._connect = connect
        self._conn = None
        self.run_id = run_id
        self.bot_ids: dict[str, int] = {}
        self._conversations: OrderedDict[tuple[str, str], int] = OrderedDict()
        self._tx: tuple[Transformer, Transformer] | None = None

    @staticmethod
    def available() -> bool:
        return format_row_binary is not None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _connection(self):
        if self._conn is None:
            self._conn = self._connect()
            self._tx = (self._transformer(INTERACTION_TYPES), self._transformer(SOURCE_TYPES))
        return self._conn

    def _transformer(self, types: list[str]) -> Transformer:
        tx = Transformer(self._conn)
        oids = [self._conn.adapters.types.get_oid(name) for name in types]
        tx.set_dumper_types(oids, Format.BINARY)
        return tx

    def _reserve(self, table: str, n: int) -> list[int]:
        if n == 0:
            return []
        rows = (
            self._connection()
            .execute(
                f"SELECT nextval(pg_get_serial_sequence('{table}', 'id'))"
                " FROM generate_series(1, %s)",
                [n],
            )
            .fetchall()
        )
        return [row[0] for row in rows]

    def prepare(self, records: Sequence[InteractionRecord]) -> PreparedChunk:
        first: dict[tuple[str, str], InteractionRecord] = {}
        for record in records:
            first.setdefault(record.key, record)  # the first line for an id wins
        chosen = list(first.values())
        conversations = self._conversation_ids(chosen)
        chunk = PreparedChunk(
            keys=[r.key for r in chosen],
            ids=self._reserve("audits_interaction", len(chosen)),
            conversations=conversations,
        )
        for pk, record in zip(chunk.ids, chosen, strict=True):
            conversation = conversations[(record.bot, record.conversation_id)][0]
            self._encode(chunk, pk, record, conversation)
        for payload in (*chunk.interactions.values(), *chunk.sources.values()):
            payload.data += _binary_trailer
        return chunk

    def _conversation_ids(self, records) -> dict[tuple[str, str], tuple[int, int, int]]:
        spans: dict[tuple[str, str], list] = {}
        for r in records:
            span = spans.setdefault((r.bot, r.conversation_id), [r.timestamp, r.timestamp])
            span[0], span[1] = min(span[0], r.timestamp), max(span[1], r.timestamp)
        unseen = [key for key in spans if key not in self._conversations]
        reserved = self._reserve("audits_conversation", len(unseen))
        for key, pk in zip(unseen, reserved, strict=True):
            self._conversations[key] = pk
        for key in spans:
            self._conversations.move_to_end(key)
        while len(self._conversations) > REMEMBERED_CONVERSATIONS:
            self._conversations.popitem(last=False)
        return {
            key: (self._conversations[key], epoch_microseconds(a), epoch_microseconds(b))
            for key, (a, b) in spans.items()
        }

    def _encode(self, chunk: PreparedChunk, pk: int, r: InteractionRecord, conversation: int):
        interactions_tx, sources_tx = self._tx
        bot_id = self.bot_ids.get(r.bot, BOT_STANDIN)
        row = (
            pk, bot_id, conversation, self.run_id, r.external_id, r.timestamp, r.query,
            r.response, r.query_key, r.feedback, r.timestamp if r.feedback else None,
            Jsonb(r.metadata, dumps=json_dumps), len(r.sources),
        )  # fmt: skip
        offset = _append(chunk.interactions, r.bot, row, interactions_tx, bot_id)
        chunk.interactions[r.bot].conversations.append((offset, (r.bot, r.conversation_id)))
        if not r.sources:
            return
        # Three sources a record on average: the payload is looked up once for them all.
        payload = _payload(chunk.sources, r.bot, bot_id)
        data, timestamp = payload.data, r.timestamp
        for s in r.sources:
            row = (pk, s.rank, s.article_key, s.title, s.url, s.text, s.score, bot_id, timestamp)
            format_row_binary(row, sources_tx, data)
        payload.rows += len(r.sources)


def _payload(payloads: dict[str, Payload], bot: str, bot_id) -> Payload:
    payload = payloads.get(bot)
    if payload is None:
        known = None if bot_id == BOT_STANDIN else bot_id
        payload = payloads[bot] = Payload(bytearray(_binary_signature), bot_id=known)
    return payload


def _append(payloads: dict[str, Payload], bot: str, row: tuple, tx: Transformer, bot_id) -> int:
    """Append ``row``; the offset it starts at."""
    payload = _payload(payloads, bot, bot_id)
    offset = len(payload.data)
    format_row_binary(row, tx, payload.data)
    payload.rows += 1
    return offset
