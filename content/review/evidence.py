"""The evidence behind an article's review: failing conversations, the sub-questions it
never answers, and whether a rewrite helped."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from django.db import connection
from django.db.models import Avg, Count, Exists, F, OuterRef, Q, QuerySet, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from audits.judges.base import METRICS
from audits.models import Evaluation, Interaction, RetrievedSource
from audits.offline_runs.comparison import MetricShift, evaluations_compare
from content.analytics.periods import day_bounds
from content.models import Article, ArticleVersion, SourceCredit
from content.questions import QuestionGroup, group_by_meaning, normalise

Window = tuple[date, date] | None

# The evidence reads an article's most recent retrievals, this many at most.
RECENT = 2000


def article_evaluations(
    article: Article,
    bots,
    *,
    recent: int | None = None,
    between: tuple[datetime, datetime] | None = None,
) -> QuerySet[Evaluation]:
    """Production evaluations of the interactions that retrieved ``article``: those in
    ``between`` ([start, end)), or of its latest ``recent`` retrievals (walked backwards
    on the (article, time) index, so a busy article costs no more than a quiet one).

    The retrievals are read by time, so that on the partitioned layout only the months
    they fall in are: ``between`` bounds them, and the latest are looked for in the
    last month first, then further back (``_latest_retrievals``)."""
    # Only the bots answering from the article's knowledge base: another KB's article of
    # the same id is another article.
    wanted = bots if isinstance(bots, QuerySet) else [getattr(b, "pk", b) for b in bots]
    bot_ids = list(article.retrieving_bots().filter(pk__in=wanted).values_list("pk", flat=True))

    def retrieved(since: datetime | None = None, until: datetime | None = None):
        return _production_retrievals(article, bot_ids, since=since, until=until)

    if recent is not None:
        return Evaluation.objects.filter(interaction_id__in=_latest_retrievals(retrieved, recent))
    sources = retrieved(*between) if between is not None else retrieved()
    return Evaluation.objects.filter(interaction_id__in=sources.values("interaction_id"))


def _production_retrievals(
    article: Article, bot_ids: list[int], *, since: datetime | None, until: datetime | None
) -> QuerySet[RetrievedSource]:
    """The article's retrievals in production traffic, in [since, until) when given."""
    # An offline run's answers are not production's: they are left out before any limit,
    # so ``recent`` counts production retrievals. The interaction is looked up by its
    # timestamp too, which its sources carry, and within the same bounds, so that only
    # their months are read.
    production = Interaction.objects.filter(
        pk=OuterRef("interaction_id"), timestamp=OuterRef("occurred_at"), run__isnull=True
    )
    retrieved = RetrievedSource.objects.filter(article_key=article.external_id, bot__in=bot_ids)
    if since is not None:
        production = production.filter(timestamp__gte=since)
        retrieved = retrieved.filter(occurred_at__gte=since)
    if until is not None:
        production = production.filter(timestamp__lt=until)
        retrieved = retrieved.filter(occurred_at__lt=until)
    return retrieved.filter(Exists(production))


