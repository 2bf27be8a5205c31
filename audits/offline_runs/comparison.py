"""Comparing answers: a candidate pipeline's replay against a baseline (SPEC §8), and two
sets of evaluations against each other (before and after an article's rewrite).

A replay is compared with its baseline on the same questions. Each graded candidate
answer is paired with the baseline's answer to the same question: same bot, same
normalised query text (``Interaction.query_key``). When the baseline answered that
question several times, the pair uses its **most recent** answer. Production changes
during a window (articles are rewritten, the pipeline is tuned), and the most recent
answer is the one the candidate would replace; a mean over every repeat would weigh a
pipeline that no longer exists as much as the current one. It also keeps each pair two
real answers, so verdict changes, regressions and retrieved articles compare two
interactions one can open.

Only answers the judge graded are compared: a thumbs-down or a turn without a question
is graded by rule, without metrics, and a replay never gets thumbs, so those would
compare unlike with unlike. An answer a thumbs-down later marked insufficient counts
with the judge's own verdict.

Every mean comes with a bootstrap interval (``audits.offline_runs.bootstrap``); a metric's baseline
mean, candidate mean and paired difference are all taken over the same pairs, those
where the metric is defined on both sides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Max, Min, QuerySet

from audits.judges.base import METRICS
from audits.models import Bot, Evaluation, EvaluationRun, Interaction, RetrievedSource
from audits.offline_runs.baselines import Baseline
from audits.offline_runs.bootstrap import (
    CONFIDENCE,
    RESAMPLES,
    SEED,
    Estimate,
    paired_estimates,
    unpaired_estimates,
)
from audits.sweep.rules import FEEDBACK_JUDGE, RULE_JUDGE

NOT_JUDGED = (FEEDBACK_JUDGE, RULE_JUDGE)
PAIRING_RULE = (
    "each graded candidate answer is paired with the baseline's most recent graded answer "
    "to the same normalised question of the same bot"
)
# How many regressions, verdict changes and articles a comparison keeps to show.
KEEP = 15
# Ids per query when reading sources, under every database's parameter limit.
ID_CHUNK = 500


# --- graded answers and pairs -------------------------------------------------------------


@dataclass(frozen=True)
class Graded:
    """One judged answer, as the comparison needs it."""

    interaction_id: int
    bot_id: int
    query_key: str
    occurred_at: datetime
    verdict: str  # the judge's verdict, before any later thumbs-down
    judge: str
    metrics: tuple[float | None, ...]

    def metric(self, name: str) -> float | None:
        return self.metrics[METRICS.index(name)]

    @property
    def sufficient(self) -> bool:
        return self.verdict == Evaluation.Verdict.SUFFICIENT


_FIELDS = (
    "interaction_id",
    "bot_id",
    "interaction__query_key",
    "occurred_at",
    "verdict",
    "overridden_by_feedback",
    "original_verdict",
    "judge",
    *METRICS,
)


def graded_answers(evaluations: QuerySet[Evaluation]) -> list[Graded]:
    """The judged answers among ``evaluations`` (rule and thumbs-down grades left out)."""
    rows = evaluations.exclude(judge__in=NOT_JUDGED).values_list(*_FIELDS)
    return [
        Graded(
            interaction_id=row[0],
            bot_id=row[1],
            query_key=row[2],
            occurred_at=row[3],
            verdict=row[6] if row[5] and row[6] else row[4],
            judge=row[7],
            metrics=tuple(row[8:]),
        )
        for row in rows.iterator(chunk_size=5000)
    ]


@dataclass(frozen=True)
class Pair:
    baseline: Graded
    candidate: Graded

    def drops(self) -> dict[str, float]:
        """How far each metric fell from baseline to candidate (only the ones that fell)."""
        out = {}
        for index, metric in enumerate(METRICS):
            before, after = self.baseline.metrics[index], self.candidate.metrics[index]
            if before is not None and after is not None and after < before:
                out[metric] = before - after
        return out


def pairs_match(
    *, candidates: Iterable[Graded], baseline: Iterable[Graded]
) -> tuple[list[Pair], list[Graded]]:
    """(pairs, candidate answers the baseline never gave) — see the module docstring.

    Ties on time go to the higher interaction id, so the result never depends on the
    order rows come in.
    """
    latest: dict[tuple[int, str], Graded] = {}
    for row in baseline:
        key = (row.bot_id, row.query_key)
        kept = latest.get(key)
        if kept is None or (row.occurred_at, row.interaction_id) > (
            kept.occurred_at,
            kept.interaction_id,
        ):
            latest[key] = row
    pairs, unpaired = [], []
    for candidate in sorted(candidates, key=lambda row: row.interaction_id):
        match = latest.get((candidate.bot_id, candidate.query_key)) if candidate.query_key else None
        if match is None:
            unpaired.append(candidate)
        else:
            pairs.append(Pair(baseline=match, candidate=candidate))
    return pairs, unpaired


# --- what the comparison reports ----------------------------------------------------------


@dataclass(frozen=True)
class MetricComparison:
    metric: str
    threshold: float
    baseline: Estimate
    candidate: Estimate
    difference: Estimate  # candidate − baseline, paired

    def as_dict(self) -> dict:
        return {
            "threshold": self.threshold,
            "baseline": self.baseline.as_dict(),
            "candidate": self.candidate.as_dict(),
            "difference": self.difference.as_dict(),
        }


def metrics_compare(
    *,
    pairs: Sequence[Pair],
    thresholds: dict[str, float],
    seed: int = SEED,
    resamples: int = RESAMPLES,
) -> list[MetricComparison]:
    out = []
    for index, metric in enumerate(METRICS):
        both = [
            (p.baseline.metrics[index], p.candidate.metrics[index])
            for p in pairs
            if p.baseline.metrics[index] is not None and p.candidate.metrics[index] is not None
        ]
        baseline, candidate, difference = paired_estimates(
            baseline=[b for b, _ in both],
            candidate=[c for _, c in both],
            seed=(seed, index),
            resamples=resamples,
        )
        out.append(MetricComparison(metric, thresholds[metric], baseline, candidate, difference))
    return out


@dataclass
class VerdictChanges:
    worse: list[Pair] = field(default_factory=list)  # sufficient → insufficient
    better: list[Pair] = field(default_factory=list)  # insufficient → sufficient
    still_sufficient: int = 0
    still_insufficient: int = 0

    def as_dict(self) -> dict:
        return {
            "sufficient_to_insufficient": len(self.worse),
            "insufficient_to_sufficient": len(self.better),
            "still_sufficient": self.still_sufficient,
            "still_insufficient": self.still_insufficient,
        }


def verdict_changes(pairs: Iterable[Pair]) -> VerdictChanges:
    changes = VerdictChanges()
    for pair in pairs:
        before, after = pair.baseline.sufficient, pair.candidate.sufficient
        if before and not after:
            changes.worse.append(pair)
        elif after and not before:
            changes.better.append(pair)
        elif after:
            changes.still_sufficient += 1
        else:
            changes.still_insufficient += 1
    return changes


@dataclass(frozen=True)
class Regression:
    """A pair whose candidate answer fell below the baseline's on some metric."""

    pair: Pair
    metric: str  # the metric that fell most
    drop: float  # how far it fell
    total: float  # the falls of every metric, summed
    query: str = ""

    def as_dict(self) -> dict:
        return {
            "candidate_interaction": self.pair.candidate.interaction_id,
            "baseline_interaction": self.pair.baseline.interaction_id,
            "query": self.query,
            "metric": self.metric,
            "drop": round(self.drop, 6),
            "total_drop": round(self.total, 6),
        }


