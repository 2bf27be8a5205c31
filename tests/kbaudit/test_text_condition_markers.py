"""How help-centre sentences state the case a value holds for, read from the language
itself: "subject to", "only for", times and places that pick a case, what a case waits
on ("where applicable", "while stocks last"), stages reached ("once you have", "after
your first year"), clause openers ("Should you need ..."), holders and groups, reduced
relatives ("Claims made after 90 days"), and exceptions that are no case of the value."""

from __future__ import annotations

import pytest

from kbaudit.text.conditions import read_conditions, sentence_conditions
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge
from tests.kbaudit.condition_catalogue import catalogue, read_as_labelled

# Lines the reading does not yet get as labelled, each with why.
_SHAPE = "a case said by a shape the markers do not read yet"
_GROUP = "a group the reading names only in part"
_NONE = "a sentence of everyone read as a case"
KNOWN_MISSES = {
    "All bookings are subject to a £10 admin fee.": _NONE,
    "Each account has one owner.": _NONE,
    "Every plan includes unlimited calls.": _NONE,
    "Your data is stored in the EU.": _NONE,
    "For the duration of the contract, your price is fixed.": _NONE,
    "Upgrades are offered subject to the hotel's approval.": "a possessive after the marker",
    "Eligible students receive a 15% discount on annual plans.": _GROUP,
    "Our offices are closed on 25 December.": "a date is no case the reading holds",
    "Tickets cost £12 for adults.": "adults are the ordinary fare, so they pick no case",
    "Free cancellation is available up to 48 hours before arrival.": _SHAPE,
    "Season ticket holders get priority booking.": "the kind word of a named group is dropped",
    "Pensioners travel free outside peak times.": "one case per clause: the time wins",
    "Collection is available from Monday to Friday.": _SHAPE,
    "Residents of the borough get a 20% discount.": _GROUP,
    "Weekend rates apply on Saturdays and Sundays.": "days are read as the weekend they make",
    "Between November and March, opening hours are shorter.": _SHAPE,
    "Until the end of June, new members pay no joining fee.": "one case per clause: the date wins",
    "NHS staff get 15% off with a valid ID card.": "one case per clause: the evidence wins",
    "You must be registered with a GP to book online.": _SHAPE,
    "Only account holders can request a statement.": _GROUP,
    "Only the lead passenger can change the booking.": _SHAPE,
    "The voucher is valid only in UK stores.": "UK is read as its spelled-out name",
    "Free entry on the first Sunday of the month.": _SHAPE,
    "Without a receipt, we can only offer store credit.": _SHAPE,
    "Without a booking, entry costs £8.": _SHAPE,
    "Free delivery applies to mainland UK addresses only.": "UK is read as its spelled-out name",
    "Highlands and Islands deliveries take 2 extra days.": _GROUP,
    "Within the M25, we offer same-day delivery.": _SHAPE,
    "Interest-free for the first 12 months.": _SHAPE,
    "Cover starts once your first payment clears.": _SHAPE,
    "The fee is refunded once the inspection is complete.": _SHAPE,
    "After the trial ends, you will be charged £9.99 a month.": _SHAPE,
    "People receiving Pension Credit can get free TV licences.": _GROUP,
    "Customers who pay annually save 20%.": "the adverb of a qualifier is dropped",
    "Free alterations are offered on full-price suits.": _SHAPE,
    "Concessions apply to over-60s and jobseekers.": _SHAPE,
    "Carers accompanying a disabled visitor enter free.": _GROUP,
    "In your first month, calls are free.": "an ordinal is read as a value",
    "Tickets bought on the day cost £2 more.": "the unit of time is dropped from a qualifier",
    "Returns sent without a returns number may be delayed.": _GROUP,
    # Written after the reading was widened.
    "Seat selection is free provided you check in online.": "check in is read as one word",
    "From your third booking, you get 20% off.": _SHAPE,
    "Carers of a disabled guest stay free.": _GROUP,
    "Bags weighing over 23 kg cost £50 extra.": _SHAPE,
    "Hedge trimming costs £40 for gardens up to 20 metres.": _SHAPE,
    "Within the first 14 days, you can cancel for free.": _SHAPE,
}


def _rows(name: str):
    return [
        pytest.param(
            sentence,
            label,
            id=sentence[:60],
            marks=[pytest.mark.xfail(reason=KNOWN_MISSES[sentence], strict=True)]
            if sentence in KNOWN_MISSES
            else [],
        )
        for sentence, label in catalogue(name)
    ]


@pytest.mark.parametrize(("sentence", "label"), _rows("condition_sentences.tsv"))
def test_catalogue_sentence_is_read_as_labelled(sentence, label):
    assert read_as_labelled(sentence, label)


@pytest.mark.parametrize(("sentence", "label"), _rows("condition_sentences_fresh.tsv"))
def test_fresh_catalogue_sentence_is_read_as_labelled(sentence, label):
    assert read_as_labelled(sentence, label)


def _keys(text: str) -> list[frozenset[str]]:
    return [condition.key_stems for condition in sentence_conditions(text)]


def _governing(text: str) -> dict[str, str]:
    text = digits_for_number_words(text)
    quantities = extract_quantities(text)
    governed, _ = read_conditions(text, quantities)
    return {quantities[index].text: condition.text for index, condition in governed.items()}


def _holds(text: str, words: str) -> bool:
    wanted = frozenset(content_stems(words))
    return any(wanted <= keys for keys in _keys(text))


def test_subject_to_names_what_the_case_waits_on():
    assert _holds("Loans can be renewed twice, subject to no other reservations.", "reservations")
    assert not sentence_conditions("Prices are subject to VAT.")


