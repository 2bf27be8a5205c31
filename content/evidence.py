"""The evidence behind an article's review: failing conversations, the sub-questions it
never answers, and whether a rewrite helped."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import connection
from django.db.models import Avg, Count, F, Q, QuerySet, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Coalesce, Greatest
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from audits.comparison import MetricShift, evaluations_compare
from audits.judges.base import METRICS
from audits.models import Evaluation, Interaction, RetrievedSource
from content.models import Article, ArticleVersion
from kbaudit.text.tokens import content_stems

# The evidence reads an article's most recent retrievals, this many at most.
RECENT = 2000
# Two sub-questions sharing this share of the shorter one's content words are asked as
# one ("Is there a restocking fee?" and "Do you charge a restocking fee on a kettle?").
SAME_QUESTION = 0.6


def article_evaluations(
    article: Article, bots, *, recent: int | None = None
) -> QuerySet[Evaluation]:
    """Production evaluations of the interactions that retrieved ``article``; with
    ``recent``, of its latest ``recent`` retrievals only (walked backwards on the
    (article, time) index, so a busy article costs no more than a quiet one)."""
    # An offline run's answers are not production's: they are left out before the limit,
    # so ``recent`` counts production retrievals.
    # Only the bots answering from the article's knowledge base: another KB's article of
    # the same id is another article.
    wanted = bots if isinstance(bots, QuerySet) else [getattr(b, "pk", b) for b in bots]
    bot_ids = list(article.retrieving_bots().filter(pk__in=wanted).values_list("pk", flat=True))
    retrieved = RetrievedSource.objects.filter(
        article_key=article.external_id, bot__in=bot_ids, interaction__run__isnull=True
    )
    if recent is not None:
        retrieved = retrieved.order_by("-occurred_at")[:recent]
    return Evaluation.objects.filter(interaction_id__in=retrieved.values("interaction_id"))


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


def failing_conversations(article: Article, bots, *, limit: int = 10) -> list[FailingConversation]:
    """The insufficient answers built on ``article``, worst first (ordered in SQL, so an
    article with 50,000 conversations costs no more than one with 50)."""
    bots = list(bots)
    if not bots:
        return []
    thresholds = bots[0].thresholds()
    ranked = list(
        article_evaluations(article, bots, recent=RECENT)
        .filter(verdict=Evaluation.Verdict.INSUFFICIENT)
        .exclude(judge__in=["feedback", "rule"])
        .annotate(badness=_badness_expression(thresholds))
        # the interactions of the page's few rows only, not joined to every candidate
        .select_related("bot")
        .prefetch_related("interaction")
        .order_by("-badness", "-occurred_at")[:limit]
    )
    ranks = _article_ranks(article, [e.interaction_id for e in ranked])
    return [_failing(e, ranks.get(e.interaction_id, [])) for e in ranked]


def _article_ranks(article: Article, interaction_ids: list[int]) -> dict[int, list[int]]:
    """Where the article ranked in each of these interactions' retrievals."""
    ranks: dict[int, list[int]] = {}
    if not interaction_ids:
        return ranks
    if connection.vendor == "postgresql":
        # One array parameter: thousands of IN placeholders cost more to build than the
        # query takes to run.
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT interaction_id, rank FROM {RetrievedSource._meta.db_table}"
                " WHERE article_key = %s AND interaction_id = ANY(%s)",
                [article.external_id, list(interaction_ids)],
            )
            rows = cursor.fetchall()
    else:
        rows = RetrievedSource.objects.filter(
            article_key=article.external_id, interaction_id__in=interaction_ids
        ).values_list("interaction_id", "rank")
    for interaction_id, rank in rows:
        ranks.setdefault(interaction_id, []).append(rank)
    return ranks


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


@dataclass
class QuestionGroup:
    example: str
    count: int
    phrasings: list[str] = field(default_factory=list)
    stems: frozenset[str] = frozenset()
    interaction_ids: list[int] = field(default_factory=list)


def _similar(a: frozenset[str], b: frozenset[str]) -> bool:
    if not a or not b:
        return a == b
    return len(a & b) / min(len(a), len(b)) >= SAME_QUESTION and len(a & b) >= min(
        2, len(a), len(b)
    )


def group_questions(questions: Iterable[tuple[str, int]]) -> list[QuestionGroup]:
    """Group sub-questions asked in different words; most asked first."""
    groups: list[QuestionGroup] = []
    known: dict[str, tuple[frozenset[str], QuestionGroup | None]] = {}  # the same words, often
    for text, interaction_id in questions:
        if text in known:
            stems, group = known[text]
        else:
            stems = frozenset(content_stems(text))
            group = next((g for g in groups if _similar(g.stems, stems)), None)
        if group is None:
            group = QuestionGroup(example=text, count=0, stems=stems)
            groups.append(group)
        known[text] = (stems, group)
        group.count += 1
        group.interaction_ids.append(interaction_id)
        if text not in group.phrasings and len(group.phrasings) < 5:
            group.phrasings.append(text)
    return sorted(groups, key=lambda g: (-g.count, g.example))


def unanswered_sub_questions(
    article: Article, bots, *, since: datetime | None = None
) -> list[QuestionGroup]:
    """Sub-questions put to the bot while this article was retrieved that its chunks never
    covered, grouped by similarity with counts ("Is there a restocking fee? — asked 37
    times")."""
    evaluations = article_evaluations(article, bots, recent=RECENT).exclude(
        judge__in=["feedback", "rule"]
    )
    if since is not None:
        evaluations = evaluations.filter(occurred_at__gte=since)
    # Only the two parts of the judge's working this needs, not the whole document.
    rows = list(
        evaluations.annotate(
            questions=KT("details__sub_queries"), coverage=KT("details__matches__source_query")
        ).values_list("interaction_id", "questions", "coverage")
    )
    ranks = _article_ranks(article, [interaction_id for interaction_id, _, _ in rows])
    questions = []
    for interaction_id, asked, coverage in rows:
        details = {"sub_queries": _json(asked), "matches": {"source_query": _json(coverage)}}
        for question in _not_covered_by(details, ranks.get(interaction_id, [])):
            questions.append((question, interaction_id))
    return group_questions(questions)


def _json(value):
    # KT() returns text on PostgreSQL and SQLite alike.
    if value is None or isinstance(value, list):
        return value or []
    return json.loads(value)


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
    evaluations = article_evaluations(article, bots)
    start = version.live_from
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
