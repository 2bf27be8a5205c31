"""The offline judge on a year the passage gives another name than the fact's subject."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


BOOKS = (
    "Salt Roads is a fantasy novel by Ann Reed, published on 2 May 1961. Its sequel, The "
    "Tide Line, was published in two volumes in 1968 and 1969."
)
COLLEGES = (
    "Northfield College is a private college in Harbour Town, Kent, founded in 1702. "
    "Southgate College, founded in 1655, is the oldest college in the county."
)


def test_it_flags_a_year_the_passage_gives_another_book():
    query = "In what year was Salt Roads first published?"

    assert not grounded(judge(query, "Salt Roads was first published in 1968.", BOOKS))
    assert grounded(judge(query, "Salt Roads was first published in 1961.", BOOKS))


def test_a_pronoun_speaks_of_what_the_question_names():
    query = "The college in Harbour Town was founded in what year?"

    assert not grounded(judge(query, "It was founded in 1655.", COLLEGES))
    assert grounded(judge(query, "It was founded in 1702.", COLLEGES))


def test_a_year_the_passage_gives_the_subject_too_is_its_own():
    source = (
        "The Tide Line is a novel by Ann Reed, published in 1968. Salt Roads, her first "
        "novel, was reissued in 1968."
    )

    assert grounded(
        judge("When was The Tide Line published?", "The Tide Line was published in 1968.", source)
    )
