"""Verdicts that agree with the answer's facts: restatements, rival values, polarity."""

from __future__ import annotations

from audits.judges.offline.judge import _inherit_support
from audits.judges.offline.rubric import Findings, decide
from audits.judges.offline.support import FactSupport
from kbaudit.text.tokens import negation_targets
from tests.helpers import offline_grade as grade

MUSEUM = "Customer help for the Ashgrove Museum: tickets, season passes, tours and the cafe."
PASSES = (
    "Season passes",
    "Season passes. A season pass costs £40 and gives free entry to every gallery. "
    "A season pass stays valid until the end of the season you bought it for and is "
    "not refunded. Members can bring one guest for £5.",
)
CINEMA = "Customer help for Lumiere Cinemas: tickets, concessions, the Plus card and refunds."
CARDS = (
    "Plus card",
    "Plus card. Show your Plus card at the door to get 20% off any ticket. "
    "If you can't show it, you pay the full ticket price.",
)
PARKING = "Customer help for Westmoor Council parking: permits, bays, fines and street cleaning."
CLEANING = (
    "Street cleaning",
    "Street cleaning. During street cleaning you may not park in marked bays, load goods "
    "or leave trailers on the street. You can still park on your own driveway.",
)
DENTAL = "Customer help for Brightsmile Dental: appointments, aligners, fees and home kits."
ALIGNERS = (
    "Aligner impression kits",
    "Aligner impression kits. Return the impression kit within 10 days of it arriving. "
    "Kits returned late cost £25 to replace.",
)


def test_a_negation_in_a_second_predicate_denies_only_that_predicate():
    # The words of "stays valid until the end of the season" are not what "is not
    # refunded" denies.
    assert negation_targets("The deposit stays with us until checkout and is not refunded.") == [
        frozenset({"refund"})
    ]
    assert negation_targets("Unarranged overdrafts aren't available.") == [
        frozenset({"unarrang", "avail", "overdraft"})
    ]


