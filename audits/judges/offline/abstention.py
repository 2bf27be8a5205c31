"""Saying "I don't know" (SPEC §7): declines, reasons for not knowing, the quote check."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..base import JudgeInput, JudgeResult, SourceText
from .decompose import split_response
from .text import normalise

NOT_KNOWING_REASONS: tuple[str, ...] = (
    "nothing_retrieved",
    "not_in_retrieved",
    "ambiguous",
    "out_of_domain",
)
_QUOTE_RE = re.compile(
    r'"([^"\n]{3,300}?)"|“([^”\n]{3,300}?)”|‘([^’\n]{3,300}?)’'
    r"|(?<![\w'])'([^'\n]{3,120}?)'(?![\w'])"
)
# Typewriter quotes of pre-tokenised text: ``like this''.
_TEX_QUOTES_RE = re.compile(r"``\s*|\s*''")
_NON_WORD_RE = re.compile(r"[\W_]+", re.UNICODE)


def is_decline(response: str) -> bool:
    """The answer refuses or redirects and gives no information of its own."""
    parts = split_response(response)
    return not parts.facts and bool(parts.kinds() & {"refusal", "redirect"})


def quotes_not_in_sources(response: str, sources: Sequence[SourceText]) -> list[str]:
    """Quoted passages of two words or more that no retrieved text contains.

    Compared after folding case, whitespace and punctuation, so a quote that only
    drops a comma still counts as found.
    """
    haystack = " | ".join(_fold(source.text) for source in sources)
    missing = []
    for match in _QUOTE_RE.finditer(_TEX_QUOTES_RE.sub('"', response or "")):
        quoted = next(group for group in match.groups() if group)
        folded = _fold(quoted)
        if len(folded.split()) >= 2 and f" {folded} " not in f" {haystack} ":
            missing.append(quoted.strip())
    return missing


def _fold(text: str) -> str:
    return _NON_WORD_RE.sub(" ", normalise(text).casefold()).strip()


def not_knowing_reason(
    item: JudgeInput, result: JudgeResult, relevance_threshold: float
) -> str | None:
    """Why the bot could not know the answer, or None when its sources could answer.

    Checked in the order that decides what to do about it: outside the domain (route
    to a person), nothing relevant retrieved (do not generate), a question with
    several valid answers (ask which case), retrieved but the answer is not there
    (name the gap).
    """
    if result.notes.get("off_topic") or result.cause == "out_of_scope":
        return "out_of_domain"
    if _nothing_retrieved(item.sources, relevance_threshold):
        return "nothing_retrieved"
    if result.notes.get("vague"):
        return "ambiguous"
    coverage = result.metrics()["source_query_coverage"]
    if coverage is not None and coverage < 1:
        return "not_in_retrieved"
    return None


def _nothing_retrieved(sources: Sequence[SourceText], threshold: float) -> bool:
    if not sources:
        return True
    scores = [source.score for source in sources]
    # Without scores we cannot say retrieval failed; the sources are taken as retrieved.
    if any(score is None for score in scores):
        return False
    return all(score < threshold for score in scores if score is not None)
