"""The offline judge on "otherwise": it opens what happens in the case the claim before
it does not meet, so it is no word a source must say, and the denial after it ("otherwise
they won't stay on your shelf") is not the claim's."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

POOL = (
    "Swimming alone. Swimmers aged 12 and over may swim without an adult. Under-12s must be "
    "accompanied by an adult at all times."
)
EBOOKS = (
    "E-book loans. Borrowed e-books must be renewed every 21 days to stay on your shelf. "
    "You can renew a loan up to three times."
)


def test_otherwise_opening_the_other_case_claims_no_word():
    result = judge(
        "Can my 10-year-old swim on his own?",
        "Only at 12 or over; otherwise an adult has to accompany him.",
        POOL,
    )

    assert grounded(result)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        (
            "Borrowed e-books must be renewed every 21 days, otherwise they won't stay on your shelf.",
            True,
        ),
        ("Borrowed e-books won't stay on your shelf, even when renewed every 21 days.", False),
    ],
)
def test_a_denial_after_otherwise_is_the_other_cases(response, right):
    assert grounded(judge("How long can I keep an e-book?", response, EBOOKS)) is right
