"""A pointer to someone to ask, read by its shape (a directive to ask or contact
someone, with no value in it), and a question in the knowledge base's territory though
it shares no word with the article that answers it."""

from __future__ import annotations

from kbaudit.text.dialogue import is_pointer, piece_kind
from tests.helpers import offline_grade as grade

BIKES = "Customer help for Spokes Cycle Repairs: services, repair times, parts, collection."
REPAIR_TIMES = (
    "Repair times",
    "Repair times. Standard repairs are finished within two working days. Wheel builds "
    "take five working days. We text you when the work is done.",
)
SHOES = (
    "Customer help for Heelbar Shoe Repairs: resoling, heels, keys cut, prices and damage claims."
)
DAMAGE = (
    "Damage to your items",
    "Damage to your items. If an item is damaged while we have it, we pay up to 5 times "
    "the repair price. Claims must be made in the shop within 7 days of collection.",
)


def test_a_directive_to_ask_someone_with_nothing_else_is_a_redirect():
    for text in (
        "Best bet is to ask the mechanics when you drop the bike off - they'll let you know!",
        "You'll want to check with your branch manager.",
        "Just ask one of our mechanics when you collect it.",
        "Please speak to our reception staff, who will be happy to help.",
    ):
        assert is_pointer(text), text
        assert piece_kind(text) == "redirect", text


def test_a_directive_that_carries_a_value_or_a_step_is_not_a_pointer():
    assert not is_pointer("Ask the driver to leave it in a safe place.")
    assert not is_pointer("Phone the workshop on 0161 555 0100 before 10am.")
    assert not is_pointer("Ask for a receipt at the till.")
    assert piece_kind("Ask the driver to leave it in a safe place.") == "fact"


def test_only_pointing_to_the_shops_own_staff_is_no_content_not_an_off_topic_decline():
    result = grade(
        "How long will my bike be in the workshop?",
        "Best bet is to ask our mechanics when you drop it off - they'll let you know!",
        BIKES,
        REPAIR_TIMES,
    )
    assert result.verdict == "insufficient"
    assert result.cause == "no_content", result.rationale


def test_a_bare_apology_is_a_courtesy():
    assert piece_kind("We're sorry about that.") == "pleasantry"
    assert piece_kind("I'm so sorry about this.") == "pleasantry"


def test_an_answer_from_the_retrieved_article_is_in_the_domain_though_no_word_is_shared():
    # "boots", "scuff": no word of the question is in the article the answer comes from.
    result = grade(
        "My boots came back with a scuff. What can I do?",
        "We're sorry about that. If an item is damaged while we have it, we pay up to 5 "
        "times the repair price. Please make your claim in the shop within 7 days of "
        "collection.",
        SHOES,
        DAMAGE,
    )
    assert result.verdict == "sufficient", result.rationale
    assert result.cause is None


TAILOR = "Customer help for Stitchworks Tailoring: alterations, prices, fittings and collection."
BESPOKE = (
    "Prices",
    "Prices. Trouser hems are £12 and sleeve shortening is £18. Bespoke alterations are "
    "priced after a fitting in the shop.",
)


def test_a_pointer_after_so_is_set_apart_from_the_fact_it_follows():
    result = grade(
        "How much is a bespoke alteration?",
        "Bespoke alterations are priced after a fitting in the shop, so bring yours into "
        "any branch for a quote.",
        TAILOR,
        BESPOKE,
    )
    assert result.facts == ["Bespoke alterations are priced after a fitting in the shop"]
    assert result.verdict == "sufficient", result.rationale


def test_going_somewhere_to_be_told_is_a_pointer_but_a_step_of_the_service_is_not():
    assert is_pointer("Pop it into any branch for a quote.")
    assert not is_pointer("Bring it back to the store with your receipt.")


def test_our_team_doing_something_is_what_we_do():
    # "our team" is the help centre's "we": no word a source must give.
    result = grade(
        "How much is a bespoke alteration?",
        "Bespoke alterations are priced after our team does a fitting in the shop.",
        TAILOR,
        BESPOKE,
    )
    assert result.verdict == "sufficient", result.rationale
    assert result.metrics()["groundedness"] == 1.0


def test_a_claim_that_holds_if_you_call_or_email_is_a_fact_not_a_redirect():
    for text in (
        "Porters can let you into the building if you call the lodge.",
        "We can waive the fee if you contact us within 14 days.",
        "The deposit is refunded when you email the team.",
    ):
        assert piece_kind(text) == "fact", text


def test_a_call_in_the_main_clause_stays_a_redirect():
    for text in (
        "If you have any questions, please call us.",
        "You can call us if you need help.",
        "Call us if the porters are not there.",
        "It is best to email the support team if you are unsure.",
    ):
        assert piece_kind(text) == "redirect", text


def test_a_rule_said_with_its_call_is_graded_against_the_source():
    from tests.helpers import fully_grounded, offline_judge

    source = "Porters can let you into the building from 10pm until 6am, by calling the lodge."
    result = offline_judge(
        "Can the porters let me in late?",
        "Porters can let you into the building if you call the lodge.",
        source,
    )

    assert result.facts and fully_grounded(result)
