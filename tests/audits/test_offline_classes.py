"""The offline judge on the failure classes of realistic help-centre traffic, in domains
other than the demo store: paraphrase, non-claims, conditions, answers built from the
source's own words, verdicts that agree with the metrics, repetition and follow-ups."""

from __future__ import annotations

import socket

import pytest

from audits.judges.base import SourceText, Turn
from audits.judges.offline.rubric import GROUNDEDNESS_FLOOR
from audits.judges.offline.semantic import SemanticIndex
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

# --- 1. Paraphrase: the source in other words is supported -------------------------


@pytest.mark.parametrize(
    ("query", "source", "response"),
    [
        (  # airline: a fortnight is 14 days
            "How long do I have to cancel my booking for free?",
            "You can cancel any booking free of charge within 14 days of making it.",
            "You can cancel for free within a fortnight of booking.",
        ),
        (  # bank: numbers in words, a synonym of "kept"
            "How long are statements kept?",
            "Statements are kept online for 90 days.",
            "Your statements stay available online for ninety days.",
        ),
        (  # telecom: a currency name for its symbol
            "What is the fee for a replacement SIM?",
            "A replacement SIM card costs £5.",
            "A replacement SIM costs five pounds.",
        ),
        (  # SaaS: a percentage in words with a decimal point
            "What's the fee on payments in a foreign currency?",
            "Card payments in a foreign currency have a 2.75% non-sterling transaction fee.",
            "Payments in a foreign currency come with a non-sterling transaction fee of "
            "two point seven five per cent.",
        ),
        (  # airline: units written out, reordered clause
            "How heavy can my cabin bag be?",
            "Standard fares include one cabin bag of up to 10 kg.",
            "On a Standard fare your cabin bag can weigh up to ten kilos.",
        ),
    ],
)
def test_it_supports_a_fact_that_restates_the_source_in_other_words(query, source, response):
    result = judge(query, response, source)

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_it_still_flags_a_paraphrase_that_changes_the_value():
    result = judge(
        "How long do refunds take?",
        "Refunds reach your card within a week.",
        "Refunds go back to the original payment method within 14 days.",
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_it_flags_a_denial_of_what_the_source_says_stays_the_same():
    result = judge(
        "Do I get a new phone number with my upgrade?",
        "Your phone number won't stay the same: upgraded phones always come with a new number.",
        "Upgrading your phone. Upgrades are free once you have paid 18 months of your plan. "
        "Your phone number stays the same unless you ask for a new one.",
    )

    assert not grounded(result)


def test_it_flags_a_negation_flipped_in_a_clause_led_by_a_pronoun():
    result = judge(
        "Can agents close tickets?",
        "No, agents can reply to customers but they can't close tickets.",
        "Agents can reply to customers and close tickets in the queues they belong to.",
    )

    assert any(u.reason == "contradicts_source" for u in result.unsupported)
    assert result.verdict == "insufficient"


# --- 2. Non-claims are not facts ------------------------------------------------------


@pytest.mark.parametrize(
    "response",
    [
        "Great question! Based on the information I have, the Standard plan lets you stream "
        "on 2 devices at the same time. Hope that helps! Let me know if you need anything else.",
        "Here is a short summary: the Standard plan lets you stream on 2 devices at the same "
        "time. This answer is based on the passage above.",
        "Hi! I checked the article for you. The Standard plan lets you stream on 2 devices at "
        "the same time. Safe travels!",
    ],
)
def test_it_leaves_non_claims_out_of_the_facts(response):
    result = judge(
        "How many devices can I stream on?",
        response,
        "The Standard plan lets you stream on 2 devices at the same time.",
    )

    assert result.facts == ["The Standard plan lets you stream on 2 devices at the same time."]
    assert grounded(result)
    assert result.metrics()["response_precision"] == 1.0
    assert result.notes["non_claims"]


# --- 3. Conditions ---------------------------------------------------------------------


def test_it_flags_a_tier_benefit_given_to_a_customer_outside_the_tier():
    result = judge(
        "How many free checked bags do I get? I'm a regular economy passenger.",
        "You can check 3 bags for free.",
        "Economy passengers can check 1 bag for free. Gold members can check 3 bags for free.",
    )

    assert result.unsupported[0].reason == "condition_misapplied"
    assert result.verdict == "insufficient"


def test_it_flags_a_feature_the_source_reserves_for_other_plans():
    result = judge(
        "We're on the Starter plan. Can we use the API?",
        "Yes, Owners and Admins can create API keys under Settings > API.",
        "The API is available on the Team and Enterprise plans. API keys are created by "
        "Owners and Admins under Settings > API.",
    )

    assert result.unsupported[0].reason == "condition_misapplied"


def test_it_passes_a_feature_given_to_a_plan_that_has_it():
    result = judge(
        "We're on the Team plan. Can we use the API?",
        "Yes, Owners and Admins can create API keys under Settings > API.",
        "The API is available on the Team and Enterprise plans. API keys are created by "
        "Owners and Admins under Settings > API.",
    )

    assert result.unsupported == []
    assert result.verdict == "sufficient"


def test_it_flags_the_rule_for_a_case_the_source_excludes():
    result = judge(
        "We're on the Starter plan and out of space. Can we buy more storage?",
        "Yes, you can buy extra storage in 50 GB blocks for $5 a month.",
        "Extra storage is sold in 50 GB blocks for $5 a month on Team and Enterprise; it is "
        "not available on Starter.",
    )

    assert result.unsupported[0].reason == "condition_misapplied"


def test_it_flags_a_rule_whose_window_the_customer_is_past():
    result = judge(
        "I signed up 3 months ago. Can I get a full refund?",
        "Yes, you can get a full refund.",
        "You can get a full refund if you cancel within 30 days of signing up.",
    )

    assert result.unsupported[0].reason == "condition_misapplied"


def test_it_flags_a_threshold_the_customer_falls_below():
    result = judge(
        "I paid in £3,000 this month. Will the monthly fee be waived?",
        "Yes, the Premier fee is waived in any month you pay money in.",
        "The Premier account costs £15 a month, waived in any month you pay in at least £5,000.",
    )

    assert result.unsupported[0].reason == "condition_misapplied"


def test_it_flags_a_free_repair_when_the_customer_caused_the_damage():
    result = judge(
        "My router broke after I dropped it. Is the replacement free?",
        "We replace it free of charge.",
        "If the router fails because of a fault on our side, we replace it free of charge. If "
        "the damage was caused by you, a replacement costs $60.",
    )

    assert result.unsupported[0].reason == "condition_misapplied"


FITTING = (
    "Fitting and damage. If our fitters damage your floor while laying a carpet, we repair "
    "it at our cost. We don't pay for damage caused by furniture you moved yourself."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I scraped the floor myself when I didn't move the sofa carefully. Do you pay?", False),
        ("Your fitters dropped a toolbox and cracked a floor tile. Who pays?", True),
    ],
)
def test_who_caused_the_damage_is_read_from_the_customers_telling(query, right):
    result = judge(query, "Yes, we repair it at our cost.", FITTING)

    assert grounded(result) is right


