"""The rubric verdict (SPEC §3): ordered causes, first match wins, one-line rationale.

1. contradictory  2. partial  3. no_content  4. out_of_scope  5. sufficient.
The two false positives that matter most are handled before the causes are tried: a
grounded factual negative is a fact like any other (it never reaches no_content), and
a clean decline of an off-topic question is sufficient.

The verdict never contradicts the metrics (SPEC §3, consistency): :data:`VERDICT_RULES`
says which metric forces which verdict, and the interaction page shows the list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base import UnsupportedFact

# Below this groundedness the sources mostly do not support the answer.
GROUNDEDNESS_FLOOR = 0.5

VERDICT_RULES: tuple[str, ...] = (
    "A fact the sources contradict, or a value they reserve for another case → contradictory.",
    "Two different values for one thing in the answer → contradictory.",
    "A quotation or an answer the sources do not contain → contradictory.",
    "Sub-questions left unanswered while others are answered → partial.",
    "No substantive fact, only a refusal or a redirect (in the bot's domain) → no_content.",
    "An off-topic question answered instead of declined → out_of_scope.",
    f"Groundedness below {GROUNDEDNESS_FLOOR:.2f} with no grounded negative → contradictory.",
    "Facts that answer nothing asked (coverage 0) though a source answers it → no_content.",
    "Otherwise, or a clean decline of an off-topic question → sufficient.",
)


@dataclass
class Findings:
    sub_queries: list[str]
    covered: list[bool]  # per sub-query: some fact addresses it
    facts: list[str]
    unsupported: list[UnsupportedFact]
    conflicts: list[tuple[int, int]]
    # Facts that answer the question with something the sources do not say at all.
    invented: list[int] = field(default_factory=list)
    # Quotations in the answer that no retrieved text contains (SPEC §7).
    false_quotes: list[str] = field(default_factory=list)
    other_kinds: set[str] = field(default_factory=set)
    small_talk: bool = False
    off_topic: bool = False
    vague: bool = False
    groundedness: float | None = None
    # Response query coverage: share of sub-queries some fact answers.
    coverage: float | None = None
    # Source query coverage: share of sub-queries some source addresses.
    source_coverage: float | None = None
    # Some supported fact is a negative ("we do not refund after 30 days").
    grounded_negative: bool = False


@dataclass(frozen=True)
class Decision:
    verdict: str
    cause: str | None
    rationale: str


def decide(findings: Findings) -> Decision:
    for rule in (
        _no_question,
        _clean_decline,
        _contradictory,
        _partial,
        _without_content,
        _out_of_scope,
    ):
        decision = rule(findings)
        if decision is not None:
            return _consistent(decision, findings)
    return _consistent(_sufficient(findings), findings)


def _consistent(decision: Decision, findings: Findings) -> Decision:
    """A sufficient verdict the metrics contradict is not sufficient; only a clean
    decline of an off-topic question stands whatever the metrics say (SPEC §3)."""
    if decision.verdict != "sufficient" or findings.off_topic:
        return decision
    return _against_metrics(findings) or decision


def _no_question(findings: Findings) -> Decision | None:
    if findings.sub_queries and not findings.small_talk:
        return None
    return Decision("sufficient", None, "No customer question to answer in this turn.")


def _clean_decline(findings: Findings) -> Decision | None:
    """An off-topic question declined, perhaps with a pointer elsewhere, is handled well."""
    declined = bool(findings.other_kinds & {"refusal", "redirect"})
    if not (findings.off_topic and declined) or any(findings.covered):
        return None
    return Decision("sufficient", None, "Politely declines a question outside the bot's domain.")


def _contradictory(findings: Findings) -> Decision | None:
    return _against_sources(findings) or _unsupported_claims(findings)


def _against_sources(findings: Findings) -> Decision | None:
    """A value read out of its case, against the sources, or against another fact."""
    by_reason = {u.reason: u for u in reversed(findings.unsupported)}
    if "condition_misapplied" in by_reason:
        first = by_reason["condition_misapplied"]
        return _insufficient(
            "contradictory",
            f"Gives a value the source reserves for a special case: "
            f"{_quote(findings.facts[first.fact])} (source: {_quote(first.passage)}).",
        )
    if "contradicts_source" in by_reason:
        first = by_reason["contradicts_source"]
        return _insufficient(
            "contradictory",
            f"Contradicts the source: {_quote(findings.facts[first.fact])} "
            f"against {_quote(first.passage)}.",
        )
    if findings.conflicts:
        first, second = findings.conflicts[0]
        return _insufficient(
            "contradictory",
            f"Gives two different values for the same thing: {_quote(findings.facts[first])} "
            f"and {_quote(findings.facts[second])}.",
        )
    return None


def _unsupported_claims(findings: Findings) -> Decision | None:
    """A made-up quotation or answer: claims the sources cannot back (fail toward flagging)."""
    if findings.false_quotes:
        return _insufficient(
            "contradictory",
            f"Quotes a passage the sources do not contain: {_quote(findings.false_quotes[0])}.",
        )
    if findings.invented and not findings.off_topic:
        return _insufficient(
            "contradictory",
            f"States what the sources do not support: {_quote(findings.facts[findings.invented[0]])}.",
        )
    return None


def _partial(findings: Findings) -> Decision | None:
    if not findings.facts:
        return None
    missing = [
        text
        for text, covered in zip(findings.sub_queries, findings.covered, strict=True)
        if not covered
    ]
    answered = len(findings.sub_queries) - len(missing)
    # An off-topic question answered at all is out of scope, whichever part was answered.
    if missing and answered and len(findings.sub_queries) > 1 and not findings.off_topic:
        return _insufficient(
            "partial",
            f"Answers {answered} of {len(findings.sub_queries)} parts of the question; "
            f"not answered: {_quote(missing[0])}.",
        )
    if "refusal" in findings.other_kinds and not findings.off_topic:
        return _insufficient(
            "partial", "Gives some information but says it cannot answer part of the question."
        )
    return None


def _without_content(findings: Findings) -> Decision | None:
    if findings.facts:
        return None
    declined = bool(findings.other_kinds & {"refusal", "redirect"})
    if findings.off_topic and declined:
        return Decision(
            "sufficient", None, "Politely declines a question outside the bot's domain."
        )
    if findings.vague and "question" in findings.other_kinds:
        return Decision(
            "sufficient", None, "Asks which case applies to a question too vague to answer."
        )
    if "refusal" in findings.other_kinds:
        return _insufficient(
            "no_content", "Says it has no information on the question; no answer given."
        )
    if "redirect" in findings.other_kinds:
        return _insufficient(
            "no_content", "Only redirects the customer elsewhere; no information given."
        )
    return _insufficient("no_content", "Gives no substantive information in reply to the question.")


def _out_of_scope(findings: Findings) -> Decision | None:
    if not findings.off_topic:
        return None
    return _insufficient(
        "out_of_scope", "Answers a question outside the bot's domain instead of declining it."
    )


def _against_metrics(findings: Findings) -> Decision | None:
    """What the metrics say, whatever the causes above found: an answer the sources
    mostly do not support, or that answers nothing asked, is not sufficient."""
    grounded = findings.groundedness
    if grounded is not None and grounded < GROUNDEDNESS_FLOOR and not findings.grounded_negative:
        return _insufficient(
            "contradictory",
            f"The sources do not support most of the answer (groundedness {grounded:.2f}).",
        )
    # Only where a source answers what was asked: a question none of them matches by
    # our reading (an elliptical "What does that involve?") is not read well enough.
    if findings.facts and findings.coverage == 0 and findings.source_coverage:
        return _insufficient(
            "no_content", "None of the answer's facts answers what was asked (coverage 0.00)."
        )
    return None


def _sufficient(findings: Findings) -> Decision:
    parts = len(findings.sub_queries)
    # "All parts" only where the coverage says so: never beside a coverage below 1.
    if parts > 1 and all(findings.covered):
        return Decision("sufficient", None, f"Answers all {parts} parts of the question.")
    return Decision("sufficient", None, "Answers the question.")


def _insufficient(cause: str, rationale: str) -> Decision:
    return Decision("insufficient", cause, rationale)


def _quote(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split())
    return f'"{flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"}"'
