"""Judge benchmark: the offline judge's speed on one core, its accuracy per class on the
labelled help-centre cases (bench/judge_classes.py), then the LLM judge's calls and tokens
per interaction against the loopback server (bench/judge_llm_bench.py)."""

from __future__ import annotations

import itertools
import json
import random
import tempfile
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path

# The sweep's budget for the offline judge: 5 ms of one core per interaction.
TARGET_PER_SECOND = 200


def _demo(n: int) -> tuple[list[dict], list[dict]]:
    # Imported as the section runs, so that bench/run.py loads no app code before it is asked to.
    from demo.generate import demo_generate

    with tempfile.TemporaryDirectory() as tmp:
        manifest = demo_generate(out_dir=Path(tmp), n_interactions=n, end=date(2026, 11, 29))
        records = [json.loads(line) for line in manifest.interactions.open()]
        articles = [json.loads(line) for line in manifest.articles.open()]
    return records, articles


def _fresh_three_sources(records: list[dict], articles: list[dict]) -> list[dict]:
    """Each question with three chunks the judge has not read whole: its own retrieved
    chunks topped up with paragraphs of other articles, each made unique by an order
    reference sentence added at its end. No chunk's reading comes from the judge's cache,
    but the readings of sentences it has met in other chunks may (every sentence but the
    added one, once an article's paragraphs have been seen)."""
    rng = random.Random(3)
    paragraphs = [
        (a["title"], block.strip())
        for a in articles
        for block in a["body"].split("\n\n")
        if len(block.split()) >= 12
    ]
    fresh = []
    for n, record in enumerate(r for r in records if r.get("query") and r.get("sources")):
        chunks = [(s.get("title", ""), s["text"]) for s in record["sources"]][:3]
        while len(chunks) < 3:
            chunks.append(rng.choice(paragraphs))
        sources = [
            {"title": title, "text": f"{text} Reference BC-{n:06d}-{rank}.", "score": 0.7}
            for rank, (title, text) in enumerate(chunks, start=1)
        ]
        fresh.append({**record, "sources": sources})
    return fresh


def _every_sentence_new(fresh: list[dict]) -> list[dict]:
    """The fresh three-source traffic with every sentence of every chunk made unique, so
    no reading of a sentence, a chunk or a source comes from a cache: each sentence (a
    heading or list item too, and a table row through its label) carries a reference of
    its own. The reference is written in lower-case letters ("ref bcxaab"): a digit or a
    capital would be read as a value or a name, which the sentence did not hold."""
    references = (f"bcx{_letters(count)}" for count in itertools.count())
    sources_new = []
    for record in fresh:
        sources = [
            {**source, "text": _referenced_sentences(source["text"], references)}
            for source in record["sources"]
        ]
        sources_new.append({**record, "sources": sources})
    return sources_new


def _letters(count: int) -> str:
    written = ""
    while True:
        count, letter = divmod(count, 26)
        written = "abcdefghijklmnopqrstuvwxyz"[letter] + written
        if not count:
            return written


def _referenced_sentences(text: str, references: Iterator[str]) -> str:
    # Imported as the section runs, so that bench/run.py loads no app code before it is asked to.
    from kbaudit.text.tokens import split_sentences

    lines = []
    for line in text.split("\n"):
        if "|" in line:
            cells = line.split("|")
            label = 1 if line.strip().startswith("|") else 0
            if cells[label].strip() and not set(cells[label].strip()) <= set("-: "):
                cells[label] = f"{cells[label].rstrip()} (ref {next(references)}) "
            lines.append("|".join(cells))
            continue
        pieces = split_sentences(line)
        lines.append(" ".join(_referenced(piece, next(references)) for piece in pieces))
    return "\n".join(lines)


def _referenced(sentence: str, reference: str) -> str:
    """The sentence with its reference before its closing stop, else at its end."""
    body = sentence.rstrip()
    stop = len(body) - len(body.rstrip(".!?"))
    head, tail = body[: len(body) - stop], body[len(body) - stop :]
    return f"{head} (ref {reference}){tail}"


def demo_inputs(records: list[dict]) -> list:
    """The judge's inputs for the demo records that have a question and sources."""
    # Imported when called, so that bench/run.py loads no app code before it is asked to.
    from audits.judges.base import JudgeInput, SourceText

    return [
        JudgeInput(
            query=r["query"],
            response=r["response"],
            sources=[
                SourceText(
                    rank=i + 1, text=s["text"], title=s.get("title", ""), score=s.get("score")
                )
                for i, s in enumerate(r["sources"])
            ],
            bot_domain="Customer help for an online electronics and home goods store",
        )
        for r in records
        if r.get("query") and r.get("sources")
    ]


def _offline_speed(records: list[dict], articles: list[dict]) -> dict:
    # Imported as the section runs, so that bench/run.py loads no app code before it is asked to.
    from audits.judges.offline import OfflineJudge, profile_from_texts

    items = demo_inputs(records)
    judge = OfflineJudge(profile=profile_from_texts([(a["title"], a["body"]) for a in articles]))
    started = time.process_time()
    for item in items:
        judge.judge(item)
    cpu = time.process_time() - started
    sources = sum(len(item.sources) for item in items) / len(items)
    return {"interactions": len(items), "cpu_seconds": round(cpu, 2),
            "per_second_one_core": round(len(items) / cpu), "sources_per_interaction": round(sources, 2)}  # fmt: skip


def run(n: int = 3000) -> dict:
    # The offline judge and the demo generator need no Django: measured in this process.
    records, articles = _demo(n)
    offline = _offline_speed(records, articles)
    print(
        f"  offline judge: {offline['per_second_one_core']} interactions/s on one core "
        f"({offline['interactions']} demo interactions, {offline['sources_per_interaction']} sources each, "
        f"{offline['cpu_seconds']}s CPU)"
    )
    fresh_records = _fresh_three_sources(records, articles)
    fresh = _offline_speed(fresh_records, articles)
    print(
        f"  offline judge, 3 chunks never read whole (their sentences may have been): "
        f"{fresh['per_second_one_core']} interactions/s on one core "
        f"({fresh['interactions']} interactions, {fresh['cpu_seconds']}s CPU)"
    )
    new = _offline_speed(_every_sentence_new(fresh_records), articles)
    print(
        f"  offline judge, 3 chunks whose every sentence is new: {new['per_second_one_core']} "
        f"interactions/s on one core ({new['interactions']} interactions, {new['cpu_seconds']}s CPU)"
    )
    slowest = min(
        offline["per_second_one_core"], fresh["per_second_one_core"], new["per_second_one_core"]
    )
    verdict = "met" if slowest >= TARGET_PER_SECOND else "MISSED"
    print(
        f"  target {TARGET_PER_SECOND} interactions/s on one core (what the sweep needs): {verdict}"
    )
    # Imported as the section runs, so that bench/run.py loads no app code before it is asked to.
    from bench import judge_classes, judge_llm_bench

    print("  offline judge on the labelled help-centre cases (bench/judge_dev):")
    classes = judge_classes.run()
    llm = judge_llm_bench.run(200)
    return {
        "offline": offline,
        "offline_fresh_3_sources": fresh,
        "offline_every_sentence_new": new,
        "llm": llm,
        "classes": classes,
    }