def regressions_rank(pairs: Iterable[Pair], *, limit: int = KEEP) -> list[Regression]:
    """The pairs that regressed most: largest single-metric drop first, then the total."""
    found = []
    for pair in pairs:
        drops = pair.drops()
        if drops:
            metric = max(drops, key=lambda name: (drops[name], -METRICS.index(name)))
            found.append(Regression(pair, metric, drops[metric], sum(drops.values())))
    found.sort(key=lambda r: (-r.drop, -r.total, r.pair.candidate.interaction_id))
    return found[:limit]


@dataclass(frozen=True)
class ArticleShift:
    """How often the paired answers retrieved an article, under each pipeline."""

    article_key: str
    title: str
    baseline: int
    candidate: int

    @property
    def change(self) -> int:
        return self.candidate - self.baseline

    def as_dict(self) -> dict:
        return {
            "article_key": self.article_key,
            "title": self.title,
            "baseline": self.baseline,
            "candidate": self.candidate,
            "change": self.change,
        }


def article_shifts(pairs: Sequence[Pair]) -> list[ArticleShift]:
    """Retrievals per article on the paired answers (a baseline answer paired with two
    candidates counts twice, as each pair compares it once); biggest change first."""
    answers = {a.interaction_id: a.occurred_at for p in pairs for a in (p.baseline, p.candidate)}
    sources, titles = _sources_of(sorted(answers), answers)
    counts = {"baseline": Counter(), "candidate": Counter()}
    for pair in pairs:
        counts["baseline"].update(sources.get(pair.baseline.interaction_id, []))
        counts["candidate"].update(sources.get(pair.candidate.interaction_id, []))
    keys = set(counts["baseline"]) | set(counts["candidate"])
    shifts = [
        ArticleShift(key, titles.get(key, ""), counts["baseline"][key], counts["candidate"][key])
        for key in keys
    ]
    return sorted(shifts, key=lambda s: (-abs(s.change), s.article_key))


