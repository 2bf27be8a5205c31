"""Answers in the registers help-centre bots write in: what staff will do when asked,
invitations, remarks about the article, headings, restatements and follow-ups that
repeat an earlier answer for a new case."""

from __future__ import annotations

from audits.judges.base import JudgeInput, SourceText, Turn
from audits.judges.offline import OfflineJudge
from audits.judges.offline.context import resolve_follow_up
from kbaudit.text.dialogue import piece_kind
from kbaudit.text.tokens import digits_for_number_words
from tests.helpers import fully_grounded, offline_judge
from tests.helpers import offline_grade as grade

VENUE = "Customer help for a wedding venue: packages, deposits, cancellations and suppliers."
MOVING = (
    "Cancelling or moving your date",
    "Cancelling or moving your date. If you cancel more than 12 months before your wedding, "
    "you lose only the deposit. You can move your date once free of charge if you tell us "
    "at least 9 months ahead.",
)
SUPPLIERS = (
    "Suppliers",
    "Suppliers. Catering is provided only by our in-house kitchen. You can bring your own "
    "photographer, florist and band.",
)


def test_what_staff_will_go_through_or_check_for_the_customer_is_a_redirect():
    for text in (
        "Our events team can go through your contract with you.",
        "Our events team can check which new dates are available.",
        "The bookings team will confirm whether that's possible.",
        "Please speak to reception about the booking rules for your membership.",
    ):
        assert piece_kind(text) == "redirect", text


def test_what_staff_do_as_the_service_itself_stays_a_fact():
    assert piece_kind("Our team will collect the item within 14 days.") == "fact"
    assert piece_kind("Our staff check every item for damage.") == "fact"


def test_an_answer_followed_by_what_the_team_can_check_is_sufficient():
    result = grade(
        "Can we move our wedding date?",
        "Yes - you can move your date once free of charge if you tell us at least 9 months "
        "ahead. Our events team can check which new dates are available.",
        VENUE,
        MOVING,
    )
    assert result.verdict == "sufficient"


def test_an_invitation_from_the_business_is_no_claim():
    assert piece_kind("We'd love to show you around - just let us know!") == "pleasantry"
    assert piece_kind("We would be delighted to welcome you.") == "pleasantry"
    assert piece_kind("We'd love to host 200 guests.") == "fact"


def test_a_remark_that_the_article_does_say_sets_aside_the_remark_only():
    result = grade(
        "Can we bring our own photographer?",
        "The article does say you're welcome to bring your own photographer, florist and band.",
        VENUE,
        SUPPLIERS,
    )
    assert result.facts == ["You're welcome to bring your own photographer, florist and band."]
    assert result.metrics()["groundedness"] == 1.0


SHOP = "Customer help for a furniture store: delivery, assembly, returns and finance."
FINANCE = (
    "Finance",
    "Finance. Orders over £500 can be paid with 0% finance over 12 months. You'll need to "
    "be 18 or over and a UK resident. A deposit of 10% is paid when you order.",
)


def test_an_age_limit_answers_how_old_the_customer_must_be():
    result = grade(
        "Do I need to pay a deposit on finance, and how old do I have to be?",
        "Yes - a 10% deposit is paid when you order, and you need to be 18 or over and a UK "
        "resident.",
        SHOP,
        FINANCE,
    )
    assert result.metrics()["response_query_coverage"] == 1.0
    assert result.verdict == "sufficient"


def test_an_age_question_left_unanswered_is_still_partial():
    result = grade(
        "Do I need to pay a deposit on finance, and how old do I have to be?",
        "Yes - a 10% deposit is paid when you order.",
        SHOP,
        FINANCE,
    )
    assert result.cause == "partial"


ASSEMBLY = (
    "Assembly service",
    "Assembly service. Our assembly service costs £60 per item. Assembly is carried out on "
    "the same day as delivery. We don't assemble garden furniture.",
)


def test_a_line_that_is_only_a_heading_is_no_fact():
    result = grade(
        "When is assembly done?",
        "**Late cancellations**\n\nAssembly is carried out on the same day as delivery.",
        SHOP,
        ASSEMBLY,
    )
    assert result.facts == ["Assembly is carried out on the same day as delivery."]
    assert {"kind": "meta", "text": "Late cancellations"} in result.notes["non_claims"]


def test_a_bold_line_that_states_something_stays_a_fact():
    result = grade(
        "Do you assemble garden furniture?",
        "**We don't assemble garden furniture.**",
        SHOP,
        ASSEMBLY,
    )
    assert result.facts == ["We don't assemble garden furniture."]


def test_work_done_on_a_day_is_work_carried_out_then():
    result = grade(
        "When is assembly done?", "It's done on the same day as delivery.", SHOP, ASSEMBLY
    )
    assert result.metrics()["groundedness"] == 1.0


