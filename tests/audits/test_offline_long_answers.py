"""Long answers that restate their passage closely are not read as moving its facts: a
fuller name of a sentence's subject, a value written with its own sentence's words, a
place the answer names more fully, a sentence opening on "Similarly,". The passages are
of the kind the ClapNQ dev split holds (Wikipedia text, punctuation spaced)."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources)


def test_a_fuller_name_of_the_sentences_subject_is_the_same_subject():
    source = (
        "Fixwell is a chain of repair shops . Maya Okafor , who trained as an engineer in "
        "Lagos , is the founder of Fixwell . She opened the first shop in Leeds in 2009 . "
        "Okafor founded Fixwell on a promise of free repairs for life ."
    )
    response = "Maya Okafor founded Fixwell on a promise of free repairs for life ."
    assert grounded(judge("why are fixwell repairs free", response, source))


def test_a_value_copied_with_its_own_sentences_words_is_not_swapped():
    source = (
        "Fresh water. Only 2.5 % is fresh water. Freshwater lakes contain about 87 % of this "
        "fresh surface water, including 29 % in the African Great Lakes, 22 % in Lake Baikal "
        "in Russia, 21 % in the North American Great Lakes, and 14 % in other lakes."
    )
    response = (
        "Freshwater lakes contain about 87 % of this fresh surface water, including 29 % in "
        "the African Great Lakes, 22 % in Lake Baikal in Russia."
    )
    assert grounded(judge("where is the fresh water", response, source))


def test_a_place_named_more_fully_than_the_passage_names_it_is_not_another_place():
    source = (
        "Harbour Bridge is a bridge in Port Ellis , Cornwall . It was built in the 1840s "
        "and formerly spanned the River Wey in Guildford . It was dismantled in 1967 and "
        "relocated to Cornwall . It was purchased by Anne Hartley from the town of Guildford ."
    )
    response = (
        "The old Harbour Bridge was purchased by Anne Hartley and relocated to Port Ellis , "
        "Cornwall ."
    )
    result = judge("who bought the old harbour bridge and where is it now", response, source)
    assert "contradicts_source" not in [fact.reason for fact in result.unsupported]


def test_a_sentence_opening_on_similarly_speaks_of_its_own_subject():
    source = (
        "The theatre has four seating areas . The front stalls and the rear stalls together "
        "are sometimes referred to as the lower house . Similarly , the dress circle and the "
        "upper circle together are sometimes referred to as the upper house ."
    )
    response = (
        "The front stalls and rear stalls are referred to as the lower house and the dress "
        "circle and upper circle as the upper house."
    )
    assert grounded(judge("what are the seating areas called", response, source))
