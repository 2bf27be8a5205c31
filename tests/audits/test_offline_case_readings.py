"""The offline judge reading a source sentence into its value and the case it holds for:
cases listed as alternatives, the words that tell two cases apart, the clause of the
answer that holds a value, what a share is taken off, what "it" refers to, and the case
an "unless" lifts a denial in."""

from __future__ import annotations

from kbaudit.text.conditions import cause_of, sentence_conditions, window_exceeded, window_met
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

RAILCARD = (
    "Discount cards. Students aged 18 to 25 and pensioners aged 66 and over get 25% off "
    "with a Rover Card, which costs £20 a year. The Rover Card discount does not apply to "
    "sleeper berths."
)


def test_two_age_bands_of_one_condition_are_alternatives():
    condition = sentence_conditions(
        "Students aged 18 to 25 and pensioners aged 66 and over get 25% off."
    )[0]
    seventy = extract_quantities("I'm 70")

    assert window_met(condition, seventy)
    assert not window_exceeded(condition, seventy)
    assert window_exceeded(condition, extract_quantities("I'm 40"))


def test_two_bounds_of_one_window_must_both_be_met():
    condition = sentence_conditions("Drivers aged over 25 and under 70 pay the standard rate.")[0]

    assert window_exceeded(condition, extract_quantities("I'm 72"))


