"""Graded traffic written straight into PostgreSQL, as the app itself stores it.

Interactions over a span of days, three retrieved sources each (Zipf-like popularity
over the articles of each bot's knowledge base), conversations of three turns, the
judge's evaluations with their match matrices, and the attribution of every evaluation
(credits and per-interaction rows) exactly as ``content.attribution`` would write it for
those matrices: every sub-question of an answerable question is covered by the top
source, so no article is "on topic" by embedding and nothing is missing; an
out-of-scope question credits no article. ``tests/test_scale_generate.py`` checks the
attribution against the app's own.

Set-based SQL (``INSERT … SELECT … FROM generate_series``) per chunk of interactions:
nothing travels through Python but the few thousand distinct questions.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

TOPICS = ("returns", "refund timing", "delivery", "payments", "gift cards", "warranty", "account")
# slug, knowledge base, share of the conversations (per ten)
BOTS = (("help-web", "help", 5), ("help-app", "help", 3), ("partner-bot", "partners", 2))
KNOWLEDGE_BASES = (("help", 16_000), ("partners", 4_000))
N_QUESTIONS = 5_000
START = datetime(2025, 12, 1, tzinfo=UTC)
# Every 50th article answers badly: half of the answers built on it have a fact its
# text does not support (the ranking has something to find).
BAD_ARTICLE_EVERY = 50
CHUNK = 500_000

# Large tables whose secondary indexes are dropped during a bulk load and rebuilt after
# (one sort per index instead of a random insert per row).
LOADED_TABLES = (
    "audits_conversation",
    "audits_interaction",
    "audits_retrievedsource",
    "audits_evaluation",
    "content_sourcecredit",
    "content_interactionattribution",
)


@dataclass
class Span:
    """Interactions ``first_id`` … ``first_id + n - 1`` spread evenly over ``days`` from
    ``first_day``; their conversations are numbered from ``first_conversation_id``."""

    first_id: int
    n: int
    first_day: datetime
    days: int
    first_conversation_id: int

    @property
    def next_id(self) -> int:
        return self.first_id + self.n

    @property
    def next_conversation_id(self) -> int:
        return self.first_conversation_id + (self.n + 2) // 3

    def next_batch(self) -> Span:
        """As many interactions over the same days, numbered after these."""
        return replace(self, first_id=self.next_id, first_conversation_id=self.next_conversation_id)


def _u(stream: int) -> str:
    """A uniform value in [0, 1), fixed by the interaction's position and a stream."""
    return f"((hashint8(g.k * 16 + {stream}) & 2147483647)::float8 / 2147483648.0)"


def _zipf(stream: int) -> str:
    """An article number in [0, size): P(rank r) ∝ 1/r, popular ones first."""
    return f"LEAST(floor(power(g.kb_size + 1, {_u(stream)}))::int - 1, g.kb_size - 1)"


GEN_SQL = """
CREATE TEMP TABLE kb_scale_gen ON COMMIT DROP AS
WITH g0 AS (
    SELECT k, %(first_id)s + k AS id, k / 3 AS turn_of
    FROM generate_series(%(lo)s::bigint, %(hi)s::bigint - 1) AS k
), g1 AS (
    SELECT g0.*, %(first_conversation_id)s + g0.turn_of AS conversation_id,
        (abs(hashint8(%(first_conversation_id)s + g0.turn_of)) %% 10) AS bot_slot
    FROM g0
), g AS (
    SELECT g1.*, b.bot_id, b.prefix, b.kb_size
    FROM g1 JOIN kb_scale_bots b ON g1.bot_slot >= b.slot_from AND g1.bot_slot < b.slot_to
)
SELECT g.k, g.id, g.conversation_id, g.bot_id, g.prefix,
    %(start)s::timestamptz + make_interval(secs => (g.k + 0.5) * %(step)s) AS ts,
    (abs(hashint8(g.k * 16 + 1)) %% {n_questions}) AS question,
    {p1} AS p1, {p2} AS p2, {p3} AS p3,
    {u4} < 0.03 AS off_topic,
    {u5} < 0.4 AS second_covers,
    {u6} >= 0.08 AS answers_second,
    {u7} AS grounding,
    {u8} < 0.05 AS restated,
    {u9} AS feedback_draw,
    {u10} AS cost_draw
FROM g
"""

