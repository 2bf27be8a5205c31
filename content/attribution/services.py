"""Credit each retrieved article with what it did in a graded interaction.

- *used*: it covered a sub-question (``source_query``) or grounded a fact
  (``response_source``);
- *on topic*: it did neither, but it is about a sub-question nobody answered — the page
  that should have answered, the content-gap candidate;
- *noise*: it did neither and is about nothing that went unanswered — retrieved for
  shared words only.

A sub-question no source covered and no retrieved article is about is *missing content*.
Off-topic questions (the judge's ``out_of_scope``) make no content gap and no missing
content: what was retrieved for them is noise unless it was used.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from django.db import transaction
from django.db.models.fields.json import KT

from audits.models import Bot, Evaluation, RetrievedSource
from content.attribution.topicality import ArticleProfile, on_topic_matrix, profiles_build
from content.models import Article, BotKnowledgeBase, InteractionAttribution, SourceCredit
from kbaudit.text.embeddings import embed

# Judges that grade without decomposing the triplet (a thumbs-down, a turn with no
# question): no matrices, so an article is judged by whether it is about the query.
UNDECOMPOSED = frozenset({"feedback", "rule"})
# Evaluations read and written per transaction.
BATCH = 2000
# The top-ranked article is the retriever's best guess at the page that answers: it is
# on topic for an unanswered question unless the two have nothing in common at all.
TOP_RANK_FLOOR = 0.05


@dataclass
class Source:
    rank: int
    article_key: str
    score: float | None


@dataclass
class Attribution:
    """The outcome for one interaction, before it is written."""

    credits: dict[str, dict] = field(default_factory=dict)  # article key -> counts, role
    missing: list[str] = field(default_factory=list)

    @property
    def noise(self) -> int:
        return sum(1 for c in self.credits.values() if c["role"] == SourceCredit.Role.NOISE)


def attribute_one(
    *,
    sub_queries: Sequence[str],
    matches: dict,
    sources: Sequence[Source],
    profiles: dict[str, ArticleProfile],
    question_vectors: np.ndarray | None = None,
    off_topic: bool = False,
    relevance_threshold: float = 0.0,
) -> Attribution:
    """Who did what in one interaction (pure: the caller reads and writes)."""
    source_query = matches.get("source_query") or []
    response_source = matches.get("response_source") or []
    outcome = Attribution()
    by_key: dict[str, list[int]] = {}
    for index, source in enumerate(sorted(sources, key=lambda s: s.rank)):
        by_key.setdefault(source.article_key, []).append(index)
    n = len(sub_queries)
    covered_by_any = [any(len(row) > j and row[j] for row in source_query) for j in range(n)]
    unanswered = [j for j in range(n) if not covered_by_any[j]]
    if question_vectors is None:
        question_vectors = embed([sub_queries[j] for j in unanswered])
    else:
        question_vectors = question_vectors[unanswered] if len(unanswered) else question_vectors[:0]
    off_topic_question = off_topic
    top_key = sources[0].article_key if sources else None
    about: dict[str, list[bool]] = {}
    for key, indices in by_key.items():
        covered = sum(1 for j in range(n) if any(_cell(source_query, i, j) for i in indices))
        grounded = sum(1 for row in response_source if any(_cell([row], 0, i) for i in indices))
        flags = [False] * len(unanswered)
        profile = profiles.get(key)
        if unanswered and profile is not None and not off_topic_question:
            questions = [sub_queries[j] for j in unanswered]
            flags = on_topic_matrix(questions, question_vectors, profile)
            if key == top_key and _trusted(sources[0], relevance_threshold):
                similar = profile.similarity(question_vectors)
                flags = [f or bool(similar[k] >= TOP_RANK_FLOOR) for k, f in enumerate(flags)]
        about[key] = flags
        if covered and key == top_key:
            # it answered part of this very question: the page the rest belonged in,
            # unless another retrieved article is about that part
            flags = [f or not _claimed(by_key, key, k, about) for k, f in enumerate(flags)]
            about[key] = flags
        lacking = sum(flags)
        if covered or grounded:
            role = SourceCredit.Role.USED
        elif lacking:
            role = SourceCredit.Role.ON_TOPIC
        else:
            role = SourceCredit.Role.NOISE
        outcome.credits[key] = {
            "role": role,
            "best_rank": min(sources[i].rank for i in indices) if sources else 1,
            "covered": covered,
            "grounded": grounded,
            "lacking": lacking,
        }
    if not off_topic_question:
        outcome.missing = [
            sub_queries[j]
            for k, j in enumerate(unanswered)
            if not any(flags[k] for flags in about.values())
        ]
    return outcome


def _claimed(by_key: dict, key: str, k: int, about: dict[str, list[bool]]) -> bool:
    return any(other != key and flags[k] for other, flags in about.items())


def _cell(matrix: list, i: int, j: int) -> bool:
    return i < len(matrix) and j < len(matrix[i]) and bool(matrix[i][j])


def _trusted(source: Source, relevance_threshold: float) -> bool:
    return source.score is None or source.score >= relevance_threshold


def attribution_update(*, bot: Bot, start: datetime, end: datetime, again: bool = False) -> int:
    """Attribute ``bot``'s production evaluations of [start, end) that have no
    attribution yet (all of them with ``again``); returns how many were attributed."""
    evaluations = Evaluation.objects.filter(
        bot=bot,
        occurred_at__gte=start,
        occurred_at__lt=end,
        interaction__run__isnull=True,
        # The interaction's timestamp is the evaluation's occurred_at: bounded too, the
        # join reads only the window's partitions of the interactions.
        interaction__timestamp__gte=start,
        interaction__timestamp__lt=end,
    )
    if again:
        _forget(bot, start, end)
    else:
        done = InteractionAttribution.objects.filter(
            bot=bot, occurred_at__gte=start, occurred_at__lt=end
        ).values("interaction_id")
        evaluations = evaluations.exclude(interaction_id__in=done)
    profiles = ProfileCache(BotKnowledgeBase.objects.for_bots([bot.pk])[bot.pk])
    done, after = 0, 0
    while True:  # batches by interaction id, each read with its sources in two queries
        rows = _evaluation_rows(evaluations.filter(interaction_id__gt=after))
        if not rows:
            return done
        _attribute_batch(bot, rows, profiles)
        done, after = done + len(rows), rows[-1].interaction_id


def _forget(bot: Bot, start: datetime, end: datetime) -> None:
    for model in (SourceCredit, InteractionAttribution):
        model.objects.filter(bot=bot, occurred_at__gte=start, occurred_at__lt=end).delete()


class ProfileCache:
    """Article profiles, built on first use from each article's current version; kept
    for the process by version, so a page or the next batch does not embed them again."""

    built: dict[tuple, ArticleProfile] = {}  # (key, version, title, body hash)
    LIMIT = 50_000

    def __init__(self, knowledge_base_id: int) -> None:
        self.knowledge_base_id = knowledge_base_id
        self.profiles: dict[str, ArticleProfile] = {}

    def get(self, keys: Iterable[str]) -> dict[str, ArticleProfile]:
        wanted = set(keys) - set(self.profiles)
        if not wanted:
            return self.profiles
        current = _current_versions(self.knowledge_base_id, wanted)
        known = {k: self.built[k] for k in current if k in self.built}
        missing = [k for k in current if k not in known]
        if missing:
            texts = _bodies([identity[1] for identity in missing])
            fresh = profiles_build((key, title, texts.get(v, "")) for key, v, title, _ in missing)
            if len(self.built) > self.LIMIT:
                self.built.clear()
            for identity in missing:
                known[identity] = self.built[identity] = fresh[identity[0]]
        self.profiles.update({identity[0]: profile for identity, profile in known.items()})
        return self.profiles


def _current_versions(knowledge_base_id: int, keys: set[str]) -> list[tuple[str, int, str, str]]:
    """(article key, current version id or 0, title, body hash) of the knowledge base's
    articles among ``keys``."""
    from content.models import ArticleVersion

    articles = {
        pk: (key, title)
        for pk, key, title in Article.objects.filter(
            knowledge_base_id=knowledge_base_id, external_id__in=keys
        ).values_list("pk", "external_id", "title")
    }
    latest = {
        article_id: (version_id, digest)
        for article_id, version_id, digest in ArticleVersion.objects.current()
        .filter(article_id__in=articles)
        .values_list("article_id", "pk", "body_hash")
    }
    found = []
    for pk, (key, title) in articles.items():
        version_id, digest = latest.get(pk, (0, ""))
        found.append((key, version_id, title, digest))
    return found


def _bodies(version_ids: list[int]) -> dict[int, str]:
    from content.models import ArticleVersion

    return dict(ArticleVersion.objects.filter(pk__in=version_ids).values_list("pk", "body"))


def _attribute_batch(bot: Bot, rows: list[_Row], cache: ProfileCache) -> None:
    sources: dict[int, list[Source]] = {}
    for interaction_id, rank, key, score in _sources_of(
        [row.interaction_id for row in rows],
        (min(row.occurred_at for row in rows), max(row.occurred_at for row in rows)),
    ):
        sources.setdefault(interaction_id, []).append(Source(rank, key, score))
    profiles = cache.get({s.article_key for found in sources.values() for s in found})
    questions = {row.interaction_id: _questions(row) for row in rows}
    vectors = _vectors(questions.values())
    topics = topics_where_missing(
        [
            (r.interaction_id, questions[r.interaction_id][0])
            for r in rows
            if not r.topic and questions[r.interaction_id]
        ],
        [
            (questions[r.interaction_id][0], r.topic)
            for r in rows
            if r.topic and questions[r.interaction_id]
        ],
        vectors,
    )
    credits, attributions = [], []
    for row in rows:
        asked = questions[row.interaction_id]
        outcome = attribute_one(
            sub_queries=asked,
            matches=row.matches if row.judge not in UNDECOMPOSED else {},
            sources=sources.get(row.interaction_id, []),
            profiles=profiles,
            question_vectors=_stack(asked, vectors),
            off_topic=row.off_topic,
            relevance_threshold=bot.relevance_threshold,
        )
        if not asked:
            # no sub-question recorded (a turn with no question, a judge that kept no
            # working): nothing to tell the articles apart by, so each keeps the credit
            for credit in outcome.credits.values():
                credit["role"] = SourceCredit.Role.USED
        if row.judge in UNDECOMPOSED:
            outcome.missing = []  # a thumbs-down says nothing about what is missing
        head = (row.interaction_id, bot.pk, row.occurred_at)
        credits += [
            (*head, key, c["role"], c["best_rank"], c["covered"], c["grounded"], c["lacking"])
            for key, c in outcome.credits.items()
        ]
        attributions.append(
            (*head, outcome.noise, len(outcome.missing), json.dumps(outcome.missing),
             topics.get(row.interaction_id, "")[:80])
        )  # fmt: skip
    with transaction.atomic():
        _insert(SourceCredit, CREDIT_COLUMNS, credits)
        _insert(InteractionAttribution, ATTRIBUTION_COLUMNS, attributions)


CREDIT_COLUMNS = (
    "interaction_id", "bot_id", "occurred_at", "article_key", "role", "best_rank", "covered",
    "grounded", "lacking",
)  # fmt: skip
ATTRIBUTION_COLUMNS = (
    "interaction_id", "bot_id", "occurred_at", "noise", "missing", "missing_questions", "topic",
)  # fmt: skip


def _insert(model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """Many rows per statement (the ORM's bulk_create, or one statement a row, costs
    more than the database does); rows already written are left as they are."""
    if not rows:
        return
    from django.db import connection

    if connection.vendor == "postgresql":
        return _copy(connection, model, columns, rows)
    adapt = connection.ops.adapt_datetimefield_value
    rows = [(r[0], r[1], adapt(r[2]), *r[3:]) for r in rows]
    table = connection.ops.quote_name(model._meta.db_table)
    names = [connection.ops.quote_name(c) for c in columns]
    marks = ", ".join(["%s"] * len(columns))
    extra_name, extra_value = "", ""
    if model is InteractionAttribution:
        extra_name, extra_value = ", computed_at", ", CURRENT_TIMESTAMP"
    # SQLite binds at most 999 parameters per statement
    per_statement = 1000 if connection.vendor == "postgresql" else 999 // len(columns)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), per_statement):
            chunk = rows[start : start + per_statement]
            values = ", ".join(f"({marks}{extra_value})" for _ in chunk)
            cursor.execute(
                f"INSERT INTO {table} ({', '.join(names)}{extra_name}) VALUES {values}"
                " ON CONFLICT DO NOTHING",
                [value for row in chunk for value in row],
            )


def _copy(connection, model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """PostgreSQL: COPY into a scratch table, then one INSERT … SELECT that skips the
    rows another worker wrote meanwhile."""
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    extra_name, extra_value = "", ""
    if model is InteractionAttribution:
        extra_name, extra_value = ", computed_at", ", now()"
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TEMP TABLE IF NOT EXISTS kb_stage_credit (LIKE {table} INCLUDING DEFAULTS)"
            " ON COMMIT DROP"
        )
        cursor.execute("TRUNCATE kb_stage_credit")
        with cursor.cursor.copy(f"COPY kb_stage_credit ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(
            f"INSERT INTO {table} ({names}{extra_name}) SELECT {names}{extra_value}"
            " FROM kb_stage_credit ON CONFLICT DO NOTHING"
        )
        cursor.execute("DROP TABLE kb_stage_credit")


@dataclass
class _Row:
    interaction_id: int
    occurred_at: datetime
    judge: str
    topic: str
    query: str
    sub_queries: list
    matches: dict
    off_topic: bool


def _sources_of(interaction_ids: list[int], span: tuple):
    """The interactions' sources in rank order; on PostgreSQL with one array parameter
    (thousands of IN placeholders cost more to build than the query takes), bounded by
    the interactions' first and last timestamp (``span``, which the sources carry as
    ``occurred_at``) so that only those months' partitions are read."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return (
            RetrievedSource.objects.filter(interaction_id__in=interaction_ids)
            .order_by("interaction_id", "rank")
            .values_list("interaction_id", "rank", "article_key", "score")
        )
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT interaction_id, rank, article_key, score FROM {RetrievedSource._meta.db_table}"
            " WHERE interaction_id = ANY(%s) AND occurred_at >= %s AND occurred_at <= %s"
            " ORDER BY interaction_id, rank",
            [interaction_ids, *span],
        )
        return cursor.fetchall()


