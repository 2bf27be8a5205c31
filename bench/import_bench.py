"""Import benchmark: N generated interactions with 3 sources each through import_interactions."""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import OUT, bench_database_url, manage, manage_measured, recreate_database

WORDS = ["return", "refund", "order", "delivery", "parcel", "warranty", "account", "password", "invoice", "voucher", "shipping", "express", "courier", "label", "exchange", "damaged", "replacement", "subscription", "payment", "card", "store", "pickup"]  # fmt: skip


def generate(path: Path, n: int, *, seed: int = 1, n_articles: int = 2000) -> None:
    rng = random.Random(seed)
    # A million records 30 s apart span 347 days: they must all lie in the past, where
    # the importer accepts timestamps.
    start = datetime(2025, 6, 1, tzinfo=UTC)
    with path.open("w") as out:
        for i in range(n):
            ts = start + timedelta(seconds=i * 30)
            words = " ".join(rng.choice(WORDS) for _ in range(40))
            record = {
                "id": f"b-{i}",
                "bot": "bench-bot",
                "conversation_id": f"bc-{i // 3}",
                "timestamp": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "query": f"How do I {rng.choice(WORDS)} my {rng.choice(WORDS)}? {i}",
                "response": f"You can {words[:200]}.",
                "sources": [
                    {
                        "article_id": f"kb-{rng.randrange(n_articles)}",
                        "title": f"Article about {rng.choice(WORDS)}",
                        "url": "https://help.example.com/a",
                        "text": words * 2,
                        "score": round(rng.random(), 3),
                    }
                    for _ in range(3)
                ],
                "feedback": rng.choice([None, None, None, "up", "down"]),
                "metadata": {"channel": "web"},
            }
            out.write(json.dumps(record) + "\n")


def run(n: int) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"interactions-{n}-from-2025-06.jsonl"
    if not path.exists():
        t0 = time.perf_counter()
        generate(path, n)
        print(
            f"  generated {path.name} ({path.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - t0:.1f}s"
        )
    url = bench_database_url()
    recreate_database(url)
    manage(url, "migrate", "-v0")
    seconds, peak_mb, out, cpu = manage_measured(
        url, "import_interactions", str(path), "--no-progress"
    )
    copy_seconds, copy_cpu = raw_copy(url)
    import_cpu = sum(cpu.values())
    result = {
        "n": n,
        "seconds": round(seconds, 2),
        "interactions_per_second": round(n / seconds),
        "peak_rss_mb": peak_mb,
        "summary": out.strip().splitlines()[-1],
        "raw_copy_seconds": round(copy_seconds, 2),
        "ratio_to_raw_copy": round(copy_seconds / seconds, 2),
        "cpu_seconds": cpu,
        "raw_copy_cpu_seconds": round(copy_cpu, 2),
    }
    print(
        f"  import {n:,} interactions: {seconds:.1f}s, {n / seconds:,.0f} interactions/s, "
        f"peak memory {peak_mb} MB — {result['summary']}"
    )
    print(
        f"  raw COPY of the same rows: {copy_seconds:.1f}s, {n / copy_seconds:,.0f} interactions/s;"
        f" import/COPY = {result['ratio_to_raw_copy']:.2f} (target 0.6)"
    )
    if copy_cpu and cpu["backend"]:
        # On a shared machine the wall-clock ratio moves with the neighbours' load; the
        # CPU each side spent does not.
        print(
            f"  CPU: import {import_cpu:.1f}s (command {cpu['self']:.1f}, readers "
            f"{cpu['children']:.1f}, PostgreSQL {cpu['backend']:.1f}), raw COPY's PostgreSQL "
            f"{copy_cpu:.1f}s; COPY/import CPU = {copy_cpu / import_cpu:.2f}"
        )
    return result


def raw_copy(url: str) -> tuple[float, float]:
    """The physical limit, measured in the same run: the rows the import wrote, dumped in
    binary, the tables truncated, then COPY'd back with every index and constraint in place
    (one transaction per table, as fast as PostgreSQL takes them). Seconds, and the
    CPU seconds of the PostgreSQL backend when it runs on this machine."""
    import psycopg

    from bench.measure import process_cpu_seconds

    tables = ("audits_conversation", "audits_interaction", "audits_retrievedsource")
    dumps: dict[str, bytes] = {}
    with psycopg.connect(url, autocommit=True) as conn:
        for table in tables:
            data = bytearray()
            # A query: COPY … TO reads no partitions of a partitioned table by itself.
            with conn.cursor().copy(
                f"COPY (SELECT * FROM {table}) TO STDOUT (FORMAT BINARY)"
            ) as copy:
                for block in copy:
                    data += block
            dumps[table] = bytes(data)
        # The key table too: COPY back into the partitioned interactions refills it.
        conn.execute(f"TRUNCATE {', '.join(tables)}, audits_interactionkey CASCADE")
        conn.execute("CHECKPOINT")
        pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        try:
            cpu_before = process_cpu_seconds(pid)
        except OSError:  # the server runs on another machine
            cpu_before = None
        start = time.perf_counter()
        for table in tables:
            with (
                conn.transaction(),
                conn.cursor().copy(f"COPY {table} FROM STDIN (FORMAT BINARY)") as copy,
            ):
                view = memoryview(dumps[table])
                for offset in range(0, len(view), 1 << 20):
                    copy.write(view[offset : offset + (1 << 20)])
        seconds = time.perf_counter() - start
        cpu = process_cpu_seconds(pid) - cpu_before if cpu_before is not None else 0.0
        return seconds, cpu
