"""How the demo chatbot answers: question intents, answer behaviours and planted classes.

An :class:`Intent` is one thing customers ask, in several phrasings that all ask the same
sub-questions, with the chunks an ideal retriever would return. Each intent has weighted
:class:`Answer` behaviours; every behaviour belongs to one *planted class* (``sufficient``,
``partial``, ``condition_misapplied``...), which is what ``planted.json`` lists ids for.

Because every phrasing of an intent asks the same thing, every answer text fits every
query, so the log can mix them freely. Templates take ``{item}`` (in a query as the
customer says it, "my laptop"; in an answer as the bot says it, "your laptop"), ``{noun}``
("laptop") and ``{order}`` (an order number). Intents marked ``paired`` are the exception: their
queries and answers only fit index by index (off-topic questions, product advice).

The expected metric values attached here (source precision from the sources' ``answers``
flags, coverage, groundedness) are what a careful judge should find; the tests use them to
check that the article-level story holds, e.g. that *Returns policy* falls below 0.8 on
source precision, groundedness and source query coverage in the holiday peak.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from demo.data import IntentTexts

TEXTS = IntentTexts("scenarios")

Era = Literal["any", "before", "after"]
Retrieval = Literal["normal", "none_or_low"]


@dataclass(frozen=True)
class Ref:
    """A retrieved chunk: the chunk of ``article_id`` that contains ``anchor``.

    ``answers`` says whether the chunk addresses the question at all (source precision).
    """

    article_id: str
    anchor: str
    answers: bool = True

    def off(self) -> Ref:
        """The same chunk, retrieved for a question it doesn't address."""
        return replace(self, answers=False)


@dataclass(frozen=True)
class Answer:
    plant: str
    weight: float
    texts: tuple[str, ...]
    era: Era = "any"
    # None: the intent's sources. An empty tuple means nothing was retrieved.
    sources: tuple[Ref, ...] | None = None
    retrieval: Retrieval = "normal"
    groundedness: float | None = 1.0
    # Expected source query coverage; None: the intent's covered / parts.
    coverage: float | None = None
    # The failure comes from what production retrieval returned; a better retriever
    # (the embed-v2 replay) doesn't reproduce it.
    retrieval_fault: bool = False


@dataclass(frozen=True)
class Intent:
    key: str
    bot: str
    group: str
    weight: float
    queries: tuple[str, ...]
    sources: tuple[Ref, ...]
    answers: tuple[Answer, ...]
    parts: int = 1
    covered: int = 1
    # (season, factor) pairs: how much more often this is asked in that season.
    boosts: tuple[tuple[str, float], ...] = ()
    # The article whose new version switches answers from era "before" to "after".
    rewrite: str | None = None
    paired: bool = False
    replayable: bool = True
    # The key of an intent (of weight 0) asked right after this one in the same conversation,
    # whose subject is only in this question ("and what about express?").
    follow_up: str | None = None

    def boost(self, season: str) -> float:
        for name, factor in self.boosts:
            if name == season:
                return factor
        return 1.0


@dataclass(frozen=True)
class Expected:
    """What the grader should conclude for a planted class (SPEC §3, §7)."""

    verdict: str  # sufficient | insufficient | skipped | varies
    cause: str | None
    low_metrics: tuple[str, ...] = ()
    note: str = ""
    # Classes laid over interactions of another class (feedback, ids), not answer styles.
    overlay: bool = False

    def as_json(self) -> dict:
        return {
            "verdict": self.verdict,
            "cause": self.cause,
            "low_metrics": list(self.low_metrics),
            "note": self.note,
            "overlay": self.overlay,
        }


G, SQC, SP, SD, RP, RQC = (
    "groundedness",
    "source_query_coverage",
    "source_precision",
    "self_distinctness",
    "response_precision",
    "response_query_coverage",
)

