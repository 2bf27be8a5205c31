"""The offline judge on short answers choosing, of two things the question offers, the
one the passage's dates make the earlier or the later."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


PEOPLE = (
    "Ann Reed (born 4 May 1950) is an English actor. Tom Henry Hale (born 9 June 1962) is a "
    "Welsh singer."
)
PLANS = (
    "The Starter plan was launched in 2019 for small teams. The Business plan was launched "
    "in 2015, two years after the company was founded."
)


@pytest.mark.parametrize(
    ("query", "wrong", "right"),
    [
        ("Who is older, Ann Reed or Tom Hale?", "Tom Hale", "Ann Reed"),
        ("Who was born first, Ann Reed or Tom Hale?", "Tom Hale", "Ann Reed"),
        ("Who is younger, Ann Reed or Tom Hale?", "Ann Reed", "Tom Hale"),
    ],
)
def test_it_reads_birth_dates_for_who_is_older(query, wrong, right):
    assert not grounded(judge(query, wrong, PEOPLE))
    assert grounded(judge(query, right, PEOPLE))


def test_it_flags_the_plan_launched_later_for_the_one_launched_first():
    result = judge("Which plan was launched first, Starter or Business?", "Starter", PLANS)

    assert not grounded(result)


def test_it_passes_the_plan_launched_first():
    result = judge("Which plan was launched first, Starter or Business?", "Business", PLANS)

    assert grounded(result)


def test_it_reads_a_life_span_after_a_name():
    source = (
        "Harbour Weekly (1844–1846) was a literary magazine. Tide Times is a monthly "
        "magazine started in 1989."
    )

    assert not grounded(
        judge(
            "Which magazine was started first, Harbour Weekly or Tide Times?", "Tide Times", source
        )
    )


@pytest.mark.parametrize(
    ("wrong", "right"),
    [
        (
            "The Starter plan was launched before the Business plan.",
            "The Business plan was launched before the Starter plan.",
        ),
        (
            "The Business plan was launched after the Starter plan.",
            "The Starter plan was launched after the Business plan.",
        ),
    ],
)
def test_it_reads_a_sentence_ordering_the_two_in_time(wrong, right):
    query = "Which plan was launched first, Starter or Business?"

    assert not grounded(judge(query, wrong, PLANS))
    assert grounded(judge(query, right, PLANS))
