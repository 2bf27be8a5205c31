"""The offline judge on everyday wording of what to bring and when: "bring along" is
"bring", what you plan to do is what you will do, and "each time you come in" is
whenever you do."""

from __future__ import annotations

from kbaudit.text.tokens import content_stems
from tests.helpers import offline_judge as judge


def test_bringing_something_along_is_bringing_it():
    assert content_stems("Bring along your passport.") == content_stems("Bring your passport.")
    assert content_stems("Take your card along.") == content_stems("Take your card.")


def test_along_a_path_keeps_its_word():
    assert "along" in content_stems("Walk along the canal to the gate.")


def test_what_you_plan_to_do_is_what_you_will_do():
    assert content_stems("the boots you plan to use") == content_stems("the boots you'll use")
    assert content_stems("if you're intending to travel") == content_stems("if you travel")


def test_a_plan_that_is_a_thing_keeps_its_word():
    assert "plan" in content_stems("Your plan renews every month.")


def test_each_time_you_do_something_is_whenever_you_do():
    assert "tim" not in content_stems("Show your card each time you visit.")
    assert "tim" in content_stems("Allow plenty of time for the journey.")


CLIMBING_WALL = (
    "Your first visit. Please bring the climbing shoes and chalk bag you'll use to every "
    "session. Sessions last up to 2 hours and the wall opens at 10am."
)


def test_bringing_your_kit_along_each_time_restates_every_session():
    result = judge(
        "Do I need to bring anything?",
        "Yes, please bring along the climbing shoes and chalk bag you plan to use, each time "
        "you come in.",
        CLIMBING_WALL,
    )

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_bringing_other_kit_is_still_unsupported():
    result = judge(
        "Do I need to bring anything?",
        "Yes, please bring along a harness and a helmet you plan to use, each time you come in.",
        CLIMBING_WALL,
    )

    assert result.metrics()["groundedness"] < 1.0
