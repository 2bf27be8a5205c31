"""The offline judge on short answers choosing, of two things the question offers, the
one the passage's values make the greater or the lesser, and on a number of years
worked out between two years the passage gives."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


RIVERS = (
    "The Avon is a river in the south of England that flows 154 km to the Severn estuary. "
    "The Wye is a river on the Welsh border that flows 250 km to the Severn estuary."
)
PLAYERS = (
    "Ann Reed is a Welsh tennis player who has won a record eight national titles. Tom "
    "Hale is an English tennis player who has won five national titles."
)


@pytest.mark.parametrize(
    ("query", "wrong", "right", "source"),
    [
        ("Which river is longer, the Avon or the Wye?", "The Avon", "The Wye", RIVERS),
        ("Which river is shorter, the Avon or the Wye?", "The Wye is shorter.", "Avon", RIVERS),
        (
            "Which player has won more national titles, Ann Reed or Tom Hale?",
            "Tom Hale, with eight titles.",
            "Ann Reed",
            PLAYERS,
        ),
    ],
)
def test_it_reads_the_values_the_passage_gives_each_option(query, wrong, right, source):
    assert not grounded(judge(query, wrong, source))
    assert grounded(judge(query, right, source))


LIFE = "Ann Reed (baptised 26 February 1564 – 30 May 1593) was an English poet."


@pytest.mark.parametrize(
    ("query", "right", "wrong"),
    [
        ("How old was Ann Reed when she died?", "29", "52"),
        ("How many years did Ann Reed live?", "29 years", "35 years"),
    ],
)
def test_a_number_of_years_between_two_years_of_the_passage_is_worked_out(query, right, wrong):
    assert grounded(judge(query, right, LIFE))
    assert not grounded(judge(query, wrong, LIFE))


def test_years_between_need_a_question_asking_how_long():
    assert not grounded(judge("What number is on Ann Reed's grave?", "29", LIFE))


def test_two_counts_compare_whatever_word_follows_the_number():
    source = (
        "Northey is the fourth island of the chain and has 2 small harbours, Ness and "
        "Holm. Southey is the fifth island of the chain and has 9 working harbours."
    )
    query = "Which island has more harbours, Northey or Southey?"

    assert not grounded(judge(query, "Northey has more harbours.", source))
    assert grounded(judge(query, "Southey", source))


TOWER = (
    "The Reed Tower is a concrete observation tower in Harbourtown, completed in 1981. It "
    "has a total height of 612.4 m and 140 floors above ground."
)
WALL = "A survey completed in 2010 measured every branch of the Northern Wall at 18,342 km."


@pytest.mark.parametrize(
    ("query", "right", "wrong", "source"),
    [
        # "612.4 metres" of "612.4 m": the unit word goes with its value, and a length is
        # no count of floors.
        ("How tall is the Reed Tower?", "612.4 metres", "It is 140 metres tall.", TOWER),
        # A round figure the stated value just passes, or just falls short of.
        ("How long is the Northern Wall?", "more than 18,000 km", "more than 20,000 km", WALL),
        ("How long is the Northern Wall?", "over 18,000 km", "under 18,000 km", WALL),
    ],
)
def test_measures_said_with_their_unit_or_roughly_meet_the_passage(query, right, wrong, source):
    assert grounded(judge(query, right, source))
    assert not grounded(judge(query, wrong, source))


def test_a_hedged_span_of_years_between_two_dates_is_worked_out():
    voyage = "The voyage of the Northern Star, from 3 March 1901 to 1 February 1906, was its last."
    query = "How many years did the voyage of the Northern Star last?"
    assert grounded(judge(query, "almost five years", voyage))
    assert not grounded(judge(query, "almost three years", voyage))
