"""The offline judge on a price said as where it starts: "start from £40", "starting at
$9" is "from £40", "from $9"; a time a thing starts at keeps its start."""

from __future__ import annotations

from kbaudit.text.tokens import content_stems
from tests.helpers import offline_judge as judge


def test_a_price_that_starts_from_an_amount_is_from_that_amount():
    assert content_stems("Haircuts start from £25.") == content_stems("Haircuts from £25.")
    assert content_stems("Plans starting at $9 a month.") == content_stems("Plans from $9 a month.")


def test_a_start_at_a_time_or_a_place_keeps_its_start():
    assert "start" in content_stems("Classes start at 9am.")
    assert "start" in content_stems("Tours start from the main gate.")


BIKE_REPAIRS = (
    "Bike servicing. We repair road and mountain bikes from £15 per repair, parts extra. "
    "Most repairs are done within 2 days."
)


def test_repairs_starting_from_the_sources_price_are_supported():
    result = judge("What does a repair cost?", "Repairs start from £15 each.", BIKE_REPAIRS)

    assert result.verdict == "sufficient"
    assert result.metrics()["groundedness"] == 1.0


def test_lessons_starting_at_the_sources_price_are_supported():
    result = judge(
        "What do lessons cost?",
        "Lessons start at £30 each, and you can pay by card.",
        "Lessons and fees. We teach piano and violin from £30 per lesson. You can pay by "
        "card or bank transfer.",
    )

    assert result.metrics()["groundedness"] == 1.0


def test_repairs_starting_from_another_price_are_not():
    result = judge("What does a repair cost?", "Repairs start from £12 each.", BIKE_REPAIRS)

    assert result.verdict == "insufficient"
