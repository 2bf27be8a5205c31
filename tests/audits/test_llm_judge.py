"""The LLM judge over real HTTP: the openai client against the loopback server."""

from __future__ import annotations

import json

import openai
import pytest
from django.core.exceptions import ImproperlyConfigured

from audits.judges.base import JudgeError, JudgeInput, SourceText
from audits.judges.cache import cache_key
from audits.judges.llm import LLMJudge
from audits.models import JudgeCacheEntry
from tests.llm_server import (
    TYPICAL_DOMAIN,
    TYPICAL_QUERY,
    TYPICAL_RESPONSE,
    TYPICAL_SOURCES,
    Reply,
    completion_reply,
    error_reply,
    judgement,
    typical_output,
)

pytestmark = pytest.mark.django_db

RETURNS = "Returns policy: you can return headphones within 30 days of delivery."
NEWSLETTER = "Sign up to our newsletter for headphones deals and return-customer offers."
CONDITIONS = "You have 30 days to return an item; 45 days if we shipped the wrong item."


def triplet(query: str, sources: list[str], response: str, domain: str = "") -> JudgeInput:
    return JudgeInput(
        query=query,
        sources=[SourceText(rank=rank, text=text) for rank, text in enumerate(sources, 1)],
        response=response,
        bot_domain=domain,
    )


def typical() -> JudgeInput:
    return triplet(TYPICAL_QUERY, list(TYPICAL_SOURCES), TYPICAL_RESPONSE, TYPICAL_DOMAIN)


def one_fact_output(**overrides) -> dict:
    """One sub-query, one fact, one source: a clean, sufficient grading."""
    fields = {
        "source_query": [[1]],
        "response_query": [[1]],
        "response_source": [[1]],
        **overrides,
    }
    return judgement(["How long to return headphones?"], ["30 days from delivery."], **fields)


ONE_FACT = triplet("How long do I have to return headphones?", [RETURNS], "You have 30 days.")


@pytest.fixture
def judge(llm_settings):
    return LLMJudge.from_settings()


# --- SPEC §3 worked examples ------------------------------------------------------------


def test_source_precision_is_half_when_one_of_two_sources_is_needed(judge, llm_server):
    llm_server.script(
        judgement(
            ["How long do I have to return headphones?"],
            ["Headphones can be returned within 30 days of delivery."],
            source_query=[[1], [0]],
            response_query=[[1]],
            response_source=[[1, 0]],
        )
    )
    item = triplet("How long do I have to return headphones?", [RETURNS, NEWSLETTER], "30 days.")

    result = judge.judge(item)

    assert result.metrics()["source_precision"] == 0.5
    assert result.verdict == "sufficient"
    assert result.cause is None


def test_response_query_coverage_is_half_when_one_of_two_sub_queries_is_answered(judge, llm_server):
    llm_server.script(
        judgement(
            ["What is the return window?", "How long does a refund take?"],
            ["Items can be returned within 30 days."],
            source_query=[[1, 1]],
            response_query=[[1, 0]],
            response_source=[[1]],
            verdict="insufficient",
            cause="partial",
            rationale="Gives the return window but not the refund time.",
        )
    )
    item = triplet(
        "What's the return window? And how long does the refund take?",
        ["Returns within 30 days. Refunds take 5 working days."],
        "You can return items within 30 days.",
    )

    result = judge.judge(item)

    assert result.metrics()["response_query_coverage"] == 0.5
    assert (result.verdict, result.cause) == ("insufficient", "partial")


def test_self_distinctness_is_half_when_two_of_four_facts_restate_earlier_ones(judge, llm_server):
    facts = ["Returns: 30 days.", "Refunds: 5 days.", "You have 30 days.", "Refunds in 5 days."]
    llm_server.script(
        judgement(
            ["How do returns and refunds work?"],
            facts,
            source_query=[[1]],
            response_query=[[1]] * 4,
            response_source=[[1]] * 4,
            redundant_of=[None, None, 0, 1],
        )
    )

    result = judge.judge(triplet("How do returns and refunds work?", [RETURNS], " ".join(facts)))

    assert result.metrics()["self_distinctness"] == 0.5


