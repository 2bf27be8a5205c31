"""The offline judge on "plus any" beside a price: whatever comes plus any is charged on
top ("£90, plus any parts" of "parts are charged on top"); "plus" before a second price
of its own, and "Plus" the plan, keep their word."""

from __future__ import annotations

from kbaudit.text.tokens import content_stems
from tests.helpers import offline_judge as judge


def test_plus_any_beside_a_price_is_extra():
    assert content_stems("£40 plus any postage") == content_stems("£40 extra any postage")
    assert "plus" not in content_stems("It's £12, plus any parts.")


def test_plus_a_second_price_keeps_its_word():
    assert "plus" in content_stems("£20 a night plus a booking fee of £5")


def test_plus_as_a_name_or_an_opening_word_keeps_its_word():
    assert "plus" in content_stems("Upgrade to Plus for £5 a month.")
    assert "plus" in content_stems("Plus, you get free delivery.")


BOILER_SERVICE = (
    "Service charges. A boiler service is £80 and covers the first hour. After that, "
    "labour is £30 per half hour. Parts are charged on top."
)


def test_a_worked_total_plus_parts_is_supported():
    result = judge(
        "What does a service cost if it takes an hour and a half?",
        "A boiler service is £80, which covers the first hour. The extra half hour is £30, "
        "so £110 in all, plus any parts.",
        BOILER_SERVICE,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_parts_plus_the_price_against_parts_included_are_not_supported():
    result = judge(
        "What does a service cost if it takes an hour and a half?",
        "A boiler service is £80, which covers the first hour. The extra half hour is £30, "
        "so £110 in all, plus any parts.",
        "Service charges. A boiler service is £80 and covers the first hour. After that, "
        "labour is £30 per half hour. Parts are included in the price.",
    )

    assert result.verdict == "insufficient"
    assert result.metrics()["groundedness"] < 1.0
