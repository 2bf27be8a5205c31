"""LLM judge benchmark: calls and tokens per interaction, with the database cache.

Grades ``n`` typical interactions (three ~600-character chunks, a three-sentence
answer) through :class:`LLMJudge` against the loopback OpenAI-compatible server, with
a share of them repeating an earlier triplet as real logs do (the same question answered
the same way from the same chunks). The cache lives in a scratch PostgreSQL database.

Targets: at most 1.0 calls per interaction on average, cache hits included, and at
most 2,000 prompt tokens for a typical interaction (counted as the server reports
them, about four characters per token). With ``json_schema`` a real endpoint also
counts the schema it is sent; that estimate is reported beside the figure.

Usage: python bench/judge_llm_bench.py [--n 200]
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_database_url, django_for, manage, recreate_database  # noqa: E402

PRODUCTS = ["headphones", "earbuds", "speaker", "smartwatch", "tablet", "keyboard", "camera"]
PROMPT_TOKEN_TARGET = 2000
CALLS_TARGET = 1.0


def interactions(n: int, *, repeat_share: float, seed: int = 7) -> list:
    """``n`` judge inputs of which ``repeat_share`` repeat an earlier triplet."""
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from audits.judges.base import JudgeInput, SourceText
    from tests.llm_server import TYPICAL_DOMAIN, TYPICAL_QUERY, TYPICAL_RESPONSE, TYPICAL_SOURCES

    rng = random.Random(seed)
    distinct = []
    for index in range(n - round(n * repeat_share)):
        product = f"{PRODUCTS[index % len(PRODUCTS)]} (order {10_000 + index})"
        sources = [SourceText(rank=rank, text=text) for rank, text in enumerate(TYPICAL_SOURCES, 1)]
        distinct.append(
            JudgeInput(
                query=TYPICAL_QUERY.replace("headphones", product),
                sources=sources,
                response=TYPICAL_RESPONSE.replace("headphones", product),
                bot_domain=TYPICAL_DOMAIN,
            )
        )
    repeats = [rng.choice(distinct) for _ in range(n - len(distinct))]
    ordered = distinct + repeats
    rng.shuffle(ordered)
    return ordered


def grade(items: list) -> dict:
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from audits.judges.cache import JudgeCache
    from audits.judges.llm import LLMJudge
    from audits.judges.llm_schema import SCHEMA
    from tests.llm_server import LLMServer, typical_output

    with LLMServer(responder=lambda request: typical_output()) as server:
        judge = LLMJudge(
            model="bench-judge",
            base_url=server.base_url,
            api_key="bench",
            timeout=10.0,
            max_retries=2,
            cache=JudgeCache(),
        )
        started = time.perf_counter()
        results = [judge.judge(item) for item in items]
        seconds = time.perf_counter() - started
        calls = server.calls
        prompt_tokens, completion_tokens = server.prompt_tokens, server.completion_tokens
    fresh = [result for result in results if not result.cached]
    return {
        "n": len(items),
        "calls": calls,
        "cache_hits": sum(result.cached for result in results),
        "calls_per_interaction": round(calls / len(items), 3),
        "prompt_tokens_per_call": round(prompt_tokens / max(calls, 1)),
        "completion_tokens_per_call": round(completion_tokens / max(calls, 1)),
        "max_prompt_tokens": max((result.prompt_tokens for result in fresh), default=0),
        "schema_tokens_estimate": len(json.dumps(SCHEMA)) // 4,
        "seconds": round(seconds, 2),
    }


def run(n: int = 200) -> dict:
    url = bench_database_url("kbaudit_bench_judge")
    recreate_database(url)
    # Checks import every URLconf; the benchmark needs only the tables.
    manage(url, "migrate", "-v0", "--skip-checks")
    with django_for(url):
        # Imported as the section runs: bench.common configures Django (settings, database) first.
        from django.db import connections

        # One INFO line per HTTP request would drown the figures.
        logging.getLogger("httpx2").setLevel(logging.WARNING)
        logging.getLogger("httpx").setLevel(logging.WARNING)

        try:
            result = grade(interactions(n, repeat_share=0.2))
        finally:
            connections.close_all()
    result["meets_targets"] = (
        result["calls_per_interaction"] <= CALLS_TARGET
        and result["max_prompt_tokens"] <= PROMPT_TOKEN_TARGET
    )
    print(
        f"  LLM judge, {n} interactions (20% repeated triplets): "
        f"{result['calls_per_interaction']:.2f} calls/interaction "
        f"({result['calls']} calls, {result['cache_hits']} cache hits), "
        f"{result['prompt_tokens_per_call']} prompt + {result['completion_tokens_per_call']} "
        f"completion tokens per call (max prompt {result['max_prompt_tokens']}; the json_schema "
        f"adds ~{result['schema_tokens_estimate']} on a real endpoint), {result['seconds']}s"
    )
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200)
    run(parser.parse_args().n)
