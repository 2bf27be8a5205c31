"""UI benchmark: server time of the review queue with 10,000 open items and of an article
page backed by 50,000 interactions (PostgreSQL)."""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime, timedelta

from bench.analytics_bench import _timed_pages
from bench.common import OUT, bench_database_url, django_for, manage, recreate_database

START = datetime(2026, 6, 1, tzinfo=UTC)
QUESTIONS = (
    "How long do I have to return {p}? Is there a restocking fee?",
    "Can I return {p} after 30 days?",
    "Who pays the return shipping for {p}?",
    "Do you charge a restocking fee on {p}?",
    "How long does the refund for {p} take?",
)
PRODUCTS = ("headphones", "a kettle", "the TV", "a blender", "my laptop", "the e-reader")


def generate(path, n: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    with path.open("w") as out:
        for i in range(n):
            query = rng.choice(QUESTIONS).format(p=rng.choice(PRODUCTS))
            ts = START + timedelta(seconds=rng.randrange(180 * 86400))
            record = {
                "id": f"u-{i}",
                "bot": "ui-bot",
                "conversation_id": f"uc-{i}",
                "timestamp": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "query": query,
                "response": "You can return it within 45 days of delivery. There is no restocking fee.",
                "sources": [
                    {"article_id": "kb-returns", "title": "Returns policy",
                     "text": "You can return most items within 30 days of delivery. If we shipped "
                     "the wrong item, you have 45 days.", "score": 0.8},
                    {"article_id": f"kb-{rng.randrange(300)}", "title": "Other", "text": "x", "score": 0.4},
                ],
            }  # fmt: skip
            out.write(json.dumps(record) + "\n")


EVALUATE_SQL = """
INSERT INTO audits_evaluation (interaction_id, bot_id, occurred_at, judge, model, prompt_version,
    source_precision, source_query_coverage, response_precision, response_query_coverage,
    groundedness, self_distinctness, verdict, cause, rationale, topic, details,
    n_sub_queries, n_facts, n_sources, n_unsupported, n_redundant, n_unasked,
    prompt_tokens, completion_tokens, latency_ms, cached, overridden_by_feedback,
    original_verdict, original_cause, declined, not_knowing_reason, bad_quotes)
SELECT i.id, i.bot_id, i.timestamp, 'bench', '', '', 0.5, 0.5, 1, 0.5, 0, 1,
    'insufficient', 'contradictory', 'Gives 45 days to an ordinary return.', 'returns policy',
    jsonb_build_object(
        'sub_queries', jsonb_build_array(split_part(i.query, '?', 1) || '?',
                                         'Is there a restocking fee?'),
        'facts', jsonb_build_array('You can return it within 45 days of delivery.',
                                   'There is no restocking fee.'),
        'matches', jsonb_build_object(
            'source_query', '[[1, 0], [0, 0]]'::jsonb,
            'response_query', '[[1, 0], [0, 1]]'::jsonb,
            'response_source', '[[0, 0], [0, 0]]'::jsonb,
            'redundant_of', '[null, null]'::jsonb),
        'unsupported', jsonb_build_array(
            jsonb_build_object('fact', 0, 'reason', 'condition_misapplied', 'source_rank', 1,
                'passage', 'If we shipped the wrong item, you have 45 days.'),
            jsonb_build_object('fact', 1, 'reason', 'not_in_sources', 'passage', ''))),
    2, 2, 2, 2, 0, 0, 0, 0, 0, false, false, '', '', false, 'not_in_retrieved', 0
FROM audits_interaction i LEFT JOIN audits_evaluation e ON e.interaction_id = i.id
WHERE e.id IS NULL
"""


def _items(n: int) -> None:
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from audits.models import Bot, Team
    from content.models import Article, BotKnowledgeBase, ReviewItem

    bot = Bot.objects.get(slug="ui-bot")
    knowledge_base = BotKnowledgeBase.objects.link(bot).knowledge_base
    articles = Article.objects.bulk_create(
        [
            Article(knowledge_base=knowledge_base, external_id=f"kb-item-{i}", title=f"Article {i}")
            for i in range(n)
        ]
    )
    topics = ("returns", "delivery", "payments", "warranty", "gift cards", "account")
    ReviewItem.objects.bulk_create(
        [
            ReviewItem(
                bot=bot, article=article, reason="content_gap", priority=(i * 7919) % 1000 / 3,
                topic=topics[i % len(topics)],
                evidence={"traffic": i % 500, "metrics": {}, "thresholds": {}, "diagnoses": []},
            )
            for i, article in enumerate(articles)
        ],
        batch_size=2000,
    )  # fmt: skip
    team = Team.objects.create(name="UI", slug="ui")
    bot.team = team
    bot.save()


def run(n_items: int = 10_000, n_interactions: int = 50_000) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    url = bench_database_url("kbaudit_bench_ui")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    path = OUT / f"ui-{n_interactions}.jsonl"
    generate(path, n_interactions)
    manage(url, "import_interactions", str(path), "--no-progress")
    results: dict = {"items": n_items, "interactions": n_interactions}
    with django_for(url):
        # Imported as the section runs: bench.common configures Django (settings, database) first.
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client

        from audits.models import Bot
        from content.analytics.rollups import rollup_rebuild
        from content.models import Article, ReviewItem

        with connection.cursor() as cursor:
            cursor.execute(EVALUATE_SQL)
            cursor.execute("UPDATE audits_interaction SET status = 'graded'")
        rollup_rebuild(bot=Bot.objects.get(slug="ui-bot"))
        _items(n_items)
        returns = Article.objects.get(
            knowledge_base__bot_links__bot__slug="ui-bot", external_id="kb-returns"
        )
        ReviewItem.objects.create(
            bot_id=Bot.objects.get(slug="ui-bot").pk,
            article=returns,
            reason="partial_coverage",
            priority=5000,
        )
        with connection.cursor() as cursor:
            # What autovacuum does after the bulk updates above (it may be off on a test
            # server): fresh statistics and visibility maps.
            cursor.execute("VACUUM ANALYZE")
        user = get_user_model().objects.create_user("writer", "w@example.com", "x")
        user.kbaudit_teams.add(Bot.objects.get(slug="ui-bot").team)
        client = Client()
        client.force_login(user)
        pages = {
            "queue": "/",
            "queue_filtered": "/?topic=returns&page=20",
            "article": f"/articles/{returns.pk}/",
        }
        for label, page in pages.items():
            started = time.perf_counter()
            figures = _timed_pages(client, page)
            results[label] = figures
            print(
                f"  {label}: median {figures['median_ms']} ms, p95 {figures['p95_ms']} ms "
                f"({time.perf_counter() - started:.0f}s for 51 requests)"
            )
    return results
