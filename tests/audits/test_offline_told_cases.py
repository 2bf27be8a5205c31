"""The offline judge on the case the customer tells: a value they state (an age, an
amount) puts them inside or outside a bound the source sets, and the answer must give
the value of the case they are in."""

from __future__ import annotations

import pytest

from audits.judges.base import Turn
from kbaudit.text.conditions import Condition, window_met
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

MUSEUM = (
    "Admission. Entry is £16 per person. You pay nothing if you are under 5, aged 65 or over, "
    "or a full-time carer. Annual passes cost £45."
)
GUESTS = (
    "Guest passes. Members can buy guest passes for their own club, at £6 a day at city clubs "
    "and £4 a day at town clubs, for up to 30 days a year. Members aged 70 or over get their "
    "first 10 guest days each year free."
)
CREDIT = (
    "Overpayments. We review your account once a year. If it is more than £50 in credit, "
    "we refund the amount over £50 by bank transfer within 10 days."
)


def _condition(text: str) -> Condition:
    return Condition(text, frozenset(), tuple(extract_quantities(text)), any_of=False)


@pytest.mark.parametrize(
    ("told", "met"),
    [("I'm 71 and live here", True), ("I'm 58", False), ("my 12-year-old", False)],
)
def test_a_told_age_meets_an_age_bound_when_it_falls_inside_it(told, met):
    assert window_met(_condition("aged 65 or over"), extract_quantities(told)) is met


def test_a_bare_number_bound_on_an_age_is_met_by_a_told_age():
    assert window_met(_condition("if you are under 16"), extract_quantities("my 9-year-old"))


@pytest.mark.parametrize(
    ("response", "right"),
    [("Entry is £16 per person.", False), ("You're aged 65 or over, so you pay nothing.", True)],
)
def test_a_case_listed_after_the_governing_one_is_the_customers_when_their_age_meets_it(
    response, right
):
    result = judge(
        "I'm 72 and want to visit on Sunday. What's the admission price?", response, MUSEUM
    )

    assert grounded(result) is right


def test_the_general_value_passes_for_a_customer_outside_every_case():
    result = judge("I'm 40. What's the admission price?", "Entry is £16 per person.", MUSEUM)

    assert grounded(result)


def test_an_answer_that_speaks_of_the_used_up_case_may_give_the_ordinary_value():
    result = judge(
        "I'm 74 and I've used my 10 free guest days this year. How much is another day at a "
        "town club?",
        "Since your 10 free days are used up, each extra guest day at a town club costs £4.",
        GUESTS,
    )

    assert grounded(result)


def test_a_value_worked_out_from_the_customers_own_number_is_supported():
    result = judge(
        "I'm £80 in credit at my annual review. What happens?",
        "We refund the amount over £50, so you'd get £30 back by bank transfer.",
        CREDIT,
    )

    assert grounded(result)


STATION = (
    "Station parking. Season tickets are not valid in the Quayside car park, where ticket "
    "holders get the first 2 hours free instead."
)
COUPONS = (
    "Coupons. If you book within the 7-day offer window, we hold the offer price for a "
    "further 7 days. If we cancel your booking, you can ask for a refund within 30 days; "
    "the offer price no longer applies once you rebook."
)


@pytest.mark.parametrize(
    "response",
    [
        "Season ticket holders get the first 2 hours free there.",
        "At the Quayside car park the first 2 hours are free.",
    ],
)
def test_a_where_clause_keeps_its_own_polarity_beside_an_exclusion(response):
    result = judge(
        "I have a season ticket. Can I park at the Quayside car park?", response, STATION
    )

    assert grounded(result)


def test_the_next_sentences_value_of_another_thing_is_not_the_customers_case():
    result = judge(
        "I booked on day 3 and you cancelled my booking. Can I still get the offer price?",
        "Yes. As you booked within the 7-day offer window, we hold the offer price for a "
        "further 7 days.",
        COUPONS,
    )

    assert grounded(result)


def test_a_rule_that_no_longer_applies_once_the_customer_has_done_something_is_flagged():
    result = judge(
        "You cancelled my booking and I've already rebooked. Can I still get the offer price?",
        "Yes, if you booked within the 7-day offer window, we hold the offer price for a "
        "further 7 days.",
        COUPONS,
    )

    assert not grounded(result)


