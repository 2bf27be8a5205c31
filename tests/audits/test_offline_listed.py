"""The offline judge on a count the passage gives by listing the names it counts."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult, SourceText
from audits.judges.offline.listed import listed_count
from audits.judges.offline.sources import prepare_sources
from kbaudit.text.quantities import Quantity
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


QUARTET = (
    "The Harbour Lights were a folk group formed in Cardiff in 1971 by the sisters Ann, "
    "Bea, Cara and Dot Reed. Their first album sold a million copies."
)
TREATY = (
    "The Northern Fisheries Pact was signed in 1962 by Iceland, Norway, the Faroe Islands "
    "and Greenland. It set catch limits for cod."
)
FOUNDERS = (
    "The Reed Poets, Ann, Bea and Cara, were Welsh writers of the 1890s. Ann Reed wrote "
    "two novels and Bea Reed wrote one."
)


@pytest.mark.parametrize(
    ("query", "right", "wrong", "source"),
    [
        ("How many sisters formed the Harbour Lights?", "four", "three", QUARTET),
        ("How many countries signed the Northern Fisheries Pact?", "4", "five", TREATY),
        # The group's own name before the list is not one of its members.
        ("How many Reed Poets were there?", "three", "four", FOUNDERS),
    ],
)
def test_a_count_is_read_from_the_names_a_passage_lists(query, right, wrong, source):
    assert grounded(judge(query, right, source))
    assert not grounded(judge(query, wrong, source))


def test_only_a_how_many_question_about_the_listed_sentence_reads_its_list():
    four = Quantity("number", 4, 4, "", 0, 4, "four")
    sources = prepare_sources([SourceText(rank=1, title="Passage", text=QUARTET)])
    assert listed_count(four, "How many sisters formed the Harbour Lights?", sources)
    assert not listed_count(four, "When was the Harbour Lights' album released?", sources)
    assert not listed_count(four, "How many copies did the album sell?", sources)