CLUB = "Customer help for a tennis club: membership, court booking, guests and coaching."
MEMBERSHIP = (
    "Membership",
    "Membership. Full membership costs £55 a month. Membership runs month to month and can "
    "be cancelled with one month's notice.",
)
PAYMENTS = (
    "Deposits and payments",
    "Deposits and payments. A deposit of £2,000 secures your date. A second payment of 50% "
    "of the balance is due 6 months before the wedding, and the rest is due 6 weeks before.",
)


def test_a_months_notice_is_one_month_of_notice():
    assert digits_for_number_words("Give us a month's notice.") == "Give us 1 month's notice."
    result = grade(
        "How do I cancel my membership?",
        "Membership can be cancelled with one month's notice. Just give us a month's notice "
        "whenever you want to leave.",
        CLUB,
        MEMBERSHIP,
    )
    assert result.metrics()["self_distinctness"] < 1.0


def test_half_of_what_is_left_is_fifty_percent_of_it():
    assert digits_for_number_words("half of what's left") == "50% of what's left"
    result = grade(
        "When are the payments due?",
        "- 50% of the balance 6 months before the wedding\n- The rest 6 weeks before\n\n"
        "So half of what's left is due six months ahead of the day.",
        VENUE,
        PAYMENTS,
    )
    assert result.metrics()["self_distinctness"] < 1.0


CANCELLING = (
    "Cancelling your date",
    "Cancelling your date. If you cancel more than 12 months before your wedding, you lose "
    "only the deposit. Between 6 and 12 months before, 50% of the package price is charged. "
    "Within 6 months of the date, the full package price is charged.",
)


def test_a_follow_up_naming_another_value_takes_the_place_of_the_earlier_one():
    history = [Turn(query="Our wedding is 14 months away - what would we lose?", response="x")]
    assert (
        resolve_follow_up("What if we wait until it's 4 months away?", history)
        == "Our wedding is 4 months away - what would we lose?"
    )


def test_the_earlier_answer_repeated_for_the_new_value_is_flagged():
    item = JudgeInput(
        query="What if we wait until it's 4 months away?",
        sources=[SourceText(rank=1, title=CANCELLING[0], text=CANCELLING[1])],
        response="You'd lose only the deposit then too.",
        bot_domain=VENUE,
        history=[
            Turn(
                query="We're thinking of cancelling. Our wedding is 14 months away - what "
                "would we lose?",
                response="More than 12 months before, you lose only the deposit.",
            )
        ],
    )
    assert OfflineJudge().judge(item).verdict == "insufficient"


DEPOSIT = (
    "Deposits",
    "Deposits. A non-refundable deposit of £2,000 secures your date. The balance is due 6 "
    "weeks before the wedding.",
)


def test_refunding_what_the_source_calls_non_refundable_is_unsupported():
    result = grade(
        "Is the deposit ever refundable?",
        "The £2,000 deposit is refunded if you cancel more than 12 months before the wedding.",
        VENUE,
        DEPOSIT,
    )
    assert result.unsupported and result.unsupported[0].reason == "contradicts_source"


def test_saying_the_deposit_is_not_refunded_agrees_with_non_refundable():
    result = grade(
        "Is the deposit ever refundable?",
        "No, the £2,000 deposit isn't refunded.",
        VENUE,
        DEPOSIT,
    )
    assert result.metrics()["groundedness"] == 1.0


DELIVERY = (
    "Delivery",
    "Delivery. Standard delivery costs £39 for any order; orders over £1,000 are delivered free.",
)


def test_a_price_or_nothing_for_another_case_is_two_clauses():
    result = grade(
        "What does delivery cost?",
        "Delivery costs £39, or nothing on orders over £1,000.",
        SHOP,
        DELIVERY,
    )
    assert result.metrics()["groundedness"] == 1.0


ROOMS = (
    "Rooms and group sizes",
    "Rooms and group sizes. The Vault takes 2 to 6 players and The Asylum takes 4 to 8. "
    "Each game lasts 60 minutes.",
)
GAMES = "Customer help for an escape room venue: rooms, group sizes, prices and bookings."
VAULT_TURN = Turn(
    query="How many people can play The Vault?", response="The Vault takes 2 to 6 players."
)


def test_a_name_opened_by_the_is_swapped_whole_in_a_follow_up():
    assert (
        resolve_follow_up("And The Asylum?", [VAULT_TURN]) == "How many people can play The Asylum?"
    )


def test_the_range_of_the_room_asked_before_repeated_for_another_room_is_flagged():
    item = JudgeInput(
        query="And The Asylum?",
        sources=[SourceText(rank=1, title=ROOMS[0], text=ROOMS[1])],
        response="Same, 2 to 6.",
        bot_domain=GAMES,
        history=[VAULT_TURN],
    )
    result = OfflineJudge().judge(item)
    assert result.verdict == "insufficient"
    assert result.unsupported[0].reason == "condition_misapplied"


def test_the_new_rooms_own_range_is_grounded():
    item = JudgeInput(
        query="And The Asylum?",
        sources=[SourceText(rank=1, title=ROOMS[0], text=ROOMS[1])],
        response="The Asylum takes 4 to 8.",
        bot_domain=GAMES,
        history=[VAULT_TURN],
    )
    assert OfflineJudge().judge(item).verdict == "sufficient"


