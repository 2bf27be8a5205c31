"""Comparing a metric with its threshold, with a tolerance for floating-point sums.

Means are sums of shares divided by counts: (4.0 + 5.6) / 12 is 0.7999999999999999, not
0.8, and an article exactly at its threshold is not below it (SPEC §5). Every comparison
with a threshold — flags, diagnostics, shares below, briefs, pages and the gate — goes
through here.
"""

from __future__ import annotations

# Far below any difference a metric can show (a share of a billion answers), far above
# the rounding error of summing a few million of them.
TOLERANCE = 1e-9


def below(value: float | None, threshold: float | None) -> bool:
    """True when ``value`` is below ``threshold`` by more than the rounding error."""
    return value is not None and threshold is not None and value < threshold - TOLERANCE


def at_or_above(value: float | None, threshold: float | None) -> bool:
    """True when ``value`` reaches ``threshold`` (within the rounding error)."""
    return value is not None and threshold is not None and value >= threshold - TOLERANCE


def below_bound(threshold: float) -> float:
    """The bound a database query compares with: ``value < below_bound(t)`` is below()."""
    return threshold - TOLERANCE
