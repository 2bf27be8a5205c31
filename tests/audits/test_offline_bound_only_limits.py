"""The offline judge on a limit of bounds alone ("for under-3s only"): an answer that
states it as the limit it is, to a customer it rules out ("so he's too old for it"),
restates the rule; one that lets the customer in against it, or states another limit,
stays unsupported."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

POOL = (
    "Pool rules. Swimmers must shower before entering the water. The splash pool is for "
    "under-3s only. Lanes are roped off for lessons on weekday mornings."
)
ASKED = "My son is 4, can he use the splash pool?"


@pytest.mark.parametrize(
    "response",
    [
        "No, the splash pool is for under-3s only.",
        "Sorry, the splash pool is for under-3s only, so at four he's too old for it.",
    ],
)
def test_a_bound_only_limit_stated_as_a_limit_restates_the_rule(response):
    assert grounded(judge(ASKED, response, POOL))


@pytest.mark.parametrize(
    "response",
    [
        "Yes, the splash pool is for under-3s, so he can use it.",
        "Yes, he can use the splash pool.",
        "The splash pool is for under-5s only, so at six he'd be too old for it.",
    ],
)
def test_letting_the_customer_in_against_the_limit_stays_unsupported(response):
    assert not grounded(judge(ASKED, response, POOL))
