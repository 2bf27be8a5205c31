"""The offline judge on hand-written help-centre triplets (SPEC §3 and §7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from audits.judges.base import JudgeInput, JudgeResult, KnowledgeBaseProfile, SourceText
from audits.judges.offline import (
    OfflineJudge,
    has_question,
    is_decline,
    is_small_talk,
    not_knowing_reason,
    profile_from_texts,
    quotes_not_in_sources,
)

DOMAIN = (
    "Customer help for Brightcart, an online electronics and home goods store: "
    "orders, shipping, returns, payments, accounts"
)
RETURNS = (
    "Returns policy",
    "You can return most items within 30 days of delivery. If we shipped the wrong item, "
    "you have 45 days.",
)
NEWSLETTER = (
    "Newsletter",
    "Sign up for our newsletter to hear about new products and seasonal sales.",
)
REFUNDS = (
    "When will I get my refund?",
    "We process refunds within 3 business days of receiving your return. Card refunds "
    "then take 5-10 business days to show up.",
)
SHIPPING = (
    "Shipping costs",
    "Standard shipping costs $4.99. Shipping is free on orders over $50.",
)
PROFILE = profile_from_texts([RETURNS, NEWSLETTER, REFUNDS, SHIPPING], domain=DOMAIN)


def grade(
    query: str,
    response: str,
    *sources: tuple[str, str],
    scores: tuple[float, ...] = (),
    profile: KnowledgeBaseProfile | None = PROFILE,
) -> JudgeResult:
    texts = [
        SourceText(
            rank=rank,
            title=title,
            text=text,
            article_key=title.lower().replace(" ", "-"),
            score=scores[rank - 1] if scores else None,
        )
        for rank, (title, text) in enumerate(sources, start=1)
    ]
    item = JudgeInput(query=query, sources=texts, response=response, bot_domain=DOMAIN)
    return OfflineJudge(profile).judge(item)


# The SPEC's worked examples


def test_it_gives_source_precision_half_when_a_newsletter_is_retrieved_for_a_returns_question():
    result = grade(
        "How long do I have to return headphones?",
        "You can return headphones within 30 days of delivery.",
        RETURNS,
        NEWSLETTER,
    )

    assert result.matches.source_query == [[1], [0]]
    assert result.metrics()["source_precision"] == 0.5
    assert result.verdict == "sufficient"


def test_it_gives_response_query_coverage_half_when_only_the_return_window_is_answered():
    result = grade(
        "How long do I have to return an item? How long does a refund take?",
        "You can return items within 30 days of delivery.",
        RETURNS,
    )

    assert len(result.sub_queries) == 2
    assert result.matches.response_query == [[1, 0]]
    assert result.metrics()["response_query_coverage"] == 0.5
    assert (result.verdict, result.cause) == ("insufficient", "partial")


def test_it_gives_self_distinctness_half_when_two_of_four_facts_restate_earlier_ones():
    result = grade(
        "How long do I have to return an item, and when will I get my refund?",
        "You can return items within 30 days of delivery. Card refunds take 5-10 business "
        "days. Returns are accepted for 30 days after delivery. Your card refund shows up "
        "within 5-10 business days.",
        RETURNS,
        REFUNDS,
    )

    assert len(result.facts) == 4
    assert result.matches.redundant_of == [None, None, 0, 1]
    assert result.metrics()["self_distinctness"] == 0.5


# Conditions and values


def test_it_flags_45_days_given_to_an_ordinary_return_as_condition_misapplied():
    result = grade(
        "How long do I have to return headphones?",
        "You can return headphones within 45 days.",
        RETURNS,
    )

    assert result.metrics()["groundedness"] == 0.0
    [unsupported] = result.unsupported
    assert unsupported.reason == "condition_misapplied"
    assert "wrong item" in unsupported.passage
    assert unsupported.source_rank == 1
    assert (result.verdict, result.cause) == ("insufficient", "contradictory")


def test_it_accepts_45_days_when_the_question_states_the_wrong_item():
    result = grade(
        "You sent me the wrong item. How long do I have to return it?",
        "Since we shipped the wrong item, you have 45 days to return it.",
        RETURNS,
    )

    assert result.unsupported == []
    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_it_accepts_45_days_when_the_answer_states_the_condition_itself():
    result = grade(
        "How long do I have to return something?",
        "You can return items within 30 days. If we shipped the wrong item, you have 45 days.",
        RETURNS,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_it_flags_the_ordinary_30_days_given_to_a_wrong_item_question():
    result = grade(
        "I got the wrong item. How long do I have to return it?",
        "You have 30 days to return it.",
        RETURNS,
    )

    [unsupported] = result.unsupported
    assert unsupported.reason == "condition_misapplied"
    assert "45 days" in unsupported.passage


def test_it_flags_free_shipping_given_without_the_order_minimum():
    result = grade("How much is shipping?", "Shipping is free.", SHIPPING)

    [unsupported] = result.unsupported
    assert unsupported.reason == "condition_misapplied"
    assert result.cause == "contradictory"


def test_it_accepts_free_shipping_stated_with_its_order_minimum():
    result = grade("How much is shipping?", "Shipping is free on orders over $50.", SHIPPING)

    assert result.unsupported == []
    assert result.verdict == "sufficient"


def test_it_flags_a_different_number_for_the_same_subject_as_contradicting_the_source():
    result = grade(
        "How long do I have to return headphones?",
        "You can return headphones within 60 days.",
        RETURNS,
    )

    [unsupported] = result.unsupported
    assert unsupported.reason == "contradicts_source"
    assert "30 days" in unsupported.passage
    assert (result.verdict, result.cause) == ("insufficient", "contradictory")


def test_it_flags_two_facts_giving_different_values_for_the_same_thing():
    result = grade(
        "How long is the return window?",
        "You can return items within 30 days. The return window is 60 days.",
        ("Returns", "You can return most items within 30 days of delivery."),
    )

    assert result.notes["conflicting_facts"] == [[0, 1]]
    assert result.cause == "contradictory"


def test_it_flags_a_value_two_articles_disagree_on():
    result = grade(
        "How long do I have to exchange an item?",
        "You can exchange an item within 45 days of delivery.",
        ("Exchanges", "You can exchange an item within 45 days of delivery."),
        ("Exchange questions answered", "Exchanges must be requested within 30 days of delivery."),
    )

    [unsupported] = result.unsupported
    assert unsupported.reason == "contradicts_source"
    assert unsupported.source_rank == 2


def test_it_reads_number_words_and_units_as_values():
    result = grade(
        "How long do refunds take?",
        "Refunds are processed within three business days, and you get your money in two weeks.",
        (
            "Refunds",
            "Refunds are processed within 3 business days. The money arrives within 14 days.",
        ),
    )

    assert result.unsupported == []
    assert result.metrics()["groundedness"] == 1.0


def test_it_compares_amounts_and_percentages_by_value():
    source = (
        "Discounts",
        "Students get 15 percent off. The membership costs 4.99 dollars a month.",
    )

    right = grade(
        "What discount do students get?", "Students get 15% off, and it costs $4.99.", source
    )
    wrong = grade("What discount do students get?", "Students get 20% off.", source)

    assert right.metrics()["groundedness"] == 1.0
    assert wrong.unsupported[0].reason == "contradicts_source"


def test_it_flags_an_invented_fee_as_unsupported():
    result = grade(
        "Is there a restocking fee?",
        "A restocking fee of 15% applies to opened items.",
        RETURNS,
    )

    assert result.unsupported[0].reason == "not_in_sources"
    assert result.metrics()["groundedness"] == 0.0
    assert result.verdict == "insufficient"


def test_it_flags_a_fact_that_says_the_opposite_of_the_source():
    result = grade(
        "Can I return a gift card?",
        "Yes, gift cards can be returned within 30 days.",
        ("Gift cards", "Gift cards cannot be returned or exchanged."),
    )

    assert result.unsupported[0].reason == "contradicts_source"


# False positives the rubric must avoid


def test_it_passes_a_grounded_factual_negative():
    result = grade(
        "Can I get a refund after 30 days?",
        "We do not offer refunds after 30 days.",
        ("Refunds", "We do not offer refunds after 30 days."),
    )

    assert result.verdict == "sufficient"
    assert result.cause is None
    assert result.metrics()["groundedness"] == 1.0


def test_it_passes_a_clean_decline_of_an_off_topic_question():
    result = grade(
        "What's the capital of France?",
        "I'm sorry, I can only help with questions about Brightcart orders, shipping and returns.",
        RETURNS,
    )

    assert result.notes["off_topic"] is True
    assert result.verdict == "sufficient"
    assert result.cause is None


def test_it_passes_a_decline_that_points_to_a_professional():
    result = grade(
        "Can I take ibuprofen and paracetamol together?",
        "I'm not able to give medical advice. Please ask a pharmacist or your doctor.",
    )

    assert result.verdict == "sufficient"


def test_it_passes_a_decline_of_a_service_the_bot_cannot_give():
    item = JudgeInput(
        query="Can you recommend a good surveyor in Bristol?",
        sources=[],
        response="I'm sorry, I can't recommend surveyors. I can only help with questions "
        "about your Hearthside mortgage.",
        bot_domain="Customer help for Hearthside Building Society mortgages: overpayments, "
        "rate switching, porting and fees.",
    )
    result = OfflineJudge().judge(item)

    assert result.verdict == "sufficient"
    assert result.cause is None


def test_it_flags_an_off_topic_question_answered_with_substance_as_out_of_scope():
    result = grade("What's the capital of France?", "The capital of France is Paris.", RETURNS)

    assert (result.verdict, result.cause) == ("insufficient", "out_of_scope")


# Redirects, refusals and partial answers


def test_it_flags_a_polite_redirect_as_no_content():
    result = grade(
        "How long do I have to return headphones?",
        "Please contact our support team for help with that. Have a great day!",
        RETURNS,
    )

    assert result.facts == []
    assert (result.verdict, result.cause) == ("insufficient", "no_content")
    assert result.metrics()["groundedness"] is None


def test_it_flags_an_admission_that_the_knowledge_base_lacks_the_answer_as_no_content():
    result = grade(
        "Can I change the delivery address on my order?",
        "I'm sorry, I don't have information about that.",
        RETURNS,
    )

    assert (result.verdict, result.cause) == ("insufficient", "no_content")


def test_it_prefers_partial_to_no_content_when_some_information_is_given():
    result = grade(
        "How long do I have to return headphones? Is there a restocking fee?",
        "You can return headphones within 30 days. I don't have information about "
        "restocking fees, please contact our team.",
        RETURNS,
    )

    assert (result.verdict, result.cause) == ("insufficient", "partial")
    assert result.metrics()["response_query_coverage"] == 0.5


def test_it_treats_contact_details_as_the_answer_to_a_contact_question():
    result = grade(
        "How can I contact customer service?",
        "You can contact our customer service team by chat or phone from 8 am to 8 pm.",
        (
            "Contact us",
            "Our customer service team is available by chat and phone from 8 am to 8 pm.",
        ),
    )

    assert len(result.facts) == 1
    assert result.verdict == "sufficient"


# Matching as a help centre words it: sources, facts and sub-questions (SPEC §3)

CUSTOMS = (
    "International shipping",
    "## Customs and import duties\n\nOrders within the EU don't have any customs charges. "
    "For the United Kingdom, Norway and Switzerland, the price at checkout includes import "
    "VAT and duties, so there is nothing more to pay on delivery.",
)
DELIVERY_TIMES = (
    "Shipping options and delivery times",
    "## Delivery options and times\n\n- Standard delivery: 3-5 business days in the EU and "
    "the United Kingdom, 4-7 business days in the United States\n- Express delivery: 1-2 "
    "business days",
)
RETURN_WINDOW = (
    "Returns policy",
    "## How long you have to return an item\n\nYou can return most items within 30 days of "
    "delivery. If we shipped you the wrong item, you have 45 days from delivery.",
)
EXCLUDED_ITEMS = (
    "Returns policy",
    "## Items we can't take back\n\n- Personalised or engraved products\n- Software and "
    "gift cards once the code has been revealed",
)
SERVICE_EMAILS = (
    "Newsletter and marketing emails",
    "## Emails you'll still receive\n\nEven if you unsubscribe, we'll keep sending service "
    "emails about your orders, deliveries, returns and refunds.",
)
RETURNING_CUSTOMERS = (
    "Newsletter and marketing emails",
    "## Returning customers\n\nIf you haven't ordered for 90 days, you may receive a "
    "welcome-back offer once. Offers are valid for 14 days.",
)
PAYOUTS = (
    "Payouts",
    "## Payout schedule\n\nPayouts are made every Monday for orders that were delivered at "
    "least 7 days earlier.",
)
EXCHANGES = (
    "Exchanges",
    "## How long you have to exchange\n\nYou can exchange an item within 45 days of delivery.",
)
VERIFICATION = (
    "Verifying your seller account",
    "## What you need\n\n- A photo ID of the company's legal representative\n- Your company "
    "registration number\n- A bank statement showing the company name",
)
PAYMENT_PRICES = (
    "Payment methods",
    "## Prices and currency\n\nPrices on our European site are in euros and include VAT.",
)
ACCEPTED_PAYMENTS = (
    "Payment methods",
    "## Accepted payment methods\n\n- Visa, Mastercard and American Express\n- PayPal\n- "
    "Apple Pay and Google Pay",
)
HELP_PROFILE = profile_from_texts(
    [
        CUSTOMS,
        DELIVERY_TIMES,
        RETURN_WINDOW,
        EXCLUDED_ITEMS,
        SERVICE_EMAILS,
        RETURNING_CUSTOMERS,
        PAYOUTS,
        EXCHANGES,
        VERIFICATION,
        PAYMENT_PRICES,
        ACCEPTED_PAYMENTS,
        RETURNS,
        REFUNDS,
        SHIPPING,
    ],
    domain=DOMAIN,
)


def help_grade(query: str, response: str, *sources: tuple[str, str]) -> JudgeResult:
    return grade(query, response, *sources, profile=HELP_PROFILE)


def test_it_finds_a_source_about_the_united_kingdom_relevant_to_a_question_about_the_uk():
    result = help_grade(
        "Do I have to pay import duties if I order to the UK?",
        "No: for the United Kingdom the price at checkout includes import VAT and duties.",
        CUSTOMS,
    )

    assert result.matches.source_query == [[1]]
    assert result.metrics()["response_precision"] == 1.0
    assert result.metrics()["groundedness"] == 1.0


def test_it_reads_the_us_as_the_united_states_and_not_as_a_pronoun():
    result = help_grade(
        "What's the delivery time to the US?",
        "Standard delivery takes 4-7 business days in the US.",
        DELIVERY_TIMES,
    )

    assert result.metrics()["source_precision"] == 1.0
    assert result.metrics()["response_query_coverage"] == 1.0
    assert result.metrics()["groundedness"] == 1.0


def test_it_finds_a_policy_relevant_to_the_customers_own_product():
    result = help_grade(
        "How long do I have to return the coffee machine?",
        "You can return the coffee machine within 30 days of delivery.",
        RETURN_WINDOW,
    )

    assert result.metrics()["source_precision"] == 1.0
    assert result.metrics()["response_precision"] == 1.0
    assert result.verdict == "sufficient"


def test_it_keeps_a_section_on_the_subject_but_not_the_asked_value_irrelevant():
    # The question asks how long; "Items we can't take back" is about returns too.
    result = help_grade(
        "How long do I have to return my headphones?",
        "You can return your headphones within 30 days of delivery.",
        RETURN_WINDOW,
        EXCLUDED_ITEMS,
    )

    assert result.matches.source_query == [[1], [0]]
    assert result.metrics()["source_precision"] == 0.5


def test_it_keeps_the_newsletter_irrelevant_to_a_return_window_question():
    result = help_grade(
        "Is there a time limit on returns?",
        "You can return most items within 30 days of delivery.",
        RETURN_WINDOW,
        SERVICE_EMAILS,
        RETURNING_CUSTOMERS,
    )

    assert result.matches.source_query == [[1], [0], [0]]
    assert result.verdict == "sufficient"


def test_it_matches_a_fact_in_other_words_with_the_sub_question_it_answers():
    result = help_grade(
        "I want a different model, how long do I have to swap it?",
        "You can exchange an item within 45 days of delivery.",
        EXCHANGES,
    )

    assert result.matches.response_query == [[1]]
    assert result.matches.source_query == [[1]]
    assert result.verdict == "sufficient"


def test_it_credits_a_fact_taken_from_a_source_about_the_question():
    result = help_grade(
        "When do I get paid for my sales?",
        "Payouts are made every Monday for orders that were delivered at least 7 days earlier.",
        PAYOUTS,
    )

    assert result.matches.source_query == [[1]]
    assert result.metrics()["response_precision"] == 1.0
    assert result.metrics()["response_query_coverage"] == 1.0


def test_it_leaves_facts_from_a_section_nobody_asked_about_unasked():
    result = help_grade(
        "What payment methods do you accept?",
        "We accept Visa, Mastercard, American Express, PayPal, Apple Pay and Google Pay. "
        "Prices on our European site are in euros and include VAT.",
        ACCEPTED_PAYMENTS,
        PAYMENT_PRICES,
    )

    assert result.matches.source_query == [[1], [0]]
    assert result.matches.response_query == [[1], [0]]
    assert result.metrics()["response_precision"] == 0.5


def test_it_reads_a_section_with_a_generic_heading_under_its_article_title():
    result = help_grade(
        "What documents do I need to verify my seller account?",
        "You need a photo ID of the company's legal representative, your company "
        "registration number and a bank statement showing the company name.",
        VERIFICATION,
    )

    assert result.matches.source_query == [[1]]
    assert result.verdict == "sufficient"


@pytest.mark.parametrize(
    ("query", "source"),
    [
        ("When do I get my money back?", REFUNDS),
        ("how many days for shipping to Germany", DELIVERY_TIMES),
        ("Can you tell me the return period for my laptop?", RETURN_WINDOW),
        ("How many days do I have to return a purchase?", RETURN_WINDOW),
    ],
)
def test_it_matches_help_centre_synonyms_and_word_forms(query, source):
    result = help_grade(query, "", source)

    assert result.metrics()["source_query_coverage"] == 1.0


def test_it_keeps_the_product_a_question_asks_about_in_an_encyclopedia():
    # Without a help centre behind it, "in Scary Movie" is as much the question as "who".
    passage = (
        "Ghostface",
        "Ghostface is a fictional identity adopted by the killers in the Scream series.",
    )
    result = grade(
        "who plays the killer in scary movie",
        "",
        passage,
        profile=profile_from_texts([passage]),
    )

    assert result.metrics()["source_query_coverage"] == 0.0


def test_it_splits_sub_questions_listed_with_a_plus():
    result = help_grade("cancel order + refund time?", "", REFUNDS)

    assert result.sub_queries == ["cancel order?", "refund time?"]


def test_it_reads_a_leading_if_clause_as_the_case_not_the_question():
    result = help_grade(
        "If I return the kettle within the window, is there a restocking fee?",
        "",
        RETURN_WINDOW,
    )

    assert result.sub_queries == ["is there a restocking fee?"]
    assert result.matches.source_query == [[0]]


def test_it_passes_a_negative_the_source_states_beside_a_list_of_what_it_does():
    result = help_grade(
        "Do you ship to Canada?",
        "Sorry, we don't ship to Canada or other countries outside the EU, the UK and the US.",
        (
            "International shipping",
            "## Countries we ship to\n\nWe ship to all 27 EU countries, the United Kingdom and "
            "the United States. We don't ship to Canada or other countries yet.",
        ),
    )

    assert result.unsupported == []
    assert result.verdict == "sufficient"


def test_it_declines_only_the_part_whose_kind_of_value_the_refusal_names():
    result = help_grade(
        "What does express delivery cost, and how many days does it take?",
        "Express delivery takes 1-2 business days. I don't have the price for express delivery.",
        DELIVERY_TIMES,
    )

    assert result.matches.response_query == [[0, 1]]
    assert (result.verdict, result.cause) == ("insufficient", "partial")


def test_it_reads_a_follow_up_about_the_same_subject_not_the_same_kind_of_value():
    result = help_grade(
        "Do I have to pay to send the TV back, and how many days do I have?",
        "You have 30 days from delivery to return the TV.",
        RETURN_WINDOW,
    )

    assert result.matches.source_query == [[0, 1]]
    assert result.unsupported == []


def test_it_does_not_call_a_restatement_of_the_question_made_up():
    result = help_grade(
        "Can I still send back the e-reader? I got it 2 weeks ago",
        "Most items can be returned within 30 days of delivery, and that includes the e-reader.",
        RETURN_WINDOW,
    )

    assert result.verdict == "sufficient"


def test_it_flags_a_price_no_retrieved_source_gives_as_made_up():
    result = help_grade(
        "Will I be charged anything for returning my headphones if I already opened them?",
        "No, we don't charge a restocking fee on returns, even for opened items.",
        RETURN_WINDOW,
    )

    assert result.matches.source_query == [[0]]
    assert (result.verdict, result.cause) == ("insufficient", "contradictory")


# Decomposition


def test_it_splits_a_two_question_query_into_two_sub_queries():
    result = grade(
        "How long do I have to return headphones? Is there a restocking fee?", "", RETURNS
    )

    assert result.sub_queries == [
        "How long do I have to return headphones?",
        "Is there a restocking fee?",
    ]


def test_it_splits_questions_joined_by_and():
    result = grade(
        "How long do I have to return headphones and is there a restocking fee?", "", RETURNS
    )

    assert len(result.sub_queries) == 2


def test_it_keeps_a_single_question_with_and_in_it_whole():
    result = grade("Can I return and exchange headphones?", "", RETURNS)

    assert result.sub_queries == ["Can I return and exchange headphones?"]


def test_it_finds_no_sub_query_in_an_empty_query_and_calls_the_turn_sufficient():
    result = grade("", "Welcome to Brightcart! How can I help?", RETURNS)

    assert result.sub_queries == []
    assert result.verdict == "sufficient"
    assert result.metrics()["source_query_coverage"] is None


def test_it_leaves_greetings_and_pleasantries_out_of_the_facts():
    result = grade(
        "How long do I have to return headphones?",
        "Hi there! Thanks for reaching out. You can return headphones within 30 days of "
        "delivery. Happy to help!",
        RETURNS,
    )

    assert result.facts == ["You can return headphones within 30 days of delivery."]
    kinds = [aside["kind"] for aside in result.notes["set_aside"]]
    assert kinds == ["greeting", "pleasantry", "pleasantry"]


def test_it_splits_clauses_that_each_make_a_claim():
    result = grade(
        "When will I get my refund?",
        "We process refunds within 3 business days; card refunds take 5-10 business days "
        "and you will get an email.",
        REFUNDS,
    )

    assert result.facts == [
        "We process refunds within 3 business days",
        "card refunds take 5-10 business days",
        "you will get an email.",
    ]


def test_it_keeps_a_list_of_things_in_one_fact():
    result = grade(
        "How can I pay?",
        "You can pay with Visa, Mastercard and PayPal.",
        ("Payment", "You can pay with Visa, Mastercard and PayPal."),
    )

    assert result.facts == ["You can pay with Visa, Mastercard and PayPal."]


def test_it_marks_a_paraphrase_of_an_earlier_fact_as_redundant():
    result = grade(
        "How long do I have to return items?",
        "You can return items within 30 days. Returns are accepted for 30 days after delivery.",
        RETURNS,
    )

    assert result.matches.redundant_of == [None, 0]


# Result shape and bookkeeping


def test_it_fills_every_matrix_with_the_right_shape():
    result = grade(
        "How long do I have to return an item? How long does a refund take?",
        "You can return items within 30 days. Card refunds take 5-10 business days.",
        RETURNS,
        REFUNDS,
        NEWSLETTER,
    )

    assert len(result.matches.source_query) == 3
    assert all(len(row) == 2 for row in result.matches.source_query)
    assert len(result.matches.response_query) == 2
    assert all(len(row) == 2 for row in result.matches.response_query)
    assert all(len(row) == 3 for row in result.matches.response_source)
    assert len(result.matches.redundant_of) == 2
    assert (result.judge, result.model, result.prompt_version) == (
        "offline",
        "offline-rules",
        OfflineJudge.prompt_version,
    )
    assert OfflineJudge.prompt_version.startswith("offline-")
    assert result.rationale and "\n" not in result.rationale


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("How long do I have to return headphones?", "You can return headphones within 45 days."),
        ("How long do I have to return headphones?", "Please contact our team."),
        ("How long do I have to return headphones?", "You can return them within 30 days."),
        ("What's the capital of France?", "Paris."),
    ],
)
def test_its_cause_is_empty_exactly_when_the_verdict_is_sufficient(query, response):
    result = grade(query, response, RETURNS)

    assert (result.cause is None) == (result.verdict == "sufficient")


def test_it_labels_the_topic_from_a_knowledge_base_title():
    result = grade("How long do I have to return headphones?", "", RETURNS)

    assert result.topic == "returns policy"


def test_it_labels_the_topic_from_the_question_when_no_title_fits():
    result = grade("Is there a restocking fee?", "", NEWSLETTER)

    assert result.topic == "restocking fee"
    assert 1 <= len(result.topic.split()) <= 3


def test_it_grades_without_a_profile_or_a_domain():
    item = JudgeInput(
        query="How long do I have to return headphones?",
        sources=[SourceText(rank=1, text=RETURNS[1])],
        response="You can return headphones within 45 days.",
    )

    result = OfflineJudge().judge(item)

    assert result.unsupported[0].reason == "condition_misapplied"


def test_it_gives_the_same_result_twice():
    first = grade("How long do I have to return headphones?", "Within 45 days.", RETURNS, REFUNDS)
    second = grade("How long do I have to return headphones?", "Within 45 days.", RETURNS, REFUNDS)

    assert first.model_dump() == second.model_dump()


def test_it_gives_the_same_result_whatever_the_hash_seed():
    script = (
        "from audits.judges.base import JudgeInput, SourceText\n"
        "from audits.judges.offline import OfflineJudge, profile_from_texts\n"
        f"docs = [{RETURNS!r}, {REFUNDS!r}, {NEWSLETTER!r}]\n"
        "judge = OfflineJudge(profile_from_texts(docs, domain='store'))\n"
        "sources = [SourceText(rank=i, text=t, title=n) for i, (n, t) in enumerate(docs, 1)]\n"
        "item = JudgeInput(query='How long do I have to return an item? When is my refund?',"
        " sources=sources, response='Hi! You can return items within 45 days. Refunds take"
        " 5-10 business days. Returns are accepted for 45 days.')\n"
        "print(judge.judge(item).model_dump_json())\n"
    )
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }

    assert len(outputs) == 1


# Public functions beside the judge


@pytest.mark.parametrize(
    "query", ["Hi!", "hello there", "Thanks so much!", "ok great, thank you", "bye", "👍"]
)
def test_it_recognises_small_talk(query):
    assert is_small_talk(query)
    assert not has_question(query)


@pytest.mark.parametrize(
    "query",
    [
        "Hi, how do I return my order?",
        "refund status",
        "How long does it take?",
        "Can I talk to a human?",
    ],
)
def test_it_does_not_mistake_a_question_for_small_talk(query):
    assert not is_small_talk(query)
    assert has_question(query)


def test_it_finds_no_question_in_an_empty_turn():
    assert not has_question("")
    assert not is_small_talk("")


@pytest.mark.parametrize(
    "response",
    [
        "Please contact our support team for help with that.",
        "I'm sorry, I don't have information about that.",
        "I'm not sure about that one, I'm afraid.",
        "Please check our website for details.",
    ],
)
def test_it_recognises_a_decline(response):
    assert is_decline(response)


@pytest.mark.parametrize(
    "response",
    [
        "We do not offer refunds after 30 days.",
        "You can return items within 30 days. Contact our team if you need a label.",
        "Happy to help!",
    ],
)
def test_it_does_not_call_an_answer_a_decline(response):
    assert not is_decline(response)


def test_it_lists_quotes_that_are_not_in_the_sources():
    sources = [SourceText(rank=1, text="You can return  most items within 30 days of delivery.")]
    response = (
        'The policy says "you can return most items within 30 days of delivery" and '
        "“refunds are instant”. Click 'Returns' to start."
    )

    assert quotes_not_in_sources(response, sources) == ["refunds are instant"]


def test_it_finds_no_missing_quote_when_the_answer_quotes_nothing():
    assert quotes_not_in_sources("You can return items within 30 days.", []) == []


def _reason(query: str, response: str, *sources: tuple[str, str], scores=(), threshold=0.5):
    texts = [
        SourceText(rank=rank, title=title, text=text, score=scores[rank - 1] if scores else None)
        for rank, (title, text) in enumerate(sources, start=1)
    ]
    item = JudgeInput(query=query, sources=texts, response=response, bot_domain=DOMAIN)
    return not_knowing_reason(item, OfflineJudge(PROFILE).judge(item), threshold)


def test_it_says_nothing_was_retrieved_when_no_source_scores_above_the_threshold():
    assert _reason("How do I reset my password?", "I don't know.") == "nothing_retrieved"
    assert (
        _reason("How long do I have to return an item?", "I don't know.", RETURNS, scores=(0.3,))
        == "nothing_retrieved"
    )


def test_it_says_the_answer_is_not_in_what_was_retrieved():
    reason = _reason(
        "Is there a restocking fee?", "I don't have information about that.", RETURNS, scores=(0.7,)
    )

    assert reason == "not_in_retrieved"


def test_it_says_a_vague_question_is_ambiguous():
    assert _reason("How long does it take?", "Could you tell me what you mean?", RETURNS) == (
        "ambiguous"
    )


def test_it_says_an_off_topic_question_is_out_of_domain():
    reason = _reason("What's the capital of France?", "I can only help with orders.", RETURNS)

    assert reason == "out_of_domain"


def test_it_gives_no_reason_when_the_sources_could_answer():
    reason = _reason(
        "How long do I have to return an item?", "Within 30 days.", RETURNS, scores=(0.9,)
    )

    assert reason is None


def test_a_question_about_personal_training_does_not_make_a_redirect_the_answer():
    result = OfflineJudge().judge(
        JudgeInput(
            query="Can I move my personal training sessions to another branch?",
            sources=[
                SourceText(
                    rank=1,
                    title="Personal training",
                    text="Personal training. Sessions cost £40 and last 45 minutes.",
                )
            ],
            response="I don't have information about that. Please contact your branch for help.",
        )
    )

    assert (result.verdict, result.cause) == ("insufficient", "no_content")
