"""The offline judge on where a passage ranks things: a short answer naming what
another is ranked against, and a superlative the passage gives only below the top."""

from __future__ import annotations

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
