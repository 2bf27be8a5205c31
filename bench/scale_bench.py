"""Scale benchmark: N graded interactions over 12 months, three sources each (PostgreSQL).

The rows are written set-based (bench/scale_generate.py), not through the importer,
whose speed the ``import`` section measures. Then: ``rollup --rebuild`` of the whole
history, the ranking page (a week, a season), the article page (a popular article and a
median one), and the rollup refresh after 10,000 new evaluations, each against its
target. When the installation can partition its tables (``audits.partitions``), the
figures are taken on the unpartitioned tables, again after ``partition_tables``, and
their ratio printed.
"""

from __future__ import annotations

import importlib.util
import os
import time
from datetime import date, timedelta

from bench.analytics_bench import _timed_pages
from bench.common import bench_database_url, django_for, manage, recreate_database
from bench.scale_generate import LOADED_TABLES, START, Span, generate, setup_reference_rows

DAYS = 365
TARGETS = {"ranking_ms": 150, "article_ms": 200, "incremental_s": 5}
ANCHOR = date(2026, 11, 20)
RECENT = 10_000


def _sizes() -> dict[str, int]:
    from django.db import connection

    tables = [*LOADED_TABLES, "content_articledayrollup", "content_botdayrollup"]
    with connection.cursor() as cursor:
        # a partitioned table's size is its partitions' (a plain table has no tree)
        cursor.execute(
            "SELECT t, GREATEST(pg_total_relation_size(t::regclass),"
            " (SELECT COALESCE(SUM(pg_total_relation_size(relid)), 0)"
            " FROM pg_partition_tree(t::regclass))) FROM unnest(%s::text[]) AS t",
            [tables],
        )
        sizes = {table: int(size) for table, size in cursor.fetchall()}
        cursor.execute("SELECT pg_database_size(current_database())")
        sizes["database"] = int(cursor.fetchone()[0])
    return sizes


def _print_sizes(sizes: dict[str, int]) -> None:
    for table, size in sizes.items():
        print(f"    {table}: {size / 2**30:.2f} GiB")


def _check(label: str, value: float, target: float, unit: str) -> str:
    verdict = "within" if value <= target else "OVER"
    return f"{label}: {value} {unit} ({verdict} the {target} {unit} target)"


def _measure(client, bots: dict[str, int], articles: dict[str, int], recent: Span) -> dict:
    """The pages, then the refresh after ``recent``'s evaluations arrive."""
    figures: dict = {}
    anchor = ANCHOR.isoformat()
    for label, query in (
        ("week", f"period=week&date={anchor}"),
        ("season", f"period=season&season=holiday-peak&date={anchor}"),
    ):
        found = _timed_pages(client, f"/bots/help-web/articles/?{query}")
        figures[f"ranking_{label}"] = found
        print("  " + _check(f"ranking page, {label}: p95", found["p95_ms"], 150, "ms"))
    for label, pk in articles.items():
        found = _timed_pages(client, f"/articles/{pk}/")
        figures[f"article_{label}"] = found
        print("  " + _check(f"article page, {label} article: p95", found["p95_ms"], 200, "ms"))
    figures.update(_refresh(bots, recent))
    return figures


def _refresh(bots: dict[str, int], recent: Span, label: str = "") -> dict:
    """Write ``recent`` (graded, not yet attributed), then what a sweep does after grading
    it: the attribution of the new evaluations, then the rollups of the days they touched,
    for every bot. Timed apart: attribution builds the profile of each article it meets
    for the first time in the process (kept for later batches)."""
    from audits.models import Bot
    from content.analytics.periods import day_bounds
    from content.analytics.rollups import rollup_update
    from content.attribution import attribution_update

    generate(recent, attributed=False)
    first = recent.first_day.date()
    days = [first + timedelta(days=d) for d in range(recent.days)]
    start, end = day_bounds(days[0], days[-1])
    chosen = list(Bot.objects.filter(pk__in=bots.values()))
    started = time.perf_counter()
    for bot in chosen:
        attribution_update(bot=bot, start=start, end=end)
    attributed = time.perf_counter() - started
    for bot in chosen:
        rollup_update(bot=bot, days=days)
    total = time.perf_counter() - started
    figures = {
        "attribution_seconds": round(attributed, 2),
        "incremental_seconds": round(total - attributed, 2),
        "refresh_seconds": round(total, 2),
    }
    vacuumed = _autovacuum_stand_in()
    if vacuumed is not None:
        figures["rollup_vacuum_seconds"] = vacuumed
        print(f"  the rollup tables vacuumed after it, as autovacuum would: {vacuumed} s")
    print(
        "  "
        + _check(
            f"rollups after {RECENT:,} new evaluations{label}",
            figures["incremental_seconds"],
            5,
            "s",
        )
        + f"; with their attribution first: {figures['attribution_seconds']} s more"
    )
    return figures


