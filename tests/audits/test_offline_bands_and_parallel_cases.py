"""The offline judge on the customer's measure set against a band a value's clause opens
with ("within 5 miles ... for £10"), an age a doer must have, the outcome a source gives
the case an answer states ("with less than 7 days' notice, the deposit isn't refunded"),
a comparison with a bound ("that's under our £80 minimum"), the lines of a list each
with its own label, a case one fact leaves out and the other names, a value counted by a
period, the thing a price "each" is for, labels of two measures, a follow-up case said in
number words, a courtesy ended by a pictograph, and help-centre words ("pop back",
"reappears", "the two of them"); then "I'm afraid so", "the full £80", a total worked
out in words ("brings theirs down to ... in total"), a follow-up answered with the other
case's rate, a plan named "Monthly", a thing kept out of the customer's place ("Dogs are
not allowed in the restaurant"), "welcome in" read as allowed, and a comparison with a
total in brackets ("cheaper than £3 each (£15)")."""

from __future__ import annotations

import pytest

from audits.judges.base import Turn
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems
from tests.helpers import fully_grounded
from tests.helpers import offline_judge as judge

# --- a band of the customer's measure ------------------------------------------------------

COURIER = (
    "Local delivery. We deliver within 3 miles of the depot for £6 and from 3 to 10 miles "
    "for £12; we don't deliver further than 10 miles."
)


