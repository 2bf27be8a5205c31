"""Analytics benchmark: 1M interactions over 20k articles and 12 months (PostgreSQL).

Measures `rollup --rebuild`, the incremental update after 10,000 new evaluations, and
the server time of the ranking page for a week and for a season.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from bench.common import OUT, bench_database_url, django_for, manage, percentile, recreate_database

START = datetime(2025, 12, 1, tzinfo=UTC)
DAYS = 365
TOPICS = ("returns", "refund timing", "delivery", "payments", "gift cards", "warranty", "account")


def generate(
    path: Path,
    n: int,
    n_articles: int,
    *,
    start_index: int = 0,
    days: int = DAYS,
    first_day: datetime = START,
    seed: int = 5,
) -> None:
    rng = random.Random(seed)
    weights = [1 / (rank + 1) ** 0.9 for rank in range(n_articles)]
    population = list(range(n_articles))
    with path.open("w") as out:
        for offset in range(n):
            i = start_index + offset
            ts = first_day + timedelta(seconds=rng.randrange(days * 86400))
            picks = rng.choices(population, weights=weights, k=3)
            record = {
                "id": f"a-{i}",
                "bot": "bench-bot",
                "conversation_id": f"ac-{i}",
                "timestamp": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "query": f"question {i % 997}",
                "response": "an answer",
                "sources": [
                    {
                        "article_id": f"kb-{p}",
                        "title": f"Article {p}",
                        "text": "chunk",
                        "score": 0.7,
                    }
                    for p in picks
                ],
                "feedback": "down" if rng.random() < 0.03 else None,
            }
            out.write(json.dumps(record) + "\n")


EVALUATE_SQL = """
INSERT INTO audits_evaluation (interaction_id, bot_id, occurred_at, judge, model, prompt_version,
    source_precision, source_query_coverage, response_precision, response_query_coverage,
    groundedness, self_distinctness, verdict, cause, rationale, topic, details,
    n_sub_queries, n_facts, n_sources, n_unsupported, n_redundant, n_unasked,
    prompt_tokens, completion_tokens, latency_ms, cached, overridden_by_feedback,
    original_verdict, original_cause, bad_quotes, declined, not_knowing_reason)
SELECT i.id, i.bot_id, i.timestamp, 'bench', '', '',
    h.a / 100.0, h.b / 100.0, 1, 1, h.c / 100.0, 1,
    CASE WHEN h.a < 60 THEN 'insufficient' ELSE 'sufficient' END,
    CASE WHEN h.a < 60 THEN 'partial' ELSE NULL END, '',
    (ARRAY[{topics}])[1 + h.a % {n_topics}], '{{}}'::jsonb,
    1, 2, 3, 0, 0, 0, 0, 0, 0, false, false, '', '', 0, false, ''
FROM audits_interaction i
CROSS JOIN LATERAL (SELECT 40 + abs(hashtext(i.external_id)) % 61 AS a,
                           40 + abs(hashtext(i.external_id || 's')) % 61 AS b,
                           40 + abs(hashtext(i.external_id || 'g')) % 61 AS c) h