def test_what_a_where_clause_gives_the_excluded_case_is_not_taken_away_from_it():
    result = judge(
        "I'm a season ticket holder going to the Quayside car park. Can I park there free all day?",
        "Not all day. Season tickets aren't valid in the Quayside car park, but ticket holders "
        "get the first 2 hours there free.",
        STATION,
    )

    assert grounded(result)


WORKSHOPS = (
    "Workshops. Anytime members book workshops free; Weekday members pay £6 per workshop. "
    "Places open 10 days ahead."
)
MUSEUM_TOURS = (
    "Guided tours. Guided tours cost £9 for adults and are free for children aged 5 to 15. "
    "Tours last an hour."
)
LOCKERS = (
    "Cancelling a locker. A locker can be cancelled for a £10 fee. Cancellations for medical "
    "reasons are free with a doctor's letter."
)


def test_a_named_group_after_a_semicolon_governs_its_own_clause():
    result = judge(
        "I'm a Weekday member. What does a workshop cost?",
        "Workshops are free to book for members.",
        WORKSHOPS,
    )

    assert not grounded(result)


def test_a_second_predicate_keeps_its_own_case():
    result = judge(
        "How much is a guided tour for my 11-year-old?", "Guided tours cost £9.", MUSEUM_TOURS
    )

    assert not grounded(result)


def test_the_adults_price_passes_for_an_adult():
    result = judge(
        "How much is a guided tour for me? I'm 40.",
        "Guided tours cost £9 for adults.",
        MUSEUM_TOURS,
    )

    assert grounded(result)


def test_evidence_a_rule_asks_for_is_a_case_the_question_may_state():
    result = judge(
        "I need to cancel my locker because of an operation and I have a doctor's letter. "
        "What will it cost?",
        "Cancelling a locker costs a £10 fee.",
        LOCKERS,
    )

    assert not grounded(result)


BATTERIES = (
    "Shipping batteries. Large lithium batteries, such as e-bike or scooter packs, are never "
    "shipped by air. Drop them at a partner depot within 14 days and bring your receipt. "
    "Small batteries, such as phone or laptop cells, go by tracked post for £6 and need a "
    "signature."
)


@pytest.mark.parametrize(
    ("query", "response", "right"),
    [
        (
            "Can you send my e-bike pack by post?",
            "Yes, it goes by tracked post for £6 and needs a signature.",
            False,
        ),
        (
            "Can you send my laptop battery by post?",
            "Yes, it goes by tracked post for £6 and needs a signature.",
            True,
        ),
        (
            "How long do I have to drop off my phone battery?",
            "Phone cells must be dropped at a partner depot within 14 days.",
            False,
        ),
    ],
)
def test_one_categorys_rule_given_to_an_example_of_another_is_flagged(query, response, right):
    result = judge(query, response, BATTERIES)

    assert grounded(result) is right


BIKE_STORE = (
    "Bike storage. Outdoor racks are free and need your own lock. Indoor racks cost £5 a "
    "month. Both are available at every station."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Yes, indoor racks need your own lock.", False),
        ("Yes, outdoor racks need your own lock.", True),
    ],
)
def test_what_one_kind_of_a_thing_needs_is_not_moved_to_another_kind(response, right):
    result = judge("Do I need to bring a lock for the bike storage?", response, BIKE_STORE)

    assert grounded(result) is right


def test_the_alternative_the_fact_states_and_the_customer_meets_is_enough():
    result = judge(
        "My son is 9. Does he pay for entry?",
        "No, entry is free if you are under 12.",
        "Entry. Entry is £8. Entry is free if you are under 12, aged 65 or over, or a carer.",
    )

    assert grounded(result)


CAR_DEPOSITS = (
    "Car hire deposits. The deposit is £300 for economy cars and £800 for premium cars. "
    "Drivers under 25 pay a young driver fee of £15 a day. The deposit is waived for Gold "
    "members."
)
TRAIN_REFUNDS = (
    "Delay refunds. Delays of 15 to 29 minutes get 25% of the fare back. Delays of 30 to 59 "
    "minutes get 50% back. Delays of 60 minutes or more get a full refund."
)


def test_a_waiver_said_of_the_facts_subject_a_sentence_later_is_an_exception():
    result = judge(
        "I'm a Gold member hiring an economy car. What's the deposit?",
        "The deposit is £300 for economy cars.",
        CAR_DEPOSITS,
    )

    assert not grounded(result)


