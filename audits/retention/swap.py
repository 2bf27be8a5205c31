"""Dropping a whole month's text on the partitioned layout by rewriting its partitions.

Blanking a month's text by ``UPDATE`` writes a new version of every row and leaves the
old ones as dead tuples until a vacuum. When every bot in a month no longer keeps its
text, the month's two partitions are rewritten instead: new tables are filled with the
same rows (ids, keys, timestamps, metrics, everything) with the text columns blank, and
swapped in for the old partitions, which are dropped, so the space returns at once.

The swap itself runs in one transaction. The month's partitions are locked ``SHARE`` first:
reads go on, writes into that month (an import of old history, feedback on an old
interaction, an erasure) wait until the swap commits or gives up, and writes into other
months go on. The copy runs under that lock. Then, for the exchange itself (``DETACH``
the old partition, ``ATTACH`` the new one, a few catalog changes), both parent tables
are locked ``ACCESS EXCLUSIVE`` for milliseconds. The old partitions, detached, are
dropped right after that commit, in a transaction of their own: removing their files
is the slow part of a drop, and nothing reads a detached table.

A writer waiting for the month holds its lock on the parent table: the swap would
deadlock with it. So the swap gives up (rolls back, the caller falls back to ``UPDATE``)
when a writer is waiting, and waits for the parents' lock for less than
``deadlock_timeout``, so that it is always the swap that yields, never the import (a
few tries, while reads hold the parents). Call it outside a transaction: an outer one
would keep every lock until its own end.

Inserting into a standalone table fires none of the parent's triggers, and neither
``ATTACH`` nor ``DROP TABLE`` does either: the key table (``audits_interactionkey``) is
left as it is, and every id in it still names its row.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from datetime import time as day_start

from django.db import DatabaseError, connection, transaction

from audits.partitions import INTERACTIONS, PARTITIONED, SOURCES, month_next, partition_name

log = logging.getLogger(__name__)

TEXT_DROPPED = "text_dropped"
TEXT_COLUMNS = {INTERACTIONS: ("query", "response"), SOURCES: ("text",)}
DETACHED = "_detached"  # an old partition between the swap and its drop
# How long the swap waits for the month's partitions before falling back to UPDATE.
LOCK_WAIT = "2s"
# Tries at the parents' exclusive lock, and the pause between two.
EXCHANGE_ATTEMPTS = 5
EXCHANGE_PAUSE = 0.5
# lock_not_available (lock_timeout), deadlock_detected: the swap yielded.
YIELDED = {"55P03", "40P01"}
# An interaction that can no longer be graded once its text goes (as the UPDATE path).
UNGRADED = (
    "(old.status = 'pending' AND NOT EXISTS"
    " (SELECT 1 FROM audits_evaluation e WHERE e.interaction_id = old.id))"
)
INTERACTION_VALUES = {
    "status": f"CASE WHEN {UNGRADED} THEN 'skipped' ELSE old.status END",
    "skip_reason": f"CASE WHEN {UNGRADED} THEN '{TEXT_DROPPED}' ELSE old.skip_reason END",
    "claim_token": f"CASE WHEN {UNGRADED} THEN '' ELSE old.claim_token END",
}


@dataclass
class MonthSwap:
    month: date
    bot_ids: set[int] = field(default_factory=set)
    interactions: int = 0
    sources: int = 0
    skipped_pending: int = 0


class SwapAbandoned(Exception):
    pass


def month_end(month: date) -> datetime:
    return datetime.combine(month_next(month), day_start.min, tzinfo=UTC)


def _month_range(month: date) -> tuple[datetime, datetime]:
    return datetime.combine(month, day_start.min, tzinfo=UTC), month_end(month)


def month_bots(month: date) -> set[int]:
    """The bots with interactions in ``month``'s partition: one probe of its (bot,
    timestamp) index per bot, not a scan of the month."""
    name = partition_name(INTERACTIONS, month)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT b.id FROM audits_bot b"
            f" WHERE EXISTS (SELECT 1 FROM {name} i WHERE i.bot_id = b.id)"
        )
        return {row[0] for row in cursor.fetchall()}


def month_text_swap(*, month: date, bot_ids: set[int]) -> MonthSwap | None:
    """Rewrite ``month``'s partitions without their text, if only bots of ``bot_ids``
    have interactions there. None when the swap was not done: another bot's rows are
    there, or a write into the month came first (the caller drops the text by UPDATE)."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            done, names = _swap(cursor, month, bot_ids)
    except SwapAbandoned as reason:
        log.info("text of %s kept for UPDATE: %s", f"{month:%Y-%m}", reason)
        return None
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) not in YIELDED:
            raise
        log.info("text of %s kept for UPDATE: the swap yielded (%s)", f"{month:%Y-%m}", error)
        return None
    _detached_drop(names)
    log.info(
        "dropped the text of %s by rewriting its partitions (%d interactions, %d sources)",
        f"{month:%Y-%m}",
        done.interactions,
        done.sources,
    )
    return done