def test_metrics_with_an_empty_denominator_are_null(judge, llm_server):
    llm_server.script(
        judgement(
            ["Do you sell gift cards?"],
            [],
            source_query=[],
            response_query=[],
            response_source=[],
            verdict="insufficient",
            cause="no_content",
            rationale="Says nothing about gift cards.",
        )
    )

    metrics = judge.judge(triplet("Do you sell gift cards?", [], "Hello!")).metrics()

    assert metrics["source_precision"] is None
    assert metrics["response_precision"] is None
    assert metrics["groundedness"] is None
    assert metrics["self_distinctness"] is None
    assert metrics["source_query_coverage"] == 0.0


def test_a_fact_that_misapplies_a_condition_is_ungrounded(judge, llm_server):
    llm_server.script(
        one_fact_output(
            response_source=[[0]],
            unsupported=[
                {
                    "fact": 0,
                    "reason": "condition_misapplied",
                    "passage": "45 days if we shipped the wrong item",
                    "source": 1,
                }
            ],
            verdict="insufficient",
            cause="contradictory",
            rationale="Gives 45 days, which applies only to wrong items.",
        )
    )
    item = triplet("How long do I have to return headphones?", [CONDITIONS], "You have 45 days.")

    result = judge.judge(item)

    assert result.metrics()["groundedness"] == 0.0
    [unsupported] = result.unsupported
    assert unsupported.reason == "condition_misapplied"
    assert unsupported.passage == "45 days if we shipped the wrong item"
    assert unsupported.source_rank == 1


def test_a_fact_listed_unsupported_loses_its_support(judge, llm_server):
    llm_server.script(
        one_fact_output(
            unsupported=[{"fact": 0, "reason": "contradicts_source", "passage": "", "source": 1}],
            verdict="insufficient",
            cause="contradictory",
        )
    )

    result = judge.judge(ONE_FACT)

    assert result.matches.response_source == [[0]]
    assert result.metrics()["groundedness"] == 0.0


def test_a_fact_without_support_is_recorded_as_not_in_sources(judge, llm_server):
    llm_server.script(
        one_fact_output(response_source=[[0]], verdict="insufficient", cause="contradictory")
    )

    result = judge.judge(ONE_FACT)

    assert [(u.fact, u.reason) for u in result.unsupported] == [(0, "not_in_sources")]


# --- normalisation of what the model returns -------------------------------------------

UNCOVERED = {"sub_queries": ["Return window?", "Refund time?"], "source_query": [[1, 1]]}
UNCOVERED_ROWS = {"response_query": [[1, 0]]}
NO_FACTS = {"facts": [], "response_query": [], "response_source": [], "redundant_of": []}

OK = ("sufficient", None)
CONTRADICTORY, PARTIAL = ("insufficient", "contradictory"), ("insufficient", "partial")
NO_CONTENT, OUT_OF_SCOPE = ("insufficient", "no_content"), ("insufficient", "out_of_scope")
BLANK = {"verdict": "insufficient", "rationale": ""}

