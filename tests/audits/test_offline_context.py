"""The offline judge on what a question asks and what answers it: a source that
supplies the answer, a follow-up read with its conversation, parts of a question left
out, and values for one thing given twice."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeInput, JudgeResult, SourceText, Turn
from audits.judges.offline import OfflineJudge
from audits.judges.offline.context import earlier_questions, resolve_follow_up
from kbaudit.text.conditions import item_names
from kbaudit.text.tokens import digits_for_number_words, negation_targets


def judge(
    query: str,
    response: str,
    *sources: tuple[str, str],
    history: tuple[Turn, ...] = (),
) -> JudgeResult:
    return OfflineJudge().judge(
        JudgeInput(
            query=query,
            sources=[
                SourceText(rank=rank, title=title, text=text)
                for rank, (title, text) in enumerate(sources, start=1)
            ],
            response=response,
            history=list(history),
        )
    )


# --- Does a source answer the question? ---------------------------------------------

NUMERALS = (
    "Arabic numerals",
    "Arabic numerals are the ten digits 0 to 9, the most common system for writing "
    "numbers. They are descended from the Hindu-Arabic numeral system developed by "
    "ancient Indian mathematicians around 500 CE.",
)
MEXICO_TRADE = (
    "Economy of Mexico",
    "Close to 90% of Mexican exports are traded with the United States and Canada. "
    "Trade with the United States increased 183% from 1993 to 2002.",
)


def test_a_sourced_fact_answering_the_question_in_other_words_answers_it():
    result = judge(
        "where did the shape of numbers come from",
        "Arabic numerals are descended from the Hindu-Arabic numeral system developed by "
        "ancient Indian mathematicians.",
        NUMERALS,
    )

    assert result.matches.response_query == [[1]]
    # The source that supplied the answer evidently addresses the question.
    assert result.matches.source_query == [[1]]
    assert result.verdict == "sufficient"


def test_a_sourced_fact_on_another_subject_answers_nothing():
    result = judge(
        "How do I reset my router?",
        "Arabic numerals are the ten digits 0 to 9.",
        NUMERALS,
    )

    assert result.matches.response_query == [[0]]
    assert result.metrics()["source_query_coverage"] == 0.0


def test_a_passage_on_the_topic_that_lacks_the_answer_does_not_answer_it():
    # Mexican exports are there, half the question's words; the biggest by value are not.
    result = judge(
        "what are the biggest mexican exports by value",
        "I'm sorry, I couldn't find that in our documentation.",
        MEXICO_TRADE,
    )

    assert result.matches.source_query == [[0]]


def test_a_passage_carrying_most_of_the_question_answers_it():
    result = judge(
        "where do mexican exports go",
        "I'm sorry, I couldn't find that in our documentation.",
        MEXICO_TRADE,
    )

    assert result.matches.source_query == [[1]]


# --- Follow-ups read with the conversation ------------------------------------------

ADD_ONS = (
    "Data add-ons",
    "If you run out of data, you can buy a 2 GB add-on for £5 or a 10 GB add-on for £12. "
    "Add-ons last until the end of your billing month.",
)
PLANS = (
    "Pay monthly plans",
    "All plans include unlimited calls and texts. Lite: 5 GB of data for £10 a month. "
    "Plus: 30 GB of data for £18 a month. Unlimited: unlimited data for £28 a month.",
)
UPLOADS = (
    "Storage and uploads",
    "Extra storage is sold in 50 GB blocks on Team and Enterprise; it is not available on "
    "Starter. Each file upload can be up to 250 MB on Starter and up to 2 GB on Team and "
    "Enterprise.",
)


def turn(query: str, response: str = "") -> Turn:
    return Turn(query=query, response=response)


def test_the_bigger_one_is_the_next_size_the_source_lists():
    history = (turn("How much is a 2 GB data add-on?", "A 2 GB add-on costs £5."),)

    wrong = judge("and the bigger one?", "That one's £5.", ADD_ONS, history=history)
    right = judge("and the bigger one?", "That one's £12.", ADD_ONS, history=history)

    assert wrong.notes["resolved_query"] == "How much is a 10 GB data add-on?"
    assert wrong.verdict == "insufficient"
    assert wrong.metrics()["groundedness"] == 0.0
    assert right.verdict == "sufficient"


def test_the_smaller_one_is_the_size_below():
    history = (turn("How much is a 10 GB data add-on?", "A 10 GB add-on costs £12."),)

    result = judge("what about the smaller one?", "That one's £5.", ADD_ONS, history=history)

    assert result.notes["resolved_query"] == "How much is a 2 GB data add-on?"
    assert result.verdict == "sufficient"


def test_the_next_one_up_is_the_name_the_source_lists_after_the_one_asked_about():
    history = (turn("How much data do I get on Lite?", "Lite comes with 5 GB for £10 a month."),)

    wrong = judge(
        "and how much is the next one up?", "That one is £10 a month.", PLANS, history=history
    )
    right = judge(
        "and how much is the next one up?", "That one is £18 a month.", PLANS, history=history
    )

    assert wrong.notes["resolved_query"] == "how much is Plus?"
    assert wrong.verdict == "insufficient"
    assert right.verdict == "sufficient"
    assert right.sub_queries == ["how much is Plus?"]


def test_the_case_a_follow_up_moved_away_from_no_longer_counts_as_told():
    # "not available on Starter" is about Starter; the customer now asks about Enterprise.
    result = judge(
        "and on the Enterprise plan?",
        "On Enterprise, each upload can be up to 2 GB.",
        UPLOADS,
        history=(turn("What's the upload limit on Starter?", "Up to 250 MB on Starter."),),
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_a_case_told_earlier_and_not_replaced_still_counts():
    result = judge(
        "and how big can each upload be?",
        "Each file upload can be up to 2 GB.",
        UPLOADS,
        history=(turn("I'm on Starter. Can I buy extra storage?", "No, not on Starter."),),
    )

    assert result.verdict == "insufficient"


def test_somewhere_like_a_place_replaces_the_place_asked_about_before():
    result = judge(
        "And somewhere like Thailand?",
        "Everywhere else, data costs £7.50 per MB.",
        (
            "Roaming outside Europe",
            "In the USA and Canada, a World Pass costs £6 a day. Everywhere else, data "
            "costs £7.50 per MB.",
        ),
        history=(
            turn("Does Plus include roaming in Spain?", "Yes, in the EU at no extra cost."),
            turn("And in the US?", "In the USA you'd need a World Pass, at £6 a day."),
        ),
    )

    assert result.notes["resolved_query"] == "Does Plus include roaming in Thailand?"
    assert result.verdict == "sufficient"


# --- Two values for one thing ----------------------------------------------------

ROAMING = (
    "Roaming",
    "Roaming in Europe costs £3 a day. Roaming prices elsewhere: data costs £7.50 per MB "
    "and calls cost £2 a minute.",
)


def test_values_counted_by_different_units_are_not_two_values_for_one_thing():
    result = judge(
        "What are the roaming prices elsewhere?",
        "Data costs £7.50 per MB and calls cost £2 a minute.",
        ROAMING,
    )

    assert result.notes["conflicting_facts"] == []
    assert result.verdict == "sufficient"


def test_two_prices_for_one_thing_by_the_same_unit_are_contradictory():
    result = judge(
        "What does roaming in Europe cost?",
        "Roaming in Europe costs £3 a day. Roaming in Europe costs £4 a day.",
        ROAMING,
    )

    assert result.notes["conflicting_facts"] == [[0, 1]]
    assert result.cause == "contradictory"


@pytest.mark.parametrize(
    ("text", "converted"),
    [
        ("That one's £12.", "That one's £12."),
        ("and the next one up?", "and the next one up?"),
        ("Each one costs £5.", "Each one costs £5."),
        ("You get one free bag.", "You get 1 free bag."),
        ("That one book sold 500 million copies.", "That 1 book sold 500 million copies."),
        ("One of the plans is free.", "One of the plans is free."),
        ("It takes one of two days.", "It takes 1 of 2 days."),
        ("It takes three days.", "It takes 3 days."),
    ],
)
def test_one_that_stands_for_a_thing_is_not_a_number(text, converted):
    assert digits_for_number_words(text) == converted


# --- Grounded negatives ------------------------------------------------------------

OVERDRAFTS = (
    "Arranged overdrafts",
    "We do not offer unarranged overdrafts: a payment that would take you over your limit "
    "is declined, and there is no fee for that.",
)


def test_a_negative_reaches_only_its_own_clause():
    result = judge(
        "Will I be charged if a payment is declined because it would take me over my limit?",
        "No, there's no fee when a payment is declined because it would take you over your limit.",
        OVERDRAFTS,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("there's no fee when a payment is declined", [frozenset({"cost"})]),
        ("you cannot change it if the fare is Basic", [frozenset({"chang"})]),
    ],
)
def test_negation_targets_stop_at_a_subordinate_clause(text, targets):
    assert negation_targets(text) == targets


# --- Parts of a question ----------------------------------------------------------

ROAMING_TABLE = (
    "Roaming prices",
    "Roaming | Lite | Plus. Europe: £2.50 a day | included. USA: £6 a day | £6 a day.",
)


def test_an_end_point_answers_how_long_something_lasts():
    result = judge(
        "How much is a 2 GB add-on and how long does it last?",
        "A 2 GB add-on costs £5 and lasts until the end of your billing month.",
        ADD_ONS,
    )

    assert result.metrics()["response_query_coverage"] == 1.0
    assert result.verdict == "sufficient"


def test_an_answer_without_the_length_of_time_leaves_that_part_out():
    result = judge(
        "How much is a 2 GB add-on and how long does it last?",
        "A 2 GB add-on costs £5.",
        ADD_ONS,
    )

    assert result.cause == "partial"


def test_one_question_about_two_cases_side_by_side_is_two_parts():
    result = judge(
        "What does roaming cost on Lite in Europe and in the USA?",
        "On Lite, roaming in Europe costs £2.50 a day.",
        ROAMING_TABLE,
    )

    assert result.sub_queries == [
        "What does roaming cost on Lite in Europe?",
        "What does roaming cost on Lite in the USA?",
    ]
    assert result.matches.response_query == [[1, 0]]
    assert result.cause == "partial"


def test_both_cases_answered_side_by_side_is_complete():
    result = judge(
        "What does roaming cost on Lite in Europe and in the USA?",
        "On Lite, roaming costs £2.50 a day in Europe and £6 a day in the USA.",
        ROAMING_TABLE,
    )

    assert result.metrics()["response_query_coverage"] == 1.0


def test_a_question_comparing_two_cases_stays_one_question():
    result = judge(
        "What's the difference between roaming in Europe and in the USA?",
        "On Lite, roaming costs £2.50 a day in Europe and £6 a day in the USA.",
        ROAMING_TABLE,
    )

    assert len(result.sub_queries) == 1


CHANGES = (
    "Changing your flight",
    "Flex fares can be changed free of charge up to 2 hours before departure. Standard "
    "fares can be changed up to 24 hours before departure for a fee of £45 per passenger "
    "per flight, plus any difference in fare. Basic fares cannot be changed.",
)


def test_a_follow_up_answered_with_the_previous_fares_fee_is_flagged():
    history = (
        turn(
            "How much does it cost to change a Standard fare?",
            "Changing a Standard fare costs £45 per passenger per flight.",
        ),
    )

    wrong = judge(
        "And if I had a Flex ticket?",
        "That would be £45 per passenger per flight, plus the difference in fare.",
        CHANGES,
        history=history,
    )
    right = judge(
        "And if I had a Flex ticket?",
        "Flex fares can be changed free of charge up to 2 hours before departure.",
        CHANGES,
        history=history,
    )

    assert wrong.verdict == "insufficient"
    assert wrong.metrics()["groundedness"] == 0.0
    assert right.verdict == "sufficient"


def test_what_a_value_is_counted_by_names_no_item():
    # "per passenger per flight", "difference in fare": how the fee is counted, not
    # the names of fares.
    assert item_names("a fee of £45 per passenger per flight, plus any difference in fare") == (
        frozenset()
    )
    assert item_names("Standard fares can be changed") == frozenset({"standard"})


TIERS = (
    "Skyclub membership tiers",
    "Skyclub has three tiers: Blue, Gold and Platinum. Gold needs 30,000 points a year and "
    "Platinum 60,000. Gold and Platinum members get lounge access. Platinum members can "
    "also bring one guest into the lounge free of charge.",
)
GOLD_HISTORY = (
    turn("I'm a Gold member. Do I get lounge access?", "Yes, Gold members get lounge access."),
    turn(
        "Can I bring my partner in with me?",
        "Bringing a guest for free is a Platinum benefit, so it isn't included with Gold.",
    ),
)


def test_an_answer_naming_the_other_tier_bare_speaks_of_that_tier():
    result = judge(
        "How many points would I need to get it then?",
        "To reach Platinum, which includes a free lounge guest, you need 60,000 points a year.",
        TIERS,
        history=GOLD_HISTORY,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_the_other_tiers_benefit_given_to_the_customers_tier_is_still_flagged():
    result = judge(
        "So can my partner come in for free?",
        "Yes, you can bring one guest into the lounge free of charge.",
        TIERS,
        history=GOLD_HISTORY,
    )

    assert result.verdict == "insufficient"


PRICING = (
    "Plans and pricing",
    "Starter costs $12 per user per month. Team costs $25 per user per month with "
    "unlimited projects. Paying yearly saves 20% on Starter and Team.",
)
TEAM_HISTORY = (turn("How much is the Team plan?", "Team is $25 per user per month."),)


def test_a_price_worked_out_from_the_sources_saving_is_supported():
    result = judge(
        "and if we pay yearly?",
        "Paying yearly saves 20%, which brings Team down to $20 per user per month.",
        PRICING,
        history=TEAM_HISTORY,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_a_price_worked_out_wrong_is_flagged():
    result = judge(
        "and if we pay yearly?",
        "Paying yearly saves 20%, which brings Team down to $18 per user per month.",
        PRICING,
        history=TEAM_HISTORY,
    )

    assert result.verdict == "insufficient"
    assert result.metrics()["groundedness"] == 0.0


@pytest.mark.parametrize(
    ("earlier", "follow_up", "resolved"),
    [
        (
            "How much is the application fee?",
            "Is it refundable?",
            "Is the application fee refundable?",
        ),
        (
            "Is there a young driver surcharge?",
            "Does that apply to drivers over 25 too?",
            "Does a young driver surcharge apply to drivers over 25 too?",
        ),
        (
            "Do you charge for an additional driver?",
            "How much?",
            "How much is an additional driver?",
        ),
        (
            "How much is the late return fee for a compact car?",
            "what about SUVs?",
            "How much is the late return fee for SUVs?",
        ),
        (
            "Can I return an opened item?",
            "What if it was a gift?",
            "Can I return an opened item if it was a gift?",
        ),
        (
            "When does the pharmacy open on weekdays?",
            "And the clinic itself?",
            "When does the clinic itself open on weekdays?",
        ),
        (
            "How much contents cover does Premier give?",
            "Is accidental damage included on that one?",
            "Is accidental damage included on Premier?",
        ),
        ("How long can I borrow a book?", "And DVDs?", "How long can I borrow the DVDs?"),
        (
            "How much does it cost to send a small parcel to zone 2?",
            "And a large one?",
            "How much does it cost to send a large parcel to zone 2?",
        ),
        (
            "How much does it cost to send a small parcel to zone 2?",
            "And to zone 3?",
            "How much does it cost to send a small parcel to zone 3?",
        ),
        (
            "How much does it cost to send a parcel?",
            "And to Germany?",
            "How much does it cost to send a parcel to Germany?",
        ),
        (
            "How many items can I borrow at once?",
            "Is that the same for children?",
            "How many items can I borrow for children?",
        ),
        ("Can I bring my dog?", "Is there a charge for that?", "Is there a charge for my dog?"),
    ],
)
def test_a_follow_up_is_read_as_the_question_it_stands_for(earlier, follow_up, resolved):
    result = judge(follow_up, "Yes.", history=(turn(earlier),))

    assert result.notes["resolved_query"] == resolved


FEES = (
    "Application fees",
    "The application fee is £75 and is not refundable. It is waived for applicants from "
    "partner schools.",
)


def test_a_pronoun_follow_up_is_answered_about_what_it_stands_for():
    result = judge(
        "Is it refundable?",
        "No, the application fee is not refundable.",
        FEES,
        history=(turn("How much is the application fee?", "The application fee is £75."),),
    )

    assert result.sub_queries == ["Is the application fee refundable?"]
    assert result.matches.response_query == [[1]]
    assert result.verdict == "sufficient"


DEPOSITS = (
    "Deposits",
    "A £200 deposit is held on your credit card at pick-up and released within 7 days of "
    "return. Debit cards are not accepted for the deposit.",
)


def test_a_part_asking_when_is_not_answered_by_a_fact_with_no_time_in_it():
    result = judge(
        "How much is the deposit and when do I get it back?",
        "A £200 deposit is held on your credit card at pick-up.",
        DEPOSITS,
    )

    assert result.matches.response_query == [[1, 0]]
    assert result.cause == "partial"


def test_a_part_asking_when_is_answered_by_a_fact_giving_the_time():
    result = judge(
        "How much is the deposit and when do I get it back?",
        "A £200 deposit is held at pick-up and released within 7 days of return.",
        DEPOSITS,
    )

    assert result.metrics()["response_query_coverage"] == 1.0
    assert result.verdict == "sufficient"


PROTECTION = (
    "Protection",
    "Basic protection is included and has a £1,500 excess. Premium protection costs £18 a "
    "day and reduces the excess to £0.",
)
BASIC_HISTORY = (
    turn("What's the excess with Basic protection?", "Basic protection has a £1,500 excess."),
)


@pytest.mark.parametrize("follow_up", ["And with the other one?", "and with Premium?"])
def test_a_follow_up_naming_the_sources_other_case_asks_about_it(follow_up):
    wrong = judge(follow_up, "The excess is £1,500.", PROTECTION, history=BASIC_HISTORY)
    right = judge(
        follow_up, "With Premium protection the excess is £0.", PROTECTION, history=BASIC_HISTORY
    )

    assert wrong.notes["resolved_query"] == "What's the excess with Premium protection?"
    assert wrong.verdict == "insufficient"
    assert right.verdict == "sufficient"


def test_a_follow_up_word_written_like_one_of_the_previous_questions_takes_its_place():
    result = judge(
        "And for postgraduates?",
        "Postgraduate applications close on 30 June.",
        (
            "Application deadlines",
            "Undergraduate applications close on 15 January. Postgraduate applications "
            "close on 30 June.",
        ),
        history=(turn("When do undergraduate applications close?", "On 15 January."),),
    )

    assert result.notes["resolved_query"] == "When do Postgraduate applications close?"
    assert result.verdict == "sufficient"


WORLD_PASS = (
    "Roaming outside Europe",
    "In the USA, Canada, Australia and New Zealand, a World Pass costs £6 a day. Everywhere "
    "else, data costs £7.50 per MB.",
)


def test_a_thing_the_source_leaves_out_of_its_list_is_not_on_it():
    result = judge(
        "Is there a World Pass for Thailand?",
        "Thailand isn't one of the World Pass countries.",
        WORLD_PASS,
    )

    assert result.metrics()["groundedness"] == 1.0


def test_a_thing_the_source_lists_is_on_the_list():
    result = judge(
        "Is there a World Pass for Canada?",
        "Canada isn't one of the World Pass countries.",
        WORLD_PASS,
    )

    assert result.metrics()["groundedness"] == 0.0


# --- Redirects, offers of help and courtesies -------------------------------------

SMART_METERS = (
    "Smart meters",
    "A smart meter installation takes about 2 hours. Our engineer needs access to both meters.",
)


@pytest.mark.parametrize(
    "response",
    [
        "I'm sorry, I don't have information about installation times. Our smart meter team "
        "will be able to tell you more.",
        "For the details, please call our metering team; they'll be glad to go through it "
        "with you.",
    ],
)
def test_a_refusal_or_redirect_with_an_offer_of_help_has_no_content(response):
    result = judge("How long does a smart meter installation take?", response, SMART_METERS)

    assert result.facts == []
    assert result.cause == "no_content"


def test_a_team_named_beside_a_value_is_a_fact():
    result = judge(
        "How long does a smart meter installation take?",
        "Our engineers will tell you it takes about 2 hours.",
        SMART_METERS,
    )

    assert result.facts


def test_courtesies_one_after_another_are_no_part_of_the_fact():
    result = judge(
        "Can I get a GP appointment on the bank holiday Monday?",
        "No, I'm sorry, the clinic is closed on bank holidays.",
        (
            "Opening hours",
            "The clinic is open 8am to 8pm on weekdays; it is closed on bank holidays.",
        ),
    )

    assert result.facts == ["the clinic is closed on bank holidays."]
    assert result.verdict == "sufficient"


NIGHT_TARIFF = (
    "Night tariff",
    "Night Drive charges 8.5p per kWh between midnight and 5am and 27p per kWh at all other "
    "times, with a standing charge of 55p a day.",
)


def test_one_opening_asking_two_things_is_two_parts():
    result = judge(
        "What's the standing charge on Night Drive, and the unit rate outside the cheap hours?",
        "Outside midnight to 5am, Night Drive costs 27p per kWh.",
        NIGHT_TARIFF,
    )

    assert result.sub_queries == [
        "What's the standing charge on Night Drive?",
        "What's the unit rate outside the cheap hours?",
    ]
    assert result.cause == "partial"


def test_the_longest_asks_a_length_of_time():
    result = judge(
        "What medical cover does a single trip policy give, and what's the longest trip it covers?",
        "A single trip policy covers medical expenses up to £5 million.",
        (
            "Travel cover",
            "A single trip policy covers medical expenses up to £5 million and one trip of "
            "up to 90 days.",
        ),
    )

    assert result.cause == "partial"


def test_an_off_topic_question_answered_in_part_is_out_of_scope():
    result = OfflineJudge().judge(
        JudgeInput(
            query="Can you help with my maths homework? What's the derivative of x squared?",
            sources=[],
            response="Sure! The derivative of x squared is 2x, by the power rule.",
            bot_domain="Customer help for a food delivery app: delivery fees, membership, "
            "scheduled orders, missing items and refunds.",
        )
    )

    assert result.cause == "out_of_scope"


def test_the_other_one_is_the_sources_other_thing_of_the_same_kind():
    result = judge(
        "And on the other one?",
        "That would be up to £5,000.",
        (
            "Travel insurance",
            "A single trip policy covers one trip of up to 90 days; an annual multi-trip "
            "policy covers any number of trips in a year.",
        ),
        history=(turn("What's the cancellation cover on a single trip policy?", "Up to £3,000."),),
    )

    assert result.notes["resolved_query"] == (
        "What's the cancellation cover on a annual multi-trip policy?"
    )


def test_a_policy_answers_a_two_word_question_about_a_thing_it_never_names():
    result = judge(
        "How long do I have to return headphones?",
        "I'm sorry, I couldn't find that.",
        (
            "Returns policy",
            "You can return most items within 30 days of delivery. If we shipped the wrong "
            "item, you have 45 days to return it.",
        ),
    )

    assert result.matches.source_query == [[1]]


# --- Hours of the day a value holds for ---------------------------------------------

PARKING = (
    "Car park charges",
    "Car park charges. Parking costs £2.50 an hour between 8am and 6pm and £1 an hour at "
    "other times. Blue Badge holders park free.",
)


def test_a_value_for_other_hours_than_the_question_asks_about_is_misapplied():
    result = judge(
        "I'm parking for one hour at 9pm. How much will it be?",
        "It costs £2.50 an hour.",
        PARKING,
    )

    assert [problem.reason for problem in result.unsupported] == ["condition_misapplied"]


def test_a_value_for_the_hours_the_question_asks_about_stands():
    result = judge(
        "I'm parking for one hour at 11am. How much will it be?",
        "It costs £2.50 an hour.",
        PARKING,
    )

    assert result.metrics()["groundedness"] == 1.0


def test_a_follow_up_at_another_hour_keeps_the_earlier_sentence_that_tells_the_case():
    from audits.judges.offline.context import resolve_follow_up

    history = (
        Turn(query="I'm on a resident permit. What does parking cost at 10am?", response="£2.50."),
    )

    assert (
        resolve_follow_up("And at 9pm?", history)
        == "I'm on a resident permit. What does parking cost at 9pm?"
    )


def test_a_follow_up_asking_its_own_question_keeps_only_what_the_customer_told():
    from audits.judges.offline.context import resolve_follow_up

    history = (Turn(query="I have a Blue Badge. Where can I park?", response="Anywhere."),)

    assert (
        resolve_follow_up("And how long can visitors stay?", history)
        == "I have a Blue Badge. How long can visitors stay?"
    )


# --- A threshold and an amount are two things --------------------------------------------

LOCKER_CREDIT = (
    "Locker credit",
    "Locker credit. When you close your account, any credit over £50 is refunded to your card.",
)


def test_a_threshold_and_the_amount_worked_out_from_it_are_not_two_values():
    result = judge(
        "I have £80 of credit. What do I get back when I close my account?",
        "Any credit over £50 is refunded. You'd get £30 back.",
        LOCKER_CREDIT,
    )

    assert result.notes["conflicting_facts"] == []


def test_two_amounts_for_the_refund_are_two_values():
    result = judge(
        "I have £80 of credit. What do I get back when I close my account?",
        "Credit of £50 is refunded. You'd get £30 back.",
        LOCKER_CREDIT,
    )

    assert result.notes["conflicting_facts"]


# --- Follow-ups naming the other thing, another period, a sibling word -----------------

GYM_TABLE = (
    "Memberships",
    "Memberships. Membership | Monthly | Yearly | Guest passes. Bronze | £20 | £200 | 0. "
    "Silver | £30 | £300 | 2. Gold | £45 | £450 | 6.",
)


def test_the_other_one_is_the_thing_the_customer_named_before_and_left_out():
    from audits.judges.offline.context import resolve_follow_up

    history = (
        Turn(
            query="We're deciding between Silver and Gold. How many guest passes does Silver give?",
            response="Silver gives 2 guest passes.",
        ),
    )

    assert resolve_follow_up("And the other one?", history, [GYM_TABLE[1]]).endswith(
        "How many guest passes does Gold give?"
    )


def test_a_follow_up_naming_another_period_changes_the_period_not_the_thing():
    from audits.judges.offline.context import resolve_follow_up

    history = (Turn(query="How much is Gold a month?", response="Gold is £45 a month."),)

    assert resolve_follow_up("And for the yearly membership?", history) == (
        "How much is Gold a year?"
    )


def test_a_yearly_follow_up_answered_with_the_right_rows_price_is_supported():
    result = judge(
        "And for the yearly membership?",
        "Paid yearly, Gold costs £450.",
        GYM_TABLE,
        history=(Turn(query="How much is Gold a month?", response="Gold is £45 a month."),),
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_a_price_from_another_row_than_the_one_asked_about_is_flagged():
    result = judge(
        "What does Silver cost a year?",
        "Paying yearly costs £450.",
        GYM_TABLE,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_follow_up_naming_a_word_the_source_writes_beside_the_asked_one_replaces_it():
    from audits.judges.offline.context import resolve_follow_up

    source = (
        "Tolls. Cars pay £3 per crossing of the bridge and £5 per crossing of the tunnel. "
        "Motorcycles cross free."
    )
    history = (Turn(query="What is the car toll per crossing of the bridge?", response="£3."),)

    assert (
        resolve_follow_up("And the tunnel?", history, [source])
        == "What is the car toll per crossing of the tunnel?"
    )


HIRE_MEMBERSHIPS = (
    "Tool library",
    "Tool library. The Basic membership costs £5 a month. The Pro membership costs £12 a "
    "month. Pro members can borrow power tools for a week.",
)


def test_a_pronoun_for_an_earlier_case_keeps_a_rule_for_another_case_from_it():
    result = judge(
        "Can I borrow power tools with it?",
        "Yes, you can borrow power tools for a week.",
        HIRE_MEMBERSHIPS,
        history=(Turn(query="I'm on Basic. How much is it a month?", response="£5 a month."),),
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_pronoun_for_the_rules_own_case_gets_the_rule():
    result = judge(
        "Can I borrow power tools with it?",
        "Yes, you can borrow power tools for a week.",
        HIRE_MEMBERSHIPS,
        history=(Turn(query="I'm on Pro. How much is it a month?", response="£12 a month."),),
    )

    assert result.verdict == "sufficient"


def test_what_if_adds_a_case_rather_than_swapping_a_word():
    from audits.judges.offline.context import resolve_follow_up

    source = (
        "Test resits. Learners who fail a test can resit it after 10 days. Learners with a "
        "medical note resit without waiting."
    )
    history = (Turn(query="I failed my test. Can I resit it?", response="Yes, after 10 days."),)

    assert (
        resolve_follow_up("What if I had a medical note?", history, [source])
        == "I failed my test. Can I resit it if I had a medical note?"
    )


def test_a_first_fact_opening_on_a_pronoun_speaks_of_what_was_asked():
    result = judge(
        "And on the open ticket?",
        "No, those can't be refunded either.",
        (
            "Tickets",
            "Tickets. Open tickets can be refunded in full until the day of travel. Advance "
            "tickets cannot be refunded.",
        ),
        history=(Turn(query="I have an advance ticket. Can I get a refund?", response="No."),),
    )

    assert result.verdict == "insufficient"


def test_with_it_after_a_case_the_customer_lacks_is_that_case():
    from audits.judges.offline.context import resolve_follow_up

    history = (Turn(query="How much is a court if I don't have Gold?", response="£12 an hour."),)

    assert resolve_follow_up("And with it?", history) == "How much is a court with Gold?"


HOSTEL_TIMES = (
    "Arrivals",
    "Arrival and departure. Check-in is from 2pm and check-out is by 10am. Bags can be "
    "left at reception after check-out.",
)


def test_check_in_and_check_out_times_are_two_things_not_two_values_for_one():
    result = judge(
        "When are check-in and check-out?",
        "Check-in is from 2pm. Check-out is by 10am.",
        HOSTEL_TIMES,
    )

    assert result.notes["conflicting_facts"] == []
    assert result.verdict == "sufficient"


def test_checking_in_said_as_a_verb_is_check_in():
    result = judge("When can I arrive?", "You can check in from 2pm.", HOSTEL_TIMES)

    assert result.metrics()["groundedness"] == 1.0


def test_check_in_and_check_out_times_swapped_are_flagged():
    result = judge(
        "When are check-in and check-out?",
        "Check-in is from 10am. Check-out is by 2pm.",
        HOSTEL_TIMES,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "contradicts_source"


SHIPPING_ZONES = (
    "Shipping",
    "Shipping prices. Size | Ireland | Rest of EU | Outside the EU. Letter | €2 | €4 | €7. "
    "Box | €9 | €15 | €30.",
)


@pytest.mark.parametrize(
    ("query", "response", "verdict"),
    [
        ("How much is a box to the Rest of the EU?", "A box is €15.", "sufficient"),
        ("How much is a box to the Rest of the EU?", "A box is €30.", "insufficient"),
        ("How much is a letter outside the EU?", "It's €7.", "sufficient"),
    ],
)
def test_the_eu_spelled_out_is_one_word_of_a_zone(query, response, verdict):
    assert judge(query, response, SHIPPING_ZONES).verdict == verdict


def test_a_follow_up_naming_another_destination_replaces_the_one_before():
    from audits.judges.offline.context import resolve_follow_up

    history = (Turn(query="How much is a box to the Rest of the EU?", response="€15."),)

    assert (
        resolve_follow_up("And outside the EU?", history, [SHIPPING_ZONES[1]])
        == "How much is a box outside the EU?"
    )


def test_a_wife_is_a_spouse_the_source_makes_an_exception_for():
    result = judge(
        "What if the extra driver is my husband?",
        "It's still £12 a day.",
        ("Extras", "Extras. An additional driver costs £12 a day, free for spouses."),
        history=(Turn(query="How much is an additional driver?", response="£12 a day."),),
    )

    assert result.verdict == "insufficient"


CLUB_TIERS = (
    "Tiers",
    "Club tiers. The Bronze tier costs £8 a month and includes 1 court booking a week. The "
    "Platinum tier costs £25 a month and includes 5 court bookings a week.",
)


def test_a_question_asking_what_it_includes_is_about_the_thing_asked_before():
    from audits.judges.offline.context import resolve_follow_up

    history = (Turn(query="How much is the Platinum tier?", response="£25 a month."),)

    assert resolve_follow_up("How many court bookings does it include?", history) == (
        "How many court bookings does Platinum tier include?"
    )


def test_the_value_of_the_thing_asked_before_is_not_held_against_another_things_rule():
    result = judge(
        "How many court bookings does it include?",
        "It includes 5 court bookings a week.",
        CLUB_TIERS,
        history=(Turn(query="How much is the Platinum tier?", response="£25 a month."),),
    )

    assert result.verdict == "sufficient"


PAINTER = (
    "Painter",
    "Remembered as one of the most gifted painters of the Dutch Golden Age, he is often "
    "called the master of light.",
)


def test_a_denial_about_he_is_read_against_the_passage_whatever_the_question_says():
    # "he" takes the question's words, more than the passage's clause shares; the
    # clause's own words still find the statement it denies.
    result = judge(
        "I love his paintings so much! I didn't know he went blind at the end.",
        "He is never remembered as one of the most gifted painters of the Dutch Golden Age.",
        PAINTER,
    )

    assert result.unsupported and result.unsupported[0].reason == "contradicts_source"


def test_the_same_statement_about_he_is_supported():
    result = judge(
        "I love his paintings so much! I didn't know he went blind at the end.",
        "He is remembered as one of the most gifted painters of the Dutch Golden Age.",
        PAINTER,
    )

    assert not result.unsupported


# --- A follow-up that leaves the case the customer told -------------------------------

STORAGE_UNITS = (
    "Storage units",
    "Storage units. Small Locker units cost £40 a month and Walk-In units cost £95 a "
    "month. Walk-In and Drive-Up renters get free use of the loading bay; Small Locker "
    "renters pay £5 a visit for it.",
)
VET_PLAN = (
    "Pet Care Plan",
    "Pet Care Plan. A routine vet consultation costs £48, or £30 for members of the Pet "
    "Care Plan. Vaccinations are included in the plan.",
)


def test_a_follow_up_naming_another_of_the_sources_cases_leaves_the_told_one():
    earlier = Turn(
        query="I rent on Small Locker. Can I use the loading bay?",
        response="Small Locker renters pay £5 a visit for the loading bay.",
    )
    wrong = judge(
        "And on a walk-in unit?",
        "It's £5 a visit on a walk-in unit too.",
        STORAGE_UNITS,
        history=(earlier,),
    )
    assert wrong.verdict == "insufficient"
    right = judge(
        "And on a walk-in unit?",
        "Walk-In renters get free use of the loading bay.",
        STORAGE_UNITS,
        history=(earlier,),
    )
    assert right.verdict == "sufficient"


def test_a_follow_up_about_someone_not_in_the_told_case_leaves_it():
    earlier = Turn(
        query="I'm on the Pet Care Plan. How much is a consultation for my dog?",
        response="As a Pet Care Plan member you pay £30 for a routine consultation.",
    )
    wrong = judge(
        "And for my neighbour, who isn't a member?",
        "Your neighbour would pay £30 as well.",
        VET_PLAN,
        history=(earlier,),
    )
    assert wrong.verdict == "insufficient"
    right = judge(
        "And for my neighbour, who isn't a member?",
        "A routine consultation costs £48 for your neighbour.",
        VET_PLAN,
        history=(earlier,),
    )
    assert right.verdict == "sufficient"


def test_a_follow_up_keeps_a_word_it_still_says():
    # "cancelled" and "Yoga" both come before "classes" in the source, but the follow-up
    # still says "cancelled": only "spin" is swapped for "yoga".
    source = (
        "Cancelled classes. If you cancel a class with less than 12 hours' notice, we "
        "charge £5. Yoga classes cancelled late are charged in full."
    )
    earlier = Turn(
        query="I cancelled my spin class this morning. What is the charge?", response="It's £5."
    )
    resolved = resolve_follow_up("What about a cancelled yoga class?", [earlier], [source])
    assert resolved.startswith("I cancelled my ")
    assert "yoga" in resolved.lower() and "spin" not in resolved


def test_after_that_is_the_time_the_previous_answer_gave():
    source = (
        "Lost property. We keep lost property for 3 months; after that, unclaimed items "
        "are donated to charity."
    )
    earlier = Turn(query="How long do you keep lost property?", response="We keep it for 3 months.")
    result = judge(
        "And what happens after that?",
        "After 3 months, unclaimed items are donated to charity.",
        ("Lost property", source),
        history=(earlier,),
    )
    assert result.verdict == "sufficient"


def test_it_after_a_which_question_is_the_thing_the_answer_chose():
    source = (
        "Broadband plans. Plan | Fibre 100 | Fibre 500. Monthly price | £28 | £45. "
        "Contract length | 12 months | 18 months. Only Fibre 500 includes a static IP "
        "address."
    )
    earlier = Turn(
        query="I need a static IP address. Which plan should I take?",
        response="Only Fibre 500 includes a static IP address.",
    )
    wrong = judge(
        "How long is the contract on it?",
        "The contract is 12 months.",
        ("Broadband plans", source),
        history=(earlier,),
    )
    assert wrong.verdict == "insufficient"
    right = judge(
        "How long is the contract on it?",
        "The contract is 18 months.",
        ("Broadband plans", source),
        history=(earlier,),
    )
    assert right.verdict == "sufficient"


def test_what_about_me_asks_the_previous_question_for_the_new_person():
    source = (
        "Zoo tickets",
        "Zoo tickets. Entry is free for children under 5. Tickets for anyone aged 5 or "
        "over cost £22.",
    )
    earlier = Turn(query="Is entry free for my 3-year-old?", response="Yes, under-5s go free.")
    wrong = judge(
        "What about me? I'm 38.", "Yes, entry is free for you too.", source, history=(earlier,)
    )
    assert wrong.verdict == "insufficient"
    right = judge(
        "What about me? I'm 38.", "No, your ticket costs £22.", source, history=(earlier,)
    )
    assert right.verdict == "sufficient"


def test_and_for_my_daughter_asks_the_same_question_for_her_without_what_i_told_of_me():
    earlier = Turn(query="I'm 70. How much is a swimming session?", response="Over-65s pay £2.")
    resolved = resolve_follow_up("And for my daughter?", [earlier])
    assert resolved == "How much is a swimming session for my daughter?"


def test_what_the_customer_told_of_one_child_does_not_hold_for_another():
    earlier = Turn(query="My daughter is 3. Can she join the toddler class?", response="Yes.")
    assert earlier_questions("And my son, who's 6?", [earlier]) == [
        "Can she join the toddler class?"
    ]
