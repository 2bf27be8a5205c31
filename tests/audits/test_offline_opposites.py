"""The offline judge on a word swapped for its opposite ("a short spire" of "a long
spire", "its last voyage" of "its first voyage")."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge

CHAPEL = (
    "The chapel has a long timber spire and a painted ceiling, and it was the first "
    "building in the valley to be lit by electricity in 1901."
)
SHIP = "The schooner made its first voyage to the northern islands in 1872 with a crew of nine."


def judge(response: str, source: str) -> JudgeResult:
    return offline_judge("Tell me more.", response, source, title="Passage")


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "The chapel has a short timber spire and a painted ceiling, and it was the first building in the valley to be lit by electricity.",
            CHAPEL,
        ),
        ("The schooner made its last voyage to the northern islands in 1872.", SHIP),
        ("The schooner made its first voyage to the southern islands in 1872.", SHIP),
    ],
)
def test_a_word_swapped_for_its_opposite_contradicts_the_passage(response, source):
    assert not grounded(judge(response, source))


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "The chapel has a long timber spire and a painted ceiling, and it was the first building in the valley to be lit by electricity.",
            CHAPEL,
        ),
        ("The schooner made its first voyage to the northern islands in 1872.", SHIP),
        # "won't" is not "won", whatever the passage says of losing.
        ("It won't sail again.", "The schooner was lost in a storm and never sailed again."),
    ],
)
def test_the_passages_own_words_are_no_opposites(response, source):
    assert grounded(judge(response, source))


SCHOOL_MEALS = (
    "School meals. When brothers and sisters both stay for lunch, the older child's meals "
    "are charged at half price. Lunches are £2.60 a day."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("When brothers and sisters both stay, the younger child's meals are half price.", False),
        ("When brothers and sisters both stay, the older child's meals are half price.", True),
    ],
)
def test_younger_for_older_says_the_opposite_of_the_source(response, right):
    assert grounded(offline_judge("Is there a sibling discount?", response, SCHOOL_MEALS)) is right
