"""The offline judge on values read from a table: a cell holds for its own row and
column, named around the value, in the whole answer, or else by the question."""

from __future__ import annotations

import pytest

from audits.judges.offline.sources import plain_lines
from audits.judges.offline.tables import _band
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import digits_for_number_words
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

CAR_PARKS = (
    "Parking charges. Stay | Car park 1 | Car park 2. Up to 2 hours | £3 | £2. "
    "2 to 6 hours | £7 | £5. All day | £12 | £9."
)
DELIVERY = (
    "Delivery by region. Region | Standard | Express. North (Leeds, York and Hull) | £5 | £9. "
    "South (Bristol, Bath and Exeter) | £9 | £14. Orders are packed within one working day."
)
POSTAGE = (
    "Postage. Weight | Domestic | International. Up to 2 kg | £4 | £10. "
    "2 to 10 kg | £8 | £18. Over 10 kg | £14 | £30."
)
LESSONS = (
    "Driving lessons. Lesson | Basic | Premium. One hour | £30 | £24. Two hours | £55 | £44. "
    "Premium members book up to 4 weeks ahead."
)


def test_a_header_whose_columns_carry_a_number_is_still_the_header():
    lines = plain_lines(CAR_PARKS)

    assert "For Car park 1, Up to 2 hours: £3." in lines
    assert "For Car park 2, All day: £9." in lines


@pytest.mark.parametrize(
    ("response", "right"),
    [("All day there costs £12.", False), ("All day there costs £9.", True)],
)
def test_the_column_the_question_names_by_its_number_decides(response, right):
    result = judge(
        "I'm leaving the car in car park 2 all day. What will I pay?", response, CAR_PARKS
    )

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [("Standard delivery costs £9.", False), ("Standard delivery costs £5.", True)],
)
def test_a_row_is_named_by_one_of_the_places_it_lists(response, right):
    result = judge("I live in York. How much is standard delivery?", response, DELIVERY)

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("International postage for it is £10.", False),
        ("International postage for it is £18.", True),
    ],
)
def test_a_band_row_is_named_by_a_value_inside_it(response, right):
    result = judge(
        "My parcel weighs 5 kg and is going international. What's the postage?", response, POSTAGE
    )

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [("A two-hour lesson costs £44.", False), ("A two-hour lesson costs £55.", True)],
)
def test_a_column_the_customer_says_they_are_not_in_is_ruled_out(response, right):
    result = judge("I'm not a Premium member. How much is a two-hour lesson?", response, LESSONS)

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("For two hours it's £44 on Basic and £55 on Premium.", False),
        ("For two hours it's £55 on Basic and £44 on Premium.", True),
    ],
)
def test_each_value_of_a_fact_is_read_with_the_column_named_after_it(response, right):
    result = judge("How much are two-hour lessons on each plan?", response, LESSONS)

    assert grounded(result) is right
    assert (result.verdict == "sufficient") is right


CLASSES = (
    "Class prices. Class | Standard | Club. Yoga | £12 | £7. Pilates | £14 | £9. "
    "Club members book up to 14 days ahead."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [("A yoga class is £7.", False), ("A yoga class is £12.", True)],
)
def test_a_customer_who_is_not_a_member_is_in_the_ordinary_column(response, right):
    result = judge("I'm not a member. How much is a yoga class?", response, CLASSES)

    assert grounded(result) is right


SHIPPING = (
    "Shipping. Region | Standard | Members. Region 1 (Paris and Lyon) | €5 | free. "
    "Region 2 (Corsica and overseas) | €12 | €4. Free standard shipping on orders over €60 "
    "applies only in Region 1. Members' prices apply only to orders of €20 or more."
)


@pytest.mark.parametrize(
    ("query", "right"),
    [
        ("I live in Corsica and my order is €80. Is standard shipping free?", False),
        ("I live in Lyon and my order is €80. Is standard shipping free?", True),
    ],
)
def test_a_rule_kept_to_some_rows_is_flagged_for_a_row_the_question_names(query, right):
    result = judge(query, "Yes, orders over €60 ship free.", SHIPPING)

    assert grounded(result) is right


@pytest.mark.parametrize(("order", "right"), [("€15", False), ("€35", True)])
def test_a_columns_values_kept_to_a_bound_the_customer_misses_are_flagged(order, right):
    result = judge(
        f"I'm a member in Paris and my order is {order}. What's shipping?",
        "As a member in Region 1, shipping is free.",
        SHIPPING,
    )

    assert grounded(result) is right


VET = (
    "Treatments. Treatment | Standard | Pet Plan. Consultation | £48 | free. "
    "Nail clip | £12 | free."
)


def test_a_column_the_fact_itself_rules_out_is_not_the_one_it_names():
    result = judge(
        "I don't have the Pet Plan. Is a nail clip free?",
        "No, without the Pet Plan a nail clip is £12.",
        VET,
    )

    assert grounded(result)


