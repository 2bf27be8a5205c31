"""What customers ask about delivery options, costs and tracking.

Express shipping costs are missing from the first version of *Shipping options and
delivery times*, so those questions get half an answer until the October rewrite adds a
cost table.
"""

from __future__ import annotations

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, redirect, ref, refusal, unretrieved

TEXTS = IntentTexts("delivery")

BOT = "store-help"
GROUP = "orders"

SHIP_OPTIONS = ref("kb-shipping", "**Standard delivery**")
SHIP_WHEN = ref("kb-shipping", "Orders placed before 10 pm on a business day")
SHIP_COSTS = ref("kb-shipping", "## Shipping costs")
TRACK_INTRO = ref("kb-tracking", "As soon as your order ships, we email you a tracking link.")
TRACK_NUMBER = ref("kb-tracking", "Open *Orders* and choose the order. The tracking number")

DELIVERY_TIME = Intent(
    key="delivery-time",
    bot=BOT,
    group=GROUP,
    weight=6.0,
    boosts=(("peak", 1.8), ("pre_peak", 1.3)),
    queries=TEXTS.queries("delivery-time"),
    sources=(SHIP_OPTIONS, SHIP_WHEN),
    answers=(
        refusal(5),
        redirect(10),
        unretrieved(6, TEXTS.answer("delivery-time", "nothing_retrieved")),
        Answer(
            "sufficient",
            82,
            TEXTS.answer("delivery-time", "sufficient"),
        ),
        Answer(
            "contradictory",
            3,
            TEXTS.answer("delivery-time", "contradictory"),
            groundedness=0.5,
        ),
        Answer(
            "invented_answer",
            3,
            TEXTS.answer("delivery-time", "invented_answer"),
            groundedness=0.0,
        ),
        Answer(
            "unasked_facts",
            6,
            TEXTS.answer("delivery-time", "unasked_facts"),
        ),
    ),
)

EXPRESS_COST_AND_TIME = Intent(
    key="express-cost-time",
    bot=BOT,
    group=GROUP,
    weight=5.0,
    boosts=(("peak", 2.0), ("pre_peak", 1.4)),
    parts=2,
    covered=2,
    rewrite="kb-shipping",
    queries=TEXTS.queries("express-cost-time"),
    sources=(SHIP_OPTIONS, SHIP_COSTS),
    answers=(
        Answer(
            "partial",
            62,
            TEXTS.answer("express-cost-time", "partial"),
            era="before",
            sources=(SHIP_OPTIONS, SHIP_COSTS.off()),
            coverage=0.5,
        ),
        Answer(
            "invented_answer",
            16,
            TEXTS.answer("express-cost-time", "invented_answer"),
            era="before",
            sources=(SHIP_OPTIONS, SHIP_COSTS.off()),
            groundedness=0.5,
            coverage=0.5,
        ),
        redirect(10, era="before"),
        Answer(
            "sufficient",
            90,
            TEXTS.answer("express-cost-time", "sufficient"),
            era="after",
        ),
        Answer(
            "invented_answer",
            4,
            TEXTS.answer("express-cost-time", "invented_answer", 1),
            era="after",
            groundedness=0.5,
        ),
        # The cost table ranks below two other shipping chunks and drops out of the top 2.
        Answer(
            "partial",
            12,
            TEXTS.answer("express-cost-time", "partial", 1),
            era="after",
            sources=(SHIP_OPTIONS, SHIP_WHEN.off()),
            coverage=0.5,
            retrieval_fault=True,
        ),
    ),
)

FREE_SHIPPING = Intent(
    key="free-shipping",
    bot=BOT,
    group=GROUP,
    weight=2.0,
    boosts=(("peak", 1.5),),
    queries=TEXTS.queries("free-shipping"),
    sources=(SHIP_COSTS,),
    answers=(
        Answer(
            "sufficient",
            92,
            TEXTS.answer("free-shipping", "sufficient"),
        ),
        refusal(5),
    ),
)

CUSTOMS = Intent(
    key="customs-duties",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("customs-duties"),
    sources=(ref("kb-intl-shipping", "Orders within the EU don't have any customs charges"),),
    answers=(
        Answer(
            "sufficient",
            90,
            TEXTS.answer("customs-duties", "sufficient"),
        ),
        redirect(8),
    ),
)

SHIP_ABROAD = Intent(
    key="ship-to-canada",
    bot=BOT,
    group=GROUP,
    weight=1.0,
    queries=TEXTS.queries("ship-to-canada"),
    sources=(ref("kb-intl-shipping", "We ship to all 27 EU countries"),),
    answers=(
        Answer(
            "grounded_negative",
            92,
            TEXTS.answer("ship-to-canada", "grounded_negative"),
        ),
    ),
)

TRACKING = Intent(
    key="order-tracking",
    bot=BOT,
    group=GROUP,
    weight=13.0,
    boosts=(("peak", 1.6), ("pre_peak", 1.2)),
    queries=TEXTS.queries("order-tracking"),
    sources=(TRACK_INTRO, TRACK_NUMBER),
    answers=(
        refusal(4),
        unretrieved(
            6,
            TEXTS.answer("order-tracking", "nothing_retrieved"),
        ),
        Answer(
            "sufficient",
            82,
            TEXTS.answer("order-tracking", "sufficient"),
        ),
        Answer(
            "invented_answer",
            2,
            TEXTS.answer("order-tracking", "invented_answer"),
            groundedness=0.0,
        ),
        Answer(
            "redirect_only",
            24,
            TEXTS.answer("order-tracking", "redirect_only"),
            groundedness=None,
        ),
        Answer(
            "unasked_facts",
            4,
            TEXTS.answer("order-tracking", "unasked_facts"),
            sources=(
                TRACK_NUMBER,
                ref("kb-tracking", "**Order received**").off(),
                ref("kb-tracking", "Tracking can pause for a day or two").off(),
            ),
        ),
    ),
)

TRACKING_STUCK = Intent(
    key="tracking-stuck",
    bot=BOT,
    group=GROUP,
    weight=3.0,
    boosts=(("peak", 2.2),),
    queries=TEXTS.queries("tracking-stuck"),
    sources=(ref("kb-tracking", "Tracking can pause for a day or two"),),
    answers=(
        Answer(
            "sufficient",
            84,
            TEXTS.answer("tracking-stuck", "sufficient"),
        ),
        redirect(16),
        unretrieved(
            5,
            TEXTS.answer("tracking-stuck", "nothing_retrieved"),
        ),
    ),
)

INTENTS: tuple[Intent, ...] = (
    DELIVERY_TIME,
    EXPRESS_COST_AND_TIME,
    FREE_SHIPPING,
    CUSTOMS,
    SHIP_ABROAD,
    TRACKING,
    TRACKING_STUCK,
)
