"""The offline judge on years and names given the event the passage gives another:
"formed in 2003" where the passage's 2003 is the debut album's, "won the Golden Bear"
where it was only nominated for it."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


RELEASES = (
    "The Team plan added single sign-on in 2021. Audit logs arrived on the Team plan in 2023."
)
BAND = "The Owls are a Welsh band formed in Cardiff, Wales, in 1990. Their first album came out in 1994."
ACTOR = "Ann Reed (born 4 May 1950 in York) is an English actor. She moved to Leeds in 1970."
AWARDS = "Salt Roads is a 2011 documentary. It was nominated for the Golden Bear and won the Silver Lion."


def test_it_flags_a_year_the_passage_gives_another_release():
    result = judge(
        "When did the Team plan get single sign-on?",
        "The Team plan added single sign-on in 2023.",
        RELEASES,
    )

    assert not grounded(result)


def test_it_passes_the_year_the_passage_gives_the_release():
    result = judge(
        "When did the Team plan get single sign-on?",
        "The Team plan added single sign-on in 2021.",
        RELEASES,
    )

    assert grounded(result)


def test_it_flags_a_founding_year_taken_from_another_event():
    result = judge("When did the Owls form?", "The Owls formed in 1994.", BAND)

    assert not grounded(result)


def test_it_flags_a_place_the_passage_gives_another_event():
    result = judge("Where was Ann Reed born?", "Ann Reed was born in Leeds.", ACTOR)

    assert not grounded(result)


def test_it_passes_the_place_the_passage_gives_the_event():
    result = judge("Where was Ann Reed born?", "Ann Reed was born in York.", ACTOR)

    assert grounded(result)


def test_it_flags_an_award_the_passage_says_was_only_a_nomination():
    result = judge("What award did Salt Roads win?", "Salt Roads won the Golden Bear.", AWARDS)

    assert not grounded(result)


def test_it_passes_the_award_the_passage_says_was_won():
    result = judge("What award did Salt Roads win?", "Salt Roads won the Silver Lion.", AWARDS)

    assert grounded(result)


def test_it_passes_a_name_from_a_list_the_event_runs_over():
    result = judge(
        "Which bands did Tom Hale found?",
        "Tom Hale founded the Bats.",
        "Tom Hale is a Welsh singer. He founded the Owls, the Lamps and the Bats in the 1990s.",
    )

    assert grounded(result)


def test_it_passes_a_name_the_passage_gives_in_brackets():
    result = judge(
        "Who oversees poultry production in the US?",
        "In the US, poultry production is overseen by the FDA.",
        "In the US, the national organisation overseeing poultry production is the Food and "
        "Drug Administration (FDA).",
    )

    assert grounded(result)


def test_it_reads_a_plan_name_with_its_noun_as_the_name():
    result = judge(
        "When did the Team plan get single sign-on?",
        "Single sign-on was added to the Team plan in 2019.",
        "The Team plan launched in 2019. Single sign-on was added to the Team plan in 2022.",
    )

    assert not grounded(result)


def test_it_passes_a_place_beside_another_name_in_another_place():
    result = judge(
        "When were the Owls formed?",
        "The band formed in Cardiff in 1990.",
        "The Owls are a Welsh rock band from Cardiff, formed in 1990 by Tom Hale.",
    )

    assert grounded(result)


def test_it_passes_a_name_a_pronoun_sentence_gives_the_event():
    result = judge(
        "Who founded Target?",
        "George Dayton founded Target in 1902.",
        "Target Corporation is the second-largest discount store retailer in the United "
        "States. It was founded by George Dayton in 1902 in Minneapolis.",
    )

    assert grounded(result)


PAINTER = (
    "Ann Reed (25 October 1881 – 8 April 1973) was a Welsh painter born in Tenby. She spent "
    "most of her adult life in France, and died in Mougins."
)


@pytest.mark.parametrize(
    ("query", "right", "wrong"),
    [
        ("In which town was Ann Reed born?", "Tenby", "Mougins"),
        ("In which town did Ann Reed die?", "Mougins", "Tenby"),
    ],
)
def test_a_short_answer_takes_its_event_from_the_questions_verb(query, right, wrong):
    assert grounded(judge(query, right, PAINTER))
    assert not grounded(judge(query, wrong, PAINTER))


def test_a_short_answer_to_where_someone_moved_is_not_where_they_were_born():
    source = (
        "Tom Hale was a Welsh composer and pianist born in Cardiff in 1770. He moved to "
        "Bristol in his early twenties, studying with Ian Pike."
    )
    query = "Tom Hale moved to which city in his early twenties?"

    assert grounded(judge(query, "Bristol", source))
    assert not grounded(judge(query, "Cardiff", source))


def test_a_short_answer_going_on_from_the_events_place_is_a_bridge():
    source = (
        "All tracks were recorded at Harbour Studios in Tenby, Wales. Tenby is a town in "
        "Pembrokeshire on the west coast of Wales."
    )
    query = "The album was recorded in the town in which Welsh county?"

    assert grounded(judge(query, "Pembrokeshire", source))
