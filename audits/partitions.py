"""Monthly range partitions of the tables that grow with traffic (PostgreSQL only).

``audits_interaction`` is partitioned on ``timestamp`` and ``audits_retrievedsource`` on
its copy of it, ``occurred_at``: one partition per calendar month (UTC) named
``<table>_pYYYY_MM``, and a default partition ``<table>_default`` for timestamps no month
was created for. The evaluations stay one table: they are small, kept for good, and the
sweep relies on their one-per-interaction unique key.

PostgreSQL wants every unique index of a partitioned table to hold the partition key, so
at the database level the primary keys become ``(id, timestamp)`` and ``(interaction_id,
rank, occurred_at)``; the Django models keep ``id`` (drawn from a sequence, unique by
construction) and ``(interaction_id, rank)``. Foreign keys that pointed at
``audits_interaction`` lose their database constraint (Django cascades deletes itself).

The idempotency key ``(bot, run, external_id)`` cannot be unique across partitions; it
lives in the small unpartitioned table ``audits_interactionkey`` (``InteractionKey``),
kept by statement-level triggers on ``audits_interaction``: every insert (the importer's
binary COPY, the ORM, anything) adds its rows' keys in the same statement, and a key
that another row holds fails the statement with a unique violation, exactly as the
unique index did before; a delete removes them, and changing a row's key columns moves
them. Two imports of the same ids at once meet on that table's unique index: the second
waits for the first to commit, then fails and takes the importer's conflict path.

SQLite, and PostgreSQL with ``KBAUDIT_PARTITION_TABLES`` off, keep the plain tables (the
key table exists there and stays empty).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from django.db import connection, transaction
from django.utils import timezone

log = logging.getLogger(__name__)

INTERACTIONS = "audits_interaction"
SOURCES = "audits_retrievedsource"
KEYS = "audits_interactionkey"
# Table → (partition key column, database primary key).
PARTITIONED = {
    INTERACTIONS: ("timestamp", ("id", "timestamp")),
    SOURCES: ("occurred_at", ("interaction_id", "rank", "occurred_at")),
}
MONTHS_AHEAD = 3

_TRIGGERS = f"""
CREATE OR REPLACE FUNCTION audits_interactionkey_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    added bigint;
BEGIN
    INSERT INTO {KEYS} (interaction_id, bot_id, run_id, external_id, "timestamp")
    SELECT id, bot_id, run_id, external_id, "timestamp" FROM new_rows
    ORDER BY bot_id, external_id  -- one lock order for concurrent imports
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    -- A key may already be there for this very row (claimed ahead by the importer);
    -- held by another row, it is a duplicate.
    IF added < (SELECT count(*) FROM new_rows) AND EXISTS (
        SELECT 1 FROM new_rows n JOIN {KEYS} k
            ON k.bot_id = n.bot_id AND k.external_id = n.external_id
           AND (k.run_id = n.run_id OR (k.run_id IS NULL AND n.run_id IS NULL))
        WHERE k.interaction_id <> n.id
    ) THEN
        RAISE EXCEPTION 'duplicate key value violates the idempotency key of {INTERACTIONS}'
            USING ERRCODE = 'unique_violation',
                  DETAIL = 'An interaction with this bot, run and external id is stored.';
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION audits_interactionkey_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM {KEYS} k USING old_rows o WHERE k.interaction_id = o.id;
    RETURN NULL;
END $$;

-- BEFORE: a row whose timestamp moves it to another partition is deleted and inserted
-- there, and no AFTER UPDATE trigger fires for it.
CREATE OR REPLACE FUNCTION audits_interactionkey_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE {KEYS} SET interaction_id = NEW.id, bot_id = NEW.bot_id, run_id = NEW.run_id,
        external_id = NEW.external_id, "timestamp" = NEW."timestamp"
    WHERE interaction_id = OLD.id;
    RETURN NEW;
END $$;

