"""The offline judge on rules a source keeps to one case: the customer tells which case
they are in (or are not in), and the answer must apply the rule of that case."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_grade
from tests.helpers import offline_judge as judge

NOTICE = (
    "Cancelling your membership. You can cancel a monthly membership with 30 days' notice, "
    "unless you signed a 12-month contract, which runs until its end date. Notice can be given "
    "in the app or at the front desk."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        (
            "I'm on a monthly membership; I never signed a contract. How much notice do I give?",
            True,
        ),
        ("I signed a 12-month contract in May. How much notice do I give?", False),
    ],
)
def test_an_exception_the_customer_says_they_are_not_in_is_not_their_case(query, right):
    result = judge(query, "30 days' notice is all you need.", NOTICE)

    assert grounded(result) is right


THEATRE = (
    "Refunds. Tickets are non-refundable, except when we cancel a performance, in which case we "
    "refund you in full. You can exchange tickets for another date up to 48 hours before the show."
)
KITCHENS = (
    "Damage after fitting. If our fitters or a fault in our materials damaged your worktop, we "
    "repair it free of charge. Damage from units you assembled yourself is not covered."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("Something's come up and I can't make it on Friday. Can I get my money back?", False),
        ("You cancelled Friday's performance. Can I get my money back?", True),
    ],
)
def test_a_refund_the_company_gives_when_it_cancels_is_not_the_customers_when_they_cannot_come(
    query, right
):
    result = judge(query, "Yes, we'll refund you in full.", THEATRE)

    assert grounded(result) is right


def test_damage_the_customer_says_they_caused_is_not_the_companys_to_repair():
    result = judge(
        "A wall cupboard I put up myself came down and cracked the worktop. Will you repair it?",
        "Yes, we'll repair it free of charge.",
        KITCHENS,
    )

    assert not grounded(result)


GADGETS = (
    "Gadget cover. Cover costs £3 a month for devices worth up to £500, £6 a month for devices "
    "worth up to £1,000 and £9 a month for devices worth up to £2,000. Devices worth more than "
    "£2,000 need a quote."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Cover for your device is £3 a month.", False),
        ("Cover for your device is £6 a month.", True),
    ],
)
def test_a_price_for_a_band_of_value_holds_only_for_things_worth_that_much(response, right):
    result = judge("My laptop is worth £800. What's the monthly price of cover?", response, GADGETS)

    assert grounded(result) is right


POOL = (
    "Opening hours by plan. Daytime plan: 6am to 4pm every day, with your membership card. "
    "Anytime plan: any time of day or night, for £10 a month more than Daytime."
)


@pytest.mark.parametrize(("plan", "right"), [("Daytime", False), ("Anytime", True)])
def test_hours_a_section_heads_with_one_plan_are_not_another_plans(plan, right):
    result = judge(
        f"I'm on the {plan} plan. Can I come for a swim at 11pm?",
        "Yes, you can come in at any time of day or night with your card.",
        POOL,
    )

    assert grounded(result) is right


REWARDS = (
    "Rewards. Members earn 1 point for every £1 they spend. The birthday voucher gives 15% off "
    "one order. It cannot be combined with the student discount of 10%."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        (
            "Yes, you'll get 15% off with the birthday voucher plus your 10% student discount.",
            False,
        ),
        ("No, the birthday voucher can't be combined with the student discount.", True),
    ],
)
def test_two_offers_the_source_says_cannot_be_combined_are_not_given_together(response, right):
    result = judge(
        "I'm a student and I've got my birthday voucher. Can I use both on one order?",
        response,
        REWARDS,
    )

    assert grounded(result) is right


WELCOME = (
    "Welcome offer. New subscribers get their first 3 months for £1 a month. The offer is for "
    "new subscribers only: existing subscribers adding a plan pay its usual price."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I already subscribe and want to add the Family plan. Do I get the welcome price?", False),
        ("I've never subscribed before. Do I get the welcome price on the Family plan?", True),
    ],
)
def test_an_offer_for_new_customers_is_not_an_existing_customers(query, right):
    result = judge(query, "Yes, you'll pay £1 a month for the first 3 months.", WELCOME)

    assert grounded(result) is right


WARRANTY = (
    "Warranty. Every mixer comes with a 1-year warranty. Mixers must be registered within 30 "
    "days of purchase to get the 3-year warranty."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        (
            "I bought my mixer in January and never registered it. Is it under the 3-year warranty?",
            False,
        ),
        ("I registered my mixer the day I bought it. Is it under the 3-year warranty?", True),
    ],
)
def test_an_outcome_is_not_given_to_a_customer_who_says_they_did_not_meet_its_requirement(
    query, right
):
    result = judge(query, "Yes, your mixer has the 3-year warranty.", WARRANTY)

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Mixers must be registered within 30 days of purchase to get the 3-year warranty.", True),
        ("Yes, it still has the 3-year warranty.", False),
    ],
)
def test_the_requirement_stated_as_the_rule_is_not_the_outcome_given(response, right):
    query = "I bought my mixer in January and never registered it. Is it under the 3-year warranty?"

    assert grounded(judge(query, response, WARRANTY)) is right


COURTS = (
    "Court time. Members get 2 peak hours of court time a week. Team players can book 4 "
    "hours a week instead if they play at least 3 hours a week in league matches."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("You get 2 peak hours of court time a week.", False),
        ("Because you play in the league, you can book 4 hours a week.", True),
    ],
)
def test_the_value_a_told_case_gets_instead_replaces_the_general_one(response, right):
    result = judge(
        "I play about 7 hours a week in league matches. How much court time can I book?",
        response,
        COURTS,
    )

    assert grounded(result) is right


STORAGE_PLANS = (
    "Storage by plan. Team and Business plans include file history and shared folders; on "
    "Team, storage is capped at 2 TB per workspace. Business workspaces get unlimited storage."
)


@pytest.mark.parametrize(
    ("query", "response", "right"),
    [
        ("We're on Team. How much can we store?", "Team includes unlimited storage.", False),
        ("We're on Business. How much can we store?", "You get unlimited storage.", True),
    ],
)
def test_a_thing_a_source_caps_is_not_unlimited(query, response, right):
    result = judge(query, response, STORAGE_PLANS)

    assert grounded(result) is right


TRANSFERS = (
    "Balance transfers. You can move a balance from another card to us at any time. Transfers "
    "are charged interest at 24.9% a year. Gold cardholders get their first 6 months interest-free."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Transfers are charged interest at 24.9% a year.", False),
        ("Your first 6 months are interest-free; after that it's 24.9% a year.", True),
    ],
)
def test_a_told_groups_interest_free_case_is_not_answered_with_the_general_rate(response, right):
    result = judge(
        "I'm a Gold cardholder. What rate will my balance transfer be charged at?",
        response,
        TRANSFERS,
    )

    assert grounded(result) is right


KAYAKS = (
    "Guided tours. A guided kayak tour lasts 3 hours and costs £45 per person, with all the "
    "gear included. Tours run from April to October. Tours are not available for school "
    "groups, which book an instructor of their own."
)
SEWERS = (
    "Sewerage charges. Every home connected to the public sewer pays a sewerage charge of £1.80 "
    "per cubic metre of water used. Homes with a septic tank of their own are exempt from the "
    "charge."
)
SOFAS = (
    "Sofa cleaning. Deep cleaning costs £60 per sofa and takes about 2 hours. Same-day drying "
    "costs £15 extra. Same-day drying is not available for velvet sofas."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I'm booking for a school group of 20 pupils. What does a guided tour cost?", False),
        ("My husband and I want to take a guided tour. What does it cost?", True),
    ],
)
def test_a_rule_the_source_says_is_not_available_for_the_told_case_is_not_applied(query, right):
    result = judge(query, "A guided tour costs £45 per person.", KAYAKS)

    assert grounded(result) is right


@pytest.mark.parametrize(("fabric", "right"), [("velvet", False), ("linen", True)])
def test_a_customer_naming_the_kind_a_rule_is_not_available_for_tells_the_case(fabric, right):
    result = judge(
        f"Can I get same-day drying for my {fabric} three-seater?",
        "Yes, same-day drying costs £15 extra.",
        SOFAS,
    )

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("Our cottage has its own septic tank. What do we pay for sewerage?", False),
        ("We're on mains drainage. What do we pay for sewerage?", True),
    ],
)
def test_a_charge_the_source_exempts_the_told_case_from_is_not_applied(query, right):
    result = judge(query, "The sewerage charge is £1.80 per cubic metre of water.", SEWERS)

    assert grounded(result) is right


LAWNMOWERS = (
    "Trade-in. We buy back old mowers by age and condition. Age | Working | Not working. "
    "Under 5 years old | up to £120 | £15. 5 years old or older | up to £40 | £5."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [("For a working mower we pay up to £120.", False), ("We'd pay up to £40.", True)],
)
def test_a_table_row_of_ages_or_older_holds_only_for_things_that_old(response, right):
    result = judge(
        "My mower is seven years old and still works. What would you pay?", response, LAWNMOWERS
    )

    assert grounded(result) is right


LATE_RENT = (
    "Late rent. Rent is due on the 1st of each month. After 7 days late the fee is £20. "
    "After 30 days late the fee is £50, and we may start recovery action."
)


@pytest.mark.parametrize(
    ("query", "response", "right"),
    [
        ("My rent is 40 days late. What's the fee?", "The late fee is £20.", False),
        ("My rent is 40 days late. What's the fee?", "The late fee is £50.", True),
        ("My rent is 10 days late. What's the fee?", "The late fee is £20.", True),
    ],
)
def test_a_value_set_in_steps_is_the_step_the_customers_own_value_has_reached(
    query, response, right
):
    result = judge(query, response, LATE_RENT)

    assert grounded(result) is right


BULKY_WASTE = (
    "Bulky waste. We collect bulky items from the kerbside outside your home on your "
    "collection day. Flats in Zone B get a collection from the building's bin store instead. "
    "Fridges and freezers cost extra."
)


@pytest.mark.parametrize(("zone", "right"), [("B", False), ("A", True)])
def test_a_rule_the_next_sentence_replaces_for_a_named_case_is_not_that_cases(zone, right):
    result = judge(
        f"I live in a flat in Zone {zone}. Where do you collect bulky items from?",
        "We collect them from the kerbside outside your home on your collection day.",
        BULKY_WASTE,
    )

    assert grounded(result) is right


WINDOWS = (
    "Happy-or-free promise. We re-clean any window free of charge if you're not happy with "
    "it. Conservatory roofs are not covered by free re-cleans."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("The conservatory roof is still streaky after yesterday. Will you re-clean it?", False),
        ("The kitchen window is still streaky after yesterday. Will you re-clean it?", True),
    ],
)
def test_a_case_the_source_says_is_not_covered_by_a_free_rule_is_not_given_it(query, right):
    result = judge(query, "Yes, we re-clean any window free of charge.", WINDOWS)

    assert grounded(result) is right


SKIPS = (
    "Skip hire. A skip costs £180 for loads up to 4 tonnes. From 5 tonnes a skip costs £240, "
    "and from 8 tonnes a skip costs £320."
)


@pytest.mark.parametrize(("load", "right"), [("6", False), ("3", True)])
def test_a_first_step_said_with_its_top_is_not_the_customers_above_it(load, right):
    result = judge(
        f"Our load is about {load} tonnes. What does a skip cost?", "A skip costs £180.", SKIPS
    )

    assert grounded(result) is right


EXAMS = (
    "Exam day. If you forget your student card, you cannot sit the exam and the attempt counts "
    "as missed. Arrive at the hall before the doors close."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("No. Without your student card you can't sit the exam, and the attempt is missed.", True),
        ("Yes, you can still sit the exam, and the attempt is counted as missed.", False),
    ],
)
def test_what_a_denial_adds_beside_it_is_said_of_its_case_not_denied(response, right):
    result = judge("If I forget my student card, can I still sit the exam?", response, EXAMS)

    assert grounded(result) is right


SCOOTER_HIRE = (
    "Returning a hired scooter. When your hire ends, you must return the scooter within 7 days "
    "using the collection we book for you. If we don't receive it in time, we charge a £40 late "
    "fee. Scooters must come back with their charger."
)


@pytest.mark.parametrize(
    "response",
    [
        "Yes, it has to be returned within seven days using the collection we book for you.",
        "Yes, you must return the scooter within 7 days using the collection we book for you.",
    ],
)
def test_a_case_with_no_words_of_its_own_is_not_one_the_question_names(response):
    result = judge("Do I have to send the scooter back?", response, SCOOTER_HIRE)

    assert grounded(result)


MARKET = "Customer help for Loopswap, a marketplace for second-hand goods: Buyer Protection."
PROTECTION = (
    "Buyer Protection",
    "Buyer Protection. If an item doesn't arrive or is significantly not as described, "
    "report it within 2 days of the delivery date and we'll refund you in full. Items "
    "collected in person and paid for in cash are not covered.",
)


def test_a_rule_whose_case_clause_says_not_is_still_the_rule_the_question_is_excepted_from():
    # "not as described" is the rule's case, not a denial: the customer who collected
    # in person and paid cash is the case the rule does not cover.
    result = offline_grade(
        "I collected a bike in person and paid cash, and it's not as described. Can I get "
        "a refund through Buyer Protection?",
        "Yes. If an item is significantly not as described, report it within 2 days and "
        "we'll refund you in full.",
        MARKET,
        PROTECTION,
    )
    assert result.verdict == "insufficient"


def test_the_rule_for_a_customer_outside_the_exception_is_supported():
    result = offline_grade(
        "I paid through checkout and the jacket is not as described. Can I get a refund?",
        "Yes. If an item is significantly not as described, report it within 2 days and "
        "we'll refund you in full.",
        MARKET,
        PROTECTION,
    )
    assert result.verdict == "sufficient"
