"""The offline judge on a case named by a length ("for customers on 24-month contracts"):
a customer who names theirs by another length ("my 12-month contract") is not in it."""

from __future__ import annotations

import pytest

from kbaudit.text.conditions import Condition, window_exceeded
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

PHONES = (
    "Contract extras. Wireless earbuds are included for customers on 24-month contracts. "
    "Screen insurance costs £6 a month on any contract."
)
ANSWER = "Yes, the wireless earbuds are included with your contract."


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I'm on a 12-month contract. Do I get the wireless earbuds?", False),
        ("I'm on a 24-month contract. Do I get the wireless earbuds?", True),
    ],
)
def test_a_case_named_by_a_length_holds_only_for_that_length(query, right):
    assert grounded(judge(query, ANSWER, PHONES)) is right


def test_a_length_said_otherwise_is_not_read_as_a_kind():
    text = "on 24-month contracts"
    condition = Condition(text, frozenset(), tuple(extract_quantities(text)), any_of=False)

    # "for 12 months" says how long, not which kind of contract.
    assert not window_exceeded(condition, extract_quantities("I've been with you for 12 months"))
    assert window_exceeded(condition, extract_quantities("my 12-month contract"))
