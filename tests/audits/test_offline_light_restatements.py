"""The offline judge on restatements whose extra words say nothing of their own: a trial
is a go at trying ("60 days to try them" of "a 60-day trial"), a sum "less" a fee
excepts the fee, "sort out" a thing gets it for the customer, "in that time" points back
to the window said before; a case both sides state ("If they don't, ...") is not the
claim's polarity on either side; and a bare fact stating a value the way one sentence
does ("It takes about an hour") has no rival in a sentence the question's words favour."""

from __future__ import annotations

from kbaudit.text.tokens import content_stems
from tests.helpers import offline_grade
from tests.helpers import offline_judge as judge


def test_a_trial_is_a_go_at_trying():
    assert content_stems("a 14-day trial") == content_stems("14 days to try")
    assert content_stems("Start your free trial") == content_stems("Start your free try")


def test_less_before_an_amount_excepts_it():
    assert "except" in content_stems("the full price less a £25 admin fee")
    assert "except" in content_stems("your deposit less 10%")
    # A comparison keeps its word.
    assert "less" in content_stems("It costs less than £5.")
    assert "except" not in content_stems("It costs less than £5.")


def test_sorting_out_gets_the_thing_sorted():
    assert content_stems("we'll sort out a new kit") == content_stems("we'll get a new kit")
    assert "sort" not in content_stems("We'll sort you out with a spare key.")


def test_a_time_pointing_back_adds_no_word():
    assert content_stems("Cancel in that time") == content_stems("Cancel then")
    assert content_stems("within the same period") == content_stems("then")
    # A time of its own keeps its words.
    assert "tim" in content_stems("Arrive in good time.")


TRIAL = (
    "Trial and returns. Every mattress comes with a 100-night trial. If you return it "
    "within the 100 nights, we refund the full price less a £50 collection fee. After "
    "100 nights we can't take it back."
)


