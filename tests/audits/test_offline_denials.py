"""The offline judge on denials the passage does not make: a fact naming its subject by
a long description and saying it did not get what a pronoun sentence says it got."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


READING_ROOM = (
    "The reading room at Northgate Library was designed by Ana Lind, an architect from "
    "Malmo. She was also given the Civic Design Award in 2019 for the building."
)
ROOMS = (
    "The reading room at Northgate Library was designed by Ana Lind, an architect from "
    "Malmo, and the map room by Tom Berg. Ana Lind was given the Civic Design Award in "
    "2019; Tom Berg was not given the Civic Design Award."
)


def test_it_flags_a_denial_of_what_a_pronoun_sentence_says_of_the_subject():
    result = judge(
        "Did the architect of the reading room win an award?",
        "The architect of the reading room was never given the Civic Design Award.",
        READING_ROOM,
    )

    assert not grounded(result)


def test_it_passes_the_same_words_affirmed():
    result = judge(
        "Did the architect of the reading room win an award?",
        "The architect of the reading room was given the Civic Design Award in 2019.",
        READING_ROOM,
    )

    assert grounded(result)


def test_it_passes_a_denial_the_passage_makes_of_someone():
    result = judge(
        "Did the architect of the map room win an award?",
        "Tom Berg was not given the Civic Design Award.",
        ROOMS,
    )

    assert grounded(result)
