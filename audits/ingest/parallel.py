"""Reading a JSONL file in a second process while this one writes (PostgreSQL).

Parsing, validating and encoding a chunk costs the interpreter more than sending it,
and two threads share one interpreter: the database ends up waiting for the writer.
So a child process reads the file, validates each line and encodes the chunk for binary
COPY (see prepare.py), and sends this process only what writing needs: the bytes, the
ids they assume, the rejections, the feedback records and the articles cited. When the
writer cannot use the prepared bytes (an id already stored, a conversation stored under
another id), it reads the chunk's lines again from the file and writes them the
ordinary way.

A chunk crosses in shared memory, one block per chunk that the writer unlinks once the
chunk is written (its bytes, then the rest of the summary pickled); the queue carries
only the block's name. Pickled through the queue, each chunk's megabytes were copied
four times and cost the writer more CPU to unpickle than to send to the database.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import multiprocessing
import pickle
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from multiprocessing import resource_tracker, shared_memory

from audits.ingest.conflicts import Conflict, record_conflict
from audits.ingest.decoding import decoded_records
from audits.ingest.prepare import ChunkPreparer, Payload, PreparedChunk
from audits.ingest.readers import jsonl_rows
from audits.ingest.records import (
    EscalationRecord,
    FeedbackRecord,
    InteractionRecord,
    RecordError,
    record_parts,
)

_DONE = "done"


@dataclass
class ChunkSummary:
    first_line: int
    start: int  # byte offset of the chunk's first line
    end: int  # byte offset just after its last line
    n_lines: int
    bytes_read: int
    prepared: PreparedChunk | None
    slugs: set[str] = field(default_factory=set)
    feedback: list[FeedbackRecord] = field(default_factory=list)
    escalations: list[EscalationRecord] = field(default_factory=list)
    rejections: list[tuple[int, str, str]] = field(default_factory=list)
    # {(bot slug, article key): (title, url)}
    article_refs: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    in_chunk_duplicates: int = 0
    conflicts: list[Conflict] = field(default_factory=list)
    # The shared memory block holding the prepared data (see _share).
    shared_block: str | None = None


def read_chunk(path: str, summary: ChunkSummary) -> Iterator[tuple[int, object]]:
    """The chunk's lines again, decoded, as the in-process reader yields them."""
    with open(path, "rb") as handle:
        handle.seek(summary.start)
        lines = islice(handle, summary.n_lines)
        for number, decoded in jsonl_rows(lines):
            yield summary.first_line + number - 1, decoded


def summaries(
    path: str,
    *,
    chunk_size: int,
    default_bot: str | None,
    run_id: int | None,
    connect,
    readers: int = 1,
    known_bots: dict[str, int] | None = None,
) -> Iterator[ChunkSummary]:
    """Chunk summaries in file order from ``readers`` child processes, each taking every
    ``readers``-th chunk, a bounded number ahead. A conversation that crosses into a
    chunk another reader prepared is joined by the writer (see PreparedChunk.for_bot).

    ``known_bots``: the writer's {slug: bot id}, filled in as it resolves them; each is
    passed on to the readers, whose later chunks carry the id in their rows."""
    context = multiprocessing.get_context("fork")
    queues = [context.Queue(maxsize=2) for _ in range(readers)]
    bot_queues = [context.SimpleQueue() for _ in range(readers)]
    children = [
        context.Process(
            target=_child,
            args=(queue, path, chunk_size, default_bot, run_id, connect, index, readers),
            kwargs={"bots": bots},
            name=f"kbaudit-import-reader-{index}",
            daemon=True,
        )
        for index, (queue, bots) in enumerate(zip(queues, bot_queues, strict=True))
    ]
    # One tracker for the readers and the writer: it unlinks a block whose chunk was
    # never written (a process killed), and only that.
    resource_tracker.ensure_running()
    for child in children:
        child.start()
    passed_on: set[str] = set()
    try:
        for turn in itertools.count():
            for slug, bot_id in (known_bots or {}).items():
                if slug not in passed_on:
                    passed_on.add(slug)
                    for bots in bot_queues:
                        bots.put((slug, bot_id))
            kind, payload = queues[turn % readers].get()
            if kind == _DONE:  # this reader's next chunk would have been the next one
                return
            if kind == "error":
                raise RuntimeError(f"the import's reading process failed:\n{payload}")
            summary = _receive(payload)
            block = _attach(summary)
            try:
                yield summary
            finally:
                _release(summary, block)
    finally:
        for child in children:
            if child.is_alive():
                child.terminate()
            child.join()


def _child(
    queue, path, chunk_size, default_bot, run_id, connect, index=0, readers=1, bots=None
) -> None:
    # The collector's passes over a chunk's records (and over what the fork inherited)
    # cost the reader more than validating them: it collects once per chunk instead, when
    # the chunk has left, so the few cycles (a rejection's traceback) are still freed.
    gc.freeze()
    gc.disable()
    preparer = ChunkPreparer(connect, run_id=run_id)

    def learn_bots() -> None:
        while bots is not None and not bots.empty():
            slug, bot_id = bots.get()
            preparer.bot_ids[slug] = bot_id

    try:
        for summary in _read(path, chunk_size, default_bot, preparer, index, readers, learn_bots):
            queue.put(("chunk", _share(summary)))
            del summary
            gc.collect()
        queue.put((_DONE, None))
    except BaseException:  # reported to the writer, which raises it
        queue.put(("error", traceback.format_exc()))
    finally:
        preparer.close()


