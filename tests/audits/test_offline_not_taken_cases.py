"""The offline judge on a case the business says it won't take a job on ("We can't take
express jobs on leather jackets"): a customer who says their case is that one is not
given the rule's value as if it held; another case is."""

from __future__ import annotations

from audits.judges.offline.cases import _NOT_REACHING_LATER_RE, _kind_cases
from tests.helpers import offline_judge as judge


def test_a_job_the_business_cannot_take_on_a_kind_names_the_kind():
    cases = _kind_cases(
        "We can't take express jobs on leather or suede jackets.", _NOT_REACHING_LATER_RE
    )
    assert (frozenset({"leather"}), "leather") in cases


def test_a_plain_refusal_names_no_case():
    assert _kind_cases("We can't take bookings by email.", _NOT_REACHING_LATER_RE) == ()


DRY_CLEANING = (
    "Express cleaning. If you need it within 24 hours, we can clean your coat as an express "
    "job for a £12 supplement. We can't take express jobs on leather or suede coats. "
    "Express jobs are paid for when you drop them off."
)


def test_an_express_job_for_a_leather_coat_misapplies_the_rule():
    result = judge(
        "I need my coat back tomorrow and it's leather. Can you do it express?",
        "Yes, we can take it as an express job for a £12 supplement.",
        DRY_CLEANING,
    )

    assert result.verdict == "insufficient"
    assert result.metrics()["groundedness"] < 1.0


def test_an_express_job_for_a_wool_coat_is_the_rule():
    result = judge(
        "I need my coat back tomorrow and it's wool. Can you do it express?",
        "Yes, we can take it as an express job for a £12 supplement.",
        DRY_CLEANING,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0
