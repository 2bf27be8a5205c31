"""Helpers shared by several test modules: planted traffic, log records, review items,
digest subscriptions, the browser's log-in, snapshots of what the analytics read.
Fixtures live in the conftest files; a test module imports from here (or
``tests.factories``), never from another test module."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from kombu import pools

from audits.judges.base import JudgeInput, JudgeResult, SourceText, Turn
from audits.judges.offline import OfflineJudge
from audits.models import Bot, Conversation, Evaluation, Interaction, RetrievedSource
from audits.sweep.rules import interaction_grade
from content.analytics.periods import period_for
from content.analytics.ranking import article_ranking
from content.analytics.rollups import rollup_update
from content.digest.services import subscription_save
from content.models import (
    ArticleDayRollup,
    BotDayRollup,
    DigestSubscription,
    SourceCredit,
    TopicDayRollup,
)
from content.review.flags import content_flags_update
from kbaudit.celery import app
from tests.factories import (
    ArticleFactory,
    ArticleVersionFactory,
    EvaluationFactory,
    InteractionFactory,
    RetrievedSourceFactory,
    ReviewItemFactory,
)

IN_CI = bool(os.environ.get("CI"))
# Batches of a demo sweep in tests. Each batch announces what it wrote and, with the
# tasks run inline, refreshes the rollups of the days it touched before the next batch
# is claimed; tests that read the graded demo need it graded, not refreshed per batch.
DEMO_SWEEP_BATCH = 500
PARTITION_SCANNED = re.compile(
    r"on (audits_(?:interaction|retrievedsource)_(?:p\d{4}_\d\d|default))\b"
)


def offline_judge(
    query: str,
    response: str,
    *sources: str,
    history: tuple[Turn, ...] = (),
    title: str = "Help",
) -> JudgeResult:
    """The offline judge on one answer, the sources given in rank order under one title."""
    return OfflineJudge().judge(
        JudgeInput(
            query=query,
            sources=[
                SourceText(rank=rank, title=title, text=text)
                for rank, text in enumerate(sources, start=1)
            ],
            response=response,
            history=history,
        )
    )


def offline_grade(query: str, response: str, domain: str, *sources: tuple[str, str]) -> JudgeResult:
    """The offline judge on one answer for a bot of ``domain``, each source a (title,
    text) pair whose article key is made from its title."""
    texts = [
        SourceText(rank=rank, title=title, text=text, article_key=title.lower().replace(" ", "-"))
        for rank, (title, text) in enumerate(sources, start=1)
    ]
    item = JudgeInput(query=query, sources=texts, response=response, bot_domain=domain)
    return OfflineJudge().judge(item)


def fully_grounded(result: JudgeResult) -> bool:
    """Every fact of the answer is supported."""
    return result.metrics()["groundedness"] == 1.0


def require_service(available: bool, what: str) -> None:
    """Skip a test whose service is missing on a laptop; fail it in CI."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI but unreachable")
    pytest.skip(f"{what} unreachable")


def celery_configure(**conf) -> dict:
    """Reconfigure the Celery app of this process; return the values it replaced.

    The app caches its connection pools and its queues; both are dropped so the next
    task goes to the broker and queue given here.
    """
    replaced = {key: app.conf[key] for key in conf}
    app.conf.update(conf)
    if app._pool is not None:
        pools.reset()  # closes and forgets every pool, so none is handed out closed
        app._pool = None
    app.__dict__.pop("amqp", None)
    return replaced


def judgement(verdict: str = "sufficient", cause: str | None = None) -> dict:
    """A well-formed LLM judgement of a one-source, one-fact interaction."""
    return {
        "sub_queries": ["How long do I have to return headphones?"],
        "facts": ["Headphones can be returned within 30 days of delivery."],
        "source_query": [[1]],
        "response_query": [[1]],
        "response_source": [[1]],
        "redundant_of": [None],
        "unsupported": [],
        "verdict": verdict,
        "cause": cause,
        "rationale": "Answers the question from the returns policy."
        if verdict == "sufficient"
        else "The answer leaves part of the question unanswered.",
        "topic": "returns",
    }


# --- graded traffic and its rollups ---------------------------------------------------------

