"""Judge classes: the offline judge on the labelled help-centre cases of bench/judge_dev.

python bench/judge_classes.py                       # dev and test, per class
python bench/judge_classes.py --split dev --show-wrong

Each case carries the labels a documentation team would give (bench/judge_dev/README.md);
a case is right when every label in its ``expected`` matches the judge's result. Per split
and class it prints cases, right answers and accuracy, with the ids of the wrong dev cases.
Test cases are held out: their ids and items are never printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DATA_DIR = Path(__file__).resolve().parent / "judge_dev"
SPLITS: tuple[str, ...] = ("dev", "test")
CLASSES: tuple[str, ...] = (
    "paraphrase",
    "non_claims",
    "conditions",
    "built_from_source",
    "verdict_consistency",
    "repetition",
    "follow_up",
)
EXPECTED_KEYS: tuple[str, ...] = ("verdict", "cause", "grounded", "redundant", "covered")
REQUIRED_FIELDS: tuple[str, ...] = (
    "id",
    "class",
    "domain",
    "reason",
    "history",
    "query",
    "sources",
    "response",
    "bot_domain",
    "expected",
)


def load_cases(split: str, data_dir: Path = DATA_DIR) -> list[dict]:
    with (data_dir / f"{split}.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def judge_input(case: dict):
    from audits.judges.base import JudgeInput, SourceText, Turn

    sources = [
        SourceText(
            rank=rank,
            text=source["text"],
            title=source.get("title", ""),
            article_key=source.get("article_id", ""),
            score=source.get("score"),
        )
        for rank, source in enumerate(case["sources"], start=1)
    ]
    history = [Turn(query=turn["query"], response=turn["response"]) for turn in case["history"]]
    return JudgeInput(
        query=case["query"],
        sources=sources,
        response=case["response"],
        bot_domain=case.get("bot_domain", ""),
        history=history,
    )


def observed_labels(result) -> dict:
    """The judge's result read as the labels of ``expected``."""
    metrics = result.metrics()
    groundedness = metrics["groundedness"]
    distinctness = metrics["self_distinctness"]
    return {
        "verdict": result.verdict,
        "cause": result.cause,
        # No facts at all (a clean decline) is grounded; facts none of which count are not.
        "grounded": groundedness == 1.0 if groundedness is not None else not result.facts,
        "redundant": distinctness is not None and distinctness < 1,
        "covered": metrics["response_query_coverage"] == 1.0,
    }


def mismatched_keys(expected: dict, observed: dict) -> list[str]:
    return [key for key in EXPECTED_KEYS if key in expected and expected[key] != observed[key]]


def score_cases(cases: Iterable[dict], judge) -> dict:
    """Per class and overall: cases, right, accuracy, and the wrong cases' ids and labels."""
    classes = {name: {"cases": 0, "right": 0, "wrong": []} for name in CLASSES}
    details = {}
    cases_seen = []
    for case in cases:
        cases_seen.append(case)
        result = judge.judge(judge_input(case))
        observed = observed_labels(result)
        wrong_keys = mismatched_keys(case["expected"], observed)
        figures = classes[case["class"]]
        figures["cases"] += 1
        if wrong_keys:
            figures["wrong"].append(case["id"])
            details[case["id"]] = {"keys": wrong_keys, "observed": observed, "result": result}
        else:
            figures["right"] += 1
    domains: dict[str, dict] = {}
    for case in cases_seen:
        figures = domains.setdefault(case["domain"], {"cases": 0, "right": 0})
        figures["cases"] += 1
        figures["right"] += case["id"] not in details
    overall = {
        "cases": sum(f["cases"] for f in classes.values()),
        "right": sum(f["right"] for f in classes.values()),
    }
    for figures in [*classes.values(), *domains.values(), overall]:
        figures["accuracy"] = (
            round(figures["right"] / figures["cases"], 3) if figures["cases"] else None
        )
    return {"classes": classes, "domains": domains, "overall": overall, "details": details}


def _percent(figures: dict) -> str:
    if not figures["cases"]:
        return "   -"
    return f"{figures['right'] / figures['cases'] * 100:3.0f}%"


def _print_split(split: str, scored: dict) -> None:
    overall = scored["overall"]
    print(f"  {split}: {overall['right']}/{overall['cases']} right ({_percent(overall).strip()})")
    print(f"    {'class':<20} {'cases':>5} {'right':>5} {'accuracy':>8}")
    for name, figures in scored["classes"].items():
        line = f"    {name:<20} {figures['cases']:>5} {figures['right']:>5} {_percent(figures):>8}"
        if split == "dev" and figures["wrong"]:
            line += "  wrong: " + ", ".join(figures["wrong"])
        print(line)
    by_domain = ", ".join(
        f"{name} {f['right']}/{f['cases']}" for name, f in scored.get("domains", {}).items()
    )
    print(f"    by domain: {by_domain}")


def _print_wrong(cases: list[dict], scored: dict) -> None:
    for case in cases:
        detail = scored["details"].get(case["id"])
        if detail is None:
            continue
        expected = case["expected"]
        print(f"\n  {case['id']} [{case['class']}] {case['reason']}")
        for turn in case["history"]:
            print(f"    earlier: {turn['query']} -> {turn['response']}")
        print(f"    query:    {case['query']}")
        print(f"    response: {case['response']}")
        for key in detail["keys"]:
            print(f"    {key}: expected {expected[key]!r}, judge {detail['observed'][key]!r}")
        result = detail["result"]
        print(f"    judge facts: {result.facts}")
        print(f"    judge metrics: {result.metrics()}")
        print(f"    judge rationale: {result.rationale}")


def run(split: str | None = None, show_wrong: bool = False) -> dict:
    from audits.judges.offline import OfflineJudge

    judge = OfflineJudge()
    figures = {}
    for name in [split] if split else SPLITS:
        if not (DATA_DIR / f"{name}.jsonl").exists():
            continue
        cases = load_cases(name)
        scored = score_cases(cases, judge)
        _print_split(name, scored)
        if show_wrong and name == "dev":
            _print_wrong(cases, scored)
        classes = scored["classes"]
        if name != "dev":
            # Held out: figures only, never which cases failed.
            classes = {
                key: {k: v for k, v in f.items() if k != "wrong"} for key, f in classes.items()
            }
        figures[name] = {
            "classes": classes,
            "domains": scored["domains"],
            "overall": scored["overall"],
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--split", choices=SPLITS, help="one split only (default: both)")
    parser.add_argument(
        "--show-wrong",
        action="store_true",
        help="print each wrong dev case with the judge's reading",
    )
    args = parser.parse_args()
    run(split=args.split, show_wrong=args.show_wrong)


if __name__ == "__main__":
    main()