def _sources_of(ids: list[int], times: dict) -> tuple[dict[int, list[str]], dict[str, str]]:
    """The sources of ``ids``, bounded by their interactions' first and last timestamps
    in each chunk (``times``; the sources carry them as ``occurred_at``): on the
    partitioned layout only those months are read."""
    sources: dict[int, list[str]] = {}
    titles: dict[str, str] = {}
    for start in range(0, len(ids), ID_CHUNK):
        chunk = ids[start : start + ID_CHUNK]
        stamps = [times[i] for i in chunk]
        rows = RetrievedSource.objects.filter(
            interaction_id__in=chunk, occurred_at__gte=min(stamps), occurred_at__lte=max(stamps)
        ).values_list("interaction_id", "article_key", "title")
        for interaction_id, key, title in rows:
            sources.setdefault(interaction_id, []).append(key)
            if title and key not in titles:
                titles[key] = title
    return sources, titles


@dataclass
class RunComparison:
    run: EvaluationRun
    baseline: Baseline
    bots: list[Bot]
    thresholds: dict[str, float]
    metrics: list[MetricComparison]
    pairs: list[Pair]
    unpaired: int  # judged candidate answers with no baseline answer to their question
    statuses: dict[str, int]  # the run's interactions by grading status
    rule_graded: int  # the run's answers graded by rule, left out
    verdicts: VerdictChanges
    regressions: list[Regression]
    articles: list[ArticleShift]
    judges: dict[str, dict[str, int]]
    # The question of each candidate answer shown (regressions, verdict changes).
    queries: dict[int, str] = field(default_factory=dict)
    seed: int = SEED
    resamples: int = RESAMPLES

    @property
    def n_pairs(self) -> int:
        return len(self.pairs)

    @property
    def n_interactions(self) -> int:
        return sum(self.statuses.values())

    @property
    def n_ungraded(self) -> int:
        return self.n_interactions - self.statuses.get(Interaction.Status.GRADED, 0)

    @property
    def gained(self) -> list[ArticleShift]:
        return [s for s in self.articles if s.change > 0][:KEEP]

    @property
    def lost(self) -> list[ArticleShift]:
        return [s for s in self.articles if s.change < 0][:KEEP]

    def metric(self, name: str) -> MetricComparison:
        return next(m for m in self.metrics if m.metric == name)

    def values(self, metric: str) -> tuple[list[float], list[float]]:
        """(baseline, candidate) values of ``metric`` on the pairs where both have it."""
        index = METRICS.index(metric)
        both = [
            (p.baseline.metrics[index], p.candidate.metrics[index])
            for p in self.pairs
            if p.baseline.metrics[index] is not None and p.candidate.metrics[index] is not None
        ]
        return [b for b, _ in both], [c for _, c in both]

    def as_dict(self) -> dict:
        return {
            "run": self.run.name,
            "baseline": self.baseline.as_dict(),
            "bots": [bot.slug for bot in self.bots],
            "pairing": PAIRING_RULE,
            "bootstrap": {
                "method": "percentile",
                "resamples": self.resamples,
                "confidence": CONFIDENCE,
                "seed": self.seed,
            },
            "counts": {
                "interactions": self.n_interactions,
                "by_status": dict(sorted(self.statuses.items())),
                "graded_by_rule": self.rule_graded,
                "pairs": self.n_pairs,
                "unpaired": self.unpaired,
            },
            "metrics": {m.metric: m.as_dict() for m in self.metrics},
            "verdict_changes": self.verdicts.as_dict(),
            "regressions": [r.as_dict() for r in self.regressions],
            "articles": {
                "gained": [s.as_dict() for s in self.gained],
                "lost": [s.as_dict() for s in self.lost],
            },
            "judges": self.judges,
        }


def run_bots(run: EvaluationRun, bot_ids: Sequence[int] | None = None) -> list[Bot]:
    """The bots a run answered for (those of ``bot_ids`` only, when given)."""
    bots = Bot.objects.filter(pk__in=Interaction.objects.filter(run=run).values("bot_id"))
    if bot_ids is not None:
        bots = bots.filter(pk__in=bot_ids)
    return list(bots.order_by("slug"))


def strictest_thresholds(bots: Sequence[Bot]) -> dict[str, float]:
    """Per metric, the highest threshold of ``bots``: a run over several bots must clear
    each bot's bar (the defaults, 0.8, without bots)."""
    return {metric: max((bot.threshold(metric) for bot in bots), default=0.8) for metric in METRICS}


