"""The offline judge: deterministic, rule-based grading with no model and no network.

It is the default when no LLM endpoint is configured (SPEC §3) and the reference the
LLM judge is calibrated against. The text tools it shares with other features
(tokens, stems, values, conditions, small talk, embeddings) live in :mod:`kbaudit.text`;
the pipeline here runs in small steps, each in its own module: decomposition
(``questions``, ``decompose``, ``claims``, ``context``), reading the sources
(``sources``, ``tables``), matching (``support``, ``values``, ``cases``, ``scopes``,
``answers``, ``semantic``, ``coverage``, ``redundancy``), whose a name, year, word or owner is in
the passage (``roles``, ``events``, ``pairs``, ``rankings``, ``dates``, ``antecedents``,
``modifiers``, ``denials``, ``owners``), the domain (``domain``) and the rubric.
"""

from __future__ import annotations

from kbaudit.text.dialogue import has_question, is_small_talk

from .abstention import NOT_KNOWING_REASONS, is_decline, not_knowing_reason, quotes_not_in_sources
from .domain import profile_from_texts
from .judge import OfflineJudge

__all__ = [
    "NOT_KNOWING_REASONS",
    "OfflineJudge",
    "has_question",
    "is_decline",
    "is_small_talk",
    "not_knowing_reason",
    "profile_from_texts",
    "quotes_not_in_sources",
]
