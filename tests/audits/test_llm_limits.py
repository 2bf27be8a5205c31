"""The LLM judge's bounded call against the loopback server: max_tokens sized from the
interaction, bounds in the schema, and failed replies that still carry their tokens."""

from __future__ import annotations

import json

import pytest

from audits.judges.base import JudgeError, JudgeInput, SourceText
from audits.judges.llm import LLMJudge
from audits.judges.llm_call import MIN_COMPLETION_TOKENS, completion_budget
from audits.judges.llm_schema import MAX_SUB_QUERIES, SCHEMA
from audits.models import JudgeCacheEntry
from tests.llm_server import (
    TYPICAL_DOMAIN,
    TYPICAL_QUERY,
    TYPICAL_RESPONSE,
    TYPICAL_SOURCES,
    Reply,
    completion_reply,
    error_reply,
    estimate_tokens,
    judgement,
    looping_reply,
    typical_output,
)

pytestmark = pytest.mark.django_db

RETURNS = "Returns policy: you can return headphones within 30 days of delivery."


def triplet(query: str, sources: list[str], response: str) -> JudgeInput:
    return JudgeInput(
        query=query,
        sources=[SourceText(rank=rank, text=text) for rank, text in enumerate(sources, 1)],
        response=response,
    )


ONE_FACT = triplet("How long do I have to return headphones?", [RETURNS], "You have 30 days.")
TYPICAL = JudgeInput(
    query=TYPICAL_QUERY,
    sources=[SourceText(rank=n, text=text) for n, text in enumerate(TYPICAL_SOURCES, 1)],
    response=TYPICAL_RESPONSE,
    bot_domain=TYPICAL_DOMAIN,
)
LONG = triplet(
    "What is the return window? How long do refunds take? Do you charge restocking fees, "
    "and can I return opened software?",
    list(TYPICAL_SOURCES) * 2,
    " ".join([TYPICAL_RESPONSE] * 4),
)


def one_fact_output(**overrides) -> dict:
    fields = {"source_query": [[1]], "response_query": [[1]], "response_source": [[1]]}
    return judgement(["How long to return headphones?"], ["30 days."], **{**fields, **overrides})


@pytest.fixture
def judge(llm_settings):
    llm_settings.KBAUDIT_JUDGE_MAX_TOKENS = 0
    return LLMJudge.from_settings(use_cache=False)


# --- max_tokens ----------------------------------------------------------------------------


def test_every_call_sends_max_tokens_sized_from_the_interaction(judge, llm_server):
    llm_server.script(one_fact_output(), typical_output(), typical_output())

    judge.judge(ONE_FACT)
    judge.judge(TYPICAL)
    with pytest.raises(JudgeError):  # typical_output() does not fit LONG's dimensions
        judge.judge(LONG)

    sent = [request["max_tokens"] for request in llm_server.requests]
    assert sent == [
        completion_budget(ONE_FACT),
        completion_budget(TYPICAL),
        completion_budget(LONG),
    ]
    assert MIN_COMPLETION_TOKENS <= sent[0] < sent[1] < sent[2]


def test_the_sized_limit_leaves_room_for_a_complete_reply(judge, llm_server):
    # The typical complete judgement fits with room to spare, so only a runaway is cut.
    assert completion_budget(TYPICAL) >= 3 * estimate_tokens(json.dumps(typical_output()))
    llm_server.script(typical_output())

    assert judge.judge(TYPICAL).verdict == "sufficient"


def test_the_max_tokens_setting_overrides_the_sizing(llm_settings, llm_server):
    llm_settings.KBAUDIT_JUDGE_MAX_TOKENS = 1234
    llm_server.script(one_fact_output(), typical_output())

    judge = LLMJudge.from_settings(use_cache=False)
    judge.judge(ONE_FACT)
    judge.judge(TYPICAL)

    assert [request["max_tokens"] for request in llm_server.requests] == [1234, 1234]