def _swap(cursor, month: date, bot_ids: set[int]) -> tuple[MonthSwap, dict]:
    # Deferred foreign-key checks of rows written earlier in this transaction would stop
    # ALTER TABLE: run them now.
    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    for table in PARTITIONED:  # the partition creators' lock, in their order
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [table])
    old = {table: partition_name(table, month) for table in PARTITIONED}
    cursor.execute("SHOW lock_timeout")
    lock_timeout = cursor.fetchone()[0]
    cursor.execute("SELECT set_config('lock_timeout', %s, true)", [LOCK_WAIT])
    cursor.execute(f"LOCK TABLE {old[INTERACTIONS]}, {old[SOURCES]} IN SHARE MODE")
    present = month_bots(month)
    if not present or not present <= bot_ids:
        raise SwapAbandoned("a bot there keeps its text, or there is nothing")
    done = _counts(cursor, month, old, present)
    new = {table: _copy(cursor, table, old[table], month) for table in PARTITIONED}
    names = _exchange(cursor, month, old, new)
    cursor.execute("SELECT set_config('lock_timeout', %s, true)", [lock_timeout])
    return done, names


def _counts(cursor, month: date, old: dict[str, str], present: set[int]) -> MonthSwap:
    """What the swap changes, counted as the UPDATE path counts it."""
    done = MonthSwap(month=month, bot_ids=present)
    cursor.execute(
        "SELECT count(*) FILTER (WHERE old.query <> '' OR old.response <> ''),"
        f" count(*) FILTER (WHERE {UNGRADED}) FROM {old[INTERACTIONS]} old"
    )
    done.interactions, done.skipped_pending = cursor.fetchone()
    cursor.execute(f"SELECT count(*) FROM {old[SOURCES]} WHERE text <> ''")
    done.sources = cursor.fetchone()[0]
    return done


def _copy(cursor, table: str, old: str, month: date) -> str:
    """A standalone table holding ``old``'s rows without their text, with its
    constraints, indexes and foreign keys, so that attaching it builds and checks
    nothing."""
    new = f"{old}_swap"
    column = PARTITIONED[table][0]
    cursor.execute(
        f"CREATE TABLE {new} (LIKE {old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS"
        " INCLUDING STORAGE)"
    )
    cursor.execute(
        f'ALTER TABLE {new} ADD CONSTRAINT {new}_bounds CHECK ("{column}" IS NOT NULL'
        f' AND "{column}" >= %s AND "{column}" < %s)',
        _month_range(month),
    )
    cursor.execute(
        "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0"
        " AND NOT attisdropped ORDER BY attnum",
        [old],
    )
    columns = [row[0] for row in cursor.fetchall()]
    values = INTERACTION_VALUES if table == INTERACTIONS else {}
    select = [
        "''" if name in TEXT_COLUMNS[table] else values.get(name, f'old."{name}"')
        for name in columns
    ]
    names = ", ".join(f'"{name}"' for name in columns)
    cursor.execute(f"INSERT INTO {new} ({names}) SELECT {', '.join(select)} FROM {old} old")
    _indexes_copy(cursor, old, new)
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
        " WHERE conrelid = %s::regclass AND contype = 'f'",
        [old],
    )
    for name, definition in cursor.fetchall():
        cursor.execute(f'ALTER TABLE {new} ADD CONSTRAINT "{name}" {definition}')
    cursor.execute(f"ANALYZE {new}")
    return new


def _indexes_copy(cursor, old: str, new: str) -> None:
    """``old``'s indexes on ``new``, built after the rows are in, under names of their
    own until ``old`` is dropped (``_exchange`` gives them the old names)."""
    cursor.execute(
        "SELECT i.relname, pg_get_indexdef(x.indexrelid), x.indisprimary"
        " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
        " WHERE x.indrelid = %s::regclass ORDER BY i.relname",
        [old],
    )
    for number, (name, definition, primary) in enumerate(cursor.fetchall()):
        if primary:
            cursor.execute(
                "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
                " WHERE conrelid = %s::regclass AND contype = 'p'",
                [old],
            )
            key = cursor.fetchone()[0]
            cursor.execute(f'ALTER TABLE {new} ADD CONSTRAINT "{new}_pkey" {key}')
            continue
        on = re.compile(rf"^CREATE (UNIQUE )?INDEX {re.escape(name)} ON (ONLY )?(\S+\.)?{old} ")
        statement, count = on.subn(rf"CREATE \1INDEX {new}_{number} ON {new} ", definition)
        if count != 1:
            raise SwapAbandoned(f"index {name} has a definition not understood: {definition}")
        cursor.execute(statement)


