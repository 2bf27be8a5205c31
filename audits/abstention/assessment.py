"""Saying "I don't know" (SPEC §7): per interaction, whether the bot declined, why it
could not know, and whether a quotation in its answer is really in the sources."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from audits.judges.base import JudgeInput, JudgeResult, SourceText
from kbaudit.text.dialogue import is_decline
from kbaudit.text.quotes import quotes_not_in_sources

NOT_KNOWING_REASONS: tuple[str, ...] = (
    "nothing_retrieved",
    "not_in_retrieved",
    "ambiguous",
    "out_of_domain",
)

# What to do about each reason for not knowing (the abstention post's table).
REASON_HANDLING = {
    "nothing_retrieved": ("Nothing retrieved above the relevance threshold",
                          "Do not call the model: offer the contact route."),
    "not_in_retrieved": ("Retrieved, but the answer is not in it",
                         "Answer with what is there and name the gap."),
    "ambiguous": ("The question has several valid answers", "Ask which case applies."),
    "out_of_domain": ("The question is outside the domain", "Route to a person immediately."),
}  # fmt: skip


@dataclass(frozen=True)
class AbstentionFacts:
    declined: bool
    not_knowing_reason: str
    bad_quotes: list[str]


def abstention_facts(
    *, item: JudgeInput, result: JudgeResult | None, relevance_threshold: float
) -> AbstentionFacts:
    reason = (
        not_knowing_reason(item, result, relevance_threshold) or "" if result is not None else ""
    )
    return AbstentionFacts(
        declined=is_decline(item.response),
        not_knowing_reason=reason,
        bad_quotes=quotes_not_in_sources(item.response, item.sources),
    )


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