GOOD = dict(source_precision=1.0, source_query_coverage=1.0, groundedness=1.0)
BAD = dict(source_precision=0.5, source_query_coverage=0.5, groundedness=0.0)
# The day the flag tests plant their traffic on.
FLAG_DAY = datetime(2026, 11, 20, 10, tzinfo=UTC)


def traffic(bot, *, day: datetime, article_keys, metrics=None, feedback=None, topic="returns"):
    """One interaction retrieving ``article_keys`` in rank order, graded with ``metrics``
    (ungraded when None)."""
    interaction = InteractionFactory(bot=bot, timestamp=day, feedback=feedback)
    for rank, key in enumerate(article_keys, start=1):
        RetrievedSourceFactory(interaction=interaction, rank=rank, article_key=key)
    if metrics is not None:
        verdict = "sufficient" if min(metrics.values()) >= 0.8 else "insufficient"
        EvaluationFactory(
            interaction=interaction,
            verdict=verdict,
            cause=None if verdict == "sufficient" else "partial",
            topic=topic,
            **metrics,
        )
    return interaction


def days_of(bot, article_key, metrics, *, n=12, start=FLAG_DAY):
    """``n`` graded interactions of one article, three hours apart, rolled up."""
    days = set()
    for i in range(n):
        moment = start + timedelta(hours=3 * i)
        traffic(bot, day=moment, article_keys=[article_key], metrics=metrics)
        days.add(moment.date())
    rollup_update(bot=bot, days=days)


# --- the returns article, failing: a content gap with evidence -----------------------------

RETURNS_POLICY = (
    "You can return most items within 30 days of delivery. If we shipped the wrong item, "
    "you have 45 days to return it."
)
RETURNS_GAP_DAY = datetime(2026, 11, 20, 9, tzinfo=UTC)
RETURNS_QUESTIONS = [
    "How long do I have to return headphones? Is there a restocking fee?",
    "How long can I return a kettle? Do you charge a restocking fee?",
    "How long do I have to return a TV? Is there a restocking fee for opened boxes?",
]


def returns_gap_plant(bot):
    """24 answers over a day that misread the returns policy (45 days for an ordinary
    return, the restocking fee never answered), graded by the offline judge, rolled up and
    flagged: the returns article, with its content-gap item."""
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=article, body=RETURNS_POLICY)
    judge = OfflineJudge()
    for i in range(24):
        interaction = InteractionFactory(
            bot=bot,
            timestamp=RETURNS_GAP_DAY + timedelta(hours=i),
            query=RETURNS_QUESTIONS[i % 3],
            response="You can return it within 45 days of delivery. There is no restocking fee.",
        )
        RetrievedSourceFactory(interaction=interaction, rank=1, text=RETURNS_POLICY)
        RetrievedSourceFactory(
            interaction=interaction,
            rank=2,
            article_key="kb-newsletter",
            title="Newsletter",
            text="Subscribe to our newsletter for offers. Unsubscribe any time from your account.",
        )
        interaction.n_sources = 2
        interaction.save()
        interaction_grade(interaction=interaction, judge=judge)
    rollup_update(bot=bot, days={(RETURNS_GAP_DAY + timedelta(hours=i)).date() for i in range(24)})
    content_flags_update(bot=bot, min_sample=10)
    return article


# --- review items ---------------------------------------------------------------------------


def make_item(bot, key="kb-returns", title="Returns policy", priority=10.0, topic="returns", **kw):
    """A review item of a new article ``key``."""
    article = ArticleFactory(external_id=key, title=title)
    return ReviewItemFactory(bot=bot, article=article, priority=priority, topic=topic, **kw)


# --- the interaction log --------------------------------------------------------------------


def record(i: int | str, **overrides) -> dict:
    """One line of the interaction log, as a dict: interaction ``i`` of store-help."""
    base = {
        "id": f"int-{i}",
        "bot": "store-help",
        "conversation_id": f"c-{i}",
        "timestamp": "2026-11-02T14:03:11Z",
        "query": "How long do I have to return headphones? Is there a restocking fee?",
        "response": "You can return headphones within 30 days of delivery.",
        "sources": [
            {
                "article_id": "kb-returns",
                "title": "Returns policy",
                "url": "https://help.example.com/returns",
                "text": "You can return most items within 30 days of delivery.",
                "score": 0.83,
            },
            {"article_id": "kb-newsletter", "title": "Newsletter", "text": "Unsubscribe..."},
        ],
        "feedback": None,
        "metadata": {},
    }
    base.update(overrides)
    return base