def _exchange(
    cursor, month: date, old: dict[str, str], new: dict[str, str]
) -> dict[str, dict[int, str]]:
    """The new partitions in and the old ones out, renamed ``…_detached``: a few catalog
    changes under the parents' exclusive lock. Returns, by partition, the old one's
    index names by the parent index each belongs to."""
    # Shorter than the deadlock timeout: if a writer comes to wait on the month while the
    # swap waits for the parents, the swap times out before the writer's deadlock check.
    # Short anyway: every query on the parents queues behind the swap while it waits.
    cursor.execute(
        "SELECT set_config('lock_timeout', LEAST(GREATEST(setting::int / 2, 1), 500)::text,"
        " true) FROM pg_settings WHERE name = 'deadlock_timeout'"
    )
    _parents_lock(cursor, old)
    start, end = _month_range(month)
    names = {}
    for table in PARTITIONED:
        names[old[table]] = _index_names(cursor, old[table])
        cursor.execute(f"ALTER TABLE {table} DETACH PARTITION {old[table]}")
        cursor.execute(
            f"ALTER TABLE {table} ATTACH PARTITION {new[table]} FOR VALUES FROM (%s) TO (%s)",
            [start, end],
        )
        cursor.execute(f"ALTER TABLE {old[table]} RENAME TO {old[table]}{DETACHED}")
        cursor.execute(f"ALTER TABLE {new[table]} DROP CONSTRAINT {new[table]}_bounds")
        cursor.execute(f"ALTER TABLE {new[table]} RENAME TO {old[table]}")
    return names


def _parents_lock(cursor, old: dict[str, str]) -> None:
    """Both parents (and their default partitions, which the attach reads) locked
    exclusively: a few tries, a moment apart, while a long read holds them. Gives up
    when a write into the month waits for the swap (it would deadlock with it)."""
    defaults = [f"{table}_default" for table in PARTITIONED]
    for attempt in range(1, EXCHANGE_ATTEMPTS + 1):
        cursor.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE NOT granted AND locktype = 'relation'"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND relation = ANY (ARRAY[%s::regclass, %s::regclass]::oid[]))",
            [old[INTERACTIONS], old[SOURCES]],
        )
        if cursor.fetchone()[0]:
            raise SwapAbandoned("a write into the month is waiting")
        try:
            with transaction.atomic():  # a lock timeout rolls back to here only
                cursor.execute(
                    f"LOCK TABLE ONLY {INTERACTIONS}, ONLY {SOURCES}, {', '.join(defaults)}"
                    " IN ACCESS EXCLUSIVE MODE"
                )
            return
        except DatabaseError as error:
            if getattr(error.__cause__, "sqlstate", None) != "55P03" or (
                attempt == EXCHANGE_ATTEMPTS
            ):
                raise
        time.sleep(EXCHANGE_PAUSE)


def detached_leftovers_drop() -> None:
    """Drop the old partitions a crash left detached (they still hold the text): the
    nightly run starts with it, whether or not a month is swapped that night."""
    _detached_drop({})


def _detached_drop(names: dict[str, dict[int, str]]) -> None:
    """Drop the old partitions a swap detached, then give the new ones' indexes the old
    names (``names`` as ``_exchange`` returns them). Outside the swap's transaction:
    dropping a month's files takes time in the commit (about 0.1 s for 200 MB), and
    the parents need not stay locked for it. A crash in between leaves a ``…_detached``
    table; the next retention run drops it."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relkind = 'r' AND relname LIKE ANY (%s)",
            [[f"{table}\\_p%{DETACHED}" for table in PARTITIONED]],
        )
        for (name,) in cursor.fetchall():
            cursor.execute(f"DROP TABLE {name}")
        for partition, old_names in names.items():
            for parent, name in _index_names(cursor, partition).items():
                cursor.execute(f'ALTER INDEX "{name}" RENAME TO "{old_names[parent]}"')


def _index_names(cursor, partition: str) -> dict[int, str]:
    """The partition's indexes by the parent index each is a partition of."""
    cursor.execute(
        "SELECT p.inhparent, i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
        " JOIN pg_inherits p ON p.inhrelid = x.indexrelid WHERE x.indrelid = %s::regclass",
        [partition],
    )
    return dict(cursor.fetchall())
