"""From checked pairs to ArticleFinding rows: upserted per (kind, pair), resolved when a
re-check no longer finds the overlap or the conflict, each with a suggested resolution."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone

from content.models import Article, ArticleFinding, ArticleVersion

from .candidates import Pair
from .checks import PairOutcome
from .logs import co_retrieval_counts, co_retrieval_examples, knowledge_base_bots, retrievals

Kind = ArticleFinding.Kind
Status = ArticleFinding.Status
PASSAGES_KEPT = 10


@dataclass
class FindingCounts:
    found: int = 0
    refreshed: int = 0
    resolved: int = 0


def existing_findings(pairs: Iterable[Pair]) -> dict[tuple[str, int, int], ArticleFinding]:
    wanted = set(pairs)
    if not wanted:
        return {}
    # Findings are few: reading them all is cheaper than naming thousands of pairs.
    rows = ArticleFinding.objects.all()
    return {
        (f.kind, f.article_a_id, f.article_b_id): f
        for f in rows
        if (f.article_a_id, f.article_b_id) in wanted
    }


def findings_apply(
    *, outcomes: dict[Pair, PairOutcome], versions: dict[int, int], counts: FindingCounts
) -> list[ArticleFinding]:
    """Write what the checks found; resolve what they no longer find. ``versions`` maps
    article id to the version id that was checked."""
    existing = existing_findings(outcomes)
    touched: list[ArticleFinding] = []
    now = timezone.now()
    for pair, outcome in outcomes.items():
        for kind, values in (
            (Kind.DUPLICATE, _duplicate(outcome)),
            (Kind.CONTRADICTION, _contradiction(outcome)),
        ):
            finding = existing.get((kind, *pair))
            if values is not None:
                touched.append(_upsert(finding, kind, pair, values, versions, now, counts))
            elif finding is not None and finding.status == Status.ACTIVE:
                _resolve(finding, versions, now)
                counts.resolved += 1
                touched.append(finding)
    return touched


def _duplicate(outcome: PairOutcome) -> dict | None:
    found = outcome.overlap
    if found is None:
        return None
    return {
        "confidence": found.confidence,
        "method": "offline",
        "passages": found.passages[:PASSAGES_KEPT],
        "details": {
            "overlap": {"a": found.share_a, "b": found.share_b, "section": found.section_share},
            "similarity": found.similarity,
        },
    }


def _contradiction(outcome: PairOutcome) -> dict | None:
    if not outcome.conflicts:
        return None
    ranked = sorted(outcome.conflicts, key=lambda c: -c.confidence)
    details = {"values": [ranked[0].value_a, ranked[0].value_b], **outcome.notes}
    return {
        "confidence": ranked[0].confidence,
        "method": outcome.method,
        "passages": [c.as_passage() for c in ranked[:PASSAGES_KEPT]],
        "details": details,
    }


def _upsert(finding, kind, pair, values, versions, now, counts: FindingCounts) -> ArticleFinding:
    if finding is None:
        finding = ArticleFinding(kind=kind, article_a_id=pair[0], article_b_id=pair[1])
        finding.detected_at = now
        counts.found += 1
    elif finding.status != Status.ACTIVE:
        finding.detected_at, finding.resolved_at = now, None
        counts.found += 1
    else:
        counts.refreshed += 1
    finding.status = Status.ACTIVE
    finding.version_a_id, finding.version_b_id = versions[pair[0]], versions[pair[1]]
    finding.confidence = values["confidence"]
    finding.method = values["method"]
    finding.passages = values["passages"]
    finding.details = {**values["details"], "suggestion": finding.details.get("suggestion", "")}
    finding.checked_at = now
    finding.save()
    return finding


def _resolve(finding: ArticleFinding, versions: dict[int, int], now) -> None:
    finding.status, finding.resolved_at, finding.checked_at = Status.RESOLVED, now, now
    finding.details = {
        **finding.details,
        "resolved_by_versions": [
            versions.get(finding.article_a_id),
            versions.get(finding.article_b_id),
        ],
    }
    finding.save(update_fields=["status", "resolved_at", "checked_at", "details"])


def findings_evidence_update(*, findings: Iterable[ArticleFinding]) -> None:
    """Refresh each active finding's evidence from the logs and its suggested resolution
    (what every finding needs is read in a few queries, not a few per finding)."""
    active = [f for f in findings if f.status == Status.ACTIVE]
    by_kb: dict[int, list[ArticleFinding]] = {}
    for finding in active:
        by_kb.setdefault(finding.article_a.knowledge_base_id, []).append(finding)
    bots = knowledge_base_bots(by_kb)
    for knowledge_base_id, group in by_kb.items():
        _evidence_update(group, bots.get(knowledge_base_id, set()))


def _evidence_update(active: list[ArticleFinding], bot_ids: set[int]) -> None:
    """The findings of one knowledge base, from the traffic of the bots answering from it."""
    pairs = [(f.article_a.external_id, f.article_b.external_id) for f in active]
    together = co_retrieval_counts(pairs, bot_ids=bot_ids)
    context = SuggestionContext.for_findings(active, bot_ids=bot_ids)
    for finding, pair in zip(active, pairs, strict=True):
        a, b = finding.article_a, finding.article_b
        count = together.get(pair, 0)
        examples = co_retrieval_examples(*pair, bot_ids=bot_ids) if count else []
        suggestion = suggestion_for(finding, a, b, context=context)
        if (count, examples, suggestion) == (
            finding.co_retrievals,
            finding.example_interactions,
            finding.details.get("suggestion"),
        ):
            continue
        finding.co_retrievals, finding.example_interactions = count, examples
        finding.details = {**finding.details, "suggestion": suggestion}
        finding.save(update_fields=["co_retrievals", "example_interactions", "details"])


@dataclass
class SuggestionContext:
    """What suggestions read about the articles: retrievals, first publication, and the
    publication of the checked versions."""

    retrievals: dict[str, int]
    first_published: dict[int, object]
    published: dict[int, object]  # by version id

    @classmethod
    def for_findings(
        cls, findings: list[ArticleFinding], *, bot_ids: set[int] | None = None
    ) -> SuggestionContext:
        """``bot_ids``: the bots of the findings' knowledge base (found when not given)."""
        articles = {a for f in findings for a in (f.article_a, f.article_b)}
        versions = {v for f in findings for v in (f.version_a_id, f.version_b_id) if v}
        if bot_ids is None:
            kbs = {a.knowledge_base_id for a in articles}
            bot_ids = set().union(*knowledge_base_bots(kbs).values())
        return cls(
            retrievals=retrievals([a.external_id for a in articles], bot_ids=bot_ids),
            first_published=dict(
                ArticleVersion.objects.filter(article__in=articles, number=1).values_list(
                    "article_id", "published_at"
                )
            ),
            published=dict(
                ArticleVersion.objects.filter(pk__in=versions).values_list("pk", "published_at")
            ),
        )


