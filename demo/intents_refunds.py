"""What customers ask about exchanges, refunds, damaged items and marketing emails.

*Exchanges* says 45 days and *Exchange questions answered* says 30 days for the same thing,
so exchange questions get contradictory answers whichever article the bot leans on.
"""

from __future__ import annotations

from demo.data import IntentTexts
from demo.intents_returns import NEWS_SERVICE
from demo.scenarios import Answer, Intent, redirect, ref, refusal, unretrieved

TEXTS = IntentTexts("refunds")

BOT = "store-help"
GROUP = "returns"

REFUND_TIMES = ref("kb-refund-timing", "Credit and debit card: 5-10 business days")
REFUND_START = ref("kb-refund-timing", "We process refunds within 3 business days")
REFUND_WAITING = ref("kb-refund-timing", "BRIGHTCART BV")

EXCHANGE_SOURCES = (
    ref("kb-exchanges", "You can exchange an item within 45 days of delivery."),
    ref("kb-exchange-faq", "Exchanges must be requested within 30 days of delivery."),
)

EXCHANGE_WINDOW = Intent(
    key="exchange-window",
    bot=BOT,
    group=GROUP,
    weight=4.0,
    boosts=(("peak", 1.5),),
    queries=TEXTS.queries("exchange-window"),
    sources=EXCHANGE_SOURCES,
    answers=(
        Answer(
            "contradictory",
            46,
            TEXTS.answer("exchange-window", "contradictory"),
            groundedness=0.5,
        ),
        # Picks one of the two articles: grounded in one source, in conflict with the other.
        Answer(
            "contradictory",
            40,
            TEXTS.answer("exchange-window", "contradictory", 1),
        ),
        redirect(6),
    ),
)

REFUND_TIMING = Intent(
    key="refund-timing",
    bot=BOT,
    group=GROUP,
    weight=6.0,
    boosts=(("post_peak", 1.5),),
    queries=TEXTS.queries("refund-timing"),
    sources=(REFUND_TIMES, REFUND_START),
    answers=(
        Answer(
            "sufficient",
            74,
            TEXTS.answer("refund-timing", "sufficient"),
        ),
        Answer(
            "contradictory",
            5,
            TEXTS.answer("refund-timing", "contradictory"),
            groundedness=0.5,
        ),
        Answer(
            "invented_answer",
            3,
            TEXTS.answer("refund-timing", "invented_answer"),
            groundedness=0.0,
        ),
        Answer(
            "unasked_facts",
            7,
            TEXTS.answer("refund-timing", "unasked_facts"),
            sources=(REFUND_TIMES, REFUND_START, REFUND_WAITING.off()),
        ),
        Answer(
            "irrelevant_sources",
            6,
            TEXTS.answer("refund-timing", "irrelevant_sources"),
            sources=(REFUND_TIMES, REFUND_START, NEWS_SERVICE),
        ),
        Answer(
            "bad_quote",
            3,
            TEXTS.answer("refund-timing", "bad_quote"),
            groundedness=0.0,
        ),
        redirect(10),
        refusal(5),
        unretrieved(5, TEXTS.answer("refund-timing", "nothing_retrieved")),
    ),
)

NEWSLETTER = Intent(
    key="newsletter-unsubscribe",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("newsletter-unsubscribe"),
    sources=(
        ref("kb-newsletter", "Every marketing email has an *Unsubscribe* link"),
        ref("kb-newsletter", "Even if you unsubscribe"),
    ),
    answers=(
        Answer(
            "sufficient",
            90,
            TEXTS.answer("newsletter-unsubscribe", "sufficient"),
        ),
        redirect(8),
    ),
)

DAMAGED = Intent(
    key="damaged-item",
    bot=BOT,
    group=GROUP,
    weight=3.0,
    queries=TEXTS.queries("damaged-item"),
    sources=(
        ref("kb-damaged", "If the box or product is visibly damaged"),
        ref("kb-damaged", "If a product is faulty within 30 days of delivery"),
    ),
    answers=(
        Answer(
            "sufficient",
            80,
            TEXTS.answer("damaged-item", "sufficient"),
        ),
        Answer(
            "condition_misapplied",
            4,
            TEXTS.answer("damaged-item", "condition_misapplied"),
            groundedness=0.5,
        ),
        redirect(18),
        refusal(4),
    ),
)

WRONG_ITEM_REPORT = Intent(
    key="wrong-item-report",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("wrong-item-report"),
    sources=(ref("kb-wrong-item", "Check the packing slip"),),
    answers=(
        Answer(
            "sufficient",
            90,
            TEXTS.answer("wrong-item-report", "sufficient"),
        ),
        redirect(6),
    ),
)

INTENTS: tuple[Intent, ...] = (
    EXCHANGE_WINDOW,
    REFUND_TIMING,
    NEWSLETTER,
    DAMAGED,
    WRONG_ITEM_REPORT,
)