CLASSES: dict[str, Expected] = {
    "sufficient": Expected("sufficient", None, note="grounded, covers every part"),
    "partial": Expected(
        "insufficient", "partial", (RQC,), "answers one part, says the other is unknown"
    ),
    "condition_misapplied": Expected(
        "insufficient",
        "contradictory",
        (G,),
        "45 days given to an ordinary return; the source keeps 45 days for wrong items",
    ),
    "contradictory": Expected(
        "insufficient", "contradictory", (), "two values for one fact, or a conflict with a source"
    ),
    "redirect_only": Expected("insufficient", "no_content", (), "only 'contact our team'"),
    "over_refusal": Expected(
        "insufficient", "no_content", (), "declines although the sources cover the question"
    ),
    "kb_gap_admission": Expected(
        "insufficient", "no_content", (SP, SQC), "admits the knowledge base lacks it"
    ),
    "invented_answer": Expected(
        "insufficient",
        None,
        (G, SP, SQC),
        "fabricated fact; caught through groundedness, the rubric cause may vary",
    ),
    "grounded_negative": Expected("sufficient", None, note="a 'no' the source states"),
    "offtopic_clean_decline": Expected("sufficient", None, note="polite decline with a pointer"),
    "offtopic_bad": Expected("insufficient", "out_of_scope", (G,), "off-topic answered at length"),
    "repetitive": Expected(
        "insufficient",
        "partial",
        (SD, SQC),
        "near-duplicate sources crowd out the second sub-question; the answer repeats itself",
    ),
    "unasked_facts": Expected("sufficient", None, (RP,), "padded with facts nobody asked for"),
    "irrelevant_sources": Expected(
        "sufficient", None, (SP,), "newsletter article retrieved for a returns question"
    ),
    "small_talk": Expected("skipped", None, note="greetings and thanks are not graded"),
    "bot_initiated": Expected(
        "sufficient", None, note="no user question: sufficient by definition"
    ),
    "nothing_retrieved": Expected(
        "varies",
        None,
        (G, SQC),
        "no source above 0.5, answered from general knowledge (should have declined)",
    ),
    "ambiguous": Expected(
        "varies", None, (), "several valid answers; reason for not knowing: ambiguous question"
    ),
    "bad_quote": Expected(
        "insufficient", None, (G,), "quotes a passage that is not in the sources"
    ),
    "stub_article": Expected(
        "sufficient", None, note="source article missing from articles.jsonl (importer stub)"
    ),
    "xss_probe": Expected("varies", None, note="markup in the query; the UI must escape it"),
    "paraphrase_supported": Expected(
        "sufficient",
        None,
        note="the source in other words: synonyms, numbers and currencies spelt out",
    ),
    "non_claims": Expected(
        "sufficient", None, note="a correct answer wrapped in pleasantries, which are not facts"
    ),
    "condition_out_of_scope": Expected(
        "insufficient",
        "contradictory",
        (G,),
        "a value the source ties to a membership, region, product category or cause, "
        "given outside it",
    ),
    "exception_ignored": Expected(
        "insufficient",
        "contradictory",
        (G,),
        "the general rule although the question says the source's exception applies",
    ),
    "built_from_source": Expected(
        "insufficient",
        "contradictory",
        (G,),
        "values swapped between two items of one source",
    ),
    "repetition_paraphrased": Expected(
        "sufficient", None, (SD,), "one fact restated several times in other words"
    ),
    "follow_up_wrong_item": Expected(
        "insufficient",
        "contradictory",
        (G,),
        "the follow-up's subject is only in the earlier turn; answered with that turn's value",
    ),
    "follow_up_right_item": Expected(
        "sufficient",
        None,
        note="the follow-up answered for the item it asks about, named only in the earlier turn",
    ),
    "thumbs_down_on_good": Expected(
        "insufficient", "user_feedback", overlay=True, note="good answer, thumbs-down in the log"
    ),
    "late_thumbs_down": Expected(
        "insufficient",
        "user_feedback",
        overlay=True,
        note="thumbs-down arrives in feedback.jsonl for an answer that looks sufficient",
    ),
    "late_thumbs_up": Expected("varies", None, overlay=True, note="thumbs-up in feedback.jsonl"),
}

