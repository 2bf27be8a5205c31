"""The offline judge on answers written in an assistant's register: bold headings,
sentences about the answer or the article it draws on, courtesies set off by a comma or
a colon before the claim, calls to attention ("Please note that ..."), and the claim a
courtesy carries, which is still checked."""

from __future__ import annotations

from audits.judges.offline.decompose import split_response
from kbaudit.text.tokens import has_negation
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

MUSEUM = (
    "Opening hours. The Riverside Museum is open from 10am to 5pm, Tuesday to Sunday. "
    "Entry to the permanent galleries is free. Special exhibitions cost £9 for adults and "
    "£4 for children. Large bags must be left in the cloakroom, which costs £2."
)
BIKES = (
    "Bike hire. Standard bikes cost £18 a day and electric bikes £35 a day. A deposit "
    "of £50 is taken at pick-up and returned when the bike comes back undamaged. "
    "Helmets are lent free with every hire. Deposits are non-refundable if the bike is "
    "returned more than 24 hours late."
)


def non_claims(result) -> list[str]:
    return [item["text"] for item in result.notes["non_claims"]]


# --- Markdown emphasis is layout, not words of the claim ----------------------------


def test_a_bold_heading_does_not_keep_the_fact_after_it_from_its_source():
    result = judge(
        "How much is an exhibition ticket?",
        "**Exhibition tickets:** special exhibitions cost £9 for adults and £4 for "
        "children. **Good to know:** entry to the permanent galleries is free.",
        MUSEUM,
    )

    assert grounded(result)


# --- Sentences about the answer or the article are non-claims ----------------------


def test_a_sentence_about_what_the_article_covers_is_left_out():
    result = judge(
        "Is the museum open on Mondays?",
        "The Riverside Museum is open from 10am to 5pm, Tuesday to Sunday. That's all "
        "the page says about opening times.",
        MUSEUM,
    )

    assert grounded(result)
    assert any("page says" in text for text in non_claims(result))


def test_an_article_named_by_its_topic_is_still_only_the_article():
    parts = split_response(
        "I found this in our bike hire guide. Helmets are lent free with every hire.",
        "Do I need to bring a helmet?",
    )

    assert [fact.text for fact in parts.facts] == ["Helmets are lent free with every hire."]


def test_words_about_covering_are_a_claim_when_no_answer_or_article_is_named():
    parts = split_response("Everything is covered.", "What does the insurance include?")

    assert [fact.text for fact in parts.facts] == ["Everything is covered."]


# --- A courtesy set off before the claim, and the claim it carries ------------------


def test_a_courtesy_before_a_comma_is_set_apart_from_the_claim():
    told = "Lovely to hear you're exploring by bike, an electric bike costs £35 a day!"

    result = judge("How much does an electric bike cost?", told, BIKES)

    assert grounded(result)
    assert result.facts == ["An electric bike costs £35 a day!"]


