"""Generate the Brightcart demo: help-centre articles, six months of chatbot logs, replays.

``demo_generate`` writes JSONL files in the SPEC §2 contract plus ``planted.json``, the
manifest of what was planted where. Everything is drawn from ``random.Random`` instances
seeded from ``seed``; nothing depends on the clock or on hash order, so the same
arguments always give byte-identical files.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from demo.articles import ARTICLES, SELLER_BOT, STORE_BOT
from demo.conversations import Conversation, IntentPool, conversation_build
from demo.escalations import escalation_records
from demo.intents_misc import XSS_PROBES
from demo.kb import KnowledgeBase, Version, knowledge_base_build
from demo.logs import Turn, timestamp
from demo.manifest import DemoData, planted_manifest
from demo.replay import RUNS, replay_build
from demo.scenarios import GOOD_PLANTS
from demo.traffic import daily_counts, window_start

DEFAULT_END = date(2026, 11, 29)
REPLAY_SIZE = 300
LATE_DOWN_RATE = 0.014
LATE_UP_RATE = 0.01


@dataclass(frozen=True)
class DemoManifest:
    """Where the files went and how much is in them."""

    out_dir: Path
    articles: Path
    articles_v2: Path
    interactions: Path
    feedback: Path
    replays: dict[str, Path]
    planted: Path
    counts: dict[str, int] = field(default_factory=dict)
    class_counts: dict[str, int] = field(default_factory=dict)
    # Late records: which conversations went to a person and what the agent answered.
    escalations: Path | None = None

    @property
    def paths(self) -> list[Path]:
        return [
            self.articles,
            self.articles_v2,
            self.interactions,
            self.feedback,
            *([self.escalations] if self.escalations else []),
            *self.replays.values(),
            self.planted,
        ]


def _rng(seed: int, stream: int) -> random.Random:
    """Independent streams, so changing one part of the demo doesn't reshuffle the others."""
    return random.Random(seed * 7919 + stream)


def demo_build(
    *,
    seed: int = 7,
    end: date = DEFAULT_END,
    months: int = 6,
    n_interactions: int = 5000,
    replay_size: int = REPLAY_SIZE,
) -> DemoData:
    start = window_start(end, months)
    kb = knowledge_base_build(rng=_rng(seed, 1), start=start, end=end)
    conversations = conversations_build(
        rng=_rng(seed, 2), kb=kb, start=start, end=end, n_interactions=n_interactions
    )
    turns = number(conversations)
    late = late_feedback_draw(_rng(seed, 3), turns)
    replays = replay_build(rng=_rng(seed, 4), kb=kb, turns=turns, end=end, size=replay_size)
    return DemoData(seed, start, end, kb, turns, len(conversations), late, replays)


def conversations_build(
    *, rng: random.Random, kb: KnowledgeBase, start: date, end: date, n_interactions: int
) -> list[Conversation]:
    days = daily_counts(rng=rng, start=start, end=end, total=n_interactions)
    busy_days = [index for index, (_, count) in enumerate(days) if count > 0]
    probe_days = sorted(rng.sample(busy_days, len(XSS_PROBES)))
    probes = {day_index: probe for probe, day_index in enumerate(probe_days)}
    pools = {bot: IntentPool(bot) for bot in (STORE_BOT, SELLER_BOT)}
    conversations: list[Conversation] = []
    for day_index, (day, count) in enumerate(days):
        used = 0
        while used < count:
            conversation = conversation_build(
                rng,
                kb,
                pools,
                day=day,
                room=count - used,
                seq=len(conversations),
                probe=probes.pop(day_index, None),
            )
            conversations.append(conversation)
            used += len(conversation.turns)
    return conversations