# --- 4. Built from the source's own words, but wrong --------------------------------------


def test_it_flags_one_plans_limit_given_for_another():
    result = judge(
        "How many users can I add on the Basic plan?",
        "The Basic plan allows up to 50 users.",
        "The Basic plan allows up to 5 users. The Pro plan allows up to 50 users.",
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_it_flags_the_value_of_the_other_case_in_one_sentence():
    result = judge(
        "How much is an extra checked bag at the airport?",
        "At the airport it's also £35 per flight.",
        "Each additional bag costs £35 per flight online or £60 at the airport.",
    )

    assert not grounded(result)


def test_it_flags_values_swapped_between_two_parallel_cases():
    source = "A standard room costs £80 per night and a suite costs £150 per night."

    swapped = judge(
        "What do rooms cost?", "A standard room costs £150 and a suite costs £80.", source
    )
    right = judge(
        "What do rooms cost?", "A standard room costs £80 and a suite costs £150.", source
    )

    assert not grounded(swapped)
    assert grounded(right)


ROLES = (
    "Owners can manage billing, delete the workspace and change anyone's role. Admins can "
    "invite and remove members, but cannot see or change billing."
)


def test_it_flags_an_attribute_moved_to_another_named_entity():
    result = judge("Who can manage billing?", "Admins can manage billing.", ROLES)

    assert result.unsupported[0].reason == "contradicts_source"


def test_it_passes_an_attribute_kept_with_its_entity():
    result = judge("Who can manage billing?", "Owners can manage billing.", ROLES)

    assert grounded(result)


def test_it_passes_the_value_of_the_case_asked_about():
    result = judge(
        "How much is an extra checked bag at the airport?",
        "At the airport it's £60 per flight.",
        "Each additional bag costs £35 per flight online or £60 at the airport.",
    )

    assert grounded(result)


# --- 5. The verdict agrees with the metrics ----------------------------------------------


def test_it_never_calls_a_mostly_unsupported_answer_sufficient():
    result = judge(
        "Can I take my drone on the plane?",
        "Drones must be packed in hold luggage with the battery removed.",
        "Musical instruments up to 10 kg can travel as cabin baggage.",
    )

    assert result.metrics()["groundedness"] < GROUNDEDNESS_FLOOR
    assert result.verdict == "insufficient"
    assert result.notes["verdict_rules"]


def test_it_never_calls_sufficient_an_answer_the_sources_do_not_back_in_its_own_words():
    # Every word is the source's or the question's, so nothing looks made up; still the
    # sources support none of it, and the metric decides.
    result = judge(
        "Can guests see invoices?",
        "Guests can see invoices and billing history in the workspace.",
        "Guests can see projects in the workspace.",
    )

    assert result.metrics()["groundedness"] == 0.0
    assert result.verdict == "insufficient"
    assert "groundedness 0.00" in result.rationale


def test_it_calls_two_values_for_one_thing_contradictory():
    result = judge(
        "What's the monthly fee?",
        "The monthly fee is $10. The monthly fee is $15.",
        "The monthly fee is $10.",
    )

    assert result.cause == "contradictory"


def test_it_calls_an_in_domain_refusal_no_content():
    result = judge(
        "How do I make a warranty claim?",
        "I don't have information about warranty claims.",
        "Warranty claims are made through the Orders page within 12 months of purchase.",
    )

    assert result.cause == "no_content"
    assert result.notes["off_topic"] is False


def test_it_calls_a_redirect_only_answer_no_content():
    result = judge(
        "How do I reset my voicemail PIN?",
        "Please contact our support team for help with that.",
        "To reset your voicemail PIN, dial *86 and follow the prompts.",
    )

    assert result.cause == "no_content"


# --- 6. Repetition by paraphrase -----------------------------------------------------------


def test_it_sees_a_restatement_in_other_words():
    result = judge(
        "Can I pause my subscription?",
        "You can pause your subscription for up to 3 months. In other words, your "
        "subscription can be put on hold for a maximum of three months.",
        "You can pause your subscription for up to 3 months.",
    )

    assert result.matches.redundant_of == [None, 0]
    assert result.metrics()["self_distinctness"] == 0.5
    assert grounded(result)


def test_it_sees_a_restatement_opened_by_in_other_words():
    result = judge(
        "Are guests billed?",
        "Guests are not billed. In other words, you won't be charged for any guests you invite.",
        "Guests have read-only access to the projects they are invited to and are not billed.",
    )

    assert result.matches.redundant_of == [None, 0]


def test_it_sees_a_restatement_close_in_meaning():
    result = judge(
        "Which plans have single sign-on?",
        "Single sign-on is available on the Enterprise plan only. Enterprise workspaces alone "
        "get SSO through SAML.",
        "SAML single sign-on is available on the Enterprise plan only.",
    )

    assert result.matches.redundant_of == [None, 0]


def test_it_sees_no_charge_said_three_ways_as_one_fact():
    result = judge(
        "Is switching to an eSIM free?",
        "Switching to an eSIM is free in the app. You won't be charged for the eSIM switch. "
        "There's no charge for the eSIM switch at all.",
        "Switching from a physical SIM to an eSIM is free in the app.",
    )

    assert result.matches.redundant_of == [None, 0, 0]
    assert grounded(result)


def test_it_keeps_facts_with_different_values_apart():
    result = judge(
        "How long does delivery take?",
        "Standard delivery takes 3-5 days. Express delivery takes 1-2 days.",
        "Standard delivery takes 3-5 days. Express delivery takes 1-2 days.",
    )

    assert result.matches.redundant_of == [None, None]


# --- 7. Follow-up turns ----------------------------------------------------------------------

PLANS = (
    "The Basic plan includes 5 GB of data per month. The Max plan includes 50 GB of data per month."
)
EARLIER = (
    Turn("What is the data allowance on the Basic plan and the Max plan?", "It depends."),
    Turn("How much data do I get on the Basic plan?", "The Basic plan includes 5 GB."),
)


def test_it_flags_the_other_items_value_in_a_follow_up():
    result = judge(
        "and what about the other one?",
        "It includes 5 GB of data per month.",
        PLANS,
        history=EARLIER,
    )

    assert result.sub_queries == ["How much data do I get on the Max plan?"]
    assert result.verdict == "insufficient"


def test_it_passes_the_right_items_value_in_a_follow_up():
    result = judge(
        "and what about the other one?",
        "The Max plan includes 50 GB of data per month.",
        PLANS,
        history=EARLIER,
    )

    assert result.verdict == "sufficient"
    assert result.notes["history"][0]["query"] == EARLIER[0].query


def test_it_flags_the_previous_plans_price_given_for_the_plan_a_follow_up_names():
    source = "Starter costs $12 per user per month. Team costs $25 per user per month."
    earlier = (Turn("How much is Starter per user?", "Starter is $12 per user per month."),)

    wrong = judge("What about Team?", "That's $12 per user per month.", source, history=earlier)
    right = judge("What about Team?", "That's $25 per user per month.", source, history=earlier)

    assert wrong.unsupported[0].reason == "condition_misapplied"
    assert wrong.notes["resolved_query"] == "How much is Team per user?"
    assert right.verdict == "sufficient"


def test_a_bare_follow_up_inherits_the_subject_of_the_turn_before():
    result = judge(
        "And for the yearly plan?",
        "The yearly plan costs $100 a year.",
        "The monthly plan costs $10 a month. The yearly plan costs $100 a year.",
        history=(Turn("How much is the monthly plan?", "It costs $10 a month."),),
    )

    assert result.sub_queries == ["How much is the yearly plan?"]
    assert result.verdict == "sufficient"


# --- The embedding model ----------------------------------------------------------------------


def test_the_embedding_model_loads_with_the_network_unreachable(monkeypatch):
    from kbaudit.text import embeddings

    def refuse(*args, **kwargs):
        raise OSError("network unreachable")

    embeddings.model.cache_clear()
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)

    vectors = embeddings.embed(["read-only access", "you can look but not edit"])

    assert vectors.shape == (2, embeddings.DIMENSIONS)
    assert embeddings.similarity("refunds take 5 days", "refunds take five days") > 0.5


