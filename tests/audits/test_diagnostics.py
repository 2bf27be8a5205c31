from __future__ import annotations

import copy
import json
from types import SimpleNamespace
from typing import Any

import pytest

from audits.diagnostics import (
    CatalogueError,
    PeriodTotals,
    catalogue,
    diagnose,
    interaction_context,
    load_catalogue,
    period_context,
)
from audits.diagnostics.contexts import INTERACTION_NAMES, PERIOD_NAMES
from audits.diagnostics.engine import CATALOGUE_PATH, MARGIN, evaluate
from audits.judges.base import METRICS
from tests.factories import EvaluationFactory, InteractionFactory, RetrievedSourceFactory

THRESHOLDS = dict.fromkeys(METRICS, 0.8)

# An interaction with nothing wrong: every rule case below starts from it.
HEALTHY_INTERACTION: dict[str, Any] = {
    **dict.fromkeys(METRICS, 1.0),
    "n_sources": 3,
    "n_sub_queries": 2,
    "n_facts": 3,
    "n_unsupported": 0,
    "n_redundant": 0,
    "n_unasked": 0,
    "n_not_in_sources": 0,
    "n_contradicts_source": 0,
    "n_condition_misapplied": 0,
    "n_distinct_articles": 2,
    "n_duplicate_sources": 0,
    "n_duplicate_articles": 0,
    "verdict": "sufficient",
    "cause": None,
    "original_verdict": "sufficient",
    "thumbs_down": 0,
    "thumbs_up": 0,
    "max_score": 0.9,
    "relevance_threshold": 0.5,
    "declined": False,
    "bad_quotes": 0,
    "thresholds": THRESHOLDS,
}


def _healthy_totals(*, scope: str) -> PeriodTotals:
    graded = 160
    metrics: dict[str, Any] = {}
    for metric in METRICS:
        metrics |= {f"{metric}_sum": 0.92 * graded, f"{metric}_n": graded, f"{metric}_below": 8}
    return PeriodTotals(
        interactions=200,
        graded=graded,
        retrievals=240 if scope == "article" else 0,
        top_ranked=120 if scope == "article" else None,
        conversations=150,
        insufficient=8,
        thumbs_down=4,
        thumbs_up=20,
        cause_partial=3,
        cause_no_content=2,
        cause_contradictory=1,
        cause_out_of_scope=1,
        cause_user_feedback=1,
        **metrics,
    )


def healthy_context(scope: str) -> dict[str, Any]:
    if scope == "interaction":
        return copy.deepcopy(HEALTHY_INTERACTION)
    return period_context(
        _healthy_totals(scope=scope), thresholds=THRESHOLDS, min_sample=20, high_traffic=200
    )


