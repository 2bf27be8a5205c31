"""Judge benchmark: the offline judge's speed on one core, then the LLM judge's calls and
tokens per interaction against the loopback server (bench/judge_llm_bench.py)."""

from __future__ import annotations

import json
import tempfile
import time
from datetime import date
from pathlib import Path


def _offline_speed(n: int) -> dict:
    from audits.judges.base import JudgeInput, SourceText
    from audits.judges.offline import OfflineJudge, profile_from_texts
    from content.demo.generate import demo_generate

    with tempfile.TemporaryDirectory() as tmp:
        manifest = demo_generate(out_dir=Path(tmp), n_interactions=n, end=date(2026, 11, 29))
        records = [json.loads(line) for line in manifest.interactions.open()]
        articles = [json.loads(line) for line in manifest.articles.open()]
    items = [
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
    offline = _offline_speed(n)
    print(
        f"  offline judge: {offline['per_second_one_core']} interactions/s on one core "
        f"({offline['interactions']} demo interactions, {offline['sources_per_interaction']} sources each, "
        f"{offline['cpu_seconds']}s CPU)"
    )
    from bench import judge_llm_bench

    llm = judge_llm_bench.run(200)
    return {"offline": offline, "llm": llm}
