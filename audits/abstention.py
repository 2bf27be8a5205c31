"""Saying "I don't know" (SPEC §7): per interaction, whether the bot declined, why it
could not know, and whether a quotation in its answer is really in the sources."""

from __future__ import annotations

from dataclasses import dataclass

from audits.judges.base import JudgeInput, JudgeResult
from audits.judges.offline import is_decline, not_knowing_reason, quotes_not_in_sources

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
