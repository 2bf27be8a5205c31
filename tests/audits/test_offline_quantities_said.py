"""The offline judge on values said in other words: counts, shares, frequencies, kinds
of day, weights, lengths and volumes, each read as the value it is."""

from __future__ import annotations

import pytest

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import digits_for_number_words
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge


def values(text: str) -> list[tuple[str, float, float, str]]:
    return [
        (own.kind, round(own.low, 4), round(own.high, 4), own.unit)
        for own in extract_quantities(digits_for_number_words(text))
    ]


# --- Number words -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("The box holds a dozen bottles.", "The box holds 12 bottles."),
        ("The pack has two dozen cans.", "The pack has 24 cans."),
        ("Each locker holds half a dozen boxes.", "Each locker holds 6 boxes."),
        ("Up to two thousand five hundred subscribers.", "Up to 2500 subscribers."),
        ("It was two thousand and five.", "It was 2005."),
        ("The venue holds twelve hundred guests.", "The venue holds 1200 guests."),
        ("We give you 1.5k points.", "We give you 1500 points."),
        ("The plan includes 2k minutes.", "The plan includes 2000 minutes."),
        ("Samples are kept for a decade.", "Samples are kept for 10 years."),
        ("Lockers cost a pound per use.", "Lockers cost 1 pound per use."),
    ],
)
def test_counts_said_in_words_are_written_as_digits(text, written):
    assert digits_for_number_words(text) == written


def test_thousands_before_a_small_count_of_something_else_stay_apart():
    assert digits_for_number_words("two thousand, 30 of them") == "2000, 30 of them"


# --- Shares -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("You get half off your first box.", "You get 50% off your first box."),
        ("Half-price tickets for students.", "50% off tickets for students."),
        ("The fee is two and a half percent.", "The fee is 2.5 percent."),
        ("You get half a percent cashback.", "You get 0.5% cashback."),
        ("Two thirds of the cost is covered.", "67% of the cost is covered."),
        ("A refund of three quarters applies.", "A refund of 75% applies."),
    ],
)
def test_shares_said_in_words_are_written_as_percentages(text, written):
    assert digits_for_number_words(text) == written


def test_quarters_of_the_year_stay_quarters():
    assert digits_for_number_words("in three quarters of the year") == ("in 3 quarters of the year")


# --- How often, how long ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("You can change your plan twice a year.", "You can change your plan 2 times 1 year."),
        ("Readings are taken two times a day.", "Readings are taken 2 times 1 day."),
        ("Meals are served thrice daily.", "Meals are served 3 times daily."),
        ("We email you one time a month.", "We email you once 1 month."),
        ("Wait a day before trying again.", "Wait 1 day before trying again."),
        ("Allow a week for delivery.", "Allow 1 week for delivery."),
    ],
)
def test_frequencies_and_waits_are_written_one_way(text, written):
    assert digits_for_number_words(text) == written


def test_twice_the_price_is_left_to_the_arithmetic():
    assert digits_for_number_words("It costs twice the price.") == "It costs twice the price."


def test_a_year_and_a_half_is_eighteen_months():
    assert values("valid for a year and a half") == values("valid for 18 months")
    assert values("for 2.5 years") == values("for 30 months")
    assert values("for 2 years") == values("for 24 months")


def test_working_and_calendar_days_differ_when_both_are_said():
    working, calendar, plain = (
        extract_quantities(text)[0] for text in ("5 working days", "5 calendar days", "5 days")
    )

    assert not working.same_value(calendar)
    assert not calendar.same_value(working)
    assert working.same_value(extract_quantities("5 business days")[0])
    # An answer that drops the qualifier still states the source's length.
    assert plain.same_value(working) and working.same_value(plain)


# --- Ages, dates --------------------------------------------------------------------


def test_an_age_meets_the_bare_number_a_rule_gives_it():
    age = extract_quantities("You must be 18 or older.")[0]
    bare = extract_quantities("You must be at least 18.")[0]

    assert (age.kind, bare.kind) == ("age", "number")
    assert age.same_value(bare)


def test_under_18s_are_those_under_18():
    assert digits_for_number_words("Under-18s need consent.") == "Under 18 need consent."


def test_sept_is_september():
    assert values("Entries close on Sept 30.") == values("Entries close on 30 September.")


