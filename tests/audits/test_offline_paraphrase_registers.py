"""The paraphrase lexicon across help-centre registers beyond retail: billing,
installation, tenancy, health, travel, education and software accounts. Their words
meet the article's wording, the words that differ in a way a rule depends on stay apart,
and a wrong answer said in these words is still flagged."""

from __future__ import annotations

import pytest

from kbaudit.text.tokens import content_stems, stem
from tests.helpers import fully_grounded, offline_grade

DOMAIN = (
    "Customer help for Linewell Broadband and Homes: installation, billing, accounts and tenancies."
)

MOVING_IN = (
    "Moving in",
    "Moving in. Collect your keys from the front desk. A rental bond of £300 is paid "
    "before you move into your apartment, and your lease runs for one semester.",
)
ACCOUNTS = (
    "Your account",
    "Your account. Create an account with the number on your welcome letter. Two-step "
    "verification is required for every account.",
)


# --- Words and phrases read as one -------------------------------------------------


@pytest.mark.parametrize(
    ("said", "written"),
    [
        # Billing and payments.
        ("your monthly statement", "your monthly bill"),
        ("we debit your account on the 1st", "we charge your account on the 1st"),
        ("pay by automatic payment", "pay by Direct Debit"),
        ("add money to your wallet", "top up your wallet"),
        # Utilities and installation.
        ("a technician visit", "an engineer appointment"),
        ("a visit from an engineer", "an engineer appointment"),
        ("our installer", "our engineer"),
        ("your energy supplier", "your energy provider"),
        ("your service goes live on Monday", "your service is active on Monday"),
        ("the set-up is free", "the setup is free"),
        # Accommodation and tenancy.
        ("the front desk", "reception"),
        ("your rental bond", "your deposit"),
        ("a two-bedroom apartment", "a two-bedroom flat"),
        ("your lease", "your tenancy"),
        ("a room in the dorms", "a room in halls"),
        # Health.
        ("see a physician", "see a doctor"),
        ("book your flu jab", "book your flu vaccination"),
        ("at your GP surgery", "at your GP practice"),
        ("a sick note", "a medical certificate"),
        ("the emergency room", "the emergency department"),
        # Travel.
        ("one carry-on bag", "one cabin bag"),
        ("hand luggage", "cabin bag"),
        ("hold luggage", "checked bags"),
        ("your boarding card", "your boarding pass"),
        ("ask a flight attendant", "ask the cabin crew"),
        ("book a cab", "book a taxi"),
        ("from the railway station", "from the train station"),
        ("during a power cut", "during a power outage"),
        ("signup is free", "signing up is free"),
        # Education and government services.
        ("each semester", "each term"),
        ("register for the course", "sign up for the course"),
        ("the closing date for applications", "the deadline for applications"),
        # Software accounts.
        ("create an account", "sign up"),
        ("your user name", "your username"),
        ("turn on 2FA", "turn on two-factor authentication"),
        ("two-step verification", "two-factor authentication"),
        ("enter the one-time passcode", "enter the verification code"),
        ("deactivate your account", "disable your account"),
        # Banking and government services.
        ("the nearest cash machine", "the nearest cashpoint"),
        ("a checking account", "a current account"),
        ("your PIN number", "your PIN"),
        ("a driver's license", "a driving licence"),
        ("book an optometrist", "book an optician"),
        # Logging a repair reports it; logging in is signing in.
        ("log the repair on the portal", "report the repair on the portal"),
    ],
)
def test_a_paraphrase_from_another_register_reads_as_the_article_wording(said, written):
    assert content_stems(said) == content_stems(written)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # A bank statement asks for nothing; a bill does.
        ("your bank statement", "your bank bill"),
        # A recurring card payment is not a Direct Debit.
        ("automatic payment by card", "Direct Debit by card"),
        # Credit the company adds is no top-up.
        ("we add credit to your account", "we top up your account"),
        # Registering a product or a vehicle joins nothing.
        ("register your product", "sign up your product"),
        # A surgery on its own may be an operation.
        ("after your surgery", "after your practice"),
        # Parties a rule depends on.
        ("your letting agent", "your landlord"),
        ("a lodger", "a tenant"),
        ("visitors", "guests"),
        ("a consultation", "an appointment"),
        ("pupils", "students"),
        # Resetting a forgotten password is not changing a known one.
        ("reset your password", "change your password"),
        # Customers visit websites and shops too.
        ("visit our website", "appointment our website"),
        ("log in on the portal", "report on the portal"),
        ("deactivate your account", "delete your account"),
    ],
)
def test_words_that_differ_in_a_way_a_rule_depends_on_stay_apart(one, other):
    assert content_stems(one) != content_stems(other)


def test_a_folded_word_does_not_take_a_word_of_its_own_with_it():
    # "apartment" strips to "apart" and "statement" to "stat": they are read by phrase,
    # so "apart" and "state" keep their own stems.
    assert content_stems("5 days apart") != content_stems("5 days flat")
    assert stem("state") != stem("bill")
    # "lodge a complaint" is no lodging.
    assert stem("lodge") != stem("accommodation")


# --- Correct answers in these words are supported; wrong ones stay flagged -----------


# Each supported answer below is flagged without these entries: every other wording
# in it is the article's.


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Where do I get my keys?",
            "Pick up your keys at reception. You pay a £300 deposit before moving into your "
            "flat, and the tenancy lasts one term.",
            MOVING_IN,
        ),
        (
            "How do I get started?",
            "Sign up with the number on your welcome letter. Multi-factor authentication is "
            "required for every account.",
            ACCOUNTS,
        ),
    ],
)
def test_an_answer_in_another_registers_words_is_supported(query, response, source):
    assert fully_grounded(offline_grade(query, response, DOMAIN, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        # A changed value: £300, not £500.
        (
            "Where do I get my keys?",
            "Pick up your keys at reception. You pay a £500 deposit before moving into your "
            "flat, and the tenancy lasts one term.",
            MOVING_IN,
        ),
        # A changed polarity: required, not optional.
        (
            "How do I get started?",
            "Sign up with the number on your welcome letter. Multi-factor authentication is "
            "optional for every account.",
            ACCOUNTS,
        ),
    ],
)
def test_a_wrong_answer_in_another_registers_words_stays_flagged(query, response, source):
    result = offline_grade(query, response, DOMAIN, source)
    assert not fully_grounded(result)
    assert result.verdict != "sufficient"