@pytest.mark.parametrize(
    ("response", "right"),
    [("You get 25% of the fare back.", False), ("You get 50% of the fare back.", True)],
)
def test_a_band_of_delays_is_the_case_a_told_delay_falls_in(response, right):
    result = judge("My train was 40 minutes late. What do I get back?", response, TRAIN_REFUNDS)

    assert grounded(result) is right


CINEMA = (
    "Tickets. Adult tickets cost £12. Children under 12 pay £8. Members get 20% off every ticket."
)


def test_a_told_age_past_a_bare_number_age_bound_is_outside_it():
    result = judge("How much for my 14-year-old?", "Children under 12 pay £8, so £8.", CINEMA)

    assert not grounded(result)


def test_a_share_named_in_another_fact_may_be_applied():
    result = judge(
        "I'm a member. How much is an adult ticket?",
        "Members get 20% off, so an adult ticket is £9.60.",
        CINEMA,
    )

    assert grounded(result)


KENNELS = (
    "Boarding. Dogs stay for £25 a night and must be walked twice a day. Cats stay for £12 a "
    "night. Rabbits can be boarded from April to September."
)
LOANS = (
    "Loans. Books can be borrowed for 3 weeks and renewed twice. Games can be borrowed for 1 "
    "week and cannot be renewed."
)


@pytest.mark.parametrize(
    ("query", "response", "right"),
    [
        ("Will you walk my cat?", "Yes, cats must be walked twice a day.", False),
        ("Will you walk my dog?", "Yes, dogs must be walked twice a day.", True),
        ("Can I renew a game?", "Yes, games can be renewed twice.", False),
        ("Can I renew a book?", "Yes, books can be renewed twice.", True),
    ],
)
def test_what_a_sentence_says_of_its_subject_is_not_moved_to_another_sentences(
    query, response, right
):
    result = judge(query, response, KENNELS if "walk" in query else LOANS)

    assert grounded(result) is right


FURNITURE = (
    "Damaged deliveries. Tell us within 7 days of delivery. If the manufacturer made a "
    "fault, we send a free replacement part within 10 working days. If the driver damaged "
    "it, we replace the whole item within 3 working days."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("The driver scratched my table while carrying it in. What happens now?", False),
        ("My new table has a faulty leg from the manufacturer. What happens now?", True),
    ],
)
def test_one_partys_rule_is_not_the_customers_when_they_say_another_party_did_it(query, right):
    result = judge(query, "We'll send a free replacement part within 10 working days.", FURNITURE)

    assert grounded(result) is right


GUEST_PASSES = (
    "Guest passes. Members can bring a guest for £10 a visit. Premium members bring one "
    "guest a month free. Guests must be 16 or over."
)
SUBSCRIPTIONS = (
    "Subscriptions. The monthly plan costs £8 and the annual plan costs £80. Annual "
    "subscribers get their first month free. Students get 50% off either plan with a "
    "student card."
)


def test_a_group_that_brings_something_free_is_a_case():
    result = judge(
        "I'm a Premium member. Can I bring a friend for free?",
        "Guests cost £10 a visit.",
        GUEST_PASSES,
    )

    assert not grounded(result)


def test_the_second_subject_of_a_sentence_keeps_its_own_value():
    result = judge("How much is the annual plan?", "The annual plan costs £80.", SUBSCRIPTIONS)

    assert grounded(result)


def test_the_full_price_for_a_customer_in_a_group_with_a_share_off_is_flagged():
    result = judge(
        "I'm a student. How much is the monthly plan?", "The monthly plan costs £8.", SUBSCRIPTIONS
    )

    assert not grounded(result)


def test_the_full_price_for_a_customer_outside_the_group_passes():
    result = judge("How much is the monthly plan?", "The monthly plan costs £8.", SUBSCRIPTIONS)

    assert grounded(result)


ROOM_RATES = (
    "Cancelling a stay. Flexible rates can be cancelled free of charge until noon the day "
    "before arrival. Saver rates cannot be cancelled or changed."
)
FAMILY = "Children. Children under 3 stay free in their parents' room. Cots are free on request."


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I booked a Saver rate. Can I cancel?", False),
        ("I booked a Flexible rate. Can I cancel?", True),
    ],
)
def test_a_rate_the_source_says_cannot_be_cancelled_is_the_customers_case(query, right):
    result = judge(
        query, "Yes, you can cancel free of charge until noon the day before arrival.", ROOM_RATES
    )

    assert grounded(result) is right


