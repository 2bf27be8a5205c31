"""The offline judge on a denied modifier said two ways: "unredeemed vouchers" and "the
vouchers you haven't redeemed" name the same things, so only the claim's own denial is
compared."""

from __future__ import annotations

import pytest

from audits.judges.offline.relatives import without_shared_denial
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

VOUCHERS = (
    "Gift vouchers. Vouchers are valid for 12 months from the date of purchase. "
    "When a voucher expires, we do not refund unredeemed vouchers."
)
GAMES = "Returns. Unopened games can be returned within 30 days for a full refund."


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("When a voucher expires, we refund any vouchers you haven't redeemed.", False),
        ("When a voucher expires, we don't refund vouchers you haven't redeemed.", True),
    ],
)
def test_a_relative_clause_restating_an_un_word_leaves_the_claims_polarity(response, right):
    result = judge("What happens to a voucher I never used?", response, VOUCHERS)

    assert grounded(result) is right


def test_a_relative_clause_for_an_affirmed_un_word_stays_supported():
    result = judge(
        "Can I return a game?", "Games you haven't opened can be returned within 30 days.", GAMES
    )

    assert grounded(result)


def test_an_un_word_before_another_noun_is_not_restated():
    assert (
        without_shared_denial(
            "we refund the vouchers you haven't redeemed", "we do not refund unredeemed points"
        )
        is None
    )