def _autovacuum_stand_in() -> float | None:
    """What autovacuum does after a refresh (the rollup tables ask for it after 10,000
    rewritten rows) when the server runs none: without it the ranking reads the table
    for every rollup row on a page the refresh touched. The seconds, or None."""
    from django.db import connection

    from content.models import ArticleDayRollup, BotDayRollup, TopicDayRollup

    with connection.cursor() as cursor:
        cursor.execute("SHOW autovacuum")
        if cursor.fetchone()[0] == "on":
            return None
        started = time.perf_counter()
        for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup):
            cursor.execute(f"VACUUM {model._meta.db_table}")
    return round(time.perf_counter() - started, 2)


def _articles_to_open() -> dict[str, int]:
    """The most retrieved article of help-web's knowledge base, and the median one."""
    from django.db.models import Sum

    from content.models import ArticleDayRollup

    traffic = list(
        ArticleDayRollup.objects.filter(bot__slug="help-web")
        .values("article_id")
        .annotate(total=Sum("retrievals"))
        .order_by("-total", "article_id")
        .values_list("article_id", "total")
    )
    popular, median = traffic[0], traffic[len(traffic) // 2]
    print(
        f"  articles opened: the most retrieved ({popular[1]:,} retrievals) and the median"
        f" one ({median[1]:,} retrievals) of {len(traffic):,}"
    )
    return {"popular": popular[0], "median": median[0]}


def run(n: int = 10_000_000) -> dict:
    partitions = importlib.util.find_spec("audits.partitions") is not None
    # one database per size: a quick small run leaves a large one in place
    url = bench_database_url(f"kbaudit_bench_scale_{n}")
    recreate_database(url)
    env = {"KBAUDIT_PARTITION_TABLES": "0"}
    os.environ.update(env)
    manage(url, "migrate", "-v0", **env)
    results: dict = {"n": n, "partitioning_available": partitions}
    with django_for(url):
        # Imported as the section runs: bench.common configures Django first.
        from django.contrib.auth import get_user_model
        from django.test import Client

        bots = setup_reference_rows()
        span = Span(first_id=1, n=n, first_day=START, days=DAYS, first_conversation_id=1)
        seconds = generate(span)
        results["generate_seconds"] = round(seconds, 1)
        print(f"  generated {n:,} graded interactions ({3 * n:,} sources) in {seconds:.0f}s")

        seconds, _, out = manage(url, "rollup", "--rebuild", **env)
        results["rebuild_seconds"] = round(seconds, 1)
        print(f"  rollup --rebuild: {seconds:.1f}s ({out.strip()})")
        results["sizes"] = _sizes()
        _print_sizes(results["sizes"])

        user = get_user_model().objects.create_superuser("bench", "bench@example.com", "x")
        client = Client()
        client.force_login(user)
        articles = _articles_to_open()
        # each measurement's new evaluations land on the last days, after the anchor
        recent = Span(
            first_id=span.next_id,
            n=RECENT,
            first_day=START + timedelta(days=DAYS - 2),
            days=2,
            first_conversation_id=span.next_conversation_id,
        )
        # the first refresh of the process builds the profiles of the articles it meets
        results["first_refresh"] = _refresh(bots, recent, " (first of the process)")
        recent = recent.next_batch()
        label = "unpartitioned" if partitions else "unpartitioned (no partitioning available)"
        print(f"  [{label}]")
        results["unpartitioned"] = _measure(client, bots, articles, recent)
        if not partitions:
            return results

        seconds, _, out = manage(url, "partition_tables", **env)
        results["partition_seconds"] = round(seconds, 1)
        print(f"  partition_tables: {seconds:.1f}s ({out.strip()[-200:]})")
        results["sizes_partitioned"] = _sizes()
        _print_sizes(results["sizes_partitioned"])
        print("  [partitioned]")
        again = recent.next_batch()
        results["partitioned"] = _measure(client, bots, articles, again)
        ratios = {}
        for key, before in results["unpartitioned"].items():
            after = results["partitioned"][key]
            if isinstance(before, dict):
                ratios[key] = round(after["p95_ms"] / before["p95_ms"], 2)
            else:
                ratios[key] = round(after / before, 2)
            print(f"  partitioned / unpartitioned, {key}: {ratios[key]}")
        results["ratios"] = ratios
    return results