SP, SQC, RP, RQC, G, SD = METRICS
DECLINE = {"declined": True, "n_facts": 0, RP: None, G: None, SD: None, RQC: 0.0}
# rule id -> (scope, what makes the healthy context trigger it, the one change on top of
# that which makes it a near miss). Thresholds are 0.8, so "low" is below 0.6.
CASES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    # retrieval
    "near-duplicate-retrieval": ("interaction", {SD: 0.5, SQC: 0.5}, {SQC: 1.0}),
    "irrelevant-retrieval": ("interaction", {SP: 0.4}, {SP: 0.7}),
    "retrieval-misses-parts": ("interaction", {SQC: 0.5}, {SD: 0.5}),
    "retrieval-noise-in-answer": ("interaction", {SP: 0.4, RP: 0.5}, {G: 0.7}),
    "relevance-cutoff-too-strict": ("interaction", {"max_score": 0.4}, {"max_score": 0.5}),
    "confident-wrong-retrieval": ("interaction", {SP: 0.3, SQC: 0.3}, {"max_score": 0.3}),
    "retrieval-comes-back-empty": (
        "bot",
        {"share_no_sources": 0.08, "share_no_content": 0.06},
        {"share_no_content": 0.01},
    ),
    # content
    "content-gap": ("article", {SP: 0.6, G: 0.5, SQC: 0.5}, {G: 0.8}),
    "duplicate-articles": (
        "interaction",
        {"n_duplicate_sources": 1, "n_duplicate_articles": 1, SD: 0.5},
        {"n_duplicate_articles": 0},
    ),
    "redirect-instead-of-content": (
        "interaction",
        {**DECLINE, SQC: 0.0, "verdict": "insufficient", "cause": "no_content"},
        {SQC: 0.9},
    ),
    "conflicting-sources": (
        "interaction",
        {"verdict": "insufficient", "cause": "contradictory"},
        {"n_contradicts_source": 1},
    ),
    "busy-article-missing-answers": (
        "article",
        {"insufficient_rate": 0.3, SQC: 0.7},
        {"traffic": 150},
    ),
    "article-chunks-repeat": (
        "article",
        {"chunks_per_interaction": 2.0, SD: 0.7},
        {"chunks_per_interaction": 1.2},
    ),
    "distractor-article": (
        "article",
        {"share_top_ranked": 0.1, SP: 0.5},
        {"share_top_ranked": 0.3},
    ),
    "article-fails-a-subset": (
        "article",
        {SQC: 0.85, "source_query_coverage_share_below": 0.3, "share_partial": 0.15},
        {"source_query_coverage_share_below": 0.2},
    ),
    "article-answers-half": (
        "article",
        {"share_partial": 0.25, SQC: 0.65},
        {"share_partial": 0.15},
    ),
    "conditions-confuse-answers": (
        "bot",
        {"share_with_condition_misapplied": 0.08, G: 0.7},
        {G: 0.85},
    ),
    "kb-missing-topics": ("bot", {"share_no_content": 0.12, SQC: 0.7}, {SQC: 0.8}),
    # generation
    "answer-ignores-sources": ("interaction", {RQC: 0.5}, {RP: 0.7}),
    "fills-gaps-with-invention": ("interaction", {SQC: 0.5, G: 0.6}, {SP: 0.75}),
    "condition-misapplied": (
        "interaction",
        {G: 0.67, "n_unsupported": 1, "n_condition_misapplied": 1},
        {"n_condition_misapplied": 0, "n_not_in_sources": 1},
    ),
    "prior-knowledge-leak": (
        "interaction",
        {G: 0.67, "n_unsupported": 1, "n_not_in_sources": 1},
        {SQC: 0.5},
    ),
    "contradicts-sources": (
        "interaction",
        {G: 0.67, "n_unsupported": 1, "n_contradicts_source": 1},
        {SQC: 0.5},
    ),
    "unasked-and-ungrounded": (
        "interaction",
        {RP: 0.5, G: 0.5, "n_not_in_sources": 2},
        {"n_not_in_sources": 0, "n_condition_misapplied": 2},
    ),
    "verbose-padding": ("interaction", {RP: 0.4, "n_facts": 5, "n_unasked": 3}, {"n_unasked": 2}),
    "summary-repetition": ("interaction", {SD: 0.5, "n_redundant": 2}, {RQC: 0.5}),
    "long-winded-answer": ("interaction", {SD: 0.6, RP: 0.6}, {RQC: 0.7}),
    "over-refusal": ("interaction", {**DECLINE, "verdict": "insufficient"}, {SQC: 0.5}),
    "should-have-declined": (
        "interaction",
        {"max_score": 0.3, SP: 0.0, SQC: 0.0, G: 0.3},
        {"declined": True},
    ),
    "answered-without-sources": (
        "interaction",
        {"n_sources": 0, "max_score": None, SP: None, SQC: 0.0, G: 0.0},
        {"n_facts": 0},
    ),
    "off-topic-answered": (
        "interaction",
        {
            "verdict": "insufficient",
            "cause": "out_of_scope",
            "max_score": 0.2,
            SP: 0.0,
            SQC: 0.0,
            G: 0.0,
        },
        {"declined": True},
    ),
    "misquoted-source": ("interaction", {"bad_quotes": 1}, {"bad_quotes": 0}),
    "invented-quote": ("interaction", {"bad_quotes": 1, G: 0.5}, {G: 0.8}),
    "users-dislike-sound-answer": (
        "interaction",
        {"thumbs_down": 1, "verdict": "insufficient", "cause": "user_feedback"},
        {"original_verdict": "insufficient"},
    ),
    "dislikes-judge-misses": (
        "bot",
        {"thumbs_down_rate": 0.2, "judged_insufficient_rate": 0.05},
        {"judged_insufficient_rate": 0.12},
    ),
    "repetition-drives-dislikes": ("article", {"thumbs_down_rate": 0.12, SD: 0.7}, {SP: 0.7}),
    "busy-article-answered-badly": ("article", {"insufficient_rate": 0.3, G: 0.7}, {G: 0.85}),
    "padding-widespread": (
        "bot",
        {"share_unasked_3plus": 0.3, RP: 0.7},
        {"share_unasked_3plus": 0.2},
    ),
    "never-declines": (
        "bot",
        {"share_should_have_declined": 0.06, "share_declined": 0.01},
        {"share_declined": 0.03},
    ),
    "over-refusal-common": ("bot", {"share_over_refusal": 0.06}, {SQC: 0.75}),
    "off-topic-traffic": (
        "bot",
        {"share_out_of_scope": 0.06, SP: 0.7},
        {"share_out_of_scope": 0.04},
    ),
    "retrieval-noise": ("bot", {"share_noise": 0.3, SP: 0.6}, {"share_noise": 0.1, SP: 0.6}),
    "missing-articles": (
        "bot",
        {"share_missing": 0.08, SQC: 0.7},
        {"share_missing": 0.03, SQC: 0.7},
    ),
}
RULES = {rule.id: rule for rule in catalogue()}


