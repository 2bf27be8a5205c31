"""Readings of help-centre wording:

- "rather than" and "instead of" deny what follows them;
- "we ask you to pay within 7 days" is the instruction "please pay within 7 days";
- a fact and a source sentence opening on one case ("If it rains after a clean, ...")
  that say opposite things of it disagree, however close another sentence comes.
"""

from __future__ import annotations

import pytest

from kbaudit.text.tokens import content_stems, negation_targets
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

PAYING = "Paying. We send an invoice after each lesson; please pay within 14 days."
SNOW = (
    "Snow days. In heavy snow we move your lesson to another day within 2 weeks at no "
    "charge. If you cancel because of snow, we don't refund the lesson."
)


@pytest.mark.parametrize(
    "text", ["stored under a reference rather than your name", "a reference instead of your name"]
)
def test_rather_than_denies_what_follows(text):
    assert negation_targets(text) == [frozenset(content_stems("name"))]


def test_a_request_restates_the_instruction():
    result = judge(
        "How do I pay?",
        "We send an invoice after each lesson and ask you to pay within a fortnight.",
        PAYING,
    )

    assert grounded(result)


def test_we_ask_you_to_keeps_the_value():
    result = judge(
        "How do I pay?",
        "We send an invoice after each lesson and ask you to pay within a week.",
        PAYING,
    )

    assert not grounded(result)


def test_the_opposite_of_what_a_source_says_in_the_same_case_is_flagged():
    result = judge(
        "I cancelled because of the snow. Do I get my money back?",
        "If you cancel because of snow, we refund the lesson within 2 weeks.",
        SNOW,
    )

    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


def test_the_same_case_said_the_same_way_stays_supported():
    result = judge(
        "I cancelled because of the snow. Do I get my money back?",
        "If you cancel because of snow, we don't refund the lesson.",
        SNOW,
    )

    assert grounded(result)


FROST = (
    "Frost. Treatments can be moved to another day within 5 days at no charge. If frost "
    "damages the lawn after a treatment, we don't re-treat it for free."
)


def test_the_same_case_is_read_against_its_own_sentence_not_the_closest_one():
    result = judge(
        "The lawn went patchy the day after you treated it. Will you do it again?",
        "If frost spoils the lawn after a treatment, a free re-treatment is on us within 5 days.",
        FROST,
    )

    assert [item.reason for item in result.unsupported] == ["contradicts_source"]