def run_comparison(
    *,
    run: EvaluationRun,
    baseline: Baseline,
    bot_ids: Sequence[int] | None = None,
    seed: int = SEED,
    resamples: int = RESAMPLES,
) -> RunComparison:
    """Compare ``run`` with ``baseline`` on the questions both answered (what is graded)."""
    bots = run_bots(run, bot_ids)
    ids = [bot.pk for bot in bots]
    interactions = Interaction.objects.filter(run=run, bot_id__in=ids)
    span = interactions.aggregate(first=Min("timestamp"), last=Max("timestamp"))
    answers = Evaluation.objects.filter(interaction__in=interactions)
    if span["first"] is not None:  # the run's months: the partitions the rest reads
        interactions = interactions.filter(
            timestamp__gte=span["first"], timestamp__lte=span["last"]
        )
        answers = Evaluation.objects.filter(
            interaction__in=interactions,
            occurred_at__gte=span["first"],
            occurred_at__lte=span["last"],
            interaction__timestamp__gte=span["first"],
            interaction__timestamp__lte=span["last"],
        )
    candidates = graded_answers(answers)
    keys = interactions.exclude(query_key="").values("query_key")
    pairs, unpaired = pairs_match(
        candidates=candidates,
        baseline=graded_answers(baseline.evaluations(ids).filter(interaction__query_key__in=keys)),
    )
    thresholds = strictest_thresholds(bots)
    statuses = {
        row["status"]: row["n"]
        for row in interactions.order_by().values("status").annotate(n=Count("id"))
    }
    rule_graded = Evaluation.objects.filter(
        interaction__in=interactions, judge__in=NOT_JUDGED
    ).count()
    verdicts = verdict_changes(pairs)
    regressions = regressions_rank(pairs)
    shown = [r.pair for r in regressions] + verdicts.worse[:KEEP] + verdicts.better[:KEEP]
    queries = dict(
        Interaction.objects.filter(
            pk__in={pair.candidate.interaction_id for pair in shown},
            timestamp__in={pair.candidate.occurred_at for pair in shown},
        ).values_list("pk", "query")
    )
    return RunComparison(
        run=run,
        baseline=baseline,
        bots=bots,
        thresholds=thresholds,
        metrics=metrics_compare(pairs=pairs, thresholds=thresholds, seed=seed, resamples=resamples),
        pairs=pairs,
        unpaired=len(unpaired),
        statuses=statuses,
        rule_graded=rule_graded,
        verdicts=verdicts,
        regressions=[
            Regression(r.pair, r.metric, r.drop, r.total, queries[r.pair.candidate.interaction_id])
            for r in regressions
        ],
        queries=queries,
        articles=article_shifts(pairs),
        judges={
            "baseline": dict(Counter(p.baseline.judge for p in pairs)),
            "candidate": dict(Counter(row.judge for row in candidates)),
        },
        seed=seed,
        resamples=resamples,
    )


# --- two independent sets of evaluations --------------------------------------------------


@dataclass(frozen=True)
class MetricShift:
    """One metric before and after a change, on two unrelated sets of answers."""

    metric: str
    before: Estimate
    after: Estimate
    difference: Estimate  # after − before

    def as_dict(self) -> dict:
        return {
            "before": self.before.as_dict(),
            "after": self.after.as_dict(),
            "difference": self.difference.as_dict(),
        }


MetricRow = Sequence[float | None]  # one answer's metrics, in METRICS order


def samples_compare(
    *,
    before: Sequence[MetricRow],
    after: Sequence[MetricRow],
    seed: int = SEED,
    resamples: int = RESAMPLES,
) -> list[MetricShift]:
    """Per metric, both means with intervals and the unpaired difference with its own."""
    out = []
    for index, metric in enumerate(METRICS):
        first, second, difference = unpaired_estimates(
            before=[row[index] for row in before],
            after=[row[index] for row in after],
            seed=(seed, index),
            resamples=resamples,
        )
        out.append(MetricShift(metric, first, second, difference))
    return out


def evaluations_compare(
    *,
    before: QuerySet[Evaluation] | Iterable[Evaluation],
    after: QuerySet[Evaluation] | Iterable[Evaluation],
    seed: int = SEED,
    resamples: int = RESAMPLES,
) -> list[MetricShift]:
    """:func:`samples_compare` on two sets of evaluations (querysets or lists)."""
    return samples_compare(
        before=_metric_rows(before), after=_metric_rows(after), seed=seed, resamples=resamples
    )


def _metric_rows(evaluations) -> list[MetricRow]:
    if isinstance(evaluations, QuerySet):
        return list(evaluations.values_list(*METRICS))
    return [tuple(getattr(e, metric) for metric in METRICS) for e in evaluations]
