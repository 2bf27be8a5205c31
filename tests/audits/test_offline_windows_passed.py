"""The offline judge on a rule a source keeps "within" a length of time ("within 7 days
of joining"), given to a customer who says more time has passed."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

GYM = (
    "Joining and leaving. The joining fee is £30. You can leave within 7 days of joining for "
    "a full refund of the joining fee. Monthly fees are not refunded. Memberships run for "
    "12 months."
)
ANSWER = "Yes, you'll get a full refund of the joining fee."


def test_a_rule_within_a_window_does_not_hold_past_it():
    result = judge(
        "I joined a month ago and want to leave. Can I get my joining fee back?", ANSWER, GYM
    )

    assert not grounded(result)


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("I joined 3 days ago and want to leave. Can I get my joining fee back?", ANSWER),
        # How long the customer means to stay is no time that has passed.
        ("I'm joining for a month to try it. If I leave, can I get my joining fee back?", ANSWER),
        # The 12 months are the source's, quoted back: no time that has passed.
        ("I joined on a 12-month membership. Can I get my joining fee back?", ANSWER),
        (
            "I joined a month ago and want to leave. Can I get my joining fee back?",
            "No, the joining fee is refunded only if you leave within 7 days of joining.",
        ),
    ],
)
def test_the_rule_inside_its_window_or_the_window_itself_stays_supported(query, response):
    assert grounded(judge(query, response, GYM))