def test_a_tables_head_says_nothing_of_the_thing_a_cell_prices():
    source = (
        "Delivery prices. Size | Local | National | Overseas. Small | £3 | £6 | £12. "
        "Large | £8 | £15 | £30. Boxes to Overseas addresses need a customs label."
    )
    result = judge(
        "How much is a large box to National?", "A large box to National is £15.", source
    )
    assert grounded(result)


def test_a_noun_spelled_like_a_verb_still_opens_the_subject():
    # "charges" before "can" is the thing the sentence is about, not its verb.
    source = (
        "Paying for treatment. Private treatment over £500 can be spread over 10 months. "
        "Council charges are paid in full when the work starts."
    )
    result = judge(
        "Can I spread my council charges?",
        "Yes, council charges can be spread over 10 months as well.",
        source,
    )
    assert not grounded(result)


# --- Columns that are bands of distance or time, rows named by a band or an age ------

TAXI = (
    "Airport transfers. Car | Up to 10 miles | 10 to 40 miles | Over 40 miles. "
    "Saloon (4 seats) | £35 | £70 | £120. 7-seat people carrier | £50 | £95 | £160."
)
SWIMMING = (
    "Swimming lessons. Age | Weekday (4pm to 6pm) | Weekend (9am to 12pm). "
    "Under 5 | £9 | £11. 5 to 10 years | £8 | £10. 11 to 16 years | £7 | £9."
)


def test_a_header_of_distance_bands_is_still_the_header():
    lines = plain_lines(TAXI)

    assert "For 10 to 40 miles, Saloon (4 seats): £70." in lines
    assert "For Over 40 miles, 7-seat people carrier: £160." in lines


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("For a 7-seat people carrier it's £50.", False),
        ("For a 7-seat people carrier it's £95.", True),
    ],
)
def test_a_distance_the_customer_gives_picks_the_band_column(response, right):
    result = judge(
        "We're five and need a people carrier to the airport, about 25 miles away. How much?",
        response,
        TAXI,
    )

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [("For a 4-year-old a weekend lesson is £10.", False), ("A weekend lesson is £11.", True)],
)
def test_an_age_names_the_row_whose_band_holds_it(response, right):
    result = judge("My daughter is 4. What's a weekend lesson?", response, SWIMMING)

    assert grounded(result) is right


@pytest.mark.parametrize(("response", "right"), [("It's £9.", False), ("It's £8.", True)])
def test_a_row_under_an_age_holds_no_child_of_that_age(response, right):
    result = judge("My son is 5. What's a weekday lesson?", response, SWIMMING)

    assert grounded(result) is right


def test_the_number_in_a_row_name_is_no_claim_of_its_own():
    result = judge(
        "How much for the saloon, going 30 miles?", "A saloon with 4 seats is £70.", TAXI
    )

    assert grounded(result) is True


def test_an_age_range_said_of_a_child_names_its_row():
    result = judge(
        "What's a weekday lesson for an older child?",
        "For an 11 to 16 year old a weekday lesson is £7.",
        SWIMMING,
    )

    assert grounded(result) is True


DOG_DAYCARE = "Dog daycare. Dog size | Half day | Full day. Small | £18 | £30. Large | £22 | £36."


def test_a_price_before_a_half_day_is_not_a_mixed_number():
    result = judge(
        "How much more is a full day than a half day for my small dog?",
        "A full day is £30 and a half day is £18, so a full day costs £12 more.",
        DOG_DAYCARE,
    )

    assert grounded(result) is True


VAN_HIRE = (
    "Van hire. Van | Half day | Full day. Small van | £40 | £65. Luton van | £70 | £110. "
    "Hires over a bank holiday weekend cost 20% more."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("A Luton van for a full day is £110.", False),
        ("A Luton van for a full day is £110, and 20% more over a bank holiday, so £132.", True),
    ],
)
def test_a_case_the_question_tells_changes_the_tables_price(response, right):
    result = judge(
        "We need a Luton van for the whole day over the bank holiday weekend. What will it cost?",
        response,
        VAN_HIRE,
    )

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("text", "kinds"),
    [("A half-day session includes lunch.", []), ("You save a half on lunch.", ["percent"])],
)
def test_a_half_day_said_with_a_hyphen_is_no_share(text, kinds):
    found = extract_quantities(digits_for_number_words(text))

    assert [own.kind for own in found] == kinds


CINEMA = (
    "Ticket prices. Showing | Standard | Concession (over 65s, students) | Child (under 15s). "
    "Evening | £12 | £9 | £7. Matinee | £9 | £7 | £5."
)


def test_a_column_name_with_a_comma_in_brackets_is_still_one_column():
    assert "For Concession (over 65s, students), Evening: £9." in plain_lines(CINEMA)