# The fact-2 support: by the top source, by the second one, or by none (more often
# none when the top source is one of the badly written articles).
SCENARIO_SQL = """
CREATE TEMP TABLE kb_scale_rows ON COMMIT DROP AS
SELECT s.*,
    CASE WHEN s.off_topic OR s.support = 0 OR NOT s.answers_second OR s.down
        THEN 'insufficient' ELSE 'sufficient' END AS verdict,
    CASE
        WHEN s.off_topic THEN 'out_of_scope'
        WHEN s.support = 0 THEN 'contradictory'
        WHEN NOT s.answers_second THEN 'partial'
        WHEN s.down THEN 'user_feedback'
        ELSE NULL END AS cause,
    (NOT s.off_topic AND s.support <> 0 AND s.answers_second AND s.down) AS overridden
FROM (
    SELECT r.*,
        CASE WHEN r.off_topic THEN 0
             WHEN r.grounding < CASE WHEN r.p1 % {bad_every} = 7 THEN 0.5 ELSE 0.1 END THEN 0
             WHEN r.grounding < 0.7 THEN 1
             ELSE 2 END AS support,
        r.feedback_draw < 0.03 AS down,
        r.feedback_draw > 0.98 AS up
    FROM kb_scale_gen r
) s
"""

INTERACTION_SQL = """
INSERT INTO audits_interaction (id, bot_id, conversation_id, run_id, external_id, timestamp,
    query, response, query_key, feedback, feedback_at, metadata, n_sources, imported_at,
    escalated, human_reply, status, skip_reason, attempts, last_error, next_attempt_at,
    claimed_until, claim_token)
SELECT r.id, r.bot_id, r.conversation_id, NULL, 'i-' || r.id, r.ts,
    q.query, q.response, q.query_key,
    CASE WHEN r.down THEN 'down' WHEN r.up AND r.verdict = 'sufficient' THEN 'up' END,
    CASE WHEN r.down OR (r.up AND r.verdict = 'sufficient') THEN r.ts END,
    '{}'::jsonb, 3, r.ts + interval '5 minutes', false, '', 'graded', '', 1, '', NULL,
    NULL, ''
FROM kb_scale_rows r JOIN kb_scale_questions q ON q.question = r.question
"""

CONVERSATION_SQL = """
INSERT INTO audits_conversation (id, bot_id, run_id, external_id, started_at, last_activity_at)
SELECT conversation_id, MIN(bot_id), NULL, 'c-' || conversation_id, MIN(ts), MAX(ts)
FROM kb_scale_rows GROUP BY conversation_id
ON CONFLICT (id) DO UPDATE SET
    started_at = LEAST(audits_conversation.started_at, EXCLUDED.started_at),
    last_activity_at = GREATEST(audits_conversation.last_activity_at, EXCLUDED.last_activity_at)
"""

SOURCE_SQL = """
INSERT INTO audits_retrievedsource (interaction_id, rank, article_key, title, url, text, score,
    bot_id, occurred_at)
SELECT r.id, x.rank, r.prefix || x.p, 'Article ' || r.prefix || x.p,
    'https://kb.example.com/' || r.prefix || x.p,
    'A passage of article ' || r.prefix || x.p || ' that the retriever found for this '
        || 'question: the conditions, the steps, and what happens after them.',
    round((0.92 - 0.08 * x.rank - 0.1 * r.cost_draw)::numeric, 3)::float8,
    r.bot_id, r.ts
FROM kb_scale_rows r
CROSS JOIN LATERAL (VALUES (1, r.p1), (2, r.p2), (3, r.p3)) AS x(rank, p)
"""

