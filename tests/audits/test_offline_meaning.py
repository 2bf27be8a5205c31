"""Meaning matching in the offline judge: what counts as a claim, and when a fact
restates its source (or another fact) in other words."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from audits.judges.offline.decompose import split_response
from kbaudit.text.dialogue import asks_about_listener
from kbaudit.text.tokens import normalise
from tests.helpers import offline_judge as judge


def groundedness(result: JudgeResult) -> float | None:
    return result.metrics()["groundedness"]


# --- Pre-tokenised logs --------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Yes . It is , too !", "Yes. It is, too!"),
        ('He said " hello " .', 'He said " hello ".'),
        ("Really ? I did n't know", "Really? I didn't know"),
    ],
)
def test_punctuation_set_off_by_spaces_goes_back_on_its_word(raw, clean):
    assert normalise(raw) == clean


def test_a_bare_yes_written_with_a_detached_full_stop_is_no_claim():
    parts = split_response("Yes . Refunds take 5 days .")
    assert [fact.text for fact in parts.facts] == ["Refunds take 5 days."]


# --- Small talk about the listener ---------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Do you like sweaters?",
        "Have you ever tried cod liver oil?",
        "What kind of dice do you play?",
        "How about you?",
        "How about rugby league?",
        "How often do you go to the library?",
        "What's your favourite colour?",
    ],
)
def test_questions_about_the_listeners_tastes_are_small_talk(question):
    assert asks_about_listener(question)


@pytest.mark.parametrize(
    "question",
    [
        "Is there anything else I can help you with?",
        "Would you like me to send you the link?",
        "Would you like to know more about late check-out?",
        "Would you like to book a table?",
        "Do you have your booking reference to hand?",
        "Which plan are you on?",
        "Anything else I can help with?",
    ],
)
def test_offers_and_questions_about_the_case_are_not(question):
    assert not asks_about_listener(question)


def test_small_talk_about_the_listener_is_said_but_in_no_source():
    source = "Harry Potter is a series of fantasy novels written by J. K. Rowling."
    result = judge("I have never read that.", "Do you like that series of fantasy novels?", source)
    assert result.facts == ["Do you like that series of fantasy novels?"]
    assert groundedness(result) == 0.0


def test_a_supported_claim_beside_small_talk_is_only_part_of_the_answer():
    source = "Goldendoodles are referred to as designer dogs."
    result = judge(
        "Have you seen one?",
        "Goldendoodles are referred to as designer dogs, do you like them?",
        source,
    )
    assert groundedness(result) == 0.5


def test_an_offer_of_help_stays_out_of_every_denominator():
    source = "A replacement card is free and arrives in 3 to 5 working days."
    result = judge(
        "How long does a replacement card take?",
        "A replacement card arrives in 3 to 5 working days. Is there anything else I can help"
        " you with?",
        source,
    )
    assert len(result.facts) == 1
    assert groundedness(result) == 1.0


@pytest.mark.parametrize("agreement", ["Same here!", "Me too."])
def test_agreeing_about_oneself_is_an_opinion(agreement):
    parts = split_response(agreement)
    assert len(parts.facts) == 1 and parts.facts[0].personal


@pytest.mark.parametrize(
    ("response", "claim"),
    [
        (":) do you know that Chrome is a free web browser?", "Chrome is a free web browser"),
        ("You mean like how creatures take on a green hue?", "how creatures take on a green hue"),
    ],
)
def test_a_question_that_states_something_states_it(response, claim):
    assert [fact.text for fact in split_response(response).facts] == [claim]


def test_asking_whether_the_listener_knows_where_states_nothing():
    assert not split_response("Do you know where he lives?").facts


# --- Facts in other words ------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "source", "response"),
    [
        (
            "What do hunted species tend to be?",
            "The species that are hunted are usually mammals and birds.",
            "Hunted species are normally mammals and birds.",
        ),
        ("Are refunds quick?", "Refunds are typically fast.", "Refunds are normally quick."),
    ],
)
def test_a_word_the_source_says_otherwise_is_aligned_with_it(query, source, response):
    assert groundedness(judge(query, response, source)) == 1.0


def test_a_word_with_no_counterpart_in_the_source_is_not_aligned():
    result = judge(
        "What do hunted species tend to be?",
        "Hunted species are normally expensive mammals and birds.",
        "The species that are hunted are usually mammals and birds.",
    )
    assert groundedness(result) == 0.0


def test_a_year_does_not_excuse_the_words_added_around_it():
    result = judge(
        "Tell me about the painting.",
        "In 1914 Gleizes painted a famous army doctor.",
        "In 1914 the French artist Albert Gleizes painted a portrait of an army doctor.",
    )
    assert groundedness(result) == 0.0


def test_a_price_of_the_sources_own_still_anchors_a_loosely_worded_fact():
    result = judge(
        "How much is an extra bag?",
        "Popping an extra bag on costs £35 per flight online.",
        "Each additional bag costs £35 per flight online or £60 at the airport.",
    )
    assert groundedness(result) == 1.0


# --- Repetition ------------------------------------------------------------------------


def self_distinctness(result: JudgeResult) -> float | None:
    return result.metrics()["self_distinctness"]


def test_two_clauses_of_one_source_sentence_are_two_facts():
    result = judge(
        "Can I freeze my card?",
        "You can freeze your card in the app. Frozen cards can be unfrozen in the app at any time.",
        "Cards. You can freeze your card in the app, and frozen cards can be unfrozen in the app"
        " at any time.",
    )
    assert self_distinctness(result) == 1.0


def test_facts_each_plainly_saying_its_own_source_sentence_are_distinct():
    result = judge(
        "What do Elite guests get?",
        "Elite guests get late checkout and free breakfast. Elite guests get a room upgrade as well.",
        "Elite status. Elite guests get late checkout and free breakfast.",
        "Rooms. Elite guests also get a room upgrade when one is available.",
    )
    assert self_distinctness(result) == 1.0


def test_the_same_source_clause_said_twice_is_a_restatement():
    result = judge(
        "How long is the return window?",
        "You can return items within 30 days. In other words, you have 30 days to send them back.",
        "Returns. You can return items within 30 days of delivery.",
    )
    assert self_distinctness(result) == 0.5


def test_no_charge_for_that_restates_the_free_fact_before_it():
    result = judge(
        "Can I change my delivery address?",
        "Changing your delivery address is free in the app. There's no charge at all for doing that.",
        "Delivery. Changing your delivery address is free in the app.",
    )
    assert self_distinctness(result) == 0.5
    assert groundedness(result) == 1.0


def test_twelve_months_said_again_as_a_whole_year_is_a_restatement():
    result = judge(
        "How long is the warranty?",
        "Every device comes with a 12-month warranty. Your device is covered for one whole year"
        " from the day you buy it.",
        "Warranty. Every device comes with a 12-month warranty from the date of purchase.",
    )
    assert self_distinctness(result) == 0.5


def test_free_with_the_same_deadline_said_twice_is_a_restatement():
    result = judge(
        "Can I move my booking for free?",
        "Bookings can be moved free of charge up to 3 days before arrival. There's no fee for"
        " moving a booking as long as it's at least 3 days before you arrive.",
        "Changes. Bookings can be moved free of charge up to 3 days before arrival.",
    )
    assert self_distinctness(result) == 0.5


def test_free_with_two_deadlines_for_two_groups_is_two_facts():
    result = judge(
        "Can I cancel for free?",
        "Members can cancel free of charge up to 24 hours beforehand. Guests can cancel at no"
        " cost up to 48 hours beforehand.",
        "Cancellations. Members can cancel free of charge up to 24 hours beforehand; guests up"
        " to 48 hours beforehand.",
    )
    assert self_distinctness(result) == 1.0


def test_not_unless_may_restate_only_if():
    from audits.judges.offline.redundancy import may_restate

    first, second, third = split_response(
        "Scuba diving is only covered if you added the Adventure extra. Diving injuries aren't"
        " covered unless that extra was on your policy. Lost cash isn't covered."
    ).facts
    assert may_restate(second, first)
    assert not may_restate(third, first)


def test_a_non_word_denies_as_a_negation_does():
    result = judge(
        "Can I get my deposit back?",
        "The booking deposit is non-refundable. If you cancel the booking you won't get your"
        " deposit back.",
        "Deposits. The booking deposit is non-refundable.",
    )
    assert self_distinctness(result) == 0.5


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What does the 16-25 Railcard cost, and is there one for older people?",
            "The 16-25 Railcard costs £35 a year. The Senior Railcard is for anyone aged 60 or"
            " over and also costs £35 a year.",
            "Railcards. A 16-25 Railcard costs £35 a year. The Senior Railcard is for anyone aged"
            " 60 or over and also costs £35 a year.",
        ),
        (
            "How much is parking?",
            "Parking at the main site costs £5 a day. The overflow car park is a short walk"
            " away and also costs £5 a day.",
            "Parking. Parking at the main site costs £5 a day. The overflow car park is a short"
            " walk away and also costs £5 a day.",
        ),
        (
            "How long do refunds take?",
            "Card refunds take 5 working days. Refunds to PayPal go back to your account and"
            " also take 5 working days.",
            "Refunds. Card refunds take 5 working days. Refunds to PayPal go back to your PayPal"
            " account and also take 5 working days.",
        ),
    ],
)
def test_the_same_value_said_to_hold_also_for_another_thing_is_another_fact(
    query, response, source
):
    assert self_distinctness(judge(query, response, source)) == 1.0


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What do you do if my dog's poorly on a walk?",
            "If your dog seems unwell, we bring it home and call you. In an emergency we take it"
            " to your registered vet, and the vet's bill is yours to pay.",
            "If your dog is unwell. If your dog seems unwell on a walk, we bring it home and call"
            " you. In an emergency we take it to your registered vet, and you pay the vet's bill.",
        ),
        (
            "What if a medicine is out of stock?",
            "If a medicine is out of stock we order it from our supplier, and the medicine is"
            " yours to collect at the counter.",
            "Stock. If a medicine is out of stock we order it from our supplier, and you collect"
            " the medicine at the counter.",
        ),
        (
            "What happens if my bike is stolen?",
            "If your hire bike is stolen we block its lock remotely, and the police report is"
            " yours to file.",
            "Theft. If your hire bike is stolen we block its lock remotely, and you file the"
            " police report.",
        ),
    ],
)
def test_two_parts_of_one_source_clause_are_two_facts(query, response, source):
    assert self_distinctness(judge(query, response, source)) == 1.0


def test_facts_taking_their_own_words_of_one_clause_say_two_parts_of_it():
    from audits.judges.offline.redundancy import says_other_part

    first, second = split_response(
        "In an emergency we take it to your registered vet, and the vet's bill is yours to pay."
    ).facts
    clause = first.stems | second.stems
    assert says_other_part(second, first, clause)
    assert not says_other_part(first, first, clause)


# --- Polarity ----------------------------------------------------------------------------


def test_a_negated_be_denies_its_subject_as_the_source_does():
    result = judge(
        "Can I get cash for my gift card?",
        "Cash refunds for gift cards aren't available.",
        "Gift cards. We do not offer cash refunds for gift cards.",
    )
    assert groundedness(result) == 1.0


def test_a_negated_be_still_contradicts_a_source_that_allows_it():
    result = judge(
        "Can I get cash for my gift card?",
        "Cash refunds for gift cards aren't available.",
        "Gift cards. We offer cash refunds for gift cards within 30 days.",
    )
    assert groundedness(result) == 0.0


# --- Words a paraphrase may add ------------------------------------------------------------


def test_as_long_as_is_a_condition_not_a_length():
    from kbaudit.text.tokens import content_stems

    assert "long" not in content_stems("You can rent one as long as it is economy class.")
    result = judge(
        "Can my 22-year-old rent a car?",
        "Your 22-year-old can rent a car as long as the car is economy class.",
        "Young drivers. Drivers aged 21 to 24 may rent economy class cars.",
    )
    assert groundedness(result) == 1.0


def test_the_ordinary_case_named_beside_a_special_one_claims_nothing_more():
    result = judge(
        "What does a replacement key cost?",
        "The standard replacement key is free.",
        "Keys. A replacement key is free and arrives in 2 days. Express delivery costs £10.",
    )
    assert groundedness(result) == 1.0


def test_an_unknown_qualifier_is_still_a_claim():
    result = judge(
        "What does a replacement key cost?",
        "The electronic replacement key is free.",
        "Keys. A replacement key is free and arrives in 2 days. Express delivery costs £10.",
    )
    assert groundedness(result) == 0.0


def test_a_table_value_with_its_words_said_otherwise_is_supported():
    result = judge(
        "What is the Premier withdrawal limit?",
        "Premier cardholders can take out up to a thousand pounds a day.",
        "Limits at a glance. Limit | Everyday | Premier. Daily card withdrawal | £500 | £1,000.",
    )
    assert groundedness(result) == 1.0


# --- Non-claims of other shapes ------------------------------------------------------------


def test_a_country_in_capitals_is_a_name_the_sources_must_give():
    result = judge(
        "Where do you offer next-day delivery on furniture orders?",
        "We offer next-day delivery on furniture orders across the US mainland.",
        "We offer next-day delivery on furniture orders across the UK mainland, and "
        "three-day delivery to Ireland.",
    )

    assert groundedness(result) < 1.0


def test_a_country_in_capitals_stands_where_the_sources_give_it():
    result = judge(
        "Where do you offer next-day delivery on furniture orders?",
        "We offer next-day delivery on furniture orders across the UK mainland.",
        "We offer next-day delivery on furniture orders across the UK mainland, and "
        "three-day delivery to Ireland.",
    )

    assert groundedness(result) == 1.0


def test_a_claim_about_all_of_a_kind_is_unsupported_where_the_source_speaks_of_one():
    result = judge(
        "Which plans include single sign-on?",
        "All the plans include single sign-on.",
        "The Business plan includes single sign-on and audit logs. Plans are billed "
        "monthly or yearly.",
    )

    assert groundedness(result) < 1.0


def test_a_claim_about_all_the_songs_is_unsupported_where_the_passage_names_one():
    result = judge(
        "Who performed the songs on the album Harbour Lights?",
        "Ann Reed performed all the songs on the album Harbour Lights.",
        '"Low Tide" is a song performed by Ann Reed. It was released as the lead single '
        'from the album "Harbour Lights".',
    )

    assert groundedness(result) < 1.0


def test_a_claim_about_all_of_a_kind_stands_where_the_source_says_every_one():
    result = judge(
        "Which plans include single sign-on?",
        "All the plans include single sign-on.",
        "Every plan includes single sign-on. Plans are billed monthly or yearly.",
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "source",
    [
        "Cancelling a course. If you cancel within 14 days of booking, we refund your payments "
        "in full. After 14 days, payments are not refunded.",
        "Cancelling a course. If you cancel within 14 days of booking, you get a full refund of "
        "your payments. After 14 days, payments are not refunded.",
    ],
)
def test_a_refund_in_full_speaks_of_all_the_payments(source):
    result = judge(
        "Can I get my money back if I cancel a week after booking?",
        "If you cancel within 14 days of booking, all of your payments are refunded.",
        source,
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "courtesy",
    [
        "Good luck with your application!",
        "Wishing you the best of luck!",
        "All the best with the move!",
        "this one comes up a lot!",
        "That's a very common question.",
        "You're not the first to ask.",
        "I've had a look at our guidance for you.",
        "I had a quick look through the rental policy.",
    ],
)
def test_courtesies_and_remarks_about_the_question_or_the_lookup_are_not_facts(courtesy):
    source = "Application deadlines. Undergraduate applications close on 15 January."
    result = judge(
        "When do applications close?",
        f"{courtesy} Undergraduate applications close on 15 January.",
        source,
    )
    assert result.facts == ["Undergraduate applications close on 15 January."]
    assert groundedness(result) == 1.0


# --- Small help-centre lexicon ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "response"),
    [
        (
            "Drivers under 21 cannot rent.",
            "Drivers younger than 21 are unable to rent.",
        ),
        (
            "Drivers under 21 cannot rent.",
            "Drivers younger than twenty-one aren't able to hire.",
        ),
        ("The deposit is refundable.", "You'll get the deposit back."),
        ("Students may defer entry.", "Students may postpone entry."),
    ],
)
def test_common_help_centre_wordings_meet_the_sources(source, response):
    assert groundedness(judge("Can I?", response, f"Rules. {source}")) == 1.0


def test_two_verbs_of_one_source_sentence_are_two_facts():
    result = judge(
        "How does fuel work?",
        "Cars are supplied with a full tank and must be returned full.",
        "Fuel policy. Cars are supplied with a full tank and must be returned full.",
    )
    assert len(result.facts) == 2
    assert self_distinctness(result) == 1.0


def test_two_wordings_of_one_source_clause_are_one_statement_whatever_their_polarity():
    result = judge(
        "Are electronic transcripts free?",
        "Electronic transcripts are free. You won't pay anything for an electronic transcript.",
        "Transcripts. Official transcripts cost £10 each and are sent within 5 working days."
        " Electronic transcripts are free.",
    )
    assert self_distinctness(result) == 0.5
    assert groundedness(result) == 1.0


def test_one_source_clause_with_two_values_is_not_one_statement():
    result = judge(
        "What are the withdrawal limits?",
        "Daily withdrawals are limited to £500. Daily withdrawals are limited to £1,000.",
        "Limits. Daily withdrawals are limited to £500 or £1,000.",
    )
    assert self_distinctness(result) == 1.0


def test_two_parts_of_a_sentence_kept_whole_are_two_facts():
    result = judge(
        "What can guests do?",
        "Guests have read-only access to the projects they're invited to. Guests can leave"
        " comments on tasks.",
        "Roles. Guests have read-only access to the projects they are invited to and can leave"
        " comments on tasks.",
    )
    assert self_distinctness(result) == 1.0


def test_the_clause_a_fact_says_is_the_one_it_says_most_of():
    result = judge(
        "Does add-on data carry over?",
        "Unused add-on data doesn't carry over. Any data left on an add-on won't be carried over"
        " to your next billing month.",
        "Data add-ons. Add-ons last until the end of your billing month and unused data does not"
        " carry over.",
    )
    assert self_distinctness(result) == 0.5


# --- Hedges and remarks on the claim -------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "facts"),
    [
        ("I believe it was. The shop opened in 1998.", ["The shop opened in 1998."]),
        ("I think so. The shop opened in 1998.", ["The shop opened in 1998."]),
        ("Yeah it is, the shop opened in 1998.", ["the shop opened in 1998."]),
        ("It's interesting that the shop opened in 1998.", ["the shop opened in 1998."]),
        ("It's amazing how the shop opened in 1998.", ["the shop opened in 1998."]),
    ],
)
def test_hedged_affirmations_and_remarks_on_a_claim_are_not_claims(response, facts):
    assert [fact.text for fact in split_response(response).facts] == facts


def test_a_claim_that_starts_like_an_affirmation_is_still_a_claim():
    assert [fact.text for fact in split_response("It is free to cancel.").facts] == [
        "It is free to cancel."
    ]


def test_the_usa_in_lower_case_is_the_united_states():
    result = judge(
        "Where did it start?",
        "it is developed in the usa",
        "History. The role was developed in the United States.",
    )
    assert groundedness(result) == 1.0


def test_denying_a_rule_that_has_an_exception_contradicts_it():
    source = "Cards. Your old card stays active unless you report it lost."
    query = "Does my old card keep working?"
    assert groundedness(judge(query, "Your old card won't stay active.", source)) == 0.0


def test_a_fact_about_the_exception_may_take_the_other_polarity():
    source = "Cards. Your old card stays active unless you report it lost."
    query = "Does my old card keep working?"
    response = "Your old card won't stay active once you report it lost."
    assert groundedness(judge(query, response, source)) == 1.0


@pytest.mark.parametrize(
    "opener",
    [
        "From the cover details I have, ",
        "That one is easy to read off the fee table: ",
        "I checked the tariffs article for you: ",
        "Here's a quick summary from the tariffs page: ",
        "I'm afraid ",
    ],
)
def test_openers_about_the_lookup_or_the_regret_leave_the_claim(opener):
    result = judge(
        "What is the standing charge?",
        f"{opener}the standing charge is 31p a day.",
        "Tariffs. The standing charge is 31p a day on every tariff.",
    )
    assert len(result.facts) == 1
    assert groundedness(result) == 1.0


def test_a_remark_that_the_article_says_no_more_is_not_a_fact():
    result = judge(
        "Can I go on Night Drive without a smart meter?",
        "Night Drive needs a smart meter. The article doesn't go into more detail than that.",
        "Night Drive. Night Drive needs a smart meter.",
    )
    assert result.facts == ["Night Drive needs a smart meter."]


def test_seeing_a_doctor_is_the_answer_when_the_question_asks_about_it():
    parts = split_response(
        "You'll have to see a doctor again every 3 months.",
        "Do I need to see a doctor to keep getting my medication?",
    )
    assert len(parts.facts) == 1


METERS = (
    "Smart meters. Smart meter installation is free for every customer who owns their home."
    " Appointments are available Monday to Saturday, 8am to 6pm, and fitting both meters takes"
    " about 2 hours. Customers with a prepayment meter can switch at no charge."
)


def test_the_same_measured_value_of_one_source_sentence_said_again_is_a_restatement():
    result = judge(
        "How long does it take to fit both smart meters?",
        "Fitting both meters takes about 2 hours. Allow roughly two hours for the engineer to do"
        " the pair. The whole job for gas and electricity comes to around 120 minutes.",
        METERS,
    )
    assert self_distinctness(result) == pytest.approx(1 / 3)
    assert groundedness(result) == 1.0


def test_one_value_given_by_two_source_sentences_does_not_join_two_facts():
    result = judge(
        "How long do things take?",
        "Fitting both meters takes about 2 hours. Engineers arrive within two hours of the"
        " slot opening.",
        METERS + " Engineers arrive within 2 hours of the slot opening.",
    )
    assert self_distinctness(result) == 1.0


def test_one_measure_said_again_close_in_meaning_restates_whichever_sentences_give_it():
    result = judge(
        "How long do things take?",
        "Fitting both meters takes about 2 hours. Allow roughly two hours for the engineer to do"
        " the pair.",
        METERS + " Engineers arrive within 2 hours of the slot opening.",
    )
    assert self_distinctness(result) == 0.5
    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Are there quiet hours?",
            "Quiet hours are 11pm to 7am. Please keep the noise down between eleven at night and"
            " seven in the morning.",
            "House rules. Quiet hours are 11pm to 7am. Breakfast is served from 7am to 10am."
            " Guests must check out by 11am.",
        ),
        (
            "Is there a limit on late fees?",
            "Late fees are capped at £50 a month. However late you pay, you'll never pay more"
            " than fifty pounds in late fees for that month.",
            "Late payment. A late fee of £5 a day is added from the day after your payment is"
            " due. Late fees are capped at £50 a month.",
        ),
    ],
)
def test_the_same_measures_said_again_in_other_words_restate_them(query, response, source):
    result = judge(query, response, source)
    assert self_distinctness(result) == 0.5
    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("What are the fees?", "The joining fee is £25. A replacement card costs £25."),
        (
            "How long does delivery take?",
            "Standard delivery takes 3 days. Returns are collected within 3 days of your request.",
        ),
        (
            "What happens if my plot is untidy?",
            "At an inspection you'd first get a 28-day warning letter. If nothing changes, the"
            " tenancy ends 28 days after that.",
        ),
    ],
)
def test_one_measure_of_two_different_things_is_two_facts(query, response):
    assert self_distinctness(judge(query, response, "Help. " + response)) == 1.0


@pytest.mark.parametrize(
    ("text", "denies"),
    [
        ("You'll never pay more than thirty pounds in idle fees.", False),
        ("Young pups won't join a group walk until they're half a year old.", False),
        ("Bags can't weigh more than 23kg.", False),
        ("Refunds aren't given after 30 days.", False),
        ("Refunds aren't given for sale items.", True),
        ("Pets aren't allowed in the cabins.", True),
    ],
)
def test_a_denial_of_going_past_a_value_states_the_limit(text, denies):
    from audits.judges.offline.redundancy import limit_polarity

    (fact,) = split_response(text).facts
    assert limit_polarity(fact) is denies


def test_denying_a_claim_past_a_value_is_no_restatement_of_it():
    from audits.judges.offline.redundancy import same_measures

    given, denied = split_response(
        "Refunds are given after 30 days. Refunds aren't given after 30 days."
    ).facts
    assert not same_measures(denied, given)
    capped, never_more = split_response(
        "Late fees are capped at £50. You'll never pay more than £50 in late fees."
    ).facts
    assert same_measures(never_more, capped)


def test_a_negated_fact_says_the_negated_clause_of_its_sentence():
    result = judge(
        "Can I renew DVDs?",
        "DVDs cannot be renewed. There's no way to extend a DVD loan.",
        "Loans. Books can be borrowed for 3 weeks and renewed twice online. DVDs are loaned for"
        " 1 week and cannot be renewed. Overdue books cost 20p a day.",
    )
    assert self_distinctness(result) == 0.5


def test_younger_than_a_person_is_a_comparison_not_an_age_limit():
    from kbaudit.text.tokens import content_stems

    assert "younger" in content_stems("Cornel West is younger than Elytis.")
    assert "younger" not in content_stems("Drivers younger than 21 cannot rent.")


# --- Wishes, courtesies carried on by a conjunction, remarks naming the article -------

BOAT_HIRE = (
    "Boat hire. Rowing boats cost £12 an hour and take up to 4 people. "
    "Life jackets are provided free and must be worn by children under 12."
)


@pytest.mark.parametrize(
    "response",
    [
        "Great question, and welcome aboard! Rowing boats cost £12 an hour.",
        "Rowing boats cost £12 an hour. Hope the weather stays dry for you!",
        "Rowing boats cost £12 an hour. So hope your trip on the lake goes well.",
        "According to the boat hire page, rowing boats cost £12 an hour.",
    ],
)
def test_wishes_and_courtesies_around_a_supported_fact_are_not_facts(response):
    result = judge("How much is a rowing boat?", response, BOAT_HIRE)

    assert result.facts == ["Rowing boats cost £12 an hour."] or result.facts == [
        "rowing boats cost £12 an hour."
    ]
    assert groundedness(result) == 1.0


def test_a_claim_for_every_case_contradicts_the_case_the_source_denies():
    source = (
        "Watersports. Sea kayaks cost £15 an hour. "
        "Sea kayaks are not available for children under 10."
    )
    result = judge(
        "Can my 7-year-old take out a sea kayak?",
        "Sea kayaks are available for guests of any age.",
        source,
    )

    assert [problem.reason for problem in result.unsupported] == ["contradicts_source"]
    assert (result.verdict, result.cause) == ("insufficient", "contradictory")


def test_a_claim_for_every_case_stands_where_the_source_denies_nothing():
    source = "Watersports. Sea kayaks cost £15 an hour and are available for guests of all ages."
    result = judge(
        "Who can take out a sea kayak?",
        "Sea kayaks are available for guests of any age.",
        source,
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "courtesy",
    [
        "Have a fantastic holiday!",
        "Happy paddling!",
        "What a lovely way to spend a day!",
        "Congratulations on the new boat!",
        "Kind regards, the Lakeside team.",
        "We look forward to seeing you on the water!",
        "That must be so frustrating.",
        "We're sorry for the confusion.",
        "We appreciate your patience.",
        "Rest assured, we're here for you.",
        "Here's what you need to know.",
        "It's lovely to hear from you.",
        "The hire page explains this in more detail.",
        "Happy paddling, and see you soon!",
        "Glad I could help.",
        "It was a pleasure helping you.",
        "I'm here if you need anything more.",
        "Don't hesitate to get back to me.",
        "Any other questions, just shout!",
        "You're all set!",
        "Stay dry out there!",
    ],
)
def test_courtesies_are_known_by_their_shape(courtesy):
    result = judge(
        "How much is a rowing boat?", f"{courtesy} Rowing boats cost £12 an hour.", BOAT_HIRE
    )

    assert result.facts == ["Rowing boats cost £12 an hour."]
    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "claim",
    [
        "We're sorry that life jackets are not provided.",
        "Don't worry, you won't be charged for life jackets.",
        "This must be booked in person.",
        "The hire page explains that life jackets are optional.",
    ],
)
def test_a_claim_in_a_courteous_shape_is_still_a_claim(claim):
    result = judge("Do I need to pay for life jackets?", claim, BOAT_HIRE)

    assert result.facts


# --- The "not" of a leading case is not the claim's -----------------------------------

FLOWER_DELIVERY = (
    "Flower delivery. Bouquets are delivered between 9am and 5pm. Deliveries that include a "
    "live plant cannot be left on the doorstep. If you are not home, bouquets can be left "
    "with a neighbour."
)


def test_a_negated_case_before_the_claim_leaves_the_claim_affirmative():
    result = judge(
        "Can you leave my live plant order outside if I'm out?",
        "When you're not home, a delivery with a live plant can be left on the doorstep.",
        FLOWER_DELIVERY,
    )

    assert [problem.reason for problem in result.unsupported] == ["contradicts_source"]


def test_the_same_negated_case_as_the_source_states_is_read_as_the_source_reads_it():
    result = judge(
        "What happens if I'm out?",
        "If you're not home, bouquets can be left with a neighbour.",
        FLOWER_DELIVERY,
    )

    assert groundedness(result) == 1.0


# --- Lookups, signposts, sympathy and the question told back ---------------------------

HOTEL_PARKING = (
    "Parking. Parking at the Leeds hotel costs £18 per night. Electric car charging is free"
    " for guests staying 2 nights or more."
)
PARKING_CLAIM = "Parking at the Leeds hotel costs £18 per night."


@pytest.mark.parametrize(
    "courtesy",
    [
        "I've pulled up our parking rules for you.",
        "Let me just look that up…",
        "One moment while I check.",
        "I know how annoying that can be.",
        "I totally get it.",
        "It sounds like you want to change your booking.",
        "I'm sorry the upgrade didn't go as planned.",
        "Feel free to reply here if the form gives you trouble.",
        "You're very welcome!",
        "Some good news for you!",
    ],
)
def test_lookups_waits_sympathy_and_invitations_are_not_facts(courtesy):
    result = judge("How much is parking in Leeds?", f"{courtesy} {PARKING_CLAIM}", HOTEL_PARKING)
    assert result.facts == [PARKING_CLAIM]
    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "opener",
    [
        "I went through our parking page, and ",
        "I looked into this for you: ",
        "If I'm reading this right, ",
        "Right, here's what I found: ",
        "Here's a quick rundown for you: ",
        "In a nutshell: ",
        "Going by our parking policy, ",
        "Unfortunately ",
    ],
)
def test_a_lookup_hedge_or_signpost_before_the_claim_is_set_apart(opener):
    response = opener + PARKING_CLAIM[0].lower() + PARKING_CLAIM[1:]
    facts = [fact.text.lower() for fact in split_response(response).facts]
    assert facts == [PARKING_CLAIM.lower()]


@pytest.mark.parametrize(
    "response",
    [
        "Here's a short summary for you: parking at the Leeds hotel is free.",
        "Let me explain: parking at the Leeds hotel is free.",
        "Here's the answer you need: parking at the Leeds hotel is free.",
        "Let me walk you through it: parking at the Leeds hotel is free.",
    ],
)
def test_a_signpost_does_not_carry_away_the_claim_after_its_colon(response):
    result = judge("How much is parking in Leeds?", response, HOTEL_PARKING)
    assert result.facts
    assert groundedness(result) == 0.0


@pytest.mark.parametrize(
    "response",
    [
        "I checked that parking at the Leeds hotel is free.",
        "I've checked your booking and parking is included.",
    ],
)
def test_a_lookup_that_goes_on_to_say_something_is_a_claim(response):
    assert split_response(response).facts


@pytest.mark.parametrize(
    "closing",
    [
        "That's the gist of it.",
        "This is only a quick overview, so the parking page has more details.",
        "Just reply here if you need more help.",
        "Let me know how you get on.",
        "If that doesn't answer it, let me know.",
        "You can always come back to me with more questions.",
        "I'm happy to go through it again if that's easier.",
    ],
)
def test_closings_after_the_claim_are_not_facts(closing):
    result = judge("How much is parking in Leeds?", f"{PARKING_CLAIM} {closing}", HOTEL_PARKING)
    assert result.facts == [PARKING_CLAIM]
    assert groundedness(result) == 1.0


def test_a_comma_splice_joins_two_statements_each_its_own_fact():
    parts = split_response("The museum opens at 9am on weekdays, it is free on Sundays.")
    assert [fact.text for fact in parts.facts] == [
        "The museum opens at 9am on weekdays",
        "it is free on Sundays.",
    ]


def test_a_clause_spliced_on_with_a_comma_is_checked_on_its_own():
    source = "The present Eddystone Lighthouse was designed by James Douglass."
    response = "The present lighthouse was designed by James Douglass, there are seals there too."
    assert groundedness(judge("Where is it?", response, source)) == 0.5


@pytest.mark.parametrize(
    ("source", "response"),
    [
        (
            "The Forth Bridge is regarded as a symbol of Scotland.",
            "The Forth Bridge is considered a symbol of Scotland.",
        ),
        (
            "The Hollow Pines have existed since 1994.",
            "The Hollow Pines have been around since 1994.",
        ),
        ("Bodiam Castle was built in 1385.", "Bodiam Castle dates back to 1385."),
    ],
)
def test_plain_english_said_otherwise_is_the_same_statement(source, response):
    assert groundedness(judge("Tell me more.", response, source)) == 1.0


def test_a_title_in_quotes_is_no_first_person_speaking():
    source = 'Their song "Call Me When You Land" topped the charts in 2004.'
    response = 'their song "call me when you land" topped the charts in 2004.'
    assert groundedness(judge("Any hits?", response, source)) == 1.0


@pytest.mark.parametrize(
    "response",
    [
        "haha, James Douglass designed it.",
        "James Douglass designed it lol",
        "James Douglass designed it, hehe.",
    ],
)
def test_laughter_is_no_word_of_the_claim(response):
    source = "The tower was designed by James Douglass."
    assert groundedness(judge("Who built it?", response, source)) == 1.0


@pytest.mark.parametrize(
    ("response", "facts"),
    [
        ("Well, no. Refunds take 5 days.", ["Refunds take 5 days."]),
        ("Interesting. Refunds take 5 days.", ["Refunds take 5 days."]),
        ("Refunds take 5 days. lol", ["Refunds take 5 days."]),
        ("Refunds take 5 days, haha", ["Refunds take 5 days"]),
    ],
)
def test_interjections_and_bare_remarks_around_a_claim_are_not_facts(response, facts):
    assert [fact.text for fact in split_response(response).facts] == facts


@pytest.mark.parametrize(
    "response",
    [
        "You know, refunds take 5 days.",
        "I mean, refunds take 5 days.",
        "Apparently refunds take 5 days.",
        "Fun fact: refunds take 5 days.",
        "did you know refunds take 5 days",
    ],
)
def test_a_discourse_marker_before_a_claim_is_no_part_of_it(response):
    facts = [fact.text.lower().rstrip(".") for fact in split_response(response).facts]
    assert facts == ["refunds take 5 days"]


# --- Paraphrases of a requirement, a price of nothing, a frozen membership -------------

COUNCIL_PERMITS = (
    "Resident parking permits. Proof of address is required when you apply. "
    "Permits for a second car cost £60 a year. "
    "Permits for electric cars are free. Annual permits cannot be paused."
)


@pytest.mark.parametrize(
    "response",
    [
        "Please bring proof of address when you apply.",
        "You'll need to send proof of address when you apply.",
        "Make sure you provide proof of address when you apply.",
    ],
)
def test_telling_the_customer_to_meet_a_requirement_restates_it(response):
    result = judge("What do I need to apply for a permit?", response, COUNCIL_PERMITS)

    assert groundedness(result) == 1.0


def test_the_words_of_a_free_price_are_the_value_not_a_claim():
    result = judge(
        "What does a permit for an electric car cost?",
        "A permit for an electric car won't cost you a penny.",
        COUNCIL_PERMITS,
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "response",
    [
        "I'm afraid a permit that's paid annually can't be put on hold.",
        "No, an annual permit can't be put on hold.",
    ],
)
def test_a_paused_or_on_hold_permit_is_one_thing(response):
    result = judge("Can I pause my annual permit?", response, COUNCIL_PERMITS)

    assert groundedness(result) == 1.0


def test_on_hold_said_the_other_way_round_is_still_flagged():
    result = judge(
        "Can I pause my annual permit?",
        "Yes, annual permits can be put on hold whenever you like.",
        COUNCIL_PERMITS,
    )

    assert result.verdict == "insufficient"


def test_devices_at_the_same_time_restates_devices_at_once():
    result = judge(
        "How many tablets can use the school licence?",
        "Up to five tablets can use it at the same time.",
        "School licences. A school licence covers up to 5 tablets at once. Extra tablets cost "
        "£4 each a year.",
    )

    assert groundedness(result) == 1.0


def test_a_landlord_who_agreed_has_given_permission():
    result = judge(
        "I rent. Can I have a dog?",
        "Yes, as long as your landlord has agreed.",
        "Pets in rented homes. Tenants may keep a dog with the landlord's permission.",
    )

    assert groundedness(result) == 1.0


# --- When "while" says when; two denials of one sentence ---------------------------------


def test_while_without_a_comma_says_when_and_stays_in_its_fact():
    parts = split_response("Dogs aren't allowed on the beach while the lifeguards are on duty.")

    assert [fact.text for fact in parts.facts] == [
        "Dogs aren't allowed on the beach while the lifeguards are on duty."
    ]


def test_a_two_word_claim_the_source_both_denies_and_affirms_is_not_a_contradiction():
    result = judge(
        "Can I still wash my bike during the drought order?",
        "You can still use a bucket.",
        "Drought order. During a drought order you may not use a pressure washer or a bucket "
        "of mains water on vehicles, boats or patios. You can still use a bucket of rainwater.",
    )

    assert groundedness(result) == 1.0


def test_two_denials_of_two_clauses_of_one_sentence_are_two_facts():
    result = judge(
        "What happens while my library card is paused?",
        "You aren't billed while it's paused. You can't borrow anything during the pause.",
        "Pausing your library card. While it is paused you are not billed and cannot borrow; "
        "your loans and reservations are kept.",
    )

    assert result.metrics()["self_distinctness"] == 1.0


# --- Sympathy and good news around a claim; a threshold is no comparison ------------------

PARKING_REFUNDS = (
    "Car park refunds. If the barrier holds you for more than 10 minutes, you get a free "
    "hour next time. Stays more than 30 minutes late because of a barrier fault are "
    "refunded in full."
)


@pytest.mark.parametrize(
    "sympathy",
    [
        "Oh no, sorry your exit was held up, that's really frustrating!",
        "Waiting like that, that's really annoying!",
        "Oh no, sorry, that's so frustrating!",
    ],
)
def test_sympathy_with_the_customers_case_is_no_claim(sympathy):
    result = judge(
        "The barrier kept me waiting. Do I get anything?",
        f"{sympathy} If the barrier held you for more than 10 minutes, you get a free hour "
        "next time.",
        PARKING_REFUNDS,
    )

    assert len(result.facts) == 1
    assert groundedness(result) == 1.0


def test_good_news_though_opens_the_claim_it_announces():
    parts = split_response("Good news though: stays are refunded in full.")

    assert [fact.text for fact in parts.facts] == ["stays are refunded in full."]


def test_a_threshold_borrowed_from_another_case_is_flagged_inside_pleasantries():
    result = judge(
        "The barrier kept me 15 minutes. Is my stay refunded?",
        "Sorry you were kept waiting! Good news though: stays more than 10 minutes late are "
        "refunded in full.",
        PARKING_REFUNDS,
    )

    assert result.verdict == "insufficient"
    assert groundedness(result) == 0.0


# --- Remarks introducing a claim, and courtesies around one ------------------------------

LIBRARY_FINES = (
    "Overdue items. Adult books are charged 25p a day when overdue. Children's books have "
    "no overdue charges."
)
INTRODUCED = [
    "The passage explains that {claim}",
    "I can confirm that {claim}",
    "Just so you know, {claim}",
    "It looks like {claim}",
    "As per our policy, {claim}",
    "Looking at the information provided, {claim}",
    "No problem at all - {claim}",
    "Glad you asked! {claim} That's all there is to it.",
]


@pytest.mark.parametrize("wrapper", INTRODUCED)
def test_a_remark_introducing_a_supported_claim_is_set_aside(wrapper):
    result = judge(
        "How much is the fine on an adult book?",
        wrapper.format(claim="adult books are charged 25p a day when overdue."),
        LIBRARY_FINES,
    )

    assert len(result.facts) == 1
    assert groundedness(result) == 1.0


@pytest.mark.parametrize("wrapper", INTRODUCED)
def test_a_remark_introducing_an_unsupported_claim_leaves_it_checked(wrapper):
    result = judge(
        "How much is the fine on an adult book?",
        wrapper.format(claim="adult books are charged 50p a day when overdue."),
        LIBRARY_FINES,
    )

    assert result.verdict == "insufficient"
    assert groundedness(result) == 0.0


def test_a_short_value_inside_a_courtesy_is_still_a_claim():
    result = judge(
        "How much is the fine on an adult book?",
        "You're welcome, it's 50p a day!",
        LIBRARY_FINES,
    )

    assert result.facts
    assert result.verdict == "insufficient"


# --- Read-only, amounts said in words, requirements and frequencies -------------------------

SHARED_BOARD = (
    "Board sharing. Viewers have read-only access to the project board. Editors can add and "
    "move cards."
)


@pytest.mark.parametrize(
    "response",
    [
        "Viewers can look at the project board but can't edit it.",
        "They can see the project board, but they can't make changes to it.",
    ],
)
def test_looking_but_not_editing_restates_read_only(response):
    result = judge("Can viewers change the project board?", response, SHARED_BOARD)

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    "response",
    ["Yes, viewers can edit the project board.", "No, viewers can't see the project board."],
)
def test_read_only_said_wrong_either_way_is_flagged(response):
    result = judge("Can viewers change the project board?", response, SHARED_BOARD)

    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("response", "source"),
    [
        ("A swim card is £7.50.", "Swim cards. A swim card costs seven pounds fifty."),
        ("Remember to take photo ID with you.", "Joining. Photo ID is required when you join."),
        ("No booking is needed.", "Open swim. Bookings are not required for open swim sessions."),
        ("You can change your lane once a month.", "Lanes. You can change lane once per month."),
        ("You must be at least eighteen.", "Gym floor. Members must be 18 or over."),
    ],
)
def test_a_value_or_rule_in_other_words_is_supported(response, source):
    assert groundedness(judge("What's the rule?", response, source)) == 1.0


@pytest.mark.parametrize(
    "response",
    ["Parking costs nothing for guests.", "Guests won't be charged for parking."],
)
def test_each_way_of_saying_free_restates_free(response):
    result = judge("Is parking free?", response, "Parking. Parking is free for hotel guests.")

    assert groundedness(result) == 1.0


def test_shuts_restates_closes():
    result = judge(
        "When does the pool close?", "It shuts at ten at night.", "Pool. The pool closes at 10pm."
    )

    assert groundedness(result) == 1.0


def test_a_summary_giving_again_the_values_of_two_facts_restates_them():
    result = judge(
        "How do returns work?",
        "You can return items within 30 days of delivery. Refunds reach your original payment "
        "method within 5 working days. In short: 30 days to return, 5 working days for the "
        "refund.",
        "Returns. You can return most items within 30 days of delivery. Refunds go back to "
        "your original payment method within 5 working days.",
    )

    assert result.matches.redundant_of == [None, None, 0]
    assert result.verdict == "sufficient"


def test_two_facts_each_giving_one_value_of_a_third_thing_are_not_its_summary():
    result = judge(
        "What do loans cost?",
        "Books are loaned for 3 weeks. Late books cost 20p a day. Laptops are loaned for 3 "
        "weeks at 20p a day.",
        "Loans. Books are loaned for 3 weeks; late books cost 20p a day. Laptops are loaned "
        "for 3 weeks at 20p a day.",
    )

    assert result.metrics()["self_distinctness"] == 1.0


def test_a_window_to_get_in_touch_within_is_a_claim_not_a_redirect():
    parts = split_response(
        "If a parcel arrives damaged, get in touch within 14 days and we'll replace it."
    )

    assert [fact.text for fact in parts.facts][0].startswith("If a parcel arrives damaged")


def test_a_phone_number_to_call_stays_a_redirect():
    parts = split_response("Please call our support team on 0800 123 4567.")

    assert parts.facts == []


def test_based_on_what_i_can_see_in_a_page_is_no_claim():
    parts = split_response("Based on what I can see in our policy, check-out is by 11am.")

    assert [fact.text for fact in parts.facts] == ["Check-out is by 11am."]


def test_a_free_price_still_claims_what_it_is_the_price_of():
    result = judge(
        "Is there a restocking fee?",
        "There is no restocking fee.",
        "Returns. You can return most items within 30 days of delivery.",
    )

    assert groundedness(result) == 0.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        ("You can hang on to a map for two weeks.", "Map loans. You can keep maps for 14 days."),
        ("You can borrow maps for two weeks.", "Map loans. Maps are loaned for 14 days."),
        (
            "If the locker is full, we'll have another go the next day.",
            "Locker delivery. If the locker is full, we try again the next day.",
        ),
    ],
)
def test_everyday_wordings_of_loans_and_retries_meet_the_source(response, source):
    assert groundedness(judge("What's the rule?", response, source)) == 1.0


def test_identification_with_a_picture_is_photo_id():
    result = judge(
        "Do I need ID to collect a parcel?",
        "Yes, bring identification with your picture on it.",
        "Collecting a parcel. Photo ID is needed to collect a parcel.",
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "The windmill is one of the most important landmarks of the county.",
            "The windmill is one of the most significant landmarks of the county.",
        ),
        (
            "The old quarry was utilised for storing grain.",
            "The old quarry was used for storing grain.",
        ),
        ("The museum is situated beside the marina.", "The museum is located beside the marina."),
        ("It is the biggest lake in the province.", "It is the largest lake in the province."),
        ("The festival was created by local folk.", "The festival was made by local people."),
        ("Its earliest album sold well.", "Its first album sold well."),
        ("There are a number of ferry routes.", "There are several ferry routes."),
    ],
)
def test_plain_english_synonyms_meet_the_passages_word(response, source):
    assert groundedness(judge("Tell me about it.", response, source)) == 1.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        ("Yes, the price goes up in May.", "Prices. The price rises in May."),
        (
            "We'll let you know by email once the repair is finished.",
            "Repairs. We tell you by email once the repair is finished.",
        ),
        (
            "The deposit is refunded to the card you paid with.",
            "Deposits. The deposit is refunded to the original card within 3 days.",
        ),
    ],
)
def test_help_centre_verbs_said_the_plain_way_meet_the_articles(response, source):
    assert groundedness(judge("Tell me more.", response, source)) == 1.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "You'll need a driver who's 21 or older to collect the van.",
            "Van hire. A driver aged 21 or over must collect the van.",
        ),
        (
            "Boilers older than ten years don't need a yearly service visit.",
            "Servicing. Boilers that are more than 10 years old don't need a yearly service"
            " visit. Every other boiler needs one.",
        ),
    ],
)
def test_an_age_said_as_a_comparison_meets_the_stated_age(response, source):
    assert groundedness(judge("Tell me more.", response, source)) == 1.0


def test_an_age_said_as_a_comparison_is_still_checked():
    result = judge(
        "Who can collect the van?",
        "You'll need a driver who's 18 or older to collect the van.",
        "Van hire. A driver aged 21 or over must collect the van.",
    )

    assert groundedness(result) == 0.0


def test_non_refundable_restates_cannot_be_refunded():
    source = "Course fees. Deposits cannot be refunded. The balance is due a week before."

    said = judge("Can I get my deposit back?", "No, deposits are non-refundable.", source)
    flipped = judge("Can I get my deposit back?", "Yes, deposits are refundable.", source)

    assert groundedness(said) == 1.0
    assert groundedness(flipped) == 0.0


@pytest.mark.parametrize(
    "response",
    [
        "Unused minutes carry over to the next month.",
        "Unused minutes are carried into the next month.",
    ],
)
def test_carrying_over_is_rolling_over(response):
    source = "Allowances. Unused minutes roll over to the next month. Data does not."
    assert groundedness(judge("Do unused minutes roll over?", response, source)) == 1.0


@pytest.mark.parametrize(
    ("question", "response", "source"),
    [
        (
            "Can I bring my rabbit?",
            "Cats, dogs and rabbits are welcome in garden rooms.",
            "Pets. Cats and dogs are welcome in garden rooms only. Rabbits can stay in the"
            " kennels for £5 a night.",
        ),
        (
            "Which sizes come in blue?",
            "The jacket comes in blue in small, medium and large.",
            "Colours. The jacket comes in blue in small and medium only. Large is available"
            " in black.",
        ),
    ],
)
def test_a_list_restated_with_an_item_more_is_not_the_sources(question, response, source):
    assert groundedness(judge(question, response, source)) == 0.0


def test_a_list_restated_in_another_order_is_the_sources():
    result = judge(
        "Can I bring my dog?",
        "Dogs and cats are welcome in garden rooms.",
        "Pets. Cats and dogs are welcome in garden rooms only. Rabbits can stay in the kennels.",
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "You can rearrange the fitting online.",
            "Kitchen fittings. You can move the fitting online.",
        ),
        (
            "You can reschedule the fitting online.",
            "Kitchen fittings. You can move the fitting online.",
        ),
    ],
)
def test_rearranging_or_rescheduling_an_appointment_moves_it(response, source):
    assert groundedness(judge("Can I change my fitting date?", response, source)) == 1.0


@pytest.mark.parametrize(
    "response",
    [
        "If an event is postponed, we move your ticket to the new date but refund it.",
        "If an event is postponed, tickets move to the new date but are refunded.",
    ],
)
def test_granting_what_the_source_does_without_contradicts_it(response):
    source = (
        "Postponed events. If an event is postponed, tickets move to the new date without"
        " a refund. Cancelled events are refunded in full."
    )
    assert groundedness(judge("What if my event is postponed?", response, source)) == 0.0


def test_denying_what_the_source_does_without_restates_it():
    result = judge(
        "What if my event is postponed?",
        "If an event is postponed, your ticket moves to the new date, but there's no refund.",
        "Postponed events. If an event is postponed, tickets move to the new date without"
        " a refund. Cancelled events are refunded in full.",
    )

    assert groundedness(result) == 1.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "Games have to be unopened to be exchanged.",
            "Exchanges. Games can't be exchanged once they have been opened.",
        ),
        (
            "Vouchers must be handed back unredeemed.",
            "Vouchers. Vouchers that have been redeemed can't be handed back.",
        ),
    ],
)
def test_a_negative_said_positively_with_un_restates_the_rule(response, source):
    assert groundedness(judge("Can I exchange it?", response, source)) == 1.0


def test_the_opposite_of_an_un_condition_is_still_flagged():
    result = judge(
        "Can I exchange it?",
        "Yes, opened games can be exchanged.",
        "Exchanges. Games can't be exchanged once they have been opened.",
    )

    assert groundedness(result) == 0.0


# --- A prohibition is a denial of what is allowed -------------------------------------

CAMPSITE = (
    "Site rules. Open fires are prohibited on every pitch. Dogs are banned from the "
    "shower blocks. Campers are forbidden from driving on the site after 11pm. The "
    "warden forbids generators near the lake."
)


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("Can we have a campfire?", "No, open fires aren't allowed on the pitches."),
        ("Can my dog come into the shower block?", "Dogs are not allowed in the shower blocks."),
        ("Can we run a generator by the lake?", "No, generators near the lake are not allowed."),
    ],
)
def test_a_prohibition_restated_as_not_allowed_is_the_rule(query, response):
    assert groundedness(judge(query, response, CAMPSITE)) == 1.0


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("Can we have a campfire?", "Yes, open fires are allowed on the pitches."),
        ("Can my dog come into the shower block?", "Dogs are allowed in the shower blocks."),
    ],
)
def test_allowing_what_the_rules_prohibit_contradicts_them(query, response):
    result = judge(query, response, CAMPSITE)

    assert groundedness(result) == 0.0
    assert [fact.reason for fact in result.unsupported] == ["contradicts_source"]


# --- A count joined to its noun by a hyphen names a kind -------------------------------


def test_a_hyphened_count_in_a_name_does_not_anchor_words_added_around_it():
    # "ten-pin" names the game; it is no value of the passage's that would excuse
    # "traditional kind of" as loose wording around it.
    result = judge(
        "What can we play at the alley?",
        "Ten-pin bowling is the traditional kind of bowling played at the alley.",
        "Ten-pin bowling is a bowling variant played at the alley, alone or in leagues.",
    )

    assert groundedness(result) == 0.0


# --- Read again by meaning -----------------------------------------------------------

PARAPHRASED = "Cardholders are able to check out as many as 10 titles simultaneously."


def test_a_fact_read_again_by_meaning_is_weighed_not_checked_again(monkeypatch):
    """The checks found nothing wrong with the fact's values, names or polarity the first
    time; reading it by meaning only weighs its words and meaning again."""
    from audits.judges.offline import support

    checked, weighed = [], []
    check, weigh = support.value_problem, support._word_support

    def counted_check(fact, *args, **kwargs):
        checked.append(fact.text)
        return check(fact, *args, **kwargs)

    def counted_weighing(fact, sources, query, similarity=(), aligned=()):
        weighed.append(bool(similarity))
        return weigh(fact, sources, query, similarity, aligned)

    monkeypatch.setattr(support, "value_problem", counted_check)
    monkeypatch.setattr(support, "_word_support", counted_weighing)
    judge(
        "How many books can I borrow?", PARAPHRASED, "Members may borrow up to 10 books at a time."
    )

    assert checked == [PARAPHRASED]
    assert weighed == [False, True]
