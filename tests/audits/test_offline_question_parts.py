"""The offline judge reads each fact against the part of a several-part question it
answers: a case another part states is not this part's."""

from __future__ import annotations

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

SCOOTERS = (
    "Scooter hire. Unlocking a scooter costs £1, then £0.20 per minute for pay-as-you-go "
    "riders and £0.12 per minute for subscribers. Scooters must be left in a marked bay."
)
QUESTION = "What does it cost to unlock a scooter, and what's the per-minute rate for subscribers?"


def test_a_case_named_in_another_part_does_not_bind_this_parts_value():
    result = judge(QUESTION, "Unlocking a scooter costs £1.", SCOOTERS)

    assert grounded(result)
    assert result.verdict == "insufficient"
    assert result.cause == "partial"


def test_both_parts_answered_with_their_own_values_are_sufficient():
    result = judge(
        QUESTION, "Unlocking a scooter costs £1, then subscribers pay £0.12 per minute.", SCOOTERS
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


PHOTO_PLANS = (
    "Cloud photo plans. Basic: 50 GB of storage for £2 a month. Pro: 200 GB of storage for "
    "£5 a month. Family: 1 TB of storage for £9 a month, shared by up to 5 people."
)


def test_how_much_more_of_a_thing_asks_for_a_quantity_not_a_price():
    result = judge(
        "How much more is Pro than Basic each month, and how much more storage do I get?",
        "Pro is £3 a month more than Basic (£5 against £2), and it gives you 150 GB more "
        "storage (200 GB against 50 GB).",
        PHOTO_PLANS,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


HOME_CHARGERS = (
    "Home chargers. The Standard charger gives 7 kW for £499 installed. The Rapid charger "
    "gives 22 kW for £899 installed. Installation takes about 3 hours."
)


def test_one_fact_giving_a_speed_and_a_price_answers_both_parts():
    result = judge(
        "How fast is the Rapid charger and what does it cost?",
        "For £899 installed, the Rapid charger gives you 22 kW.",
        HOME_CHARGERS,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["response_query_coverage"] == 1.0


def test_one_value_does_not_answer_two_parts_asking_two_kinds():
    result = judge(
        "What does the Rapid charger cost, and how long does installation take?",
        "The Rapid charger costs £899 installed.",
        HOME_CHARGERS,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "partial"


HOME_COVER = (
    "Home Assist. Home Assist costs £12 a month. It pays for a plumber or an electrician "
    "to call out, up to £500 a year. Boiler repairs need the Boiler Extra add-on, at £6 a "
    "month."
)


def test_what_a_thing_covers_is_answered_by_what_it_does():
    result = judge(
        "How much is Home Assist, and what does it cover?",
        "Home Assist costs £12 a month. It pays for a plumber or an electrician to call out, "
        "up to £500 a year.",
        HOME_COVER,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["response_query_coverage"] == 1.0


def test_what_a_thing_covers_is_not_answered_by_its_price_alone():
    result = judge(
        "How much is Home Assist, and what does it cover?",
        "Home Assist costs £12 a month.",
        HOME_COVER,
    )

    assert result.verdict == "insufficient"
    assert result.cause == "partial"
