"""Readings that help-centre answers in fields the judge was not tuned on needed: a rate
read from the sentence about the fact's subject, a regret that opens a claim, and the
place a later sentence says a thing is not allowed in."""

from __future__ import annotations

from tests.helpers import fully_grounded, offline_grade

VANS = "Customer help for Haulright Van Hire: van prices, fuel and late returns."
RETURNS = (
    "Fuel and returns",
    "Fuel and returns. Vans are supplied with a full tank and must be returned full, or we "
    "charge £2 per litre plus a £20 refuelling fee. Late returns are charged £20 for each "
    "hour after the agreed time.",
)


def test_a_rate_is_read_from_the_sentence_about_the_fact_s_subject():
    # The "£20 refuelling fee" counts by nothing; the late-return £20 is by the hour.
    result = offline_grade(
        "What if I'm late back?",
        "Late returns are charged £20 for each day after the agreed time.",
        VANS,
        RETURNS,
    )
    assert not fully_grounded(result)


def test_the_rate_the_sentence_gives_is_supported():
    result = offline_grade(
        "What if I'm late back?",
        "Late returns are charged £20 for each hour after the agreed time.",
        VANS,
        RETURNS,
    )
    assert fully_grounded(result)


MUSIC = "Customer help for Crescendo Music School: lessons, missed lessons and hire."
MISSED = (
    "Missed lessons",
    "Missed lessons. Give at least 24 hours' notice and your teacher will rearrange the "
    "lesson. Lessons missed without notice are not refunded or rearranged.",
)
HIRE = (
    "Instrument hire",
    "Instrument hire. Violins, cellos and clarinets can be hired for £15 a month, with the "
    "first month free for new pupils. Pianos and drum kits are not available to hire.",
)


def test_i_m_afraid_before_any_claim_is_a_regret_not_the_bot_s_own_experience():
    result = offline_grade(
        "If we miss a lesson without telling anyone, can it be moved?",
        "No, I'm afraid lessons missed without notice aren't refunded or rearranged.",
        MUSIC,
        MISSED,
    )
    assert fully_grounded(result)
    assert result.verdict == "sufficient"


def test_not_available_to_hire_names_no_case_of_the_hire_rule():
    result = offline_grade(
        "We're new pupils. Do we pay for the first month of violin hire?",
        "No, new pupils get the first month free.",
        MUSIC,
        HIRE,
    )
    assert fully_grounded(result)


CAMP = "Customer help for Fernhill Campsite: pitches, glamping pods and dogs."
DOGS = (
    "Dogs",
    "Dogs. Up to two dogs are welcome on tent and hook-up pitches, for £3 per dog per night. "
    "Dogs are not allowed in the glamping pods.",
)


def test_the_rule_for_a_place_a_later_sentence_does_not_allow_is_flagged():
    result = offline_grade(
        "We've booked a glamping pod. Can we bring our dog?",
        "Yes! Up to two dogs are welcome, at £3 per dog per night.",
        CAMP,
        DOGS,
    )
    assert result.verdict == "insufficient"


def test_the_rule_for_a_place_it_covers_is_supported():
    result = offline_grade(
        "We've booked a tent pitch. Can we bring our dog?",
        "Yes! Up to two dogs are welcome, at £3 per dog per night.",
        CAMP,
        DOGS,
    )
    assert result.verdict == "sufficient"


DRIVERS = (
    "Who can drive",
    "Who can drive. Drivers aged 23 to 24 pay a young driver fee of £15 a day. Additional "
    "drivers are £8 a day each.",
)


def test_a_price_said_with_another_verb_of_its_own_subject_is_not_moved_to_another():
    # "cost" and "a day" are words the £15 sentence shares, but the £8 is said of
    # additional drivers.
    result = offline_grade(
        "How much is it to add another driver?",
        "Additional drivers cost £8 a day each.",
        VANS,
        DRIVERS,
    )
    assert fully_grounded(result)


def test_the_other_subject_s_price_is_still_flagged():
    result = offline_grade(
        "How much is it to add another driver?",
        "Additional drivers cost £15 a day each.",
        VANS,
        DRIVERS,
    )
    assert not fully_grounded(result)


VAN_PRICES = (
    "Van prices",
    "Van prices. Van | Per day | Weekend. Small van | £45 | £110. Luton van | £75 | £180. "
    "7.5-tonne truck | £120 | £290. The 7.5-tonne truck needs a C1 entitlement on your licence.",
)


def test_a_rule_said_of_one_table_row_moved_to_another_row_is_flagged():
    result = offline_grade(
        "Do I need a special licence for the Luton van?",
        "Yes, the Luton van needs a C1 entitlement on your licence.",
        VANS,
        VAN_PRICES,
    )
    assert not fully_grounded(result)


def test_the_rule_said_of_its_own_row_is_supported():
    result = offline_grade(
        "Do I need a special licence for the truck?",
        "Yes, the 7.5-tonne truck needs a C1 entitlement on your licence.",
        VANS,
        VAN_PRICES,
    )
    assert fully_grounded(result)


STARTING = (
    "Lesson fees",
    "Lesson fees. Lessons are paid by the term. Lesson length | Per term. 30 minutes | £180. "
    "45 minutes | £260. 60 minutes | £340. Pupils under 8 start with 30-minute lessons only.",
)


def test_another_value_for_a_customer_the_source_holds_to_one_by_age_is_flagged():
    result = offline_grade(
        "My daughter is 6. Can she have 45-minute lessons, and how much are they?",
        "Yes, 45-minute lessons are £260 a term.",
        MUSIC,
        STARTING,
    )
    assert result.verdict == "insufficient"


def test_the_value_for_a_customer_outside_the_age_group_is_supported():
    result = offline_grade(
        "My daughter is 10. Can she have 45-minute lessons, and how much are they?",
        "Yes, 45-minute lessons are £260 a term.",
        MUSIC,
        STARTING,
    )
    assert result.verdict == "sufficient"


def test_the_value_the_age_group_is_held_to_is_supported():
    result = offline_grade(
        "My daughter is 6. How much are her lessons?",
        "Pupils under 8 have 30-minute lessons, which are £180 a term.",
        MUSIC,
        STARTING,
    )
    assert fully_grounded(result)