def test_semantic_index_embeds_only_sentences_sharing_a_word_with_a_fact():
    from audits.judges.offline.decompose import split_response
    from audits.judges.offline.sources import prepare_sources

    facts = split_response("Refunds take 5 days.").facts
    sources = prepare_sources(
        [SourceText(rank=1, text="Refunds take 5 days. Our office opens on Mondays.")]
    )

    index = SemanticIndex(facts, [fact.text for fact in facts], sources)

    assert index.best_sentence(0, 0)[1] == "Refunds take 5 days."


SKI_SCHOOL = (
    "Ski school extras. Lift passes are included for children under 6; for older children, "
    "parents buy their own. Helmets can be hired for £5 a day."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("Yes, lift passes are included.", False),
        ("No, lift passes are only included for children under 6.", True),
    ],
)
def test_an_age_and_a_half_is_past_an_age_bound(response, right):
    result = judge(
        "My daughter is six and a half. Is her lift pass included?", response, SKI_SCHOOL
    )

    assert grounded(result) is right


def test_riders_under_an_age_are_a_case_of_their_own():
    result = judge(
        "My son is 14. Is his helmet free?",
        "Yes, helmets are included free.",
        "Bike hire extras. Helmets are included free for riders under 12; older riders can hire "
        "one for £3 a day.",
    )

    assert grounded(result) is False