def test_an_age_bound_written_before_a_verb_is_still_an_age_bound():
    result = judge(
        "My son is 6. Does he stay free?", "Yes, children stay free in their parents' room.", FAMILY
    )

    assert not grounded(result)


BRANCHES = (
    "Branches. Opening hours are 9am to 5pm in Derby and 8am to 6pm in Leicester. "
    "In Nottingham the branch opens at 10am. Passport checks are offered in Derby only."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("Can I get a passport check in Nottingham?", False),
        ("Can I get a passport check in Derby?", True),
    ],
)
def test_a_rule_kept_to_a_named_place_is_not_the_customers_elsewhere(query, right):
    result = judge(query, "Yes, passport checks are offered there.", BRANCHES)

    assert grounded(result) is right


OPTICIANS = (
    "Same-hour glasses. Glasses made while you wait, within 1 hour, cost £15 extra and are "
    "available only at our York, Hull and Whitby branches. Other branches make glasses in 5 "
    "working days at no extra cost."
)


@pytest.mark.parametrize(("branch", "right"), [("Scarborough", False), ("Whitby", True)])
def test_a_rule_kept_to_a_list_of_branches_is_not_given_at_a_branch_the_list_leaves_out(
    branch, right
):
    result = judge(
        f"I'm going to your {branch} branch. Can I have my glasses made within the hour?",
        "Yes, we make your glasses within 1 hour for £15 extra.",
        OPTICIANS,
    )

    assert grounded(result) is right


HOME_VISITS = (
    "Home visits. Our nurses take blood samples at your home for £25. Home visits are "
    "available only in our Bath, Frome and Wells areas."
)


@pytest.mark.parametrize(("area", "right"), [("Bristol", False), ("Wells", True)])
def test_a_list_of_places_after_a_rule_keeps_that_rule_to_them(area, right):
    result = judge(
        f"I live in the {area} area. Can a nurse take my blood sample at home?",
        "Yes, a nurse takes the sample at your home for £25.",
        HOME_VISITS,
    )

    assert grounded(result) is right


SHIPPING_RULES = "Shipping. Orders over £50 ship free. Orders under £50 pay £4.95 shipping."
COVER = (
    "Roadside cover. Claims must be made within 30 days. Cars over 12 years old are not covered."
)
LATE_FEES = "Late returns. Games returned late cost 30p a day, up to £6 per game."


def test_the_rule_whose_case_the_customer_meets_is_the_one_the_fact_states():
    result = judge(
        "My order is £70. Do I pay shipping?", "No, orders over £50 ship free.", SHIPPING_RULES
    )

    assert grounded(result)


def test_an_exclusion_restated_for_a_customer_outside_it_passes():
    result = judge(
        "My car is 6 years old. Is it covered?",
        "Yes, only cars over 12 years old are not covered.",
        COVER,
    )

    assert grounded(result)


def test_a_daily_rate_times_the_customers_days_is_worked_out():
    result = judge(
        "My game is 10 days late. What do I owe?", "Late games cost 30p a day, so £3.", LATE_FEES
    )

    assert grounded(result)


WORKSHOP_FEES = (
    "Workshop fees. The workshop costs £250. If you register by 30 April, you pay the early "
    "rate of £190."
)


@pytest.mark.parametrize(("day", "right"), [("12 May", False), ("20 April", True)])
def test_a_registration_date_past_the_deadline_misses_the_early_rate(day, right):
    result = judge(
        f"I'm registering on {day}. What does the workshop cost?",
        "You pay the early rate of £190.",
        WORKSHOP_FEES,
    )

    assert grounded(result) is right


RENEWALS = (
    "Renewing. Renew a library card within 14 days of its expiry date. Parking permits must "
    "be renewed within 7 days of expiry."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("You have 14 days to renew either of them after they expire.", False),
        ("Library cards can be renewed within 14 days of expiry.", True),
    ],
)
def test_one_value_for_either_of_two_things_must_hold_for_both(response, right):
    result = judge(
        "How long do I have to renew a library card and a parking permit?", response, RENEWALS
    )

    assert grounded(result) is right