def test_only_with_a_preposition_restricts_to_a_case():
    assert _holds("Free returns apply only for orders placed online.", "online")
    assert _holds("The pass is valid only on off-peak services.", "peak")


def test_times_that_pick_a_case():
    assert _governing("A £2 surcharge applies during peak hours.") == {"£2": "during peak hours"}
    assert _holds("The café is open until 8pm on weekdays.", "weekdays")
    assert _holds("Out of term time, the library closes at 5pm.", "term")


def test_what_a_case_waits_on_at_the_end_of_a_sentence():
    assert _holds("VAT is charged where applicable.", "applicable")
    assert _holds("Vegetarian meals are available on request.", "request")
    assert _holds("The gift is included while stocks last.", "stocks")


def test_a_stage_reached_picks_a_case_but_a_step_does_not():
    assert _holds("Once you have passed your probation, you get 25 days of leave.", "probation")
    assert _holds("After your first year, the price rises to £12 a month.", "first year")
    assert not sentence_conditions("After you submit your claim, we reply within 10 days.")


def test_clause_openers_that_set_a_case():
    assert _holds("Where your vehicle is written off, we pay its market value.", "written off")
    assert _holds("Should the item be faulty, we will replace it free of charge.", "faulty")
    assert _holds("In the event that your flight is delayed, keep your receipts.", "delayed")


def test_holders_and_members_only():
    assert _holds("Discounts of 10% are available for Blue Light card holders.", "blue light")
    assert _holds("Half-price entry for holders of a valid student ID.", "student")
    assert _keys("The lounge is for members only.") == [frozenset(content_stems("members"))]
    assert _holds("This feature is available to Enterprise customers only.", "enterprise")


def test_places_that_pick_a_case():
    assert _governing("The fine is £60 in Scotland and £70 in England.")["£60"] == "in Scotland"
    assert _holds("We deliver to Northern Ireland for an extra £5.", "northern ireland")


def test_groups_named_by_their_noun_and_what_they_do():
    assert _holds("Jobseekers can join for £5 a month.", "jobseekers")
    assert _holds("Blue Badge holders park free for up to 3 hours.", "blue badge")
    assert _holds("Households on Universal Credit may get a rebate.", "universal credit")
    assert _holds("Entry is £5 for pensioners.", "pensioners")


def test_a_reduced_relative_narrows_the_group():
    (condition,) = sentence_conditions("Claims made after 90 days will not be accepted.")
    assert [own.text for own in condition.quantities] == ["90 days"]
    assert _holds("Payments made by credit card incur a 2% fee.", "credit card")


def test_the_case_ends_where_the_next_value_opens_its_own():
    governing = _governing("Clubs are open 6am to 10pm on weekdays and 8am to 8pm at weekends.")
    assert governing == {"6am": "on weekdays", "10pm": "on weekdays"}


def test_an_exception_is_no_case_of_the_value():
    text = "Tickets booked online at least 24 hours ahead are 10% cheaper, except on bank holidays."
    assert not any("bank" in " ".join(keys) for keys in _keys(text))


NEXT_DAY = (
    "Delivery. Standard delivery costs £4.95 and takes 2 to 3 days. Next-day delivery costs "
    "£7.95, only for orders placed before 2pm."
)


def test_next_day_delivery_for_an_order_outside_its_cut_off_is_flagged():
    result = judge(
        "I ordered at 5pm, can I get next-day delivery?",
        "Yes, next-day delivery costs £7.95.",
        NEXT_DAY,
    )

    assert not grounded(result)


def test_next_day_delivery_inside_its_cut_off_is_supported():
    result = judge(
        "How much is next-day delivery if I order at 11am?",
        "Next-day delivery costs £7.95 for orders placed before 2pm.",
        NEXT_DAY,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


def test_places_listed_with_and_are_each_the_case():
    (condition,) = sentence_conditions("Prescriptions are free in Scotland and Wales.")
    assert condition.any_of
    (both,) = sentence_conditions("The fee is £5 if you are over 65 and live alone.")
    assert not both.any_of


PRESCRIPTIONS = (
    "Prescriptions. A prescription costs £9.90 per item. Prescriptions are free in Scotland "
    "and Wales."
)


def test_a_place_outside_the_case_is_flagged():
    result = judge(
        "I live in England. How much is a prescription?",
        "Prescriptions are free.",
        PRESCRIPTIONS,
    )

    assert not grounded(result)


def test_one_of_the_listed_places_is_supported():
    result = judge(
        "I live in Scotland. How much is a prescription?",
        "Prescriptions are free in Scotland.",
        PRESCRIPTIONS,
    )

    assert grounded(result)
    assert result.verdict == "sufficient"


BIKES = (
    "Bike hire. Bikes cost £12 a day. Electric bikes can be hired for £25 a day, only on weekdays."
)


def test_a_day_outside_the_case_is_flagged():
    result = judge(
        "Can I hire an electric bike on Saturday?",
        "Yes, electric bikes can be hired for £25 a day.",
        BIKES,
    )

    assert not grounded(result)


def test_a_day_inside_the_case_is_supported():
    result = judge(
        "Can I hire an electric bike on Tuesday?",
        "Yes, on weekdays electric bikes cost £25 a day.",
        BIKES,
    )

    assert grounded(result)


def test_the_case_ends_before_a_value_with_its_own_preposition():
    governing = _governing("The gym opens at 6am on weekdays and at 8am at weekends.")
    assert governing["6am"] == "on weekdays"


def test_an_exception_that_opens_a_clause_is_a_case_of_its_own():
    text = (
        "Tickets are non-refundable, except when we close a gallery or cancel an event, "
        "in which case we refund you in full."
    )
    assert _holds(text, "close gallery")
