"""Sweep benchmark: interactions graded per second by real Celery workers.

``n`` typical interactions (three ~600-character chunks, a three-sentence answer, each
a different question so the judge cache never answers) wait in a scratch PostgreSQL
database. The loopback OpenAI-compatible server answers every call in 200 ms. One
sweep is queued through Redis and timed until every interaction is graded, first with
one worker, then with two, each ``celery -A kbaudit worker --pool threads
--concurrency 2`` with ``KBAUDIT_JUDGE_CONCURRENCY=8`` (eight judge calls in flight
per worker).

Target: at least 35 interactions/s per worker. The ceiling is the server's latency
times the concurrency, 8 / 0.2 s = 40/s per worker, not the application.

Usage: python bench/sweep_bench.py [--n 600]   (REDIS_URL, default redis://127.0.0.1:6379/0)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (  # noqa: E402
    bench_database_url,
    django_for,
    env_for,
    manage,
    recreate_database,
)

LATENCY = 0.2  # seconds per judge call at the loopback server
CONCURRENCY = 8  # judge calls in flight per worker
TARGET_PER_WORKER = 35.0


def seed(n: int) -> None:
    """``n`` idle interactions of one bot, three sources each, every question different."""
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from django.utils import timezone

    from audits.models import Bot, Conversation, Interaction, RetrievedSource
    from tests.llm_server import TYPICAL_DOMAIN, TYPICAL_QUERY, TYPICAL_RESPONSE, TYPICAL_SOURCES

    bot = Bot.objects.create(slug="bench-bot", name="Bench bot", domain_description=TYPICAL_DOMAIN)
    quiet = timezone.now() - timedelta(hours=2)
    conversations = Conversation.objects.bulk_create(
        Conversation(bot=bot, external_id=f"c-{i}", started_at=quiet, last_activity_at=quiet)
        for i in range(n)
    )
    interactions = Interaction.objects.bulk_create(
        Interaction(
            bot=bot,
            conversation=conversation,
            external_id=f"i-{i}",
            timestamp=quiet,
            query=TYPICAL_QUERY.replace("headphones", f"headphones (order {10_000 + i})"),
            response=TYPICAL_RESPONSE,
            n_sources=len(TYPICAL_SOURCES),
        )
        for i, conversation in enumerate(conversations)
    )
    RetrievedSource.objects.bulk_create(
        RetrievedSource(
            interaction=interaction,
            rank=rank,
            article_key=f"kb-{rank}",
            text=text,
            bot=bot,
            occurred_at=quiet,
        )
        for interaction in interactions
        for rank, text in enumerate(TYPICAL_SOURCES, 1)
    )


def reset() -> None:
    """Everything ungraded again, and nothing cached or counted."""
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from audits.models import BotDailyUsage, Evaluation, Interaction, JudgeCacheEntry, SweepState

    Evaluation.objects.all().delete()
    JudgeCacheEntry.objects.all().delete()
    BotDailyUsage.objects.all().delete()
    SweepState.objects.all().delete()
    Interaction.objects.update(
        status="pending", attempts=0, last_error="", next_attempt_at=None, claimed_until=None
    )


def timed_sweep(*, n: int, workers: int, url: str, redis_url: str, server, log_dir) -> dict:
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from django.db.models import Max, Min
    from django.utils import timezone

    from audits.models import Evaluation, Interaction
    from kbaudit.celery import app
    from tests.processes import CeleryProcess, stop_all, wait_for

    reset()
    queue = f"kbaudit-bench-{uuid.uuid4().hex[:8]}"
    env = env_for(
        url,
        REDIS_URL=redis_url,
        CELERY_QUEUE=queue,
        CELERY_TASK_ALWAYS_EAGER="0",
        OPENAI_BASE_URL=server.base_url,
        OPENAI_API_KEY="bench",
        KBAUDIT_JUDGE="llm",
        KBAUDIT_JUDGE_MODEL="bench-judge",
        KBAUDIT_JUDGE_MAX_RETRIES="0",
        KBAUDIT_JUDGE_TIMEOUT="10",
        KBAUDIT_JUDGE_CONCURRENCY=str(CONCURRENCY),
        KBAUDIT_SWEEP_BATCH_SIZE="50",
        KBAUDIT_SWEEP_FANOUT=str(4 * workers),
        LOG_LEVEL="WARNING",
    )
    processes = [
        CeleryProcess("worker", env, log_dir, "--pool", "threads", "--concurrency", "2").start()
        for _ in range(workers)
    ]
    calls_before = server.calls
    try:
        sent_at = timezone.now()
        started = time.perf_counter()
        app.send_task(
            "audits.tasks.sweep_dispatch", kwargs={"all_conversations": True}, queue=queue
        )
        graded = Interaction.objects.filter(status="graded")
        wait_for(lambda: graded.count() >= n, timeout=max(120, n / 5), every=0.05, what="grading")
        seconds = time.perf_counter() - started
    finally:
        for process in processes:
            process.stop()
        stop_all()
        _forget_queue(redis_url, queue)
    rate = n / seconds
    span = Evaluation.objects.aggregate(first=Min("created_at"), last=Max("created_at"))
    steady = n / max((span["last"] - span["first"]).total_seconds(), 1e-3)
    return {
        "workers": workers,
        "seconds": round(seconds, 2),
        "interactions_per_second": round(rate, 1),
        "per_worker": round(rate / workers, 1),
        # From the first verdict stored to the last: without the start and the dispatch.
        "first_verdict_after_s": round((span["first"] - sent_at).total_seconds(), 2),
        "steady_per_worker": round(steady / workers, 1),
        "judge_calls": server.calls - calls_before,
    }


def _forget_queue(redis_url: str, queue: str) -> None:
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    import redis

    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{queue}*"))
    if keys:
        client.delete(*keys)


def run(n: int = 600) -> dict:
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    url = bench_database_url("kbaudit_sweep_bench")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    with django_for(url):
        # Imported as the section runs: bench.common configures Django (settings, database) first.
        from kbaudit.celery import app
        from tests.llm_server import LLMServer, completion_reply, typical_output

        app.conf.update(broker_url=redis_url, task_always_eager=False)
        seed(n)
        reply = completion_reply(typical_output(), delay=LATENCY)
        results = {"n": n, "latency_ms": round(LATENCY * 1000), "concurrency": CONCURRENCY}
        with (
            LLMServer(responder=lambda request: reply) as server,
            tempfile.TemporaryDirectory(prefix="kbaudit-sweep-bench-") as log_dir,
        ):
            for workers in (1, 2):
                figures = timed_sweep(
                    n=n,
                    workers=workers,
                    url=url,
                    redis_url=redis_url,
                    server=server,
                    log_dir=Path(log_dir),
                )
                results[f"{workers}_worker"] = figures
                verdict = "ok" if figures["per_worker"] >= TARGET_PER_WORKER else "BELOW TARGET"
                print(
                    f"  {workers} worker(s) x concurrency {CONCURRENCY}: {n} interactions in "
                    f"{figures['seconds']:.1f}s = {figures['interactions_per_second']:.1f}/s "
                    f"({figures['per_worker']:.1f}/s per worker, target "
                    f"{TARGET_PER_WORKER:.0f}: {verdict}); first verdict after "
                    f"{figures['first_verdict_after_s']:.2f}s, then "
                    f"{figures['steady_per_worker']:.1f}/s per worker; "
                    f"{figures['judge_calls']} judge calls"
                )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=600)
    args = parser.parse_args()
    run(args.n)


if __name__ == "__main__":
    main()