SALON = "Customer help for a hair salon: prices, colour services, cancellations and deposits."
COLOUR = (
    "Colour services",
    "Colour services. Full head colour starts from £65 and a half head of highlights from "
    "£75. A toner is included with any highlights.",
)


def test_a_half_before_a_noun_names_a_thing_and_is_no_share():
    assert digits_for_number_words("A half head of highlights") == "A half head of highlights"
    assert digits_for_number_words("you save a third") == "you save 33%"
    result = grade(
        "How much are highlights?", "A half head of highlights starts from £75.", SALON, COLOUR
    )
    assert result.metrics()["groundedness"] == 1.0


DEPOSIT_OFF = (
    "Booking deposits",
    "Booking deposits. Appointments over £100 need a £20 deposit when you book online. The "
    "deposit is taken off your bill on the day.",
)


def test_deducted_from_the_bill_is_taken_off_it():
    result = grade(
        "How does the deposit work?",
        "The deposit is deducted from your bill on the day.",
        SALON,
        DEPOSIT_OFF,
    )
    assert result.metrics()["groundedness"] == 1.0


def test_praise_looking_forward_and_invitations_to_get_in_touch_are_courtesies():
    for text in (
        "That's a great choice!",
        "You're in luck!",
        "Sounds like a fun day out!",
        "We can't wait to see you!",
        "Looking forward to seeing you on court!",
        "Just give us a shout if you need anything.",
        "Drop us a message any time.",
        "Just let us know.",
        "I've pulled together the details for you.",
    ):
        assert piece_kind(text) in ("pleasantry", "meta"), text


def test_a_recommendation_or_a_step_said_warmly_stays_a_fact():
    for text in (
        "A great way to save is the annual plan.",
        "That's a great plan for families.",
        "Let us know in writing if you want to cancel.",
    ):
        assert piece_kind(text) == "fact", text


def test_what_front_line_staff_will_sort_out_or_advise_on_is_a_redirect():
    for text in (
        "Please phone the club on the number on our website.",
        "The front desk can sort this out for you.",
        "Your stylist can advise on the best option.",
        "The bookings team will be in touch to confirm.",
    ):
        assert piece_kind(text) == "redirect", text


def test_what_staff_do_in_the_service_or_by_when_stays_a_fact():
    assert piece_kind("Your stylist will cut and blow-dry your hair.") == "fact"
    assert piece_kind("The coach will be in touch within 2 days.") == "fact"


JOINING = (
    "Membership",
    "Membership. Full membership costs £55 a month. There is a joining fee of £50, waived for "
    "juniors.",
)


def test_saying_the_fee_is_waived_gives_the_exception_not_the_rule():
    result = grade(
        "Do juniors pay the joining fee?", "The £50 joining fee is waived.", CLUB, JOINING
    )
    assert result.metrics()["groundedness"] == 1.0


def test_the_fee_given_to_a_junior_as_if_it_held_is_still_flagged():
    result = grade("Do juniors pay the joining fee?", "There's a £50 joining fee.", CLUB, JOINING)
    assert result.unsupported and result.unsupported[0].reason == "condition_misapplied"


def test_a_follow_up_value_brings_its_bound_with_it():
    history = [Turn(query="Can I return it after 30 days?", response="x")]
    assert resolve_follow_up("And within 14 days?", history) == "Can I return it within 14 days?"
    assert resolve_follow_up("And 14 days?", history) == "Can I return it after 14 days?"


def test_the_top_of_the_earlier_rooms_range_repeated_for_another_room_is_flagged():
    item = JudgeInput(
        query="And The Asylum?",
        sources=[SourceText(rank=1, title=ROOMS[0], text=ROOMS[1])],
        response="That one's up to 6 as well.",
        bot_domain=GAMES,
        history=[VAULT_TURN],
    )
    assert OfflineJudge().judge(item).verdict == "insufficient"


KENNEL_HOURS = (
    "Drop-off and collection. Drop-off and collection are from 8am to 11am and from 3pm "
    "to 6pm, Monday to Saturday. We are closed for drop-off and collection on Sundays "
    "and bank holidays."
)


def test_a_pictograph_after_the_greeting_does_not_open_the_claim():
    result = offline_judge(
        "Can I drop my cat off on a Sunday?",
        "Hi there! 🐾 Sorry, we're closed for drop-off and collection on Sundays and bank "
        "holidays.",
        KENNEL_HOURS,
    )

    assert result.facts == [
        "we're closed for drop-off and collection on Sundays and bank holidays."
    ]
    assert fully_grounded(result), result.rationale


def test_a_pictograph_before_a_wrong_claim_leaves_it_flagged():
    result = offline_judge(
        "Can I drop my cat off on a Sunday?",
        "Hi there! 🐾 Sorry, on Sundays drop-off is from 9am to 11am only.",
        KENNEL_HOURS,
    )

    assert not fully_grounded(result)
