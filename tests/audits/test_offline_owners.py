"""The offline judge on whose thing a chat's passage speaks of: a fact giving the
passage's noun another owner ("his life" for "your life") says something else."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeInput, JudgeResult, SourceText
from audits.judges.offline import OfflineJudge, profile_from_texts
from audits.judges.offline.decompose import split_response
from audits.judges.offline.owners import changed_owner_problem
from audits.judges.offline.sources import prepare_sources
from tests.helpers import offline_judge

METHOD = (
    "The TB12 Method",
    # One "you" in six sentences is an encyclopedia's passing reader, not a help centre's.
    "Tom Brady has a plan for your life. It is set out in The TB12 Method, his best-selling "
    "book. The method asks for good health and joy. It also asks for peak performance. "
    "Brady credits it with keeping him at the top of his game. He was 40 when it came out.",
)
BIBLE = (
    "Jefferson Bible",
    "Thomas Jefferson created his own version of the Bible, cutting out the miracles.",
)
ROWING = (
    "Rowing",
    "Rowing is the sport of racing boats using oars. It is one of the oldest Olympic sports.",
)
PASSAGES = profile_from_texts([METHOD, BIBLE, ROWING])


def chat(query: str, response: str, passage: tuple[str, str]) -> JudgeResult:
    title, text = passage
    item = JudgeInput(
        query=query, sources=[SourceText(rank=1, title=title, text=text)], response=response
    )
    return OfflineJudge(profile=PASSAGES).judge(item)


@pytest.mark.parametrize(
    ("query", "response", "passage"),
    [
        ("Does Brady have a method?", "He has a plan for his life.", METHOD),
        ("What did Jefferson do with it?", "He created your own version of the Bible.", BIBLE),
        ("What did Jefferson do with it?", "He created her own version of the Bible.", BIBLE),
    ],
)
def test_a_fact_giving_the_passages_noun_another_owner_is_not_the_passages(
    query, response, passage
):
    result = chat(query, response, passage)
    assert result.metrics()["groundedness"] == 0.0
    assert result.unsupported[0].reason == "contradicts_source"


@pytest.mark.parametrize(
    ("query", "response", "passage"),
    [
        ("Does Brady have a method?", "He has a plan for your life.", METHOD),
        ("What did Jefferson do with it?", "He created his own version of the Bible.", BIBLE),
        ("What did Jefferson do with it?", "Jefferson created their own version of it.", BIBLE),
    ],
)
def test_the_same_owner_or_one_left_open_is_the_passages(query, response, passage):
    assert chat(query, response, passage).metrics()["groundedness"] == 1.0


def test_an_owner_the_passage_never_gives_its_noun_is_left_to_the_words():
    (source,) = prepare_sources([SourceText(rank=1, text=ROWING[1])])
    (own,) = split_response("Rowing is one of my oldest Olympic sports.").facts
    assert changed_owner_problem(own, [source]) is None


def test_a_help_centre_answer_may_tell_the_customer_of_their_own_account():
    result = offline_judge(
        "Can I change my plan?",
        "You can change your plan at any time from your account page.",
        "Customers can change their plan at any time from their account page.",
    )
    assert result.metrics()["groundedness"] == 1.0
