"""``python -m demo --out var/demo``: write the demo dataset."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from demo.generate import DEFAULT_END, demo_generate


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m demo", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("var/demo"), help="output directory")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--end", type=date.fromisoformat, default=DEFAULT_END, help="YYYY-MM-DD")
    parser.add_argument("--months", type=int, default=6)
    parser.add_argument("--n", type=int, default=5000, help="number of interactions")
    args = parser.parse_args(argv)
    manifest = demo_generate(
        out_dir=args.out, seed=args.seed, end=args.end, months=args.months, n_interactions=args.n
    )
    for name, count in manifest.counts.items():
        print(f"{name:>20}: {count}")
    print(f"written to {manifest.out_dir}")


if __name__ == "__main__":
    main()