def test_a_trial_restated_in_other_words_is_supported():
    result = judge(
        "How long can I test the mattress before deciding?",
        "You've got 100 nights to try it. Send it back in that time and you'll get "
        "everything back apart from the £50 collection fee.",
        TRIAL,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


GUARANTEE = (
    "Plant guarantee. Houseplants are guaranteed to thrive for 30 days from delivery. If "
    "they don't, send us a photo within 30 days of delivery and we'll replace them or "
    "refund the plant price. Delivery charges aren't refunded."
)


def test_a_case_both_sides_state_keeps_the_claim_affirmed():
    result = judge(
        "What if my plant dies?",
        "If they don't, just send us a photo and we'll sort out a replacement or a refund.",
        GUARANTEE,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_the_same_case_with_the_claim_denied_contradicts():
    result = judge(
        "What if my plant dies?",
        "If they don't, we can't replace them or refund the plant price.",
        GUARANTEE,
    )

    assert result.metrics()["groundedness"] < 1.0


EYE_TESTS = (
    "Eye tests. An eye test is free for anyone aged 60 and over; under 60 it costs £25, "
    "which is taken off the price if you buy glasses from us within 30 days. A test "
    "takes about 40 minutes."
)


def test_a_bare_value_said_as_one_sentence_says_it_has_no_rival():
    result = judge(
        "I'm 72, do I pay for an eye test?",
        "As you're over 60, your eye test is free. It takes about 40 minutes.",
        EYE_TESTS,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_a_bare_value_no_sentence_says_is_still_flagged():
    result = judge(
        "I'm 72, do I pay for an eye test?",
        "As you're over 60, your eye test is free. It takes about 90 minutes.",
        EYE_TESTS,
    )

    assert result.metrics()["groundedness"] < 1.0


def test_a_request_put_as_a_help_is_a_request():
    assert content_stems("It helps if you give us your booking reference") == content_stems(
        "Please give us your booking reference"
    )
    assert content_stems("It would be helpful to bring your card") == content_stems(
        "Please bring your card"
    )
    # Help that is the claim keeps its word.
    assert "help" in content_stems("Sunscreen helps protect your skin.")


NOBODY_HOME = (
    "If you're out. If nobody is in, the courier leaves the parcel with a neighbour and "
    "puts a card through the door. If no neighbour can take it, the parcel goes back to "
    "the depot and we redeliver the next working day. It helps if you give us a phone "
    "number for the recipient."
)


def test_a_rule_for_a_case_said_with_nobody_is_no_denial_of_the_case():
    result = judge(
        "What happens if nobody's in when the courier comes?",
        "The courier leaves the parcel with a neighbour and puts a card through the door. "
        "It helps if you give us a phone number for the recipient.",
        NOBODY_HOME,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_the_bot_listing_what_it_can_help_with_is_no_claim():
    result = offline_grade(
        "What's the weather going to be like in Leeds tomorrow?",
        "Sorry, I can't help with weather forecasts. I can answer questions about Brightway "
        "parking permits: who can apply, paying, renewing and replacing a lost permit.",
        "Help with Brightway Council parking permits.",
    )

    assert result.facts == []
    assert result.verdict == "sufficient"


def test_a_claim_after_the_bot_says_what_it_helps_with_is_still_a_claim():
    result = judge(
        "How much is a resident permit?",
        "I can help with permits: a resident permit costs £60 a year.",
        "Permit prices. A resident permit costs £40 a year.",
    )

    assert result.facts
    assert result.metrics()["groundedness"] < 1.0


def test_the_bot_keeping_to_its_topics_declines():
    from kbaudit.text.dialogue import piece_kind

    assert (
        piece_kind("I can only help with parking permits: applying, paying and renewing.")
        == "refusal"
    )
    assert (
        piece_kind("I can help with parking permits: applying, paying and renewing.")
        == "pleasantry"
    )


def test_add_keeps_its_letters_in_every_form():
    from kbaudit.text.tokens import stem

    assert stem("added") == stem("adding") == stem("add") == "add"
    assert stem("padded") == "pad"
    assert stem("planned") == "plan"


def test_a_detail_said_with_added_is_supported():
    result = judge(
        "Can I get breakdown cover on my car plan?",
        "Breakdown cover is £4 a month, and you can add it at any time during your plan.",
        "Breakdown cover. Breakdown cover costs £4 a month and can be added at any time "
        "during your plan.",
    )

    assert result.metrics()["groundedness"] == 1.0


def test_the_excess_asked_for_is_a_sum_to_pay():
    from audits.judges.offline.questions import split_sub_queries

    (part,) = split_sub_queries("What's the excess if my bike is stolen?")
    assert part.expects == "amount"
    (part,) = split_sub_queries("What is the excess baggage limit?")
    assert part.expects != "amount"


GADGET_COVER = (
    "Gadget cover. Gadget cover costs £7 a month per device and can be added at any time "
    "during your contract. With cover, a stolen or broken phone is replaced for a £75 "
    "excess, up to two claims a year."
)


def test_the_excess_left_out_of_a_two_part_answer_is_partial():
    result = judge(
        "How much is gadget cover, and what's the excess if my phone is stolen?",
        "Gadget cover is £7 a month per device, and you can add it at any time during your "
        "contract.",
        GADGET_COVER,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "partial"


REFUNDS = (
    "Damaged orders. If your order arrives damaged, send us a photo within 7 days of "
    "delivery and we'll replace it or refund the item price. Postage costs aren't "
    "refunded."
)


def test_a_thing_added_with_as_well_as_is_claimed_on_its_own():
    result = judge(
        "My vase arrived broken. Do I get the postage back too?",
        "Yes, we refund the postage costs as well as the item price when an order arrives damaged.",
        REFUNDS,
    )

    assert result.verdict == "insufficient"
    assert result.metrics()["groundedness"] < 1.0


def test_both_things_the_source_refunds_are_supported():
    result = judge(
        "My vase arrived broken. What do I get back?",
        "We'll replace it, or refund the item price, if you send us a photo within 7 days "
        "of delivery.",
        REFUNDS,
    )

    assert result.metrics()["groundedness"] == 1.0
