"""Partitions benchmark (PostgreSQL): an install on the plain tables converted to monthly
partitions, and the plans of the queries that read them.

Builds ``n`` interactions over twelve months (3 sources each, every one graded) on the
plain tables, times ``partition_tables`` (the offline conversion), then runs the sweep's
pending claim, a day's rollup update, an article's evidence (its latest retrievals'
evaluations, and the failing conversations of its page) and a run's before/after
comparison with EXPLAIN ANALYZE inside a transaction that is rolled back, and prints,
per statement, which partitions each scan of a partitioned table read (a partition the
plan listed but never executed was pruned at run time).
"""

from __future__ import annotations

import re
from datetime import timedelta

from bench.analytics_bench import DAYS, START, _evaluate_all, generate
from bench.common import OUT, bench_database_url, django_for, manage, recreate_database

PARTITION = re.compile(r"on (audits_(?:interaction|retrievedsource)_(?:p\d{4}_\d\d|default))")


def _plans(label: str, statements: list[str]) -> list[dict]:
    """Replay ``statements`` in one transaction that is rolled back, EXPLAIN ANALYZE
    for those that read a partitioned table (which runs them too)."""
    from django.db import connection, transaction

    out = []
    with transaction.atomic(), connection.cursor() as cursor:
        for sql in statements:
            if sql.lstrip().upper().startswith(("SAVEPOINT", "RELEASE", "ROLLBACK", "SET ")):
                continue
            if "audits_interaction" not in sql and "audits_retrievedsource" not in sql:
                cursor.execute(sql)
                continue
            cursor.execute(f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) {sql}")
            plan = [row[0] for row in cursor.fetchall()]
            listed: dict[str, bool] = {}
            for line in plan:
                match = PARTITION.search(line)
                if match:
                    name = match.group(1)
                    listed[name] = listed.get(name, False) or "never executed" not in line
            read = sorted(name for name, executed in listed.items() if executed)
            out.append({"sql": " ".join(sql.split())[:160], "plan": plan, "read": read})
            print(f"  {label}: {' '.join(sql.split())[:110]}…")
            print(
                f"    partitions listed {len(listed)}, read {len(read)}: {', '.join(read) or '-'}"
            )
        transaction.set_rollback(True)
    return out


def run(n: int = 200_000) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    url = bench_database_url("kbaudit_bench_partitions")
    recreate_database(url)
    manage(url, "migrate", "-v0", KBAUDIT_PARTITION_TABLES="0")
    path = OUT / f"partitions-{n}.jsonl"
    if not path.exists():
        generate(path, n, 2_000)
    seconds, _, _ = manage(url, "import_interactions", str(path), "--no-progress")
    print(f"  imported {n:,} interactions on the plain tables in {seconds:.0f}s")
    results: dict = {"n": n}
    with django_for(url):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from audits.models import Bot, EvaluationRun, Interaction
        from audits.offline_runs.baselines import baseline_for
        from audits.offline_runs.comparison import run_comparison
        from audits.sweep.services import interactions_claim
        from content.analytics.rollups import rollup_update
        from content.models import Article
        from content.review.evidence import article_evaluations, failing_conversations

        _evaluate_all()
        connection.close()
        seconds, _, out = manage(url, "partition_tables")
        results["convert_seconds"] = round(seconds, 1)
        results["convert_seconds_per_million"] = round(seconds * 1_000_000 / n, 1)
        print(
            f"  {out.strip()} (command {seconds:.1f}s, {results['convert_seconds_per_million']}s per million)"
        )

        # A replay of the last week's questions, graded, to compare with production.
        last_day = START + timedelta(days=DAYS - 7)
        replay = OUT / "partitions-replay.jsonl"
        generate(replay, 2_000, 2_000, start_index=n, days=7, first_day=last_day, seed=11)
        manage(url, "import_interactions", str(replay), "--run", "bench-replay", "--no-progress")
        manage(url, "partitions_ahead")
        _evaluate_all()
        bot = Bot.objects.get(slug="bench-bot")
        # Some rows still to grade, as the sweep finds them.
        Interaction.objects.filter(
            bot=bot, timestamp__gte=last_day + timedelta(days=5), run__isnull=True
        ).update(status="pending")

        plans = {}
        with CaptureQueriesContext(connection) as queries:
            interactions_claim(token="bench", limit=50, idle_minutes=None)
        plans["sweep"] = _plans("sweep pending", [q["sql"] for q in queries])
        day = (last_day + timedelta(days=3)).date()
        with CaptureQueriesContext(connection) as queries:
            rollup_update(bot=bot, days=[day])
        plans["rollup"] = _plans("rollup update", [q["sql"] for q in queries])
        article = Article.objects.get(external_id="kb-0")
        with CaptureQueriesContext(connection) as queries:
            list(article_evaluations(article, [bot.pk], recent=50))
        plans["evidence"] = _plans("article evidence", [q["sql"] for q in queries])
        # The failing conversations the article page shows, over the last four weeks.
        window = ((last_day - timedelta(days=21)).date(), (last_day + timedelta(days=6)).date())
        with CaptureQueriesContext(connection) as queries:
            failing_conversations(article, [bot], limit=10, window=window)
        plans["failing"] = _plans("article failing", [q["sql"] for q in queries])
        run_ = EvaluationRun.objects.get(name="bench-replay")
        with CaptureQueriesContext(connection) as queries:
            baseline = baseline_for(run=run_, bot_ids=[bot.pk])
            run_comparison(run=run_, baseline=baseline, resamples=10)
        plans["comparison"] = _plans("comparison", [q["sql"] for q in queries])
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_inherits WHERE inhparent = 'audits_interaction'::regclass"
            )
            results["interaction_partitions"] = cursor.fetchone()[0]
        print(f"  audits_interaction has {results['interaction_partitions']} partitions")
        results["plans"] = plans
    return results
