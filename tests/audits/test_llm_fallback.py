"""A server that rejects response_format: the LLM judge steps down to json_object, then
to prompt-only JSON, once per endpoint and model in the process, and logs it."""

from __future__ import annotations

import json
import logging

import pytest

from audits.judges.base import JudgeError, JudgeInput, SourceText
from audits.judges.llm import LLMJudge
from audits.judges.llm_call import response_formats_forget
from audits.judges.llm_schema import SCHEMA
from tests.llm_server import error_reply, judgement

pytestmark = pytest.mark.django_db

ONE_FACT = JudgeInput(
    query="How long do I have to return headphones?",
    sources=[SourceText(rank=1, text="You can return headphones within 30 days of delivery.")],
    response="You have 30 days.",
)
OUTPUT = judgement(
    ["How long to return headphones?"],
    ["30 days."],
    source_query=[[1]],
    response_query=[[1]],
    response_source=[[1]],
)
SCHEMA_TEXT = json.dumps(SCHEMA, separators=(",", ":"))


@pytest.fixture(autouse=True)
def forget_formats():
    response_formats_forget()
    yield
    response_formats_forget()


@pytest.fixture
def judge(llm_settings):
    return LLMJudge.from_settings(use_cache=False)


def formats_sent(llm_server) -> list[str | None]:
    return [(r.get("response_format") or {}).get("type") for r in llm_server.requests]


def test_a_server_without_json_schema_gets_json_object(judge, llm_server):
    llm_server.unsupported_formats = {"json_schema"}
    llm_server.script(OUTPUT, OUTPUT)

    assert judge.judge(ONE_FACT).verdict == "sufficient"
    assert formats_sent(llm_server) == ["json_schema", "json_object"]

    judge.judge(ONE_FACT)
    assert formats_sent(llm_server) == ["json_schema", "json_object", "json_object"]


def test_a_server_without_either_gets_the_schema_in_the_prompt(judge, llm_server):
    llm_server.unsupported_formats = {"json_schema", "json_object"}
    llm_server.responder = lambda request: OUTPUT

    assert judge.judge(ONE_FACT).verdict == "sufficient"

    assert formats_sent(llm_server) == ["json_schema", "json_object", None]
    first, _second, last = llm_server.requests
    assert SCHEMA_TEXT not in first["messages"][0]["content"]  # the server has it
    assert SCHEMA_TEXT in last["messages"][0]["content"]
    assert "response_format" not in last


def test_the_step_down_is_remembered_for_the_process(llm_settings, llm_server):
    llm_server.unsupported_formats = {"json_schema", "json_object"}
    llm_server.responder = lambda request: OUTPUT
    LLMJudge.from_settings(use_cache=False).judge(ONE_FACT)

    # A judge built later (the sweep rebuilds them) asks the weakest format at once.
    LLMJudge.from_settings(use_cache=False).judge(ONE_FACT)

    assert formats_sent(llm_server) == ["json_schema", "json_object", None, None]


def test_another_model_on_the_same_endpoint_is_asked_afresh(llm_settings, llm_server):
    llm_server.unsupported_formats = {"json_schema"}
    llm_server.responder = lambda request: OUTPUT
    LLMJudge.from_settings(use_cache=False).judge(ONE_FACT)
    llm_server.unsupported_formats = set()

    LLMJudge.from_settings(use_cache=False, model="bigger-judge").judge(ONE_FACT)

    assert formats_sent(llm_server) == ["json_schema", "json_object", "json_schema"]


def test_the_step_down_is_logged(judge, llm_server, caplog):
    llm_server.unsupported_formats = {"json_schema"}
    llm_server.responder = lambda request: OUTPUT

    with caplog.at_level(logging.WARNING, logger="audits.judges.llm"):
        judge.judge(ONE_FACT)
        judge.judge(ONE_FACT)

    steps = [r.getMessage() for r in caplog.records if "rejected response_format" in r.getMessage()]
    assert len(steps) == 1
    assert "json_schema" in steps[0] and "using json_object" in steps[0]


def test_a_configured_json_object_mode_describes_the_schema_in_the_prompt(llm_settings, llm_server):
    llm_settings.KBAUDIT_JUDGE_RESPONSE_FORMAT = "json_object"
    llm_server.script(OUTPUT)

    LLMJudge.from_settings(use_cache=False).judge(ONE_FACT)

    assert formats_sent(llm_server) == ["json_object"]
    assert SCHEMA_TEXT in llm_server.last_request["messages"][0]["content"]


def test_a_400_about_something_else_does_not_step_down(judge, llm_server):
    llm_server.script(error_reply(400, "messages must alternate user and assistant"), OUTPUT)

    with pytest.raises(JudgeError) as failure:
        judge.judge(ONE_FACT)

    assert failure.value.kind == "http_400"
    assert formats_sent(llm_server) == ["json_schema"]


def test_a_rejection_with_no_weaker_format_left_fails_the_call(judge, llm_server):
    llm_server.script(
        error_reply(400, "response_format is not supported"),
        error_reply(400, "response_format is not supported"),
        error_reply(400, "response_format is not supported"),
    )

    with pytest.raises(JudgeError) as failure:
        judge.judge(ONE_FACT)

    assert failure.value.kind == "http_400"
    assert formats_sent(llm_server) == ["json_schema", "json_object", None]


def test_a_model_that_refuses_max_tokens_gets_max_completion_tokens(judge, llm_server):
    refusal = (
        "Unsupported parameter: 'max_tokens' is not supported with this model. "
        "Use 'max_completion_tokens' instead."
    )
    llm_server.script(error_reply(400, refusal), OUTPUT, OUTPUT)

    judge.judge(ONE_FACT)
    judge.judge(ONE_FACT)

    first, second, third = llm_server.requests
    assert "max_tokens" in first and "max_completion_tokens" not in first
    assert second["max_completion_tokens"] == first["max_tokens"] and "max_tokens" not in second
    assert "max_completion_tokens" in third  # remembered
    assert formats_sent(llm_server) == ["json_schema"] * 3
