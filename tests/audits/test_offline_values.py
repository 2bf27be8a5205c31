"""The offline judge on values: which thing each value belongs to, tables read by their
column headers, and values worked out from the source's own values."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeInput, SourceText, Turn
from audits.judges.offline import OfflineJudge
from audits.judges.offline.sources import plain_lines
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

# --- Tables written as text are read cell by cell under their column ----------------

GYM_TABLE = (
    "Membership prices. Item | Bronze | Gold. Monthly price | £19 | £32. "
    "Guest passes | £8 each | 2 free a month. Towel hire | £2 | free."
)


def test_a_table_row_becomes_one_sentence_per_cell_under_its_column():
    lines = plain_lines(GYM_TABLE)

    assert "For Bronze, Monthly price: £19." in lines
    assert "For Gold, Monthly price: £32." in lines
    assert "For Gold, Towel hire: free." in lines


def test_a_markdown_table_is_read_by_its_header_too():
    lines = plain_lines("| Room | Weekday | Weekend |\n|---|---|---|\n| Double | £90 | £120 |")

    assert lines[-2:] == ["For Weekday, Double: £90.", "For Weekend, Double: £120."]


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("How much is Bronze a month?", "Bronze membership is £32 a month."),
        ("What does towel hire cost on Bronze?", "Towel hire is free on Bronze."),
    ],
)
def test_it_flags_the_other_columns_cell(query, response):
    result = judge(query, response, GYM_TABLE)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("How much is Bronze a month?", "Bronze membership is £19 a month."),
        ("What does towel hire cost on Bronze?", "On Bronze, towel hire costs £2."),
    ],
)
def test_it_passes_the_cell_of_the_column_asked_about(query, response):
    result = judge(query, response, GYM_TABLE)

    assert grounded(result)
    assert result.verdict == "sufficient"


# --- A value given to another thing than the one the source gives it to -------------

CAR_INSURANCE = (
    "Excess and cover. The standard excess on a Comprehensive policy is £250. "
    "Windscreen claims have a separate excess of £95. Young drivers under 25 pay an "
    "extra £300 excess on every claim."
)
LIBRARY = (
    "Borrowing. Students can borrow up to 12 books at a time for 3 weeks. "
    "Staff members can borrow up to 30 books, and interlibrary loans take about 10 days "
    "to arrive."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (  # the windscreen excess given to the standard claim
            "What's the standard excess on a Comprehensive policy?",
            "On a Comprehensive policy the standard excess is £95.",
            CAR_INSURANCE,
        ),
        (  # the staff allowance given to students
            "How many books can students borrow?",
            "Students can borrow up to 30 books at a time for 3 weeks.",
            LIBRARY,
        ),
        (  # the loan period of books given to interlibrary loans
            "How long do interlibrary loans take?",
            "Interlibrary loans take about 3 weeks to arrive.",
            LIBRARY,
        ),
    ],
)
def test_it_flags_a_value_moved_to_another_thing_of_the_source(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What's the excess for a windscreen claim?",
            "Windscreen claims have their own excess of £95.",
            CAR_INSURANCE,
        ),
        (
            "How many books can staff borrow?",
            "Staff members can borrow up to 30 books.",
            LIBRARY,
        ),
        (
            "How long can students keep books?",
            "Students can borrow up to 12 books at a time for 3 weeks.",
            LIBRARY,
        ),
    ],
)
def test_it_passes_a_value_kept_with_its_own_thing(query, response, source):
    result = judge(query, response, source)

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_it_flags_two_values_of_one_sentence_given_to_each_others_owner():
    result = judge(
        "Which room sleeps more people, the Family room or the Suite?",
        "The Family room sleeps more, at 6 guests compared with the Suite's 4 guests.",
        "Room sizes. The Family room sleeps 4 guests and the Suite sleeps 6 guests.",
    )

    assert not grounded(result)


def test_it_passes_two_values_of_one_sentence_kept_with_their_owners():
    result = judge(
        "Which room sleeps more people, the Family room or the Suite?",
        "The Suite sleeps 6 guests, compared with the Family room's 4 guests.",
        "Room sizes. The Family room sleeps 4 guests and the Suite sleeps 6 guests.",
    )

    assert grounded(result)


LOANS = (
    "Loans. Personal loans of £1,000 to £7,500 have a representative APR of 9.9%. "
    "Car loans are charged at 6.4% APR with an arrangement fee of 1% (minimum £50)."
)
PARKING = (
    "Parking charges. Day tickets cost £12 on weekdays. Overnight parking is charged at "
    "£20 a night plus a booking fee of £5. Blue Badge holders park free for up to 4 hours."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (  # the personal-loan APR merged into the car loan's terms
            "What's the rate on a car loan?",
            "Car loans are charged at 9.9% APR, with a 1% arrangement fee and a minimum of £50.",
            LOANS,
        ),
        (  # the day ticket's price merged into the overnight charges
            "How much is overnight parking?",
            "Overnight parking costs £12 a night, and there is a £5 booking fee on top.",
            PARKING,
        ),
    ],
)
def test_it_flags_a_value_merged_in_from_another_sentence(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "What's the rate on a car loan?",
            "Car loans are charged at 6.4% APR, with a 1% arrangement fee and a minimum of £50.",
            LOANS,
        ),
        (
            "How much is overnight parking?",
            "Overnight parking costs £20 a night, and there is a £5 booking fee on top.",
            PARKING,
        ),
    ],
)
def test_it_passes_values_combined_from_their_own_sentence(query, response, source):
    result = judge(query, response, source)

    assert grounded(result)
    assert result.verdict == "sufficient"


MESSAGING = (
    "Sending limits. Basic accounts can send 500 messages a day and Pro accounts 5,000. "
    "Attachments can be up to 25 MB."
)


def test_it_flags_a_comparison_that_gives_each_value_to_the_other_account():
    result = judge(
        "Which plan can send more messages, Basic or Pro?",
        "Basic has the higher limit, at 5,000 messages a day compared with Pro's 500.",
        MESSAGING,
    )

    assert not grounded(result)


def test_it_passes_a_comparison_that_keeps_each_value_with_its_account():
    result = judge(
        "Which plan can send more messages, Basic or Pro?",
        "Pro has the higher limit, at 5,000 messages a day compared with Basic's 500.",
        MESSAGING,
    )

    assert grounded(result)


def test_a_sentence_ending_on_a_decimal_value_ends_there():
    from kbaudit.text.tokens import split_sentences

    assert split_sentences("The APR is 9.9%. Car loans cost £2.50. See the U.S.A. page.") == [
        "The APR is 9.9%.",
        "Car loans cost £2.50.",
        "See the U.S.A. page.",
    ]


# --- Values worked out from the source's values, and comparisons ---------------------

COWORKING = (
    "Desk plans. A Flexi desk costs £120 a month and includes 40 hours of meeting room "
    "time. A Fixed desk costs £200 a month and includes 60 hours. A day pass is £15, and "
    "a late checkout fee is £15 too."
)


@pytest.mark.parametrize(
    "response",
    [
        "A Fixed desk is £80 a month more than a Flexi desk (£200 against £120).",
        "Together the Flexi and Fixed desks cost £320 a month: £200 and £120.",
        "The Fixed desk includes 60 hours, 1.5 times the Flexi desk's 40 hours.",
        "At £120 a month for 40 hours, a Flexi desk works out at £3 per hour.",
    ],
)
def test_it_supports_a_value_worked_out_from_the_sources_values(response):
    result = judge("How do the Flexi and Fixed desks compare?", response, COWORKING)

    assert grounded(result)


@pytest.mark.parametrize(
    "response",
    [
        "A Fixed desk is £60 a month more than a Flexi desk (£200 against £120).",
        "The Fixed desk includes 60 hours, twice as much, 2 times the Flexi desk's 40 hours.",
        "At £120 a month for 40 hours, a Flexi desk works out at £4 per hour.",
    ],
)
def test_it_flags_a_value_worked_out_wrongly(response):
    result = judge("How do the Flexi and Fixed desks compare?", response, COWORKING)

    assert not grounded(result)


@pytest.mark.parametrize(
    "response",
    [
        "A day pass costs less than a late checkout.",  # both are £15
        "A Flexi desk costs more than a Fixed desk.",  # £120 against £200
    ],
)
def test_it_flags_a_comparison_the_sources_values_contradict(response):
    result = judge("Which costs more?", response, COWORKING)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    "response",
    [
        "A day pass costs the same as a late checkout.",
        "A Flexi desk costs less than a Fixed desk.",
    ],
)
def test_it_passes_a_comparison_the_sources_values_bear_out(response):
    result = judge("Which costs more?", response, COWORKING)

    assert grounded(result)


def test_it_passes_the_other_sides_value_in_a_comparison_from_a_table():
    result = judge(
        "How do Bronze and Gold compare on price?",
        "Gold costs more: £32 a month against £19.",
        GYM_TABLE,
    )

    assert grounded(result)


BOAT_HIRE = (
    "Boat hire. Boat | Up to 3 hours | Full day. Rowing boat (2 seats) | £30 | £55. "
    "Motor boat (6 seats) | £90 | £180."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        (
            "A full day in a 2-seat rowing boat is £55, which is cheaper than the £180 motor boat.",
            True,
        ),
        (
            "A full day in a 2-seat rowing boat is £55, which is dearer than the £180 motor boat.",
            False,
        ),
        ("The motor boat for up to 3 hours is dearer: £90 against £55.", True),
        ("The rowing boat for a full day is dearer: £55 against £90.", False),
    ],
)
def test_a_comparison_is_read_on_the_values_of_one_measure(response, right):
    result = judge("Which is cheaper, the rowing boat or the motor boat?", response, BOAT_HIRE)

    assert grounded(result) is right


WINDOWS = (
    "Window cleaning. A clean costs £15 for a 1- or 2-storey house and £25 for 3 storeys "
    "or more, including frames. Conservatories are cleaned for £10 extra."
)
LUGGAGE_COVER = (
    "Luggage cover. Our policy pays up to £3,000 for all your luggage, with a limit of "
    "£400 for any one bag or its contents. Cash is not covered."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("It's £25 for a 1- or 2-storey house and £15 for 3 storeys or more.", False),
        ("It's £15 for a 1- or 2-storey house and £25 for 3 storeys or more.", True),
    ],
)
def test_it_flags_two_prices_swapped_between_cases_named_with_numbers(response, right):
    result = judge("How much is a window clean?", response, WINDOWS)

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("The policy pays up to £3,000 for any one bag.", False),
        ("The policy pays up to £400 for any one bag.", True),
        ("It pays up to £3,000 for all your luggage, with a £400 limit per bag.", True),
    ],
)
def test_it_flags_a_limit_given_the_case_of_the_other_limit(response, right):
    result = judge("What does the luggage cover pay?", response, LUGGAGE_COVER)

    assert grounded(result) is right


OPENING = (
    "Opening hours. The pool opens at 7am on weekdays. The gym opens at 6am on weekdays "
    "and at 8am at weekends."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("On weekdays the gym opens at 6am, earlier than the pool at 7am.", True),
        ("On weekdays the gym opens at 6am, later than the pool at 7am.", False),
    ],
)
def test_a_comparison_of_times_is_read_on_the_times(response, right):
    result = judge("Which opens first on weekdays, the gym or the pool?", response, OPENING)

    assert grounded(result) is right


# --- An attribute said of another named thing ----------------------------------------

TWO_COLLEGES = (
    "Harwood College is a private liberal arts college located in the village of "
    "Millbrook, Vermont. Dunmore University is a public research university in Dunmore, "
    "Ohio, founded in 1871."
)


def test_it_flags_a_place_the_source_gives_another_named_thing():
    result = judge(
        "Which college is located in Millbrook, Harwood College or Dunmore University?",
        "Dunmore University is located in Millbrook.",
        TWO_COLLEGES,
    )

    assert not grounded(result)


def test_it_passes_the_place_kept_with_its_named_thing():
    result = judge(
        "Which college is located in Millbrook, Harwood College or Dunmore University?",
        "Harwood College is located in Millbrook.",
        TWO_COLLEGES,
    )

    assert grounded(result)


BANDS = (
    "The Lanterns are a Canadian indie rock band formed in 2001 in Halifax. "
    "Copper Vale is an American rock band formed in Denver in 1999. Copper Vale was "
    "inducted into the Colorado Music Hall of Fame in 2015."
)


@pytest.mark.parametrize(
    "response",
    [
        "Yes, both The Lanterns and Copper Vale are American rock bands.",
        "Both Copper Vale and The Lanterns were inducted into the Colorado Music Hall of Fame.",
    ],
)
def test_it_flags_a_claim_about_both_that_holds_of_one(response):
    result = judge("Are The Lanterns and Copper Vale both American rock bands?", response, BANDS)

    assert not grounded(result)


@pytest.mark.parametrize(
    "response",
    [
        "Copper Vale is an American rock band.",
        "Copper Vale was inducted into the Colorado Music Hall of Fame.",
    ],
)
def test_it_passes_the_claim_about_the_one_it_holds_of(response):
    result = judge("Are The Lanterns and Copper Vale both American rock bands?", response, BANDS)

    assert grounded(result)


def test_a_sentence_speaking_through_a_pronoun_is_no_evidence_the_attribute_moved():
    result = judge(
        "What is Benedict's reagent used for?",
        "Benedict's reagent is used in place of Fehling's solution to detect reducing sugars.",
        "Benedict's reagent. Copper sulfate gives it its blue colour. It is used in place of "
        "Fehling's solution to detect reducing sugars.",
    )

    assert grounded(result)


def test_it_flags_a_name_with_accents_put_in_another_names_place():
    result = judge(
        "Who presented the awards?",
        "The awards were presented by Zoë Lefèvre.",
        "The awards were presented by Marco Ruiz. The winning film starred Zoë Lefèvre.",
    )

    assert not grounded(result)


def test_passages_pasted_together_without_a_space_are_two_sentences():
    lines = plain_lines("It was published in the 19th century.First for Women is a magazine.")

    assert lines == ["It was published in the 19th century. First for Women is a magazine."]


# --- Conditions read from the sentence's structure -----------------------------------

HOTEL = (
    "Deposits and rates. The standard deposit is £100, held on your card. "
    "For suites and family rooms the deposit is £300. Adults pay £25 for breakfast. "
    "Guests on a half-board package pay £10 for breakfast. Rooms cost £140 a night, "
    "except for the penthouse, which costs £480 a night."
)
MUSEUM = (
    "Membership renewals. Annual memberships must be renewed by 31 March. "
    "Members who pay by direct debit are renewed automatically on 30 April."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (  # "For suites ... the deposit is £300": a leading case without a comma
            "What deposit do you hold for a suite?",
            "The deposit is £100.",
            HOTEL,
        ),
        (  # "Guests on a half-board package": a group narrowed by its qualifier
            "I'm an adult guest on a half-board package. What's breakfast?",
            "Adults pay £25 for breakfast.",
            HOTEL,
        ),
        (  # "except for the penthouse, which costs £480"
            "How much is the penthouse a night?",
            "Rooms cost £140 a night.",
            HOTEL,
        ),
        (  # dates compare as dates: "30 April" is the direct-debit members' date
            "I pay by direct debit. When is my membership renewed?",
            "Annual memberships must be renewed by 31 March.",
            MUSEUM,
        ),
    ],
)
def test_it_flags_the_general_value_when_the_question_states_the_special_case(
    query, response, source
):
    result = judge(query, response, source)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("What deposit do you hold for a suite?", "For suites the deposit is £300.", HOTEL),
        (
            "I'm an adult guest on a half-board package. What's breakfast?",
            "On a half-board package, breakfast is £10.",
            HOTEL,
        ),
        ("How much is the penthouse a night?", "The penthouse costs £480 a night.", HOTEL),
        (
            "I pay by direct debit. When is my membership renewed?",
            "Members who pay by direct debit are renewed automatically on 30 April.",
            MUSEUM,
        ),
        ("What deposit do you hold?", "The standard deposit is £100.", HOTEL),
    ],
)
def test_it_passes_the_value_of_the_case_the_question_states(query, response, source):
    result = judge(query, response, source)

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_dates_are_read_as_one_value_however_written():
    from kbaudit.text.quantities import extract_quantities

    first, second = extract_quantities("by 30 November, or November 30th")

    assert first.kind == second.kind == "date"
    assert first.same_value(second)
    assert not extract_quantities("by 1 December")[0].same_value(first)


def test_it_flags_a_groups_value_when_the_question_also_states_a_narrower_case():
    result = judge(
        "I'm a member on a student plan. What does a class cost?",
        "Members pay £8 a class.",
        "Class prices. Members pay £8 a class. Members on a student plan pay £5 a class. "
        "Non-members pay £12.",
    )

    assert not grounded(result)


def test_it_passes_a_cases_value_in_a_follow_up_that_leaves_the_earlier_case():
    result = OfflineJudge().judge(
        JudgeInput(
            query="And for members on the premium plan?",
            sources=[
                SourceText(
                    rank=1,
                    title="Help",
                    text="Class prices. Members pay £8 a class. Members on a student plan "
                    "pay £5 a class. Members on the premium plan pay £4 a class.",
                )
            ],
            response="Members on the premium plan pay £4 a class.",
            history=[
                Turn(
                    query="What's a class on the student plan?",
                    response="Members on a student plan pay £5 a class.",
                )
            ],
        )
    )

    assert grounded(result)


LOCKERS = (
    "Lockers. Day lockers cost £2 and can be booked at reception. Overnight storage is "
    "only available for small bags. The Explorer Pass gives 20% off guided tours. It is "
    "only open to adult visitors."
)


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("Can I leave a large bag overnight?", "Yes, overnight storage is available."),
        (
            "I'm a student visitor. Can I get the Explorer Pass?",
            "Yes, the Explorer Pass gives you 20% off guided tours.",
        ),
    ],
)
def test_it_flags_a_rule_the_source_restricts_to_another_case(query, response):
    result = judge(query, response, LOCKERS)

    assert not grounded(result)
    assert result.verdict == "insufficient"


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("Can I leave a small bag overnight?", "Yes, overnight storage is available."),
        (
            "I'm an adult visitor. Can I get the Explorer Pass?",
            "Yes, the Explorer Pass gives you 20% off guided tours.",
        ),
        ("Can I leave a large bag overnight?", "No, overnight storage is not available."),
    ],
)
def test_it_passes_a_restricted_rule_for_the_case_it_is_restricted_to(query, response):
    result = judge(query, response, LOCKERS)

    assert grounded(result)


SKI_HIRE = "Ski hire. Skiers aged 6 to 11 pay a junior rate of £12 a day. Adults pay £25 a day."


def test_it_flags_an_age_rate_for_a_customer_who_says_they_are_outside_the_ages():
    result = judge("I'm 14, what would I pay for ski hire?", "The rate is £12 a day.", SKI_HIRE)

    assert not grounded(result)


def test_it_passes_an_age_rate_for_a_customer_inside_the_ages():
    result = judge("I'm 9, what would I pay for ski hire?", "The rate is £12 a day.", SKI_HIRE)

    assert grounded(result)


def test_a_customer_saying_their_age_is_read_as_an_age():
    from kbaudit.text.quantities import extract_quantities

    assert [q.kind for q in extract_quantities("I'm 30, is there a fee?")] == ["age"]
    assert [q.kind for q in extract_quantities("I'm 30 minutes late")] == ["duration"]


FERRY = (
    "Luggage on board. Every passenger may bring two bags into the lounge. "
    "Passengers travelling with a pet in a carrier have no lounge access and stay on the "
    "pet deck."
)


def test_it_flags_a_rule_the_source_denies_for_the_case_the_question_states():
    result = judge(
        "I'm travelling with my cat in a carrier. Can I bring my bags into the lounge?",
        "Yes, every passenger may bring two bags into the lounge.",
        FERRY,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_it_passes_the_rule_when_the_question_states_no_such_case():
    result = judge(
        "Can I bring my bags into the lounge?",
        "Yes, every passenger may bring two bags into the lounge.",
        FERRY,
    )

    assert grounded(result)


STORAGE_UNITS = "Unit prices. A small unit is £60 a month, or £85 with climate control."


def test_it_flags_the_plain_value_when_the_question_asks_for_the_other_case():
    result = judge(
        "How much is a small unit with climate control?",
        "A small unit is £60 a month.",
        STORAGE_UNITS,
    )

    assert not grounded(result)


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("How much is a small unit?", "A small unit is £60 a month."),
        ("How much is a small unit with climate control?", "With climate control it's £85."),
    ],
)
def test_it_passes_the_plain_value_or_the_cases_value_where_each_is_asked(query, response):
    result = judge(query, response, STORAGE_UNITS)

    assert grounded(result)


# --- A value times a count the question states ----------------------------------------

SAVINGS = "Direct Debit. Paying by Direct Debit saves £45 a year per fuel."


def test_it_supports_a_value_times_the_count_the_question_states():
    result = judge(
        "How much would I save on both gas and electricity?",
        "Direct Debit saves £45 a year per fuel, so £90 a year for both together.",
        SAVINGS,
    )

    assert grounded(result)


def test_it_flags_a_value_times_a_count_worked_out_wrongly():
    result = judge(
        "How much would I save on both gas and electricity?",
        "Direct Debit saves £45 a year per fuel, so £100 a year for both together.",
        SAVINGS,
    )

    assert not grounded(result)


# --- A price per unit times an amount of that unit -------------------------------------

METERED = (
    "Prices. Charging costs 79p per kWh. Courier delivery is £1.20 per mile. "
    "Large-format printing is £2.50 per page. Colour copies are 30p each. Lanyards are "
    "£1.75 each."
)


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("I put 40 kWh in. How much?", "At 79p per kWh, 40 kWh comes to £31.60."),
        ("What's a 45-mile delivery?", "It's £1.20 per mile, so 45 miles is £54."),
        ("I need 120 pages printed large.", "At £2.50 per page, 120 pages come to £300."),
        ("What would 10 colour copies cost?", "Colour copies are 30p each, so 10 would be £3.00."),
        ("What would 6 lanyards cost me?", "Lanyards are £1.75 each, so 6 would come to £10.50."),
    ],
)
def test_it_supports_a_price_per_unit_times_an_amount_of_that_unit(query, response):
    result = judge(query, response, METERED)

    assert grounded(result)


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("I put 40 kWh in. How much?", "At 79p per kWh, 40 kWh comes to £33.60."),
        ("What's a 45-mile delivery?", "It's £1.20 per mile, so 45 miles is £60."),
        ("What would 10 colour copies cost?", "Colour copies are 30p each, so 10 would be £4.00."),
    ],
)
def test_it_flags_a_price_per_unit_times_an_amount_worked_out_wrongly(query, response):
    result = judge(query, response, METERED)

    assert not grounded(result)


# --- Times of day as they are said ----------------------------------------------------

MUSEUM_HOURS = (
    "Visiting the museum. The galleries open at 10am and close at 5.30pm every day. "
    "The café opens at 9am. Late opening runs until 9pm on Fridays."
)


@pytest.mark.parametrize(
    "response",
    [
        "The galleries open at ten in the morning and close at half past five.",
        "The café opens at nine o'clock in the morning.",
        "On Fridays the late opening lasts until nine at night.",
    ],
)
def test_it_reads_a_time_of_day_said_in_words(response):
    result = judge("When can I visit?", response, MUSEUM_HOURS)

    assert grounded(result)


def test_it_flags_a_wrong_time_of_day_said_in_words():
    result = judge(
        "When do the galleries close?",
        "The galleries close at a quarter to five in the afternoon.",
        MUSEUM_HOURS,
    )

    assert not grounded(result)


def test_a_time_restated_in_words_is_a_repetition():
    result = judge(
        "When does the café open?",
        "The café opens at 9am. So you can get a coffee from nine in the morning.",
        MUSEUM_HOURS,
    )

    assert result.metrics()["self_distinctness"] < 1.0


# --- A value the source gives to the things its subject lists -------------------------

FERRY_VEHICLES = (
    "Vehicles and luggage. Bicycles and motorbikes travelling with a foot passenger can be "
    "taken on board for £15 per crossing. Cars cost £90 per crossing."
)


def test_it_flags_a_listed_things_value_given_to_the_customers_own_thing():
    result = judge(
        "Can I bring my kayak on the ferry?",
        "Kayaks can be taken on board for £15 per crossing.",
        FERRY_VEHICLES,
    )

    assert not grounded(result)


def test_it_passes_the_value_for_one_of_the_listed_things():
    result = judge(
        "Can I bring my bicycle on the ferry?",
        "Bicycles can be taken on board for £15 per crossing.",
        FERRY_VEHICLES,
    )

    assert grounded(result)


# --- A condition with alternatives ------------------------------------------------------

BIKE_HIRE = (
    "Bike hire. Bikes cost £8 an hour. If you bring a bike back more than 1 hour late, or "
    "damage it, you cannot hire again for the next 30 days."
)


@pytest.mark.parametrize(
    "response",
    [
        "If you damage the bike, you can't hire again for the next 30 days.",
        "If you damage a bike, you won't be able to hire for 30 days.",
    ],
)
def test_each_alternative_of_a_condition_is_its_case(response):
    result = judge("What happens if I damage a bike?", response, BIKE_HIRE)

    assert grounded(result)


# --- "half the fee" is a share -----------------------------------------------------------

COURSE_CANCELLATION = (
    "Cancelling a course. Cancel more than 14 days before the start for a full refund. "
    "Between 7 and 14 days before, we refund 50% of the course fee."
)


def test_half_the_fee_is_the_sources_fifty_per_cent():
    result = judge(
        "What do I get back if I cancel 10 days before?",
        "Between 7 and 14 days before, you get half the course fee back.",
        COURSE_CANCELLATION,
    )

    assert grounded(result)


def test_half_the_fee_is_not_another_share():
    result = judge(
        "What do I get back if I cancel 10 days before?",
        "Between 7 and 14 days before, you get half the course fee back.",
        COURSE_CANCELLATION.replace("50%", "25%"),
    )

    assert not grounded(result)


# --- A share taken off only where the answer takes it off ------------------------------

CINEMA_CLUB = "Cinema Club. Membership costs £100 a year. Members get 10% off snacks and drinks."


def test_a_wrong_price_is_not_excused_by_an_unrelated_share_of_the_source():
    result = judge(
        "How much is Cinema Club a year?", "Membership is ninety pounds a year.", CINEMA_CLUB
    )

    assert not grounded(result)


# --- The verbs of a price add nothing to its amount ----------------------------------------

SWIM_LESSONS = "Swimming lessons. Lesson | Junior | Senior. Group lesson | £8 | £12. Private lesson | £25 | £30."


def test_a_price_told_with_its_verb_is_the_tables_cell():
    result = judge("How much is a private lesson for juniors?", "Juniors pay £25.", SWIM_LESSONS)

    assert grounded(result)


def test_a_price_told_with_its_verb_is_still_the_cells_value():
    result = judge("How much is a private lesson for juniors?", "Juniors pay £30.", SWIM_LESSONS)

    assert not grounded(result)


# --- "free to a parent's membership" is a price; "free to choose" is not -----------------


def test_free_to_someone_is_no_price_for_the_answer_to_contradict():
    source = "Family tickets. Adult tickets cost £14, and children under 5 are added free to an adult ticket."
    result = judge(
        "Do I pay for my 3-year-old?",
        "No, children under 5 are added free.",
        source,
    )

    assert grounded(result)


def test_free_to_choose_is_no_price():
    from kbaudit.text.quantities import extract_quantities

    assert extract_quantities("You are free to choose any seat.") == []


# --- The question states the case a rule is waived in or does not apply to ---------------

STREAMING_PAYMENTS = (
    "Payments. Plans renew on the same day each month. A failed payment costs £5, waived the "
    "first time in any 12 months."
)
TRAIN_DELAYS = (
    "Delay refunds. Trains more than 30 minutes late get a 50% refund of the ticket. This "
    "does not apply during strikes or planned engineering works."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "My payment failed for the first time ever. Will I be charged?",
            "Yes, a failed payment costs £5.",
            STREAMING_PAYMENTS,
        ),
        (
            "My train was 40 minutes late because of a strike. Do I get money back?",
            "Yes, trains more than 30 minutes late get a 50% refund.",
            TRAIN_DELAYS,
        ),
    ],
)
def test_it_flags_the_rule_where_the_question_states_its_exception(query, response, source):
    result = judge(query, response, source)

    assert [problem.reason for problem in result.unsupported] == ["condition_misapplied"]


def test_it_passes_the_rule_where_the_question_states_no_exception():
    result = judge(
        "My train was 40 minutes late. Do I get money back?",
        "Yes, trains more than 30 minutes late get a 50% refund.",
        TRAIN_DELAYS,
    )

    assert grounded(result)


# --- A question about two things, answered thing by thing -----------------------------------

HIRE = (
    "Hire prices. A bike with a basket costs €12 a day in the Lisbon–Cascais area. Scooters"
    " with a helmet cost €30 a day."
)


def test_a_value_for_the_thing_the_fact_names_is_not_the_other_asked_things():
    result = judge(
        "How much are bikes and scooters to hire?",
        "A bike with a basket costs €12 a day. Scooters with a helmet cost €30 a day.",
        HIRE,
    )
    assert result.verdict == "sufficient"
    assert grounded(result)


def test_the_other_things_value_given_to_the_thing_asked_about_is_still_flagged():
    result = judge("How much does a scooter cost to hire?", "Scooters cost €12 a day.", HIRE)
    assert result.verdict == "insufficient"


def test_the_other_pairs_value_with_its_own_tag_beside_the_asked_one_is_right():
    result = judge(
        "How much is the 10 GB add-on?",
        "The 10 GB add-on is £8. If you only need 2 GB, that one is £5.",
        "Add-ons. A 2 GB add-on costs £5 and a 10 GB add-on costs £8 per month.",
    )
    assert result.verdict == "sufficient"
    assert grounded(result)


def test_the_other_pairs_value_for_the_asked_tag_is_still_flagged():
    result = judge(
        "How much is the 10 GB add-on?",
        "The add-on is £5.",
        "Add-ons. A 2 GB add-on costs £5 and a 10 GB add-on costs £8 per month.",
    )
    assert result.verdict == "insufficient"


# --- A zero price said as a denial ------------------------------------------------------------

CHANGES = "Changes. Bookings can be changed free of charge up to 3 days before arrival."


@pytest.mark.parametrize(
    "response",
    [
        "There's no fee for changing a booking as long as it's at least 3 days before you arrive.",
        "You won't be charged for changing a booking up to 3 days before arrival.",
    ],
)
def test_no_fee_for_a_change_says_the_change_is_free(response):
    result = judge("Can I change my booking for free?", response, CHANGES)
    assert result.verdict == "sufficient"
    assert grounded(result)


def test_a_change_denied_against_a_free_change_is_still_a_contradiction():
    result = judge(
        "Can I change my booking?",
        "Bookings can't be changed once they are made, not even 3 days before arrival.",
        CHANGES,
    )
    assert result.verdict == "insufficient"


# --- One value per case, each fact naming its case by a value of another kind ----------------

STATION_LOCKERS = (
    "Lockers. Central station offers 20-litre lockers for €4 and 60-litre lockers for €7 per day."
)


@pytest.mark.parametrize(
    "response",
    [
        "20-litre lockers are €4 per day and 60-litre lockers are €7.",
        "The 20-litre lockers are €4 per day, and the 60-litre ones are €7.",
    ],
)
def test_each_case_named_by_its_size_with_its_own_price_is_right(response):
    result = judge("Tell me about lockers at the central station.", response, STATION_LOCKERS)
    assert result.verdict == "sufficient"
    assert grounded(result)


def test_the_other_sizes_price_given_to_the_size_asked_about_is_still_flagged():
    result = judge(
        "How much is a 60-litre locker?", "A 60-litre locker is €4 per day.", STATION_LOCKERS
    )
    assert result.verdict == "insufficient"


# --- A named group's case needs its name, not only the kind of thing it names -----------------

TICKETS = (
    "Changes. Flexi tickets can be changed free of charge up to 1 hour before the show. Standard"
    " tickets can be changed for £15 per change up to 2 days before the show."
)


def test_the_kind_word_alone_does_not_state_another_named_groups_case():
    result = judge(
        "Can I change my Standard ticket?",
        "Yes, you can change it for £15 per change up to 2 days before the show.",
        TICKETS,
    )
    assert result.verdict == "sufficient"
    assert grounded(result)


def test_the_named_groups_case_stated_by_its_name_is_still_held_against_the_fact():
    result = judge(
        "Can I change my Flexi ticket?",
        "Yes, you can change it for £15 per change up to 2 days before the show.",
        TICKETS,
    )
    assert result.verdict == "insufficient"


def test_a_date_written_in_lower_case_is_the_date_a_capitalised_passage_gives():
    source = "Ada Lovelace (10 December 1815 – 27 November 1852) was an English mathematician."
    assert grounded(judge("When was she born?", "she was born on december 10, 1815.", source))
    assert not grounded(judge("When was she born?", "she was born on december 12, 1815.", source))
    # "may" stays a verb: "you may 5 times" names no month.
    assert [q.kind for q in extract_quantities("you may 5 times")] == ["number"]


# --- Free given to a thing the source prices -----------------------------------------------

SWIMMING = (
    "Swimming sessions. Adults and children swim for £4 per session. Babies under 1 swim "
    "free and must be with an adult in the water."
)


def test_free_given_to_a_thing_the_source_prices_is_flagged():
    result = judge(
        "Do children pay to swim?",
        "Children swim free of charge as long as an adult is with them.",
        SWIMMING,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "contradicts_source"


def test_free_given_to_the_thing_the_source_says_is_free_is_supported():
    result = judge("Do babies pay to swim?", "Babies under 1 swim free.", SWIMMING)

    assert result.verdict == "sufficient"
    assert grounded(result)


def test_free_after_the_customer_used_up_the_free_allowance_is_flagged():
    result = judge(
        "I've already used my 3 free cancellations this year. What does cancelling cost now?",
        "It won't cost you anything - cancellations are free for members.",
        "Cancelling classes. Members get 3 free cancellations a year, then £4 per "
        "cancellation. Non-members pay £6 per cancellation.",
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_free_within_the_allowance_is_supported():
    result = judge(
        "I haven't cancelled anything this year. What does cancelling cost?",
        "It's free - members get 3 free cancellations a year.",
        "Cancelling classes. Members get 3 free cancellations a year, then £4 per "
        "cancellation. Non-members pay £6 per cancellation.",
    )

    assert result.verdict == "sufficient"


@pytest.mark.parametrize("response", ["It's just under ten pounds.", "It's about £10."])
def test_a_value_said_roughly_on_the_right_side_is_supported(response):
    result = judge("How much is a day ticket?", response, "Day tickets. A day ticket costs £9.99.")

    assert grounded(result)


@pytest.mark.parametrize(
    "response", ["It's just over ten pounds.", "It's just under eight pounds."]
)
def test_a_value_said_roughly_on_the_wrong_side_or_far_off_is_flagged(response):
    result = judge("How much is a day ticket?", response, "Day tickets. A day ticket costs £9.99.")

    assert result.verdict == "insufficient"


LESSONS = (
    "Swimming lessons. A 30-minute lesson costs £20, or £15 for Anytime members. Anytime "
    "members can swim 2 extra sessions a month free; extra sessions are £5."
)


def test_the_special_cases_value_given_to_everyone_else_is_flagged():
    result = judge(
        "How much is a swimming lesson for everyone else?",
        "Everyone else also pays £15 per lesson.",
        LESSONS,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_a_plan_named_anytime_is_a_case_not_a_figure_of_speech():
    result = judge(
        "How much is a swimming lesson for Anytime members?",
        "Anytime members pay £15 per lesson.",
        LESSONS,
    )

    assert result.verdict == "sufficient"
    assert grounded(result)


def test_a_value_in_a_clause_beside_the_customers_case_is_that_cases_too():
    result = judge(
        "And how much are guest passes for me?",
        "You can bring one guest a month for free, and extra guest passes are £8.",
        "Bringing a guest. Gold members can bring one guest a month for free; extra guest "
        "passes are £8. Silver members pay £8 for every guest pass.",
        history=(Turn(query="I'm a Gold member. Do I pay for classes?", response="No."),),
    )

    assert result.verdict == "sufficient"


BAR_HOURS = (
    "Drinks delivery. Beer and wine are delivered to customers aged 18 or over. Beer and wine "
    "are not sold between 11pm and 9am."
)


def test_any_time_where_the_source_rules_out_some_hours_is_flagged():
    result = judge(
        "Can I get wine delivered at midnight?",
        "Hi! Yes, wine can be delivered at any time. Cheers!",
        BAR_HOURS,
    )

    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "contradicts_source"


def test_any_time_about_something_the_hours_do_not_cover_stands():
    result = judge(
        "Can I cancel my order?",
        "You can cancel your order at any time before it is sent.",
        "Cancelling. You can cancel your order at any time before it is sent. Beer and wine "
        "are not sold between 11pm and 9am.",
    )

    assert result.verdict == "sufficient"


# --- Values worked out across the answer's facts and the customer's own values ------

FINES = "Fines. A parking fine is £60. It is halved if you pay within 14 days of the notice."
SEASON = (
    "Season tickets. A season ticket costs £400. A second ticket for the same household "
    "costs 25% more than the first."
)
LATE_HIRE = "Hire fees. An unpaid hire fee goes up by 20% after 30 days."
SHOP_FEES = (
    "Fees. Standard delivery is £3.50. Orders under £20 pay a £2 handling fee. "
    "Gift wrap is £1.50 per order."
)


@pytest.mark.parametrize(("response", "right"), [("£30", True), ("£25", False)])
def test_a_value_halved_as_the_source_says_is_supported(response, right):
    result = judge(
        "My parking fine came 3 days ago. How much is it if I pay today?",
        f"A parking fine is £60, and as you pay within 14 days it's halved to {response}.",
        FINES,
    )

    assert grounded(result) is right


def test_a_value_worked_out_from_another_facts_value_is_supported():
    result = judge(
        "What do two season tickets for our household cost?",
        "A season ticket costs £400. A second ticket costs 25% more, so £500, making £900 "
        "for both.",
        SEASON,
    )

    assert grounded(result)


def test_a_share_applied_to_the_customers_own_value_is_supported():
    result = judge(
        "My £40 hire fee has been unpaid for 35 days. What do I owe now?",
        "An unpaid hire fee goes up by 20% after 30 days, so your £40 fee becomes £48.",
        LATE_HIRE,
    )

    assert grounded(result)


@pytest.mark.parametrize(("total", "right"), [("£7", True), ("£8", False)])
def test_a_total_of_several_of_the_sources_values_is_checked(total, right):
    result = judge(
        "My order is £15 and I want gift wrap. What fees will I pay?",
        "You'll pay £3.50 for standard delivery, a £2 handling fee as the order is under £20, "
        f"and £1.50 for gift wrap, so {total} in all.",
        SHOP_FEES,
    )

    assert grounded(result) is right


PERMITS = "Permits. Permit | Zone 1 | Zone 2. Small car | £110 | £80. Large car | £165 | £120."


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("A small car in Zone 1, at £110, costs more than a large car in Zone 2 at £120.", False),
        ("A small car in Zone 1, at £110, costs less than a large car in Zone 2 at £120.", True),
    ],
)
def test_a_comparison_its_own_values_deny_is_flagged(response, right):
    result = judge(
        "Which costs more: a small car in Zone 1 or a large car in Zone 2?", response, PERMITS
    )

    assert grounded(result) is right


STORAGE = "Storage units. A small unit costs £12 a week or £40 a month, and the first week is free."
LIBRARY_FINES = (
    "Overdue items. A late fee is £1 a day for a book borrowed on a short loan, and 20p a day "
    "for a normal loan."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("A small unit is £40 a week or £12 a month.", False),
        ("A small unit is £12 a week or £40 a month.", True),
    ],
)
def test_two_values_each_given_the_others_rate_are_swapped(response, right):
    result = judge("How much is a small storage unit?", response, STORAGE)

    assert grounded(result) is right


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("It's 20p a day for a short loan and £1 a day for a normal loan.", False),
        ("It's £1 a day for a short loan and 20p a day for a normal loan.", True),
    ],
)
def test_two_values_each_given_the_others_case_are_swapped(response, right):
    result = judge("What are the late fees for short and normal loans?", response, LIBRARY_FINES)

    assert grounded(result) is right


def test_one_after_an_article_and_an_adjective_is_a_thing_not_a_count():
    from kbaudit.text.tokens import digits_for_number_words

    assert digits_for_number_words("£70 for a higher-level one, and") == (
        "£70 for a higher-level one, and"
    )
    assert digits_for_number_words("a weekly one £45") == "a weekly one £45"
    assert digits_for_number_words("within one week") == "within 1 week"


def test_one_before_a_verb_is_a_thing_not_a_count():
    from kbaudit.text.tokens import digits_for_number_words

    assert digits_for_number_words("before the current one ends") == "before the current one ends"
    assert digits_for_number_words("the old one expired") == "the old one expired"
    assert digits_for_number_words("the first one bed flat") == "the first 1 bed flat"


def test_it_supports_a_window_that_ends_with_the_current_one():
    result = judge(
        "How early can I renew my parking permit?",
        "You can renew your permit as early as 28 days before the current one ends.",
        "Renewing a permit. Permit holders can renew up to 28 days before their current "
        "permit ends. Renewals cost the same as a new permit.",
    )

    assert grounded(result)


PENALTIES = (
    "Fines. A fine is £90 for a serious offence, such as blocking a driveway, and £40 for a "
    "minor one, such as an expired ticket."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("A fine is £40 for a serious offence and £90 for a minor one.", False),
        ("A fine is £90 for a serious offence and £40 for a minor one.", True),
    ],
)
def test_values_swapped_between_a_case_and_the_one_after_it(response, right):
    result = judge("How much are fines?", response, PENALTIES)

    assert grounded(result) is right


def _by_article(query: str, response: str, *sources: tuple[str, str]):
    return OfflineJudge().judge(
        JudgeInput(
            query=query,
            sources=[
                SourceText(rank=rank, title=title, text=text, article_key=title.lower())
                for rank, (title, text) in enumerate(sources, start=1)
            ],
            response=response,
        )
    )


def test_another_articles_price_for_a_narrower_kind_is_no_rival():
    # The second article prices a kind of room the question does not ask about.
    rooms = ("Room rates", "Room rates. A double room costs £90 a night, with breakfast.")
    suites = ("Suites", "Suites. Our deluxe sea-view room costs £160 a night, with breakfast.")
    asked = "How much is a double room?"
    assert grounded(_by_article(asked, "A double room costs £90 a night.", rooms, suites))
    # The same thing priced differently by two articles is still a disagreement.
    other = ("Prices", "Prices. A double room costs £120 a night.")
    assert not grounded(_by_article(asked, "A double room costs £120 a night.", rooms, other))


BOOKING_FEE = (
    "Booking fees. A booking fee of 3% of the ticket price is added to each order, with a "
    "maximum of £9.99. "
    "Gold members pay no booking fee on orders over £100."
)


def test_a_share_of_the_customers_amount_is_worked_out():
    result = judge(
        "What's the booking fee on £200 of tickets?",
        "The booking fee is 3% of the ticket price, so £6 on a £200 order.",
        BOOKING_FEE,
    )
    assert grounded(result)


def test_a_window_met_does_not_make_a_groups_rule_the_customers():
    # A £200 order is over £100, but the rule is the Gold members', and the customer
    # supposes they are not one.
    earlier = Turn(
        query="I'm buying £200 of tickets as a Gold member. Is there a booking fee?",
        response="No, Gold members pay no booking fee on orders over £100.",
    )
    result = judge(
        "And if I weren't a member?",
        "You'd pay 3% of the ticket price, capped at £9.99, so £6 on a £200 order.",
        BOOKING_FEE,
        history=(earlier,),
    )
    assert grounded(result)


def test_a_share_taken_off_a_price_the_source_gives_the_case_its_own_of_is_not_that_price():
    source = (
        "Cinema tickets. An adult ticket costs £12, or £9 for Club members. Club members get "
        "10% off snacks."
    )
    result = judge(
        "And do Club members get money off tickets?",
        "Yes, tickets are 10% off as well, so £10.80 instead of £12.",
        source,
    )
    assert not grounded(result)


def test_a_share_from_another_article_taken_off_a_price_with_a_cases_own_is_not_that_price():
    tickets = (
        "Cinema tickets",
        "Cinema tickets. An adult ticket costs £12, or £9 for Club members.",
    )
    club = ("Club", "The Club. Membership is £5 a month, and Club members get 10% off snacks.")
    result = _by_article(
        "And do Club members get money off tickets?",
        "Yes, tickets are 10% off as well, so £10.80 instead of £12.",
        tickets,
        club,
    )
    assert not grounded(result)


def test_a_price_counted_by_another_unit_of_time_is_another_price():
    source = "Storage lockers. A locker costs £2 for each day you keep it. Keys are at the desk."

    moved = judge("How much is a locker?", "A locker costs £2 for each week you keep it.", source)
    kept = judge("How much is a locker?", "You'll pay £2 per day to keep a locker.", source)

    assert moved.metrics()["groundedness"] == 0.0
    assert kept.metrics()["groundedness"] == 1.0


@pytest.mark.parametrize(
    ("response", "source"),
    [
        (
            "Orders under £40 are delivered free.",
            "Delivery. Orders over £40 are delivered free. Smaller orders cost £3.95.",
        ),
        (
            "Visitors younger than 65 years get free entry to the gallery.",
            "Gallery entry. Visitors aged 65 or over get free entry to the gallery.",
        ),
    ],
)
def test_a_bound_turned_to_the_other_side_is_another_case(response, source):
    assert judge("Who gets it free?", response, source).metrics()["groundedness"] == 0.0


def test_a_bound_on_the_same_side_still_meets_the_source():
    result = judge(
        "Is delivery free?",
        "Yes, delivery is free on orders of more than £40.",
        "Delivery. Orders over £40 are delivered free. Smaller orders cost £3.95.",
    )

    assert result.metrics()["groundedness"] == 1.0


def test_free_said_of_another_thing_does_not_excuse_no_charge_where_a_fee_is_given():
    source = (
        "Servicing. A basic safety check is free for members. If you cancel a service "
        "booking on the day, we charge a £20 late cancellation fee."
    )

    denied = judge(
        "What if I cancel my service on the day?",
        "If you cancel a service booking on the day, there's no charge.",
        source,
    )
    kept = judge("Is the safety check free?", "Yes, members get a basic safety check free.", source)

    assert denied.metrics()["groundedness"] == 0.0
    assert kept.metrics()["groundedness"] == 1.0


def test_a_price_counted_by_another_thing_is_another_price():
    source = "Valet parking. Valet parking costs £12 per vehicle. Keys are kept at reception."

    moved = judge("How much is valet parking?", "Valet parking costs £12 per guest.", source)
    kept = judge("How much is valet parking?", "It's £12 for each vehicle.", source)

    assert moved.metrics()["groundedness"] == 0.0
    assert kept.metrics()["groundedness"] == 1.0


def test_a_window_given_with_an_article_is_a_duration():
    source = "Exchanges. You can exchange an unwanted gift within 1 month of purchase."

    shorter = judge("How long do I have?", "You have a week to exchange it.", source)
    same = judge("How long do I have?", "You have a month to exchange it.", source)

    assert shorter.metrics()["groundedness"] == 0.0
    assert same.metrics()["groundedness"] == 1.0


# --- More or less than the very value the source gives -------------------------------

CROSSING = (
    "Ferries. The crossing from Porthmoor to Seal Island takes 45 minutes. Foot "
    "passengers may bring one bag of up to 20 kg."
)


@pytest.mark.parametrize(
    "response",
    [
        "The crossing takes less than 45 minutes.",
        "The crossing takes longer than 45 minutes.",
        "A foot passenger's bag can weigh more than 20 kg.",
    ],
)
def test_it_flags_more_or_less_than_the_value_the_source_states(response):
    result = judge("How long is the crossing to Seal Island?", response, CROSSING)

    assert not grounded(result)


@pytest.mark.parametrize(
    "response",
    [
        "The crossing takes 45 minutes.",
        "A foot passenger's bag must weigh less than 20 kg.",
    ],
)
def test_it_passes_the_value_itself_or_a_bound_on_its_side(response):
    result = judge("How long is the crossing to Seal Island?", response, CROSSING)

    assert grounded(result)


LATE_PICKUP = (
    "Late pick-up. The club closes at 6pm. If you collect your child after 6pm, we charge £8 "
    "for every 10 minutes or part of it."
)


def test_the_customers_own_clock_time_repeated_without_pm_is_not_a_claim():
    result = judge(
        "I got there at 6:05pm to pick up my son. Will I be charged?",
        "Yes. After 6pm we charge £8 for every 10 minutes or part of it, so 6:05 means £8.",
        LATE_PICKUP,
    )

    assert grounded(result)


@pytest.mark.parametrize(
    ("text", "kind", "days"),
    [
        ("15 funded hours a week", "duration", 15 / 24),
        ("20 visitor days a year", "duration", 20.0),
        ("£5 a day", "amount", None),
        ("2 working days", "duration", 2.0),
    ],
)
def test_a_word_between_a_number_and_its_unit_of_time_keeps_it_a_length_of_time(text, kind, days):
    first = extract_quantities(text)[0]

    assert first.kind == kind
    if days is not None:
        assert abs(first.low - days) < 1e-6


@pytest.mark.parametrize(
    ("text", "kind"),
    [("six months interest-free", "percent"), ("fee-free transfers", "amount")],
)
def test_free_of_a_named_charge_is_a_zero_of_that_charge(text, kind):
    (found,) = extract_quantities(text.replace("six", "6"))[-1:]

    assert (found.kind, found.low, found.soft) == (kind, 0.0, True)


def test_free_of_something_that_is_no_charge_states_no_value():
    assert extract_quantities("a gluten-free menu") == []


PETS = (
    "Multi-pet discount. When you insure two or more pets, the older pet's premium is reduced "
    "by 10%. The discount applies to new policies only."
)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("The discount goes on the older pet's premium.", True),
        ("The discount goes on the younger pet's premium.", False),
    ],
)
def test_where_a_thing_goes_is_said_by_the_thing_and_its_place(response, right):
    result = judge("I'm insuring my two cats. Which one gets the discount?", response, PETS)

    assert grounded(result) is right


LATE_RENT = (
    "Late rent. Rent is due on the 1st of each month. After 7 days late the fee is £20. "
    "After 30 days it rises to £50, and we may start recovery action."
)
ENGRAVING = (
    "Engraving. Engraving costs £8 for up to 10 letters on a ring. From 11 letters engraving "
    "is £12, and from 20 letters it is £18."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        ("My rent is 40 days late. What's the fee?", "The late fee is £50.", LATE_RENT),
        (
            "I want 24 letters engraved on a ring. What does engraving cost?",
            "Engraving that many letters on a ring costs £18.",
            ENGRAVING,
        ),
    ],
)
def test_a_value_whose_clause_leaves_its_subject_to_the_sentence_before_is_said_of_it(
    query, response, source
):
    assert grounded(judge(query, response, source))


# --- Values said roughly, and parts of a value said without its unit ---------------

GARDEN_TOUR = (
    "Guided tours. The guided tour lasts about 90 minutes, including around 30 minutes in "
    "the walled garden. Tours leave the visitor centre every hour from 10am."
)


def test_a_part_of_a_value_takes_that_values_measure():
    (whole, part) = extract_quantities("It lasts 90 minutes, with 30 of those outdoors.")

    assert part.kind == "duration"
    assert part.same_value(extract_quantities("30 minutes")[0])
    assert not part.same_value(whole)


def test_how_roughly_a_value_is_said_names_no_case_of_it():
    result = judge("How long does it last?", "It takes around ninety minutes.", GARDEN_TOUR)

    assert grounded(result)


@pytest.mark.parametrize(
    ("response", "right"),
    [
        ("It takes around ninety minutes, roughly thirty of them in the walled garden.", True),
        ("It takes around ninety minutes, roughly fifty of them in the walled garden.", False),
    ],
)
def test_a_part_said_without_its_unit_is_read_in_the_wholes(response, right):
    result = judge("How long is the guided tour?", response, GARDEN_TOUR)

    assert grounded(result) is right


SHUTTLE = (
    "Airport shuttle. We run a shuttle from Kelby Airport to hotels in Marlow Bay and "
    "Port Annet for £15 per booking. The shuttle is free for bookings of 3 or more "
    "guests."
)


def test_a_sentence_stating_the_facts_other_value_too_is_its_own_not_a_rival():
    # "It" borrows "shuttle", "Marlow Bay" from the fact before, which the £15 sentence
    # shares more of; but "free" and "3 or more" are both stated in the other sentence.
    result = judge(
        "Can the shuttle take us to Marlow Bay?",
        "Yes, the shuttle runs to hotels in Marlow Bay for £15 per booking. It's free "
        "if there are 3 or more of you.",
        SHUTTLE,
    )
    assert grounded(result), result.rationale
    assert result.verdict == "sufficient"


def test_a_free_value_with_the_wrong_group_size_is_still_unsupported():
    result = judge(
        "Can the shuttle take us to Marlow Bay?",
        "Yes, the shuttle runs to hotels in Marlow Bay for £15 per booking. It's free "
        "if there are 2 or more of you.",
        SHUTTLE,
    )
    assert not grounded(result)


def test_a_bare_number_after_the_same_verb_takes_the_measure_left_out():
    (first, second) = extract_quantities(
        "Hardcover books take 7 working days to make; softcover books take 4."
    )

    assert second.kind == "duration"
    assert second.basis == "working"
    assert second.same_value(extract_quantities("4 working days")[0])
    assert not second.same_value(first)


def test_a_bare_number_after_a_copula_keeps_no_measure():
    (_, count) = extract_quantities("The fee is £30 and the maximum group is 12.")

    assert count.kind == "number"
    assert not count.unit


PHOTO_BOOKS = (
    "Photo books. Photo books start at £19.99 for 20 pages. Hardcover books take 7 "
    "working days to make; softcover books take 4."
)


def test_a_value_said_with_the_unit_the_source_leaves_out_is_supported():
    result = judge(
        "How long do softcover photo books take?",
        "Softcover books are made in four working days.",
        PHOTO_BOOKS,
    )

    assert grounded(result), result.rationale


def test_the_number_left_without_its_unit_is_not_a_number_of_weeks():
    result = judge(
        "How long do softcover photo books take?",
        "Softcover books are made in four weeks.",
        PHOTO_BOOKS,
    )

    assert not grounded(result)


def test_bare_hours_running_from_high_to_low_are_times_of_day():
    (start, end) = extract_quantities("We deliver on weekdays, between 9 and 5.")

    assert (start.kind, start.low) == ("time", 9)
    assert (end.kind, end.low) == ("time", 17)


def test_a_count_range_is_not_read_as_hours():
    assert all(q.kind != "time" for q in extract_quantities("Groups of between 4 and 8."))
    assert all(q.kind != "time" for q in extract_quantities("Between 8 and 4 players."))


DELIVERY_HOURS = (
    "Delivery and collection. We deliver Monday to Friday, 9am to 5pm, in two-hour "
    "slots. Collection at the end of your rental is free."
)


def test_working_hours_said_as_bare_numbers_are_supported():
    result = judge(
        "When do you deliver?",
        "Deliveries happen on weekdays, between nine and five.",
        DELIVERY_HOURS,
    )

    assert grounded(result), result.rationale


def test_other_working_hours_said_as_bare_numbers_are_flagged():
    result = judge(
        "When do you deliver?",
        "Deliveries happen on weekdays, between ten and four.",
        DELIVERY_HOURS,
    )

    assert not grounded(result)


# --- An amount taken off beside a price of the same case -------------------------------

MISSED_SLOTS = (
    "Missed deliveries. If our driver misses your slot, we redeliver at no charge and take £15 "
    "off your order. A redelivery you ask for after missing a slot yourself costs £8."
)
MISSED_VISITS = (
    "Missed appointments. If our engineer misses your appointment, we rebook it at no cost and "
    "take £30 off your next bill. Rebooking an appointment you missed costs £25."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Your driver missed my slot. Will redelivering my order cost anything?",
            "As our driver missed the slot, redelivery is free, and we take £15 off.",
            MISSED_SLOTS,
        ),
        (
            "Your engineer didn't turn up. What will rebooking cost, and what about my next bill?",
            "As our engineer missed it, rebooking is free, and we take £30 off.",
            MISSED_VISITS,
        ),
    ],
)
def test_a_price_beside_an_amount_taken_off_is_no_other_cases_value(query, response, source):
    assert grounded(judge(query, response, source))