VAN_HIRE = (
    "Van hire deposits. Small vans need a £250 deposit. Large vans need a £600 deposit. "
    "Drivers under 25 pay £12 a day extra."
)


def test_a_surcharge_for_the_customers_case_is_on_top_of_the_value_not_instead():
    result = judge(
        "And a large van?",
        "The deposit on a large van is £600.",
        VAN_HIRE,
        history=(
            Turn(
                query="I'm 23. What's the deposit on a small van?",
                response="£250, and you pay £12 a day extra as you're under 25.",
            ),
        ),
    )

    assert grounded(result)


ZOO_ENTRY = "Entry. Visitors aged under 5 get in free. Everyone else pays £8."


def test_people_named_by_the_sources_age_bound_claim_nothing_more():
    assert grounded(judge("My son is 3. Does he pay?", "Kids under 5 get in free.", ZOO_ENTRY))
    assert not grounded(judge("My son is 6. Does he pay?", "Kids under 7 get in free.", ZOO_ENTRY))


KEY_CUTTING = (
    "Key cutting at home. Our locksmiths cut spare keys at your home in Ayr and Troon for "
    "£30 per visit. The visit is free for orders of 5 keys or more. We do not visit homes "
    "in Irvine; bring your key to our Irvine branch instead."
)


@pytest.mark.parametrize(("town", "right"), [("Irvine", False), ("Troon", True)])
def test_a_rule_the_source_denies_for_a_named_place_is_not_the_customers_there(town, right):
    result = judge(
        f"I live in {town}. Can a locksmith come to my home to cut spare keys?",
        "Yes, our locksmiths cut spare keys at your home for £30 per visit.",
        KEY_CUTTING,
    )

    assert grounded(result) is right


def test_the_denied_place_named_by_the_fact_is_its_own_statement():
    result = judge(
        "I live in Irvine. Can a locksmith come to my home to cut spare keys?",
        "No, we don't visit homes in Irvine, but you can bring your key to our Irvine branch.",
        KEY_CUTTING,
    )

    assert grounded(result), result.rationale


BOAT_TRIPS = (
    "Harbour boat trips. A private boat trip costs £60 per booking. Life jackets are "
    "included. The trip is free for bookings of 6 or more people."
)


@pytest.mark.parametrize(("party", "right"), [("3", False), ("8", True)])
def test_a_booking_size_the_customer_gives_in_an_earlier_turn_meets_the_threshold_or_not(
    party, right
):
    result = judge(
        "Is the trip free for us then?",
        "Yes, the trip is free for you.",
        BOAT_TRIPS,
        history=(Turn(query=f"We're {party} people going out on Saturday.", response="Lovely."),),
    )

    assert grounded(result) is right


# --- Two causes of one event, each with its own rule -----------------------------------

CANCELLED_TRAINS = (
    "Cancelled trains. If your train is cancelled because of a fault on our network, we refund "
    "your ticket in full and add £10 credit. If it is cancelled because of strike action or "
    "severe weather, you get your fare back and no credit is given."
)
CRACKED_SCREENS = (
    "Cracked screens. If a screen cracks because of a manufacturing fault, we replace it free and "
    "lend you a phone. If it cracks because the phone was dropped, you pay for the repair and "
    "no loan phone is given."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "My train was cancelled and the board said there was a signal fault on the network. "
            "What will I get?",
            "As the fault was on our network, we'll refund your ticket in full and add £10 credit.",
            CANCELLED_TRAINS,
        ),
        (
            "My screen cracked on its own and the shop said it was a manufacturing fault. "
            "What do I get?",
            "As it's a manufacturing fault, we'll replace the screen free and lend you a phone.",
            CRACKED_SCREENS,
        ),
    ],
)
def test_the_cause_the_answer_and_question_state_is_not_the_excluded_one(query, response, source):
    assert grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "My train was cancelled because of the strike. What will I get?",
            "We'll refund your ticket in full and add £10 credit.",
            CANCELLED_TRAINS,
        ),
        (
            "My train was cancelled because of the strike. What will I get?",
            "As the fault was on our network, we'll refund your ticket in full and add £10 credit.",
            CANCELLED_TRAINS,
        ),
    ],
)
def test_the_excluded_cause_the_question_states_keeps_its_rule(query, response, source):
    assert not grounded(judge(query, response, source))
