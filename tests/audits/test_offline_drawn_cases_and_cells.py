"""The offline judge on a rule applied to the customer's case with "so" ("members can
book any day, so Sunday is fine"), a value a table gives only as a column's name ("Class |
45 minutes | 90 minutes") stated as a claim where prose gives another, a column's name or
a worked-from value taken for a rival, "as long as you ..." read as a condition, an answer
pointing at the customer's own papers, a row named by its own text cell, a thing coming to
be ("if a leak appears"), a denial put together from two articles, an exception said of
the kind a value's own sentence names, an age the customer is about to reach ("turns 5
next month"), a thing open from an age, and text cells crossed between two columns."""

from __future__ import annotations

from functools import cache

import pytest

from audits.judges.base import Turn
from audits.judges.offline import OfflineJudge
from bench.judge_classes import judge_input, load_cases, mismatched_keys, observed_labels
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded
from tests.helpers import offline_judge as judge

# --- a rule applied to the customer's case with "so" ----------------------------------------

LIBRARY = (
    "Study rooms. Card holders can book study rooms on any day of the week. "
    "Study rooms can be booked for up to 3 hours at a time. "
    "Laptops are not lent to visitors without a library card."
)


def test_a_rule_applied_to_the_day_the_customer_names_is_supported():
    result = judge(
        "I have a library card. Can I book a study room on a Sunday?",
        "Card holders can book study rooms on any day of the week, so Sunday is fine.",
        LIBRARY,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_a_denial_applied_to_the_customer_is_supported():
    result = judge(
        "I'm visiting without a library card. Could I borrow a laptop for the afternoon?",
        "Laptops are not lent to visitors without a library card, so you can't borrow it.",
        LIBRARY,
    )

    assert fully_grounded(result)


def test_a_drawn_clause_saying_more_than_the_rule_and_the_customer_is_not_supported():
    # "big windows" is neither the rule's nor the customer's.
    result = judge(
        "I have a library card. Can I book a study room on a Sunday?",
        "Card holders can book study rooms on any day of the week, so Sunday rooms have big "
        "windows.",
        LIBRARY,
    )

    assert not fully_grounded(result)


def test_a_drawn_value_outside_the_rule_bound_is_not_supported():
    result = judge(
        "I have a library card. Could I book a study room for 5 hours?",
        "Study rooms can be booked for up to 3 hours at a time, so 5 hours is fine.",
        LIBRARY,
    )

    assert not fully_grounded(result)


def test_a_drawn_denial_of_a_rule_that_allows_is_not_supported():
    result = judge(
        "I have a library card. Can I book a study room on a Sunday?",
        "Card holders can book study rooms on any day of the week, so Sunday isn't fine.",
        LIBRARY,
    )

    assert not fully_grounded(result)


def test_a_rule_kept_to_its_cases_is_drawn_as_not_applying_to_another():
    courses = (
        "Course refunds. The money-back promise covers the Python and Java courses only. "
        "Refunds are paid within 10 days."
    )
    result = judge(
        "I'm on the Rust course. Can I get my money back if I don't like it?",
        "The money-back promise covers the Python and Java courses only, so it doesn't "
        "apply to Rust.",
        courses,
    )

    assert fully_grounded(result)


def test_a_drawn_denial_without_only_in_the_rule_is_not_supported():
    courses = (
        "Course refunds. The money-back promise covers the Python and Java courses. "
        "Refunds are paid within 10 days."
    )
    result = judge(
        "I'm on the Rust course. Can I get my money back if I don't like it?",
        "The money-back promise covers the Python and Java courses, so it doesn't apply to Rust.",
        courses,
    )

    assert not fully_grounded(result)


def test_a_clause_after_and_is_not_drawn_from_the_rule_before_it():
    result = judge(
        "I have a library card. Can I book a study room on a Sunday?",
        "Card holders can book study rooms on any day of the week, and Sunday is fine.",
        LIBRARY,
    )

    assert not fully_grounded(result)


# --- a column's name stated as a value -------------------------------------------------------

STUDIO = (
    "Yoga classes. Class | 60 minutes | 90 minutes. Drop-in price | £11 | £15. "
    "Ten-class pass | £95 | £130."
)
KIDS = (
    "Children's yoga. Children aged 4 to 10 can join children's yoga on Saturday mornings. "
    "A children's class lasts 40 minutes and costs £6."
)


def test_a_column_name_stated_as_the_length_of_a_thing_prose_times_otherwise_contradicts():
    result = judge(
        "How long is a children's class?",
        "A children's class lasts 60 minutes.",
        KIDS,
        STUDIO,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "contradicts_source"


def test_the_length_prose_gives_is_supported_beside_the_column_names():
    result = judge(
        "How long is a children's class?",
        "A children's class lasts 40 minutes and costs £6.",
        KIDS,
        STUDIO,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_a_column_name_used_to_name_the_column_stays_supported():
    result = judge(
        "How much is a drop-in class?",
        "For the 60 minutes class, the drop-in price is £11.",
        STUDIO,
        KIDS,
    )

    assert fully_grounded(result)


def test_a_value_worked_from_a_rate_the_fact_states_first_is_not_rivalled_by_it():
    # £12 is also another article's price; the fact works it out of £6 for two.
    adults = "Adult yoga. An adult class costs £12 and lasts 60 minutes."
    result = judge(
        "My two children want a children's class. What would it cost?",
        "A children's class costs £6 per child, so £12 for the two of them.",
        KIDS,
        adults,
    )

    assert fully_grounded(result)


def test_a_value_of_one_shared_word_is_no_rival_from_another_article():
    arrival = "Arriving. Classes start on the hour, so please arrive 10 minutes early."
    result = judge(
        "How long is a children's class?",
        "Each class lasts 40 minutes.",
        KIDS,
        arrival,
    )

    assert fully_grounded(result)


# --- "as long as you ..." sets a condition -----------------------------------------------

REFUNDS = (
    "Late deliveries. If your order arrives more than 2 hours late, we refund the delivery "
    "charge of £4 when you contact us within 7 days."
)


def test_as_long_as_you_is_a_condition_not_a_comparison():
    result = judge(
        "My order came three hours late. Can I get anything back?",
        "If your order arrives more than 2 hours late, we'll refund the £4 delivery charge, "
        "as long as you contact us within 7 days.",
        REFUNDS,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_as_long_as_a_value_is_still_a_comparison():
    result = judge(
        "How long do I have to ask for a refund?",
        "You have 2 hours to ask, as long as 7 days.",
        REFUNDS,
    )

    assert result.verdict == "insufficient"


# --- the customer's own papers ----------------------------------------------------------------

LEASE = (
    "Repairs in rented homes. Landlords pay for repairs to the boiler, the roof and the "
    "wiring. Tenants pay for damage they or their guests cause."
)


def test_an_in_domain_no_information_with_a_pointer_to_the_customers_papers_is_no_content():
    result = judge(
        "Who pays to fix a broken boiler in my rented flat?",
        "Sorry, I don't have information about who pays for repairs. You may want to check "
        "your tenancy agreement.",
        LEASE,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "no_content"


def test_a_fact_that_names_the_agreement_is_still_a_fact():
    result = judge(
        "Who pays to fix a broken boiler in my rented flat?",
        "Your tenancy agreement says the tenant pays for the boiler.",
        LEASE,
    )

    assert result.facts
    assert not fully_grounded(result)


# --- a row named by its own text cell -------------------------------------------------------

ZONES = (
    "Delivery times. Zone | Towns | Delivery. Zone 1 | Northby and Eastfield | Next day. "
    "Zone 2 | Other towns we serve | Within 3 working days."
)


def test_a_row_named_with_its_own_text_cell_keeps_its_value():
    result = judge(
        "How long does delivery take?",
        "Zone 2 (other towns we serve): within 3 working days.",
        ZONES,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_a_value_put_under_another_row_is_still_misapplied():
    result = judge(
        "How long does delivery take to Northby?",
        "Zone 1 (Northby and Eastfield): within 3 working days.",
        ZONES,
    )

    assert not fully_grounded(result)


# --- a thing coming to be -------------------------------------------------------------------

DAMP = (
    "Damp treatment. Our damp treatment is guaranteed for 10 years. If damp returns within "
    "that time, we will treat a new patch of damp in the same room free of charge."
)


def test_a_thing_that_appears_is_the_thing_in_a_case_clause():
    result = judge(
        "What if the damp comes back?",
        "If a new patch of damp appears in the same room within 10 years, we'll treat it "
        "free of charge.",
        DAMP,
    )

    assert fully_grounded(result)


def test_appearing_as_the_claim_itself_is_not_spared():
    result = judge(
        "Is the damp treatment guaranteed?",
        "A new patch of damp appeared in the same room.",
        DAMP,
    )

    assert not fully_grounded(result)


# --- a denial put together from two articles ------------------------------------------------

FUEL = (
    "Fuel. If you run out of fuel, we bring enough to reach the nearest filling station, and "
    "you pay for the fuel."
)
LIMIT = (
    "Call-out limit. Each year includes up to 4 call-outs. Call-outs where we cannot find "
    "you still count towards the limit."
)


def test_a_denial_joining_one_articles_case_to_anothers_rule_is_not_supported():
    result = judge(
        "If I run out of fuel, will you help?",
        "We'll bring enough fuel to reach the nearest filling station, and you pay for the "
        "fuel. A call-out for running out of fuel doesn't count towards the limit.",
        FUEL,
        LIMIT,
    )

    assert not fully_grounded(result)
    assert result.unsupported[0].fact == len(result.facts) - 1


def test_a_statement_joining_two_articles_is_still_supported():
    result = judge(
        "If I run out of fuel, will you help?",
        "If you run out of fuel we bring enough to reach the nearest filling station, and "
        "each year includes up to 4 call-outs.",
        FUEL,
        LIMIT,
    )

    assert fully_grounded(result)


# --- an exception said of the kind the value's own sentence names ---------------------------

TRAILERS = (
    "Trailers. If your car breaks down while towing, we also recover a trailer up to 6 "
    "metres long. On Basic cover, recovering a trailer costs £35 per call-out. We do not "
    "cover breakdowns of the trailer itself."
)


def test_the_price_the_sentence_gives_the_kind_is_not_its_exception():
    result = judge(
        "I tow a 5-metre trailer. What does recovering it cost on Basic cover?",
        "On Basic cover that costs £35 per call-out.",
        TRAILERS,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_an_exception_said_of_a_kind_the_value_sentence_does_not_name_still_holds():
    bikes = (
        "Cycle repairs. A standard service costs £45 per bike. Carbon frames are not "
        "covered by the standard service."
    )
    result = judge(
        "My bike has a carbon frame. How much is a standard service?",
        "A standard service costs £45 per bike.",
        bikes,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


# --- an age the customer is about to reach ---------------------------------------------------


def test_turning_an_age_next_month_is_the_year_before_it():
    (age,) = extract_quantities("My son turns 8 next month.")

    assert age.kind == "age"
    assert age.low == 7
    assert 7 < age.high < 8


def test_an_age_to_be_reached_in_a_month_named_is_read_too():
    (age,) = extract_quantities("She'll be 16 in March.")

    assert age.kind == "age"
    assert age.high < 16


def test_a_length_after_will_be_is_no_age():
    (length,) = extract_quantities("It will be 10 minutes.")

    assert length.kind == "duration"


def test_a_count_after_there_will_be_is_no_age():
    (count,) = extract_quantities("There will be 4.")

    assert count.kind == "number"


CLIMBING = (
    "Climbing sessions. Adult sessions are open to climbers aged 16 and over. "
    "Junior sessions are for climbers aged 8 to 15 and cost £9."
)


def test_a_yes_to_a_session_open_from_an_age_the_customer_has_not_reached_is_misapplied():
    result = judge(
        "My son turns 16 next month. Can he come to an adult session on Friday?",
        "Yes, he can! Sessions are £12 for adults.",
        CLIMBING,
        "Prices. Adult sessions cost £12.",
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_yes_once_the_age_is_reached_is_supported():
    result = judge(
        "My son turned 16 last month. Can he come to an adult session on Friday?",
        "Yes, he can! Sessions are £12 for adults.",
        CLIMBING,
        "Prices. Adult sessions cost £12.",
    )

    assert result.verdict == "sufficient"


# --- text cells crossed between two columns -------------------------------------------------

COVER = (
    "Cover levels. Cover | Basic | Plus | Premier. Price per year | £40 | £70 | £95. "
    "Courtesy car | Not included | Up to 2 days | Until your car is fixed."
)


def test_text_cells_swapped_between_two_columns_contradict_the_table():
    result = judge(
        "What courtesy car do I get on Plus compared with Premier?",
        "On Plus you get a courtesy car until your car is fixed, while Premier gives you "
        "a courtesy car for up to 2 days.",
        COVER,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "contradicts_source"


def test_text_cells_each_under_its_own_column_are_supported():
    result = judge(
        "What courtesy car do I get on Plus compared with Premier?",
        "On Plus you get a courtesy car for up to 2 days, while Premier gives you a "
        "courtesy car until your car is fixed.",
        COVER,
    )

    assert fully_grounded(result)


def test_a_cell_shared_by_two_columns_is_no_crossing():
    shared = (
        "Cover levels. Cover | Basic | Plus | Premier. Breakdown abroad | Not included | "
        "Not included | Anywhere in Europe."
    )
    result = judge(
        "Is breakdown abroad covered on Basic or Plus?",
        "Breakdown abroad is not included on Basic, and on Plus it's not included either.",
        shared,
    )

    assert not any(item.reason == "contradicts_source" for item in result.unsupported)


def test_conversation_context_does_not_name_the_column_for_a_crossed_cell():
    result = judge(
        "And on Premier?",
        "On Premier you get a courtesy car until your car is fixed.",
        COVER,
        history=(Turn(query="What courtesy car do I get on Plus?", response="Up to 2 days."),),
    )

    assert fully_grounded(result)


# --- a rolling period, the other side of a bound, "thrown in" ------------------------------

HALLS = (
    "Overnight guests. Residents may have an overnight guest for up to 2 nights in any 7 "
    "days. Guests under 16 are not allowed to stay overnight."
)


def test_a_count_in_any_rolling_period_is_no_claim_for_every_case():
    result = judge(
        "Can my friend stay over?",
        "A guest can stay overnight for up to 2 nights in any week. Guests under 16 can't "
        "stay the night.",
        HALLS,
    )

    assert not any(item.reason == "contradicts_source" for item in result.unsupported)


def test_a_claim_for_any_guest_is_still_universal():
    result = judge(
        "Can my friend stay over?",
        "Guests of any age can stay overnight for up to 2 nights in any 7 days.",
        HALLS,
    )

    assert result.verdict == "insufficient"


DELIVERY = "Home delivery. Delivery is free on orders over £40; below that it costs £5."


def test_the_price_below_a_bound_is_the_same_things_price():
    result = judge(
        "Do you charge for delivery?",
        "Orders over £40 go free; smaller orders pay £5.",
        DELIVERY,
    )

    assert fully_grounded(result)


def test_the_price_below_a_bound_given_to_the_orders_above_it_is_swapped():
    result = judge(
        "Do you charge for delivery on a £60 order?",
        "Orders over £40 pay £5.",
        DELIVERY,
    )

    assert not fully_grounded(result)


def test_what_comes_thrown_in_is_included():
    tents = "Tent hire. Every tent hire includes a groundsheet and pegs at no extra cost."
    result = judge(
        "Do I need to bring pegs?",
        "No - every tent hire comes with a groundsheet and pegs thrown in.",
        tents,
    )

    assert fully_grounded(result)


# --- the labelled cases these readings were built on ------------------------------------------

BUILT_ON = (
    "dev-gym-012",  # "so Saturday at noon is fine"
    "dev-coach-008",  # "so you can't take it on the coach to Gatwick" (the trip in an earlier turn)
    "dev-bootcamp-005",  # "covers ... only, so it doesn't apply to UX Design"
    "dev-buspass-005",  # "so the 8am bus is fine"
    "dev-trampoline-002",  # a column's name stated as a toddler session's length
    "dev-trampoline-005",  # "turns 5 next month" and "open to jumpers aged 5 and over"
    "dev-trampoline-006",  # one shared word is no rival from another article
    "dev-breakdown-007",  # text cells swapped between two columns
    "dev-breakdown-011",  # "as long as you send the receipt"
    "dev-pest-009",  # "You may want to check your tenancy agreement."
    "dev-pest-012",  # "Zone C (other postcodes we cover)"
    "dev-pest-014",  # "If a new nest appears in the same season"
    "dev-evcharge-008",  # a value's cell names no column the fact restates
    "dev-riding-002",  # one article holds every word: the union reading stands
    "dev-accom-007",  # "3 nights in any fortnight"
    "dev-gard-002",  # "smaller orders pay £6" beside "below that it costs £6"
    "dev-bikehire-001",  # "a helmet and a lock thrown in"
)


def test_text_cells_are_crossed_only_in_a_clause_naming_their_row():
    result = judge(
        "What do I get on Plus?", "On Plus, repairs are covered until your car is fixed.", COVER
    )

    assert not any(item.reason == "contradicts_source" for item in result.unsupported)


@cache
def _dev_cases() -> dict[str, dict]:
    """The labelled dev cases by id, read once for every test that judges one."""
    return {case["id"]: case for case in load_cases("dev")}


@pytest.mark.parametrize("case_id", BUILT_ON)
def test_the_labelled_case_a_reading_was_built_on_is_judged_as_labelled(case_id):
    case = _dev_cases()[case_id]

    result = OfflineJudge().judge(judge_input(case))

    assert mismatched_keys(case["expected"], observed_labels(result)) == []


def test_a_caravan_price_is_not_cut_out_by_the_caravan_exception_after_it():
    case = _dev_cases()["dev-breakdown-009"]

    result = OfflineJudge().judge(judge_input(case))

    assert fully_grounded(result)
