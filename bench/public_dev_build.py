"""Build the extra public dev sets in ``bench/public_dev/`` from their upstream files.

Usage: python bench/public_dev_build.py HALUEVAL_REPO BEGIN_REPO [QA_DATA_JSON]

HALUEVAL_REPO and BEGIN_REPO are checkouts (or bare git directories) of
RUCAIBox/HaluEval and google/BEGIN-dataset. Nothing here is used at run time; the
files it writes are committed so the sets need no download.

- ``halueval-qa-multi``: HaluEval's second set of machine-written wrong answers
  (``generation/qa/qa_multi-turn_data.json``) for the questions of the shared dev
  split only, each paired with the gold answer; test-split questions are left out.
- ``halueval-qa-extra`` and ``halueval-qa-extra-2``: questions of HaluEval's main QA
  file (``data/qa_data.json``, one JSON object per line, each with a gold and a
  hallucinated answer) that are in neither shared split, in file order, the first 250
  in ``-extra`` (for tuning) and the next 250 in ``-extra-2`` (kept for measuring
  whether a rule carries). QA_DATA_JSON is that file when the checkout lacks it (the
  file is large and may be held outside git).
- ``begin-cmu`` and ``begin-tc``: BEGIN's dev files for CMU-DoG and Topical-Chat, the
  two dialogue sources beside Wizard of Wikipedia, in the same contract as
  ``../shared/benchmarks/begin-wow``.
"""

from __future__ import annotations

import csv
import hashlib
import json
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "public_dev"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
BEGIN_LABELS = {"fully attributable": "yes", "not fully attributable": "no", "generic": "generic"}


def _read(repo: Path, path: str) -> str:
    if (repo / path).exists():
        return (repo / path).read_text(encoding="utf-8")
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"HEAD:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _record(bot: str, interaction_id: str, query: str, response: str, text: str, title: str):
    key = hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
    return {
        "id": interaction_id,
        "bot": bot,
        "conversation_id": interaction_id,
        "timestamp": "2026-01-01T00:00:00Z",
        "query": query,
        "response": response,
        "sources": [{"article_id": f"{bot}-{key}", "title": title, "text": text}],
        "feedback": None,
        "metadata": {},
    }


def _write(name: str, rows: list[tuple[dict, str]]) -> None:
    folder = OUT / name
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "dev.interactions.jsonl").open("w", encoding="utf-8") as handle:
        for record, _label in rows:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    with (folder / "dev.labels.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "grounded"])
        for record, label in rows:
            writer.writerow([record["id"], label])
    print(f"{name}: {len(rows)} interactions")


def _paired(base: str, item: dict) -> list[tuple[dict, str]]:
    """A HaluEval item as two interactions: its gold answer (``yes``) and its
    hallucinated one (``no``), over the item's passage."""
    return [
        (
            _record(
                "halueval-qa",
                f"{base}-{suffix}",
                item["question"],
                answer,
                item["knowledge"],
                "HotpotQA passage",
            ),
            label,
        )
        for suffix, answer, label in (
            ("r", item["right_answer"], "yes"),
            ("h", item["hallucinated_answer"], "no"),
        )
    ]


def halueval(repo: Path) -> None:
    dev_questions = set()
    with (SHARED / "halueval-qa" / "dev.interactions.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            dev_questions.add(json.loads(line)["query"])
    items = [
        json.loads(line)
        for line in _read(repo, "generation/qa/qa_multi-turn_data.json").splitlines()
        if line.strip()
    ]
    rows = []
    for index, item in enumerate(items):
        if item["question"] not in dev_questions:
            continue
        rows.extend(_paired(f"halueval-multi-{index:03d}", item))
    _write("halueval-qa-multi", rows)


def _shared_questions() -> set[str]:
    questions = set()
    for split in ("dev", "test"):
        path = SHARED / "halueval-qa" / f"{split}.interactions.jsonl"
        with path.open(encoding="utf-8") as handle:
            questions.update(json.loads(line)["query"].strip() for line in handle if line.strip())
    return questions


def halueval_extra(text: str) -> None:
    shared = _shared_questions()
    items = [json.loads(line) for line in text.splitlines() if line.strip()]
    fresh = [
        (index, item) for index, item in enumerate(items) if item["question"].strip() not in shared
    ]
    for name, chosen in (
        ("halueval-qa-extra", fresh[:250]),
        ("halueval-qa-extra-2", fresh[250:500]),
    ):
        rows = []
        for index, item in chosen:
            rows.extend(_paired(f"halueval-extra-{index:04d}", item))
        _write(name, rows)


def begin(repo: Path, name: str, path: str) -> None:
    reader = csv.DictReader(_read(repo, path).splitlines(), delimiter="\t")
    rows = []
    for index, row in enumerate(reader):
        label = BEGIN_LABELS[row["begin_label"].strip().lower()]
        rows.append(
            (
                _record(
                    name,
                    f"{name}-dev-{index:04d}",
                    row["message"],
                    row["response"],
                    row["knowledge"],
                    "Knowledge snippet",
                ),
                label,
            )
        )
    _write(name, rows)


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    halueval(Path(argv[0]))
    if len(argv) == 3:
        halueval_extra(Path(argv[2]).read_text(encoding="utf-8"))
    else:
        halueval_extra(_read(Path(argv[0]), "data/qa_data.json"))
    begin(Path(argv[1]), "begin-cmu", "cmu-dog/begin_dev_cmu.tsv")
    begin(Path(argv[1]), "begin-tc", "topicalchat/begin_dev_tc.tsv")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