CREATE TRIGGER audits_interactionkey_insert AFTER INSERT ON {INTERACTIONS}
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION audits_interactionkey_insert();
CREATE TRIGGER audits_interactionkey_delete AFTER DELETE ON {INTERACTIONS}
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION audits_interactionkey_delete();
CREATE TRIGGER audits_interactionkey_update
    BEFORE UPDATE OF id, bot_id, run_id, external_id, "timestamp" ON {INTERACTIONS}
    FOR EACH ROW WHEN (
        OLD.id IS DISTINCT FROM NEW.id OR OLD.bot_id IS DISTINCT FROM NEW.bot_id
        OR OLD.run_id IS DISTINCT FROM NEW.run_id
        OR OLD.external_id IS DISTINCT FROM NEW.external_id
        OR OLD."timestamp" IS DISTINCT FROM NEW."timestamp"
    ) EXECUTE FUNCTION audits_interactionkey_update();
"""


@dataclass
class Layout:
    """What ``partition_tables --check`` prints: each table's partitions and (estimated)
    rows."""

    partitioned: bool
    tables: dict[str, list[tuple[str, str, int]]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        if not self.partitioned:
            return ["not partitioned (plain tables)"]
        out = []
        for table, partitions in self.tables.items():
            out.append(f"{table}: {len(partitions)} partitions")
            out += [f"  {name:34} {bounds:72} ~{rows:,} rows" for name, bounds, rows in partitions]
        return out


def tables_partitioned(using=None) -> bool:
    """Whether this database holds the partitioned layout."""
    conn = using or connection
    if conn.vendor != "postgresql":
        return False
    with conn.cursor() as cursor:
        cursor.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass(%s)", [INTERACTIONS])
        row = cursor.fetchone()
    return row is not None and row[0] == "p"


def month_start(moment: datetime | date) -> date:
    return date(moment.year, moment.month, 1)


def month_next(month: date) -> date:
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)


def partition_name(table: str, month: date) -> str:
    return f"{table}_p{month:%Y_%m}"


def _bound(month: date) -> str:
    return datetime.combine(month, datetime.min.time(), tzinfo=UTC).isoformat()


def tables_partition(*, months_ahead: int = MONTHS_AHEAD) -> bool:
    """Convert the plain tables into monthly partitioned ones, keeping every row.

    Offline: the tables are locked, renamed and copied into the new layout (one
    partition per month holding rows, and this month and ``months_ahead`` after it),
    in one transaction. Returns False (doing nothing) when they are partitioned already or the database
    is not PostgreSQL.
    """
    if connection.vendor != "postgresql" or tables_partitioned():
        return False
    with transaction.atomic(), connection.cursor() as cursor:
        # Deferred foreign-key checks of rows written earlier in this transaction would
        # stop ALTER TABLE: run them now.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"LOCK TABLE {INTERACTIONS}, {SOURCES} IN ACCESS EXCLUSIVE MODE")
        for table, (column, primary_key) in PARTITIONED.items():
            _table_convert(cursor, table, column, primary_key, months_ahead)
        cursor.execute(
            f"""
            INSERT INTO {KEYS} (interaction_id, bot_id, run_id, external_id, "timestamp")
            SELECT id, bot_id, run_id, external_id, "timestamp" FROM {INTERACTIONS}
            """
        )
        cursor.execute(_TRIGGERS)
        for table in PARTITIONED:
            cursor.execute(f"DROP TABLE {table}_unpartitioned")
            cursor.execute(f"ANALYZE {table}")
    log.info("partitioned %s by month", ", ".join(PARTITIONED))
    return True


def _table_convert(cursor, table, column, primary_key, months_ahead) -> None:
    old = f"{table}_unpartitioned"
    # Foreign keys into the table cannot point at a partitioned one by id alone.
    cursor.execute(
        "SELECT conrelid::regclass::text, conname FROM pg_constraint"
        " WHERE confrelid = %s::regclass AND contype = 'f'",
        [table],
    )
    for referencing, name in cursor.fetchall():
        cursor.execute(f'ALTER TABLE {referencing} DROP CONSTRAINT "{name}"')
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
        " WHERE conrelid = %s::regclass AND contype = 'f'",
        [table],
    )
    outgoing = cursor.fetchall()
    # Indexes to rebuild on the parent: all but the primary key and the unique
    # idempotency keys, which move to the key table.
    cursor.execute(
        "SELECT i.relname, pg_get_indexdef(x.indexrelid), x.indisunique, x.indisprimary"
        " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
        " WHERE x.indrelid = %s::regclass",
        [table],
    )
    indexes = cursor.fetchall()
    sequence = None
    if "id" in primary_key:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
        sequence = cursor.fetchone()[0]
    for name, _definition, _unique, primary in indexes:
        if not primary:
            cursor.execute(f'DROP INDEX "{name}"')
    cursor.execute(f"ALTER TABLE {table} RENAME TO {old}")
    cursor.execute(
        "SELECT conname FROM pg_constraint WHERE conrelid = %s::regclass AND contype = 'p'",
        [old],
    )
    for (name,) in cursor.fetchall():
        cursor.execute(f'ALTER TABLE {old} RENAME CONSTRAINT "{name}" TO "{old}_pkey"')
    cursor.execute(
        f"CREATE TABLE {table} (LIKE {old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS"
        f' INCLUDING STORAGE) PARTITION BY RANGE ("{column}")'
    )
    if sequence is not None:
        _sequence_move(cursor, table, old, sequence)
    # The months that hold rows (a stray timestamp years back gets its one month, not
    # every month since), then this one and those ahead.
    cursor.execute(
        f"SELECT DISTINCT date_trunc('month', \"{column}\" AT TIME ZONE 'UTC') FROM {old}"
    )
    for (month,) in sorted(cursor.fetchall()):
        _month_create(cursor, table, month_start(month))
    _months_create(cursor, table, month_start(timezone.now()), months_ahead)
    cursor.execute(f"CREATE TABLE {table}_default PARTITION OF {table} DEFAULT")
    cursor.execute(f"INSERT INTO {table} SELECT * FROM {old}")
    columns = ", ".join(f'"{c}"' for c in primary_key)
    cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {table}_pkey PRIMARY KEY ({columns})")
    for _name, definition, unique, primary in indexes:
        if not primary and not unique:
            cursor.execute(definition)
    if table == INTERACTIONS:
        # The unique per-run key was also how a run's answers were found; offline runs'
        # rows only, so production imports do not maintain it.
        cursor.execute(
            f'CREATE INDEX interaction_run_time ON {table} (run_id, bot_id, "timestamp")'
            " WHERE run_id IS NOT NULL"
        )
    for name, definition in outgoing:
        cursor.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


def _sequence_move(cursor, table, old, sequence) -> None:
    """The ids go on from the same sequence: identity columns cannot be partitioned
    (PostgreSQL 15), so the new table draws them through a plain sequence it owns."""
    cursor.execute(
        "SELECT attidentity FROM pg_attribute WHERE attrelid = %s::regclass AND attname = 'id'",
        [old],
    )
    if not cursor.fetchone()[0]:  # a plain sequence already (converted back once)
        cursor.execute(f"ALTER SEQUENCE {sequence} OWNED BY {table}.id")
        cursor.execute(f"ALTER TABLE {old} ALTER COLUMN id DROP DEFAULT")
        return
    cursor.execute(f"SELECT last_value, is_called FROM {sequence}")
    last_value, is_called = cursor.fetchone()
    cursor.execute(f"ALTER TABLE {old} ALTER COLUMN id DROP IDENTITY")
    name = f"{table}_id_seq"
    cursor.execute(f"CREATE SEQUENCE {name} AS bigint OWNED BY {table}.id")
    cursor.execute("SELECT setval(%s, %s, %s)", [name, last_value, is_called])
    cursor.execute(f"ALTER TABLE {table} ALTER COLUMN id SET DEFAULT nextval('{name}')")


def _months_create(cursor, table: str, first: date, months_ahead: int) -> list[str]:
    """Partitions for every month from ``first`` to ``months_ahead`` after this one."""
    last = month_start(timezone.now())
    for _ in range(months_ahead):
        last = month_next(last)
    created = []
    month = first
    while month <= last:
        if _month_create(cursor, table, month):
            created.append(partition_name(table, month))
        month = month_next(month)
    return created


def _month_create(cursor, table: str, month: date) -> bool:
    """One month's partition; rows the default partition caught for it move in first
    (PostgreSQL refuses a partition over rows the default one holds)."""
    name = partition_name(table, month)
    cursor.execute("SELECT to_regclass(%s)", [name])
    if cursor.fetchone()[0] is not None:
        return False
    column = PARTITIONED[table][0]
    start, end = _bound(month), _bound(month_next(month))
    cursor.execute("SELECT to_regclass(%s)", [f"{table}_default"])
    default = cursor.fetchone()[0]
    if default is None:
        cursor.execute(
            f"CREATE TABLE {name} PARTITION OF {table} FOR VALUES FROM (%s) TO (%s)",
            [start, end],
        )
        return True
    cursor.execute(
        f"CREATE TABLE {name} (LIKE {table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS"
        " INCLUDING STORAGE)"
    )
    # The check lets ATTACH skip scanning the new partition; the default one is scanned
    # (it should hold nothing for the month once its rows moved).
    cursor.execute(
        f'ALTER TABLE {name} ADD CONSTRAINT {name}_bounds CHECK ("{column}" IS NOT NULL'
        f' AND "{column}" >= %s AND "{column}" < %s)',
        [start, end],
    )
    # Straight from partition to partition: the key table's triggers, on the parent,
    # do not fire, and the keys stay as they are.
    cursor.execute(
        f'WITH moved AS (DELETE FROM {default} WHERE "{column}" >= %s AND "{column}" < %s'
        f" RETURNING *) INSERT INTO {name} SELECT * FROM moved",
        [start, end],
    )
    moved = cursor.rowcount
    cursor.execute(
        f"ALTER TABLE {table} ATTACH PARTITION {name} FOR VALUES FROM (%s) TO (%s)",
        [start, end],
    )
    cursor.execute(f"ALTER TABLE {name} DROP CONSTRAINT {name}_bounds")
    if moved:
        log.info("moved %d rows of %s out of the default partition into %s", moved, table, name)
    return True


def partitions_ahead(*, months_ahead: int = MONTHS_AHEAD) -> list[str]:
    """Create the partitions of this month and the next ``months_ahead``, and of every
    month the default partition holds rows of (history imported after the conversion,
    stray timestamps), moving those rows into them. Returns the partitions created;
    nothing on an unpartitioned database."""
    if not tables_partitioned():
        return []
    created = []
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table, (column, _key) in PARTITIONED.items():
            # One creator at a time (beat and a command at once).
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [table])
            cursor.execute(
                f"SELECT DISTINCT date_trunc('month', \"{column}\" AT TIME ZONE 'UTC')"
                f" FROM {table}_default"
            )
            for (stray,) in sorted(cursor.fetchall()):
                if _month_create(cursor, table, month_start(stray)):
                    created.append(partition_name(table, month_start(stray)))
            created += _months_create(cursor, table, month_start(timezone.now()), months_ahead)
    return created


def month_partitions_create(*, months: list[date]) -> list[str]:
    """Create the partitions of the given months (rows in the default partition move)."""
    if not tables_partitioned():
        return []
    created = []
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in PARTITIONED:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [table])
            for month in sorted({month_start(m) for m in months}):
                if _month_create(cursor, table, month):
                    created.append(partition_name(table, month))
    return created


def layout_describe() -> Layout:
    """Each partitioned table's partitions, their bounds and rows (PostgreSQL's estimate
    from the last analyse: counting a large install would take minutes)."""
    layout = Layout(partitioned=tables_partitioned())
    if not layout.partitioned:
        return layout
    with connection.cursor() as cursor:
        for table in PARTITIONED:
            cursor.execute(
                "SELECT c.relname, pg_get_expr(c.relpartbound, c.oid),"
                " GREATEST(c.reltuples, 0)::bigint FROM pg_inherits i"
                " JOIN pg_class c ON c.oid = i.inhrelid"
                " WHERE i.inhparent = %s::regclass ORDER BY c.relname",
                [table],
            )
            layout.tables[table] = cursor.fetchall()
    return layout


def month_partitions(table: str) -> list[tuple[date, str]]:
    """The month partitions of ``table`` (not the default one), oldest first."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
            " WHERE i.inhparent = %s::regclass AND c.relname LIKE %s ORDER BY c.relname",
            [table, f"{table}_p%"],
        )
        names = [row[0] for row in cursor.fetchall()]
    out = []
    for name in names:
        year, month = name.rsplit("_p", 1)[1].split("_")
        out.append((date(int(year), int(month), 1), name))
    return out


