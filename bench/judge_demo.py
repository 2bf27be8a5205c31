"""The offline judge against the demo generator's answer key, per metric and per planted class.

Usage: python bench/judge_demo.py --seed 7 [--seed 8] [--n 5000] [--misses METRIC[:CLASS]]

``demo.generate.demo_build`` returns every turn with the metric values a careful
judge should find (source precision, source query coverage, groundedness) and the
planted class whose expected verdict and cause ``demo.scenarios.CLASSES``
gives. This harness judges each turn the way the sweep would (a profile per bot built
from what it retrieved, the bot's domain description) and prints, per metric, the
judge's mean against the truth's, the mean absolute error and the share within ±0.1,
overall and per class; then per class how often the verdict and cause are the expected
ones; then the same metric figures for the replay runs the upgrade gate compares.

Response precision, response query coverage and self-distinctness have no per-turn
truth in the generator; for them the harness reports how often "below 0.8" agrees with
whether the class lists the metric as low.

No Django and no database: the judge and the generator are pure Python.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audits.judges.base import METRICS, JudgeInput, JudgeResult, SourceText  # noqa: E402
from audits.judges.offline import OfflineJudge, has_question, profile_from_texts  # noqa: E402
from demo.generate import demo_build  # noqa: E402
from demo.logs import Turn  # noqa: E402
from demo.scenarios import CLASSES  # noqa: E402

# The demo bots' domain descriptions, as demo.setup.BOTS stores them (that
# module needs Django, so the text is repeated here).
DOMAINS = {
    "store-help": "Customer help for Brightcart, an online electronics and home goods store: "
    "orders, delivery, returns, refunds, payments, gift cards, warranties and accounts.",
    "seller-help": "Help for marketplace sellers on Brightcart: listings, fees, payouts, "
    "shipping labels and seller performance.",
}
TRUTH_METRICS = ("source_precision", "source_query_coverage", "groundedness")
EXPECTATION_METRICS = ("response_precision", "response_query_coverage", "self_distinctness")
THRESHOLD = 0.8
CLOSE = 0.1
ABBREVIATIONS = {
    "source_precision": "SP",
    "source_query_coverage": "SQC",
    "response_precision": "RP",
    "response_query_coverage": "RQC",
    "groundedness": "G",
    "self_distinctness": "SD",
}


@dataclass
class Graded:
    turn: Turn
    result: JudgeResult | None  # None: the sweep would not call the judge (no question)

    @property
    def metrics(self) -> dict[str, float | None]:
        return self.result.metrics() if self.result else dict.fromkeys(METRICS)

    def truth(self, metric: str) -> float | None:
        return getattr(self.turn, metric, None)


@dataclass
class Agreement:
    """Judge against truth for one metric over a group of turns."""

    judged: list[float] = field(default_factory=list)
    truth: list[float] = field(default_factory=list)
    null_mismatch: int = 0

    def add(self, judged: float | None, truth: float | None) -> None:
        if judged is None and truth is None:
            return
        if judged is None or truth is None:
            self.null_mismatch += 1
            return
        self.judged.append(judged)
        self.truth.append(truth)

    def row(self) -> str:
        n = len(self.judged)
        if not n:
            return f"{'':>5} {'':>6} {'':>6} {'':>6} {'':>6} {self.null_mismatch:>5}"
        errors = [abs(j - t) for j, t in zip(self.judged, self.truth, strict=True)]
        return (
            f"{n:5d} {_mean(self.judged):6.3f} {_mean(self.truth):6.3f} {_mean(errors):6.3f}"
            f" {sum(e <= CLOSE + 1e-9 for e in errors) / n:6.3f} {self.null_mismatch:5d}"
        )


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def judge_input(turn: Turn) -> JudgeInput:
    return JudgeInput(
        query=turn.query,
        response=turn.response,
        sources=[
            SourceText(
                rank=rank,
                text=source["text"],
                title=source.get("title", ""),
                article_key=source.get("article_id", ""),
                score=source.get("score"),
            )
            for rank, source in enumerate(turn.sources, start=1)
        ],
        bot_domain=DOMAINS.get(turn.bot, ""),
    )


def judges_for(turns: Iterable[Turn]) -> dict[str, OfflineJudge]:
    """One judge per bot, its profile built from the chunks the bot retrieved (as the
    sweep builds it from stored sources)."""
    documents: dict[str, dict[tuple[str, str], None]] = defaultdict(dict)
    for turn in turns:
        for source in turn.sources:
            documents[turn.bot].setdefault((source.get("title", ""), source["text"]), None)
    return {
        bot: OfflineJudge(profile_from_texts(sorted(docs), domain=DOMAINS.get(bot, "")))
        for bot, docs in sorted(documents.items())
    }


def grade(turns: Sequence[Turn], judges: dict[str, OfflineJudge]) -> list[Graded]:
    graded = []
    for turn in turns:
        asks = bool(turn.query.strip()) and has_question(turn.query)
        result = judges[turn.bot].judge(judge_input(turn)) if asks else None
        graded.append(Graded(turn, result))
    return graded


def verdict_ok(graded: Graded) -> tuple[bool, bool] | None:
    """(verdict as expected, cause as expected), or None when the class sets no verdict."""
    expected = CLASSES[graded.turn.plant]
    if expected.verdict == "varies":
        return None
    if expected.verdict == "skipped":
        return (graded.result is None, True)
    if graded.result is None:
        # No question: the sweep records sufficient by definition.
        return (expected.verdict == "sufficient", expected.cause is None)
    verdict = graded.result.verdict == expected.verdict
    cause = expected.cause is None or graded.result.cause == expected.cause
    if expected.verdict == "sufficient":
        cause = graded.result.cause is None
    return (verdict, verdict and cause)


def metric_table(title: str, groups: dict[str, list[Graded]]) -> None:
    print(f"\n{title}")
    print(
        f"{'metric':4} {'group':24} {'n':>5} {'judge':>6} {'truth':>6} {'MAE':>6} {'±0.1':>6} {'null≠':>5}"
    )
    for metric in TRUTH_METRICS:
        for name, members in groups.items():
            agreement = Agreement()
            for graded in members:
                agreement.add(graded.metrics[metric], graded.truth(metric))
            if agreement.judged or agreement.null_mismatch:
                print(f"{ABBREVIATIONS[metric]:4} {name:24} {agreement.row()}")


def expectation_table(groups: dict[str, list[Graded]]) -> None:
    """For metrics without per-turn truth: does "below 0.8" match the class's low metrics?"""
    print(
        "\nRP/RQC/SD: judge mean, and share where (value < 0.8) == (class lists it as low),"
        " over classes that list it or expect a sufficient answer"
    )
    print(f"{'metric':4} {'group':24} {'n':>5} {'judge':>6} {'agree':>6}")
    for metric in EXPECTATION_METRICS:
        for name, members in groups.items():
            values = [
                (g.metrics[metric], metric in CLASSES[g.turn.plant].low_metrics)
                for g in members
                if g.metrics[metric] is not None and _expects_level(g.turn.plant, metric)
            ]
            if not values:
                continue
            agree = sum((value < THRESHOLD) == low for value, low in values) / len(values)
            mean = _mean([value for value, _ in values])
            print(f"{ABBREVIATIONS[metric]:4} {name:24} {len(values):5d} {mean:6.3f} {agree:6.3f}")


