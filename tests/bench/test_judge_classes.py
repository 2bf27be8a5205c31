"""The labelled judge cases of bench/judge_dev parse, are complete and balanced, and the
scorer reads a judge's result into the same labels."""

from __future__ import annotations

from collections import Counter

import pytest

from audits.judges.base import JudgeResult, Matches
from bench.judge_classes import (
    CLASSES,
    EXPECTED_KEYS,
    REQUIRED_FIELDS,
    load_cases,
    mismatched_keys,
    observed_labels,
)

MINIMUM_PER_CLASS = {"dev": 20, "test": 8}
MINIMUM_CASES = {"dev": 180, "test": 70}
CAUSES = {None, "contradictory", "partial", "no_content", "out_of_scope"}


def flagged(case: dict) -> bool:
    expected = case["expected"]
    return expected["verdict"] == "insufficient" or expected.get("redundant") is True


@pytest.fixture(scope="module", params=["dev", "test"])
def split_cases(request):
    return request.param, load_cases(request.param)


def test_every_case_has_the_required_fields_and_a_valid_class(split_cases):
    split, cases = split_cases
    for case in cases:
        assert set(REQUIRED_FIELDS) <= set(case), case.get("id")
        assert case["class"] in CLASSES, case["id"]
        assert case["id"].startswith(f"{split}-"), case["id"]
        assert case["query"] and case["response"] and case["reason"] and case["bot_domain"]
        for source in case["sources"]:
            assert source["article_id"] and source["title"] and source["text"]
        for turn in case["history"]:
            assert turn["query"] and turn["response"]


def test_expected_labels_are_well_formed(split_cases):
    _, cases = split_cases
    for case in cases:
        expected = case["expected"]
        assert set(expected) <= set(EXPECTED_KEYS), case["id"]
        assert expected["verdict"] in ("sufficient", "insufficient"), case["id"]
        if "cause" in expected:
            assert expected["cause"] in CAUSES, case["id"]
            # SPEC §3: the cause is null exactly when the verdict is sufficient.
            assert (expected["cause"] is None) == (expected["verdict"] == "sufficient"), case["id"]
        for key in ("grounded", "redundant", "covered"):
            assert expected.get(key, False) in (True, False), case["id"]


def test_ids_are_unique_across_both_files():
    ids = [case["id"] for split in ("dev", "test") for case in load_cases(split)]
    assert len(ids) == len(set(ids))


def test_each_class_has_enough_cases(split_cases):
    split, cases = split_cases
    assert len(cases) >= MINIMUM_CASES[split]
    counts = Counter(case["class"] for case in cases)
    for name in CLASSES:
        assert counts[name] >= MINIMUM_PER_CLASS[split], (split, name, counts[name])


def test_each_class_has_both_labels_about_half_each(split_cases):
    split, cases = split_cases
    for name in CLASSES:
        labels = [flagged(case) for case in cases if case["class"] == name]
        share = sum(labels) / len(labels)
        assert 0.35 <= share <= 0.65, (split, name, share)


def test_follow_ups_carry_one_to_three_earlier_turns(split_cases):
    _, cases = split_cases
    for case in cases:
        if case["class"] == "follow_up":
            assert 1 <= len(case["history"]) <= 3, case["id"]


def test_held_out_domains_never_appear_in_dev():
    dev_domains = {case["domain"] for case in load_cases("dev")}
    test_domains = {case["domain"] for case in load_cases("test")}
    assert len(dev_domains) >= 4
    assert len(test_domains) >= 2
    assert not dev_domains & test_domains


def _result(facts: list[str], response_source: list[list[int]], redundant_of=None) -> JudgeResult:
    return JudgeResult(
        sub_queries=["how long?"],
        facts=facts,
        matches=Matches(
            source_query=[[1]],
            response_query=[[1] for _ in facts],
            response_source=response_source,
            redundant_of=redundant_of or [None for _ in facts],
        ),
        verdict="sufficient",
    )


def test_an_answer_without_facts_counts_as_grounded():
    labels = observed_labels(_result([], []))
    assert labels["grounded"] is True
    assert labels["redundant"] is False


def test_one_unsupported_fact_makes_the_answer_ungrounded():
    labels = observed_labels(_result(["30 days", "free"], [[1], [0]]))
    assert labels["grounded"] is False
    assert labels["covered"] is True
    assert labels["redundant"] is False


def test_a_restated_fact_makes_the_answer_redundant():
    labels = observed_labels(_result(["30 days", "a month"], [[1], [1]], redundant_of=[None, 0]))
    assert labels["redundant"] is True
    assert labels["grounded"] is True


def test_only_the_labels_a_case_gives_are_compared():
    observed = {"verdict": "sufficient", "cause": None, "grounded": False, "redundant": False,
                "covered": True}  # fmt: skip
    assert mismatched_keys({"verdict": "sufficient"}, observed) == []
    assert mismatched_keys({"verdict": "sufficient", "grounded": True}, observed) == ["grounded"]