# --- the weekly digest ----------------------------------------------------------------------

SITE = "https://kbaudit.example.com"
# Monday 23 November 2026, 08:00 in London (GMT): the digest covers 16–22 November.
MONDAY = datetime(2026, 11, 23, 8, tzinfo=UTC)


def subscribe(user, *, now=MONDAY - timedelta(days=1), bots=(), **fields):
    """Subscribe ``user`` to Monday 08:00 London digests, saved as the settings page does."""

    fields = {"weekday": 0, "hour": 8, "time_zone": "Europe/London", **fields}
    subscription = DigestSubscription(user=user, **fields)
    subscription_save(subscription=subscription, now=now)
    subscription.bots.set(bots)
    return subscription


# --- the browser ----------------------------------------------------------------------------


def log_in(page, username: str, password: str = "kbaudit-demo") -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url("**/")


# Counts the swaps htmx has settled, so a test can wait for the one its action started.
COUNT_SETTLED = """
window.kbauditSettled = 0;
document.addEventListener("htmx:afterSettle", () => { window.kbauditSettled += 1; });
"""


@contextmanager
def settled(page):
    """Wait, after the block, until htmx has settled a swap that the block started: the
    next click then lands on the new content, not on the element being replaced."""
    before = page.evaluate("window.kbauditSettled")
    yield
    page.wait_for_function("n => window.kbauditSettled > n", arg=before)


# --- the partitioned tables and retention ---------------------------------------------------


def rows_in(name: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {name}")
        return cursor.fetchone()[0]


def analytics_snapshot() -> dict:
    """Every row the analytics read, and the ranking of every bot's months."""
    rows = {
        "interactions": sorted(
            Interaction.objects.values_list(
                "id", "bot_id", "run_id", "external_id", "timestamp", "query", "status", "feedback"
            )
        ),
        "sources": sorted(
            RetrievedSource.objects.values_list("interaction_id", "rank", "article_key", "text")
        ),
        "evaluations": sorted(Evaluation.objects.values_list("interaction_id", "verdict", "topic")),
        "conversations": Conversation.objects.count(),
        "credits": SourceCredit.objects.count(),
    }
    for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup):
        rows[model.__name__] = sorted(
            tuple(v for k, v in r.items() if k != "id") for r in model.objects.values()
        )
    rows["rankings"] = {}
    for bot in Bot.objects.order_by("slug"):
        days = Interaction.objects.filter(bot=bot).dates("timestamp", "month")
        for day in days:
            ranking = article_ranking(bot=bot, period=period_for("month", day), min_sample=0)
            rows["rankings"][(bot.slug, day)] = [
                (r.rank, r.article.external_id, sorted(r.totals.items())) for r in ranking.rows
            ]
    return rows


def graded(bot, *, at: datetime, keys: list[str], good: bool):
    interaction = InteractionFactory(
        bot=bot, timestamp=at, query="How long is the return window?", response="30 days."
    )
    for rank, key in enumerate(keys, start=1):
        RetrievedSourceFactory(interaction=interaction, rank=rank, article_key=key, text="chunk")
    score = 1.0 if good else 0.4
    EvaluationFactory(
        interaction=interaction,
        verdict="sufficient" if good else "insufficient",
        cause=None if good else "partial",
        topic="returns",
        source_precision=score,
        source_query_coverage=score,
        groundedness=score,
    )


def partitions_planned(sql: str, *, analyze: bool = False) -> set[str]:
    """The partitions of the interactions and their sources (months and default) that
    PostgreSQL's plan of ``sql`` scans; those pruned when it was planned are left out,
    and with ``analyze`` (which runs the statement) those pruned as it ran too."""
    options = "ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF" if analyze else "COSTS OFF"
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN ({options}) {sql}")
        plan = [row[0] for row in cursor.fetchall()]
    return {
        match.group(1)
        for line in plan
        if "(never executed)" not in line
        for match in PARTITION_SCANNED.finditer(line)
    }
