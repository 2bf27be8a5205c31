"""What marketplace sellers ask the ``seller-help`` bot.

Mostly answered well from the sellers' help centre; the gap is faster payouts, which the
*Payouts* article never mentions and sellers ask about in the busy season.
"""

from __future__ import annotations

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, redirect, ref, refusal

TEXTS = IntentTexts("seller")

BOT = "seller-help"
GROUP = "seller"

FEES_INTRO = ref("sel-fees", "has no listing fees")
FEES_TABLE = ref("sel-fees", "| Category | Commission |")
PAYOUT_SCHEDULE = ref("sel-payouts", "Payouts are made every Monday")
PAYOUT_MINIMUM = ref("sel-payouts", "The minimum payout is €25")


def _intent(
    key: str,
    weight: float,
    queries: tuple[str, ...],
    sources: tuple,
    answers: tuple[Answer, ...],
    **options,
) -> Intent:
    return Intent(
        key=key,
        bot=BOT,
        group=GROUP,
        weight=weight,
        queries=queries,
        sources=sources,
        answers=answers,
        **options,
    )


COMMISSION = _intent(
    "seller-commission",
    4.0,
    TEXTS.queries("seller-commission"),
    (FEES_INTRO, FEES_TABLE),
    (
        refusal(5),
        redirect(5),
        Answer(
            "sufficient",
            86,
            TEXTS.answer("seller-commission", "sufficient"),
        ),
        Answer(
            "unasked_facts",
            10,
            TEXTS.answer("seller-commission", "unasked_facts"),
            sources=(
                FEES_TABLE,
                ref("sel-fees", "The Basic plan is free").off(),
                ref("sel-fees", "minus a €1 handling fee").off(),
                ref("sel-fees", "reviewed once a year").off(),
            ),
        ),
    ),
)

PAYOUT_SCHEDULE_INTENT = _intent(
    "seller-payout-schedule",
    4.0,
    TEXTS.queries("seller-payout-schedule"),
    (PAYOUT_SCHEDULE, PAYOUT_MINIMUM),
    (
        Answer(
            "sufficient",
            88,
            TEXTS.answer("seller-payout-schedule", "sufficient"),
        ),
        redirect(8),
    ),
)

PAYOUT_FASTER = _intent(
    "seller-faster-payout",
    2.6,
    TEXTS.queries("seller-faster-payout"),
    (PAYOUT_SCHEDULE.off(),),
    (
        Answer(
            "kb_gap_admission",
            40,
            TEXTS.answer("seller-faster-payout", "kb_gap_admission"),
            groundedness=None,
        ),
        Answer(
            "redirect_only",
            36,
            TEXTS.answer("seller-faster-payout", "redirect_only"),
            groundedness=None,
        ),
        Answer(
            "invented_answer",
            20,
            TEXTS.answer("seller-faster-payout", "invented_answer"),
            groundedness=0.0,
        ),
    ),
    covered=0,
    boosts=(("peak", 2.5), ("pre_peak", 2.0)),
)

FEES_AND_PAYOUT = _intent(
    "seller-fees-and-payout",
    1.5,
    TEXTS.queries("seller-fees-and-payout"),
    (FEES_TABLE, PAYOUT_SCHEDULE),
    (
        Answer(
            "sufficient",
            62,
            TEXTS.answer("seller-fees-and-payout", "sufficient"),
        ),
        Answer(
            "partial",
            34,
            TEXTS.answer("seller-fees-and-payout", "partial"),
        ),
    ),
    parts=2,
    covered=2,
)

LISTING = _intent(
    "seller-create-listing",
    3.0,
    TEXTS.queries("seller-create-listing"),
    (ref("sel-listings", "Select *Add product*"), ref("sel-listings", "reviewed within 24 hours")),
    (
        Answer(
            "sufficient",
            88,
            TEXTS.answer("seller-create-listing", "sufficient"),
        ),
        redirect(12),
    ),
)

PHOTOS = _intent(
    "seller-photo-rules",
    1.0,
    TEXTS.queries("seller-photo-rules"),
    (ref("sel-listings", "at least 1000 x 1000 pixels"),),
    (
        Answer(
            "sufficient",
            92,
            TEXTS.answer("seller-photo-rules", "sufficient"),
        ),
    ),
)

DISPATCH = _intent(
    "seller-dispatch-time",
    2.5,
    TEXTS.queries("seller-dispatch-time"),
    (
        ref("sel-shipping", "Orders must be dispatched within 2 business days"),
        ref("sel-shipping", "tracked service"),
    ),
    (
        Answer(
            "sufficient",
            86,
            TEXTS.answer("seller-dispatch-time", "sufficient"),
        ),
        redirect(10),
        refusal(4),
    ),
)

SELLER_RETURNS = _intent(
    "seller-accept-returns",
    2.0,
    TEXTS.queries("seller-accept-returns"),
    (
        ref("sel-returns", "Buyers can return an item within 30 days"),
        ref("sel-returns", "within 14 days of receiving the return"),
    ),
    (
        Answer(
            "sufficient",
            90,
            TEXTS.answer("seller-accept-returns", "sufficient"),
        ),
        redirect(8),
    ),
)

VERIFICATION = _intent(
    "seller-verification",
    2.0,
    TEXTS.queries("seller-verification"),
    (ref("sel-verification", "A photo ID"), ref("sel-verification", "Verification takes 2-3")),
    (
        Answer(
            "sufficient",
            84,
            TEXTS.answer("seller-verification", "sufficient"),
        ),
        redirect(14),
    ),
)

GREETINGS: tuple[tuple[str, str], ...] = TEXTS.named("GREETINGS")

BOT_MESSAGES: tuple[tuple[str, str], ...] = TEXTS.named("BOT_MESSAGES")

INTENTS: tuple[Intent, ...] = (
    COMMISSION,
    PAYOUT_SCHEDULE_INTENT,
    PAYOUT_FASTER,
    FEES_AND_PAYOUT,
    LISTING,
    PHOTOS,
    DISPATCH,
    SELLER_RETURNS,
    VERIFICATION,
)