def number(conversations: list[Conversation]) -> list[Turn]:
    """Give conversations and interactions ids in chronological order."""
    ordered = sorted(conversations, key=lambda c: (c.started, c.seq))
    keyed: list[tuple[datetime, int, int, Turn]] = []
    for position, conversation in enumerate(ordered, start=1):
        for index, turn in enumerate(conversation.turns):
            turn.conversation_id = f"c-{position:05d}"
            keyed.append((turn.timestamp, position, index, turn))
    keyed.sort(key=lambda entry: entry[:3])
    turns = [entry[3] for entry in keyed]
    for position, turn in enumerate(turns, start=1):
        turn.id = f"int-{position:06d}"
    return turns


def late_feedback_draw(rng: random.Random, turns: list[Turn]) -> list[tuple[Turn, str]]:
    """Ratings that arrive after the log was exported, mostly on answers that look fine."""
    late: list[tuple[Turn, str]] = []
    for turn in turns:
        if turn.feedback is not None or not turn.query or turn.plant == "small_talk":
            continue
        roll = rng.random()
        if turn.plant in GOOD_PLANTS and roll < LATE_DOWN_RATE:
            late.append((turn, "down"))
        elif roll > 1 - LATE_UP_RATE:
            late.append((turn, "up"))
    return late


def demo_generate(
    *,
    out_dir: Path,
    seed: int = 7,
    end: date = DEFAULT_END,
    months: int = 6,
    n_interactions: int = 5000,
) -> DemoManifest:
    """Write the demo dataset to ``out_dir`` and return what was written."""
    data = demo_build(seed=seed, end=end, months=months, n_interactions=n_interactions)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = DemoManifest(
        out_dir=out_dir,
        articles=out_dir / "articles.jsonl",
        articles_v2=out_dir / "articles-v2.jsonl",
        interactions=out_dir / "interactions.jsonl",
        feedback=out_dir / "feedback.jsonl",
        replays={run.name: out_dir / f"replay-{run.name}.jsonl" for run in RUNS},
        planted=out_dir / "planted.json",
        escalations=out_dir / "escalations.jsonl",
    )
    write_jsonl(manifest.articles, [article_record(v) for v in data.kb.first_versions()])
    write_jsonl(manifest.articles_v2, [article_record(v) for v in data.kb.second_versions()])
    write_jsonl(manifest.interactions, [turn.payload() for turn in data.turns])
    write_jsonl(
        manifest.feedback,
        [{"id": turn.id, "bot": turn.bot, "feedback": value} for turn, value in data.late_feedback],
    )
    escalations = escalation_records(data.turns, seed=seed)
    write_jsonl(manifest.escalations, escalations)
    for run_name, path in manifest.replays.items():
        write_jsonl(path, [turn.payload() for turn in data.replays[run_name]])
    planted = planted_manifest(data, files={p.name: p.name for p in manifest.paths})
    manifest.planted.write_text(
        json.dumps(planted, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return manifest_with_counts(manifest, data, planted)


def manifest_with_counts(manifest: DemoManifest, data: DemoData, planted: dict) -> DemoManifest:
    counts = {
        "articles": len(ARTICLES),
        "articles_v2": len(data.kb.second_versions()),
        "interactions": len(data.turns),
        "conversations": data.n_conversations,
        "feedback": len(data.late_feedback),
        "escalations": sum(1 for _ in manifest.escalations.open()) if manifest.escalations else 0,
        **{f"replay:{name}": len(turns) for name, turns in data.replays.items()},
    }
    class_counts = {name: entry["count"] for name, entry in planted["classes"].items()}
    return DemoManifest(
        out_dir=manifest.out_dir,
        articles=manifest.articles,
        articles_v2=manifest.articles_v2,
        interactions=manifest.interactions,
        feedback=manifest.feedback,
        replays=manifest.replays,
        planted=manifest.planted,
        counts=counts,
        class_counts=class_counts,
        escalations=manifest.escalations,
    )


def article_record(version: Version) -> dict:
    article = version.article
    return {
        "id": article.id,
        "title": article.title,
        "url": article.url,
        "body": article.body,
        "updated_at": timestamp(version.updated_at),
    }


def write_jsonl(path: Path, records: list[dict]) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
