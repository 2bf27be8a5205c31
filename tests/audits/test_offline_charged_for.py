"""The offline judge on a charge said from the customer's side: being charged for
something is paying for it ("you'll be charged for the class" is "you'll pay for it");
a battery that is charged, or a charge without "for", keeps its words."""

from __future__ import annotations

from kbaudit.text.tokens import content_stems
from tests.helpers import offline_judge as judge


def test_being_charged_for_something_is_paying_for_it():
    assert content_stems("You'll be charged for the class.") == content_stems(
        "You'll pay for the class."
    )
    assert "pay" in content_stems("Missed sessions are charged for in full.")


def test_other_charges_keep_their_word():
    assert "pay" not in content_stems("The scooter is charged overnight.")
    # A charge denied is free, which the checks on values read.
    assert "pay" not in content_stems("Guests won't be charged for parking.")


YOGA_BOOKINGS = (
    "Booking classes. You can cancel a class booking in the app. Cancellations must be made "
    "by 6pm the day before. After that the class is held for you and you'll be charged for it."
)


def test_cancelling_in_time_and_not_paying_restates_the_rule():
    result = judge(
        "When do I need to cancel a class by?",
        "You've got until 6pm the day before. Make the cancellation in the app by then and you "
        "won't pay for the class.",
        YOGA_BOOKINGS,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_cancelling_later_and_not_paying_is_still_contradicted():
    result = judge(
        "When do I need to cancel a class by?",
        "You've got until 9pm the day before. Make the cancellation in the app by then and you "
        "won't pay for the class.",
        YOGA_BOOKINGS,
    )

    assert result.verdict == "insufficient"
