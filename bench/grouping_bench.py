"""Questions grouped by meaning, and the draft check.

- grouping: 50,000 generated sub-questions (templated phrasings of some 60 intents with
  products and order numbers, as a busy article's window holds) grouped the way the
  item pages and the missing-articles list group them; no database.
- draft: the draft check of an article with 5,000 failing interactions (PostgreSQL).

python bench/run.py grouping            # 50,000 sub-questions, then the draft check
python bench/run.py grouping --n 200000
"""

from __future__ import annotations

import random
import time

from bench.common import bench_database_url, django_for, recreate_database

INTENTS = (
    "Is there a restocking fee{on}?", "Do you charge to restock {p}?",
    "How long does a refund for {p} take?", "When will I get my money back for {p}?",
    "Can I return {p} after 30 days?", "How long do I have to return {p}?",
    "Who pays the return shipping for {p}?", "Is return postage free for {p}?",
    "Where is my order {o}?", "Can I change the delivery address of {o}?",
    "How do I cancel {o}?", "Can I exchange {p} for another colour?",
    "Does {p} come with a warranty?", "How do I claim the warranty on {p}?",
    "Can I pay for {p} in instalments?", "Do you price match {p}?",
)  # fmt: skip
PRODUCTS = ("my laptop", "the kettle", "a TV", "headphones", "the blender", "an e-reader")
TAILS = ("", " please", " thanks", "??", " asap")


def questions(n: int, seed: int = 5) -> list[tuple[str, int]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        template = rng.choice(INTENTS)
        product = rng.choice(PRODUCTS)
        text = template.format(p=product, on=f" on {product}", o=f"BC-{rng.randrange(10**6)}")
        out.append((text + rng.choice(TAILS), i))
    return out


def run(n: int = 50_000) -> dict:
    import os
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kbaudit.settings")
    os.environ.setdefault("SECRET_KEY", "bench")
    from content.questions import group_by_meaning
    from kbaudit.text.embeddings import embed

    embed(["warm up"])  # loading the model is not grouping
    group_by_meaning([("warm up", 0), ("warm it up", 1)])
    asked = questions(n)
    started = time.perf_counter()
    groups = group_by_meaning(asked)
    seconds = time.perf_counter() - started
    distinct = len({text.lower() for text, _ in asked})
    print(
        f"grouping: {n:,} sub-questions ({distinct:,} distinct spellings) in {seconds:.2f} s, "
        f"{len(groups):,} groups; largest “{groups[0].example}” × {groups[0].count:,}"
    )
    return {"n": n, "seconds": round(seconds, 2), "groups": len(groups), **draft_bench()}


def draft_bench(failing: int = 5000) -> dict:
    """One article with ``failing`` failing interactions; the draft check timed warm."""
    url = bench_database_url("kbaudit_bench_drafts")
    recreate_database(url)
    with django_for(url):
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        article, bot = _draft_fixture(failing)
        from content.drafts import draft_report
        from content.drafts.services import check_window

        body = article.current_version().body
        draft = body + "\n\n## Restocking fees\n\nWe never charge a restocking fee.\n"
        window = check_window(article, bot, None)
        draft_report(article=article, bot=bot, draft=draft, window=window)  # warm
        timings = []
        for _ in range(5):
            started = time.perf_counter()
            report = draft_report(article=article, bot=bot, draft=draft, window=window)
            timings.append(time.perf_counter() - started)
        summary = report.summary()
        print(
            f"draft check: {failing:,} failing interactions, median {sorted(timings)[2]:.2f} s, "
            f"max {max(timings):.2f} s; {summary['answered_groups']} of "
            f"{summary['groups_total']} groups answered (target < 2 s)"
        )
        return {"draft_seconds": round(sorted(timings)[2], 2), "draft_max": round(max(timings), 2)}


def _draft_fixture(failing: int):
    from datetime import UTC, datetime, timedelta

    from audits.models import Bot, Conversation, Evaluation, Interaction, RetrievedSource
    from content.analytics.rollups import rollup_update
    from content.models import Article, ArticleVersion

    body = (
        "## How long you have\n\nYou can return most items within 30 days of delivery.\n\n"
        "## If we sent the wrong item\n\nIf we shipped the wrong item, you have 45 days."
    )
    start = datetime(2026, 11, 1, tzinfo=UTC)
    bot = Bot.objects.create(slug="draft-bot")
    article = Article.objects.create(external_id="kb-returns", title="Returns policy")
    ArticleVersion.objects.create(
        article=article, number=1, body=body, body_hash="x", published_at=start, live_from=start
    )
    rng = random.Random(9)
    chunk = 1000
    for first in range(0, failing, chunk):
        conversations = Conversation.objects.bulk_create(
            Conversation(bot=bot, external_id=f"c{i}", started_at=start, last_activity_at=start)
            for i in range(first, min(failing, first + chunk))
        )
        interactions = Interaction.objects.bulk_create(
            Interaction(
                bot=bot, conversation=c, external_id=c.external_id,
                timestamp=start + timedelta(minutes=7 * int(c.external_id[1:])),
                query=rng.choice(INTENTS).format(p="my laptop", on="", o="BC-1"),
                response="You can return it within 45 days.", n_sources=1, status="graded",
            )
            for c in conversations
        )  # fmt: skip
        RetrievedSource.objects.bulk_create(
            RetrievedSource(
                interaction=i, rank=1, article_key="kb-returns", title="Returns policy",
                text=body, bot=bot, occurred_at=i.timestamp,
            )
            for i in interactions
        )  # fmt: skip
        Evaluation.objects.bulk_create(
            Evaluation(
                interaction=i, bot=bot, occurred_at=i.timestamp, judge="offline",
                verdict="insufficient", cause="partial", source_precision=0.5,
                source_query_coverage=0.0, groundedness=0.0, topic="returns policy",
                details={
                    "sub_queries": [i.query], "facts": ["You can return it within 45 days."],
                    "matches": {"source_query": [[0]], "response_source": [[1]]},
                },
            )
            for i in interactions
        )  # fmt: skip
    last = start + timedelta(minutes=7 * failing)
    days = {(start + timedelta(days=d)).date() for d in range((last - start).days + 1)}
    rollup_update(bot=bot, days=days)
    return article, bot
