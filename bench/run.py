"""make bench: run the benchmark sections and print their figures.

python bench/run.py                      # every section, default sizes
python bench/run.py import --n 1000000   # one section
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SECTIONS = {
    "import": ("bench.import_bench", {"n": 100_000}),
    "judge": ("bench.judge_bench", {}),
    "judge_classes": ("bench.judge_classes", {}),
    "analytics": ("bench.analytics_bench", {"n": 1_000_000}),
    "ui": ("bench.ui_bench", {}),
    "sweep": ("bench.sweep_bench", {"n": 600}),
    "scan": ("bench.scan_bench", {"n": 20_000}),
    "serve": ("bench.serve_bench", {"n": 10}),
    "otlp": ("bench.otlp_bench", {"n": 20_000}),
    "grouping": ("bench.grouping_bench", {"n": 50_000}),
    "partitions": ("bench.partitions_bench", {"n": 200_000}),
}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("sections", nargs="*", choices=[*SECTIONS, []], default=[])
    parser.add_argument("--n", type=int, help="size for the sections that take one")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    results = {}
    for name in args.sections or list(SECTIONS):
        module_name, defaults = SECTIONS[name]
        options = dict(defaults)
        if args.n and "n" in options:
            options["n"] = args.n
        print(f"[{name}]")
        results[name] = importlib.import_module(module_name).run(**options)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
