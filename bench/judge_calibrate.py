"""Run the offline judge on a labelled benchmark folder and print agreement per column.

Usage: python bench/judge_calibrate.py ../shared/benchmarks/halueval-qa --split dev

Reads ``{split}.interactions.jsonl`` (kbaudit's input contract) and
``{split}.labels.csv`` (id plus one column per label) and needs no database. The
knowledge-base profile is built from the passages themselves and the bot domain is
left empty, as a bot's own profile would be built from its articles.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audits.calibration.agreement import (
    NEGATIVE_LABELS,
    CalibrationStats,
    calibration_stats,
    human_label,
    label_from_result,
)
from audits.judges.base import JudgeInput, JudgeResult, SourceText  # noqa: E402
from audits.judges.offline import OfflineJudge, profile_from_texts  # noqa: E402


def load_interactions(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def load_labels(path: Path) -> dict[str, dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return {row["id"]: row for row in csv.DictReader(handle)}


def judge_input(record: dict) -> JudgeInput:
    sources = [
        SourceText(
            rank=rank,
            text=source.get("text", ""),
            title=source.get("title", ""),
            article_key=source.get("article_id", ""),
            score=source.get("score"),
        )
        for rank, source in enumerate(record.get("sources") or [], start=1)
    ]
    return JudgeInput(query=record.get("query") or "", sources=sources, response=record["response"])


def build_profile(records: list[dict]):
    passages = {}
    for record in records:
        for source in record.get("sources") or []:
            key = source.get("article_id") or source.get("text", "")[:80]
            passages.setdefault(key, (source.get("title", ""), source.get("text", "")))
    return profile_from_texts(passages[key] for key in sorted(passages))


def run(records: list[dict], judge: OfflineJudge) -> tuple[dict[str, JudgeResult], float]:
    started = time.perf_counter()
    results = {record["id"]: judge.judge(judge_input(record)) for record in records}
    return results, time.perf_counter() - started


def column_stats(
    column: str,
    results: dict[str, JudgeResult],
    labels: dict[str, dict[str, str]],
    threshold: float,
) -> CalibrationStats:
    pairs = []
    for interaction_id, result in results.items():
        value = labels.get(interaction_id, {}).get(column)
        if not value:
            continue
        judged = label_from_result(
            column, metrics=result.metrics(), verdict=result.verdict, threshold=threshold
        )
        pairs.append((judged, human_label(column, value)))
    return calibration_stats(pairs, negative=NEGATIVE_LABELS[column])


def _fmt(value: float | None) -> str:
    return "  n/a" if value is None else f"{value:5.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--threshold", type=float, default=0.8)
    args = parser.parse_args(argv)
    records = load_interactions(args.folder / f"{args.split}.interactions.jsonl")
    labels = load_labels(args.folder / f"{args.split}.labels.csv")
    judge = OfflineJudge(profile=build_profile(records))
    results, seconds = run(records, judge)
    columns = [name for name in next(iter(labels.values())) if name != "id"]
    print(f"{args.folder.name} {args.split}: {len(records)} interactions")
    print(f"{'column':15} {'n':>5} {'agree':>6} {'prec':>6} {'recall':>6} {'F1':>6} {'kappa':>6}")
    for column in columns:
        stats = column_stats(column, results, labels, args.threshold)
        print(
            f"{column:15} {stats.n:5d} {_fmt(stats.agreement):>6} {_fmt(stats.precision):>6}"
            f" {_fmt(stats.recall):>6} {_fmt(stats.f1):>6} {_fmt(stats.kappa):>6}"
        )
    print(f"throughput: {len(records) / seconds:.0f} interactions/s ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