NORMALISED = [
    # (case, changes to a clean one-fact output, expected (verdict, cause))
    ("cause_in_verdict", {"verdict": "no_content"}, NO_CONTENT),
    ("spaced_cause_in_verdict", {"verdict": "Out of scope"}, OUT_OF_SCOPE),
    ("cause_inside_verdict", {"verdict": "insufficient (partial)"}, PARTIAL),
    ("sufficient_with_cause", {"cause": "partial"}, PARTIAL),
    ("sufficient_with_other_cause", {"cause": "minor issue"}, PARTIAL),
    ("sufficient_with_none_cause", {"cause": "none"}, OK),
    ("first_cause_in_rubric_wins", {"verdict": "partial", "cause": "contradictory"}, CONTRADICTORY),
    ("unknown_verdict", {"verdict": "mostly fine"}, PARTIAL),
    ("empty_verdict", {"verdict": ""}, PARTIAL),
    ("negated_verdict", {"verdict": "not sufficient"}, PARTIAL),
    ("blank_with_unsupported_fact", {**BLANK, "response_source": [[0]]}, CONTRADICTORY),
    ("blank_with_no_facts", {**BLANK, **NO_FACTS}, NO_CONTENT),
    ("blank_with_uncovered_sub_query", {**BLANK, **UNCOVERED, **UNCOVERED_ROWS}, PARTIAL),
    ("unknown_cause_read", {**BLANK, "cause": "contradicts the source"}, CONTRADICTORY),
    ("booleans_in_matrices", {"source_query": [[True]], "response_query": [[True]]}, OK),
]
RATIONALES = [
    # (case, rationale of a "sufficient" verdict, changes, expected (verdict, cause))
    ("part_unanswered", "Does not address the refund time.", UNCOVERED_ROWS | UNCOVERED, PARTIAL),
    ("redirect", "Only redirects the customer to contact our team.", NO_FACTS, NO_CONTENT),
    ("not_supported", "The 45-day window is not supported: wrong items only.", {}, CONTRADICTORY),
    ("only_partially", "Only partially answers the question.", {}, PARTIAL),
    ("no_information", "Provides no information about the warranty.", NO_FACTS, NO_CONTENT),
    (
        "redirect_no_answer",
        "Says to contact support without giving it.",
        {"response_query": [[0]]},
        NO_CONTENT,
    ),
    ("grounded_negative", "Correctly states that refunds are not offered after 30 days.", {}, OK),
    ("negated", "Does not contradict the sources; nothing is missing or unsupported.", {}, OK),
    ("negated_subject", "No part of the question is left unanswered.", {}, OK),
    ("clean_decline", "Politely declines an off-topic medical question, points to a GP.", {}, OK),
    (
        "decline_in_bots_words",
        "Says it cannot help with medical questions: a clean decline.",
        {},
        OK,
    ),
]
NORMALISED += [
    (case, {**changes, "rationale": text}, want) for case, text, changes, want in RATIONALES
]


@pytest.mark.parametrize(
    ("changes", "expected"), [c[1:] for c in NORMALISED], ids=[c[0] for c in NORMALISED]
)
def test_it_normalises_the_rubric_toward_flagging(judge, llm_server, changes, expected):
    llm_server.script({**one_fact_output(), **changes})

    result = judge.judge(ONE_FACT)

    assert (result.verdict, result.cause) == expected
    assert (result.cause is None) == (result.verdict == "sufficient")


def test_every_normalisation_is_noted(judge, llm_server):
    llm_server.script(one_fact_output(verdict="No content"))

    result = judge.judge(ONE_FACT)

    assert result.notes["normalised"] == ["cause 'no_content' found in the verdict field"]


def test_a_clean_output_carries_no_normalisation_note(judge, llm_server):
    llm_server.script(one_fact_output())

    assert "normalised" not in judge.judge(ONE_FACT).notes


def test_a_missing_redundant_of_means_no_redundancy(judge, llm_server):
    output = one_fact_output()
    del output["redundant_of"]
    llm_server.script(output)

    result = judge.judge(ONE_FACT)

    assert result.matches.redundant_of == [None]
    assert result.metrics()["self_distinctness"] == 1.0
    assert "redundant_of missing: no fact redundant" in result.notes["normalised"]


def _without(key: str) -> dict:
    output = one_fact_output()
    del output[key]
    return output


UNUSABLE = [
    ("missing_facts", json.dumps(_without("facts"))),
    ("missing_verdict", json.dumps(_without("verdict"))),
    ("missing_matrix", json.dumps(_without("response_source"))),
    ("too_many_source_rows", json.dumps(one_fact_output(source_query=[[1], [0]]))),
    ("too_few_columns", json.dumps(one_fact_output(response_query=[[]]))),
    ("too_many_fact_rows", json.dumps(one_fact_output(response_source=[[1], [1]]))),
    ("redundant_of_wrong_length", json.dumps(one_fact_output(redundant_of=[None, None]))),
    ("redundant_of_self", json.dumps(one_fact_output(redundant_of=[0]))),
    ("cell_not_binary", json.dumps(one_fact_output(source_query=[[2]]))),
    (
        "unsupported_fact_out_of_range",
        json.dumps(one_fact_output(unsupported=[{"fact": 3, "reason": "not_in_sources"}])),
    ),
    ("not_json", "The answer looks sufficient to me."),
    ("truncated_json", json.dumps(one_fact_output())[:80]),
    ("json_array", "[1, 2, 3]"),
    ("empty_content", ""),
    ("null_content", None),
]


