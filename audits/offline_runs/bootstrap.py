"""Bootstrap confidence intervals for means and differences of means.

Percentile intervals over ``RESAMPLES`` resamples drawn with replacement, from a seeded
generator: the same values always give the same intervals. Each comparison draws from
its own stream (``seed`` may be a tuple such as ``(SEED, metric_index)``), so one
metric's interval does not depend on how many values another metric had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

RESAMPLES = 2000
CONFIDENCE = 0.95
# Any fixed number will do: what matters is that it never changes between two reports.
SEED = 20_260_801
# Cells per block of resamples, so memory stays small whatever the sample size.
BLOCK_CELLS = 2_000_000
# Resample by counts of distinct values when there are at least this many values per
# distinct one.
FEW_DISTINCT = 8

Seed = int | Sequence[int]


@dataclass(frozen=True)
class Estimate:
    """A mean (or a difference of means) with its bootstrap confidence interval.

    ``n`` is the number of values (or pairs) behind it; everything is None when n is 0.
    """

    mean: float | None = None
    low: float | None = None
    high: float | None = None
    n: int = 0

    @property
    def above_zero(self) -> bool:
        """The whole interval lies above zero: an improvement beyond sampling noise."""
        return self.low is not None and self.low > 0

    @property
    def below_zero(self) -> bool:
        return self.high is not None and self.high < 0

    def as_dict(self) -> dict:
        return {
            "mean": _rounded(self.mean),
            "low": _rounded(self.low),
            "high": _rounded(self.high),
            "n": self.n,
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def resampled_means(
    units: np.ndarray, *, rng: np.random.Generator, resamples: int = RESAMPLES
) -> np.ndarray:
    """The column means of ``resamples`` resamples of the rows of ``units`` (n × d).

    Drawing n rows with replacement is the same as drawing, from a multinomial, how many
    times each distinct row is picked. Metrics take few distinct values (shares with
    small denominators), so that costs resamples × distinct rows rather than
    resamples × n, and a month of traffic is resampled in milliseconds. Values that are
    mostly distinct are resampled by index instead, which is cheaper per value.
    """
    n, width = units.shape
    distinct, counts = np.unique(units, axis=0, return_counts=True)
    means = []
    if len(distinct) * FEW_DISTINCT <= n:
        block = max(1, BLOCK_CELLS // len(distinct))
        for start in range(0, resamples, block):
            draws = rng.multinomial(n, counts / n, size=min(block, resamples - start))
            means.append(draws @ distinct / n)
    else:
        block = max(1, BLOCK_CELLS // (n * width))
        for start in range(0, resamples, block):
            rows = rng.integers(0, n, size=(min(block, resamples - start), n))
            means.append(units[rows].mean(axis=1))
    return np.concatenate(means)


def _interval(samples: np.ndarray, confidence: float) -> tuple[float, float]:
    tail = (1 - confidence) / 2
    low, high = np.quantile(samples, [tail, 1 - tail])
    return float(low), float(high)


def _clean(values: Sequence[float | None]) -> np.ndarray:
    return np.array([v for v in values if v is not None], dtype=float)


def mean_estimate(
    *,
    values: Sequence[float | None],
    seed: Seed = SEED,
    resamples: int = RESAMPLES,
    confidence: float = CONFIDENCE,
) -> Estimate:
    """The mean of ``values`` (nulls left out) with its bootstrap interval."""
    clean = _clean(values)
    if not len(clean):
        return Estimate()
    means = resampled_means(clean[:, None], rng=np.random.default_rng(seed), resamples=resamples)
    return Estimate(float(clean.mean()), *_interval(means[:, 0], confidence), len(clean))


def paired_estimates(
    *,
    baseline: Sequence[float],
    candidate: Sequence[float],
    seed: Seed = SEED,
    resamples: int = RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[Estimate, Estimate, Estimate]:
    """(baseline mean, candidate mean, mean of candidate − baseline) over the same pairs.

    Pairs are resampled whole, so the difference's interval keeps what the two sides
    share (the same questions, easy or hard) and is narrower than two separate samples
    would give. The caller drops pairs with a null on either side first.
    """
    if len(baseline) != len(candidate):
        raise ValueError("paired samples must have the same length")
    if not len(baseline):
        return Estimate(), Estimate(), Estimate()
    units = np.column_stack([np.asarray(baseline, float), np.asarray(candidate, float)])
    means = resampled_means(units, rng=np.random.default_rng(seed), resamples=resamples)
    n = len(units)
    point = units.mean(axis=0)
    return (
        Estimate(float(point[0]), *_interval(means[:, 0], confidence), n),
        Estimate(float(point[1]), *_interval(means[:, 1], confidence), n),
        Estimate(float(point[1] - point[0]), *_interval(means[:, 1] - means[:, 0], confidence), n),
    )


def unpaired_estimates(
    *,
    before: Sequence[float | None],
    after: Sequence[float | None],
    seed: Seed = SEED,
    resamples: int = RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[Estimate, Estimate, Estimate]:
    """(before mean, after mean, after − before) for two independent samples.

    Each sample is resampled on its own; the difference's interval comes from the
    differences of the resampled means, and its ``n`` counts the values of both. Nulls
    are left out; the difference is empty unless both samples have values.
    """
    first, second = _clean(before), _clean(after)
    rng = np.random.default_rng(seed)
    draws = [
        resampled_means(sample[:, None], rng=rng, resamples=resamples)[:, 0]
        if len(sample)
        else None
        for sample in (first, second)
    ]
    estimates = [
        Estimate(float(sample.mean()), *_interval(drawn, confidence), len(sample))
        if drawn is not None
        else Estimate()
        for sample, drawn in zip((first, second), draws, strict=True)
    ]
    if draws[0] is None or draws[1] is None:
        return estimates[0], estimates[1], Estimate()
    difference = Estimate(
        float(second.mean() - first.mean()),
        *_interval(draws[1] - draws[0], confidence),
        len(first) + len(second),
    )
    return estimates[0], estimates[1], difference
