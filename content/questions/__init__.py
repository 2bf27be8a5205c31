"""Questions grouped by meaning (SPEC §5 topics): sentence embeddings and agglomerative
clustering, each group named by its most central phrasing."""

from __future__ import annotations

from .grouping import QuestionGroup, group_by_meaning, normalise

__all__ = ["QuestionGroup", "group_by_meaning", "normalise"]
