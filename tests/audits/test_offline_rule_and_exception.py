"""The offline judge on an answer giving the usual value beside the value of the
customer's own case: the rule and its exception together, not the rule misapplied."""

from __future__ import annotations

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

VOUCHERS = (
    "Delivery of e-vouchers. E-vouchers are emailed within 15 minutes of payment. If you "
    "paid by cheque, the voucher is sent once the cheque clears, usually within 5 working "
    "days. Vouchers also appear under My orders."
)
QUESTION = "I paid by cheque. When will I get my voucher?"


def test_the_usual_value_beside_the_customers_case_is_not_misapplied():
    result = judge(
        QUESTION,
        "E-vouchers are normally emailed within 15 minutes of payment, but for cheques the "
        "voucher is sent once the cheque clears. That usually takes up to 5 working days.",
        VOUCHERS,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_the_usual_value_alone_is_still_misapplied_to_the_customers_case():
    result = judge(QUESTION, "E-vouchers are emailed within 15 minutes of payment.", VOUCHERS)

    assert not grounded(result)
    assert result.unsupported[0].reason == "condition_misapplied"


def test_another_fact_with_other_values_does_not_state_the_case():
    result = judge(
        "Who has to use the escort service, and what does it cost?",
        "The escort service costs £40 per trip and is mandatory for children aged 12 to 15.",
        "Children travelling alone. Children aged 12 to 15 may travel alone. For children "
        "aged 6 to 11 our escort service is mandatory and costs £40 per trip.",
    )

    assert not grounded(result)