@pytest.mark.parametrize("content", [c[1] for c in UNUSABLE], ids=[c[0] for c in UNUSABLE])
def test_unusable_output_raises_and_is_not_graded(judge, llm_server, content):
    llm_server.script(Reply(content=content))

    with pytest.raises(JudgeError):
        judge.judge(ONE_FACT)

    assert llm_server.calls == 1
    assert not JudgeCacheEntry.objects.exists()


def test_a_cut_off_reply_raises(judge, llm_server):
    llm_server.script(completion_reply(one_fact_output(), finish_reason="length"))

    with pytest.raises(JudgeError, match="cut off"):
        judge.judge(ONE_FACT)


FENCED = [
    ("json_fence", "Here is my grading:\n```json\n{output}\n```\nHope this helps."),
    ("bare_fence", "```\n{output}\n```"),
    ("prose_around_object", "Grading follows. {output} That is all."),
]


@pytest.mark.parametrize("template", [c[1] for c in FENCED], ids=[c[0] for c in FENCED])
def test_plain_text_mode_takes_the_json_out_of_the_reply(llm_settings, llm_server, template):
    llm_settings.KBAUDIT_JUDGE_RESPONSE_FORMAT = "none"
    llm_server.script(Reply(content=template.replace("{output}", json.dumps(one_fact_output()))))

    result = LLMJudge.from_settings().judge(ONE_FACT)

    assert (result.verdict, result.facts) == ("sufficient", ["30 days from delivery."])


# --- the HTTP boundary: retries, timeouts, garbage ------------------------------------------


def test_it_retries_a_server_error_then_grades(judge, llm_server):
    llm_server.script(error_reply(500), one_fact_output())

    result = judge.judge(ONE_FACT)

    assert result.verdict == "sufficient"
    assert llm_server.calls == 2


def test_it_retries_a_rate_limit_then_grades(judge, llm_server):
    llm_server.script(error_reply(429, "Rate limit reached"), one_fact_output())

    result = judge.judge(ONE_FACT)

    assert result.verdict == "sufficient"
    assert llm_server.calls == 2


def test_a_persistent_server_error_raises_after_every_retry(judge, llm_server, llm_settings):
    llm_server.script(*[error_reply(500)] * 5)

    with pytest.raises(JudgeError):
        judge.judge(ONE_FACT)

    assert llm_server.calls == llm_settings.KBAUDIT_JUDGE_MAX_RETRIES + 1


def test_a_client_error_is_not_retried(judge, llm_server):
    llm_server.script(error_reply(400, "bad request"), one_fact_output())

    with pytest.raises(JudgeError):
        judge.judge(ONE_FACT)

    assert llm_server.calls == 1


def test_a_reply_slower_than_the_timeout_raises(llm_settings, llm_server):
    llm_settings.KBAUDIT_JUDGE_TIMEOUT = 0.3
    llm_settings.KBAUDIT_JUDGE_MAX_RETRIES = 1
    slow = completion_reply(one_fact_output(), delay=2.0)
    llm_server.script(slow, slow)

    with pytest.raises(JudgeError):
        LLMJudge.from_settings().judge(ONE_FACT)

    assert llm_server.calls == 2


@pytest.mark.parametrize(
    "body", [b"\x00\xff\xfe garbage", b"<html>Bad gateway</html>", b"[]", b"{}"]
)
def test_a_garbage_body_raises(judge, llm_server, body):
    llm_server.script(Reply(body=body))

    with pytest.raises(JudgeError):
        judge.judge(ONE_FACT)


def test_the_loopback_server_lists_its_models(llm_server):
    client = openai.OpenAI(base_url=llm_server.base_url, api_key="k", max_retries=0)

    assert [model.id for model in client.models.list()] == ["loopback-judge"]


# --- the cache ---------------------------------------------------------------------------


def test_a_repeated_triplet_costs_one_call(judge, llm_server):
    llm_server.script(one_fact_output())

    first = judge.judge(ONE_FACT)
    second = judge.judge(ONE_FACT)

    assert llm_server.calls == 1
    assert (first.cached, second.cached) == (False, True)
    assert (second.prompt_tokens, second.completion_tokens, second.latency_ms) == (0, 0, 0)
    assert second.model_dump(include={"verdict", "cause", "matches", "facts", "topic"}) == (
        first.model_dump(include={"verdict", "cause", "matches", "facts", "topic"})
    )
    entry = JudgeCacheEntry.objects.get()
    assert (entry.hits, entry.prompt_tokens) == (1, first.prompt_tokens)
    assert entry.prompt_version == "llm-v2"


