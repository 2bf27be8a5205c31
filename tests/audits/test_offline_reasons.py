"""The offline judge on a reason the passage never gives ("... because the roads
flooded"), added to a sentence that is the passage's own."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge

CANAL = "The canal was dug in 1820 to link the cotton mills with the harbour."
CANAL_WHY = (
    "The canal was dug in 1820 because the roads flooded every winter, and it linked "
    "the cotton mills with the harbour."
)
BAKERY = "The bakery on Mill Lane has been run by the Okafor family since the war."


def judge(response: str, source: str, query: str = "Tell me about it.") -> JudgeResult:
    return offline_judge(query, response, source, title="Passage")


@pytest.mark.parametrize(
    "response",
    [
        "The canal was dug in 1820 to link the cotton mills with the harbour because the roads flooded.",
        "The canal was dug in 1820 to link the cotton mills with the harbour due to flooding.",
        "The canal was dug in 1820 to link the cotton mills with the harbour, since they were busy.",
    ],
)
def test_a_reason_the_passage_never_gives_is_unsupported(response):
    assert not grounded(judge(response, CANAL))


def test_a_reason_echoed_from_the_question_is_still_not_the_passages():
    result = judge(
        "The canal was dug in 1820 to link the cotton mills with the harbour because the roads flooded.",
        CANAL,
        query="Was it dug because the roads flooded?",
    )

    assert not grounded(result)


def test_the_passages_own_reason_is_supported():
    assert grounded(
        judge("The canal was dug in 1820 because the roads flooded every winter.", CANAL_WHY)
    )


def test_the_sentence_without_a_reason_is_supported():
    assert grounded(
        judge("The canal was dug in 1820 to link the cotton mills with the harbour.", CANAL)
    )


def test_since_a_time_the_passage_gives_is_supported():
    result = judge(
        "The bakery on Mill Lane has been run by the Okafor family since the war.", BAKERY
    )

    assert grounded(result)
