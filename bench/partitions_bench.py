"""Partitions benchmark (PostgreSQL): an install on the plain tables converted to monthly
partitions, and the plans of the queries that read them.

Builds ``n`` interactions over twelve months (3 sources each, every one graded) on the
plain tables, times ``partition_tables`` (the offline conversion), then runs the sweep's
pending claim, a day's rollup update, an article's evidence (its latest retrievals'
evaluations, and the failing conversations of its page) and a run's before/after
comparison with EXPLAIN ANALYZE inside a transaction that is rolled back, and prints,
per statement, which partitions each scan of a partitioned table read (a partition the
plan listed but never executed was pruned at run time).

Then retention on that layout (``retention_measure``): two months far back, each of
``retention_n`` interactions with text of a realistic length (3 sources each), one
month's text dropped by the UPDATE path and the other's by the partition swap; the
seconds each took and the month's two partitions' size (heap, TOAST, indexes) before
and after, before any VACUUM, then after a VACUUM of the updated month.
``python -m bench.partitions_bench retention [N]`` runs that part alone on a fresh
database.
"""

from __future__ import annotations

import re
import sys
import time
from datetime import date, timedelta

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


def run(n: int = 200_000, retention_n: int = 100_000) -> dict:
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
        results["retention"] = retention_measure(retention_n)
    return results


RETENTION_MONTHS = (date(2019, 1, 1), date(2019, 2, 1))  # before the generated year


def _month_fill(cursor, bot_id: int, month: date, n: int) -> None:
    """``n`` graded interactions over ``month``, 3 sources each, with texts of about
    the length real ones have (a 120-character question, a 700-character answer,
    900-character chunks), straight into the tables (the key triggers fire)."""
    cursor.execute(
        "INSERT INTO audits_conversation (external_id, started_at, last_activity_at, bot_id)"
        " VALUES (%s, %s, %s, %s) RETURNING id",
        [f"retention-{month}", month, month, bot_id],
    )
    conversation = cursor.fetchone()[0]
    words = "repeat(md5(g::text) || ' ' || md5((g * 7)::text) || ' ', 20)"
    cursor.execute(
        f"""
        INSERT INTO audits_interaction (external_id, "timestamp", query, response, query_key,
            metadata, n_sources, status, bot_id, conversation_id)
        SELECT 'r-' || %(month)s || '-' || g,
            %(month)s::timestamptz + ((g - 1) * interval '1 second') * (2419200.0 / %(n)s),
            substr({words}, 1, 120), substr({words}, 3, 700), md5(g::text), '{{}}', 3,
            'graded', %(bot)s, %(conversation)s
        FROM generate_series(1, %(n)s) g
        """,
        {"month": month.isoformat(), "n": n, "bot": bot_id, "conversation": conversation},
    )
    cursor.execute(
        f"""
        INSERT INTO audits_retrievedsource (interaction_id, rank, article_key, title, url,
            text, score, bot_id, occurred_at)
        SELECT i.id, r, 'kb-' || (i.id %% 500), 'Article', '', substr({words}, r, 900), 0.7,
            i.bot_id, i."timestamp"
        FROM (SELECT id, bot_id, "timestamp", row_number() OVER (ORDER BY id) g
              FROM audits_interaction WHERE bot_id = %(bot)s) i, generate_series(1, 3) r
        """,
        {"bot": bot_id},
    )


def _month_size(cursor, month: date) -> int:
    from audits.partitions import PARTITIONED, partition_name

    cursor.execute(
        "SELECT sum(pg_total_relation_size(c)) FROM unnest(%s::regclass[]) c",
        [[partition_name(table, month) for table in PARTITIONED]],
    )
    return int(cursor.fetchone()[0])


def retention_measure(n: int) -> dict:
    """One month's text dropped by UPDATE, another's by the partition swap."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from audits.models import Bot
    from audits.partitions import PARTITIONED, month_partitions_create, partition_name
    from audits.retention.services import interaction_text_drop
    from audits.retention.swap import month_end, month_text_swap

    month_partitions_create(months=list(RETENTION_MONTHS))
    bots = [
        Bot.objects.get_or_create(slug=f"bench-retention-{i}", defaults={"text_retention_days": 1})[
            0
        ]
        for i in range(2)
    ]
    out: dict = {"n": n}
    with connection.cursor() as cursor:
        for bot, month in zip(bots, RETENTION_MONTHS, strict=True):
            _month_fill(cursor, bot.pk, month, n)
            for table in PARTITIONED:  # no vacuum but the one measured
                cursor.execute(
                    f"ALTER TABLE {partition_name(table, month)} SET (autovacuum_enabled = false)"
                )
                cursor.execute(f"ANALYZE {partition_name(table, month)}")
        updated, swapped = RETENTION_MONTHS
        for label, month in (("update", updated), ("swap", swapped)):
            out[f"{label}_size_before_mb"] = round(_month_size(cursor, month) / 2**20, 1)

        start = time.perf_counter()
        interaction_text_drop(bot=bots[0], before=month_end(updated))
        out["update_seconds"] = round(time.perf_counter() - start, 2)
        out["update_size_after_mb"] = round(_month_size(cursor, updated) / 2**20, 1)

        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            done = month_text_swap(month=swapped, bot_ids={bots[1].pk})
            out["swap_seconds"] = round(time.perf_counter() - start, 2)
        assert done is not None and done.interactions == n, "the swap was not taken"
        # From the parents' lock to the commit, which holds it too; then the old
        # partitions' drop, in a transaction of its own.
        locked = next(i for i, q in enumerate(queries) if q["sql"].startswith("LOCK TABLE ONLY"))
        commit = next(i for i in range(locked, len(queries)) if queries[i]["sql"] == "COMMIT")
        out["swap_exclusive_statements_ms"] = round(
            sum(float(q["time"]) for q in queries[locked:commit]) * 1000, 1
        )
        out["swap_commit_ms"] = round(float(queries[commit]["time"]) * 1000, 1)
        out["swap_drop_ms"] = round(sum(float(q["time"]) for q in queries[commit + 1 :]) * 1000, 1)
        out["swap_size_after_mb"] = round(_month_size(cursor, swapped) / 2**20, 1)

        start = time.perf_counter()
        for table in PARTITIONED:
            cursor.execute(f"VACUUM {partition_name(table, updated)}")
        out["update_vacuum_seconds"] = round(time.perf_counter() - start, 2)
        out["update_size_after_vacuum_mb"] = round(_month_size(cursor, updated) / 2**20, 1)
    print(
        f"  retention of one month of {n:,} interactions ({3 * n:,} sources):"
        f" UPDATE {out['update_seconds']}s, {out['update_size_before_mb']} →"
        f" {out['update_size_after_mb']} MB (VACUUM {out['update_vacuum_seconds']}s →"
        f" {out['update_size_after_vacuum_mb']} MB); swap {out['swap_seconds']}s"
        f" (parents locked {out['swap_exclusive_statements_ms']} ms + commit"
        f" {out['swap_commit_ms']} ms; old partitions dropped after in {out['swap_drop_ms']} ms), {out['swap_size_before_mb']} →"
        f" {out['swap_size_after_mb']} MB"
    )
    return out


def retention_run(n: int = 100_000) -> dict:
    """The retention part alone, on a fresh partitioned database."""
    url = bench_database_url("kbaudit_bench_partitions")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    with django_for(url):
        return retention_measure(n)


if __name__ == "__main__":
    if sys.argv[1:2] != ["retention"]:
        sys.exit("usage: python -m bench.partitions_bench retention [N]")
    retention_run(int(sys.argv[2]) if len(sys.argv) > 2 else 100_000)