def test_the_affirmed_predicate_beside_a_denied_one_is_supported():
    result = grade(
        "Can I get my money back on a season pass?",
        "No, season passes aren't refunded. Your pass stays valid until the end of the "
        "season you bought it for.",
        MUSEUM,
        PASSES,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_a_case_of_light_words_stated_by_the_source_keeps_its_polarity():
    result = grade(
        "What if I forget my Plus card?",
        "If you can't show it, you pay the full ticket price.",
        CINEMA,
        CARDS,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_a_restated_denial_is_supported_as_the_denial_it_restates():
    result = grade(
        "Can I park in a marked bay during street cleaning?",
        "No, you may not park in a marked bay during street cleaning. Parking in the "
        "marked bays isn't allowed while the cleaning is on.",
        PARKING,
        CLEANING,
    )

    assert result.metrics()["self_distinctness"] < 1
    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_a_restatement_read_as_a_contradiction_is_supported_as_what_it_restates():
    # "Washing the car with a hose isn't allowed" after the supported "you may not use a
    # hose to wash your car": read against the wrong clause, it says what the first says.
    supports = [
        FactSupport([1], None, "", None),
        FactSupport([0], "contradicts_source", "Dealers may use a hose to wash cars.", 0),
        FactSupport([0], "condition_misapplied", "Members pay £5.", 0),
    ]

    inherited = _inherit_support(supports, [None, 0, 0])

    assert inherited[1].row == [1] and inherited[1].reason is None
    # A value read out of its case stays what it was.
    assert inherited[2].reason == "condition_misapplied"


def test_two_values_for_the_one_value_asked_are_contradictory():
    result = grade(
        "How long do I have to send back the impression kit?",
        "Send the kit back within 10 days of it arriving. We need it back within 21 days "
        "of delivery.",
        DENTAL,
        ALIGNERS,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "contradictory"
    assert "two different values" in result.rationale


def test_a_sufficient_verdict_claims_all_parts_only_when_all_are_covered():
    findings = Findings(
        sub_queries=["What does it cost?", "can I bring a guest?"],
        covered=[False, False],
        facts=["The gallery opens at 10am."],
        unsupported=[],
        conflicts=[],
        groundedness=1.0,
        coverage=0.0,
        source_coverage=0.0,
    )

    decision = decide(findings)

    assert "all 2 parts" not in decision.rationale


def test_a_case_and_the_claim_after_its_comma_are_one_fact():
    from audits.judges.offline.decompose import split_response

    facts = split_response(
        "If your parcel is 2 days late, you can claim a £5 voucher. When you leave, "
        "there is a fee of £3.",
        "What do I get for a late parcel?",
    ).facts

    assert [fact.text for fact in facts] == [
        "If your parcel is 2 days late, you can claim a £5 voucher.",
        "When you leave, there is a fee of £3.",
    ]


def test_a_fact_naming_nothing_that_gives_the_values_again_restates_the_one_before():
    from audits.judges.offline.decompose import split_response
    from audits.judges.offline.redundancy import redundant_of

    def restated(response: str) -> list[int | None]:
        return redundant_of(list(split_response(response, "How much is the club?").facts))

    assert restated("The cinema club costs £60 a year. That's £60 for twelve months.") == [
        None,
        0,
    ]
    assert restated("The cinema club costs £60 a year. So you'll pay sixty pounds in total.") == [
        None,
        0,
    ]
    # A fact naming a thing of its own is another fact, whatever its values, and so is
    # one giving the same value to something else.
    assert restated("The cinema club costs £60 a year. Parking costs £60 a year.") == [None, None]
    assert restated("The cinema club costs £60 a year. It also costs £60 a year.") == [None, None]


def test_regret_before_or_after_a_claim_is_no_part_of_it():
    from audits.judges.offline.decompose import split_response

    def facts(response: str) -> list[str]:
        return [fact.text for fact in split_response(response, "Can I bring my dog?").facts]

    assert facts("Dogs aren't allowed in the gallery, I'm afraid.") == [
        "Dogs aren't allowed in the gallery."
    ]
    assert facts("I'm afraid dogs aren't allowed in the gallery.") == [
        "dogs aren't allowed in the gallery."
    ]
    # "I'm afraid I ..." is the bot speaking of itself, not a courtesy before a claim.
    assert facts("I'm afraid I can't find anything about dogs.") == []


GYM = "Customer help for Corewell Gyms: memberships, classes, guests and lockers."
LOCKERS = (
    "Lockers",
    "Lockers. Free lockers are available at every gym. Bring your own padlock; we accept "
    "Visa and Mastercard at the front desk for padlocks.",
)


def test_a_rule_for_every_one_of_a_kind_covers_the_one_the_customer_names():
    result = grade(
        "Are there lockers at the Riverside gym?",
        "Yes, free lockers are available at every gym, including Riverside.",
        GYM,
        LOCKERS,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_a_name_from_the_question_is_not_excused_by_a_rule_about_another_kind():
    result = grade(
        "Can I pay by Amex at the desk?",
        "Yes, Amex is accepted at every gym, along with Visa and Mastercard.",
        GYM,
        LOCKERS,
    )

    assert result.metrics()["groundedness"] < 1.0
    assert result.verdict == "insufficient"


SHOP = "Customer help for Voltline, an electronics shop: orders, delivery, warranty and repairs."
WARRANTY = (
    "Warranty claims",
    "Warranty claims. Every product has a 2-year warranty from the delivery date. To "
    "claim, fill in the form in your account and attach a photo of the fault.",
)


def test_a_pointer_to_a_page_is_a_redirect_with_no_content():
    for response in (
        "You can find everything about warranties on our Warranty page.",
        "See our Warranty claims article for the details.",
        "Full details are in the Warranty section of our help centre.",
    ):
        result = grade("How long is the warranty?", response, SHOP, WARRANTY)

        assert result.verdict == "insufficient", response
        assert result.cause == "no_content", response


def test_an_instruction_naming_a_page_is_still_a_fact():
    result = grade(
        "How do I make a warranty claim?",
        "Fill in the form in your account and attach a photo of the fault.",
        SHOP,
        WARRANTY,
    )

    assert result.verdict == "sufficient"


def test_a_pronoun_fact_takes_its_polarity_from_its_own_words():
    # "They" borrows "demo kayaks" to find its clause, not the denial beside it there.
    result = grade(
        "Can I keep a demo kayak overnight?",
        "No, demo kayaks can't be kept overnight. They must be returned to the boathouse.",
        "Customer help for Riverbend Outdoors: kayak hire, lessons and demo days.",
        (
            "Demo days",
            "Demo days. Demo kayaks must be returned to the boathouse and can't be kept "
            "overnight. Lessons start at 10am.",
        ),
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


SCHOOL = "Customer help for Parlo Language School: courses, fees, levels and certificates."
INSURER = "Customer help for Harrow Insurance: home cover, cover limits, claims and excess."


def test_not_knowing_about_a_subject_of_the_bots_own_scope_is_no_content():
    result = grade(
        "Do you offer exam certificates?",
        "I'm sorry, I don't have any information about certificates. Please contact the "
        "school office.",
        SCHOOL,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "no_content"


def test_declining_a_subject_outside_the_scope_that_shares_a_word_with_it_is_clean():
    result = grade(
        "Can you help me write a cover letter for a job?",
        "Sorry, I can't help with cover letters.",
        INSURER,
    )

    assert result.verdict == "sufficient"


def test_a_recap_of_the_fact_before_restates_it():
    from audits.judges.offline.decompose import split_response
    from audits.judges.offline.redundancy import redundant_of

    for second in (
        "To recap, you get it for ninety minutes.",
        "As I mentioned, that is ninety minutes.",
        "To reiterate, you can stay for an hour and a half.",
    ):
        facts = split_response(
            f"A studio booking lasts 90 minutes. {second}", "How long is a booking?"
        ).facts

        assert redundant_of(list(facts)) == [None, 0], second


def test_every_hour_said_several_ways_is_one_claim_and_supported():
    result = grade(
        "Is the helpline open at night?",
        "Yes, the helpline is open 24/7. The helpline is open day and night. It's open "
        "around the clock.",
        "Customer help for Stillwater Energy: tariffs, meters, bills and the helpline.",
        ("Helpline", "Helpline. Our helpline is open 24 hours a day, 7 days a week."),
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.metrics()["self_distinctness"] < 1
    assert result.verdict == "sufficient"


def test_a_claim_after_a_summing_up_remark_restates_what_came_before():
    from audits.judges.offline.decompose import split_response
    from audits.judges.offline.redundancy import redundant_of

    def restated(response: str) -> list[int | None]:
        return redundant_of(list(split_response(response, "When is my boiler serviced?").facts))

    assert restated("Boiler services take 2 hours. In short: two hours.") == [None, 0]
    assert restated("Boiler services take 2 hours. Just to confirm, it takes two hours.") == [
        None,
        0,
    ]
    # A recap of several facts before restates them.
    assert restated(
        "The first visit is in 3 weeks. A second visit follows 6 months later. "
        "To sum up: 3 weeks, then 6 months."
    ) == [None, None, 0]
    # Without the remark, a bare value is another claim.
    assert restated("Boiler services take 2 hours. Parts arrive in 2 hours.") == [None, None]


def test_a_bare_sorry_before_a_grounded_negative_is_no_part_of_it():
    result = grade(
        "Can the engineer come on a Sunday?",
        "No, sorry — we can't install on Sundays or bank holidays.",
        "Customer help for Orbit Broadband: plans, installation and routers.",
        (
            "Installation",
            "Installation. An engineer visit takes about 2 hours. We can't "
            "install on Sundays or bank holidays.",
        ),
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_prices_of_three_sizes_are_three_things_not_two_values_for_one():
    result = grade(
        "How much are lockers?",
        "Small lockers cost £2 a day. Medium lockers cost £3 a day. Large lockers cost £5 a day.",
        "Customer help for Northgate Station: left luggage, lockers and lost property.",
        (
            "Lockers",
            "Lockers. Small lockers cost £2 a day, medium lockers cost £3 a day and large "
            "lockers cost £5 a day.",
        ),
    )

    assert result.notes["conflicting_facts"] == []
    assert result.verdict == "sufficient"


DELI = "Customer help for Quayside Deli: orders, delivery and catering."
DELIVERY = (
    "Delivery",
    "Delivery. Delivery is free on orders over £30. Smaller orders pay £3.50 for delivery.",
)


def test_a_denial_under_the_bound_the_source_grants_over_it_is_a_grounded_negative():
    result = grade(
        "Is delivery free?",
        "No, delivery isn't free on orders under £30.",
        DELI,
        DELIVERY,
    )

    assert result.metrics()["groundedness"] == 1.0
    assert result.verdict == "sufficient"


def test_a_denial_of_the_same_bound_said_another_way_still_contradicts():
    result = grade(
        "Is delivery free on big orders?",
        "No, delivery isn't free on orders above £30.",
        DELI,
        DELIVERY,
    )

    assert result.verdict == "insufficient"


def test_a_denial_on_the_other_side_of_a_denied_bound_contradicts_it():
    # Both deny; the fact moves the bound's side, so it says the opposite of the rule.
    result = grade(
        "Do I have to bring my old locker key back?",
        "You don't need to return keys that are less than 5 years old.",
        DELI,
        ("Keys", "Locker keys. You don't need to return keys more than 5 years old."),
    )

    assert result.metrics()["groundedness"] == 0.0