def _latest_retrievals(
    retrieved: Callable[..., QuerySet[RetrievedSource]], recent: int
) -> list[int]:
    """The interactions of the latest ``recent`` retrievals (``retrieved(since)``):
    looked for since the start of this month (UTC, as the partitions are), then of the
    month before, 3, 7 and 15 months back, and only then in every month. Once a span
    holds ``recent`` of them, they are the latest."""
    this_month = timezone.now().astimezone(UTC).date().replace(day=1)
    for months_back in (0, 1, 3, 7, 15):
        index = this_month.year * 12 + this_month.month - 1 - months_back
        ids = _latest(retrieved(datetime(index // 12, index % 12 + 1, 1, tzinfo=UTC)), recent)
        if len(ids) == recent:
            return ids
    return _latest(retrieved(), recent)


def _latest(retrieved: QuerySet[RetrievedSource], recent: int) -> list[int]:
    return list(
        retrieved.order_by("-occurred_at").values_list("interaction_id", flat=True)[:recent]
    )


def credited_evaluations(
    article: Article, bots, *, window: Window = None, recent: int | None = RECENT
) -> QuerySet[Evaluation]:
    """The evaluations an article's evidence is drawn from: interactions in ``window``
    that credited it (it covered, grounded or was about what was asked — never those it
    was retrieval noise in), on questions within the bot's domain; the latest ``recent``."""
    credits = SourceCredit.objects.filter(article_key=article.external_id, bot__in=bots).exclude(
        role=SourceCredit.Role.NOISE
    )
    if window is not None:
        start, end = _bounds(window)
        credits = credits.filter(occurred_at__gte=start, occurred_at__lt=end)
    if recent is not None:
        credits = credits.order_by("-occurred_at")[:recent]
    return (
        Evaluation.objects.filter(interaction_id__in=credits.values("interaction_id"))
        .exclude(cause=Evaluation.Cause.OUT_OF_SCOPE)
        .exclude(not_knowing_reason="out_of_domain")
    )


def _bounds(window: tuple[date, date]) -> tuple[datetime, datetime]:
    first, last = (date.fromisoformat(d) if isinstance(d, str) else d for d in window)
    return day_bounds(first, last)


@dataclass
class FailingConversation:
    evaluation: Evaluation
    interaction: Interaction
    answer_html: SafeString
    uncovered: list[str]
    unsupported: list[dict]
    article_ranks: list[int]


def _badness_expression(thresholds: dict[str, float]):
    """SQL: how far the metrics fall short of their thresholds, summed (null = no signal)."""
    terms = [
        Greatest(Value(0.0), Value(limit) - Coalesce(F(metric), Value(limit)))
        for metric, limit in thresholds.items()
    ]
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    return total


def failing_conversations(
    article: Article, bots, *, limit: int = 10, window: Window = None
) -> list[FailingConversation]:
    """The insufficient answers that credited ``article`` in ``window``, worst first
    (ordered in SQL, so an article with 50,000 conversations costs no more than one with
    50), one per question asked in other words: the same question failing twice teaches
    nothing new. The page and the brief both read this list."""
    bots = list(bots)
    if not bots:
        return []
    thresholds = bots[0].thresholds()
    rows = list(
        credited_evaluations(article, bots, window=window)
        .filter(verdict=Evaluation.Verdict.INSUFFICIENT)
        .exclude(judge__in=["feedback", "rule"])
        .annotate(badness=_badness_expression(thresholds))
        .order_by("-badness", "-occurred_at")
        .values_list("pk", "interaction_id", "occurred_at")[: limit * 8]
    )
    # The interactions (and their sources) are looked up within the span of the
    # evaluations' times, which are theirs: on the partitioned layout, only the months
    # shown are read.
    span = _span([at for _, _, at in rows])
    asked = dict(
        Interaction.objects.filter(
            _within(span, "timestamp"), pk__in=[i for _, i, _ in rows]
        ).values_list("pk", "query")
    )
    candidates = [(pk, asked.get(interaction_id, "")) for pk, interaction_id, _ in rows]
    chosen = _one_per_meaning(candidates, limit)
    ranked = sorted(
        Evaluation.objects.filter(
            _within(span, "interaction__timestamp"), pk__in=chosen
        ).select_related("bot", "interaction"),
        key=lambda e: chosen.index(e.pk),
    )
    ranks = _article_ranks(article, [e.interaction_id for e in ranked], span=span)
    return [_failing(e, ranks.get(e.interaction_id, [])) for e in ranked]


def _span(moments: list[datetime]) -> tuple[datetime, datetime] | None:
    """The first and last of ``moments`` (None when there are none)."""
    return (min(moments), max(moments)) if moments else None


def _within(span: tuple[datetime, datetime] | None, field: str) -> Q:
    if span is None:
        return Q()
    return Q(**{f"{field}__gte": span[0], f"{field}__lte": span[1]})


def _one_per_meaning(candidates: list[tuple[int, str]], limit: int) -> list[int]:
    """The first evaluation of each question group, in the candidates' order."""
    if not candidates:
        return []
    groups = group_by_meaning([(query, pk) for pk, query in candidates])
    first_of = {min(g.interaction_ids, key=[pk for pk, _ in candidates].index) for g in groups}
    keyless = [pk for pk, query in candidates if not normalise(query)]
    picked = [pk for pk, _ in candidates if pk in first_of or pk in keyless]
    return picked[:limit]


def _article_ranks(
    article: Article, interaction_ids: list[int], *, span: tuple[datetime, datetime] | None = None
) -> dict[int, list[int]]:
    """Where the article ranked in each of these interactions' retrievals; ``span``,
    when given, holds their timestamps (first, last), and only those months are read."""
    ranks: dict[int, list[int]] = {}
    if not interaction_ids:
        return ranks
    if connection.vendor == "postgresql":
        rows = _ranks_by_interaction(article, interaction_ids, span)
    else:
        rows = RetrievedSource.objects.filter(
            _within(span, "occurred_at"),
            article_key=article.external_id,
            interaction_id__in=interaction_ids,
        ).values_list("interaction_id", "rank")
    for interaction_id, rank in rows:
        ranks.setdefault(interaction_id, []).append(rank)
    return ranks


def _ranks_by_interaction(article: Article, interaction_ids: list[int], span) -> list[tuple]:
    """Each interaction's sources through the primary key (interaction, rank), a few rows
    each: filtered by article first, a popular article's whole history of retrievals was
    read to find the few thousand asked for. One array parameter: thousands of IN
    placeholders cost more to build than the query takes to run. The span (the sources
    carry their interaction's timestamp as ``occurred_at``) keeps a partitioned table to
    those months' partitions."""
    sql = (
        "SELECT s.interaction_id, s.rank FROM unnest(%s::bigint[]) AS wanted(id)"
        f" JOIN {RetrievedSource._meta.db_table} s ON s.interaction_id = wanted.id"
        " WHERE s.article_key = %s"
    )
    params: list = [list(interaction_ids), article.external_id]
    if span is not None:
        sql += " AND s.occurred_at >= %s AND s.occurred_at <= %s"
        params += list(span)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _failing(evaluation: Evaluation, article_ranks: list[int]) -> FailingConversation:
    details = evaluation.details or {}
    facts = details.get("facts") or []
    unsupported = [
        {**u, "text": facts[u["fact"]]}
        for u in details.get("unsupported") or []
        if u["fact"] < len(facts)
    ]
    return FailingConversation(
        evaluation=evaluation,
        interaction=evaluation.interaction,
        answer_html=highlight(evaluation.interaction.response, [u["text"] for u in unsupported]),
        uncovered=uncovered_sub_questions(details),
        unsupported=unsupported,
        article_ranks=sorted(article_ranks),
    )


def uncovered_sub_questions(details: dict, *, by: str = "response") -> list[str]:
    """Sub-questions no fact answers (``by="response"``) or no source covers (``"sources"``)."""
    matrix = (details.get("matches") or {}).get(
        "response_query" if by == "response" else "source_query"
    ) or []
    questions = details.get("sub_queries") or []
    return [
        q for j, q in enumerate(questions) if not any(len(row) > j and row[j] for row in matrix)
    ]


def highlight(text: str, passages: Sequence[str]) -> SafeString:
    """``text`` escaped, with each passage found in it wrapped in <mark class="unsupported">."""
    spans = []
    for passage in passages:
        start = text.find(passage) if passage else -1
        if start >= 0:
            spans.append((start, start + len(passage)))
    spans.sort()
    out, cursor = [], 0
    for start, end in spans:
        if start < cursor:
            continue
        out.append(escape(text[cursor:start]))
        out.append(
            format_html(
                '<mark class="unsupported" title="Not supported by the sources">{}</mark>',
                text[start:end],
            )
        )
        cursor = end
    out.append(escape(text[cursor:]))
    return mark_safe("".join(str(part) for part in out))  # noqa: S308 - every part is escaped


def group_questions(questions: Iterable[tuple[str, int]]) -> list[QuestionGroup]:
    """Group sub-questions asked in different words (by meaning); most asked first."""
    return group_by_meaning(questions)


def unanswered_sub_questions(
    article: Article, bots, *, since: datetime | None = None, window: Window = None
) -> list[QuestionGroup]:
    """Sub-questions put to the bot while this article was credited that no retrieved
    chunk covered, on the article's subject, grouped by meaning with counts ("Is there a
    restocking fee? — asked 37 times")."""
    evaluations = credited_evaluations(article, bots, window=window).exclude(
        judge__in=["feedback", "rule"]
    )
    if since is not None:
        evaluations = evaluations.filter(occurred_at__gte=since)
    # Only the two parts of the judge's working this needs, not the whole document.
    rows = list(
        evaluations.annotate(
            questions=KT("details__sub_queries"), coverage=KT("details__matches__source_query")
        ).values_list("interaction_id", "questions", "coverage", "occurred_at")
    )
    ranks = _article_ranks(
        article,
        [interaction_id for interaction_id, *_ in rows],
        span=_span([at for *_, at in rows]),
    )
    questions = []
    for interaction_id, asked, coverage, _ in rows:
        details = {"sub_queries": _json(asked), "matches": {"source_query": _json(coverage)}}
        article_ranks = ranks.get(interaction_id, [])
        # an article that answered part of the question is the page for the rest of it
        rank = 1 if _covers_any(details, article_ranks) else min(article_ranks or [9])
        for question in _not_covered_by(details, article_ranks):
            questions.append((question, interaction_id, rank))
    return group_questions(
        (question, interaction_id)
        for question, interaction_id in _about_article(article, questions)
    )


def _about_article(article: Article, questions: list[tuple[str, int, int]]):
    """Only the questions the article is about (a follow-up on another subject in the
    same conversation is not this article's to answer)."""
    from content.attribution.services import TOP_RANK_FLOOR, ProfileCache
    from content.attribution.topicality import on_topic_matrix
    from kbaudit.text.embeddings import embed

    texts = list(dict.fromkeys(q for q, _, _ in questions))
    if not texts:
        return []
    profile = (
        ProfileCache(article.knowledge_base_id).get([article.external_id]).get(article.external_id)
    )
    if profile is None:
        return [(q, i) for q, i, _ in questions]
    vectors = embed(texts)
    about = dict(zip(texts, on_topic_matrix(texts, vectors, profile), strict=True))
    similar = dict(zip(texts, profile.similarity(vectors), strict=True))
    return [
        (q, i)
        for q, i, rank in questions
        if about[q] or (rank == 1 and similar[q] >= TOP_RANK_FLOOR)
    ]


def _json(value):
    # KT() returns text on PostgreSQL and SQLite alike.
    if value is None or isinstance(value, list):
        return value or []
    return json.loads(value)


def _covers_any(details: dict, ranks: list[int]) -> bool:
    matrix = (details.get("matches") or {}).get("source_query") or []
    return any(any(matrix[rank - 1]) for rank in ranks if 0 < rank <= len(matrix))


def _not_covered_by(details: dict, ranks: list[int]) -> list[str]:
    matrix = (details.get("matches") or {}).get("source_query") or []
    rows = [matrix[rank - 1] for rank in ranks if 0 < rank <= len(matrix)]
    if not rows:
        return []
    questions = details.get("sub_queries") or []
    return [q for j, q in enumerate(questions) if not any(len(row) > j and row[j] for row in rows)]


@dataclass
class Recovery:
    """Before and after an article's latest version, on the traffic either side of it.

    ``before`` and ``after`` hold each window's graded answers (``n``), insufficient
    ones and metric means; ``shifts`` each metric's means with 95% bootstrap intervals
    and the change (after − before) with its own interval, the two windows being
    unrelated answers (an unpaired comparison).
    """

    version: ArticleVersion
    before: dict
    after: dict
    shifts: list[MetricShift] = field(default_factory=list)

    def rows(self) -> list[dict]:
        return [
            {
                "metric": shift.metric,
                "before": shift.before,
                "after": shift.after,
                "delta": shift.difference,
            }
            for shift in self.shifts
        ]


def _window_stats(evaluations: QuerySet[Evaluation]) -> dict:
    aggregates = evaluations.aggregate(
        n=Count("id"),
        insufficient=Count("id", filter=Q(verdict="insufficient")),
        **{m: Avg(m) for m in METRICS},
    )
    return aggregates


def article_recovery(article: Article, bots, *, days: int = 28) -> Recovery | None:
    """Did the latest rewrite help? Compares the ``days`` before it with the days after."""
    version = article.versions.order_by("-number").first()
    if version is None or version.number < 2:
        return None
    start = version.live_from
    evaluations = article_evaluations(
        article, bots, between=(start - timedelta(days=days), start + timedelta(days=days))
    )
    before = evaluations.filter(
        occurred_at__gte=start - timedelta(days=days), occurred_at__lt=start
    )
    after = evaluations.filter(occurred_at__gte=start, occurred_at__lt=start + timedelta(days=days))
    return Recovery(
        version=version,
        before=_window_stats(before),
        after=_window_stats(after),
        shifts=evaluations_compare(before=before, after=after),
    )