def test_a_changed_source_text_is_graded_again(judge, llm_server):
    llm_server.script(one_fact_output(), one_fact_output())
    changed = triplet(ONE_FACT.query, [RETURNS + " Sale items: 14 days."], ONE_FACT.response)

    judge.judge(ONE_FACT)
    result = judge.judge(changed)

    assert llm_server.calls == 2
    assert not result.cached


def test_a_new_prompt_version_or_model_is_graded_again(judge, llm_server):
    llm_server.script(one_fact_output(), one_fact_output(), one_fact_output())

    judge.judge(ONE_FACT)
    judge.prompt_version = "llm-v1"
    judge.judge(ONE_FACT)
    judge.model = "another-model"
    judge.judge(ONE_FACT)

    assert llm_server.calls == 3
    assert JudgeCacheEntry.objects.count() == 3


def test_the_cache_key_covers_source_order_and_domain():
    base = cache_key(ONE_FACT, model="m", prompt_version="v")
    two = triplet("q", ["a", "b"], "r")
    swapped = triplet("q", ["b", "a"], "r")

    assert cache_key(two, model="m", prompt_version="v") != cache_key(
        swapped, model="m", prompt_version="v"
    )
    assert base != cache_key(
        triplet(ONE_FACT.query, [RETURNS], ONE_FACT.response, domain="Electronics store"),
        model="m",
        prompt_version="v",
    )


def test_failures_are_not_cached(judge, llm_server):
    llm_server.script(Reply(body=b"garbage"), Reply(content="not json"), one_fact_output())

    for _ in range(2):
        with pytest.raises(JudgeError):
            judge.judge(ONE_FACT)
    result = judge.judge(ONE_FACT)

    assert not result.cached
    assert llm_server.calls == 3
    assert JudgeCacheEntry.objects.count() == 1


# --- the request sent --------------------------------------------------------------------


def test_it_asks_for_the_strict_schema_at_temperature_zero(judge, llm_server):
    llm_server.script(typical_output())

    judge.judge(typical())

    request = llm_server.last_request
    assert request["model"] == "loopback-judge"
    assert request["temperature"] == 0
    response_format = request["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["strict"] is True
    schema = response_format["json_schema"]["schema"]
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(schema["properties"]) >= {"verdict", "cause", "topic"}


@pytest.mark.parametrize(
    ("mode", "expected"), [("json_object", {"type": "json_object"}), ("none", None)]
)
def test_the_response_format_follows_the_setting(llm_settings, llm_server, mode, expected):
    llm_settings.KBAUDIT_JUDGE_RESPONSE_FORMAT = mode
    llm_server.script(one_fact_output())

    LLMJudge.from_settings().judge(ONE_FACT)

    assert llm_server.last_request.get("response_format") == expected


def test_an_unknown_response_format_is_a_configuration_error(llm_settings):
    llm_settings.KBAUDIT_JUDGE_RESPONSE_FORMAT = "yaml"

    with pytest.raises(ImproperlyConfigured):
        LLMJudge.from_settings()


def test_the_prompt_holds_the_domain_the_numbered_sources_and_the_answer(judge, llm_server):
    llm_server.script(typical_output())

    judge.judge(typical())

    system, user = llm_server.last_request["messages"]
    assert system["role"] == "system" and "contradictory" in system["content"]
    assert TYPICAL_DOMAIN in user["content"]
    assert TYPICAL_QUERY in user["content"]
    for number, text in enumerate(TYPICAL_SOURCES, 1):
        assert f"[{number}] {text}" in user["content"]
    assert TYPICAL_RESPONSE in user["content"]


def test_a_typical_interaction_fits_the_prompt_budget_and_records_usage(judge, llm_server):
    llm_server.script(typical_output())

    result = judge.judge(typical())

    assert result.prompt_tokens == llm_server.prompt_tokens <= 2000
    assert result.completion_tokens == llm_server.completion_tokens > 0
    assert result.latency_ms >= 0
    assert (result.judge, result.model, result.prompt_version) == (
        "llm",
        "loopback-judge",
        "llm-v2",
    )
    assert (result.verdict, result.topic) == ("sufficient", "returns")
    assert result.metrics()["response_query_coverage"] == 1.0
