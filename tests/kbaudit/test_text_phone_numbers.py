"""A telephone number is one value, however its digits are grouped: read group by group
it would be three or four numbers, and a sentence giving a value again after it would
seem to give other values."""

from __future__ import annotations

import pytest

from kbaudit.text.quantities import PHONE, extract_quantities
from tests.helpers import offline_grade


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Call us on 0800 123 4567.", 8001234567),
        ("Ring +44 20 7946 0958 from abroad.", 442079460958),
        ("Our US line is 1-800-555-0199.", 18005550199),
        ("Phone (020) 7946 0958 for help.", 2079460958),
        ("Lines on 0345 300 0000 are open 8am to 8pm.", 3453000000),
    ],
)
def test_a_phone_number_is_one_value(text, number):
    phones = [q for q in extract_quantities(text) if q.unit == PHONE]
    assert [q.low for q in phones] == [number]
    assert all(q.kind == "number" for q in phones)


@pytest.mark.parametrize(
    "text",
    ["Open 9 to 5, 10 to 12 on Sundays.", "Bookings for 2025 2026 open soon.", "Costs £10 0800"],
)
def test_ranges_years_and_short_numbers_are_no_phone_numbers(text):
    assert not [q for q in extract_quantities(text) if q.unit == PHONE]


DOMAIN = "Customer help for Coverwise, a car insurance broker: fees, claims and windscreens."
CLAIMS = (
    "Making a claim",
    "Making a claim. Report any accident to us within 24 hours on 0800 123 4567, even if "
    "you don't intend to claim. Windscreen repairs are handled directly by GlassFix.",
)


def test_the_window_said_again_after_a_phone_number_is_a_restatement():
    result = offline_grade(
        "How quickly do I have to report an accident?",
        "Report any accident to us within 24 hours on 0800 123 4567, even if you're not "
        "planning to claim. So make sure you ring us within a day of the accident.",
        DOMAIN,
        CLAIMS,
    )
    assert result.metrics()["self_distinctness"] == 0.5


def test_a_wrong_phone_number_is_still_a_value_the_source_does_not_give():
    result = offline_grade(
        "What number do I call after an accident?",
        "Call us on 0800 765 4321 within 24 hours of the accident.",
        DOMAIN,
        CLAIMS,
    )
    assert result.metrics()["groundedness"] < 1.0