def tables_unpartition() -> bool:
    """Back to the plain tables, keeping every row (the reverse of ``tables_partition``,
    offline as well): the idempotency keys return to the interactions' unique indexes
    and the key table is emptied. Foreign keys into the interactions stay without their
    database constraint. False when there is nothing to do."""
    if not tables_partitioned():
        return False
    from audits.models import Interaction, RetrievedSource

    with transaction.atomic(), connection.cursor() as cursor:
        # Deferred foreign-key checks of rows written earlier in this transaction would
        # stop ALTER TABLE: run them now.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"LOCK TABLE {INTERACTIONS}, {SOURCES} IN ACCESS EXCLUSIVE MODE")
        cursor.execute(
            f"DROP TRIGGER audits_interactionkey_insert ON {INTERACTIONS};"
            f" DROP TRIGGER audits_interactionkey_delete ON {INTERACTIONS};"
            f" DROP TRIGGER audits_interactionkey_update ON {INTERACTIONS}"
        )
        for table, (_column, primary_key) in PARTITIONED.items():
            _table_merge(cursor, table, primary_key)
        cursor.execute(f"DELETE FROM {KEYS}")
        with connection.schema_editor(atomic=False) as editor:
            for constraint in Interaction._meta.constraints:
                editor.add_constraint(Interaction, constraint)
        for model in (Interaction, RetrievedSource):
            cursor.execute(f"ANALYZE {model._meta.db_table}")
    return True


