"""Offline replays: last month's questions re-answered by two candidate pipelines (SPEC §8).

- ``embed-v2``, a better embedding model: no stray or near-duplicate chunks, nothing
  answered without sources, fewer failures that came from poor context. Source precision
  and source query coverage improve and every metric stays above 0.8: the gate passes.
- ``prompt-v3``, a new answer prompt on the same clean retrieval: sources are as precise,
  but answers misapply conditions and invent numbers far more often, so groundedness
  falls below 0.8: the gate fails.

A replay record keeps the production query text verbatim; its id and conversation id are
the production ones prefixed with the run name, and ``metadata.replay_of`` names the
production interaction it re-answers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from demo.articles import STORE_BOT
from demo.kb import KnowledgeBase
from demo.logs import INTENT_BY_KEY, Turn, answer_turn, answers_for, choose_answer, era_of
from demo.scenarios import SP, SQC

# Failures that only exist because of what production retrieval returned.
RETRIEVAL_FAILURES = ("irrelevant_sources", "repetitive", "nothing_retrieved")
NOT_REPLAYED = ("small_talk", "bot_initiated", "xss_probe", "stub_article")


@dataclass(frozen=True)
class Run:
    name: str
    description: str
    # Answer behaviour weight multipliers relative to production.
    factors: tuple[tuple[str, float], ...]
    expected_gate: str
    targets: tuple[str, ...]


RUNS: tuple[Run, ...] = (
    Run(
        name="embed-v2",
        description="New embedding model: deduplicated, more relevant retrieval",
        factors=(
            ("partial", 0.5),
            ("unasked_facts", 0.3),
            ("over_refusal", 0.3),
            ("condition_misapplied", 0.4),
            ("invented_answer", 0.5),
            ("redirect_only", 0.5),
            ("bad_quote", 0.3),
        ),
        expected_gate="pass",
        targets=(SP, SQC),
    ),
    Run(
        name="prompt-v3",
        description="New answer prompt: shorter, more assertive answers",
        factors=(
            ("condition_misapplied", 20.0),
            ("invented_answer", 25.0),
            ("contradictory", 6.0),
            ("bad_quote", 10.0),
            ("kb_gap_admission", 0.3),
            ("redirect_only", 0.3),
        ),
        expected_gate="fail",
        targets=(SP, SQC),
    ),
)


def replay_candidates(turns: list[Turn], end: date) -> list[Turn]:
    """Production questions of the last 30 days that a candidate pipeline can re-answer."""
    since = datetime.combine(end - timedelta(days=29), time())
    chosen = []
    for turn in turns:
        if turn.bot != STORE_BOT or turn.timestamp < since or turn.plant in NOT_REPLAYED:
            continue
        intent = INTENT_BY_KEY.get(turn.intent)
        if intent is not None and intent.replayable:
            chosen.append(turn)
    return chosen


def replay_build(
    *, rng: random.Random, kb: KnowledgeBase, turns: list[Turn], end: date, size: int
) -> dict[str, list[Turn]]:
    """Both runs over the same sample of production questions, in production order."""
    pool = replay_candidates(turns, end)
    sample = sorted(rng.sample(pool, min(size, len(pool))), key=lambda turn: turn.id)
    return {run.name: [replay_turn(rng, kb, run, original) for original in sample] for run in RUNS}


def replay_turn(rng: random.Random, kb: KnowledgeBase, run: Run, original: Turn) -> Turn:
    intent = INTENT_BY_KEY[original.intent]
    answers = [
        answer
        for answer in answers_for(intent, era_of(intent, kb, original.timestamp))
        if answer.plant not in RETRIEVAL_FAILURES
        and not answer.retrieval_fault
        and answer.retrieval == "normal"
    ]
    answer = choose_answer(rng, answers, dict(run.factors))
    turn = answer_turn(
        rng,
        kb,
        intent,
        answer,
        at=original.timestamp,
        query_index=original.query_index,
        slots=original.slots,
        clean=True,
    )
    turn.id = f"{run.name}-{original.id}"
    turn.conversation_id = f"{run.name}-{original.conversation_id}"
    turn.metadata = {"run": run.name, "replay_of": original.id}
    return turn
