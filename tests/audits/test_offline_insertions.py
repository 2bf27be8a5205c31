"""The offline judge on a word added inside a passage's phrase ("the ancient arrows
were made of pine"): an addition the passage never makes, not a paraphrase."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from audits.judges.offline.domain import brand_stems
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_grade, offline_judge


def judge(response: str, source: str, query: str = "Tell me more about it.") -> JudgeResult:
    return offline_judge(query, response, source, title="Passage")


LIGHTHOUSE = (
    "The lighthouse keeper lived in a stone cottage beside the tower and kept a log of "
    "every passing ship until the light was automated in 1982."
)
ORCHARD = "The orchard grows pears for cider on the south slope of the valley above the river."
TRAM = "The city tram network carries commuters between the harbour and the university campus."


@pytest.mark.parametrize(
    ("response", "source"),
    [
        # An adjective between an article and the passage's noun.
        (
            "The lighthouse keeper lived in a granite stone cottage beside the tower and kept a log of every passing ship.",
            LIGHTHOUSE,
        ),
        ("The orchard grows organic pears for cider on the south slope of the valley.", ORCHARD),
        # Before the first word of the passage's sentence.
        ("The walled orchard grows pears for cider on the south slope of the valley.", ORCHARD),
        # A superlative the passage never gives.
        (
            "The city tram network carries the busiest commuters between the harbour and the university campus.",
            TRAM,
        ),
        # A word between two words the passage writes side by side.
        (
            "The city tram network carries commuters between the harbour and the university medical campus.",
            TRAM,
        ),
    ],
)
def test_a_word_added_inside_the_passages_phrase_is_unsupported(response, source):
    assert not grounded(judge(response, source))


@pytest.mark.parametrize(
    ("response", "source"),
    [
        # The passage's own sentence, shortened.
        (
            "The lighthouse keeper lived in a stone cottage beside the tower and kept a log of every passing ship.",
            LIGHTHOUSE,
        ),
        ("The orchard grows pears for cider on the south slope of the valley.", ORCHARD),
        # An adverb shading how it is said.
        (
            "The city tram network mainly carries commuters between the harbour and the university campus.",
            TRAM,
        ),
        # A word of the question.
        (
            "The city tram network carries commuters between the harbour and the university campus.",
            TRAM,
        ),
    ],
)
def test_the_passages_own_phrase_is_supported(response, source):
    assert grounded(judge(response, source))


def test_a_word_of_the_question_inside_the_phrase_is_the_question_s():
    result = judge(
        "The orchard grows perry pears for cider on the south slope of the valley.",
        ORCHARD,
        query="Does the orchard grow perry pears?",
    )

    assert grounded(result)


def test_a_word_said_otherwise_in_the_passages_place_is_a_paraphrase():
    # "transports" stands where the passage has "carries": nothing is added.
    result = judge(
        "The city tram network transports commuters between the harbour and the university campus.",
        TRAM,
    )

    assert grounded(result)


SKIING = "The skiing tradition has a history of almost five millennia in Scandinavia."


def test_a_value_of_the_passages_own_does_not_carry_a_word_added_beside_it():
    assert not grounded(judge("Skiing has a long history of almost five millennia.", SKIING))
    assert grounded(judge("Skiing has a history of almost five millennia.", SKIING))


def test_it_flags_two_words_added_between_an_article_and_the_passages_noun():
    result = judge(
        "The lighthouse keeper lived in a small, damp cottage beside the tower and kept a "
        "log of every passing ship.",
        "The lighthouse keeper lived in a cottage beside the tower and kept a log of every "
        "passing ship until the light was automated in 1982.",
    )

    assert not grounded(result)


def test_it_passes_two_words_the_passage_also_gives_before_its_noun():
    result = judge(
        "The lighthouse keeper lived in a small, damp cottage beside the tower and kept a "
        "log of every passing ship.",
        "The lighthouse keeper lived in a small, damp cottage beside the tower and kept a "
        "log of every passing ship until the light was automated in 1982.",
    )

    assert grounded(result)


SHOP = "Customer help for Loopswap, a marketplace for second-hand goods: fees and listings."
COSMETICS = (
    "What you can't sell",
    "What you can't sell. Weapons and tobacco cannot be listed. Used cosmetics can only be "
    "sold if they are unopened.",
)


def test_the_business_s_own_name_inside_the_passage_s_phrase_adds_nothing():
    result = offline_grade(
        "Can I sell used make-up?",
        "Used cosmetics can only be sold on Loopswap when they are unopened.",
        SHOP,
        COSMETICS,
    )
    assert grounded(result)


def test_another_name_inside_the_passage_s_phrase_is_still_an_addition():
    result = offline_grade(
        "Can I sell used make-up?",
        "Used cosmetics can only be sold on Vinted when they are unopened.",
        SHOP,
        COSMETICS,
    )
    assert not grounded(result)


def test_the_brand_is_the_name_the_bot_s_description_opens_on():
    assert brand_stems(SHOP) == {"loopswap"}
    assert brand_stems("customer help: returns and refunds") == frozenset()