def _table_merge(cursor, table, primary_key) -> None:
    old = f"{table}_partitioned"
    cursor.execute(
        "SELECT i.relname, pg_get_indexdef(x.indexrelid), x.indisprimary"
        " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
        " WHERE x.indrelid = %s::regclass",
        [table],
    )
    indexes = cursor.fetchall()
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
        " WHERE conrelid = %s::regclass AND contype = 'f'",
        [table],
    )
    outgoing = cursor.fetchall()
    cursor.execute(f"ALTER TABLE {table} RENAME TO {old}")
    for name, _definition, _primary in indexes:
        cursor.execute(f'ALTER INDEX "{name}" RENAME TO "{name}_partitioned"')
    for name, _definition in outgoing:
        cursor.execute(f'ALTER TABLE {old} DROP CONSTRAINT "{name}"')
    cursor.execute(
        f"CREATE TABLE {table} (LIKE {old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS"
        " INCLUDING STORAGE)"
    )
    if "id" in primary_key:
        cursor.execute(f"ALTER SEQUENCE {table}_id_seq OWNED BY {table}.id")
    cursor.execute(f"INSERT INTO {table} SELECT * FROM {old}")
    cursor.execute(f"DROP TABLE {old}")
    columns = ", ".join(f'"{c}"' for c in primary_key if c != PARTITIONED[table][0])
    cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {table}_pkey PRIMARY KEY ({columns})")
    for name, definition, primary in indexes:
        if not primary and name != "interaction_run_time":
            cursor.execute(definition.replace(" ON ONLY ", " ON "))
    for name, definition in outgoing:
        cursor.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
