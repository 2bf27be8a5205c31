"""The offline judge on a bare name answering for a title ("bassist", "singer") the
passage puts before another name."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


BAND = (
    "The Harbour Lights are a Welsh rock band formed in Cardiff in 2004. The band "
    "consists of vocalist Ann Reed, guitarist Tom Hale, bassist Bea Avon and drummer "
    "Cara Wye."
)


@pytest.mark.parametrize(
    ("query", "right", "wrong"),
    [
        ("Who plays bass in the Harbour Lights?", "Bea Avon", "Cara Wye"),
        ("Who is the vocalist of the Harbour Lights?", "Ann Reed", "Tom Hale"),
        ("Who plays the drums in the Harbour Lights?", "Cara Wye", "Bea Avon"),
    ],
)
def test_a_name_the_passage_titles_otherwise_does_not_answer_for_the_asked_title(
    query, right, wrong
):
    assert grounded(judge(query, right, BAND))
    assert not grounded(judge(query, wrong, BAND))


def test_a_name_the_passage_gives_no_title_is_left_to_the_other_checks():
    passage = (
        "Tom Hale is a Welsh rock guitarist and singer best known for the band Harbour "
        "Lights. In the band's early years he shared lead vocals with guitarist Ann Reed."
    )
    assert grounded(judge("Which musician played guitar in Harbour Lights?", "Tom Hale", passage))
