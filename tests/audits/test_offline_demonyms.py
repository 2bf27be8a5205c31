"""The offline judge on a people's adjective read as its country, and a player's word as
the instrument played."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from kbaudit.text.tokens import stem
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


@pytest.mark.parametrize(
    ("adjective", "country"),
    [
        ("French", "France"),
        ("Swedish", "Sweden"),
        ("Dutch", "Netherlands"),
        ("Swiss", "Switzerland"),
    ],
)
def test_a_peoples_adjective_has_its_countrys_stem(adjective, country):
    assert stem(adjective.lower()) == stem(country.lower())


def test_words_that_are_common_words_of_their_own_are_not_countries():
    assert stem("polish") != stem("poland")
    assert stem("english") != stem("england")


def test_a_nationality_answer_meets_the_country_the_passage_names():
    source = "Ann Reed (1838–1875) was a composer of the Romantic era, born in Lyon, France."
    query = "What nationality was Ann Reed?"

    assert grounded(judge(query, "French", source))
    assert not grounded(judge(query, "Spanish", source))


def test_a_country_answer_meets_the_adjective_the_passage_uses():
    source = "Ann Reed was a Swedish author who in 1909 won the Harbour Prize for poetry."

    assert grounded(judge("Ann Reed came from which country?", "Sweden", source))


def test_an_instrument_answer_meets_the_players_word():
    source = "Tom Hale (1919–1990) was a jazz drummer and bandleader from Leeds."
    query = "What instrument did Tom Hale play?"

    assert grounded(judge(query, "drums", source))
    assert not grounded(judge(query, "Tom Hale played the trumpet.", source))


def test_a_name_glossed_in_a_language_names_no_country():
    source = (
        "The Harbour Society (Italian: Società del Porto) is a choir started in Melbourne "
        "and active in all Australia."
    )
    query = "Where was the Harbour Society started?"

    assert not grounded(judge(query, "The Harbour Society was started in Italy.", source))
    assert grounded(judge(query, "The Harbour Society was started in Melbourne.", source))