# --- Weights, lengths and volumes ---------------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("23 kg", "23 kilos"),
        ("23kg", "23 kilograms"),
        ("2 kg", "2,000 g"),
        ("5 km", "5,000 metres"),
        ("55 cm", "550 mm"),
        ("50 litres", "50 l"),
        ("500 ml", "half a litre"),
        ("a 19-inch wheel", "19 inches"),
        ("3.45 mi", "3.45 miles"),
    ],
)
def test_one_measure_said_in_two_units_is_one_value(one, other):
    assert values(one)[0][1:] == values(other)[0][1:]


@pytest.mark.parametrize(
    ("one", "other"),
    [("23 kg", "23 lb"), ("2 m long", "2 cm long"), ("5 km", "5 miles"), ("30 cm", "30 inches")],
)
def test_measures_in_other_units_are_other_values(one, other):
    mine, theirs = extract_quantities(one)[-1], extract_quantities(other)[-1]

    assert not mine.same_value(theirs)


def test_a_weight_and_a_volume_are_never_one_value():
    weight, volume = extract_quantities("2 kg")[0], extract_quantities("2 litres")[0]

    assert weight.low == volume.low
    assert not weight.same_value(volume)


def test_a_bare_number_meets_the_measure_it_was_said_with():
    bare, weight = extract_quantities("The limit is 23.")[0], extract_quantities("23 kg")[0]

    assert bare.same_value(weight) and weight.same_value(bare)


def test_five_million_users_are_no_length():
    assert all(unit != "length" for *_, unit in values("We serve 5m users."))
    assert values("The cable is 5 metres long.")[0][3] == "length"


# --- End to end ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "response"),
    [
        ("Returns. Returns are accepted within 14 days of delivery.", "You have a fortnight."),
        ("Luggage. Each bag may weigh up to 23 kg.", "Each bag may weigh up to 23 kilos."),
        ("Stamps. A second-class stamp costs 50p.", "A second-class stamp costs £0.50."),
        (
            "Account. Profile changes are allowed twice a year.",
            "Profile changes are allowed 2 times a year.",
        ),
        ("Ages. Riders must be at least 16.", "Riders must be 16 or older."),
    ],
)
def test_a_value_said_another_way_is_supported(source, response):
    assert grounded(judge("Can you tell me about this?", response, source))


@pytest.mark.parametrize(
    ("source", "response"),
    [
        ("Refunds. Refunds take 5 working days.", "Refunds take 5 calendar days."),
        ("Luggage. Each bag may weigh up to 23 kg.", "Each bag may weigh up to 23 lb."),
        ("Trails. The trail is 10 km long.", "The trail is 10 miles long."),
        (
            "Account. Profile changes are allowed twice a year.",
            "Profile changes are allowed 3 times a year.",
        ),
    ],
)
def test_a_value_said_another_way_but_different_is_flagged(source, response):
    assert not grounded(judge("Can you tell me about this?", response, source))


# --- How often -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "source", "response"),
    [
        (
            "How often can I skip a delivery?",
            "You can skip a delivery twice a month, from your account page.",
            "You can skip a delivery once a month.",
        ),
        (
            "How often do you send statements?",
            "We send statements every quarter by email.",
            "Statements come once a month, by email.",
        ),
        (
            "How often are bins collected?",
            "General waste bins are collected fortnightly.",
            "Your general waste bin is collected once a week.",
        ),
    ],
)
def test_once_in_a_period_is_a_count_the_source_must_not_contradict(question, source, response):
    assert not grounded(judge(question, response, source))


@pytest.mark.parametrize(
    ("question", "source", "response"),
    [
        (
            "How often do you send statements?",
            "We send statements monthly.",
            "We send you a statement once a month.",
        ),
        (
            "How often do you send statements?",
            "We send statements every quarter by email.",
            "Statements come once a quarter, by email.",
        ),
        (
            "When is interest paid?",
            "Interest is paid annually, on the anniversary of opening the account.",
            "Interest is paid once a year.",
        ),
    ],
)
def test_how_often_said_another_way_is_supported(question, source, response):
    assert grounded(judge(question, response, source))


def test_once_as_a_conjunction_and_a_kind_of_plan_state_no_period():
    assert values("Once you have paid, we send your order.") == []
    assert values("The monthly membership needs notice.") == []
    assert values("Monthly and annual plans both renew.") == []
    assert values("We bill you monthly.") == [("duration", 30.0, 30.0, "day")]
    assert values("Once a quarter we check the meter.")[0] == ("number", 1.0, 1.0, "tim")
