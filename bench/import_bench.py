"""Import benchmark: N generated interactions with 3 sources each through import_interactions."""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import OUT, bench_database_url, manage, recreate_database

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
    seconds, peak_mb, out = manage(url, "import_interactions", str(path), "--no-progress")
    result = {
        "n": n,
        "seconds": round(seconds, 2),
        "interactions_per_second": round(n / seconds),
        "peak_rss_mb": peak_mb,
        "summary": out.strip().splitlines()[-1],
    }
    print(
        f"  import {n:,} interactions: {seconds:.1f}s, {n / seconds:,.0f} interactions/s, "
        f"peak memory {peak_mb} MB — {result['summary']}"
    )
    return result
