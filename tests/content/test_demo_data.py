"""The Brightcart demo dataset: contract, determinism, planted classes and the story it tells.

No database: the generator is plain Python and these tests read its files and the
in-memory build (which carries the metric values a careful judge should find).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from demo.articles import chunks, word_count
from demo.generate import demo_build, demo_generate
from demo.logs import INTENT_BY_KEY, era_of
from demo.scenarios import CLASSES, ITEMS

REPO = Path(__file__).resolve().parents[2]
END = date(2026, 11, 29)
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
QUOTE = re.compile(r'"([^"]{12,})"')

GOOD_TEMPLATE_PLANTS = {
    "sufficient",
    "grounded_negative",
    "unasked_facts",
    "irrelevant_sources",
    "partial",
    "repetitive",
    "stub_article",
    "ambiguous",
}

# At least this many interactions per planted class with the default arguments.
MINIMUM_COUNTS = {
    "sufficient": 1500,
    "partial": 80,
    "condition_misapplied": 50,
    "contradictory": 50,
    "redirect_only": 150,
    "over_refusal": 25,
    "kb_gap_admission": 50,
    "invented_answer": 80,
    "grounded_negative": 60,
    "offtopic_clean_decline": 15,
    "offtopic_bad": 10,
    "repetitive": 50,
    "unasked_facts": 30,
    "irrelevant_sources": 25,
    "small_talk": 300,
    "bot_initiated": 80,
    "nothing_retrieved": 50,
    "ambiguous": 25,
    "bad_quote": 15,
    "stub_article": 10,
    "xss_probe": 2,
    "thumbs_down_on_good": 15,
    "late_thumbs_down": 20,
    "late_thumbs_up": 15,
    "paraphrase_supported": 5,
    "non_claims": 5,
    "condition_out_of_scope": 5,
    "exception_ignored": 5,
    "built_from_source": 5,
    "repetition_paraphrased": 5,
    "follow_up_wrong_item": 5,
    "follow_up_right_item": 5,
}

# The judge's failure classes (SPEC §3) planted so writers see a case of each.
JUDGE_CLASSES = {
    "paraphrase_supported": ("sufficient", []),
    "non_claims": ("sufficient", []),
    "condition_out_of_scope": ("insufficient", ["groundedness"]),
    "exception_ignored": ("insufficient", ["groundedness"]),
    "built_from_source": ("insufficient", ["groundedness"]),
    "repetition_paraphrased": ("sufficient", ["self_distinctness"]),
    "follow_up_wrong_item": ("insufficient", ["groundedness"]),
    "follow_up_right_item": ("sufficient", []),
}


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def parse_timestamp(value: str) -> datetime:
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ")


def mean(values) -> float | None:
    present = [value for value in values if value is not None]
    return sum(present) / len(present) if present else None


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    manifest = demo_generate(out_dir=out)
    return {
        "manifest": manifest,
        "articles": read_jsonl(manifest.articles),
        "articles_v2": read_jsonl(manifest.articles_v2),
        "interactions": read_jsonl(manifest.interactions),
        "feedback": read_jsonl(manifest.feedback),
        "replays": {name: read_jsonl(path) for name, path in manifest.replays.items()},
        "planted": json.loads(manifest.planted.read_text(encoding="utf-8")),
    }


@pytest.fixture(scope="module")
def build():
    return demo_build()


def files_bytes(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


def test_it_writes_byte_identical_files_for_the_same_arguments(tmp_path):
    first = demo_generate(out_dir=tmp_path / "a", seed=11, n_interactions=1500)
    second = demo_generate(out_dir=tmp_path / "b", seed=11, n_interactions=1500)
    assert files_bytes(first.out_dir) == files_bytes(second.out_dir)
    assert len(files_bytes(first.out_dir)) == 8


def test_it_does_not_depend_on_hash_order(tmp_path):
    script = (
        "import sys; from pathlib import Path; from demo.generate import demo_generate; "
        "demo_generate(out_dir=Path(sys.argv[1]), seed=5, n_interactions=800)"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / hash_seed
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-c", script, str(out)], check=True, cwd=REPO, env=env)
        outputs.append(files_bytes(out))
    assert outputs[0] == outputs[1]


def test_a_different_seed_gives_a_different_log(tmp_path):
    first = demo_generate(out_dir=tmp_path / "a", seed=1, n_interactions=600)
    second = demo_generate(out_dir=tmp_path / "b", seed=2, n_interactions=600)
    assert first.interactions.read_bytes() != second.interactions.read_bytes()


def test_it_uses_no_global_random_state_or_clock():
    forbidden = re.compile(
        r"\brandom\.(?:random|choice|choices|randint|randrange|shuffle|sample|uniform|seed)\("
        r"|\b(?:datetime\.now|datetime\.utcnow|date\.today|time\.time)\("
    )
    for path in sorted((REPO / "content" / "demo").glob("*.py")):
        assert not forbidden.search(path.read_text(encoding="utf-8")), path.name


def check_interaction(record: dict) -> None:
    assert set(record) == {
        "id", "bot", "conversation_id", "timestamp", "query", "response", "sources",
        "feedback", "metadata",
    }  # fmt: skip
    assert isinstance(record["id"], str) and record["id"]
    assert record["bot"] in ("store-help", "seller-help")
    assert isinstance(record["conversation_id"], str) and record["conversation_id"]
    assert TIMESTAMP.match(record["timestamp"])
    parse_timestamp(record["timestamp"])
    assert isinstance(record["query"], str)
    assert isinstance(record["response"], str) and record["response"]
    assert record["feedback"] in ("up", "down", None)
    assert isinstance(record["metadata"], dict)
    assert isinstance(record["sources"], list) and len(record["sources"]) <= 4
    scores = []
    for source in record["sources"]:
        assert {"article_id", "title", "url", "text"} <= set(source)
        assert all(
            isinstance(source[key], str) and source[key]
            for key in ("article_id", "title", "url", "text")
        )
        assert source["url"].startswith("https://")
        if "score" in source:
            assert isinstance(source["score"], float) and 0.0 <= source["score"] <= 1.0
            scores.append(source["score"])
    assert scores == sorted(scores, reverse=True), "sources are in rank order"


def test_every_record_follows_the_interaction_contract(demo):
    records = demo["interactions"] + [r for run in demo["replays"].values() for r in run]
    for record in records:
        check_interaction(record)
    ids = [record["id"] for record in records]
    assert len(ids) == len(set(ids))


def test_filled_templates_read_naturally(demo):
    doubled = re.compile(r"\b(?:my|the|a|your) (?:my|the|a|your)\b", re.IGNORECASE)
    for record in demo["interactions"]:
        assert not doubled.search(record["query"]), record["query"]
        assert not doubled.search(record["response"]), record["response"]
        assert "{" not in record["query"] + record["response"]
        response = record["response"]
        assert not re.search(r"\b(?:return|send|exchange) my\b", response), response
        # The bot never brings up a product the customer didn't mention.
        for _, noun in ITEMS:
            if f"your {noun}" in response or f"the {noun} " in response:
                assert noun in record["query"], (record["query"], response)


def test_interactions_are_chronological_and_conversations_take_minutes(demo):
    records = demo["interactions"]
    assert [r["timestamp"] for r in records] == sorted(r["timestamp"] for r in records)
    by_conversation = defaultdict(list)
    for record in records:
        by_conversation[record["conversation_id"]].append(record)
    assert max(len(turns) for turns in by_conversation.values()) == 4
    for turns in by_conversation.values():
        assert len({turn["bot"] for turn in turns}) == 1
        moments = [parse_timestamp(turn["timestamp"]) for turn in turns]
        for earlier, later in zip(moments, moments[1:], strict=False):
            assert timedelta(seconds=20) <= later - earlier <= timedelta(minutes=6)


def test_late_feedback_records_point_at_unrated_interactions(demo):
    by_id = {record["id"]: record for record in demo["interactions"]}
    assert demo["feedback"]
    for record in demo["feedback"]:
        assert set(record) == {"id", "bot", "feedback"}
        assert record["feedback"] in ("up", "down")
        assert by_id[record["id"]]["bot"] == record["bot"]
        assert by_id[record["id"]]["feedback"] is None


def test_articles_follow_the_contract(demo):
    articles, rewrites = demo["articles"], demo["articles_v2"]
    assert 38 <= len(articles) <= 42
    assert len({a["id"] for a in articles}) == len(articles)
    for article in articles + rewrites:
        assert set(article) == {"id", "title", "url", "body", "updated_at"}
        assert TIMESTAMP.match(article["updated_at"])
        assert 150 <= word_count(article["body"]) <= 600, article["id"]
        assert 150 <= len(article["body"].split()) <= 600, article["id"]
    first = {a["id"]: a for a in articles}
    assert {r["id"] for r in rewrites} == {"kb-returns", "kb-shipping", "kb-warranty"}
    for rewrite in rewrites:
        assert rewrite["body"] != first[rewrite["id"]]["body"]
        changed = parse_timestamp(rewrite["updated_at"]).date()
        assert timedelta(days=30) <= END - changed <= timedelta(days=40)
    start = min(parse_timestamp(r["timestamp"]) for r in demo["interactions"])
    assert all(parse_timestamp(a["updated_at"]) < start for a in articles)


def test_returns_policy_stays_silent_on_restocking_fees(demo):
    versions = [a for a in demo["articles"] + demo["articles_v2"] if a["id"] == "kb-returns"]
    assert len(versions) == 2
    for version in versions:
        assert "30 days" in version["body"] and "45 days" in version["body"]
        assert "restocking" not in version["body"].lower()
    bodies = {a["id"]: a["body"] for a in demo["articles"]}
    assert "within 45 days of delivery" in bodies["kb-exchanges"]
    assert "within 30 days of delivery" in bodies["kb-exchange-faq"]
    assert "until 31 January" in bodies["kb-holiday-returns"]


def live_body(demo: dict, article_id: str, moment: datetime) -> str | None:
    first = {a["id"]: a for a in demo["articles"]}
    if article_id not in first:
        return None
    body = first[article_id]["body"]
    for rewrite in demo["articles_v2"]:
        if rewrite["id"] == article_id and parse_timestamp(rewrite["updated_at"]) <= moment:
            body = rewrite["body"]
    return body


def test_sources_are_chunks_of_the_article_version_live_at_the_time(demo):
    stubs = set(demo["planted"]["articles"]["stubs"])
    records = demo["interactions"] + [r for run in demo["replays"].values() for r in run]
    for record in records:
        moment = parse_timestamp(record["timestamp"])
        for source in record["sources"]:
            body = live_body(demo, source["article_id"], moment)
            if body is None:
                assert source["article_id"] in stubs
                continue
            assert source["text"] in chunks(body), (record["id"], source["article_id"])


def test_answers_after_a_rewrite_use_the_new_text(demo):
    changed = {r["id"]: parse_timestamp(r["updated_at"]) for r in demo["articles_v2"]}
    express = [
        r
        for r in demo["interactions"]
        if "express" in r["query"].lower() and "cost" in r["query"].lower()
    ]
    after = [r for r in express if parse_timestamp(r["timestamp"]) >= changed["kb-shipping"]]
    before = [r for r in express if parse_timestamp(r["timestamp"]) < changed["kb-shipping"]]
    assert before and after
    assert not any("€9.95" in r["response"] for r in before)
    assert sum("€9.95" in r["response"] for r in after) >= len(after) / 2


def test_stub_sources_name_an_article_missing_from_the_export(demo):
    exported = {a["id"] for a in demo["articles"]}
    ids = set(demo["planted"]["classes"]["stub_article"]["ids"])
    stub_records = [r for r in demo["interactions"] if r["id"] in ids]
    assert stub_records
    for record in stub_records:
        assert any(s["article_id"] not in exported for s in record["sources"])


def test_every_planted_class_is_present(demo):
    classes = demo["planted"]["classes"]
    assert set(classes) == set(CLASSES)
    for name, minimum in MINIMUM_COUNTS.items():
        assert classes[name]["count"] >= minimum, name
        assert classes[name]["count"] == len(classes[name]["ids"])
    known = {record["id"] for record in demo["interactions"]}
    for entry in classes.values():
        assert set(entry["ids"]) <= known


def test_planted_classes_use_varied_phrasings(demo):
    by_id = {record["id"]: record for record in demo["interactions"]}
    for name, entry in demo["planted"]["classes"].items():
        if entry["expected"]["overlay"] or name == "xss_probe":
            continue
        records = [by_id[i] for i in entry["ids"]]
        assert len({r["response"] for r in records}) >= 3, name
        if name != "bot_initiated":
            assert len({r["query"] for r in records}) >= 3, name


def test_planted_classes_look_like_what_they_claim(demo):
    by_id = {record["id"]: record for record in demo["interactions"]}

    def records(name):
        return [by_id[i] for i in demo["planted"]["classes"][name]["ids"]]

    assert all(r["query"] == "" for r in records("bot_initiated"))
    assert all(not r["sources"] for r in records("small_talk"))
    assert all(r["feedback"] == "down" for r in records("thumbs_down_on_good"))
    for record in records("nothing_retrieved"):
        assert all(s["score"] < 0.5 for s in record["sources"])
    for record in records("irrelevant_sources"):
        assert any(s["article_id"] == "kb-newsletter" for s in record["sources"])
    for record in records("repetitive"):
        assert {s["article_id"] for s in record["sources"]} == {"kb-returns", "kb-return-howto"}
    for record in records("condition_misapplied"):
        if "45" in record["response"]:
            assert any("45 days" in s["text"] for s in record["sources"])
    assert {r["query"] for r in records("xss_probe")} == {
        "<script>alert(1)</script>",
        "Where is my order? <img src=x onerror=alert(1)>",
    }


def test_bad_quotes_are_not_in_the_retrieved_text(demo):
    by_id = {record["id"]: record for record in demo["interactions"]}
    for record_id in demo["planted"]["classes"]["bad_quote"]["ids"]:
        record = by_id[record_id]
        quotes = QUOTE.findall(record["response"])
        assert quotes
        retrieved = " ".join(s["text"] for s in record["sources"])
        assert all(quote not in retrieved for quote in quotes)


def test_good_answers_only_state_numbers_found_in_their_sources(demo):
    good = {"sufficient", "grounded_negative", "unasked_facts", "irrelevant_sources", "partial"}
    by_id = {record["id"]: record for record in demo["interactions"]}
    for name in sorted(good):
        for record_id in demo["planted"]["classes"][name]["ids"]:
            record = by_id[record_id]
            allowed = set(NUMBER.findall(record["query"]))
            for source in record["sources"]:
                allowed |= set(NUMBER.findall(source["text"]))
            stated = set(NUMBER.findall(record["response"]))
            assert stated <= allowed, (name, record["id"], stated - allowed)


def test_good_answer_templates_only_state_numbers_from_their_sources(build):
    """Every good answer fits every phrasing of its question and every live article version."""
    good = GOOD_TEMPLATE_PLANTS
    moments = [datetime.combine(build.start, datetime.min.time())] + [
        build.kb.rewritten_at(article_id) + timedelta(hours=1)
        for article_id in ("kb-returns", "kb-shipping", "kb-warranty")
    ]
    for intent in INTENT_BY_KEY.values():
        in_every_query = set.intersection(
            *(
                set(NUMBER.findall(q.format(item="x", noun="x", order="BC-1")))
                for q in intent.queries
            )
        )
        for answer in intent.answers:
            if answer.plant not in good:
                continue
            refs = answer.sources if answer.sources is not None else intent.sources
            for moment in moments:
                if (
                    era_of(intent, build.kb, moment) not in (answer.era, "any")
                    and answer.era != "any"
                ):
                    continue
                allowed = set(in_every_query)
                for ref in refs:
                    allowed |= set(NUMBER.findall(build.kb.chunk(ref, moment)))
                for text in answer.texts:
                    stated = set(NUMBER.findall(text.format(item="x", noun="x", order="BC-1")))
                    assert stated <= allowed, (intent.key, answer.plant, stated - allowed)


def test_the_holiday_peak_doubles_october_traffic(demo):
    per_day = Counter(parse_timestamp(r["timestamp"]).date() for r in demo["interactions"])
    october = [count for day, count in per_day.items() if day.month == 10]
    late_november = [per_day[date(2026, 11, day)] for day in range(20, 30)]
    assert sum(late_november) / len(late_november) >= 2 * sum(october) / len(october)
    august = [count for day, count in per_day.items() if day.month == 8]
    assert sum(august) / len(august) > sum(october) / len(october)


def test_total_is_close_to_the_requested_number(demo, tmp_path):
    assert abs(len(demo["interactions"]) - 5000) <= 250
    small = demo_generate(
        out_dir=tmp_path, seed=3, end=date(2026, 3, 15), months=3, n_interactions=900
    )
    records = read_jsonl(small.interactions)
    assert abs(len(records) - 900) <= 45
    days = {parse_timestamp(r["timestamp"]).date() for r in records}
    assert min(days) >= date(2026, 1, 1) and max(days) <= date(2026, 3, 15)


def test_both_bots_are_in_the_log(demo):
    bots = Counter(record["bot"] for record in demo["interactions"])
    assert 0.10 <= bots["seller-help"] / sum(bots.values()) <= 0.20
    seller_articles = set(demo["planted"]["bots"]["seller-help"]["articles"])
    for record in demo["interactions"]:
        if record["bot"] == "seller-help":
            assert {s["article_id"] for s in record["sources"]} <= seller_articles


def test_feedback_is_mostly_absent_and_down_votes_follow_bad_answers(build):
    graded = [turn for turn in build.turns if turn.plant != "small_talk"]
    rated = [turn for turn in graded if turn.feedback is not None]
    assert len(rated) / len(graded) < 0.2
    good = [turn for turn in graded if CLASSES[turn.plant].verdict == "sufficient"]
    bad = [turn for turn in graded if CLASSES[turn.plant].verdict == "insufficient"]
    down_rate_good = sum(t.feedback == "down" for t in good) / len(good)
    down_rate_bad = sum(t.feedback == "down" for t in bad) / len(bad)
    assert down_rate_bad > 4 * down_rate_good > 0


def test_good_answers_are_a_realistic_majority(build):
    graded = [turn for turn in build.turns if turn.plant not in ("small_talk", "bot_initiated")]
    good = sum(CLASSES[turn.plant].verdict == "sufficient" for turn in graded) / len(graded)
    assert 0.55 <= good <= 0.67


def article_means(turns, first: date, last: date) -> dict[str, tuple[int, float, float, float]]:
    """Per article: retrievals and mean SP, G, SQC of the interactions that retrieved it."""
    by_article = defaultdict(list)
    for turn in turns:
        if first <= turn.timestamp.date() <= last:
            for article_id in sorted(set(turn.article_ids())):
                by_article[article_id].append(turn)
    return {
        article_id: (
            len(group),
            mean(t.source_precision for t in group),
            mean(t.groundedness for t in group),
            mean(t.source_query_coverage for t in group),
        )
        for article_id, group in by_article.items()
    }


def gap_priority(entry: tuple[int, float, float, float]) -> float:
    traffic, *metrics = entry
    if not all(value is not None and value < 0.8 for value in metrics):
        return 0.0
    return traffic * sum(0.8 - value for value in metrics)


def test_returns_policy_is_the_top_content_gap_in_the_holiday_peak(build):
    peak = article_means(build.turns, date(2026, 11, 20), END)
    ranked = sorted(peak, key=lambda article_id: -gap_priority(peak[article_id]))
    assert ranked[0] == "kb-returns"
    traffic, *metrics = peak["kb-returns"]
    assert traffic >= 80 and all(value < 0.8 for value in metrics)
    # Its holiday sibling is retrieved alongside it and is fine: a condition, not a gap.
    assert gap_priority(peak["kb-holiday-returns"]) == 0


def test_rewrites_recover_except_the_returns_policy(build):
    changed = {
        aid: build.kb.rewritten_at(aid) for aid in ("kb-shipping", "kb-warranty", "kb-returns")
    }
    for article_id, moment in changed.items():
        before = article_means(build.turns, build.start, moment.date() - timedelta(days=1))
        after = article_means(build.turns, moment.date() + timedelta(days=1), END)
        if article_id == "kb-returns":
            assert gap_priority(before[article_id]) > 0 and gap_priority(after[article_id]) > 0
        else:
            _, _, groundedness, coverage = after[article_id]
            assert gap_priority(after[article_id]) == 0, article_id
            assert groundedness >= 0.8 and coverage >= 0.8, article_id
    warranty_before = article_means(build.turns, build.start, changed["kb-warranty"].date())
    assert gap_priority(warranty_before["kb-warranty"]) > 0
    shipping_coverage = [
        t.source_query_coverage for t in build.turns if t.intent == "express-cost-time"
    ]
    assert min(shipping_coverage) == 0.5 and max(shipping_coverage) == 1.0


def test_near_duplicate_pair_shows_high_precision_and_low_coverage(build):
    repetitive = [t for t in build.turns if t.plant == "repetitive"]
    assert mean(t.source_precision for t in repetitive) >= 0.8
    assert mean(t.source_query_coverage for t in repetitive) < 0.8


def test_replays_reanswer_last_months_production_queries(demo):
    production = {record["id"]: record for record in demo["interactions"]}
    since = datetime.combine(END - timedelta(days=29), datetime.min.time())
    for run, records in demo["replays"].items():
        assert len(records) == 300
        for record in records:
            original = production[record["metadata"]["replay_of"]]
            assert record["id"] == f"{run}-{original['id']}"
            assert record["conversation_id"].startswith(f"{run}-")
            assert record["query"] == original["query"] and record["query"]
            assert parse_timestamp(record["timestamp"]) >= since
            assert record["feedback"] is None
    queries = {run: [r["query"] for r in records] for run, records in demo["replays"].items()}
    assert queries["embed-v2"] == queries["prompt-v3"]


def test_embed_v2_passes_the_gate_and_prompt_v3_fails_it(build):
    production = {turn.id: turn for turn in build.turns}
    baseline = [production[t.metadata["replay_of"]] for t in build.replays["embed-v2"]]

    def means(turns):
        return {
            name: mean(getattr(t, name) for t in turns)
            for name in ("source_precision", "source_query_coverage", "groundedness")
        }

    base, embed, prompt = (
        means(baseline),
        means(build.replays["embed-v2"]),
        means(build.replays["prompt-v3"]),
    )
    assert all(value >= 0.8 for value in embed.values())
    assert embed["source_precision"] > base["source_precision"] + 0.02
    assert embed["source_query_coverage"] > base["source_query_coverage"] + 0.01
    assert prompt["source_precision"] > base["source_precision"]
    assert prompt["groundedness"] < 0.8
    plants = Counter(t.plant for t in build.replays["embed-v2"])
    assert plants["repetitive"] == plants["irrelevant_sources"] == plants["nothing_retrieved"] == 0


def test_manifest_describes_the_files(demo):
    manifest, planted = demo["manifest"], demo["planted"]
    assert manifest.counts["interactions"] == len(demo["interactions"])
    assert manifest.counts["feedback"] == len(demo["feedback"])
    assert manifest.counts["articles"] == len(demo["articles"])
    assert all(path.exists() for path in manifest.paths)
    assert manifest.class_counts["xss_probe"] == 2
    articles = planted["articles"]
    assert articles["content_gap"]["article_id"] == "kb-returns"
    assert articles["duplicate_pair"]["article_ids"] == ["kb-returns", "kb-return-howto"]
    assert articles["contradicting_pair"]["article_ids"] == ["kb-exchanges", "kb-exchange-faq"]
    assert articles["conditional_pair"]["article_ids"] == ["kb-returns", "kb-holiday-returns"]
    assert {r["article_id"]: r["recovers"] for r in articles["rewritten"]} == {
        "kb-returns": False,
        "kb-shipping": True,
        "kb-warranty": True,
    }
    assert planted["replays"]["embed-v2"]["expected_gate"] == "pass"
    assert planted["replays"]["prompt-v3"]["expected_gate"] == "fail"


def test_every_intent_template_fills_and_every_anchor_resolves(build):
    for intent in INTENT_BY_KEY.values():
        for query in intent.queries:
            query.format(item="x", noun="x", order="y")
        for answer in intent.answers:
            for text in answer.texts:
                text.format(item="x", noun="x", order="y")
    moments = [build.kb.rewritten_at(a) for a in ("kb-returns", "kb-shipping", "kb-warranty")]
    probes = [datetime.combine(build.start, datetime.min.time())] + [
        m + timedelta(hours=1) for m in moments
    ]
    for intent in INTENT_BY_KEY.values():
        for answer in intent.answers:
            refs = answer.sources if answer.sources is not None else intent.sources
            for ref in refs:
                for moment in probes:
                    if answer.era == "before" and moment >= build.kb.rewritten_at(intent.rewrite):
                        continue
                    if answer.era == "after" and moment < build.kb.rewritten_at(intent.rewrite):
                        continue
                    build.kb.chunk(ref, moment)


def test_planted_json_lists_each_judge_failure_class(demo):
    classes = demo["planted"]["classes"]
    for name, (verdict, low_metrics) in JUDGE_CLASSES.items():
        assert classes[name]["count"] >= 5, name
        assert len(set(classes[name]["ids"])) == classes[name]["count"], name
        assert classes[name]["expected"]["verdict"] == verdict, name
        assert classes[name]["expected"]["low_metrics"] == low_metrics, name


def test_follow_ups_name_their_subject_only_in_the_earlier_turn(demo):
    by_conversation = defaultdict(list)
    for record in demo["interactions"]:
        by_conversation[record["conversation_id"]].append(record)
    classes = demo["planted"]["classes"]
    follow_ups = set(
        classes["follow_up_wrong_item"]["ids"] + classes["follow_up_right_item"]["ids"]
    )
    for records in by_conversation.values():
        for earlier, record in zip(records, records[1:], strict=False):
            if record["id"] in follow_ups:
                assert earlier["query"] and earlier["id"] not in follow_ups
                assert earlier["sources"] and record["sources"]
                articles = {source["article_id"] for source in record["sources"]}
                assert articles & {source["article_id"] for source in earlier["sources"]}
                assert len(record["query"].split()) <= 6, record["query"]
    firsts = {records[0]["id"] for records in by_conversation.values()}
    assert follow_ups and not follow_ups & firsts
