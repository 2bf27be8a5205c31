"""interaction_import: validate, chunk and store log records; report every rejection."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import psycopg
from django.conf import settings
from django.db import OperationalError, connection, transaction

from audits.ingest.conflicts import Conflict, record_conflict
from audits.ingest.escalations import escalations_apply
from audits.ingest.parallel import ChunkSummary, read_chunk, summaries
from audits.ingest.prepare import ChunkPreparer, PreparedChunk
from audits.ingest.readers import Row
from audits.ingest.records import (
    EscalationRecord,
    FeedbackRecord,
    InteractionRecord,
    RecordError,
    parse_record,
    record_parts,
)
from audits.ingest.summary import ImportSummary, Rejection
from audits.ingest.writers import PreparedChunkUnusable, chunk_writer
from audits.models import Bot, EvaluationRun, Team
from audits.signals import interactions_imported
from kbaudit.lib.prefetch import prefetched

WRITER_SWITCH_INTERVAL = 0.0001


class BotNotAllowed(Exception):
    """A record names a bot the caller may not write to (the API's 403)."""

    def __init__(self, bot: str, line: int):
        super().__init__(f"line {line}: this token cannot write interactions of bot {bot!r}")
        self.bot = bot
        self.line = line


@dataclass
class BotPolicy:
    """Which bots a caller may write: the CLI creates unknown bots, the API only its own.

    ``team``: the team of the bots it creates, and of team-less bots it writes to (a bot
    of another team is never moved).
    """

    create_missing: bool = True
    only: Bot | None = None
    team: Team | None = None
    _cache: dict[str, int] = field(default_factory=dict)
    created: list[str] = field(default_factory=list)
    # Bots written to that still have no team: only admins see them.
    teamless: list[str] = field(default_factory=list)

    @property
    def resolved(self) -> dict[str, int]:
        """{slug: bot id} of the bots resolved so far (kept up to date)."""
        return self._cache

    def resolve(self, slug: str, line: int) -> int:
        if slug in self._cache:
            return self._cache[slug]
        if self.only is not None:
            if slug != self.only.slug:
                raise BotNotAllowed(slug, line)
            bot = self.only
        elif self.create_missing:
            bot, created = Bot.objects.get_or_create(
                slug=slug, defaults={"name": slug, "team": self.team}
            )
            if created:
                self.created.append(slug)
        else:
            bot = Bot.objects.filter(slug=slug).first()
            if bot is None:
                raise RecordError(f"bot: unknown bot {slug!r}")
        if bot.team_id is None and self.team is not None:
            Bot.objects.filter(pk=bot.pk, team__isnull=True).update(team=self.team)
            bot.team = self.team
        if bot.team_id is None:
            self.teamless.append(slug)
        self._cache[slug] = bot.pk
        return bot.pk


@dataclass
class _Chunk:
    interactions: dict[tuple[str, str], InteractionRecord] = field(default_factory=dict)
    feedback: list[FeedbackRecord] = field(default_factory=list)
    escalations: list[EscalationRecord] = field(default_factory=list)
    in_chunk_duplicates: int = 0
    conflicts: list[Conflict] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.interactions) + len(self.feedback) + len(self.escalations)

    def add(self, record: InteractionRecord | FeedbackRecord | EscalationRecord) -> None:
        record, feedback, escalation = record_parts(record)
        if feedback is not None:
            self.feedback.append(feedback)
        if escalation is not None:
            self.escalations.append(escalation)
        if record is None:
            return
        if record.key in self.interactions:
            # The first line for an id wins, as it would across two runs of the file;
            # a later line's feedback still counts, other content is a conflict.
            self.in_chunk_duplicates += 1
            conflict = record_conflict(self.interactions[record.key], record)
            if conflict is not None:
                self.conflicts.append(conflict)
            if record.feedback is not None:
                self.feedback.append(
                    FeedbackRecord(record.line, record.bot, record.external_id, record.feedback)
                )
        else:
            self.interactions[record.key] = record