# Matrices, in rank order and fact order (audits.judges.base.Matches):
#   source_query: top source covers both sub-questions, the second covers the first one
#   sometimes; response_query: fact 1 answers sub-question 1, fact 2 sub-question 2
#   unless the answer left it out; response_source: fact 1 rests on the top source,
#   fact 2 on the top one, the second one, or on nothing. Off-topic: all zeros.
# The metrics are metrics_from_matches() of those matrices.
EVALUATION_SQL = """
INSERT INTO audits_evaluation (interaction_id, bot_id, occurred_at, judge, model, prompt_version,
    source_precision, source_query_coverage, response_precision, response_query_coverage,
    groundedness, self_distinctness, verdict, cause, rationale, topic, details,
    n_sub_queries, n_facts, n_sources, n_unsupported, n_redundant, n_unasked,
    prompt_tokens, completion_tokens, latency_ms, cached, declined, not_knowing_reason,
    bad_quotes, overridden_by_feedback, original_verdict, original_cause, created_at, updated_at)
SELECT r.id, r.bot_id, r.ts, 'llm', 'bench-judge', 'v3',
    m.sp, m.sqc, m.rp, m.rqc, m.gr, CASE WHEN r.restated THEN 0.5 ELSE 1.0 END,
    r.verdict, r.cause,
    CASE WHEN r.verdict = 'sufficient' THEN 'The answer covers both parts and rests on the sources.'
         WHEN r.off_topic THEN 'The question is outside what the assistant covers.'
         WHEN r.support = 0 THEN 'One fact is not supported by any retrieved source.'
         ELSE 'The answer leaves the second part of the question open.' END,
    q.topic,
    jsonb_build_object(
        'sub_queries', jsonb_build_array(q.sub_query_1, q.sub_query_2),
        'facts', jsonb_build_array('The first part is answered.', 'The second part is answered.'),
        'matches', jsonb_build_object(
            'source_query', m.source_query, 'response_query', m.response_query,
            'response_source', m.response_source,
            'redundant_of', CASE WHEN r.restated THEN '[null, 0]'::jsonb
                                 ELSE '[null, null]'::jsonb END),
        'unsupported', CASE WHEN r.support = 0 AND NOT r.off_topic THEN
            '[{"fact": 1, "reason": "not_in_sources"}]'::jsonb ELSE '[]'::jsonb END,
        'notes', '{}'::jsonb),
    2, 2, 3,
    CASE WHEN r.off_topic THEN 2 WHEN r.support = 0 THEN 1 ELSE 0 END,
    CASE WHEN r.restated THEN 1 ELSE 0 END,
    CASE WHEN r.off_topic THEN 2 WHEN NOT r.answers_second THEN 1 ELSE 0 END,
    900 + (r.cost_draw * 700)::int, 120 + (r.cost_draw * 160)::int,
    800 + (r.cost_draw * 2400)::int, false, false, '', 0,
    r.overridden, CASE WHEN r.overridden THEN 'sufficient' ELSE '' END, '',
    r.ts + interval '10 minutes', r.ts + interval '10 minutes'
FROM kb_scale_rows r
JOIN kb_scale_questions q ON q.question = r.question
CROSS JOIN LATERAL (SELECT
    CASE WHEN r.off_topic THEN 0.0 WHEN r.second_covers THEN 2.0 / 3 ELSE 1.0 / 3 END AS sp,
    CASE WHEN r.off_topic THEN 0.0 ELSE 1.0 END AS sqc,
    CASE WHEN r.off_topic THEN 0.0 WHEN r.answers_second THEN 1.0 ELSE 0.5 END AS rp,
    CASE WHEN r.off_topic THEN 0.0 WHEN r.answers_second THEN 1.0 ELSE 0.5 END AS rqc,
    CASE WHEN r.off_topic THEN 0.0 WHEN r.support = 0 THEN 0.5 ELSE 1.0 END AS gr,
    CASE WHEN r.off_topic THEN '[[0, 0], [0, 0], [0, 0]]'::jsonb
         WHEN r.second_covers THEN '[[1, 1], [1, 0], [0, 0]]'::jsonb
         ELSE '[[1, 1], [0, 0], [0, 0]]'::jsonb END AS source_query,
    CASE WHEN r.off_topic THEN '[[0, 0], [0, 0]]'::jsonb
         WHEN r.answers_second THEN '[[1, 0], [0, 1]]'::jsonb
         ELSE '[[1, 0], [0, 0]]'::jsonb END AS response_query,
    CASE WHEN r.off_topic THEN '[[0, 0, 0], [0, 0, 0]]'::jsonb
         WHEN r.support = 0 THEN '[[1, 0, 0], [0, 0, 0]]'::jsonb
         WHEN r.support = 1 THEN '[[1, 0, 0], [1, 0, 0]]'::jsonb
         ELSE '[[1, 0, 0], [0, 1, 0]]'::jsonb END AS response_source
) m
"""

# What content.attribution writes for those matrices, per distinct article of the
# interaction: covered = sub-questions one of its ranks covers, grounded = facts one of
# its ranks supports; used when either, else noise (nothing is left unanswered, or the
# question is off-topic, so no article is "on topic" and nothing is missing).
CREDITS_CTE = """
WITH per_rank AS (
    SELECT r.id, r.bot_id, r.ts, x.rank, r.prefix || x.p AS article_key,
        CASE WHEN r.off_topic THEN 0 WHEN x.rank = 1 THEN 2
             WHEN x.rank = 2 AND r.second_covers THEN 1 ELSE 0 END AS covers_mask,
        -- facts supported, as bits: fact 1 = 1, fact 2 = 2
        CASE WHEN r.off_topic THEN 0
             WHEN x.rank = 1 THEN 1 + CASE WHEN r.support = 1 THEN 2 ELSE 0 END
             WHEN x.rank = 2 AND r.support = 2 THEN 2 ELSE 0 END AS fact_bits
    FROM kb_scale_rows r
    CROSS JOIN LATERAL (VALUES (1, r.p1), (2, r.p2), (3, r.p3)) AS x(rank, p)
), per_key AS (
    SELECT id, bot_id, ts, article_key, MIN(rank) AS best_rank,
        -- the top rank covers both sub-questions; the second covers the first only
        CASE WHEN MAX(covers_mask) = 2 THEN 2 WHEN MAX(covers_mask) = 1 THEN 1 ELSE 0 END
            AS covered,
        (bit_or(fact_bits) & 1) + ((bit_or(fact_bits) & 2) >> 1) AS grounded
    FROM per_rank GROUP BY id, bot_id, ts, article_key
)
"""