GROOMING = (
    "Cancelling a grooming appointment. Cancel more than 2 days ahead and there is no charge. "
    "Between 1 and 2 days before, we charge 30% of the price; with less than 1 day's notice "
    "we charge 80%."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("We charge 30% of the price.", False),
        ("With less than 1 day's notice we charge 80%.", True),
    ],
)
def test_a_charge_for_a_notice_band_the_customer_is_outside_is_flagged(response, right):
    result = judge(
        "The appointment is in 10 hours and I have to cancel. What do you charge?",
        response,
        GROOMING,
    )

    assert grounded(result) is right


GARDEN_RETURNS = (
    "Returning plants and tools. Tools can be returned free within 28 days, except for "
    "clearance items, which cost £3 to send back."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I got this spade in the clearance section. Can I send it back for free?", False),
        ("I bought this spade at full price last week. Can I send it back for free?", True),
    ],
)
def test_the_ordinary_rule_is_wrong_for_the_case_an_except_clause_names(query, right):
    result = judge(query, "Yes, tools can be returned free within 28 days.", GARDEN_RETURNS)

    assert grounded(result) is right


@pytest.mark.parametrize(("booked", "right"), [("20 May", False), ("20 April", True)])
def test_a_price_the_sentence_gives_is_held_to_its_window(booked, right):
    result = judge(
        f"I booked my stall on {booked}. What do I pay?",
        "You pay £30 a day.",
        "Market stalls. A stall costs £50 a day, or £30 if you book by 1 May.",
    )

    assert grounded(result) is right
