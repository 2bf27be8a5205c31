"""The offline judge on a service promise in other words: what a business aims to do it
tries to do, and a value "or less" is the value at most ("in 30 minutes or less" is
"within 30 minutes"), a bound read with the value, not a word of its own."""

from __future__ import annotations

from kbaudit.text.tokens import content_stems
from tests.helpers import offline_judge as judge


def test_aiming_to_do_something_is_trying_to():
    assert content_stems("We aim to reply within 2 days.") == content_stems(
        "We try to reply within 2 days."
    )


def test_a_value_or_less_is_a_bound_not_a_word():
    assert "less" not in content_stems("Delivery in 3 days or less.")
    assert "fewer" not in content_stems("Groups of 10 people or fewer.")


def test_more_or_less_and_less_than_keep_their_word():
    assert "less" in content_stems("It takes more or less a week.")
    assert "less" in content_stems("Orders of less than £20 pay postage.")


PLUMBER_CALL_OUT = (
    "Emergency call-outs. For a burst pipe we aim to be with you within 2 hours in the "
    "city and within 4 hours elsewhere. We carry common parts on the van."
)


def test_trying_to_come_in_the_sources_time_or_less_restates_its_aim():
    result = judge(
        "How fast can you come for a burst pipe in the city?",
        "In the city we try to be with you in two hours or less.",
        PLUMBER_CALL_OUT,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_a_shorter_time_or_less_still_contradicts_it():
    result = judge(
        "How fast can you come for a burst pipe in the city?",
        "In the city we try to be with you in one hour or less.",
        PLUMBER_CALL_OUT,
    )

    assert result.verdict == "insufficient"