def test_a_courtesy_before_a_comma_does_not_hide_a_wrong_value():
    result = judge(
        "How much does an electric bike cost?",
        "Lovely to hear you're exploring by bike, an electric bike costs £30 a day!",
        BIKES,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_a_closing_hope_does_not_swallow_the_value_told_after_it():
    result = judge(
        "Is there a deposit?",
        "I hope this helps, and remember the deposit is £40.",
        BIKES,
    )

    assert result.facts == ["The deposit is £40."]
    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_a_call_to_attention_is_not_part_of_the_claim():
    told = "Please note that large bags must be left in the cloakroom, which costs £2."

    (fact,) = split_response(told, "Can I bring a suitcase?").facts

    assert fact.text.startswith("Large bags")


def test_a_named_help_centre_article_opening_the_answer_is_set_aside():
    (fact,) = split_response(
        "According to our help centre article on bike hire, helmets are lent free.",
        "Do helmets cost extra?",
    ).facts

    assert fact.text == "Helmets are lent free."


# --- "non-refundable" denies what "refundable" says ---------------------------------


def test_non_refundable_is_a_negation_but_non_members_is_not():
    assert has_negation("Deposits are non-refundable.")
    assert not has_negation("Non-members pay £8 for entry.")


def test_an_answer_that_says_a_non_refundable_deposit_can_be_refunded_is_flagged():
    result = judge(
        "My bike came back two days late. Can I still get the deposit back?",
        "Yes, the deposit can still be refunded when the bike is returned more than 24 hours late.",
        BIKES,
    )

    assert not grounded(result)


def test_sympathy_with_the_customers_worry_and_a_good_news_signpost_are_not_claims():
    result = judge(
        "Do children pay for the exhibitions?",
        "I completely understand the concern! The good news is that children pay £4 for "
        "special exhibitions.",
        MUSEUM,
    )

    assert result.facts == ["Children pay £4 for special exhibitions."]
    assert grounded(result)


# --- An age range in other words ----------------------------------------------------

HOSTEL = (
    "Youth discount. Guests aged 18 to 25 get 10% off every stay booked direct. Guests "
    "under 16 must share a room with an adult."
)


def test_between_two_ages_restates_an_age_range():
    result = judge(
        "Is there a discount for young people?",
        "If you're between 18 and 25, you get 10% off every stay you book direct.",
        HOSTEL,
    )

    assert grounded(result)


def test_between_two_other_ages_is_not_the_range_the_source_gives():
    result = judge(
        "Is there a discount for young people?",
        "Guests between 26 and 30 get 10% off every stay booked direct.",
        HOSTEL,
    )

    assert not grounded(result)


def test_between_two_numbers_of_nights_is_no_age():
    parts = split_response("Guests between 2 and 4 nights pay the weekly rate.")

    assert all(quantity.kind != "age" for quantity in parts.facts[0].quantities)


# --- An instruction to use the thing the source says does it ------------------------


def test_an_instruction_to_use_a_tool_restates_what_the_tool_does():
    result = judge(
        "How do I top up my laundry card?",
        "Use the card machine in the laundry room to top up your laundry card.",
        "Laundry. The card machine in the laundry room lets you top up your laundry card "
        "by debit card. A wash costs £3 and a dry £1.50.",
    )

    assert grounded(result)


# --- Citation marks, source lines and signatures ------------------------------------


def test_a_citation_mark_is_layout():
    result = judge(
        "How much is the cloakroom?",
        "The cloakroom costs £2 [1], and large bags must be left there [2].",
        MUSEUM,
    )

    assert grounded(result)


def test_a_line_naming_the_sources_is_not_a_claim():
    result = judge(
        "How much is the cloakroom?",
        "The cloakroom costs £2.\n\nSources: Opening hours; Cloakroom",
        MUSEUM,
    )

    assert result.facts == ["The cloakroom costs £2."]


def test_the_name_under_a_sign_off_is_not_a_claim():
    result = judge(
        "How much is the cloakroom?",
        "Hi Alex,\n\nThe cloakroom costs £2.\n\nKind regards,\nVisitor Services",
        MUSEUM,
    )

    assert result.facts == ["The cloakroom costs £2."]


def test_a_short_line_after_a_sign_off_is_a_claim_unless_it_reads_as_a_name():
    signed = split_response("The cloakroom costs £2.\n\nBest,\nSam")
    unsigned = split_response("Thanks,\nfree entry for members")

    assert [fact.text for fact in signed.facts] == ["The cloakroom costs £2."]
    assert [fact.text for fact in unsigned.facts] == ["free entry for members"]


def test_saying_which_article_the_answer_is_taken_from_is_not_a_claim():
    parts = split_response(
        "I've taken this from our Opening hours article. The cloakroom costs £2.",
        "How much is the cloakroom?",
    )

    assert [fact.text for fact in parts.facts] == ["The cloakroom costs £2."]


def test_saying_the_answer_comes_from_a_named_page_is_not_a_claim():
    parts = split_response(
        "This comes straight from our Exhibitions page: special exhibitions cost £9 for "
        "adults. This is based on the information above.",
        "How much is an exhibition ticket?",
    )

    assert [fact.text for fact in parts.facts] == ["Special exhibitions cost £9 for adults."]


def test_where_a_thing_comes_from_is_a_claim_when_no_source_of_the_answer_is_named():
    parts = split_response(
        "The name Segovia is Celtic. It comes from two words of the Celtiberian language. "
        "The novel was based on a true story.",
        "Where does the name come from?",
    )

    assert [fact.text for fact in parts.facts] == [
        "The name Segovia is Celtic.",
        "It comes from two words of the Celtiberian language.",
        "The novel was based on a true story.",
    ]


def test_a_wish_does_not_swallow_the_free_thing_told_after_it():
    result = judge(
        "Do I pay for the special exhibitions?",
        "Happy visiting, and remember special exhibitions are free!",
        MUSEUM,
    )

    assert result.facts == ["Special exhibitions are free!"]
    assert not grounded(result)


# --- What is left remains --------------------------------------------------------


def test_places_left_restates_places_remaining():
    result = judge(
        "Can I still join the evening tour?",
        "Late bookings are accepted if places are left.",
        "Evening tours. Tours start at 7pm and last 90 minutes. Late bookings are accepted "
        "only if places remain, and cost £12.",
    )

    assert grounded(result)


# --- Lengths of time and a half ------------------------------------------------------

BOATS = "Boat trips. The harbour boat trip lasts 90 minutes and costs £18. Trips run hourly."


def test_an_hour_and_a_half_is_one_length_of_time_not_two_clauses():
    result = judge(
        "How long is the boat trip?",
        "The harbour boat trip lasts an hour and a half and costs £18.",
        BOATS,
    )

    assert grounded(result)


def test_one_and_a_half_hours_is_ninety_minutes_and_two_and_a_half_is_not():
    asked = "How long is the boat trip?"

    assert grounded(judge(asked, "The harbour boat trip lasts one and a half hours.", BOATS))
    assert not grounded(judge(asked, "The harbour boat trip lasts two and a half hours.", BOATS))


# --- Booking is reserving; not having to pay is free ---------------------------------

PARKING = (
    "Parking. Guests can park in the hotel car park for £15 per night. Spaces cannot be "
    "reserved in advance. Motorbikes park free of charge."
)


def test_booking_ahead_of_time_restates_reserving_in_advance():
    result = judge("Can I book a space?", "Spaces can't be booked ahead of time.", PARKING)

    assert grounded(result)


def test_not_having_to_pay_is_free():
    asked = "Do motorbikes pay for parking?"

    assert grounded(judge(asked, "Motorbikes don't have to pay.", PARKING))
    assert not grounded(judge(asked, "Motorbikes don't have to pay upfront.", PARKING))


# --- More of an assistant's register ----------------------------------------------


def test_formal_courtesies_are_not_claims():
    result = judge(
        "How much is the cloakroom?",
        "It's a pleasure to assist you today. The cloakroom costs £2. Your satisfaction is "
        "our priority. Should you have any further questions, please let us know.",
        MUSEUM,
    )

    assert result.facts == ["The cloakroom costs £2."]
    assert grounded(result)


def test_regret_for_the_customers_experience_and_a_signpost_are_not_claims():
    parts = split_response(
        "I'm sorry you've had this experience. Let's break this down. Just ask!",
        "Why was I charged twice?",
    )

    assert parts.facts == []


# --- A value a courtesy mentions is a claim -----------------------------------------

GYM = (
    "Memberships. The Basic plan costs £9 a month and the Plus plan £15 a month. New "
    "members get their first month free on either plan."
)


def test_the_value_a_thank_you_mentions_is_checked():
    asked = "How much is Basic?"

    right = judge(asked, "Thanks for choosing our £9 Basic plan!", GYM)
    wrong = judge(asked, "Thanks for choosing our £12 Basic plan!", GYM)

    assert right.facts == ["£9 Basic plan"]
    assert grounded(right)
    assert not grounded(wrong)


def test_a_wish_without_a_value_stays_a_courtesy():
    parts = split_response("Thanks for choosing our Basic plan! Enjoy your workouts!")

    assert parts.facts == []
