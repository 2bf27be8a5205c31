"""The offline judge on turns of a conversation and the courtesies around a claim: a
follow-up answered with the value of the case the customer moved away from, and a
sentence that only looks like a farewell ("we'll take care of it")."""

from __future__ import annotations

from audits.judges.base import Turn
from audits.judges.offline.context import read_turn
from audits.judges.offline.decompose import split_response
from kbaudit.text.tokens import digits_for_number_words
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


# --- A rule and its working are distinct facts, both supported -----------------------

INCOME = (
    "Affordability. Your yearly income should be at least 30 times the monthly rent. "
    "Guarantors must earn 36 times the monthly rent."
)
GUARANTOR = (
    "Affordability. Your yearly income should be at least 30 times the monthly rent; if "
    "it isn't, a guarantor earning 36 times the monthly rent can be used."
)


def test_a_value_worked_out_with_a_large_multiplier_is_supported():
    result = judge(
        "The room I want is £500 a month. What income does a guarantor need?",
        "A guarantor needs to earn 36 times the monthly rent, so £18,000 a year.",
        INCOME,
    )

    assert grounded(result)


def test_a_wrong_product_with_the_multiplier_is_not_supported():
    result = judge(
        "The room I want is £500 a month. What income does a guarantor need?",
        "A guarantor needs to earn 36 times the monthly rent, so £15,000 a year.",
        INCOME,
    )

    assert not grounded(result)


# --- The "not" of a source's opening case is not its claim's polarity ---------------


def test_a_claim_after_a_negated_case_is_affirmed_by_the_source():
    result = judge(
        "Can I use a guarantor?",
        "Yes, a guarantor earning 36 times the monthly rent can be used.",
        GUARANTOR,
    )

    assert grounded(result)


def test_a_claim_denied_after_a_case_still_contradicts_the_affirming_fact():
    result = judge(
        "Can I get a refund without a receipt?",
        "You can get a refund on the original card.",
        "Refunds. If you don't have a receipt, we can't give a refund. Exchanges are "
        "possible within 30 days.",
    )

    assert not grounded(result)


# --- The two parts of an opening "If ..." stay with the statement after its comma ---


def test_an_and_inside_an_opening_condition_does_not_split_the_fact():
    parts = split_response(
        "If your laptop is under 2 years old and can't be repaired, we replace it free.",
        "What if my laptop can't be fixed?",
    )

    assert [fact.text for fact in parts.facts] == [
        "If your laptop is under 2 years old and can't be repaired, we replace it free."
    ]


# --- A duty the source gives one party, said of another -----------------------------

COTTAGE = (
    "Cleaning and care. The owner cleans the cottage, changes the beds and services the "
    "hot tub between stays. Guests are responsible for emptying the bins, washing up and "
    "reporting any breakages before they leave."
)


def test_a_guests_duty_given_to_the_owner_is_flagged():
    result = judge(
        "Who empties the bins at the end of our stay?",
        "Thanks for asking! The owner empties the bins. Guests are responsible for washing "
        "up. Enjoy your stay!",
        COTTAGE,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_a_duty_a_pronoun_leaves_to_the_question_is_read_with_it():
    result = judge(
        "We broke a glass. Does the owner report the breakage?",
        "Yes, the owner will do it for you.",
        COTTAGE,
    )

    assert not grounded(result)


def test_each_party_given_its_own_duty_stays_grounded():
    result = judge(
        "Who does the cleaning?",
        "The owner cleans the cottage between stays. Guests are responsible for emptying "
        "the bins and washing up.",
        COTTAGE,
    )

    assert grounded(result)


# --- Times on the 24-hour clock are times of day ------------------------------------

POOL = (
    "Pool times. The early swim runs from 06:30 to 08:00 on weekdays. Family sessions "
    "run from 14:00 to 16:00 at weekends."
)


def test_a_24_hour_time_restated_with_am_and_pm_is_supported():
    result = judge(
        "When is the family session?",
        "Family sessions run from 2pm to 4pm at weekends.",
        POOL,
    )

    assert grounded(result)


def test_a_24_hour_time_given_wrong_is_not_supported():
    result = judge(
        "When is the family session?",
        "Family sessions run from 3pm to 5pm at weekends.",
        POOL,
    )

    assert not grounded(result)


# --- A claim about every case of a kind, against a source that denies it for some ---

BIKE_REPAIRS = (
    "Replacements. If we can't repair your bike and it's under 3 years old, we replace it "
    "free of charge. Bikes over 8 years old are covered for repairs but not for "
    "replacement."
)


def test_a_replacement_promised_at_any_age_is_contradicted_by_the_age_limit():
    result = judge(
        "My bike is 10 years old. Will you replace it if it can't be fixed?",
        "Happy to help! Bikes of any age are replaced if we can't repair them.",
        BIKE_REPAIRS,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_the_claim_within_the_sources_bound_is_not_read_as_every_case():
    result = judge(
        "Will you replace my bike if it can't be fixed?",
        "If we can't repair your bike and it's under 3 years old, we replace it free of charge.",
        BIKE_REPAIRS,
    )

    assert grounded(result)


def test_a_time_said_without_its_half_of_the_day_restates_the_clock_time():
    result = judge(
        "When is the early swim?",
        "The early swim runs from 06:30 to 08:00 on weekdays. That means from half past "
        "six until 8 o'clock, Monday to Friday.",
        POOL,
    )

    assert grounded(result)
    assert result.matches.redundant_of == [None, 0]


def test_a_range_restated_with_the_same_ends_is_not_two_values():
    result = judge(
        "When is the early swim?",
        "The early swim runs from 06:30 to 08:00 on weekdays. So the early swim is 6:30 "
        "to 8:00 on weekdays.",
        POOL,
    )

    assert result.verdict == "sufficient"
    assert result.notes["conflicting_facts"] == []


FRAMING = (
    "Framing prices. Framing costs £25 for prints valued under £200, and £40 for prints "
    "valued at £200 or more. Framing takes 5 working days."
)


def test_a_follow_up_past_the_bound_given_the_earlier_value_is_flagged():
    result = judge(
        "And if it's £300?",
        "It would still be £25.",
        FRAMING,
        history=(
            Turn(query="How much is framing for a print valued at £150?", response="It's £25."),
        ),
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_a_follow_up_within_the_same_bound_keeps_the_earlier_value():
    result = judge(
        "And if it's £180?",
        "It would still be £25.",
        FRAMING,
        history=(
            Turn(query="How much is framing for a print valued at £150?", response="It's £25."),
        ),
    )

    assert grounded(result)


LESSON_FEES = (
    "Lesson fees. Lessons are paid by the term. Lesson length | Per term. 30 minutes | £180. "
    "45 minutes | £260. 60 minutes | £340."
)
AFTER_45_MINUTES = (
    Turn(query="How much is a 45-minute lesson per term?", response="£260 a term."),
)


def test_a_follow_up_asking_for_an_hour_moves_to_the_60_minute_row():
    flagged = judge(
        "And an hour?", "That's £260 a term as well.", LESSON_FEES, history=AFTER_45_MINUTES
    )
    assert not grounded(flagged)
    right = judge("And an hour?", "That's £340 a term.", LESSON_FEES, history=AFTER_45_MINUTES)
    assert grounded(right)


def test_a_length_asked_for_in_a_follow_up_reads_as_its_value():
    assert digits_for_number_words("And an hour?") == "And 1 hour?"
    assert digits_for_number_words("And a day pass?") == "And a day pass?"
    reading = read_turn("And an hour?", AFTER_45_MINUTES)
    assert "1 hour" in reading.query
