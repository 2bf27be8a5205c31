"""Turning intents and answer behaviours into interaction records (SPEC §2).

A :class:`Turn` is one record plus what was planted in it: the class, the intent and the
metric values a careful judge should find. Only :meth:`Turn.payload` is written out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime

from demo import (
    intents_delivery,
    intents_judge,
    intents_misc,
    intents_orders,
    intents_payments,
    intents_products,
    intents_refunds,
    intents_returns,
    intents_seller,
)
from demo.articles import article_ids, chunks
from demo.kb import KnowledgeBase
from demo.scenarios import FEEDBACK_RATES, ITEMS, Answer, Intent, Ref

ALL_INTENTS: tuple[Intent, ...] = tuple(
    intent
    for module in (
        intents_returns,
        intents_refunds,
        intents_delivery,
        intents_orders,
        intents_payments,
        intents_products,
        intents_misc,
        intents_seller,
        intents_judge,
    )
    for intent in module.INTENTS
)
INTENT_BY_KEY: dict[str, Intent] = {intent.key: intent for intent in ALL_INTENTS}
MAX_SOURCES = 4
# Plants on which a stray, low-ranked chunk may ride along, as it does in real retrieval.
DISTRACTOR_PLANTS = ("sufficient", "grounded_negative", "partial")
DISTRACTOR_RATE = 0.14


def timestamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Turn:
    """One interaction record and what was planted in it."""

    timestamp: datetime
    bot: str
    query: str
    response: str
    sources: list[dict]
    plant: str
    intent: str = ""
    feedback: str | None = None
    metadata: dict = field(default_factory=dict)
    slots: Slots | None = None
    query_index: int = -1
    source_precision: float | None = None
    source_query_coverage: float | None = None
    groundedness: float | None = None
    id: str = ""
    conversation_id: str = ""

    def payload(self) -> dict:
        return {
            "id": self.id,
            "bot": self.bot,
            "conversation_id": self.conversation_id,
            "timestamp": timestamp(self.timestamp),
            "query": self.query,
            "response": self.response,
            "sources": self.sources,
            "feedback": self.feedback,
            "metadata": self.metadata,
        }

    def article_ids(self) -> list[str]:
        return [source["article_id"] for source in self.sources]


@dataclass(frozen=True)
class Slots:
    """The product and order number a question is about."""

    determiner: str = ""
    noun: str = ""
    order: str = ""

    @classmethod
    def draw(cls, rng: random.Random) -> Slots:
        determiner, noun = rng.choice(ITEMS)
        return cls(determiner, noun, f"BC-{rng.randrange(1_000_000, 10_000_000)}")

    def fill(self, template: str, *, answer: bool = False, named: bool = True) -> str:
        """Fill a query (``answer=False``) or a response.

        A response to a question that named no product says "your item", so the bot never
        brings up a product the customer didn't mention.
        """
        if answer and not named:
            item = "your item"
        elif answer:
            item = f"{'your' if self.determiner == 'my' else 'the'} {self.noun}"
        else:
            item = f"{self.determiner} {self.noun}"
        return template.format(item=item, noun=self.noun, order=self.order)


def era_of(intent: Intent, kb: KnowledgeBase, at: datetime) -> str:
    if intent.rewrite is None:
        return "any"
    changed = kb.rewritten_at(intent.rewrite)
    return "after" if changed is not None and at >= changed else "before"


def answers_for(intent: Intent, era: str) -> list[Answer]:
    return [answer for answer in intent.answers if answer.era in ("any", era)]


def choose_answer(rng: random.Random, answers: list[Answer], factors: dict | None = None) -> Answer:
    weights = [answer.weight * (factors or {}).get(answer.plant, 1.0) for answer in answers]
    return rng.choices(answers, weights=weights)[0]


def source_record(kb: KnowledgeBase, source: Ref, at: datetime, score: float) -> dict:
    article = kb.live(source.article_id, at)
    return {
        "article_id": article.id,
        "title": article.title,
        "url": article.url,
        "text": kb.chunk(source, at),
        "score": round(score, 3),
    }


def retrieve(
    rng: random.Random,
    kb: KnowledgeBase,
    refs: tuple[Ref, ...],
    at: datetime,
    *,
    clean: bool = False,
) -> tuple[list[dict], list[bool]]:
    """Rank the chunks like a retriever would: what answers the question usually scores higher.

    Returns the source records in rank order and, for each, whether it addresses the
    question. Chunks that resolve to the same text (one section before a rewrite, two after)
    are retrieved once.
    """
    scored: list[tuple[float, dict, bool]] = []
    seen: set[tuple[str, str]] = set()
    for source in refs:
        key = (source.article_id, kb.chunk(source, at))
        if key in seen:
            continue
        seen.add(key)
        low, high = (0.74, 0.95) if clean else (0.70, 0.93)
        score = rng.uniform(low, high) if source.answers else rng.uniform(0.52, 0.74)
        scored.append((score, source_record(kb, source, at, score), source.answers))
    scored.sort(key=lambda entry: -entry[0])
    scored = scored[:MAX_SOURCES]
    return [record for _, record, _ in scored], [answers for _, _, answers in scored]


def random_chunk_record(
    rng: random.Random, kb: KnowledgeBase, bot: str, at: datetime, score: float, avoid: set[str]
) -> dict:
    article_id = rng.choice([key for key in article_ids(bot) if key not in avoid])
    article = kb.live(article_id, at)
    text = rng.choice(chunks(article.body))
    return {
        "article_id": article.id,
        "title": article.title,
        "url": article.url,
        "text": text,
        "score": round(score, 3),
    }


def weak_retrieval(
    rng: random.Random, kb: KnowledgeBase, bot: str, at: datetime
) -> tuple[list[dict], list[bool]]:
    """Nothing relevant: either no sources at all or a few chunks scoring below 0.5."""
    if rng.random() < 0.5:
        return [], []
    count = rng.randint(1, 3)
    scores = sorted((rng.uniform(0.30, 0.48) for _ in range(count)), reverse=True)
    records: list[dict] = []
    for score in scores:
        avoid = {record["article_id"] for record in records}
        records.append(random_chunk_record(rng, kb, bot, at, score, avoid))
    return records, [False] * len(records)


def answer_turn(
    rng: random.Random,
    kb: KnowledgeBase,
    intent: Intent,
    answer: Answer,
    *,
    at: datetime,
    query_index: int,
    slots: Slots,
    clean: bool = False,
) -> Turn:
    """One question of ``intent`` answered with behaviour ``answer`` at time ``at``.

    ``clean`` retrieval (the candidate pipelines of the replays) adds no stray chunks.
    """
    sources, relevant = sources_for(rng, kb, intent, answer, at=at, clean=clean)
    if intent.paired:
        response = answer.texts[query_index % len(answer.texts)]
    else:
        response = rng.choice(answer.texts)
    query = intent.queries[query_index]
    named = "{item}" in query or "{noun}" in query
    return Turn(
        timestamp=at,
        bot=intent.bot,
        query=slots.fill(query),
        response=slots.fill(response, answer=True, named=named),
        sources=sources,
        plant=answer.plant,
        intent=intent.key,
        slots=slots,
        query_index=query_index,
        source_precision=sum(relevant) / len(relevant) if relevant else None,
        source_query_coverage=expected_coverage(intent, answer, has_sources=bool(sources)),
        groundedness=answer.groundedness,
    )


def sources_for(
    rng: random.Random,
    kb: KnowledgeBase,
    intent: Intent,
    answer: Answer,
    *,
    at: datetime,
    clean: bool,
) -> tuple[list[dict], list[bool]]:
    """The retrieved sources in rank order, and whether each addresses the question."""
    if answer.retrieval == "none_or_low":
        return weak_retrieval(rng, kb, intent.bot, at)
    refs = answer.sources if answer.sources is not None else intent.sources
    sources, relevant = retrieve(rng, kb, refs, at, clean=clean)
    stray = (
        not clean
        and answer.plant in DISTRACTOR_PLANTS
        and len(sources) < MAX_SOURCES
        and rng.random() < DISTRACTOR_RATE
    )
    if stray:
        avoid = {source.article_id for source in refs}
        score = rng.uniform(0.45, min(0.6, sources[-1]["score"] if sources else 0.6))
        sources.append(random_chunk_record(rng, kb, intent.bot, at, score, avoid))
        relevant.append(False)
    return sources, relevant


def expected_coverage(intent: Intent, answer: Answer, *, has_sources: bool) -> float:
    if not has_sources:
        return 0.0
    if answer.coverage is not None:
        return answer.coverage
    return intent.covered / intent.parts


def feedback_draw(rng: random.Random, plant: str) -> str | None:
    down, up = FEEDBACK_RATES[plant]
    roll = rng.random()
    if roll < down:
        return "down"
    if roll < down + up:
        return "up"
    return None
