"""The offline judge on values said otherwise than the source: roughly ("about 400
miles" may stand for 386, never "about 386 miles" for 375) or counted by another unit
("£4 an hour" is not "£4 per session")."""

from __future__ import annotations

from audits.judges.offline.values import _rounder
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge


def test_a_rough_value_must_be_rounder_than_the_exact_one():
    exact = extract_quantities("375 mi")[0]

    assert not _rounder(extract_quantities("386 miles")[0], exact)
    assert _rounder(extract_quantities("400 miles")[0], exact)
    assert _rounder(extract_quantities("10 pounds")[0], extract_quantities("£9.99")[0])


RIVER = "Rivers. The Powder River is 375 miles long."


def test_approximately_a_rounder_length_is_supported():
    result = judge("How long is the Powder River?", "It is about 380 miles long.", RIVER)

    assert grounded(result)


def test_approximately_a_length_no_rounder_than_the_stated_one_is_not_supported():
    result = judge("How long is the Powder River?", "It is about 386 miles long.", RIVER)

    assert not grounded(result)


# --- A price per thing is no price per hour -----------------------------------------

SHOES = "Kit hire. Climbing shoes cost £4 per session and a harness costs £3 per session."


def test_a_price_per_session_said_per_hour_is_flagged():
    result = judge("How much is shoe hire?", "Shoe hire is £4 an hour.", SHOES)

    assert not grounded(result)


def test_a_price_per_user_and_month_said_per_month_is_supported():
    result = judge(
        "How much is the Team plan?",
        "The Team plan is £8 a month.",
        "Plans. The Team plan costs £8 per user per month.",
    )

    assert grounded(result)
