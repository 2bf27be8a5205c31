"""A window counted back from today in other words ("in the past month"), declines of an
action ("I can't book ...") and pointers to staff in a shop, read as a documentation
team reads them."""

from __future__ import annotations

from kbaudit.text.dialogue import piece_kind
from tests.helpers import offline_grade as grade

LICENCE = "Customer help for the Driving Licence Agency: renewals, photos, fees and medical rules."
PHOTOS = (
    "Licence photos",
    "Licence photos. You must not wear sunglasses in the photo. Photos must have been "
    "taken within the last month and show your full face against a plain background.",
)
BOATS = "Customer help for Lakeside Boat Hire: rowing boats, kayaks, life jackets and deposits."


def test_in_the_past_month_restates_within_the_last_month():
    # Without the fold, "It" borrows "sunglasses" and "photo" from the fact before and
    # is read against "must not wear sunglasses" as a contradiction.
    result = grade(
        "Can I wear sunglasses in my licence photo?",
        "No, sunglasses aren't allowed in the photo. It also has to have been taken "
        "in the past month.",
        LICENCE,
        PHOTOS,
    )
    assert result.verdict == "sufficient", result.rationale
    assert result.metrics()["groundedness"] == 1.0


def test_the_opposite_of_the_clause_its_own_words_find_is_still_a_contradiction():
    result = grade(
        "Can I wear sunglasses in my licence photo?",
        "Yes, sunglasses are allowed in the photo.",
        LICENCE,
        PHOTOS,
    )
    assert result.verdict == "insufficient"


def test_declining_to_book_something_is_a_refusal():
    assert piece_kind("Sorry, I can't book fishing trips.") == "refusal"
    assert piece_kind("I cannot reserve a mooring for you.") == "refusal"
    result = grade(
        "Can you book me a fishing trip on Saturday?",
        "Sorry, I can't book fishing trips. I can only help with boat hire at Lakeside.",
        BOATS,
    )
    assert result.verdict == "sufficient", result.rationale
    assert result.cause is None


def test_asking_in_the_shop_is_a_redirect():
    assert piece_kind("Please ask in the shop and they'll help you out.") == "redirect"
    assert piece_kind("You can ask at reception on the day.") == "redirect"
    assert piece_kind("Kayaks can be collected at the boathouse desk.") == "fact"