# The first chunks of a large chunk size are smaller (an eighth, a quarter, a half): the
# database starts on the first while the reader decodes the next, instead of waiting for
# a whole chunk (about a second of a 100,000-line import on a busy machine).
RAMP_CHUNKS = 3
RAMP_FROM = 800  # chunk sizes below this one are used as they are


def chunk_lines(chunk_size: int, chunk: int) -> int:
    """Lines in the file's ``chunk``-th chunk (from 0)."""
    if chunk_size < RAMP_FROM or chunk >= RAMP_CHUNKS:
        return chunk_size
    return chunk_size >> (RAMP_CHUNKS - chunk)


def _read(
    path, chunk_size, default_bot, preparer, index=0, readers=1, before_chunk=None
) -> Iterator[ChunkSummary]:
    """This reader's chunks: every line is read (to count lines and bytes), only its own
    chunks are decoded (``before_chunk`` is called before each)."""
    before_chunk = before_chunk or (lambda: None)
    with open(path, "rb") as handle:
        offset, first_line, chunk = 0, 1, 0
        # A chunk's lines taken at once (islice), not appended one by one in Python.
        while lines := list(islice(handle, chunk_lines(chunk_size, chunk))):
            if chunk % readers == index:
                before_chunk()
                yield _summarise(lines, first_line, offset, default_bot, preparer)
            offset += sum(map(len, lines))
            first_line += len(lines)
            chunk += 1


def _summarise(lines, first_line, start, default_bot, preparer) -> ChunkSummary:
    size = sum(map(len, lines))
    summary = ChunkSummary(first_line, start, start + size, len(lines), size, None)
    records: dict[tuple[str, str], InteractionRecord] = {}
    for line, record, external_id in decoded_records(
        lines, first_line=first_line, default_bot=default_bot
    ):
        if isinstance(record, RecordError):
            summary.rejections.append((line, str(record), external_id))
            continue
        summary.slugs.add(record.bot)
        record, feedback, escalation = record_parts(record)
        if feedback is not None:
            summary.feedback.append(feedback)
        if escalation is not None:
            summary.escalations.append(escalation)
        if record is None:
            continue
        if record.key in records:
            summary.in_chunk_duplicates += 1
            conflict = record_conflict(records[record.key], record)
            if conflict is not None:
                summary.conflicts.append(conflict)
            if record.feedback is not None:
                summary.feedback.append(
                    FeedbackRecord(record.line, record.bot, record.external_id, record.feedback)
                )
        else:
            records[record.key] = record
            refs = summary.article_refs
            for source in record.sources:
                if (ref := (record.bot, source.article_key)) not in refs:
                    refs[ref] = (source.title, source.url)
    if records:
        summary.prepared = preparer.prepare(list(records.values()))
    return summary


def _shareable(summary: ChunkSummary) -> list[Payload]:
    """The payloads that cross in shared memory: all of them. Those with the bot's
    stand-in (the first chunks, before the writer resolved the bot) were pickled: 14 MB
    a chunk through the pipe, which held up the writer's first writes."""
    prepared = summary.prepared
    if prepared is None:
        return []
    return [*prepared.interactions.values(), *prepared.sources.values()]


def _share(summary: ChunkSummary) -> tuple[str, int, int]:
    """Move the chunk into a shared memory block of its own (in the reader): its data,
    then the rest of it pickled. Returns what crosses the queue: the block's name and
    where the pickle lies in it. Through the queue's pipe, even a chunk's rest (half a
    megabyte) crossed in 64 KB steps, each waiting for the other process to be
    scheduled: up to a second per chunk on a busy machine."""
    payloads = _shareable(summary)
    buffers = [payload.data for payload in payloads]
    offset = 0
    for payload in payloads:
        length = len(payload.data)
        payload.data, payload.shared = bytearray(), (offset, length)
        offset += length
    pickled = pickle.dumps(summary, protocol=pickle.HIGHEST_PROTOCOL)
    block = shared_memory.SharedMemory(create=True, size=offset + len(pickled))
    at = 0
    for data in buffers:
        block.buf[at : at + len(data)] = data
        at += len(data)
    block.buf[at : at + len(pickled)] = pickled
    name = block.name
    block.close()
    return name, at, len(pickled)


def _receive(ticket: tuple[str, int, int]) -> ChunkSummary:
    """The chunk a reader shared (in the writer), its data still in the block."""
    name, offset, length = ticket
    block = shared_memory.SharedMemory(name=name)
    try:
        summary = pickle.loads(block.buf[offset : offset + length])
    finally:
        block.close()
    summary.shared_block = name
    return summary


def _attach(summary: ChunkSummary) -> shared_memory.SharedMemory | None:
    """The chunk's data back in its payloads, as views of its block (in the writer)."""
    if summary.shared_block is None:
        return None
    block = shared_memory.SharedMemory(name=summary.shared_block)
    for payload in _shareable(summary):
        offset, length = payload.shared
        payload.data = block.buf[offset : offset + length]
    return block


def _release(summary: ChunkSummary, block: shared_memory.SharedMemory | None) -> None:
    if block is None:
        return
    for payload in _shareable(summary):
        payload.data = bytearray()
    with contextlib.suppress(BufferError):  # a view still referenced: freed with it
        block.close()
    block.unlink()
