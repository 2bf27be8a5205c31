"""The offline judge on where a passage ranks things: a short answer naming what
another is ranked against, a superlative the passage gives only below the top, and a
value called the lowest or the highest beside a lower or higher one."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Plans")


PLANS = (
    "Team is our second most popular plan, behind Business, and the one most "
    "charities choose. Starter is the cheapest plan we offer."
)
FERRIES = (
    "Port Ellen is the second-busiest ferry terminal on the island, behind Kennacraig. "
    "It handles over 300 sailings a year."
)
LAKES = (
    "Loch Dunmore covers 12 square miles, making it the 2nd largest loch in the county "
    "and one of the largest in the region. Loch Arran is the largest loch in the county."
)


def test_it_flags_a_short_answer_naming_what_the_asked_one_is_ranked_behind():
    result = judge(
        "Which ferry terminal is the second-busiest on the island?", "Kennacraig", FERRIES
    )

    assert not grounded(result)


def test_it_passes_a_short_answer_naming_the_one_ranked():
    result = judge(
        "Which ferry terminal is the second-busiest on the island?", "Port Ellen", FERRIES
    )

    assert grounded(result)


def test_it_passes_a_choice_the_ranking_settles():
    result = judge("Which terminal is busier, Port Ellen or Kennacraig?", "Kennacraig", FERRIES)

    assert grounded(result)


def test_it_flags_the_top_of_a_ranking_the_passage_puts_a_plan_below():
    result = judge("Which plan is the most popular?", "Team is our most popular plan.", PLANS)

    assert not grounded(result)


def test_it_flags_a_largest_the_passage_gives_as_second_largest():
    result = judge(
        "Which loch is the largest in the county?",
        "Loch Dunmore is the largest loch in the county, covering 12 square miles.",
        LAKES,
    )

    assert not grounded(result)


def test_it_passes_a_largest_the_passage_gives():
    result = judge(
        "Which loch is the largest in the county?",
        "Loch Arran is the largest loch in the county.",
        LAKES,
    )

    assert grounded(result)


COMPOSER = (
    "Regarded as one of the most influential composers of the Baroque era, he spent "
    "most of his life in Leipzig."
)
ORGANIST = "He was the most celebrated organist in Leipzig, where he spent most of his life."


def test_it_flags_a_pronoun_given_the_top_the_passage_gives_only_as_one_of_many():
    result = judge(
        "Who was he?", "He is the most influential composer of the Baroque era.", COMPOSER
    )

    assert not grounded(result)


def test_it_passes_a_pronoun_given_one_of_the_top_as_the_passage_does():
    result = judge(
        "Who was he?", "He is one of the most influential composers of the Baroque era.", COMPOSER
    )

    assert grounded(result)


def test_it_passes_a_pronoun_given_the_top_the_passage_gives():
    result = judge("Who was he?", "He was the most celebrated organist in Leipzig.", ORGANIST)

    assert grounded(result)


SAVINGS_FUNDS = (
    "Fund charges. Fund | Yearly charge. Cautious Fund | 0.40%. Balanced Fund | 0.35%. "
    "Adventurous Fund | 0.55%. Charges are taken from your savings each year."
)
PHOTO_PRINTS = (
    "Photo prints. A standard print costs £1.20, a large print costs £3.50 and a poster costs "
    "£9. Prints can be collected in store the next day."
)
GYM_MEMBERSHIP = (
    "Gym membership. Membership costs £30 a month, or £300 a year, the lowest price we offer. "
    "Joining is free."
)


@pytest.mark.parametrize(
    ("query", "response", "right"),
    [
        ("the lowest", "The Balanced Fund is the cheapest, at 0.35% a year.", True),
        ("the lowest", "The Cautious Fund is the cheapest, at 0.40% a year.", False),
        ("the highest", "The Adventurous Fund has the highest charge, at 0.55%.", True),
        ("the highest", "The Cautious Fund has the highest charge, at 0.40%.", False),
    ],
)
def test_a_value_called_the_lowest_is_read_against_its_table_column(query, response, right):
    result = judge(f"Which fund has {query} charge?", response, SAVINGS_FUNDS)

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("The most expensive is the poster, at £9.", True),
        ("The most expensive is the large print, at £3.50.", False),
    ],
)
def test_a_value_called_the_highest_is_read_against_its_sentence(response, right):
    result = judge("Which print costs the most?", response, PHOTO_PRINTS)

    assert grounded(result) is right


def test_one_thing_priced_over_two_periods_has_no_cheaper_rival():
    result = judge(
        "How much is a year of membership?",
        "A year costs £300, the lowest price we offer.",
        GYM_MEMBERSHIP,
    )

    assert grounded(result)
