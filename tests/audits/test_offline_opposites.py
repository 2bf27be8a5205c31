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
