"""Rollups: per article, per bot and per topic, per day — so the pages stay fast.

A rollup is recomputed from the source rows for whole days, never patched row by row:
the incremental update (the days a sweep touched) and ``rollup --rebuild`` run the same
code over different day ranges, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta

from django.db import connection, transaction

from audits.models import Bot, Interaction
from content.analytics.periods import day_bounds
from content.attribution import attribution_update
from content.models import (
    CAUSES,
    METRIC_FIELDS,
    ArticleDayRollup,
    BotDayRollup,
    BotKnowledgeBase,
    TopicDayRollup,
)
from kbaudit.lib.thresholds import below_bound


def day_ranges(days: Iterable[date]) -> list[tuple[date, date]]:
    """Contiguous runs of days as (first, last) pairs."""
    ordered = sorted(set(days))
    ranges: list[tuple[date, date]] = []
    for day in ordered:
        if ranges and day == ranges[-1][1] + timedelta(days=1):
            ranges[-1] = (ranges[-1][0], day)
        else:
            ranges.append((day, day))
    return ranges


def _day(column: str) -> str:
    if connection.vendor == "postgresql":
        return f"(({column}) AT TIME ZONE 'UTC')::date"
    return f"date({column})"


def _details_text() -> str:
    # The judge's working as text, to spot a reason among its unsupported facts.
    return "CAST(e.details AS text)" if connection.vendor == "postgresql" else "e.details"


def _metric_columns(alias: str = "e") -> tuple[str, list[str]]:
    """SELECT expressions for each metric's sum, count and below-threshold count."""
    parts = []
    for metric in METRIC_FIELDS:
        parts += [
            f"COALESCE(SUM({alias}.{metric}), 0)",
            f"COUNT({alias}.{metric})",
            f"SUM(CASE WHEN {alias}.{metric} < %s THEN 1 ELSE 0 END)",
        ]
    for cause in CAUSES:
        parts.append(f"SUM(CASE WHEN {alias}.cause = '{cause}' THEN 1 ELSE 0 END)")
    names = []
    for metric in METRIC_FIELDS:
        names += [f"{metric}_sum", f"{metric}_n", f"{metric}_below"]
    names += [f"cause_{cause}" for cause in CAUSES]
    return ", ".join(parts), names


def _thresholds(bot: Bot) -> list[float]:
    """Each metric's bound for ``value < bound``: the threshold less the tolerance, as
    every comparison in Python makes it (kbaudit/lib/thresholds.py)."""
    return [below_bound(bot.threshold(metric)) for metric in METRIC_FIELDS]