def interaction_import(
    *,
    rows: Iterable[Row],
    policy: BotPolicy | None = None,
    run: EvaluationRun | None = None,
    default_bot: str | None = None,
    chunk_size: int | None = None,
    on_rejected: Callable[[Rejection], None] | None = None,
    keep_rejections: int = 1000,
    prepare: bool = False,
    durable: bool = False,
) -> ImportSummary:
    """Import decoded rows in chunks; good rows are kept whatever the bad ones do.

    ``durable``: each chunk's commit waits until it is on disk (the API, whose caller
    takes a 200 as stored for good); a file import may skip that wait, since a re-run
    restores a lost chunk."""
    policy = policy or BotPolicy()
    chunk_size = chunk_size or settings.KBAUDIT_IMPORT_CHUNK
    summary = ImportSummary()
    announced: set[tuple[str, str]] = set()

    def reject(line: int, reason: str, external_id: str = "", conflict: bool = False) -> None:
        rejection = Rejection(line=line, reason=reason, external_id=external_id, conflict=conflict)
        if conflict:
            summary.conflicts += 1
        else:
            summary.rejected += 1
        if len(summary.rejections) < keep_rejections:
            summary.rejections.append(rejection)
        if on_rejected is not None:
            on_rejected(rejection)

    preparer = _preparer(run) if prepare else None
    # The writer thread sends COPY data in small steps and needs the interpreter back
    # after each; with the default 5 ms switch interval the parser thread holds it
    # while the database waits for the next buffer.
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(min(switch_interval, WRITER_SWITCH_INTERVAL))
    try:
        for parsed, prepared in prefetched(_parsed_chunks(rows, chunk_size, default_bot, preparer)):
            chunk = _Chunk()
            for line, record, external_id in parsed:
                if isinstance(record, RecordError):
                    reject(line, str(record), external_id)
                    continue
                try:
                    policy.resolve(record.bot, line)
                except RecordError as exc:
                    reject(line, str(exc), record.external_id)
                    continue
                chunk.add(record)
            _flush(chunk, policy, run, summary, announced, reject, prepared, durable=durable)
    finally:
        sys.setswitchinterval(switch_interval)
        if preparer is not None:
            preparer.close()
    summary.bots_created = list(policy.created)
    summary.bots_without_team = list(policy.teamless)
    return summary


Parsed = tuple[int, "InteractionRecord | FeedbackRecord | RecordError", str]


def _preparer(run: EvaluationRun | None) -> ChunkPreparer | None:
    """On PostgreSQL, rows are formatted for COPY by the parsing thread (see prepare.py)."""
    if connection.vendor != "postgresql" or not ChunkPreparer.available():
        return None
    return ChunkPreparer(_connector(), run_id=run.pk if run else None)


def _connector():
    """Opens a connection of its own to the database Django uses (to reserve ids)."""
    params = connection.settings_dict
    conninfo = {
        "dbname": params["NAME"],
        "user": params.get("USER") or None,
        "password": params.get("PASSWORD") or None,
        "host": params.get("HOST") or None,
        "port": params.get("PORT") or None,
    }
    return lambda: psycopg.connect(**{k: v for k, v in conninfo.items() if v}, autocommit=True)


def _parsed_chunks(
    rows: Iterable[Row], size: int, default_bot: str | None, preparer: ChunkPreparer | None
) -> Iterator[tuple[list[Parsed], PreparedChunk | None]]:
    """Decode and validate rows, ``size`` at a time, and with a preparer format them for
    COPY (no access to the Django connection: safe in a thread)."""
    for chunk in _validated_chunks(rows, size, default_bot):
        records = [record for _, record, _ in chunk if isinstance(record, InteractionRecord)]
        yield chunk, (preparer.prepare(records) if preparer is not None and records else None)