def test_a_price_for_a_distance_band_the_customer_is_outside_is_misapplied():
    result = judge(
        "How much is delivery to my flat? It's 7 miles from your depot.",
        "Delivery is £6.",
        COURIER,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_price_of_the_band_the_customer_is_inside_is_supported():
    result = judge(
        "How much is delivery to my flat? It's 7 miles from your depot.",
        "Delivery is £12.",
        COURIER,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_a_size_inside_a_distance_band_does_not_put_the_customer_inside_it():
    result = judge(
        "What does delivery cost for a 12-inch pizza to an address 7 miles away?",
        "Delivery is £6.",
        COURIER,
    )

    assert result.unsupported and result.unsupported[0].reason == "condition_misapplied"


def test_a_band_price_for_a_customer_inside_the_first_band_is_supported():
    result = judge(
        "How much is delivery? I'm 2 miles away.",
        "Delivery is £6.",
        COURIER,
    )

    assert fully_grounded(result)


def test_a_size_in_another_unit_word_is_not_the_distance_the_band_is_of():
    # The 12-inch pizza is a length too, but not the distance the bands are of.
    result = judge(
        "What does delivery cost for a 12-inch pizza to an address 2 miles away?",
        "Delivery is £6.",
        COURIER,
    )

    assert fully_grounded(result)


# --- an age a doer must have -----------------------------------------------------------------

BOATS = (
    "Self-drive boats. Boat drivers must be 18 or over and have watched our safety video; "
    "anyone younger may travel only as a passenger. Boats cost £60 for two hours."
)


def test_letting_a_customer_under_the_required_age_do_it_is_misapplied():
    result = judge(
        "I'm 16 and I've watched the safety video. Can I drive the boat?",
        "Yes, as long as you've watched the safety video, you can drive the boat.",
        BOATS,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_same_yes_for_a_customer_old_enough_is_supported():
    result = judge(
        "I'm 19 and I've watched the safety video. Can I drive the boat?",
        "Yes, as long as you've watched the safety video, you can drive the boat.",
        BOATS,
    )

    assert fully_grounded(result)


def test_a_yes_that_states_the_age_itself_is_left_to_the_other_checks():
    result = judge(
        "I'm 16. Can I drive the boat?",
        "Boat drivers must be 18 or over, so you can travel as a passenger.",
        BOATS,
    )

    assert not any(u.reason == "condition_misapplied" for u in result.unsupported)


def test_an_age_required_of_other_doers_in_the_sentence_is_not_the_customers():
    result = judge(
        "I'm 12. Can I come on the boat as a passenger?",
        "Yes, you can come on the boat as a passenger.",
        "Self-drive boats. Boat drivers must be 18 or over, but boat passengers can be any age.",
    )

    assert fully_grounded(result)


CLASSES = (
    "Classes. A taster class costs £6. Pottery wheel classes are not offered to children "
    "under 12. Hand-building classes are for ages 6 and over."
)


def test_a_yes_to_a_thing_kept_from_the_customers_age_is_misapplied():
    result = judge(
        "My daughter is 9 and would love to try the pottery wheel. Can she book a taster?",
        "She certainly can! A taster is £6.",
        CLASSES,
    )

    assert result.unsupported and result.unsupported[0].reason == "condition_misapplied"


def test_the_same_yes_for_a_child_old_enough_is_supported():
    result = judge(
        "My daughter is 13 and would love to try the pottery wheel. Can she book a taster?",
        "She certainly can! A taster is £6.",
        CLASSES,
    )

    assert fully_grounded(result)


def test_a_bare_modal_yes_affirms_the_facts_after_it():
    for opener in ("He certainly can!", "You can!", "Of course you can!", "They sure do!"):
        result = judge("Can he book a taster?", f"{opener} A taster class costs £6.", CLASSES)
        assert result.facts == ["A taster class costs £6."], opener


def test_told_ages_before_and_are_read_as_ages():
    for text in ("I'm 16 and I've watched it", "I'm 19 but", "I'm 25, can I"):
        assert [q.kind for q in extract_quantities(text)] == ["age"]
    assert [q.kind for q in extract_quantities("I'm 30 minutes late")] == ["duration"]


# --- the outcome the source gives the case the answer states ----------------------------------

TICKETS = (
    "Cancelling. If you cancel 14 days or more before the show, we refund your ticket in "
    "full; if you cancel with less than 14 days' notice, the ticket isn't refunded."
)


def test_the_refund_of_one_case_claimed_for_the_other_case_is_misapplied():
    result = judge(
        "If I cancel ten days before the show, do I get my money back?",
        "Yes, even if you cancel with less than 14 days' notice, we refund your ticket in full.",
        TICKETS,
    )

    assert result.verdict == "insufficient"
    assert not fully_grounded(result)


def test_the_outcome_the_source_gives_that_case_is_supported():
    result = judge(
        "If I cancel ten days before the show, do I get my money back?",
        "No. With less than 14 days' notice, the ticket isn't refunded.",
        TICKETS,
    )

    assert fully_grounded(result)


# --- a comparison with a bound ------------------------------------------------------------------

VALETING = (
    "Prices. Exterior wash | £20. Interior clean | £35. Engine bay | £25. There is a "
    "minimum charge of £50 for home visits."
)


def test_a_total_said_to_be_under_a_minimum_it_is_over_contradicts_itself():
    result = judge(
        "What would an interior clean and an engine bay cost at home?",
        "That's £35 and £25, so £60, but as that's under our £50 minimum, you'd pay £50.",
        VALETING,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "contradicts_source"


def test_a_total_said_to_be_above_a_minimum_it_is_above_is_supported():
    result = judge(
        "What would an interior clean and an engine bay cost at home?",
        "That's £35 and £25, so £60, which is above our £50 minimum.",
        VALETING,
    )

    assert fully_grounded(result)


# --- the lines of a list, each with its own label ------------------------------------------------

NOTICE = (
    "Booking notice. Single rooms need at least 2 days' notice. Suites need at least 10 "
    "days' notice. Whole-floor bookings need at least 6 weeks' notice."
)


PRINTING = (
    "Turnaround. One-sided flyers are ready in 2 working days. Double-sided flyers are "
    "ready in 4 working days."
)


def test_lines_whose_labels_differ_by_a_number_word_are_two_cases():
    result = judge(
        "How long do flyers take?",
        "- One-sided flyers: ready in 2 working days\n- Double-sided flyers: ready in 4 "
        "working days",
        PRINTING,
    )

    assert result.cause != "contradictory"
    assert result.verdict == "sufficient"


def test_labelled_lines_giving_each_case_its_value_are_no_two_values_of_one_thing():
    result = judge(
        "How much notice do you need for each kind of booking?",
        "- Single rooms: at least 2 days' notice\n- Suites: at least 10 days' notice\n"
        "- Whole-floor bookings: at least 6 weeks' notice",
        NOTICE,
    )

    assert result.cause != "contradictory"
    assert result.verdict == "sufficient"


def test_two_lines_with_the_same_label_and_two_values_still_conflict():
    result = judge(
        "How much notice do you need for a suite?",
        "- Suites: at least 10 days' notice\n- Suites: at least 3 days' notice",
        NOTICE,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "contradictory"


FRAMING = (
    "Framing. Framing costs £4 per 10 cm of frame for wooden frames other than oak, and "
    "£7 per 10 cm for oak frames."
)


def test_a_case_one_fact_leaves_out_and_the_other_names_is_two_cases():
    result = judge(
        "What does framing cost?",
        "It's £4 per 10 cm for wooden frames other than oak. Oak frames are £7 per 10 cm.",
        FRAMING,
    )

    assert result.cause != "contradictory"


# --- a value counted by a period, and the thing a price "each" is for -------------------------

CLUB = (
    "Membership. Senior membership is £400 a year for players aged 60 and over. Adult "
    "membership is £700 a year. A joining fee of £150 applies to adult membership; there "
    "is no joining fee for seniors."
)


def test_a_yearly_value_is_not_rivalled_by_a_one_off_fee():
    result = judge(
        "I'm 64. Which membership would I have and what does it cost?",
        "At 64 you'd have senior membership. It's £400 a year, and there's no joining fee.",
        CLUB,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


CLIMBING = (
    "Memberships. Standard membership is £500 a year for climbers aged 26 and over, with "
    "climbing on any day. Student membership is £300 a year for ages 16 to 25, with "
    "climbing on any day. Off-peak membership is £350 a year and covers weekdays before "
    "4pm only."
)


def test_a_value_whose_thing_the_fact_before_named_is_that_things():
    result = judge(
        "I'm 20 and want to join. Which membership would I be on and what does it cost?",
        "At 20 you'd come under student membership (ages 16 to 25). It's £300 a year with "
        "climbing on any day.",
        CLIMBING,
    )

    assert fully_grounded(result)
    assert result.verdict == "sufficient"


@pytest.mark.xfail(
    strict=True,
    reason="a value another sentence gives, after a fact naming the thing, is read by the "
    "question's words: 'membership' names every sentence",
)
def test_a_value_of_another_membership_than_the_one_named_before_is_not():
    result = judge(
        "I'm 20 and want to join. Which membership would I be on and what does it cost?",
        "At 20 you'd come under student membership (ages 16 to 25). It's £350 a year with "
        "climbing on any day.",
        CLIMBING,
    )

    assert not fully_grounded(result)


LAUNDRY = (
    "Prices. Item | Price. Small duvet (single) | £18. Large duvet (double or king) | £26. "
    "Pillow | £9. Blanket | £12."
)


def test_a_price_each_is_the_counted_things_own():
    result = judge(
        "I want two small duvets and a blanket cleaned. How much?",
        "Two small duvets at £18 each come to £36, plus £12 for the blanket: £48 altogether.",
        LAUNDRY,
    )

    assert fully_grounded(result)


def test_a_price_each_for_the_wrong_row_is_still_caught():
    result = judge(
        "I want two small duvets cleaned. How much?",
        "Two small duvets at £26 each come to £52.",
        LAUNDRY,
    )

    assert not fully_grounded(result)


GUESTS = (
    "Guest passes. Guest passes | Weekdays | Weekends. Standard | £8 | £12. "
    "Members bring guests at the pass price; members themselves pay nothing."
)


def test_the_two_of_them_counts_a_group_not_a_share_of_the_price():
    result = judge(
        "I'm bringing two guests on Saturday. What will they pay?",
        "Guest passes are £12 each at weekends, so £24 for the two of them.",
        GUESTS,
    )

    assert fully_grounded(result)
    two = [q for q in extract_quantities("so £24 for the 2 of them") if q.text == "2"]
    assert two and two[0].kind == "number"


# --- labels of two measures ---------------------------------------------------------------------

PIZZA = (
    "Pizzas. Pizza | Feeds | Price. 10-inch, one base | 2 | £9. 14-inch, one base | 4 | £14. "
    "Two bases (10-inch and 14-inch) | 6 | £21."
)


def test_a_label_of_a_size_and_a_count_names_its_row_not_a_band_between_them():
    result = judge(
        "What's the cheapest order that feeds 5?",
        "The 14-inch one only feeds 4, so the cheapest for 5 is the two-base order (a "
        "10-inch and a 14-inch), which feeds 6 and costs £21.",
        PIZZA,
    )

    assert fully_grounded(result)


# --- a follow-up case said in number words ----------------------------------------------------

PASSES = (
    "Passes. A pass fee of £30 applies to adult and 3-day passes; there is no pass fee for "
    "child or senior passes."
)


def test_a_follow_up_in_number_words_meets_the_sources_digits():
    result = judge(
        "What about three-day?",
        "The same £30 fee applies to three-day passes too.",
        PASSES,
        history=(Turn(query="Is there a pass fee for adult passes?", response="Yes, it's £30."),),
    )

    assert fully_grounded(result)


def test_a_follow_up_value_the_new_case_does_not_have_is_still_carried_over():
    result = judge(
        "What about a senior pass?",
        "The same £30 fee applies to senior passes too.",
        PASSES,
        history=(Turn(query="Is there a pass fee for adult passes?", response="Yes, it's £30."),),
    )

    assert not fully_grounded(result)


# --- a courtesy ended by a pictograph ---------------------------------------------------------

DRESS = (
    "Dress code. Trainers and sportswear are not allowed in the restaurant or on the "
    "terrace after 6pm."
)


def test_a_claim_after_a_pictograph_is_a_fact_not_part_of_the_courtesy():
    result = judge(
        "Can I wear trainers on the terrace tonight?",
        "Thanks for getting in touch 🍷 Good news - trainers are fine on the terrace, it's "
        "only in the restaurant that they're not allowed.",
        DRESS,
    )

    assert any("trainers are fine on the terrace" in fact for fact in result.facts)
    assert result.verdict == "insufficient"


def test_a_pictograph_ending_the_answer_splits_nothing():
    result = judge(
        "Can I wear trainers in the restaurant?",
        "No, trainers aren't allowed in the restaurant after 6pm 👟",
        DRESS,
    )

    assert len(result.facts) == 1
    assert fully_grounded(result)


# --- help-centre words ------------------------------------------------------------------------


def test_popping_back_is_coming_back_and_what_reappears_comes_back():
    said = set(content_stems("if it reappears we'll pop back"))
    plain = set(content_stems("if it comes back we'll come back"))
    assert said == plain


def test_a_guarantee_said_with_pop_back_and_reappears_is_supported():
    result = judge(
        "If the mark comes back after your visit, is the repeat visit free?",
        "Yes, if it reappears within 30 days we'll pop back and clean it again free of charge.",
        "Guarantee. If a mark we have cleaned comes back within 30 days, we'll come back and "
        "clean it again free of charge.",
    )

    assert fully_grounded(result)


# --- the thirteenth block's readings ------------------------------------------------------

RESCHEDULING = (
    "Rescheduling. You can reschedule once free of charge with at least 48 hours' notice. "
    "Rescheduling with less than 48 hours' notice costs £25."
)


def test_im_afraid_so_opens_the_claim_and_claims_nothing():
    result = judge(
        "My appointment is tomorrow and I need to move it. Is there a charge?",
        "Yes, I'm afraid so - with less than 48 hours' notice, rescheduling costs £25.",
        RESCHEDULING,
    )

    assert fully_grounded(result)
    assert not any("afraid" in fact for fact in result.facts)


LESSONS = (
    "Fees. Swimming lessons are £80 a term for your first child. A second child from the "
    "same family gets 10% off their term fee."
)


def test_a_total_of_a_full_price_and_a_share_off_is_supported_in_its_own_words():
    result = judge(
        "What will two children's lessons cost for the term?",
        "Your first child pays the full £80 for the term. Your second gets 10% off, which "
        "brings theirs down to £72, so you'd pay £152 in total.",
        LESSONS,
    )

    assert fully_grounded(result)


def test_the_full_price_is_the_price():
    assert content_stems("Your first child pays the full £80") == content_stems(
        "Your first child pays £80"
    )
    assert "full" in content_stems("You get a full refund of £80")


def test_a_total_worked_out_wrong_in_the_same_words_is_not():
    result = judge(
        "What will two children's lessons cost for the term?",
        "Your first child pays the full £80 for the term. Your second gets 10% off, which "
        "brings theirs down to £72, so you'd pay £162 in total.",
        LESSONS,
    )

    assert not fully_grounded(result)


MILES = (
    "Mileage. Day hires include 100 miles. Extra miles cost 20p each in cars and 35p each in vans."
)


def test_a_follow_up_about_the_van_answered_with_the_cars_rate_is_caught():
    result = judge(
        "What do extra miles cost in that one?",
        "Any miles over the 100 are charged at 20p each.",
        MILES,
        history=(Turn(query="How much is a van for a day?", response="A van is £70 a day."),),
    )

    assert not fully_grounded(result)


def test_the_cars_rate_in_the_sources_own_words_for_the_van_is_caught():
    result = judge(
        "What do extra miles cost in that one?",
        "Extra miles cost 20p each.",
        MILES,
        history=(Turn(query="How much is a van for a day?", response="A van is £70 a day."),),
    )

    assert not fully_grounded(result)


def test_the_vans_own_rate_after_the_bound_is_supported():
    result = judge(
        "What do extra miles cost in that one?",
        "Any miles over the 100 are charged at 35p each.",
        MILES,
        history=(Turn(query="How much is a van for a day?", response="A van is £70 a day."),),
    )

    assert fully_grounded(result)


PLANS = (
    "Plans. Pay as you go has no monthly fee but a one-off £20 joining fee. The Monthly "
    "plan costs £8 a month and has no joining fee. You can switch plan once a month."
)


def test_a_plan_named_monthly_is_no_free_price_against_another_plans_fee():
    result = judge(
        "Is there a joining fee on the Monthly plan?",
        "No, you won't pay anything to join on Monthly.",
        PLANS,
    )

    assert fully_grounded(result)


VENUE = "Dogs. Dogs are welcome in the bar and the garden. Dogs are not allowed in the restaurant."


def test_a_thing_the_source_keeps_out_of_the_customers_place_is_misapplied():
    result = judge(
        "We've booked a table in the restaurant. Can our spaniel come with us?",
        "Of course! Dogs are welcome at no extra charge.",
        VENUE,
    )

    assert result.unsupported and result.unsupported[0].reason == "condition_misapplied"


def test_the_same_welcome_where_the_customer_sits_in_the_garden_is_supported():
    result = judge(
        "We'll be sitting in the garden. Can our spaniel come with us?",
        "Of course! Dogs are welcome in the garden.",
        VENUE,
    )

    assert fully_grounded(result)


def test_welcome_at_a_place_reads_as_allowed_there():
    assert "allow" in content_stems("Dogs are welcome in the bar")
    assert "allow" not in content_stems("You're welcome!")


BUNDLES = "Extra prints. Extra prints are £3 each, or £10 for a bundle of 5."


def test_a_comparison_with_the_total_in_brackets_is_read_with_that_total():
    result = judge(
        "How much would 5 extra prints be?",
        "The five-print bundle is £10, which is cheaper than £3 each (£15).",
        BUNDLES,
    )

    assert fully_grounded(result)


def test_a_comparison_the_bracketed_total_denies_contradicts():
    result = judge(
        "How much would 5 extra prints be?",
        "The five-print bundle is £10, which is dearer than £3 each (£15).",
        BUNDLES,
    )

    assert not fully_grounded(result)


def test_a_list_going_on_with_plus_reads_as_and_but_plans_and_prices_keep_it():
    assert content_stems("any comfortable clothes, plus ballet shoes") == content_stems(
        "any comfortable clothes and ballet shoes"
    )
    assert "plus" in content_stems("Voltway Plus members save 10%")
    assert "plus" in content_stems("£20, plus £5 delivery")


def test_a_kit_list_going_on_with_plus_is_supported():
    result = judge(
        "What do beginners need to bring?",
        "- Beginners: any comfortable clothes, plus trainers from the first session",
        "Kit. Beginners can wear any comfortable clothes, but need trainers from their first "
        "session.",
    )

    assert fully_grounded(result)


def test_a_pointer_that_sets_a_window_in_a_fortnight_is_a_claim_to_check():
    result = judge(
        "How much notice do I need to give to leave?",
        "Just drop us a line a fortnight before the month ends.",
        "Leaving. To leave, tell us in writing at least four weeks before the month ends.",
    )

    assert result.facts
    assert not fully_grounded(result)


# --- a sum of money is rounded the way it is written -----------------------------------

COURSES = (
    "Block bookings. Lessons are £45 an hour. Pay for 10 hours up front and get 10% off "
    "the hourly rate."
)


def test_a_block_price_worked_out_to_the_pound_is_supported():
    result = judge(
        "What does a block of 10 hours cost?",
        "Lessons are £45 an hour, so 10 hours is £450, and with 10% off that comes to £405.",
        COURSES,
    )

    assert fully_grounded(result)


def test_a_block_price_a_pound_or_two_out_is_not_a_rounding():
    result = judge(
        "What does a block of 10 hours cost?",
        "Lessons are £45 an hour, so 10 hours is £450, and with 10% off that comes to £407.",
        COURSES,
    )

    assert not fully_grounded(result)


def test_an_age_one_must_have_to_do_the_thing_the_fact_lets_them_do():
    source = (
        "Ages. You must be 16 or over to hire a jet ski. Riders aged 12 to 15 can ride as "
        "passengers with an adult."
    )
    result = judge(
        "I'm 14. Can I hire a jet ski for an hour?",
        "Yes! Bring photo ID and you can take a jet ski out.",
        source,
    )

    assert result.unsupported and result.unsupported[0].reason == "condition_misapplied"
    result = judge(
        "I'm 17. Can I hire a jet ski for an hour?",
        "Yes! You can take a jet ski out.",
        source,
    )

    assert fully_grounded(result)


TASTER = (
    "Taster offer. New members can have their first climbing session for £10. The offer is "
    "only for people who have never climbed with us before."
)


def test_a_yes_to_an_offer_for_newcomers_to_a_customer_who_has_done_it_is_misapplied():
    told = judge(
        "I had a session with you last spring. Can I get the £10 taster?",
        "Yes! New members can have their first climbing session for £10.",
        TASTER.replace("never climbed", "never had a session"),
    )

    assert told.unsupported and told.unsupported[0].reason == "condition_misapplied"


def test_the_same_yes_to_a_newcomer_is_supported():
    result = judge(
        "I've never been climbing before. Can I get the £10 taster?",
        "Yes! New members can have their first climbing session for £10.",
        TASTER.replace("never climbed", "never had a session"),
    )

    assert fully_grounded(result)
