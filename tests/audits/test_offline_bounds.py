"""The offline judge on rules said from their other side: a thing "free to" have
something done to it, a bound written "no more than", the case beyond a limit said with
the opposite polarity, and the period a limit is counted by."""

from __future__ import annotations

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import has_negation
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

PROOFS = (
    "Photo proofs. Digital proofs are free to download; printed proofs cost £4 each. "
    "Proofs are kept online for 60 days."
)
STORAGE = (
    "Photo storage. You can keep up to 20 GB of photos without a monthly fee. "
    "Storage above that limit costs £2 a month per extra 10 GB."
)


def test_a_thing_free_to_have_something_done_costs_nothing():
    assert [quantity.low for quantity in extract_quantities("Classes are free to book.")] == [0.0]
    assert [q.low for q in extract_quantities("E-tickets are free to deliver.")] == [0.0]


def test_a_person_free_to_do_something_has_leave_not_a_price():
    assert extract_quantities("You are free to choose any seat.") == []
    assert extract_quantities("Members are free to bring a guest.") == []


def test_it_supports_no_cost_for_what_the_source_calls_free_to_do():
    result = judge(
        "Do digital proofs cost anything?",
        "No, digital proofs don't cost anything to download.",
        PROOFS,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_no_more_than_is_a_bound_not_a_denial():
    assert not has_negation("Tickets can be resold for no more than their face value.")
    assert not has_negation("Bags must be checked in no later than 40 minutes before.")
    assert has_negation("Tickets cannot be resold.")


def test_it_supports_a_limit_said_as_the_most_you_may_do():
    result = judge(
        "How many guests can I bring?",
        "The most you can bring is 2 guests per visit.",
        "Guest passes. Members can bring no more than 2 guests per visit. Guests pay no "
        "entry fee but must sign in at reception.",
    )

    assert grounded(result)


def test_it_supports_the_case_beyond_a_limit_said_with_the_opposite_polarity():
    result = judge(
        "Is there a charge for extra photo storage?",
        "Yes, photo storage above 20 GB carries a monthly fee.",
        STORAGE,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_it_still_flags_the_case_beyond_a_limit_given_the_limits_own_polarity():
    result = judge(
        "Is there a charge for extra photo storage?",
        "Photo storage above 20 GB is free.",
        STORAGE,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"


def test_it_supports_a_yearly_limit_said_in_a_year():
    result = judge(
        "How many points can I redeem?",
        "You can redeem up to 5,000 points in a year.",
        "Loyalty points. Points are added to your card 3 days after each visit. You can "
        "redeem up to 5,000 points each year. Points expire after 2 years.",
    )

    assert grounded(result)


SAFE_DRIVER = (
    "Safe driver discount. Each full year without an accident moves you up the scale. "
    "Years without an accident | Discount. 1 year | 10%. 2 years | 15%. 3 years or more | "
    "25%. Courtesy cars are included on every policy."
)


def test_a_length_of_time_keeps_its_unit_past_an_adjective():
    assert [q.kind for q in extract_quantities("After 3 accident-free years")] == ["duration"]
    assert [q.low for q in extract_quantities("10 consecutive days")] == [10.0]


def test_x_free_years_are_years_without_x():
    result = judge(
        "What discount do I get after three years without an accident?",
        "After three accident-free years you get the 25% discount.",
        SAFE_DRIVER,
    )

    assert grounded(result)