# --- bounds in the schema ------------------------------------------------------------------


def _unbounded(node, path="$") -> list[str]:
    """Paths of arrays without maxItems and free strings without maxLength."""
    found = []
    if isinstance(node, dict):
        kinds = node.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "array" in kinds and "maxItems" not in node:
            found.append(path)
        if "string" in kinds and "enum" not in node and "maxLength" not in node:
            found.append(path)
        for key, value in node.items():
            found += _unbounded(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _unbounded(value, f"{path}[{index}]")
    return found


def test_the_schema_sent_bounds_every_list_and_string(judge, llm_server):
    llm_server.script(one_fact_output())

    judge.judge(ONE_FACT)

    schema = llm_server.last_request["response_format"]["json_schema"]["schema"]
    assert schema == SCHEMA
    assert _unbounded(schema) == []
    assert schema["properties"]["sub_queries"]["maxItems"] == MAX_SUB_QUERIES
    assert schema["properties"]["facts"]["items"]["maxLength"] > 0


def test_a_reply_beyond_the_bounds_is_unusable(judge, llm_server):
    many = [f"Part {n}?" for n in range(MAX_SUB_QUERIES + 1)]
    output = judgement(
        many,
        ["30 days."],
        source_query=[[1] * len(many)],
        response_query=[[1] * len(many)],
        response_source=[[1]],
    )
    llm_server.script(output)

    with pytest.raises(JudgeError) as failure:
        judge.judge(ONE_FACT)

    assert failure.value.kind == "unparseable"


# --- a failed reply still costs its tokens -------------------------------------------------


def test_a_looping_model_is_cut_at_max_tokens_and_the_failure_carries_its_tokens(
    llm_settings, llm_server
):
    llm_settings.KBAUDIT_JUDGE_MAX_TOKENS = 64
    llm_server.script(looping_reply())

    with pytest.raises(JudgeError, match="cut off") as failure:
        LLMJudge.from_settings().judge(ONE_FACT)

    error = failure.value
    assert error.kind == "cut_off"
    assert 0 < error.completion_tokens == llm_server.completion_tokens <= 64
    assert 0 < error.prompt_tokens == llm_server.prompt_tokens
    assert not JudgeCacheEntry.objects.exists()


def test_a_cut_off_reply_is_never_graded_even_when_its_json_is_whole(judge, llm_server):
    llm_server.script(completion_reply(one_fact_output(), finish_reason="length"))

    with pytest.raises(JudgeError) as failure:
        judge.judge(ONE_FACT)

    assert failure.value.kind == "cut_off"
    assert failure.value.completion_tokens == llm_server.completion_tokens > 0


def test_an_unparseable_reply_carries_its_tokens(judge, llm_server):
    llm_server.script(Reply(content="I think the answer is sufficient."))

    with pytest.raises(JudgeError) as failure:
        judge.judge(ONE_FACT)

    assert failure.value.kind == "unparseable"
    assert failure.value.tokens == llm_server.prompt_tokens + llm_server.completion_tokens > 0


def test_an_error_that_reports_usage_carries_it(judge, llm_server):
    llm_server.script(error_reply(400, "the request exceeds the context size", usage=(900, 0)))

    with pytest.raises(JudgeError) as failure:
        judge.judge(ONE_FACT)

    assert (failure.value.kind, failure.value.prompt_tokens) == ("http_400", 900)
    assert llm_server.calls == 1  # not about response_format: no second try


def test_a_server_error_without_usage_costs_nothing(judge, llm_settings, llm_server):
    llm_settings.KBAUDIT_JUDGE_MAX_RETRIES = 0
    llm_server.script(error_reply(503, "loading model"))

    with pytest.raises(JudgeError) as failure:
        LLMJudge.from_settings().judge(ONE_FACT)

    assert (failure.value.kind, failure.value.tokens) == ("http_503", 0)
