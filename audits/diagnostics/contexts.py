"""The contexts the diagnostics read: one graded interaction, or a period's totals.

A context is a plain dict of names to numbers, booleans or strings, plus ``thresholds``
(metric → the bot's threshold). The names each scope offers are listed in
:data:`INTERACTION_NAMES` and :data:`PERIOD_NAMES`; the catalogue is checked against
them when it loads, so a rule cannot read a name no builder provides.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from audits.judges.base import ALL_CAUSES, METRICS, UNSUPPORTED_REASONS, SourceText
from audits.models import Evaluation, Interaction
from audits.sweep.rules import FEEDBACK_JUDGE, RULE_JUDGE
from kbaudit.text.dialogue import is_decline
from kbaudit.text.quotes import quotes_not_in_sources

# Two chunks sharing this much of their vocabulary say the same thing: retrieval
# returned one passage twice (or two articles carry the same passage).
NEAR_DUPLICATE_JACCARD = 0.7
# Below this many content words a chunk is too short to call a duplicate.
NEAR_DUPLICATE_MIN_WORDS = 5
# Judges that grade without decomposing the triplet: their counts mean "not looked at".
_UNDECOMPOSED_JUDGES = frozenset({FEEDBACK_JUDGE, RULE_JUDGE})
_WORD_RE = re.compile(r"[^\W_]{3,}", re.UNICODE)

INTERACTION_NAMES: frozenset[str] = frozenset(
    {
        *METRICS,
        "n_sources",
        "n_sub_queries",
        "n_facts",
        "n_unsupported",
        "n_redundant",
        "n_unasked",
        *(f"n_{reason}" for reason in UNSUPPORTED_REASONS),
        "n_distinct_articles",
        "n_duplicate_sources",
        "n_duplicate_articles",
        "verdict",
        "cause",
        "original_verdict",
        "thumbs_down",
        "thumbs_up",
        "max_score",
        "relevance_threshold",
        "declined",
        "bad_quotes",
    }
)

# Counts a bot-level rollup may carry beyond the per-metric sums (0 when not counted).
OPTIONAL_COUNTS: tuple[str, ...] = (
    "unasked_3plus",
    "with_unsupported",
    "with_redundant",
    "with_condition_misapplied",
    "no_sources",
    "declined",
    "should_have_declined",
    "over_refusal",
    "bad_quotes",
    "noise",
    "missing",
)
# Shares over all interactions rather than graded ones: the count does not need a grade.
_SHARE_OF_INTERACTIONS = frozenset({"no_sources"})

PERIOD_NAMES: frozenset[str] = frozenset(
    {
        *METRICS,
        *(f"{metric}_share_below" for metric in METRICS),
        *(f"{metric}_n" for metric in METRICS),
        *(f"share_{cause}" for cause in ALL_CAUSES),
        *(f"share_{count}" for count in OPTIONAL_COUNTS),
        "interactions",
        "graded",
        "retrievals",
        "conversations",
        "traffic",
        "high_traffic",
        "min_sample",
        "insufficient_rate",
        "judged_insufficient_rate",
        "thumbs_down_rate",
        "thumbs_up_rate",
        "chunks_per_interaction",
        "share_top_ranked",
    }
)


# --- one interaction -------------------------------------------------------------------


def interaction_context(evaluation: Evaluation, interaction: Interaction) -> dict[str, Any]:
    """What the diagnostics know about one graded interaction.

    Counts the judge did not produce (a thumbs-down or a turn with no question is graded
    without decomposition) are None, so no rule reads "no facts" into "not looked at".
    """
    bot = interaction.bot
    sources = source_texts(interaction.sources.all())
    context: dict[str, Any] = {metric: getattr(evaluation, metric) for metric in METRICS}
    context.update(_judge_counts(evaluation))
    context.update(_source_facts(sources))
    context.update(
        verdict=evaluation.verdict,
        cause=evaluation.cause,
        original_verdict=evaluation.original_verdict or evaluation.verdict,
        thumbs_down=int(interaction.feedback == Interaction.Feedback.DOWN),
        thumbs_up=int(interaction.feedback == Interaction.Feedback.UP),
        relevance_threshold=bot.relevance_threshold,
        declined=is_decline(interaction.response),
        bad_quotes=len(quotes_not_in_sources(interaction.response, sources)),
        thresholds=bot.thresholds(),
    )
    return context


def source_texts(rows: Iterable[Any]) -> list[SourceText]:
    """RetrievedSource rows as the judges see them, in rank order."""
    return [
        SourceText(
            rank=row.rank,
            text=row.text,
            title=row.title,
            article_key=row.article_key,
            score=row.score,
        )
        for row in sorted(rows, key=lambda row: row.rank)
    ]


def _judge_counts(evaluation: Evaluation) -> dict[str, int | None]:
    names = ("n_sub_queries", "n_facts", "n_unsupported", "n_redundant", "n_unasked")
    reasons = [f"n_{reason}" for reason in UNSUPPORTED_REASONS]
    if evaluation.judge in _UNDECOMPOSED_JUDGES:
        return dict.fromkeys((*names, *reasons), None)
    counts: dict[str, int | None] = {name: getattr(evaluation, name) for name in names}
    counts.update(unsupported_reason_counts(evaluation.details))
    return counts


def unsupported_reason_counts(details: Any) -> dict[str, int]:
    """``n_<reason>`` for each unsupported-fact reason in the judge's working.

    Tolerates details written by older judges (missing or malformed entries count as
    nothing) because evaluations are never rewritten.
    """
    counts = {f"n_{reason}": 0 for reason in UNSUPPORTED_REASONS}
    entries = details.get("unsupported") if isinstance(details, Mapping) else None
    for entry in entries if isinstance(entries, list) else []:
        reason = entry.get("reason") if isinstance(entry, Mapping) else None
        if reason in UNSUPPORTED_REASONS:
            counts[f"n_{reason}"] += 1
    return counts


def _source_facts(sources: Sequence[SourceText]) -> dict[str, Any]:
    scores = [source.score for source in sources if source.score is not None]
    duplicates = near_duplicates(sources)
    return {
        "n_sources": len(sources),
        "n_distinct_articles": len({source.article_key for source in sources}),
        "n_duplicate_sources": len(duplicates),
        "n_duplicate_articles": sum(
            1 for later, earlier in duplicates if later.article_key != earlier.article_key
        ),
        "max_score": max(scores) if scores else None,
    }


def near_duplicates(sources: Sequence[SourceText]) -> list[tuple[SourceText, SourceText]]:
    """(source, the higher-ranked source it repeats) for each near-duplicate chunk."""
    words = [_content_words(source.text) for source in sources]
    pairs = []
    for i, later in enumerate(sources):
        for j in range(i):
            if _similar(words[i], words[j]):
                pairs.append((later, sources[j]))
                break
    return pairs


def _content_words(text: str) -> frozenset[str]:
    return frozenset(_WORD_RE.findall((text or "").casefold()))


def _similar(a: frozenset[str], b: frozenset[str]) -> bool:
    if min(len(a), len(b)) < NEAR_DUPLICATE_MIN_WORDS:
        return False
    return len(a & b) / len(a | b) >= NEAR_DUPLICATE_JACCARD


# --- a period --------------------------------------------------------------------------


@dataclass(frozen=True)
class PeriodTotals:
    """Plain sums and counts over a period, as the daily rollups keep them.

    Sums and counts (never means) so that days add up exactly: a period is the
    :meth:`add` of its days. ``retrievals`` is 0 for a whole bot (only articles are
    retrieved); ``top_ranked`` is None where it is not counted.
    """

    interactions: int = 0
    graded: int = 0
    retrievals: int = 0
    conversations: int = 0
    insufficient: int = 0
    thumbs_down: int = 0
    thumbs_up: int = 0
    source_precision_sum: float = 0.0
    source_precision_n: int = 0
    source_precision_below: int = 0
    source_query_coverage_sum: float = 0.0
    source_query_coverage_n: int = 0
    source_query_coverage_below: int = 0
    response_precision_sum: float = 0.0
    response_precision_n: int = 0
    response_precision_below: int = 0
    response_query_coverage_sum: float = 0.0
    response_query_coverage_n: int = 0
    response_query_coverage_below: int = 0
    groundedness_sum: float = 0.0
    groundedness_n: int = 0
    groundedness_below: int = 0
    self_distinctness_sum: float = 0.0
    self_distinctness_n: int = 0
    self_distinctness_below: int = 0
    cause_contradictory: int = 0
    cause_partial: int = 0
    cause_no_content: int = 0
    cause_out_of_scope: int = 0
    cause_user_feedback: int = 0
    unasked_3plus: int = 0
    with_unsupported: int = 0
    with_redundant: int = 0
    with_condition_misapplied: int = 0
    no_sources: int = 0
    declined: int = 0
    should_have_declined: int = 0
    over_refusal: int = 0
    bad_quotes: int = 0
    # Attribution: interactions with an off-topic retrieved article, and with
    # sub-questions no retrieved article is about.
    noise: int = 0
    missing: int = 0
    top_ranked: int | None = None

    def add(self, other: PeriodTotals) -> PeriodTotals:
        """The totals of both periods (distinct conversations are summed: an upper bound)."""
        summed = {f.name: _add(getattr(self, f.name), getattr(other, f.name)) for f in fields(self)}
        return replace(self, **summed)

    @classmethod
    def from_row(cls, row: Any) -> PeriodTotals:
        """Totals from any object carrying the same attribute names (a rollup row);
        attributes it lacks keep their defaults."""
        values = {f.name: getattr(row, f.name) for f in fields(cls) if hasattr(row, f.name)}
        return cls(**values)

    @classmethod
    def sum(cls, totals: Iterable[PeriodTotals]) -> PeriodTotals:
        result = cls()
        for item in totals:
            result = result.add(item)
        return result


def _add(a: float | None, b: float | None) -> float | None:
    if a is None:
        return b
    if b is None:
        return a
    return a + b


def _ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def period_context(
    totals: PeriodTotals,
    *,
    thresholds: Mapping[str, float],
    min_sample: int,
    high_traffic: float | None = None,
) -> dict[str, Any]:
    """What the diagnostics know about an article or a bot over a period.

    Each metric's value is its mean over the graded interactions that have it.
    ``high_traffic`` is the traffic from which the caller counts an article (or bot)
    as busy, e.g. the period's top decile; without it no traffic rule applies.
    """
    graded = totals.graded
    context: dict[str, Any] = {
        "interactions": totals.interactions,
        "graded": graded,
        "retrievals": totals.retrievals,
        "conversations": totals.conversations,
        # An article's traffic is how often it was retrieved; a bot's, its interactions.
        "traffic": totals.retrievals or totals.interactions,
        "high_traffic": high_traffic,
        "min_sample": min_sample,
        "thresholds": dict(thresholds),
        "insufficient_rate": _ratio(totals.insufficient, graded),
        "judged_insufficient_rate": _ratio(
            totals.insufficient - totals.cause_user_feedback, graded
        ),
        "thumbs_down_rate": _ratio(totals.thumbs_down, totals.interactions),
        "thumbs_up_rate": _ratio(totals.thumbs_up, totals.interactions),
        "chunks_per_interaction": _ratio(totals.retrievals or None, totals.interactions),
        "share_top_ranked": _ratio(totals.top_ranked, totals.interactions),
    }
    context.update(_metric_summaries(totals))
    for cause in ALL_CAUSES:
        context[f"share_{cause}"] = _ratio(getattr(totals, f"cause_{cause}"), graded)
    for count in OPTIONAL_COUNTS:
        denominator = totals.interactions if count in _SHARE_OF_INTERACTIONS else graded
        context[f"share_{count}"] = _ratio(getattr(totals, count), denominator)
    return context


def _metric_summaries(totals: PeriodTotals) -> dict[str, Any]:
    summaries: dict[str, Any] = {}
    for metric in METRICS:
        n = getattr(totals, f"{metric}_n")
        summaries[metric] = _ratio(getattr(totals, f"{metric}_sum"), n)
        summaries[f"{metric}_share_below"] = _ratio(getattr(totals, f"{metric}_below"), n)
        summaries[f"{metric}_n"] = n
    return summaries
