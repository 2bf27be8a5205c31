"""A chat about reference passages, asked whether the bot likes something: a bare yes
before what the passage says of it takes the topic up; a yes alone, a "yes, I do" and a
yes to what the bot has done still speak of the bot."""

from __future__ import annotations

import pytest

from kbaudit.text.dialogue import asks_listener_taste
from tests.audits.test_offline_chat import LIGHTHOUSE, OBOE, chat, groundedness

WOODWIND = "It is a double-reed woodwind instrument."


@pytest.mark.parametrize(
    ("query", "taste"),
    [
        ("Do you like the oboe?", True),
        ("do you really enjoy sailing?", True),
        ("Are you a fan of lighthouses?", True),
        ("I love the oboe. Do you?", True),
        ("i really like sailing, what about you?", True),
        ("Have you ever played the oboe?", False),
        ("Do you go sailing often?", False),
        ("Do you know who built the tower?", False),
        ("Would you like me to tell you more?", False),
    ],
)
def test_a_question_for_the_listeners_tastes(query, taste):
    assert asks_listener_taste(query) is taste


@pytest.mark.parametrize(
    "response",
    [
        f"Yes, {WOODWIND[0].lower()}{WOODWIND[1:]}",
        f"Yeah! {WOODWIND}",
        f"Sure, {WOODWIND[:1].lower()}{WOODWIND[1:]}",
    ],
)
def test_a_bare_yes_before_the_passage_takes_the_topic_up(response):
    assert groundedness(chat("Do you like the oboe?", response, passage=OBOE)) == 1.0


def test_a_yes_to_a_taste_told_before_the_question():
    result = chat(
        "I love old lighthouses. Do you?",
        "Yes! The present tower was completed in 1882.",
        passage=LIGHTHOUSE,
    )

    assert groundedness(result) == 1.0


def test_a_yes_alone_still_answers_for_the_bot():
    assert groundedness(chat("Do you like the oboe?", "Yes!", passage=OBOE)) == 0.0


def test_saying_so_in_the_first_person_still_tells_of_the_bot():
    result = chat("Do you like the oboe?", f"Yes I do. {WOODWIND}", passage=OBOE)

    assert groundedness(result) < 0.8


def test_a_yes_to_what_the_bot_has_done_still_tells_of_the_bot():
    result = chat("Have you ever played the oboe?", f"Yes. {WOODWIND}", passage=OBOE)

    assert groundedness(result) < 0.8
