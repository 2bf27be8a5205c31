"""The offline judge on births and deaths a passage dates in brackets after a name."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


COMPOSER = (
    "Ann Lucia Reed (4 March 1768 – 28 July 1841) was a Welsh composer born in Tenby. She "
    "founded the Tenby Choral Society in 1802."
)


@pytest.mark.parametrize(
    ("query", "wrong", "right"),
    [
        ("When did Ann Reed die?", "Ann Reed died in 1768.", "Ann Reed died in 1841."),
        ("When was Ann Reed born?", "Ann Reed was born in 1841.", "Ann Reed was born in 1768."),
        ("When was Ann Reed born?", "Ann Reed was born in 1802.", "She was born in 1768."),
        ("In what year did Ann Reed die?", "1768", "1841"),
        ("In what year was Ann Reed born?", "1841", "1768"),
    ],
)
def test_the_first_year_of_a_life_span_is_the_birth_and_the_second_the_death(query, wrong, right):
    assert not grounded(judge(query, wrong, COMPOSER))
    assert grounded(judge(query, right, COMPOSER))


def test_a_birth_bracket_dates_the_birth_only():
    source = "Tom Hale (born 9 June 1962) is a Welsh singer who formed the band in 1980."

    assert not grounded(judge("When was Tom Hale born?", "Tom Hale was born in 1980.", source))
    assert grounded(judge("When was Tom Hale born?", "Tom Hale was born in 1962.", source))


def test_a_life_span_of_someone_else_is_not_read_for_the_fact():
    source = (
        "Ann Reed (1768–1841) was a Welsh composer. Her pupil Tom Hale was born in 1801 in Tenby."
    )

    assert grounded(judge("When was Tom Hale born?", "Tom Hale was born in 1801.", source))


def test_a_name_with_particles_before_its_bracket_is_read_whole():
    source = (
        "Ann di Marco de' Reed (15 February 1564 – 8 January 1642) was a Welsh astronomer "
        "from Tenby."
    )

    assert not grounded(judge("In what year did Ann die?", "Ann died in 1564.", source))
    assert grounded(judge("In what year did Ann die?", "Ann died in 1642.", source))