LEFT JOIN audits_evaluation e ON e.interaction_id = i.id
WHERE e.id IS NULL
"""


def _evaluate_all() -> int:
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from django.db import connection

    topics = ", ".join(f"'{t}'" for t in TOPICS)
    with connection.cursor() as cursor:
        cursor.execute(EVALUATE_SQL.format(topics=topics, n_topics=len(TOPICS)))
        count = cursor.rowcount
        cursor.execute("UPDATE audits_interaction SET status = 'graded' WHERE status = 'pending'")
        # What autovacuum does after such a bulk update (it may be off on a test server):
        # without it every later scan of the interactions steps over a million dead rows.
        cursor.execute("VACUUM ANALYZE")
    return count


def _timed_pages(client, url: str, n: int = 50) -> dict:
    client.get(url)  # warm the caches once
    times = []
    for _ in range(n):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.status_code
    return {
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(percentile(times, 0.95), 1),
    }


def _alerts_after_sweep(bot, now: datetime) -> dict:
    """What a sweep's rollup refresh then spends on the alerts: the team's default rules
    (every kind) evaluated for the bot, and the escalated replies read."""
    from audits.models import Team
    from content.alerts.services import alert_defaults_ensure, alerts_evaluate
    from content.escalations.services import agent_replies_read

    team, _ = Team.objects.get_or_create(slug="bench-team", defaults={"name": "Bench"})
    bot.team = team
    bot.save(update_fields=["team"])
    alert_defaults_ensure(team=team)
    timings = []
    for _ in range(5):
        started = time.perf_counter()
        alerts_evaluate(bot=bot, now=now)
        agent_replies_read(bot=bot)
        timings.append(time.perf_counter() - started)
    figures = {"median_ms": round(statistics.median(timings) * 1000, 1)}
    figures["max_ms"] = round(max(timings) * 1000, 1)
    print(
        f"  alerts after the sweep (default rules, {len(timings)} runs): median "
        f"{figures['median_ms']} ms, max {figures['max_ms']} ms"
    )
    return figures


def run(n: int = 1_000_000, n_articles: int = 20_000) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    url = bench_database_url("kbaudit_bench_analytics")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    path = OUT / f"analytics-{n}.jsonl"
    if not path.exists():
        generate(path, n, n_articles)
    seconds, _, _ = manage(url, "import_interactions", str(path), "--no-progress")
    print(f"  imported {n:,} interactions in {seconds:.0f}s")
    results: dict = {"n": n, "articles": n_articles}
    with django_for(url):
        # Imported as the section runs: bench.common configures Django (settings, database) first.
        from django.contrib.auth import get_user_model
        from django.test import Client

        from audits.models import Bot
        from content.analytics.rollups import rollup_update
        from content.review.flags import content_flags_update

        started = time.perf_counter()
        _evaluate_all()
        print(
            f"  evaluated every interaction (synthetic grades) in {time.perf_counter() - started:.0f}s"
        )
        seconds, _, out = manage(url, "rollup", "--rebuild")
        results["rebuild_seconds"] = round(seconds, 1)
        print(f"  rollup --rebuild: {seconds:.1f}s ({out.strip()})")

        recent = OUT / "analytics-recent.jsonl"
        last_day = START + timedelta(days=DAYS - 2)
        generate(recent, 10_000, n_articles, start_index=n, days=2, first_day=last_day, seed=9)
        manage(url, "import_interactions", str(recent), "--no-progress")
        _evaluate_all()
        bot = Bot.objects.get(slug="bench-bot")
        started = time.perf_counter()
        rollup_update(bot=bot, days=[last_day.date(), last_day.date() + timedelta(days=1)])
        rollup_seconds = time.perf_counter() - started
        content_flags_update(bot=bot)
        results["incremental_seconds"] = round(rollup_seconds, 2)
        results["incremental_with_flags_seconds"] = round(time.perf_counter() - started, 2)
        print(
            f"  rollups after 10,000 new evaluations: {rollup_seconds:.2f}s "
            f"({results['incremental_with_flags_seconds']:.2f}s with the review-item flags)"
        )

        results["alerts"] = _alerts_after_sweep(bot, last_day + timedelta(days=2))

        user = get_user_model().objects.create_superuser("bench", "bench@example.com", "x")
        client = Client()
        client.force_login(user)
        anchor = date(2026, 11, 20).isoformat()
        for label, query in (
            ("week", f"period=week&date={anchor}"),
            ("season", f"period=season&season=holiday-peak&date={anchor}"),
        ):
            figures = _timed_pages(client, f"/bots/bench-bot/articles/?{query}")
            results[f"ranking_{label}"] = figures
            print(
                f"  ranking page, {label}: median {figures['median_ms']} ms, p95 {figures['p95_ms']} ms"
            )
    return results