def _expects_level(plant: str, metric: str) -> bool:
    """A class says where a metric should be when it lists it as low or expects a
    sufficient answer (whose every metric should then be high)."""
    expected = CLASSES[plant]
    return metric in expected.low_metrics or expected.verdict == "sufficient"


def verdict_table(groups: dict[str, list[Graded]]) -> None:
    print("\nverdicts against the planted expectations")
    print(f"{'class':24} {'n':>5} {'verdict':>8} {'cause':>8}  expected")
    total = [0, 0, 0]
    for name, members in groups.items():
        if name == "all":
            continue
        checks = [check for g in members if (check := verdict_ok(g)) is not None]
        if not checks:
            continue
        verdicts = sum(v for v, _ in checks)
        causes = sum(c for _, c in checks)
        total = [total[0] + len(checks), total[1] + verdicts, total[2] + causes]
        expected = CLASSES[name]
        print(
            f"{name:24} {len(checks):5d} {verdicts / len(checks):8.3f} {causes / len(checks):8.3f}"
            f"  {expected.verdict}/{expected.cause or '-'}"
        )
    if total[0]:
        print(f"{'all':24} {total[0]:5d} {total[1] / total[0]:8.3f} {total[2] / total[0]:8.3f}")


def gate_table(replays: dict[str, list[Graded]], production: dict[str, Graded]) -> None:
    """What the upgrade gate compares: each run against the production answers to the same
    questions (a thumbs-down in production is graded without the judge, so left out)."""
    print("\nupgrade gate: judge means, baseline (production answers) -> candidate [truth]")
    print(f"{'run':10} " + " ".join(f"{ABBREVIATIONS[m]:>21}" for m in METRICS))
    for run, members in sorted(replays.items()):
        originals = [production[g.turn.metadata["replay_of"]] for g in members]
        baseline = [g for g in originals if g.turn.feedback != "down"]
        cells = []
        for metric in METRICS:
            before = _mean([v for g in baseline if (v := g.metrics[metric]) is not None])
            after = _mean([v for g in members if (v := g.metrics[metric]) is not None])
            truths = [v for g in members if (v := g.truth(metric)) is not None]
            truth = f"[{_mean(truths):.2f}]" if metric in TRUTH_METRICS else ""
            cells.append(f"{before:.2f}->{after:.2f}{truth:>7}")
        print(f"{run:10} " + " ".join(f"{cell:>21}" for cell in cells))


