"""Judge identity: dump the offline judge's full output on every benchmark set, or compare
two dumps, so a change meant to be a pure refactor (speed, layout) can be shown to leave
every verdict, cause, fact, unsupported entry and metric as it was.

python bench/judge_identity.py dump before.json      # every set below, one file
python bench/judge_identity.py compare before.json after.json

The sets: bench/judge_dev (dev and test), the shared public benchmarks (dev and test
interactions), bench/public_dev, and the speed benchmark's fresh three-source demo
interactions, as they are and with every sentence made new. A dump holds whole results but is never printed: ``compare`` names only
the set and the position of the first differences, so held-out items stay unread.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SHARED_BENCHMARKS = ROOT.parent / "shared" / "benchmarks"
FALLBACK_SHARED_BENCHMARKS = Path("/work/shared/benchmarks")
# Bookkeeping that differs from run to run and says nothing about the grading.
VOLATILE_FIELDS = frozenset({"latency_ms"})
DEMO_INTERACTIONS = 600


def _shared_root() -> Path:
    return SHARED_BENCHMARKS if SHARED_BENCHMARKS.exists() else FALLBACK_SHARED_BENCHMARKS


def _labelled_sets() -> Iterator[tuple[str, list]]:
    from bench.judge_classes import judge_input, load_cases

    for split in ("dev", "test"):
        cases = load_cases(split)
        yield f"judge_dev/{split}", [judge_input(case) for case in cases]


def _calibration_sets() -> Iterator[tuple[str, list, list[dict]]]:
    folders = sorted(_shared_root().glob("*/")) + sorted((ROOT / "bench/public_dev").glob("*/"))
    for folder in folders:
        for path in sorted(folder.glob("*.interactions.jsonl")):
            split = path.name.split(".")[0]
            with path.open(encoding="utf-8") as handle:
                records = [json.loads(line) for line in handle if line.strip()]
            yield f"{folder.name}/{split}", records


def _demo_sets():
    from audits.judges.offline import profile_from_texts
    from bench.judge_bench import _demo, _every_sentence_new, _fresh_three_sources, demo_inputs

    records, articles = _demo(DEMO_INTERACTIONS)
    fresh = _fresh_three_sources(records, articles)
    profile = profile_from_texts([(a["title"], a["body"]) for a in articles])
    yield "demo/fresh_three_sources", demo_inputs(fresh), profile
    yield "demo/every_sentence_new", demo_inputs(_every_sentence_new(fresh)), profile


def _results(judge, items: list) -> list[dict]:
    results = []
    for item in items:
        result = judge.judge(item)
        fields = result.model_dump(exclude=set(VOLATILE_FIELDS))
        results.append({**fields, "metrics": result.metrics()})
    return results


def dump(path: Path) -> None:
    from audits.judges.offline import OfflineJudge
    from bench.judge_calibrate import build_profile, judge_input

    sets: dict[str, list[dict]] = {}
    for name, items in _labelled_sets():
        sets[name] = _results(OfflineJudge(), items)
        print(f"  {name}: {len(items)}", flush=True)
    for name, records in _calibration_sets():
        judge = OfflineJudge(profile=build_profile(records))
        sets[name] = _results(judge, [judge_input(record) for record in records])
        print(f"  {name}: {len(records)}", flush=True)
    for name, items, profile in _demo_sets():
        sets[name] = _results(OfflineJudge(profile=profile), items)
        print(f"  {name}: {len(items)}", flush=True)
    path.write_text(json.dumps(sets, sort_keys=True), encoding="utf-8")


def compare(before_path: Path, after_path: Path) -> int:
    before = json.loads(before_path.read_text(encoding="utf-8"))
    after = json.loads(after_path.read_text(encoding="utf-8"))
    differing = 0
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old is None or new is None or len(old) != len(new):
            print(f"  {name}: present or sized differently")
            differing += 1
            continue
        positions = [n for n, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        if positions:
            shown = ", ".join(str(n) for n in positions[:10])
            print(f"  {name}: {len(positions)} of {len(old)} differ (positions {shown})")
            differing += 1
        else:
            print(f"  {name}: {len(old)} identical")
    print("IDENTICAL" if not differing else f"DIFFERENT in {differing} sets")
    return 1 if differing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("dump").add_argument("path", type=Path)
    compared = commands.add_parser("compare")
    compared.add_argument("before", type=Path)
    compared.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "dump":
        dump(args.path)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    raise SystemExit(main())
