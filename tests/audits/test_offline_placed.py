"""The offline judge on a short answer taken from the passage's sentence that says less
of what the question asks than another sentence, naming something else, does."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


LEAGUE = (
    "Ann Reed was a Welsh lawyer who served as the first chair of the Northern Rowing "
    "League from 1931 to 1940. She was followed in 1940 by Tom Hale of Leeds."
)
ISLAND = (
    "Port Avon is the historic capital of the Isle of Wye and the seat of its courts. "
    "Northgate is the seat of the parliament of the Isle of Wye and its largest town."
)


@pytest.mark.parametrize(
    ("query", "right", "wrong", "source"),
    [
        ("Who was the first chair of the Northern Rowing League?", "Ann Reed", "Tom Hale", LEAGUE),
        (
            "Which town is the seat of the parliament of the Isle of Wye?",
            "Northgate",
            "Port Avon",
            ISLAND,
        ),
    ],
)
def test_an_answer_from_the_sentence_saying_less_of_the_question_is_not_grounded(
    query, right, wrong, source
):
    assert grounded(judge(query, right, source))
    assert not grounded(judge(query, wrong, source))


def test_a_question_reaching_its_answer_through_another_thing_is_left_to_the_bridge():
    # The answer's sentence says less of the question than the bridge's sentence does,
    # as it should: the question asks of the surgeon through the pacemaker.
    passage = (
        "Dr Ann Reed was a Welsh surgeon and a pioneer of heart medicine. She built a "
        "prototype pacemaker that was used by the Prime Minister Tom Hale in 1950."
    )
    query = "What nationality was the surgeon who built the pacemaker used by Tom Hale?"
    assert grounded(judge(query, "Welsh", passage))


def test_a_sentence_opening_with_a_pronoun_speaks_of_the_name_before_it():
    passage = (
        "Ann Reed (1881 - 1973) was a Welsh painter born in Tenby. She spent most of her "
        "life in France, and died in Mougins."
    )
    assert grounded(judge("In which town did Ann Reed die?", "Mougins", passage))


def test_a_value_the_question_itself_gives_does_not_answer_it():
    passage = (
        "The Northern Star was a Welsh ferry that sank off Tenby on 3 March 1931. The ship "
        "was launched at the Reed yard in Cardiff in 1924."
    )
    query = "The ferry that sank off Tenby in 1931 was launched in which year?"
    assert grounded(judge(query, "1924", passage))
    assert not grounded(judge(query, "1931", passage))