def _evaluation_rows(evaluations) -> list[_Row]:
    """The next batch, with only the parts of the judge's working attribution reads."""
    values = (
        evaluations.order_by("interaction_id")
        .annotate(
            asked=KT("details__sub_queries"),
            source_query=KT("details__matches__source_query"),
            response_source=KT("details__matches__response_source"),
            off_topic_note=KT("details__notes__off_topic"),
        )
        .values_list(
            "interaction_id", "occurred_at", "judge", "topic", "interaction__query", "cause",
            "not_knowing_reason", "asked", "source_query", "response_source", "off_topic_note",
        )[:BATCH]
    )  # fmt: skip
    rows = []
    for iid, occurred_at, judge, topic, query, cause, not_knowing, asked, sq, rs, note in values:
        matches = {"source_query": _loads(sq), "response_source": _loads(rs)}
        off_topic = (
            cause == "out_of_scope" or not_knowing == "out_of_domain" or note in ("true", True)
        )
        rows.append(_Row(iid, occurred_at, judge, topic, query, _loads(asked), matches, off_topic))
    return rows


def _loads(value):
    if value is None or isinstance(value, list):
        return value or []
    return json.loads(value)


def topics_where_missing(
    unlabelled: list[tuple[int, str]],
    labelled: list[tuple[str, str]],
    vectors: dict[str, np.ndarray],
) -> dict[int, str]:
    """Topic labels for questions the judge gave none: the topic of the closest labelled
    question when it asks the same thing, else the central phrasing of the group the
    question falls in with the other unlabelled ones."""
    if not unlabelled:
        return {}
    from content.questions.grouping import SAME_MEANING_DISTANCE, group_by_meaning

    topics: dict[int, str] = {}
    if labelled:
        known = np.stack([vectors[q] for q, _ in labelled])
        asked = np.stack([vectors[q] for _, q in unlabelled])
        similarity = asked @ known.T
        best = similarity.argmax(axis=1)
        for row, (interaction_id, _) in enumerate(unlabelled):
            if similarity[row, best[row]] >= 1 - SAME_MEANING_DISTANCE:
                topics[interaction_id] = labelled[int(best[row])][1]
    rest = [(q, iid) for iid, q in unlabelled if iid not in topics]
    for group in group_by_meaning(rest):
        for interaction_id in group.interaction_ids:
            topics[interaction_id] = group.example[:80]
    return topics


def _questions(row: _Row) -> list[str]:
    if row.judge in UNDECOMPOSED:
        return [row.query] if row.query.strip() else []
    return [q for q in row.sub_queries if isinstance(q, str)]


def _vectors(question_lists: Iterable[list[str]]) -> dict[str, np.ndarray]:
    texts = list(dict.fromkeys(q for questions in question_lists for q in questions))
    return dict(zip(texts, embed(texts), strict=True)) if texts else {}


def _stack(questions: list[str], vectors: dict[str, np.ndarray]) -> np.ndarray:
    if not questions:
        return np.zeros((0, 256), dtype=np.float32)
    return np.stack([vectors[q] for q in questions])
