"""The offline judge on answers that work a value out from their own facts ("Total:
£144 a night"), weigh the customer's value against a bound they give ("so five days is
fine"), deny the exception they checked ("as it isn't accidental damage"), name a limit
as a limit, give both values of a sentence ("a pack of 5 is charged as 4"), compare per
unit, and on the readings beside them: a customer's "if I cancel", a source granting the
exception to a non-refundable rule, a share one sentence states of another's value,
cases both sides deny alike, sizes in brackets, days of the month in words."""

from __future__ import annotations

from audits.judges.base import Turn
from kbaudit.text.conditions import cause_of
from kbaudit.text.tokens import content_stems, digits_for_number_words
from tests.helpers import fully_grounded, offline_grade
from tests.helpers import offline_judge as judge

ROOMS = (
    "Room prices. Room | Price per night. Double | £120. Family | £160. Breakfast for two is "
    "£24 a night."
)


def test_a_total_of_the_answers_own_values_is_supported():
    result = judge(
        "How much is a double room with breakfast for two, per night?",
        "Here's the breakdown:\n- Double room: £120\n- Breakfast for two: £24\n"
        "- Total: £144 a night.",
        ROOMS,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_a_total_the_answers_values_do_not_make_is_not():
    result = judge(
        "How much is a double room with breakfast for two, per night?",
        "Here's the breakdown:\n- Double room: £120\n- Breakfast for two: £24\n"
        "- Total: £150 a night.",
        ROOMS,
    )

    assert not fully_grounded(result)


PARKING = (
    "Parking. Parking is £8 an hour. Every booking needs a £10 deposit, which comes off "
    "the parking charge on the day. Deposits are non-refundable."
)


def test_a_value_worked_out_from_another_facts_worked_out_value():
    result = judge(
        "I've booked four hours. How much do I pay on the day after the deposit?",
        "Parking is £8 an hour, so four hours comes to £32. Your £10 deposit comes off "
        "that, leaving £22 to pay on the day.",
        PARKING,
    )

    assert fully_grounded(result)


def test_a_step_after_a_worked_out_value_done_wrong_is_not_supported():
    result = judge(
        "I've booked four hours. How much do I pay on the day after the deposit?",
        "Parking is £8 an hour, so four hours comes to £32. Your £10 deposit comes off "
        "that, leaving £25 to pay on the day.",
        PARKING,
    )

    assert not fully_grounded(result)


SWIMMING = (
    "Block bookings. Book a block of 10 lessons and pay for 9. A block is for one "
    "swimmer and lasts 6 months.",
    "Lesson prices. Lesson | 30 minutes | 45 minutes. Group | £11 | £15. Private | £24 | £32.",
)


def test_a_fact_giving_both_values_of_a_sentence_has_not_swapped_them():
    result = judge(
        "How much would a block of 10 private 30-minute lessons cost?",
        "A block of 10 is charged as 9 lessons, so 10 private 30-minute lessons come to "
        "£216 (9 × £24).",
        *SWIMMING,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_the_two_values_given_the_wrong_way_round_are_still_swapped():
    result = judge(
        "Which plan has the higher upload limit, Basic or Pro?",
        "Basic has the higher limit, at 1,000 files per day compared with Pro's 100.",
        "Uploads. Basic accounts can upload 100 files per day and Pro accounts 1,000.",
    )

    assert not fully_grounded(result)
    assert result.verdict == "insufficient"


REPAIRS = (
    "Repair guarantee. Repairs are free within 6 months for faults in our own work. Free "
    "repairs don't cover damage from water or problems caused by not following our care "
    "advice. We don't repair phones another shop has opened."
)


def test_an_answer_that_denies_the_exception_has_checked_it():
    result = offline_grade(
        "You fixed my screen two months ago and it's started flickering. I keep it in a "
        "case, away from water, and follow your care advice. Will the repair cost anything?",
        "No, it'll be free. It's our own work and within 6 months, and as it isn't water "
        "damage or a care problem, the free repair applies.",
        "Phone repairs: screens, batteries and the repair guarantee.",
        ("Repair guarantee", REPAIRS),
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


RETURNS = (
    "Damaged or missing items. Damaged items must be reported within 48 hours of delivery "
    "with a photo. We can't accept reports of damage after 48 hours. Missing items can be "
    "reported up to 14 days after delivery."
)


def test_a_limit_named_as_a_limit_and_the_customers_value_weighed_against_a_bound():
    result = judge(
        "It's been five days since my order came and an item is missing. Is it too late "
        "to tell you?",
        "Not at all. The 48-hour limit is for damaged items; missing items can be reported "
        "up to 14 days after delivery, so five days is fine.",
        RETURNS,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_the_customers_value_weighed_wrongly_is_not_supported():
    result = judge(
        "It's been three weeks since my order came and an item is missing. Can I still tell you?",
        "Yes, missing items can be reported up to 14 days after delivery, so three weeks is fine.",
        RETURNS,
    )

    assert not fully_grounded(result)


def test_a_customer_saying_if_i_cancel_is_the_one_cancelling():
    assert cause_of("If I cancel my class tomorrow, will I get a refund?") == "customer"
    assert cause_of("Can I cancel it now?") == "customer"
    # In the business's own words "we" is the business.
    assert cause_of("If we cancel a class because of low numbers", company_voice=True) == "company"


CLASSES = (
    "Cancelling a class. Cancel at least 24 hours before your class for a full refund. With "
    "less than 24 hours' notice we charge half the class price. If we cancel a class "
    "because of low numbers, we refund it in full."
)


def test_the_businesss_own_cancellation_rule_given_to_a_customer_who_cancels():
    result = judge(
        "Only two people have signed up, so I'd rather not go. If I cancel my class "
        "tomorrow morning now, will I get a full refund?",
        "Yes, classes cancelled because of low numbers are refunded in full.",
        CLASSES,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_same_rule_for_a_class_the_business_cancelled_stands():
    result = judge(
        "You cancelled my class because of low numbers. Do I get my money back?",
        "Yes, classes cancelled because of low numbers are refunded in full.",
        CLASSES,
    )

    assert fully_grounded(result)


TICKETS = (
    "Booking fees. Every ticket has a £3 booking fee. Booking fees are non-refundable.",
    "Cancelled events. If we cancel an event, we refund the ticket price and the booking fee "
    "in full.",
)


def test_an_exception_another_sentence_grants_to_a_non_refundable_rule():
    result = judge(
        "What if the event is called off?",
        "If we cancel the event, we refund the ticket price and the booking fee in full.",
        *TICKETS,
    )

    assert fully_grounded(result)


def test_a_refund_no_sentence_grants_stays_against_the_non_refundable_rule():
    result = judge(
        "What if I can't go?",
        "If you can't go, we refund the booking fee.",
        *TICKETS,
    )

    assert not fully_grounded(result)


RATES = (
    (
        "Aftercare visits",
        "Aftercare visits. Visits in the first 3 months are free. After 3 months they're "
        "charged at £30 an hour, 50% of our standard rate.",
    ),
    (
        "Other work",
        "Other work. Work we didn't do ourselves is charged at our standard rate of £60 an hour.",
    ),
)
HEATING = "Heating engineers: boiler servicing, repairs and aftercare visits."


def test_a_share_one_sentence_states_of_anothers_value_agrees_with_it():
    result = offline_grade(
        "What do you charge for work another company did?",
        "That's charged at our standard rate of £60 an hour.",
        HEATING,
        *RATES,
    )

    assert fully_grounded(result)


def test_a_rate_neither_sentence_gives_is_still_against_them():
    result = offline_grade(
        "What do you charge for work another company did?",
        "That's charged at our standard rate of £45 an hour.",
        HEATING,
        *RATES,
    )

    assert not fully_grounded(result)


COURIER = (
    "Deliveries. Our courier will only hand a parcel to someone aged 16 or over. If nobody "
    "16 or over is home, the parcel goes back to the depot and redelivery costs £4."
)


def test_cases_that_deny_alike_leave_the_claim_affirmed():
    result = judge(
        "What if I'm out when it comes?",
        "If nobody aged 16 or over is home, the parcel goes back to the depot.",
        COURIER,
    )

    assert fully_grounded(result)


def test_the_claim_after_a_shared_case_denied_contradicts():
    result = judge(
        "What if I'm out when it comes?",
        "If nobody aged 16 or over is home, the parcel doesn't go back to the depot.",
        COURIER,
    )

    assert not fully_grounded(result)


SIZES = (
    "Parcel prices. Parcel size | Price. Small (up to 2 kg) | £4. Medium (2 to 10 kg) | £9. "
    "Large (over 10 kg) | £15 plus £1 a kilo."
)


def test_sizes_in_brackets_describe_the_thing_before_them():
    swapped = judge(
        "What do you charge for a medium parcel and for a small one?",
        "A medium parcel (2 to 10 kg) is £4, and small parcels up to 2 kg are £9.",
        SIZES,
    )
    right = judge(
        "What do you charge for a medium parcel and for a small one?",
        "A medium parcel (2 to 10 kg) is £9, and small parcels up to 2 kg are £4.",
        SIZES,
    )

    assert not fully_grounded(swapped)
    assert fully_grounded(right)


def test_a_comparison_per_unit_is_worked_out_per_unit():
    packs = "Multipacks. Pack | Price. 4 rolls | £3. 9 rolls | £6."
    wrong = judge(
        "Which pack is better value per roll?",
        "The 4-roll pack at £3 works out cheaper per roll than the 9-roll pack at £6.",
        packs,
    )
    right = judge(
        "Which pack is better value per roll?",
        "The 9-roll pack at £6 works out cheaper per roll than the 4-roll pack at £3.",
        packs,
    )

    assert not fully_grounded(wrong)
    assert fully_grounded(right)


def test_days_of_the_month_in_words_are_read_as_dates():
    assert digits_for_number_words("by the twentieth of the month") == "by the 20th of the month"
    assert digits_for_number_words("on the twenty-first of June") == "on the 21st of June"
    assert digits_for_number_words("the third of May") == "the 3rd of May"
    # Ordinals that count something else stay words.
    assert digits_for_number_words("the first week") == "the first week"
    assert digits_for_number_words("the fifth time") == "the fifth time"


def test_little_is_read_as_small():
    assert content_stems("a little heel") == content_stems("a small heel")


def test_a_courtesy_said_to_a_name_is_no_claim():
    result = judge(
        "Can I change my collection time?",
        "Thanks for asking, Priya! Here's what I found: you can change a collection free of "
        "charge until 6pm the day before. Hope that helps!",
        "Collections. You can change or cancel a collection free of charge until 6pm the day "
        "before.",
    )

    assert result.facts == ["You can change a collection free of charge until 6pm the day before."]
    assert fully_grounded(result)
    # A bare answer after "Yes" is still the answer.
    assert judge("Is Delhi the capital?", "Yes, Delhi.", "Delhi is the capital.").facts


def test_what_the_people_a_redirect_points_to_will_do_is_the_redirect():
    result = judge(
        "How much is a service for my van?",
        "Service prices depend on your vehicle, so the best thing is to give our workshop team "
        "a call and they'll give you a price.",
        "Servicing. Service | Car | Van. Interim | £129 | £159. Full | £229 | £269.",
    )

    assert result.facts == []
    assert result.verdict == "insufficient"
    assert result.cause == "no_content"


def test_a_follow_up_naming_another_row_by_its_labels_head():
    fees = "Test fees. Vehicle | Fee. Motorcycle (class 1 and 2) | £29.65. Car, up to 8 seats (class 4) | £54.85."
    history = (Turn(query="How much is a car test?", response="A car test is £54.85."),)
    carried = judge("And for my motorbike?", "That's £54.85 as well.", fees, history=history)
    right = judge("And for my motorbike?", "That's £29.65.", fees, history=history)

    assert carried.verdict == "insufficient"
    assert fully_grounded(right)


def test_a_grant_for_a_thing_the_sentence_rules_out_contradicts():
    source = (
        "Loan vans. Loan vans are available with full removals only, not with single-item "
        "moves or storage collections."
    )
    wrong = judge(
        "Can I have a loan van for a storage collection?",
        "Loan vans are available with storage collections and full removals.",
        source,
    )
    right = judge(
        "Can I have a loan van for a storage collection?",
        "Loan vans are available with full removals only, not with storage collections.",
        source,
    )

    assert not fully_grounded(wrong)
    assert fully_grounded(right)


def test_a_rule_is_read_from_the_clause_before_its_so():
    result = judge(
        "I've only got £14 of ironing this week. Is collection still free?",
        "Yes, collection is free, so there's nothing extra to pay on top of your ironing.",
        "Collection. We collect free on orders over £20. Orders under £20 have a £2.50 "
        "collection charge.",
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_count_in_another_unit_and_a_value_added_on_are_worked_out():
    prices = (
        "Prices. Service | Price. Wash and fold | £3.10 per kilo. Express costs 50% more than "
        "the standard price."
    )
    result = judge(
        "How much would 8 kilos of wash and fold cost on Express?",
        "Here's the breakdown:\n- 8 kilos at £3.10 a kilo: £24.80\n- Express adds 50%: £37.20 "
        "in total",
        prices,
    )
    added = judge(
        "My car has a 2.5 litre engine. How much is a full service?",
        "That would be £259: the £229 full service plus £30 as your engine is over 2.0 litres.",
        "Servicing. Full service | £229. Prices are for engines up to 2.0 litres; above that, "
        "add £30.",
    )

    assert fully_grounded(result)
    assert fully_grounded(added)


BIKES = (
    "Cancellations and weather. If we cancel because of storms or flooding, we refund you in "
    "full. If you cancel with at least 48 hours' notice, we move your booking to another date "
    "free of charge. With less than 48 hours' notice, we can't refund or move your booking."
)


def test_a_rule_said_not_to_apply_to_a_customer_the_party_rules_out():
    assert cause_of("The forecast is awful, so I'd like to cancel our bikes.") == "customer"
    result = judge(
        "The forecast for Sunday is awful, so I'd like to cancel our bikes. It's Tuesday now. "
        "Do we get our money back?",
        "As the cancellation is coming from you rather than us, the full storm refund doesn't "
        "apply. But you're giving us more than 48 hours' notice, so we can move your booking "
        "to another date free of charge.",
        BIKES,
    )

    assert fully_grounded(result)


def test_a_rule_said_not_to_apply_to_the_case_it_is_for_is_not_supported():
    result = judge(
        "You cancelled our bike hire because of the storms. Do we get our money back?",
        "The full storm refund doesn't apply to your booking.",
        BIKES,
    )

    assert not fully_grounded(result)


def test_an_age_limit_answers_a_part_asked_about_the_customers_age():
    result = judge(
        "What's the minimum age to hire a quad bike, and does a 17-year-old need anything signed?",
        "You need to be 16 or over to hire a quad bike. And yes, anyone under 18 needs a "
        "parent or guardian to sign the hire form.",
        "Age limits. The minimum age to hire a quad bike is 16. Under-18s need a parent or "
        "guardian to sign the hire form.",
    )

    assert result.metrics()["response_query_coverage"] == 1.0
    assert result.verdict == "sufficient"


def test_putting_a_new_part_in_replaces_it_and_a_price_covering_parts_includes_them():
    assert content_stems("Putting a new screen in") == content_stems("screen replacement")[::-1]
    assert "includ" in content_stems("that covers both the parts and the labour")
    # Insurance cover is not what a price includes.
    assert "cover" in content_stems("Home insurance covers flood damage")
    result = judge(
        "What will a new screen for my tablet cost?",
        "Putting a new screen in a tablet is seventy-nine pounds, and that covers both the "
        "parts and the labour.",
        "Repairs. Repair | Phones | Tablets. Screen replacement | £59 | £79. Prices include "
        "parts and labour.",
    )

    assert fully_grounded(result)


HIRE = (
    "Hire prices. Package | Standard | Premium. Bike and helmet, 1 day | £25 | £40. Children's "
    "packages (under 14) are 50% of the Standard price."
)


def test_a_price_given_where_the_customers_age_falls_under_a_groups_rule():
    result = judge(
        "My son is 9. What does a 1-day Premium package cost for him?",
        "A 1-day Premium package is £40.",
        HIRE,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_same_price_for_an_age_outside_the_group_stands():
    result = judge(
        "My son is 16. What does a 1-day Premium package cost for him?",
        "A 1-day Premium package is £40.",
        HIRE,
    )

    assert fully_grounded(result)