def _validated_chunks(
    rows: Iterable[Row], size: int, default_bot: str | None
) -> Iterator[list[Parsed]]:
    chunk: list[Parsed] = []
    for line, decoded in rows:
        if isinstance(decoded, RecordError):
            chunk.append((line, decoded, ""))
        else:
            try:
                record = parse_record(decoded, line=line, default_bot=default_bot)
                chunk.append((line, record, record.external_id))
            except RecordError as exc:
                external_id = decoded.get("id", "") if isinstance(decoded, dict) else ""
                chunk.append((line, exc, str(external_id or "")))
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _flush(
    chunk: _Chunk,
    policy: BotPolicy,
    run,
    summary,
    announced,
    reject,
    prepared=None,
    *,
    durable: bool = False,
) -> None:
    if not len(chunk):
        return
    bot_ids = {slug: policy.resolve(slug, 0) for slug, _ in chunk.interactions}
    bot_ids.update({f.bot: policy.resolve(f.bot, f.line) for f in chunk.feedback})
    bot_ids.update({e.bot: policy.resolve(e.bot, e.line) for e in chunk.escalations})
    interactions = list(chunk.interactions.values())

    def write():
        with transaction.atomic():
            result = chunk_writer().write(
                interactions=interactions,
                feedback=chunk.feedback,
                bot_ids=bot_ids,
                run_id=run.pk if run else None,
                prepared=prepared,
                durable=durable,
            )
            seen = set(announced)
            refs = _new_article_refs(interactions, seen, bot_ids)
            if refs or result.imported:
                interactions_imported.send(
                    sender=interaction_import,
                    article_refs=refs,
                    bot_ids=sorted(set(bot_ids.values())),
                )
        announced.update(seen)  # once committed: a retried chunk announces them again
        return result

    result = retried_on_deadlock(write)
    _escalations(chunk.escalations, bot_ids, run, summary, reject)
    for conflict in [*chunk.conflicts, *result.conflicts]:
        reject(conflict.line, conflict.reason, conflict.external_id, conflict=True)
    summary.imported += result.imported
    summary.duplicates += result.duplicates + chunk.in_chunk_duplicates
    summary.feedback_updated += result.feedback_updated
    for orphan in result.orphan_feedback:
        reject(orphan.line, f"feedback: no stored interaction with id {orphan.external_id!r}")


def parallel_available(path: str, fmt: str) -> bool:
    """A JSONL file on PostgreSQL is read in a child process (parallel.py)."""
    return (
        fmt == "jsonl"
        and path != "-"
        and connection.vendor == "postgresql"
        and ChunkPreparer.available()
    )


