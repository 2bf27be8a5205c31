"""The judge interface: what every judge receives and what it must return.

A judge grades one triplet (query, ranked sources, response) as SPEC §3 defines it:
atomic decomposition, the match matrices behind the six metrics, a rubric verdict with
cause and rationale, and a topic label. The metrics are never produced by a judge
directly: they are derived from the matrices by :func:`metrics_from_matches`, so every
judge computes them the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from pydantic import BaseModel, Field

Verdict = Literal["sufficient", "insufficient"]
RUBRIC_CAUSES: tuple[str, ...] = ("contradictory", "partial", "no_content", "out_of_scope")
# Causes that a judge never returns but the sweep records (SPEC §4).
SWEEP_CAUSES: tuple[str, ...] = ("user_feedback",)
ALL_CAUSES: tuple[str, ...] = RUBRIC_CAUSES + SWEEP_CAUSES
UNSUPPORTED_REASONS: tuple[str, ...] = (
    "not_in_sources",
    "contradicts_source",
    "condition_misapplied",
)
METRICS: tuple[str, ...] = (
    "source_precision",
    "source_query_coverage",
    "response_precision",
    "response_query_coverage",
    "groundedness",
    "self_distinctness",
)
METRIC_LABELS: dict[str, tuple[str, str]] = {
    # name -> (column header, question it answers)
    "source_precision": ("SP", "Were the retrieved sources needed?"),
    "source_query_coverage": ("SQC", "Could the sources answer every part of the question?"),
    "response_precision": ("RP", "Did the answer stick to what was asked?"),
    "response_query_coverage": ("RQC", "Did the answer answer every part of the question?"),
    "groundedness": ("G", "Is every fact in the answer supported by the sources?"),
    "self_distinctness": ("SD", "Does the answer avoid repeating itself?"),
}


@dataclass(frozen=True)
class SourceText:
    """One retrieved source as the judge sees it (rank is 1-based)."""

    rank: int
    text: str
    title: str = ""
    article_key: str = ""
    score: float | None = None


@dataclass(frozen=True)
class Turn:
    """An earlier turn of the same conversation, oldest first, as context for a follow-up."""

    query: str
    response: str


@dataclass(frozen=True)
class JudgeInput:
    query: str
    sources: Sequence[SourceText]
    response: str
    bot_domain: str = ""
    # The conversation's earlier turns (bounded), so "and for checked bags?" has a subject.
    history: Sequence[Turn] = ()


class UnsupportedFact(BaseModel):
    fact: int = Field(description="0-based index into facts")
    reason: Literal["not_in_sources", "contradicts_source", "condition_misapplied"]
    # The passage the fact misread or contradicts, when there is one.
    passage: str = ""
    source_rank: int | None = None


class Matches(BaseModel):
    """The match matrices M(X, Y) ∈ {0, 1} behind the metrics.

    - ``source_query[i][j]``: source i (rank order) addresses sub-query j;
    - ``response_query[i][j]``: fact i addresses sub-query j;
    - ``response_source[i][j]``: fact i is supported by source j (a fact that misapplies a
      condition or contradicts the source is 0, even when its words appear there);
    - ``redundant_of[i]``: index of an earlier fact that fact i restates, else None.
    """

    source_query: list[list[int]] = Field(default_factory=list)
    response_query: list[list[int]] = Field(default_factory=list)
    response_source: list[list[int]] = Field(default_factory=list)
    redundant_of: list[int | None] = Field(default_factory=list)


class JudgeResult(BaseModel):
    sub_queries: list[str]
    facts: list[str]
    matches: Matches
    verdict: Verdict
    cause: str | None = None
    rationale: str = ""
    topic: str = ""
    unsupported: list[UnsupportedFact] = Field(default_factory=list)
    # Bookkeeping filled in by the judge implementation.
    judge: str = ""
    model: str = ""
    prompt_version: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: int = 0
    cached: bool = False
    # Judge-specific extras (e.g. the offline judge's notes); shown, never relied on.
    notes: dict = Field(default_factory=dict)

    def metrics(self) -> dict[str, float | None]:
        return metrics_from_matches(
            self.matches,
            n_sources=None,
            n_sub_queries=len(self.sub_queries),
            n_facts=len(self.facts),
        )


def _share(flags: Sequence[bool]) -> float | None:
    if not flags:
        return None
    return sum(1 for flag in flags if flag) / len(flags)


def metrics_from_matches(
    matches: Matches, *, n_sources: int | None, n_sub_queries: int, n_facts: int
) -> dict[str, float | None]:
    """The six SPEC §3 metrics from the match matrices; None when a denominator is empty."""
    k = n_sources if n_sources is not None else len(matches.source_query)
    source_rows = [
        matches.source_query[i] if i < len(matches.source_query) else [] for i in range(k)
    ]
    fact_query = [
        matches.response_query[i] if i < len(matches.response_query) else [] for i in range(n_facts)
    ]
    fact_source = [
        matches.response_source[i] if i < len(matches.response_source) else []
        for i in range(n_facts)
    ]
    redundant = [
        matches.redundant_of[i] if i < len(matches.redundant_of) else None for i in range(n_facts)
    ]
    return {
        "source_precision": _share([any(row) for row in source_rows]),
        "source_query_coverage": _share(
            [any(len(row) > j and row[j] for row in source_rows) for j in range(n_sub_queries)]
        ),
        "response_precision": _share([any(row) for row in fact_query]),
        "response_query_coverage": _share(
            [any(len(row) > j and row[j] for row in fact_query) for j in range(n_sub_queries)]
        ),
        "groundedness": _share([any(row) for row in fact_source]),
        "self_distinctness": (
            None if n_facts == 0 else 1 - sum(1 for r in redundant if r is not None) / n_facts
        ),
    }


class JudgeError(Exception):
    """A judge call failed or its output could not be used; the interaction stays ungraded.

    ``kind`` names the way it failed (``cut_off``, ``unparseable``, ``http_400``,
    ``timeout``…), so the sweep can tell an endpoint that keeps failing the same way;
    the tokens are what the failed call still cost, counted against the bot's budget.
    """

    def __init__(
        self,
        message: str = "",
        *,
        kind: str = "error",
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class Judge(Protocol):
    name: str
    model: str
    prompt_version: str

    def judge(self, item: JudgeInput) -> JudgeResult: ...


@dataclass
class KnowledgeBaseProfile:
    """What a judge may know about the knowledge base behind a bot.

    Built once per bot from its articles; the offline judge uses it for off-topic
    detection and for topic labels taken from the KB's own vocabulary.
    """

    domain: str = ""
    # Article titles, used as candidate topic labels.
    titles: list[str] = field(default_factory=list)
    # Document frequency of content words across the KB's articles.
    document_frequency: dict[str, int] = field(default_factory=dict)
    n_documents: int = 0
