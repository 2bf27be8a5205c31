"""``planted.json``: which interactions and articles carry which planted problem.

The manifest is the answer key for the demo: tests and the offline judge's benchmarks can
check that each planted class is graded the way ``expected`` says, and the article plants
name the story the analytics pages should tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from demo.articles import SELLER_BOT, STORE_BOT, STUBS, article_ids
from demo.kb import REWRITE_RECOVERS, KnowledgeBase
from demo.logs import Turn, timestamp
from demo.replay import RUNS
from demo.scenarios import CLASSES, GOOD_PLANTS
from demo.traffic import seasons

STORE_NAME = "Brightcart"


@dataclass
class DemoData:
    """The demo in memory, with everything that was planted (the tests read this)."""

    seed: int
    start: date
    end: date
    kb: KnowledgeBase
    turns: list[Turn]
    n_conversations: int
    late_feedback: list[tuple[Turn, str]]
    replays: dict[str, list[Turn]]


def class_ids(data: DemoData) -> dict[str, list[str]]:
    """Interaction ids per planted class, overlays included, in id order."""
    ids: dict[str, list[str]] = {name: [] for name in CLASSES}
    for turn in data.turns:
        ids[turn.plant].append(turn.id)
        if turn.plant in GOOD_PLANTS and turn.feedback == "down":
            ids["thumbs_down_on_good"].append(turn.id)
    for turn, value in data.late_feedback:
        ids["late_thumbs_down" if value == "down" else "late_thumbs_up"].append(turn.id)
    return ids


def article_plants(data: DemoData) -> dict:
    recovers = dict(REWRITE_RECOVERS)
    return {
        "content_gap": {
            "article_id": "kb-returns",
            "missing": "restocking fees",
            "note": "source precision, groundedness and source query coverage all below 0.8, "
            "worst in the holiday peak",
        },
        "duplicate_pair": {
            "article_ids": ["kb-returns", "kb-return-howto"],
            "note": "the return-window passages say the same thing; retrieved together they "
            "crowd out the second sub-question",
        },
        "contradicting_pair": {
            "article_ids": ["kb-exchanges", "kb-exchange-faq"],
            "claim": "exchange window: 45 days vs 30 days, no condition telling them apart",
        },
        "conditional_pair": {
            "article_ids": ["kb-returns", "kb-holiday-returns"],
            "note": "30 days vs until 31 January for purchases made 1 November-24 December: "
            "a condition, not a contradiction",
        },
        "irrelevant_retrieval": {
            "article_id": "kb-newsletter",
            "note": "shares words with returns questions (returns, refunds, returning "
            "customers) and gets retrieved for them",
        },
        "rewritten": [
            {
                "article_id": version.article.id,
                "updated_at": timestamp(version.updated_at),
                "recovers": recovers[version.article.id],
            }
            for version in data.kb.second_versions()
        ],
        "stubs": [article.id for article in STUBS],
        "seller_gap": {"article_id": "sel-payouts", "missing": "faster or daily payouts"},
    }


def planted_manifest(data: DemoData, *, files: dict[str, str]) -> dict:
    ids = class_ids(data)
    per_bot = {
        bot: sum(1 for turn in data.turns if turn.bot == bot) for bot in (STORE_BOT, SELLER_BOT)
    }
    return {
        "store": STORE_NAME,
        "seed": data.seed,
        "start": data.start.isoformat(),
        "end": data.end.isoformat(),
        "files": sorted(files),
        "bots": {
            bot: {"interactions": per_bot[bot], "articles": article_ids(bot)}
            for bot in (STORE_BOT, SELLER_BOT)
        },
        "seasons": {
            name: [first.isoformat(), last.isoformat()]
            for name, (first, last) in seasons(data.end).items()
        },
        "classes": {
            name: {"expected": CLASSES[name].as_json(), "count": len(ids[name]), "ids": ids[name]}
            for name in CLASSES
        },
        "articles": article_plants(data),
        "replays": {
            run.name: {
                "file": f"replay-{run.name}.jsonl",
                "description": run.description,
                "expected_gate": run.expected_gate,
                "targets": list(run.targets),
                "count": len(data.replays[run.name]),
            }
            for run in RUNS
        },
    }