def interaction_import_file(
    *,
    path: str,
    policy: BotPolicy | None = None,
    run: EvaluationRun | None = None,
    default_bot: str | None = None,
    chunk_size: int | None = None,
    on_rejected: Callable[[Rejection], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> ImportSummary:
    """Import a JSONL file read by a child process; the same result as interaction_import."""
    policy = policy or BotPolicy()
    chunk_size = chunk_size or settings.KBAUDIT_IMPORT_CHUNK
    summary = ImportSummary()
    announced: set[tuple[str, str]] = set()
    run_id = run.pk if run else None
    # One for the whole file: each asks the database which layout it holds.
    writer = chunk_writer()

    def reject(line: int, reason: str, external_id: str = "", conflict: bool = False) -> None:
        if conflict:
            summary.conflicts += 1
        else:
            summary.rejected += 1
        if on_rejected is not None:
            on_rejected(Rejection(line, reason, external_id, conflict=conflict))

    for chunk in summaries(
        path,
        chunk_size=chunk_size,
        default_bot=default_bot,
        run_id=run_id,
        connect=_connector(),
        readers=max(1, settings.KBAUDIT_IMPORT_READERS),
        known_bots=policy.resolved,
    ):
        for line, reason, external_id in chunk.rejections:
            reject(line, reason, external_id)
        written = retried_on_deadlock(
            lambda chunk=chunk: _write_summary(
                chunk, policy, run_id, summary, announced, reject, writer
            )
        )
        if not written:
            _write_again(path, chunk, policy, run, default_bot, summary, announced, reject)
        if on_progress is not None:
            on_progress(chunk.bytes_read)
    summary.bots_created = list(policy.created)
    summary.bots_without_team = list(policy.teamless)
    return summary


def _write_summary(
    chunk: ChunkSummary, policy, run_id, summary, announced, reject, writer=None
) -> bool:
    bot_ids = {slug: policy.resolve(slug, 0) for slug in chunk.slugs}
    bot_ids.update({e.bot: policy.resolve(e.bot, e.line) for e in chunk.escalations})
    try:
        with transaction.atomic():
            result = (writer or chunk_writer()).write_prepared(
                prepared=chunk.prepared, feedback=chunk.feedback, bot_ids=bot_ids, run_id=run_id
            )
            if result is None:
                return False
            _escalations(chunk.escalations, bot_ids, run_id, summary, reject)
            refs = {
                (bot_ids[slug], key): ref
                for (slug, key), ref in chunk.article_refs.items()
                if (slug, key) not in announced
            }
            if refs or result.imported:
                interactions_imported.send(
                    sender=interaction_import,
                    article_refs=refs,
                    bot_ids=sorted(set(bot_ids.values())),
                )
    except PreparedChunkUnusable:  # rolled back: nothing of the chunk was stored
        return False
    announced.update(chunk.article_refs)  # once committed: a retried chunk announces again
    summary.imported += result.imported
    summary.duplicates += chunk.in_chunk_duplicates
    summary.feedback_updated += result.feedback_updated
    for conflict in chunk.conflicts:
        reject(conflict.line, conflict.reason, conflict.external_id, conflict=True)
    for orphan in result.orphan_feedback:
        reject(orphan.line, f"feedback: no stored interaction with id {orphan.external_id!r}")
    return True


def _escalations(escalations, bot_ids, run, summary, reject) -> None:
    if not escalations:
        return
    run_id = run.pk if isinstance(run, EvaluationRun) else run
    updated, orphans = escalations_apply(escalations=escalations, bot_ids=bot_ids, run_id=run_id)
    summary.escalations_updated += updated
    for orphan in orphans:
        reject(orphan.line, f"escalation: no stored interaction with id {orphan.external_id!r}")


def _write_again(path, chunk, policy, run, default_bot, summary, announced, reject) -> None:
    """The chunk's lines read and written the ordinary way (its rejections are reported)."""
    again = _Chunk()
    for parsed in _validated_chunks(read_chunk(path, chunk), chunk.n_lines + 1, default_bot):
        for _, record, _ in parsed:
            if not isinstance(record, RecordError):
                policy.resolve(record.bot, record.line)
                again.add(record)
    _flush(again, policy, run, summary, announced, reject)


def retried_on_deadlock(write, attempts: int = 5):
    """Run one chunk's transaction again when PostgreSQL chose it as a deadlock's victim:
    two imports of overlapping batches in a different order lock the same keys."""
    for attempt in range(attempts):
        try:
            return write()
        except (OperationalError, psycopg.errors.TransactionRollback) as exc:
            cause = exc if isinstance(exc, psycopg.Error) else exc.__cause__
            if attempt == attempts - 1 or not isinstance(cause, psycopg.errors.TransactionRollback):
                raise


def _new_article_refs(
    interactions, announced: set[tuple[str, str]], bot_ids: dict[str, int]
) -> dict[tuple[int, str], tuple[str, str]]:
    """{(bot id, article key): (title, url)} not yet announced in this import: each bot's
    sources resolve in its own knowledge base."""
    refs: dict[tuple[int, str], tuple[str, str]] = {}
    for record in interactions:
        for source in record.sources:
            if (record.bot, source.article_key) not in announced:
                announced.add((record.bot, source.article_key))
                refs[(bot_ids[record.bot], source.article_key)] = (source.title, source.url)
    return refs
