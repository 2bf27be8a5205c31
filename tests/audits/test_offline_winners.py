"""The offline judge on who won and who was beaten: "A beat B", "A won, beating B"."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


REGATTA = (
    "The 1911 Wyndham Cup was rowed on the Severn at Worcester. "
    "Balliol won the cup, beating Magdalen by two lengths in the final."
)
DEBATE = (
    "In the first Northern Schools Debate, held in Hull in 1954, Leeds Grammar "
    "defeated Hymers College."
)


def test_a_side_the_passage_says_was_beaten_did_not_win():
    query = "Which college won the 1911 Wyndham Cup?"
    assert not grounded(judge(query, "Magdalen", REGATTA))
    assert grounded(judge(query, "Balliol", REGATTA))


def test_the_side_that_beat_the_other_is_not_the_one_beaten():
    query = "Which school did the first Northern Schools Debate winners beat?"
    assert not grounded(judge(query, "Leeds Grammar", DEBATE))
    assert grounded(judge(query, "Hymers College", DEBATE))


def test_a_winner_asked_through_what_it_won_is_read_the_same_way():
    query = "The school that won the first Northern Schools Debate is in which city?"
    passage = DEBATE + " Hymers College is a school in Hull."
    assert not grounded(judge(query, "Hymers College", passage))


def test_a_question_that_asks_nothing_of_winning_is_left_alone():
    query = "Which college did Balliol race in the final?"
    assert grounded(judge(query, "Magdalen", REGATTA))