def case_contexts(rule_id: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    scope, trigger, near_miss = CASES[rule_id]
    triggering = healthy_context(scope) | trigger
    return scope, triggering, triggering | near_miss


def fired(context: dict[str, Any], scope: str) -> list[str]:
    return [diagnosis.rule_id for diagnosis in diagnose(context, scope=scope)]


def leaves(node: dict[str, Any]) -> list[dict[str, Any]]:
    for key in ("all", "any"):
        if key in node:
            return [leaf for child in node[key] for leaf in leaves(child)]
    if "not" in node:
        return leaves(node["not"])
    return [node]


# --- the catalogue -------------------------------------------------------------------


def test_every_rule_brings_a_triggering_and_a_near_miss_case():
    assert set(CASES) == set(RULES)
    for rule_id, (scope, trigger, near_miss) in CASES.items():
        assert scope in RULES[rule_id].scopes
        assert trigger and near_miss


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_the_rule_fires_on_its_triggering_case(rule_id):
    scope, triggering, _ = case_contexts(rule_id)
    assert rule_id in fired(triggering, scope)


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_the_rule_stays_silent_on_its_near_miss(rule_id):
    scope, _, near_miss = case_contexts(rule_id)
    assert rule_id not in fired(near_miss, scope)


@pytest.mark.parametrize("scope", ["interaction", "article", "bot"])
def test_a_healthy_context_triggers_nothing(scope):
    assert diagnose(healthy_context(scope), scope=scope) == []


def test_the_shipped_catalogue_loads_and_validates():
    rules = load_catalogue(json.loads(CATALOGUE_PATH.read_text(encoding="utf-8")))
    assert rules == catalogue()
    assert len({rule.id for rule in rules}) == len(rules)


def test_it_ships_at_least_thirty_rules_reading_combinations():
    assert len(catalogue()) >= 30
    for rule in catalogue():
        assert len(leaves(dict(rule.when))) >= 2, rule.id


def test_every_owner_has_rules_at_every_scope():
    for owner in ("retrieval", "generation", "content"):
        for scope in ("interaction", "article", "bot"):
            assert any(r.owner == owner and scope in r.scopes for r in catalogue()), (owner, scope)


def test_the_near_duplicate_rule_reads_the_talks_triplet():
    rule = RULES["near-duplicate-retrieval"]
    assert rule.owner == "retrieval"
    assert rule.scopes == {"interaction", "article", "bot"}
    for coverage in (0.7, 0.4):  # medium and low both count
        context = HEALTHY_INTERACTION | {SD: 0.5, SQC: coverage}
        assert "near-duplicate-retrieval" in fired(context, "interaction")
    assert "near-duplicate-retrieval" not in fired(HEALTHY_INTERACTION | {SD: 0.5}, "interaction")


def test_the_content_gap_rule_needs_all_three_metrics_below():
    rule = RULES["content-gap"]
    assert rule.owner == "content"
    assert rule.severity == 3
    gap = HEALTHY_INTERACTION | {SP: 0.7, G: 0.7, SQC: 0.7}
    assert "content-gap" in fired(gap, "interaction")
    for metric in (SP, G, SQC):
        assert "content-gap" not in fired(gap | {metric: 0.8}, "interaction")


# --- missing values --------------------------------------------------------------------


METRIC_RULES = sorted(
    rule.id for rule in catalogue() if any("metric" in leaf for leaf in leaves(dict(rule.when)))
)


@pytest.mark.parametrize("rule_id", METRIC_RULES)
def test_none_metrics_never_trigger(rule_id):
    scope, triggering, _ = case_contexts(rule_id)
    assert rule_id not in fired(triggering | dict.fromkeys(METRICS, None), scope)


@pytest.mark.parametrize("scope", ["interaction", "article", "bot"])
def test_a_context_of_nones_triggers_nothing(scope):
    context = dict.fromkeys(healthy_context(scope), None) | {"graded": 100, "min_sample": 1}
    assert diagnose(context, scope=scope) == []
    assert diagnose({"graded": 100, "min_sample": 1}, scope=scope) == []


def test_a_negated_missing_value_is_not_true_either():
    condition = {"not": {"metric": "groundedness", "is": "below"}}
    assert evaluate(condition, {"thresholds": THRESHOLDS}) is None
    assert evaluate(condition, {G: None, "thresholds": THRESHOLDS}) is None
    assert evaluate(condition, {G: 0.9, "thresholds": THRESHOLDS}) is True


def test_unknown_parts_decide_nothing_unless_another_part_does():
    unknown = {"metric": "groundedness", "is": "below"}
    true, false = {"value": "n", "op": ">=", "than": 1}, {"value": "n", "op": "<", "than": 1}
    context = {"n": 2, "thresholds": THRESHOLDS}
    assert evaluate({"all": [unknown, false]}, context) is False
    assert evaluate({"all": [unknown, true]}, context) is None
    assert evaluate({"any": [unknown, true]}, context) is True
    assert evaluate({"any": [unknown, false]}, context) is None


def test_it_never_orders_strings_or_crashes_on_odd_values():
    assert evaluate({"value": "cause", "op": ">=", "than": 1}, {"cause": "partial"}) is None
    assert evaluate({"value": "n", "op": "<", "than": "@m"}, {"n": 1, "m": "x"}) is None
    assert evaluate({"metric": "groundedness", "is": "high"}, {G: 0.9}) is None
    assert evaluate({"metric": "groundedness", "is": "high"}, {G: 0.9, "thresholds": {}}) is None


def test_metric_bands_are_relative_to_the_bots_threshold():
    thresholds = THRESHOLDS | {G: 0.6}

    def band(value: float) -> list[str]:
        context = {G: value, "thresholds": thresholds}
        bands = ("high", "below", "medium", "low")
        return [b for b in bands if evaluate({"metric": G, "is": b}, context)]

    assert band(0.6) == ["high"]
    assert band(0.5) == ["below", "medium"]
    assert band(0.6 - MARGIN) == ["below", "medium"]
    assert band(0.3) == ["below", "low"]


# --- validation ------------------------------------------------------------------------


def _catalogue_with(**changes: Any) -> dict[str, Any]:
    rule = {
        "id": "some-rule",
        "title": "Some rule",
        "scopes": ["interaction"],
        "when": {
            "all": [{"metric": SP, "is": "high"}, {"value": "n_facts", "op": ">=", "than": 1}]
        },
        "conclusion": "It means something.",
        "action": "Do something.",
        "owner": "retrieval",
        "severity": 2,
    }
    return {"rules": [rule | changes]}


BROKEN = {
    "unknown rule key": (_catalogue_with(colour="red"), "unknown key"),
    "missing rule key": ({"rules": [{"id": "x"}]}, "missing key"),
    "unknown context name": (
        _catalogue_with(when={"value": "n_fact", "op": ">=", "than": 1}),
        "unknown context name 'n_fact'",
    ),
    "unknown reference": (
        _catalogue_with(when={"value": "max_score", "op": "<", "than": "@relevance"}),
        "unknown context name '@relevance'",
    ),
    "period name in an interaction rule": (
        _catalogue_with(when={"value": "insufficient_rate", "op": ">", "than": 0.2}),
        r"\(interaction\).*unknown context name",
    ),
    "interaction name in a bot rule": (
        _catalogue_with(scopes=["bot"], when={"value": "n_facts", "op": ">", "than": 2}),
        r"\(bot\).*unknown context name",
    ),
    "bad op": (_catalogue_with(when={"value": "n_facts", "op": "=>", "than": 1}), "unknown op"),
    "ordering a string": (
        _catalogue_with(when={"value": "cause", "op": ">", "than": "partial"}),
        "only be compared with == or !=",
    ),
    "unknown leaf key": (
        _catalogue_with(when={"metric": SP, "is": "high", "margin": 0.1}),
        "unknown key",
    ),
    "unknown metric": (_catalogue_with(when={"metric": "precision", "is": "high"}), "metric"),
    "unknown band": (_catalogue_with(when={"metric": SP, "is": "poor"}), "'is' must be"),
    "empty all": (_catalogue_with(when={"all": []}), "non-empty list"),
    "unknown node": (_catalogue_with(when={"either": []}), "expected all, any, not"),
    "bad owner": (_catalogue_with(owner="prompt"), "owner"),
    "bad severity": (_catalogue_with(severity=4), "severity"),
    "boolean severity": (_catalogue_with(severity=True), "severity"),
    "bad scope": (_catalogue_with(scopes=["week"]), "scopes"),
    "id not kebab-case": (_catalogue_with(id="Some_Rule"), "kebab-case"),
    "unknown top-level key": ({"rules": [], "version": 2}, "unknown key"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_it_rejects_a_broken_catalogue_at_load_time(name):
    data, message = BROKEN[name]
    with pytest.raises(CatalogueError, match=message):
        load_catalogue(data)


def test_it_rejects_duplicate_ids():
    data = _catalogue_with()
    data["rules"].append(dict(data["rules"][0]))
    with pytest.raises(CatalogueError, match="'some-rule': duplicate id"):
        load_catalogue(data)


# --- diagnose --------------------------------------------------------------------------


def test_diagnoses_come_most_severe_first_then_by_id():
    context = HEALTHY_INTERACTION | {SP: 0.5, G: 0.5, SQC: 0.5, "bad_quotes": 1}
    diagnoses = diagnose(context, scope="interaction")
    keys = [(-d.severity, d.rule_id) for d in diagnoses]
    assert keys == sorted(keys)
    assert {"content-gap", "invented-quote"} <= {d.rule_id for d in diagnoses}
    assert diagnose(context, scope="interaction") == diagnoses
    assert diagnoses[0].to_dict()["rule_id"] == diagnoses[0].rule_id


def test_a_rule_fires_only_at_its_scopes():
    _, triggering, _ = case_contexts("over-refusal")
    period = healthy_context("bot") | triggering
    assert "over-refusal" in fired(triggering, "interaction")
    assert "over-refusal" not in fired(period, "bot")


def test_period_rules_wait_for_min_sample():
    _, triggering, _ = case_contexts("content-gap")
    assert "content-gap" in fired(triggering | {"graded": 20, "min_sample": 20}, "article")
    assert fired(triggering | {"graded": 19, "min_sample": 20}, "article") == []
    assert fired({k: v for k, v in triggering.items() if k != "graded"}, "article") == []


def test_it_rejects_an_unknown_scope():
    with pytest.raises(ValueError, match="unknown scope"):
        diagnose(HEALTHY_INTERACTION, scope="week")


# --- interaction_context ---------------------------------------------------------------

RETURNS = (
    "You can return most items within 30 days of delivery. If we shipped the wrong item, "
    "you have 45 days to return it."
)


def test_interaction_context_reads_the_rows(bot):
    bot.threshold_groundedness = 0.7
    bot.relevance_threshold = 0.6
    bot.save()
    interaction = InteractionFactory(
        bot=bot,
        query="How long do I have to return headphones? Is there a restocking fee?",
        response='You have 45 days. Our policy says "returns are always free of charge".',
        feedback="down",
    )
    for rank, (key, text, score) in enumerate(
        [
            ("kb-returns", RETURNS, 0.82),
            ("kb-returns-electronics", RETURNS + " Thank you.", 0.79),
            ("kb-newsletter", "Big savings on headphones this week in our store.", None),
        ],
        start=1,
    ):
        RetrievedSourceFactory(
            interaction=interaction, rank=rank, article_key=key, text=text, score=score
        )
    evaluation = EvaluationFactory(
        interaction=interaction,
        source_precision=2 / 3,
        source_query_coverage=0.5,
        response_query_coverage=0.5,
        groundedness=0.0,
        self_distinctness=None,
        verdict="insufficient",
        cause="user_feedback",
        original_verdict="sufficient",
        n_sub_queries=2,
        n_facts=2,
        n_unsupported=2,
        details={
            "unsupported": [
                {"fact": 0, "reason": "condition_misapplied"},
                {"fact": 1, "reason": "not_in_sources"},
                {"fact": 2, "reason": "made_up_reason"},
                "not an entry",
            ]
        },
    )

    context = interaction_context(evaluation, interaction)

    assert context[SP] == pytest.approx(2 / 3)
    assert context[SD] is None
    assert context[RP] == 1.0
    assert (context["n_sources"], context["n_sub_queries"], context["n_facts"]) == (3, 2, 2)
    assert context["n_unsupported"] == 2
    assert context["n_condition_misapplied"] == 1
    assert context["n_not_in_sources"] == 1
    assert context["n_contradicts_source"] == 0
    assert context["n_distinct_articles"] == 3
    assert context["n_duplicate_sources"] == 1
    assert context["n_duplicate_articles"] == 1
    assert context["verdict"] == "insufficient"
    assert context["cause"] == "user_feedback"
    assert context["original_verdict"] == "sufficient"
    assert (context["thumbs_down"], context["thumbs_up"]) == (1, 0)
    assert context["max_score"] == 0.82
    assert context["relevance_threshold"] == 0.6
    assert context["declined"] is False
    assert context["bad_quotes"] == 1
    assert context["thresholds"][G] == 0.7
    assert context["thresholds"][SP] == 0.8
    assert set(context) - {"thresholds"} == set(HEALTHY_INTERACTION) - {"thresholds"}
    # The condition was misapplied, but the sources did not cover the question either.
    assert fired(context, "interaction") == ["content-gap", "invented-quote"]


def test_interaction_context_on_a_decline_without_scores(bot):
    interaction = InteractionFactory(
        bot=bot,
        response="I'm sorry, I don't have that information. Please contact our support team.",
        feedback="up",
    )
    RetrievedSourceFactory(interaction=interaction, rank=1, text=RETURNS, score=None)
    evaluation = EvaluationFactory(
        interaction=interaction,
        response_precision=None,
        response_query_coverage=0.0,
        groundedness=None,
        self_distinctness=None,
        verdict="insufficient",
        cause="no_content",
        n_sub_queries=1,
    )

    context = interaction_context(evaluation, interaction)

    assert context["declined"] is True
    assert context["max_score"] is None
    assert (context["thumbs_down"], context["thumbs_up"]) == (0, 1)
    assert context["original_verdict"] == "insufficient"
    assert context["n_condition_misapplied"] == 0
    assert fired(context, "interaction") == ["over-refusal"]


def test_interaction_context_flags_a_misapplied_condition_end_to_end(bot):
    interaction = InteractionFactory(bot=bot, response="You have 45 days to return headphones.")
    RetrievedSourceFactory(interaction=interaction, rank=1, text=RETURNS, score=0.9)
    evaluation = EvaluationFactory(
        interaction=interaction,
        groundedness=0.0,
        n_sub_queries=1,
        n_facts=1,
        n_unsupported=1,
        details={"unsupported": [{"fact": 0, "reason": "condition_misapplied"}]},
    )

    context = interaction_context(evaluation, interaction)

    assert fired(context, "interaction") == ["condition-misapplied"]


def test_counts_of_an_undecomposed_grade_are_unknown(bot):
    interaction = InteractionFactory(bot=bot, feedback="down")
    evaluation = EvaluationFactory(
        interaction=interaction,
        judge="feedback",
        verdict="insufficient",
        cause="user_feedback",
        **dict.fromkeys(METRICS, None),
    )

    context = interaction_context(evaluation, interaction)

    assert context["n_facts"] is None
    assert context["n_condition_misapplied"] is None
    assert context["n_sources"] == 0
    assert fired(context, "interaction") == []


# --- period_context --------------------------------------------------------------------


def test_period_context_computes_means_and_shares():
    totals = PeriodTotals(
        interactions=50,
        graded=40,
        retrievals=75,
        conversations=30,
        insufficient=10,
        thumbs_down=5,
        thumbs_up=10,
        source_precision_sum=30.0,
        source_precision_n=40,
        source_precision_below=12,
        groundedness_sum=18.0,
        groundedness_n=20,
        groundedness_below=4,
        cause_partial=6,
        cause_user_feedback=2,
        unasked_3plus=8,
        no_sources=5,
        top_ranked=10,
    )

    context = period_context(totals, thresholds=THRESHOLDS, min_sample=25)

    assert context[SP] == 0.75
    assert context["source_precision_share_below"] == 0.3
    assert context[G] == 0.9
    assert context["groundedness_share_below"] == 0.2
    assert context["groundedness_n"] == 20
    assert context[SQC] is None and context["source_query_coverage_share_below"] is None
    assert context["insufficient_rate"] == 0.25
    assert context["judged_insufficient_rate"] == 0.2
    assert context["thumbs_down_rate"] == 0.1
    assert context["thumbs_up_rate"] == 0.2
    assert context["share_partial"] == 0.15
    assert context["share_contradictory"] == 0.0
    assert context["share_unasked_3plus"] == 0.2
    assert context["share_no_sources"] == 0.1  # of all interactions, graded or not
    assert context["chunks_per_interaction"] == 1.5
    assert context["share_top_ranked"] == 0.2
    assert (context["traffic"], context["graded"], context["min_sample"]) == (75, 40, 25)
    assert context["high_traffic"] is None
    assert context["thresholds"] == THRESHOLDS


def test_period_context_of_a_bot_counts_interactions_as_traffic():
    context = period_context(
        PeriodTotals(interactions=12, graded=0), thresholds=THRESHOLDS, min_sample=1
    )
    assert context["traffic"] == 12
    assert context["chunks_per_interaction"] is None
    assert context["share_top_ranked"] is None
    assert context["insufficient_rate"] is None
    assert context[SP] is None
    assert diagnose(context, scope="bot") == []


def test_period_context_offers_every_name_the_catalogue_may_read():
    context = period_context(PeriodTotals(), thresholds=THRESHOLDS, min_sample=1)
    assert set(context) - {"thresholds"} == PERIOD_NAMES
    assert set(HEALTHY_INTERACTION) - {"thresholds"} == INTERACTION_NAMES


def test_period_totals_add_up_days():
    monday = PeriodTotals(interactions=3, graded=2, groundedness_sum=1.5, groundedness_n=2)
    tuesday = PeriodTotals(
        interactions=5, graded=4, groundedness_sum=3.0, groundedness_n=4, top_ranked=2
    )

    week = monday.add(tuesday)

    assert (week.interactions, week.graded) == (8, 6)
    assert week.groundedness_sum == 4.5
    assert week.top_ranked == 2  # counted on one day only: not lost
    assert PeriodTotals.sum([monday, tuesday]) == week
    assert PeriodTotals.sum([]) == PeriodTotals()
    assert (monday.interactions, monday.top_ranked) == (3, None)  # add returns a new value


def test_period_totals_from_a_rollup_row():
    row = SimpleNamespace(interactions=7, graded=6, cause_partial=2, skipped=1, day="2026-11-02")
    totals = PeriodTotals.from_row(row)
    assert (totals.interactions, totals.graded, totals.cause_partial) == (7, 6, 2)
    assert totals.declined == 0