def suggestion_for(
    finding: ArticleFinding, a: Article, b: Article, *, context: SuggestionContext | None = None
) -> str:
    """How to resolve the finding. A duplicate keeps the busier article (else the one
    first published earlier); of two contradicting articles, the one whose current
    version is older is the one to retire."""
    context = context or SuggestionContext.for_findings([finding])
    if finding.kind == Kind.DUPLICATE:
        keeper, other = _keeper(a, b, context)
        overlap = finding.details.get("overlap", {})
        if max(overlap.get("a", 0), overlap.get("b", 0)) >= 0.5:
            return f"Merge “{_name(other)}” into “{_name(keeper)}” and redirect its URL."
        section = _shared_section(finding, keeper == a)
        where = f" (“{section}”)" if section else ""
        return (
            f"Keep the shared passage{where} in “{_name(keeper)}” only, and link to it "
            f"from “{_name(other)}”."
        )
    values = finding.details.get("values") or ["", ""]
    older = _staler(finding, a, b, context)
    if all(values):
        return (
            f"State the condition that tells {values[0]} from {values[1]}, or retire the "
            f"older article (“{_name(older)}”)."
        )
    return f"Make the two articles agree, or retire the older one (“{_name(older)}”)."


def _keeper(a: Article, b: Article, context: SuggestionContext) -> tuple[Article, Article]:
    counts, first = context.retrievals, context.first_published
    ranked = sorted(
        (a, b),
        key=lambda article: (
            -counts.get(article.external_id, 0),
            first.get(article.pk, article.created_at),
            article.pk,
        ),
    )
    return ranked[0], ranked[1]


def _staler(finding: ArticleFinding, a: Article, b: Article, context: SuggestionContext) -> Article:
    """The article whose checked version was published first."""
    published = {
        article.pk: context.published[version]
        for article, version in ((a, finding.version_a_id), (b, finding.version_b_id))
        if version in context.published
    }
    return min(
        (a, b), key=lambda article: (published.get(article.pk, article.created_at), article.pk)
    )


def _shared_section(finding: ArticleFinding, keeper_is_a: bool) -> str:
    if not finding.passages:
        return ""
    return finding.passages[0].get("section_a" if keeper_is_a else "section_b", "")


def _name(article: Article) -> str:
    return article.title or article.external_id
