"""The offline judge on turns of a conversation and the courtesies around a claim: a
follow-up answered with the value of the case the customer moved away from, and a
sentence that only looks like a farewell ("we'll take care of it")."""

from __future__ import annotations

from audits.judges.base import Turn
from audits.judges.offline.decompose import split_response
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

REPAIRS = (
    "Repair times. We aim to fix phone screens within 2 working days on the Standard plan "
    "and within 1 working day on the Priority and Business plans. Battery swaps are done "
    "while you wait on every plan."
)
LESSONS = (
    "Missed lessons. If you miss a group lesson without 24 hours' notice, we charge £15. "
    "Missed private lessons are charged in full. Lessons cancelled by the school are "
    "always rebooked free of charge."
)


# --- A follow-up answered with the value of the case it moved away from -------------


def test_a_follow_up_given_the_value_of_the_plan_it_moved_away_from_is_flagged():
    result = judge(
        "And on Business?",
        "Within 2 working days as well.",
        REPAIRS,
        history=(
            Turn(
                query="How fast do you fix a screen on the Standard plan?",
                response="Within 2 working days.",
            ),
        ),
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_a_follow_up_given_its_own_plans_value_stays_grounded():
    result = judge(
        "And on Business?",
        "On Business it's within 1 working day.",
        REPAIRS,
        history=(
            Turn(
                query="How fast do you fix a screen on the Standard plan?",
                response="Within 2 working days.",
            ),
        ),
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_a_value_the_source_gives_both_cases_is_not_carried_over():
    # "on the Priority and Business plans": the value said of the new case as well.
    result = judge(
        "And on Business?",
        "Within 1 working day as well.",
        REPAIRS,
        history=(
            Turn(
                query="How fast do you fix a screen on the Priority plan?",
                response="Within 1 working day.",
            ),
        ),
    )

    assert grounded(result)


def test_the_charge_of_the_earlier_kind_of_lesson_given_to_the_new_one_is_flagged():
    result = judge(
        "What about a missed private lesson?",
        "A missed private lesson is also £15.",
        LESSONS,
        history=(
            Turn(
                query="I missed my group lesson without telling you. What will I be charged?",
                response="Missing a group lesson without 24 hours' notice costs £15.",
            ),
        ),
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


# --- "Take care of" says who does what; "Take care!" bids goodbye -------------------


def test_taking_care_of_something_is_a_claim_not_a_farewell():
    parts = split_response(
        "Don't worry, the landlord will take care of the repair. Take care!",
        "Who fixes a broken window?",
    )

    assert [fact.text for fact in parts.facts] == ["The landlord will take care of the repair."]
    assert ("pleasantry", "Take care!") in parts.others