@pytest.mark.parametrize(
    ("query", "response", "right"),
    [
        ("I'm 70. What's an evening ticket?", "An evening ticket is £12.", False),
        ("I'm 70. What's an evening ticket?", "An evening ticket is £9.", True),
        ("My son is 11. What's a matinee ticket for him?", "A matinee ticket is £7.", False),
        ("My son is 11. What's a matinee ticket for him?", "A matinee ticket is £5.", True),
    ],
)
def test_an_age_names_the_column_of_the_ages_it_is_for(query, response, right):
    assert grounded(judge(query, response, CINEMA)) is right


BIKE_TRADE_IN = (
    "Trade-in. We buy used bikes by type and condition. Type | Good | Worn. Road bikes | "
    "up to £300 | up to £120. Mountain bikes | up to £250 | up to £90. You can take the "
    "trade-in value as cash, or as store credit worth 10% more."
)


def test_a_word_of_the_sections_heading_is_no_case_of_a_surcharge_beside_the_table():
    result = judge(
        "What can I get for trading in my worn road bike?",
        "A worn road bike fetches up to £120.",
        BIKE_TRADE_IN,
    )

    assert grounded(result)


MOWER_TRADE_IN = (
    "Trade-in. We buy back old mowers by age and condition. Age | Working | Not working. "
    "Under 5 years old | up to £120 | £15. 5 years old or older | up to £40 | £5."
)


def test_a_bound_the_answer_restates_does_not_name_the_row_it_starts():
    result = judge(
        "My mower is two years old and still works. What would you pay?",
        "As it's less than five years old and working, you'd get up to £120.",
        MOWER_TRADE_IN,
    )

    assert grounded(result)


PERMITS = (
    "Resident permits. Zone | Yearly price. A | £80. B | £120. C | £160. Permits run for 12 "
    "months from the day they are issued."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("A permit in zone C costs £160 a year.", True),
        ("A permit in zone C costs £80 a year.", False),
    ],
)
def test_a_one_letter_row_is_not_named_by_the_article_a(response, right):
    result = judge("I live in zone C. What does a permit cost?", response, PERMITS)

    assert grounded(result) is right


COURT_HIRE = (
    "Court hire. Court | Weekday daytime | Evening, weekend or bank holiday. "
    "Tennis court | £12 | £18. Squash court | £9 | £14. Courts are booked by the hour."
)


def test_a_column_that_lists_its_cases_with_commas_stays_one_column():
    lines = plain_lines(COURT_HIRE)

    assert "For Evening / weekend or bank holiday, Tennis court: £18." in lines


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("A tennis court at the weekend costs £18 an hour.", True),
        ("A tennis court in the evening is £18 an hour.", True),
        ("A tennis court at the weekend costs £12 an hour.", False),
        ("A squash court at the weekend costs £18 an hour.", False),
    ],
)
def test_a_case_listed_in_a_column_name_names_that_column(response, right):
    result = judge("How much is a tennis court at the weekend?", response, COURT_HIRE)

    assert grounded(result) is right


MUSIC_EXAMS = (
    "Exams. Entry fees depend on the grade. Grade | Fee. Grades 1 to 3 | £50. Grades 4 to 5 | "
    "£62. Grades 6 to 8 | £85."
)


def test_a_number_written_after_its_noun_picks_the_row_whose_range_holds_it():
    flagged = judge("What's the exam fee for Grade 5?", "Grade 5 is £85.", MUSIC_EXAMS)
    assert not grounded(flagged)
    right = judge("What's the exam fee for Grade 5?", "Grade 5 is £62.", MUSIC_EXAMS)
    assert grounded(right)


def test_a_range_of_numbers_after_a_noun_is_a_band_only_of_that_noun():
    band = _band("Grades 4 to 5")
    assert band is not None and band.noun == "grade"
    assert band.holds(extract_quantities("Grade 5")[0], "Grade 5")
    assert not band.holds(extract_quantities("5 pupils")[0], "5 pupils")
    assert _band("Zone 1") is None


STREAMING = (
    "Plans. Billing | Basic | Family Plus. Monthly | £6 | £10. Yearly | £60 | £100. "
    "You can change plan at any time."
)
SEATS = (
    "Seat upgrades. Route | Standard | Comfort Plus. Short haul | £25 | £40. Long haul | £60 | £95."
)


@pytest.mark.parametrize(
    ("query", "response", "source", "right"),
    [
        (
            "What does Family Plus cost a month?",
            "Family Plus members pay £6 a month, down from £10 on Basic.",
            STREAMING,
            False,
        ),
        (
            "What does Family Plus cost a month?",
            "Family Plus members pay £10 a month, up from £6 on Basic.",
            STREAMING,
            True,
        ),
        (
            "How much is a Comfort Plus upgrade on a long-haul flight?",
            "On long haul, Comfort Plus costs £60, against £95 for Standard.",
            SEATS,
            False,
        ),
        (
            "How much is a Comfort Plus upgrade on a long-haul flight?",
            "On long haul, Comfort Plus costs £95, against £60 for Standard.",
            SEATS,
            True,
        ),
    ],
)
def test_a_capitalised_plus_is_part_of_the_columns_name(query, response, source, right):
    result = judge(query, response, source)

    assert grounded(result) is right