def _execute(sql: str, params: Sequence) -> int:
    """Run an INSERT … SELECT; the rows it wrote."""
    # Raw SQL gets no field adaptation: on SQLite an aware datetime would be bound as
    # "…+00:00" and compare, as text, after the stored "… 00:00:00" of the same instant.
    params = [
        connection.ops.adapt_datetimefield_value(p) if isinstance(p, datetime) else p
        for p in params
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


ARTICLE_SQL = """
WITH win AS {materialized} (
    SELECT id, conversation_id, timestamp, feedback, escalated
    FROM audits_interaction
    WHERE bot_id = %s AND run_id IS NULL AND timestamp >= %s AND timestamp < %s
),
src AS (
    SELECT w.id AS interaction_id, s.article_key, MIN(s.rank) AS best_rank, COUNT(*) AS n
    FROM win w {sources_of_w}
    GROUP BY w.id, s.article_key
),
-- the window's credits, reached through their primary key as the sources are (a join on
-- the whole table makes the planner hash every credit of the history for a day's refresh)
cr AS {materialized} (
    SELECT c.interaction_id, c.article_key, c.role, c.covered, c.grounded
    FROM win w {credits_of_w}
),
-- the window's evaluations, read once with only what is summed: each is joined to every
-- article its interaction retrieved, and the judge's working is searched once, not per
-- article (nor carried through the sort)
ev AS {materialized} (
    SELECT e.id, e.interaction_id, e.verdict, e.cause, {metric_list},
        CASE WHEN {details} LIKE '%%"condition_misapplied"%%' THEN 1 ELSE 0 END AS misapplied
    FROM audits_evaluation e
    WHERE e.bot_id = %s AND e.occurred_at >= %s AND e.occurred_at < %s
)
INSERT INTO {table} ({columns})
SELECT %s, a.id, COALESCE(v.number, 0), {day},
    SUM(src.n), SUM(CASE WHEN src.best_rank = 1 THEN 1 ELSE 0 END),
    COUNT(*), COUNT(DISTINCT i.conversation_id), COUNT(e.id),
    SUM(CASE WHEN e.verdict = 'insufficient' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.feedback = 'down' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.feedback = 'up' THEN 1 ELSE 0 END),
    COALESCE(SUM(e.misapplied), 0),
    SUM(CASE WHEN i.escalated THEN 1 ELSE 0 END),
    {metrics},
    SUM(CASE WHEN c.role IN ('used', 'on_topic') THEN 1 ELSE 0 END),
    SUM(CASE WHEN c.covered > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN c.grounded > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN c.role = 'on_topic' THEN 1 ELSE 0 END),
    SUM(CASE WHEN c.role = 'noise' THEN 1 ELSE 0 END)
FROM src
JOIN win i ON i.id = src.interaction_id
JOIN content_article a ON a.knowledge_base_id = %s AND a.external_id = src.article_key
LEFT JOIN content_articleversion v ON v.article_id = a.id AND v.live_from <= i.timestamp
    AND (v.live_until IS NULL OR i.timestamp < v.live_until)
LEFT JOIN cr c ON c.interaction_id = src.interaction_id AND c.article_key = src.article_key
-- an article is graded on the interactions that credit it, never on those it was noise in
LEFT JOIN ev e ON e.interaction_id = i.id
    AND (c.role IS NULL OR c.role <> 'noise')
GROUP BY a.id, COALESCE(v.number, 0), {day}
"""

BOT_SQL = """
INSERT INTO {table} ({columns})
SELECT %s, {day}, COUNT(*), COUNT(DISTINCT i.conversation_id), COUNT(e.id),
    SUM(CASE WHEN e.verdict = 'insufficient' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.feedback = 'down' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.feedback = 'up' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.status = 'skipped' THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.n_unasked >= 3 THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.n_unsupported > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.n_redundant > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN {details} LIKE '%%"condition_misapplied"%%' THEN 1 ELSE 0 END),
    -- questions the retriever found nothing for (not small talk, not turns the bot began)
    SUM(CASE WHEN i.n_sources = 0 AND e.id IS NOT NULL AND e.judge <> 'rule' THEN 1 ELSE 0 END),
    COALESCE(SUM(e.prompt_tokens), 0), COALESCE(SUM(e.completion_tokens), 0),
    SUM(CASE WHEN e.declined THEN 1 ELSE 0 END),
    -- answered with facts its sources do not support: it should have said it did not know
    SUM(CASE WHEN NOT e.declined AND e.n_facts > 0 AND e.groundedness < %s THEN 1 ELSE 0 END),
    -- declined although the sources covered the question
    SUM(CASE WHEN e.declined AND e.source_query_coverage >= %s THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.bad_quotes > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.not_knowing_reason = 'nothing_retrieved' THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.not_knowing_reason = 'not_in_retrieved' THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.not_knowing_reason = 'ambiguous' THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.not_knowing_reason = 'out_of_domain' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.escalated THEN 1 ELSE 0 END),
    {metrics},
    SUM(CASE WHEN ia.noise > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN ia.missing > 0 THEN 1 ELSE 0 END),
    COALESCE(SUM(ia.missing), 0)
FROM audits_interaction i
LEFT JOIN audits_evaluation e ON e.interaction_id = i.id
LEFT JOIN content_interactionattribution ia ON ia.interaction_id = e.interaction_id
WHERE i.bot_id = %s AND i.run_id IS NULL AND i.timestamp >= %s AND i.timestamp < %s
GROUP BY {day}
"""

TOPIC_SQL = """
INSERT INTO {table} (bot_id, day, topic, interactions, insufficient, escalated)
SELECT %s, {day}, {topic}, COUNT(*), SUM(CASE WHEN e.verdict = 'insufficient' THEN 1 ELSE 0 END),
    SUM(CASE WHEN i.escalated THEN 1 ELSE 0 END)
FROM audits_evaluation e
JOIN audits_interaction i ON i.id = e.interaction_id
LEFT JOIN content_interactionattribution ia ON ia.interaction_id = e.interaction_id
WHERE e.bot_id = %s AND i.run_id IS NULL AND e.occurred_at >= %s AND e.occurred_at < %s
    -- the interaction's bot and timestamp are the evaluation's: the window is read through
    -- the (bot, timestamp) index, from the window's partitions (without the bot, the
    -- planner scanned every interaction of the month, or of the history, to find a day's)
    AND i.bot_id = %s AND i.timestamp >= %s AND i.timestamp < %s
    AND {topic} <> ''
GROUP BY {day}, {topic}
"""
# The judge's label, else the one its question's group gave (content.attribution).
TOPIC = "(CASE WHEN e.topic <> '' THEN e.topic ELSE COALESCE(ia.topic, '') END)"

ARTICLE_HEAD = (
    "article_id", "version_number", "day", "retrievals", "top_ranked", "interactions",
    "conversations", "graded", "insufficient", "thumbs_down", "thumbs_up",
    "with_condition_misapplied", "escalated",
)  # fmt: skip
BOT_HEAD = (
    "day", "interactions", "conversations", "graded", "insufficient", "thumbs_down",
    "thumbs_up", "skipped", "unasked_3plus", "with_unsupported", "with_redundant",
    "with_condition_misapplied", "no_sources", "prompt_tokens", "completion_tokens",
    "declined", "should_have_declined", "over_refusal", "bad_quotes",
    "reason_nothing_retrieved", "reason_not_in_retrieved", "reason_ambiguous",
    "reason_out_of_domain", "escalated",
)  # fmt: skip
# Written after the metric columns (SPEC §5 attribution).
ARTICLE_CREDIT = ("credited", "covered", "grounded", "on_topic", "noise")
BOT_CREDIT = ("noise", "missing", "missing_questions")


def _sources_of_w() -> tuple[str, str, str]:
    """The window's interactions, read once, and their sources and credits through the
    primary keys (interaction, rank) and (interaction, article): on PostgreSQL LATERAL
    joins, or the planner scans every row of every day to find the window's few thousand."""
    if connection.vendor == "postgresql":
        # The sources carry their interaction's timestamp: bounded by the window, on the
        # partitioned layout they are read from the window's partitions only. OFFSET 0
        # keeps the subquery a lookup per interaction: pulled up into a join, the planner
        # (which underestimates the rows of a day just written) hashed every source of
        # the month, or of the history, to find the window's.
        sources = (
            "CROSS JOIN LATERAL (SELECT article_key, rank FROM audits_retrievedsource"
            " WHERE interaction_id = w.id AND occurred_at >= %s AND occurred_at < %s"
            " OFFSET 0) s"
        )
        credits = (
            "CROSS JOIN LATERAL (SELECT interaction_id, article_key, role, covered, grounded"
            " FROM content_sourcecredit WHERE interaction_id = w.id) c"
        )
        return "MATERIALIZED", sources, credits
    return (
        "",
        "JOIN audits_retrievedsource s ON s.interaction_id = w.id"
        " AND s.occurred_at >= %s AND s.occurred_at < %s",
        "JOIN content_sourcecredit c ON c.interaction_id = w.id",
    )


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _columns(head: Sequence[str], names: Sequence[str]) -> str:
    return ", ".join(connection.ops.quote_name(c) for c in ("bot_id", *head, *names))


def _article_rows(bot: Bot, start: datetime, end: datetime) -> int:
    metrics, names = _metric_columns()
    materialized, sources_of_w, credits_of_w = _sources_of_w()
    sql = ARTICLE_SQL.format(
        day=_day("i.timestamp"),
        metrics=metrics,
        metric_list=", ".join(f"e.{metric}" for metric in METRIC_FIELDS),
        details=_details_text(),
        columns=_columns(ARTICLE_HEAD, [*names, *ARTICLE_CREDIT]),
        table=_table(ArticleDayRollup),
        materialized=materialized,
        sources_of_w=sources_of_w,
        credits_of_w=credits_of_w,
    )
    # Placeholders in text order: the window's WHERE, the sources' bounds, the
    # evaluations' WHERE, the bot, the thresholds, then the knowledge base the bot answers
    # from (its sources resolve to that KB's articles).
    knowledge_base_id = BotKnowledgeBase.objects.for_bots([bot.pk])[bot.pk]
    window = [bot.pk, start, end]
    params = [*window, start, end, *window, bot.pk, *_thresholds(bot), knowledge_base_id]
    return _execute(sql, params)


def _bot_rows(bot: Bot, start: datetime, end: datetime) -> int:
    metrics, names = _metric_columns()
    sql = BOT_SQL.format(
        day=_day("i.timestamp"),
        metrics=metrics,
        details=_details_text(),
        columns=_columns(BOT_HEAD, [*names, *BOT_CREDIT]),
        table=_table(BotDayRollup),
    )
    abstention = [
        below_bound(bot.threshold_groundedness),
        below_bound(bot.threshold_source_query_coverage),
    ]
    return _execute(sql, [bot.pk, *abstention, *_thresholds(bot), bot.pk, start, end])


def _topic_rows(bot: Bot, start: datetime, end: datetime) -> int:
    sql = TOPIC_SQL.format(day=_day("e.occurred_at"), table=_table(TopicDayRollup), topic=TOPIC)
    return _execute(sql, [bot.pk, bot.pk, start, end, bot.pk, start, end])


# pg_advisory_xact_lock(namespace, bot id): the first key keeps these locks apart from
# any other advisory lock of the database.
ROLLUP_LOCK_NAMESPACE = 0x6B62_0001


def _lock_bot_rollups(bot: Bot) -> None:
    """One refresh of a bot's rollups at a time (until the transaction ends): two at once
    would both delete the days' rows, then both insert them, and the second would hit
    the rollups' unique keys. SQLite writers already take turns."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [ROLLUP_LOCK_NAMESPACE, bot.pk])


def rollup_update(*, bot: Bot, days: Iterable[date]) -> int:
    """Recompute every rollup of ``bot`` for ``days``; returns the rows written."""
    written = 0
    for first, last in day_ranges(days):
        start, end = day_bounds(first, last)
        # credits first: the rollups read them
        attribution_update(bot=bot, start=start, end=end)
        with transaction.atomic():
            _lock_bot_rollups(bot)
            _work_memory(REFRESH_WORK_MEM)
            for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup):
                model.objects.filter(bot=bot, day__gte=first, day__lte=last).delete()
            # computed and written by the database: no row travels through Python
            for write in (_article_rows, _bot_rows, _topic_rows):
                written += write(bot, start, end)
    return written


def rollup_rebuild(*, bot: Bot) -> int:
    """Throw away and recompute all of ``bot``'s rollups."""
    span = Interaction.objects.production().filter(bot=bot).order_by("timestamp")
    first = span.values_list("timestamp", flat=True).first()
    last = span.order_by("-timestamp").values_list("timestamp", flat=True).first()
    with transaction.atomic():
        _lock_bot_rollups(bot)
        _work_memory(REBUILD_WORK_MEM)
        for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup):
            model.objects.filter(bot=bot).delete()
        if first is None:
            return 0
        return rollup_update(bot=bot, days=[first.date(), last.date()] + _between(first, last))


# Memory per sort or hash of a rebuild's statements (PostgreSQL, for its transaction
# only): the whole history's sources, credits and evaluations are joined and grouped at
# once, and at the server's default (4 MB) every one of those steps spills to disk.
REBUILD_WORK_MEM = "256MB"


# And of a refresh's: a few days' sources, credits and evaluations, sorted twice (at
# 4 MB a day of a busy bot spilled every sort to disk).
REFRESH_WORK_MEM = "64MB"


def _work_memory(size: str) -> None:
    """At least ``size`` per sort and hash until the transaction ends (PostgreSQL)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('work_mem', %s, true)"
                " WHERE pg_size_bytes(current_setting('work_mem')) < pg_size_bytes(%s)",
                [size, size],
            )


def _between(first: datetime, last: datetime) -> list[date]:
    days = []
    day = first.date()
    while day <= last.date():
        days.append(day)
        day += timedelta(days=1)
    return days