CREDIT_SQL = (
    CREDITS_CTE
    + """
INSERT INTO content_sourcecredit (interaction_id, article_key, bot_id, occurred_at, role,
    best_rank, covered, grounded, lacking)
SELECT id, article_key, bot_id, ts,
    CASE WHEN covered > 0 OR grounded > 0 THEN 'used' ELSE 'noise' END,
    best_rank, covered, grounded, 0
FROM per_key
"""
)

ATTRIBUTION_SQL = (
    CREDITS_CTE
    + """
INSERT INTO content_interactionattribution (interaction_id, bot_id, occurred_at, noise,
    missing, missing_questions, topic, computed_at)
SELECT id, bot_id, ts, SUM(CASE WHEN covered = 0 AND grounded = 0 THEN 1 ELSE 0 END), 0,
    '[]'::jsonb, '', ts + interval '10 minutes'
FROM per_key GROUP BY id, bot_id, ts
"""
)


def setup_reference_rows(*, seed_versions: bool = True) -> dict[str, int]:
    """Bots, knowledge bases, articles (with a second version for one in twenty,
    live from mid-span) and the lookup tables the chunks join; returns {bot slug: id}."""
    from django.db import connection

    cursor = connection.cursor()

    from audits.models import Bot
    from content.models import BotKnowledgeBase, KnowledgeBase

    kb_ids = {
        slug: KnowledgeBase.objects.create(name=slug.title(), slug=slug).pk
        for slug, _ in KNOWLEDGE_BASES
    }
    live_from = START - timedelta(days=30)
    for slug, size in KNOWLEDGE_BASES:
        cursor.execute(
            """
            INSERT INTO content_article (knowledge_base_id, external_id, title, url, is_stub,
                source_path, retired_at, created_at, updated_at)
            SELECT %s, %s || p, 'Article ' || %s || p, 'https://kb.example.com/' || %s || p,
                false, '', NULL, %s, %s
            FROM generate_series(0, %s - 1) AS p
            """,
            [kb_ids[slug], f"{slug}-", f"{slug}-", f"{slug}-", live_from, live_from, size],
        )
        body = (
            "' is about ' || %s || ': who can ask for it, the conditions that apply, the "
            "steps to follow in the account, how long each step takes, and what to do when "
            "something goes wrong. ' || repeat('More detail on the conditions. ', 20)"
        )
        cursor.execute(
            f"""
            INSERT INTO content_articleversion (article_id, number, title, body, body_hash,
                published_at, live_from, live_until, imported_at)
            SELECT a.id, 1, a.title, 'Article ' || a.external_id || {body},
                md5(a.external_id || '1'), %s, %s,
                CASE WHEN abs(hashtext(a.external_id)) %% 20 = 0 THEN %s END, %s
            FROM content_article a WHERE a.knowledge_base_id = %s
            """,
            [TOPICS[0], live_from, live_from, START + timedelta(days=180), live_from, kb_ids[slug]],
        )
        if seed_versions:
            cursor.execute(
                f"""
                INSERT INTO content_articleversion (article_id, number, title, body, body_hash,
                    published_at, live_from, live_until, imported_at)
                SELECT a.id, 2, a.title, 'Article ' || a.external_id || ' (revised)' || {body},
                    md5(a.external_id || '2'), %s, %s, NULL, %s
                FROM content_article a WHERE a.knowledge_base_id = %s
                    AND abs(hashtext(a.external_id)) %% 20 = 0
                """,
                [TOPICS[1], *[START + timedelta(days=180)] * 3, kb_ids[slug]],
            )
    bot_ids = {}
    for slug, kb, _ in BOTS:
        bot = Bot.objects.create(slug=slug, name=slug, domain_description="Customer help")
        BotKnowledgeBase.objects.update_or_create(
            bot=bot, defaults={"knowledge_base_id": kb_ids[kb]}
        )
        bot_ids[slug] = bot.pk
    lookup_tables(bot_ids)
    return bot_ids