def test_the_customer_in_the_second_age_band_gets_the_share():
    result = judge(
        "I'm 70 and I have a Rover Card. How much do I save?",
        "As a pensioner with a Rover Card you get 25% off.",
        RAILCARD,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_a_customer_in_neither_band_is_still_refused_the_share():
    result = judge(
        "I'm 40 and I have a Rover Card. How much do I save?",
        "With a Rover Card you get 25% off.",
        RAILCARD,
    )

    assert not grounded(result)


REFUNDS = (
    "Refunds. If you cancel a Basic booking up to 48 hours before your session, you get a "
    "refund minus a £10 fee. If you cancel a Premium booking, you get a full refund up to "
    "2 hours before the session."
)


def test_a_case_told_apart_only_by_its_name_needs_the_name():
    result = judge(
        "I have a Basic booking for Saturday and it's Tuesday. If I cancel, what do I get?",
        "Since it's more than 48 hours before your session, you get a refund minus the £10 fee.",
        REFUNDS,
    )

    assert grounded(result)


def test_the_named_case_still_takes_its_own_value():
    result = judge(
        "I have a Premium booking and need to cancel. What do I get back?",
        "You get a refund minus a £10 fee.",
        REFUNDS,
    )

    assert not grounded(result)


def test_a_thing_named_in_another_clause_of_the_fact_is_not_the_values_owner():
    result = judge(
        "Does my 2-year-old have to pay to climb, and can he have lessons?",
        "Under-5s climb free with a paying adult, and 2-year-olds can join our "
        "parent-and-child sessions for £6.",
        "Climbing prices. A peak climb costs £12 for adults and £8 for juniors. Under-5s "
        "climb free with a paying adult.",
        "Climbing lessons. Lessons for children aged 5 to 11 cost £9 per hour. Toddlers aged "
        "2 and 3 have parent-and-child sessions at £6 each. Adult lessons (16 and over) cost "
        "£15 per 90-minute lesson.",
    )

    assert grounded(result)


def test_a_share_off_one_thing_is_not_missing_from_the_price_of_another():
    result = judge(
        "What do Standard and Premium membership cost each month?",
        "Standard is £12 a month and Premium is £20 a month.",
        "Memberships. Benefit | Standard | Premium. Monthly fee | £12 | £20. Free guest "
        "visits | 0 | 3. Premium members also get 15% off court hire.",
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_a_share_off_the_price_asked_about_is_still_owed_to_the_group():
    result = judge(
        "I'm a Premium member. How much is court hire?",
        "Court hire costs £10 an hour.",
        "Court hire. Court hire costs £10 an hour. Premium members get 15% off court hire.",
    )

    assert not grounded(result)


EXAMS = (
    "Certificates. The Bronze certificate costs £30 and is not included in class fees. The "
    "Gold certificate costs £45, and it is included for swimmers on the annual plan."
)


def test_it_in_a_later_clause_is_what_the_first_clause_names():
    result = judge(
        "What do the certificates cost?",
        "The Bronze certificate costs £30 and isn't included in class fees. The Gold "
        "certificate costs £45 and is included in class fees on the annual plan.",
        EXAMS,
    )

    assert grounded(result)


def test_the_inclusion_moved_to_the_other_certificate_is_still_contradicted():
    result = judge(
        "Is the Bronze certificate included in class fees?",
        "Yes, the Bronze certificate is included in class fees.",
        EXAMS,
    )

    assert not grounded(result)


LANGUAGE_EXAMS = (
    "Exams. We run TOEFL and Trinity exam preparation classes. The TOEFL exam fee is £190 "
    "and is not included in course fees. The Trinity exam fee is £150, and it is included "
    "for students on 20-week courses."
)


def test_it_in_a_source_sentence_naming_its_subject_first_is_that_subject():
    result = judge(
        "What's the TOEFL exam fee, and is it ever included?",
        "The TOEFL exam fee is £190, and it is included for students on 20-week courses.",
        LANGUAGE_EXAMS,
    )

    assert not grounded(result)


def test_the_attribute_said_of_its_own_subject_is_supported():
    result = judge(
        "What's the Trinity exam fee, and is it ever included?",
        "The Trinity exam fee is £150, and it is included for students on 20-week courses.",
        LANGUAGE_EXAMS,
    )

    assert grounded(result)


TICKETS = (
    "Ticket refunds. Tickets are non-refundable unless the event is cancelled or moved to "
    "another date. Refunds go back to the card you paid with."
)


def test_the_denial_given_where_the_question_states_the_lifting_case_is_misapplied():
    result = judge(
        "The concert I booked has been moved to another date. Can I get a refund?",
        "No, tickets are non-refundable.",
        TICKETS,
    )

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_denial_stands_where_the_question_states_no_lifting_case():
    result = judge(
        "I can't make the concert any more. Can I get a refund?",
        "No, tickets are non-refundable.",
        TICKETS,
    )

    assert grounded(result)


def test_the_denial_said_as_the_usual_rule_is_not_misapplied():
    result = judge(
        "The concert I booked has been moved to another date. Can I get a refund?",
        "Tickets are generally non-refundable; in your case the refund goes back to the "
        "card you paid with.",
        TICKETS,
    )

    assert not any(fact.reason == "condition_misapplied" for fact in result.unsupported)


def test_the_denial_beside_the_case_the_answer_states_is_not_misapplied():
    result = judge(
        "The concert I booked has been moved to another date. Can I get a refund?",
        "Tickets are non-refundable, but as the event was moved to another date you can "
        "get a refund to the card you paid with.",
        TICKETS,
    )

    assert grounded(result)


def test_the_lifted_denial_holds_the_other_way_for_the_customer_in_the_case():
    result = judge(
        "I'm eight months into a 12-month contract but my doctor says I must stop. Can I leave?",
        "Yes. A medical reason is one of the exceptions, so you can cancel in the first 12 months.",
        "Leaving. Members on a 12-month contract cannot cancel in the first 12 months unless "
        "they move abroad or have a medical reason.",
    )

    assert not any(fact.reason == "contradicts_source" for fact in result.unsupported)
    assert result.verdict == "sufficient"


CLASSES = (
    "Cancelled classes. If we cancel your class, you get a full refund, including the "
    "booking fee. Classes you cancel yourself are refunded minus the booking fee."
)


def test_the_customer_calling_it_off_is_not_the_company_cancelling():
    assert cause_of("I need to cancel my place on Thursday's class.") == "customer"
    result = judge(
        "I need to cancel my place on Thursday's class. Do I get everything back?",
        "Yes, you get a full refund, including the booking fee.",
        CLASSES,
    )

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_company_cancelling_still_gets_the_full_refund():
    result = judge(
        "You cancelled my class on Thursday. Do I get everything back?",
        "Yes. As we cancelled the class, you get a full refund, including the booking fee.",
        CLASSES,
    )

    assert grounded(result)


HIRES = (
    "Delivery. Hires of 2 weeks or more include free delivery; on 1-week hires delivery "
    "costs £20. We deliver between 8am and 6pm."
)


def test_a_length_the_customer_tells_outside_the_band_of_the_rule_misapplies_it():
    result = judge(
        "I'm hiring the cement mixer for a 1-week hire. Is delivery free?",
        "Yes, delivery is free.",
        HIRES,
    )

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_length_inside_the_band_of_the_rule_meets_it():
    result = judge(
        "I'm hiring the cement mixer for a 3-week hire. Is delivery free?",
        "Yes, delivery is free.",
        HIRES,
    )

    assert grounded(result)


ALLOWANCES = (
    "Luggage allowance. Ticket | Hold luggage | Hand luggage. Economy | 1 bag up to 20kg | "
    "1 small bag. Premier | 2 bags up to 20kg each | 1 small bag."
)


def test_a_value_said_of_both_must_be_each_ones():
    result = judge(
        "Does a Premier ticket give me more hold luggage than an Economy one?",
        "No, Premier and Economy tickets both include 1 bag of up to 20kg in the hold.",
        ALLOWANCES,
    )

    assert not grounded(result)


def test_a_value_both_rows_give_is_said_of_both():
    result = judge(
        "Does a Premier ticket give me more hand luggage than an Economy one?",
        "No, Premier and Economy tickets both include 1 small bag as hand luggage.",
        ALLOWANCES,
    )

    assert grounded(result)


FARES = (
    "Fares. Seat | Peak | Off-peak. Front row | £22 | £16. Standard | £15 | £11. Prices are "
    "per person."
)


def test_a_value_before_its_verb_is_a_side_of_the_comparison():
    result = judge(
        "Is an off-peak front row seat cheaper than a peak standard seat?",
        "No, an off-peak front row seat at £16 is cheaper than a peak standard seat at £15.",
        FARES,
    )

    assert not grounded(result)


def test_a_comparison_the_values_bear_out_is_supported():
    result = judge(
        "Is an off-peak front row seat cheaper than a peak standard seat?",
        "No, a peak standard seat at £15 is cheaper than an off-peak front row seat at £16.",
        FARES,
    )

    assert grounded(result)


BOOKINGS = (
    "Booking a deep clean. Deep cleans must be booked at least 48 hours ahead and are not "
    "available on bank holidays. Standard cleans can be booked for the same day."
)


def test_what_the_values_sentence_says_it_does_not_reach_is_the_customers_case():
    result = judge(
        "Can I book a deep clean for the bank holiday Monday? It's only Wednesday now.",
        "Yes, deep cleans can be booked as long as it's at least 48 hours ahead.",
        BOOKINGS,
    )

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_values_own_rule_holds_outside_what_the_sentence_excludes():
    result = judge(
        "Can I book a deep clean for next Thursday? It's Monday now.",
        "Yes, deep cleans can be booked as long as it's at least 48 hours ahead.",
        BOOKINGS,
    )

    assert grounded(result)


def test_a_value_in_the_clause_after_what_is_excluded_is_the_excluded_cases_own():
    result = judge(
        "I have a parent permit and I'm going to the Quayside car park. How long can I stay free?",
        "Parent permits aren't valid at the Quayside car park, but permit holders get the "
        "first 2 hours free there.",
        "Parent permits. Parent permits let you park free in any council bay. Parent permits "
        "are not valid at the Quayside car park, where permit holders get the first 2 hours "
        "free instead.",
    )

    assert grounded(result)


CARDS = (
    "Gift cards. Gift cards are valid for 24 months from purchase. Gift cards cannot be "
    "used to pay for delivery charges."
)


def test_a_pronoun_fact_restating_a_clause_whole_is_read_against_it():
    result = judge(
        "Can I pay for delivery with a gift card, and how long do they last?",
        "No, gift cards can't be used to pay for delivery charges. They're valid for 24 "
        "months from purchase.",
        CARDS,
    )

    assert grounded(result)


SERVICING = (
    "Damage during a service. If our machines damage your bike, report it in the shop and "
    "we will pay for the repair. We are not responsible for damage to baskets, lights or "
    "child seats left on during the service, unless our mechanic said it was safe."
)


def test_a_rule_without_a_value_does_not_reach_what_the_source_excludes():
    result = judge(
        "I left my child seat on during the service and it broke. Will you pay for the repair?",
        "Yes, if our machines damage your bike, we will pay for the repair.",
        SERVICING,
    )

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_rule_without_a_value_holds_for_a_case_nothing_excludes():
    result = judge(
        "Your machine scratched my bike frame during the service. Will you pay for the repair?",
        "Yes, if our machines damage your bike, we will pay for the repair.",
        SERVICING,
    )

    assert grounded(result)


LANES = (
    "Lane hire. Lane | Weekday | Weekend. Lane 1 | £30 | £40. Lane 2 | £25 | £35. Lane 3 | "
    "£20 | £28. Juniors pay half price in Lanes 1 and 2 at weekends only."
)


def test_a_rule_kept_to_a_column_by_a_trailing_only_misses_the_other_column():
    result = judge(
        "My son is 12 and we want a lane on a weekday. Does he pay half price in Lane 2?",
        "Yes, juniors pay half price in Lane 2.",
        LANES,
    )

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_tables_own_labels_do_not_make_a_price_the_restricted_rules():
    result = judge(
        "How much is Lane 3 on a weekday and at the weekend?",
        "Lane 3 is £20 on a weekday and £28 at the weekend.",
        LANES,
    )

    assert grounded(result)
