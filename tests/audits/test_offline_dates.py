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


FILMS = (
    "Harbour Lights is a 1981 British drama film directed by Ann Reed. Tide Line is a "
    "1978 Welsh comedy film written and directed by Tom Hale."
)


def test_it_dates_a_film_by_the_year_its_sentence_gives():
    query = "Which film was released first, Harbour Lights or Tide Line?"

    assert not grounded(judge(query, "Harbour Lights was released first, in 1978.", FILMS))
    assert grounded(judge(query, "Tide Line", FILMS))


def test_a_sentence_restating_the_right_pick_is_borne_out_by_the_dates():
    query = "Which film was released first, Harbour Lights or Tide Line?"

    assert grounded(judge(query, "Tide Line was released first.", FILMS))


def test_a_restated_pick_that_adds_a_claim_is_not_borne_out_by_the_dates():
    query = "Which film was released first, Harbour Lights or Tide Line?"

    assert not grounded(judge(query, "Tide Line was released first and won three awards.", FILMS))


def test_it_reads_the_first_year_of_a_term_for_who_served_first():
    source = (
        "Ann Reed was a Welsh politician who served as mayor of Tenby from 1951 to 1957. "
        "Tom Hale was a Welsh politician who was mayor from 1962 to 1966."
    )
    query = "Which politician served as mayor first, Ann Reed or Tom Hale?"

    assert not grounded(judge(query, "Tom Hale served first, from 1951.", source))
    assert grounded(judge(query, "Ann Reed", source))


def test_it_reads_the_founding_year_after_a_long_list_of_founders():
    source = (
        "Brightwater is a software company founded by Ann Reed and Tom Hale on May 2, 1988. "
        "Larkspur is a software company founded by Jo Marsh, Ian Pike, Sam Ruiz and Lee "
        "Grant on March 1, 1986."
    )
    query = "Which company was founded first, Brightwater or Larkspur?"

    assert not grounded(judge(query, "Brightwater was founded first, in 1986.", source))
    assert grounded(judge(query, "Larkspur", source))


def test_a_sentence_saying_one_is_older_picks_it():
    source = (
        "Northfield College is a private college in Leeds, founded in 1702. Southgate "
        "College is a private college in York, founded in 1655."
    )
    query = "Which college is older, Northfield or Southgate?"

    assert not grounded(judge(query, "Northfield College is older, founded in 1655.", source))
    assert grounded(judge(query, "Southgate College", source))


@pytest.mark.parametrize(
    ("query", "wrong", "right"),
    [
        (
            "Which was completed first, the Harbour Tower or the Gate of Tides?",
            "The Harbour Tower was completed first.",
            "The Gate of Tides",
        ),
        (
            'Which show premiered first, "Harbour Tower" or "Gate of Tides"?',
            "Harbour Tower premiered first.",
            "Gate of Tides",
        ),
    ],
)
def test_it_reads_options_written_with_articles_small_words_and_quotes(query, wrong, right):
    source = (
        "The Harbour Tower is a lattice tower in Cardiff, completed in 1899. The Gate of "
        "Tides is an arch in Swansea, completed in 1886."
    )

    assert not grounded(judge(query, wrong, source))
    assert grounded(judge(query, right, source))
