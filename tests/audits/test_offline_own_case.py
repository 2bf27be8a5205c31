"""A fact that says in its own words the case its value is for ("Drivers under 25 pay
a £250 young driver excess") gives that case's rule: another case the question names
beside it, in another part of the question, is not the case the value is read for."""

from __future__ import annotations

from tests.helpers import fully_grounded, offline_grade

DOMAIN = "Customer help for Coverwise, a car insurance broker: young drivers and black boxes."
YOUNG = (
    "Young drivers",
    "Young drivers. Drivers under 25 pay a £250 young driver excess on top of the standard "
    "excess. A black box policy is offered to drivers aged 17 to 24 and can lower the "
    "premium. On a black box policy, driving between 11pm and 5am on more than two nights "
    "a month adds £50 to the premium at renewal.",
)


def test_a_value_given_with_its_own_case_is_supported_beside_another_asked_case():
    result = offline_grade(
        "What's the young driver excess, and what happens if I drive late at night on a "
        "black box policy?",
        "Drivers under 25 pay a £250 young driver excess on top of the standard excess.",
        DOMAIN,
        YOUNG,
    )
    assert fully_grounded(result)
    assert result.cause == "partial"


def test_the_other_case_s_value_given_for_the_asked_case_is_still_flagged():
    result = offline_grade(
        "I'm on a black box policy. What happens if I drive late at night?",
        "Driving late at night adds £250 to the premium.",
        DOMAIN,
        YOUNG,
    )
    assert not fully_grounded(result)