# Plants whose answers a grader should pass; feedback overlays are drawn from these.
GOOD_PLANTS: tuple[str, ...] = tuple(
    name for name, expected in CLASSES.items() if expected.verdict == "sufficient"
)

# (down, up) probabilities for inline feedback. Most people never rate; the ones who do
# punish empty and repetitive answers, and rarely notice a misapplied condition that
# happens to be generous.
FEEDBACK_RATES: dict[str, tuple[float, float]] = {
    "sufficient": (0.015, 0.07),
    "partial": (0.16, 0.01),
    "condition_misapplied": (0.04, 0.05),
    "contradictory": (0.14, 0.01),
    "redirect_only": (0.26, 0.0),
    "over_refusal": (0.24, 0.0),
    "kb_gap_admission": (0.22, 0.0),
    "invented_answer": (0.05, 0.04),
    "grounded_negative": (0.09, 0.02),
    "offtopic_clean_decline": (0.05, 0.02),
    "offtopic_bad": (0.04, 0.03),
    "repetitive": (0.22, 0.01),
    "unasked_facts": (0.07, 0.03),
    "irrelevant_sources": (0.02, 0.06),
    "small_talk": (0.0, 0.01),
    "bot_initiated": (0.0, 0.0),
    "nothing_retrieved": (0.05, 0.04),
    "ambiguous": (0.11, 0.02),
    "bad_quote": (0.06, 0.02),
    "stub_article": (0.02, 0.06),
    "xss_probe": (0.0, 0.0),
    "paraphrase_supported": (0.015, 0.07),
    "non_claims": (0.015, 0.07),
    "condition_out_of_scope": (0.05, 0.04),
    "exception_ignored": (0.12, 0.01),
    "built_from_source": (0.1, 0.02),
    "repetition_paraphrased": (0.05, 0.03),
    "follow_up_wrong_item": (0.14, 0.01),
    "follow_up_right_item": (0.015, 0.07),
}

# Answers that "contact the team" without a single fact; shared by many intents.
REDIRECTS: tuple[str, ...] = TEXTS.named("REDIRECTS")

# Products customers ask about, with the determiner they use ("my laptop", "a blender").
ITEMS: tuple[tuple[str, str], ...] = TEXTS.named("ITEMS")


def ref(article_id: str, anchor: str) -> Ref:
    return Ref(article_id=article_id, anchor=anchor)


# Declines where the retrieved sources did hold the answer (SPEC §7, over-refusal).
REFUSALS: tuple[str, ...] = TEXTS.named("REFUSALS")


def refusal(weight: float) -> Answer:
    return Answer("over_refusal", weight, REFUSALS, groundedness=None)


def simple_intent(
    key: str,
    group: str,
    weight: float,
    queries: tuple[str, ...],
    sources: tuple[Ref, ...],
    texts: tuple[str, ...],
    *,
    plant: str = "sufficient",
    extra: tuple[Answer, ...] = (),
    boosts: tuple[tuple[str, float], ...] = (),
    redirects: float = 10,
    bot: str = "store-help",
) -> Intent:
    """An intent the bot mostly answers well, with a few optional failure behaviours."""
    return Intent(
        key=key,
        bot=bot,
        group=group,
        weight=weight,
        queries=queries,
        sources=sources,
        answers=(Answer(plant, 90, texts), *extra, redirect(redirects)),
        boosts=boosts,
    )


def unretrieved(weight: float, texts: tuple[str, ...]) -> Answer:
    """An in-domain question the production retriever found nothing for (a retrieval fault):
    the bot answered from general knowledge instead of declining."""
    return Answer(
        "nothing_retrieved",
        weight,
        texts,
        retrieval="none_or_low",
        groundedness=0.0,
        coverage=0.0,
        retrieval_fault=True,
    )


def redirect(weight: float, era: Era = "any") -> Answer:
    return Answer("redirect_only", weight, REDIRECTS, era=era, groundedness=None)
