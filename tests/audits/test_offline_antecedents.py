"""The offline judge on facts resting on a sentence that opens with a pronoun: it goes
on about the subject of the sentence before, not about a name listed further on."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Add-ons")


def test_it_flags_a_listed_name_given_what_a_pronoun_sentence_says():
    result = judge(
        "How is Audit Trail billed?",
        "Audit Trail is billed per seat each month.",
        "You can add Backup Plus, Audit Trail and Priority Line to any plan. It is billed "
        "per seat each month.",
    )

    assert not grounded(result)


def test_it_passes_the_subject_of_the_sentence_before():
    result = judge(
        "How is Backup Plus billed?",
        "Backup Plus is billed per seat each month.",
        "Backup Plus is our most popular add-on, ahead of Audit Trail. It is billed per "
        "seat each month.",
    )

    assert grounded(result)


def test_it_flags_a_founding_year_moved_to_a_listed_school():
    result = judge(
        "Which school that sends pupils to the Carrow summer course was founded in 1874?",
        "Brightwell Academy was founded in 1874.",
        "Among the schools that send pupils to the Carrow summer course are Ardent College, "
        "Brightwell Academy and Castell School. It was founded in 1874 by a group of farmers.",
    )

    assert not grounded(result)


def test_it_passes_a_fact_a_sentence_naming_the_subject_says():
    result = judge(
        "When was Brightwell Academy founded?",
        "Brightwell Academy was founded in 1874.",
        "Among the schools on the course are Ardent College and Brightwell Academy. It "
        "was founded in 1874. Brightwell Academy was founded in 1874 as well.",
    )

    assert grounded(result)