def lookup_tables(bot_ids: dict[str, int]) -> None:
    """The session's tables the chunks join: which bot a conversation slot belongs to
    (and its knowledge base's key prefix and size), and the distinct questions with their
    query keys as the importer computes them."""
    from django.db import connection

    from audits.ingest.records import query_key

    cursor = connection.cursor()
    cursor.execute("DROP TABLE IF EXISTS kb_scale_bots, kb_scale_questions")
    cursor.execute("CREATE TEMP TABLE kb_scale_bots (bot_id bigint, prefix text, kb_size int,"
                   " slot_from int, slot_to int)")  # fmt: skip
    slot = 0
    sizes = dict(KNOWLEDGE_BASES)
    for slug, kb, share in BOTS:
        cursor.execute(
            "INSERT INTO kb_scale_bots VALUES (%s, %s, %s, %s, %s)",
            [bot_ids[slug], f"{kb}-", sizes[kb], slot, slot + share],
        )
        slot += share
    cursor.execute(
        "CREATE TEMP TABLE kb_scale_questions (question int PRIMARY KEY, query text, response text,"
        " query_key text, topic text, sub_query_1 text, sub_query_2 text)"
    )
    rows = []
    for question in range(N_QUESTIONS):
        topic = TOPICS[question % len(TOPICS)]
        query = f"How do {topic} work for order type {question // len(TOPICS)}, and how long?"
        rows.append(
            (
                question,
                query,
                f"For order type {question // len(TOPICS)}, {topic} follow the usual steps.",
                query_key(query),
                topic,
                f"How do {topic} work for order type {question // len(TOPICS)}?",
                f"How long do {topic} take for order type {question // len(TOPICS)}?",
            )
        )
    cursor.executemany("INSERT INTO kb_scale_questions VALUES (%s, %s, %s, %s, %s, %s, %s)", rows)


def _secondary_indexes(cursor) -> list[tuple[str, str]]:
    cursor.execute(
        """
        SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY(%s)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
        """,
        [list(LOADED_TABLES)],
    )
    return cursor.fetchall()


def generate(span: Span, *, attributed: bool = True, progress=print) -> float:
    """Write ``span``'s rows (with their attribution unless ``attributed`` is False, for
    the app to compute); returns the seconds it took. Run outside a transaction."""
    from django.db import connection, transaction

    started = time.perf_counter()
    cursor = connection.cursor()
    step = span.days * 86400 / span.n
    bulk = span.n >= 200_000
    indexes = _secondary_indexes(cursor) if bulk else []
    for name, _ in indexes:
        cursor.execute(f'DROP INDEX "{name}"')
    # Every row is consistent by construction: skip the per-row foreign-key triggers.
    cursor.execute("SET session_replication_role = replica")
    us = {f"u{n}": _u(n) for n in range(4, 11)}
    gen_sql = GEN_SQL.format(n_questions=N_QUESTIONS, p1=_zipf(1), p2=_zipf(2), p3=_zipf(3), **us)
    scenario = SCENARIO_SQL.format(bad_every=BAD_ARTICLE_EVERY)
    statements = [INTERACTION_SQL, CONVERSATION_SQL, SOURCE_SQL, EVALUATION_SQL]
    if attributed:
        statements += [CREDIT_SQL, ATTRIBUTION_SQL]
    try:
        for lo in range(0, span.n, CHUNK):
            hi = min(span.n, lo + CHUNK)
            with transaction.atomic(), connection.cursor() as chunk:
                chunk.execute(
                    gen_sql,
                    {
                        "lo": lo,
                        "hi": hi,
                        "first_id": span.first_id,
                        "first_conversation_id": span.first_conversation_id,
                        "start": span.first_day,
                        "step": step,
                    },
                )
                chunk.execute(scenario)
                for sql in statements:
                    chunk.execute(sql)
            if bulk:
                progress(
                    f"    {hi:,} of {span.n:,} interactions ({time.perf_counter() - started:.0f}s)"
                )
    finally:
        cursor.execute("SET session_replication_role = DEFAULT")
    for _, definition in indexes:
        cursor.execute(definition)
    for table, column in (("audits_interaction", "id"), ("audits_conversation", "id"),
                          ("audits_evaluation", "id")):  # fmt: skip
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f" (SELECT MAX({column}) FROM {table}))"
        )
    if bulk:
        cursor.execute("ANALYZE")
    return time.perf_counter() - started
