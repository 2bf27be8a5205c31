"""Interplay diagnostics (SPEC §5): pairs and triples of metrics read to a cause and an action.

One metric says *that* something is wrong; the way several move together says *where*.
High source precision with low self-distinctness and low source query coverage, for
instance, means the retriever returns near-duplicate chunks on one part of the question
and crowds out the rest. The rules live as data in ``catalogue.json``; each names a
conclusion, an action and who acts (``retrieval``, ``generation`` — the prompt and the
model — or ``content``), with a severity from 1 (waste, style) to 3 (users get wrong or
no answers).

Rules
    ``id`` (kebab-case, stable: stored in evidence), ``title``, ``scopes`` (any of
    ``interaction``, ``article``, ``bot``), ``when`` (a condition, below),
    ``conclusion``, ``action``, ``owner``, ``severity``.

Conditions
    ``{"all": [c, ...]}``, ``{"any": [c, ...]}``, ``{"not": c}``, and two leaves:

    - a metric band relative to the bot's threshold ``t`` for that metric::

          {"metric": "source_precision", "is": "high"}

      ``high``: value ≥ t; ``below``: value < t; ``medium``: t − margin ≤ value < t;
      ``low``: value < t − margin (``engine.MARGIN``, 0.2). At period scopes the value
      is the period's mean.
    - a comparison of a context value with a constant or another context value::

          {"value": "n_unasked", "op": ">=", "than": 3}
          {"value": "max_score", "op": "<", "than": "@relevance_threshold"}

      ``op`` is one of ``< <= > >= == !=``; ``than`` is a number, a boolean, a string
      (``==``/``!=`` only, e.g. a cause) or ``@name`` for another context value.

    A leaf whose value is missing or None is *unknown*: never true, and its ``not`` is
    not true either (``all`` is true only when every part is true, ``any`` when one
    part is). So a metric the judge could not compute never makes a rule fire.

Contexts
    :func:`interaction_context` (one graded interaction) and :func:`period_context`
    (an article or a bot over a period, from :class:`PeriodTotals`); the names each
    offers are ``contexts.INTERACTION_NAMES`` and ``contexts.PERIOD_NAMES``, and the
    catalogue is checked against them when it loads. Period rules apply only once
    ``graded >= min_sample``.
"""

from __future__ import annotations

from .contexts import PeriodTotals, interaction_context, period_context
from .engine import (
    CatalogueError,
    Diagnosis,
    Rule,
    catalogue,
    catalogue_rule,
    condition_metrics,
    diagnose,
    evaluate,
    load_catalogue,
)

__all__ = [
    "CatalogueError",
    "Diagnosis",
    "PeriodTotals",
    "Rule",
    "catalogue",
    "catalogue_rule",
    "condition_metrics",
    "diagnose",
    "evaluate",
    "interaction_context",
    "load_catalogue",
    "period_context",
]
