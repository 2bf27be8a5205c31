"""The offline judge on a name written in full ("Grace Hopper") where the passage
writes the surname alone ("Hopper")."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(response: str, source: str) -> JudgeResult:
    return offline_judge("Tell me more about her.", response, source, title="Passage")


HOPPER = "Hopper was born in New York City and studied mathematics at Vassar."
JOURNAL = "The Harbour Review is a quarterly journal first published in 1998 by the Coastal History Society."


def test_a_given_name_before_the_passages_surname_is_the_same_person():
    assert grounded(judge("Grace Hopper studied mathematics.", HOPPER))


def test_the_surname_alone_is_supported():
    assert grounded(judge("Hopper studied mathematics.", HOPPER))


def test_another_name_before_a_word_the_passage_writes_only_inside_its_own_name():
    # "Society" comes only after "Coastal History": "Royal Society" is another body.
    result = judge("The Harbour Review was first published in 1998 by the Royal Society.", JOURNAL)

    assert not grounded(result)


ORCHARD = (
    "The Larkin Orchard Company grows pears near Medford, Oregon, and ships them from Portland."
)


def test_a_word_of_region_before_a_place_names_a_narrower_place_than_the_passage():
    # "Southern Oregon" is a part of Oregon the passage never names, not "Oregon" in full.
    assert not grounded(
        judge("The Larkin Orchard Company grows pears in Southern Oregon.", ORCHARD)
    )
    assert not grounded(judge("The Larkin Orchard Company grows pears in Eastern Oregon.", ORCHARD))


def test_the_place_the_passage_names_stays_supported():
    assert grounded(judge("The Larkin Orchard Company grows pears in Oregon.", ORCHARD))