def by_class(graded: Sequence[Graded]) -> dict[str, list[Graded]]:
    groups: dict[str, list[Graded]] = {"all": list(graded)}
    for name in CLASSES:
        members = [g for g in graded if g.turn.plant == name]
        if members:
            groups[name] = members
    return groups


def print_misses(graded: Sequence[Graded], spec: str, limit: int) -> None:
    """Turns where the judge is more than 0.1 from the truth (or off its expected verdict)."""
    metric_name, _, plant = spec.partition(":")
    metric = next((m for m, a in ABBREVIATIONS.items() if a.lower() == metric_name.lower()), "")
    shown = 0
    for g in graded:
        if plant and g.turn.plant != plant:
            continue
        if metric:
            judged, truth = g.metrics[metric], g.truth(metric)
            if judged is None or truth is None or abs(judged - truth) <= CLOSE:
                continue
        else:
            check = verdict_ok(g)
            if check is None or all(check):
                continue
        _show(g)
        shown += 1
        if shown >= limit:
            break


def _show(g: Graded) -> None:
    turn, result = g.turn, g.result
    print(f"\n--- {turn.id} {turn.plant} {turn.intent}")
    print(f"Q: {turn.query}\nA: {turn.response}")
    for source in turn.sources:
        print(f"  S [{source['article_id']}] {source['text'][:300]!r}")
    print(
        f"truth SP={turn.source_precision} SQC={turn.source_query_coverage} G={turn.groundedness}"
    )
    if result is None:
        print("not judged")
        return
    print(f"judge {', '.join(f'{ABBREVIATIONS[m]}={v}' for m, v in result.metrics().items())}")
    print(f"sub-queries {result.sub_queries}\nfacts {result.facts}")
    print(f"SQ {result.matches.source_query} RQ {result.matches.response_query}")
    print(
        f"RS {result.matches.response_source} {result.verdict}/{result.cause}: {result.rationale}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, action="append")
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--misses", help="show misses: METRIC[:CLASS], or :CLASS for verdicts")
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--run", help="show the misses of this replay run instead")
    args = parser.parse_args(argv)
    graded: list[Graded] = []
    replays: dict[str, list[Graded]] = defaultdict(list)
    seconds = 0.0
    for seed in args.seed or [7]:
        data = demo_build(seed=seed, n_interactions=args.n)
        replayed = [turn for run in data.replays.values() for turn in run]
        judges = judges_for([*data.turns, *replayed])
        started = time.process_time()
        graded.extend(grade(data.turns, judges))
        seconds += time.process_time() - started
        for run, turns in sorted(data.replays.items()):
            replays[run].extend(grade(turns, judges))
    if args.misses:
        print_misses(replays[args.run] if args.run else graded, args.misses, args.limit)
        return 0
    groups = by_class(graded)
    print(f"seeds {args.seed or [7]}: {len(graded)} turns, {len(graded) / seconds:.0f} turns/s")
    metric_table("production turns: judge against the generator's truth", groups)
    expectation_table(groups)
    verdict_table(groups)
    metric_table("replay runs (upgrade gate candidates)", dict(sorted(replays.items())))
    gate_table(replays, {g.turn.id: g for g in graded})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
