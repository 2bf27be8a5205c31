"""What customers ask about returning an item, and how the bot answers.

Most of the demo's failures are planted here, on the articles that cause them: the
restocking-fee gap and the 30/45-day misreading on *Returns policy*, near-duplicate
retrieval with *How to return an item*, and the newsletter article retrieved for returns
questions. The holiday window is the legitimate condition that must not be flagged.
"""

from __future__ import annotations

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, Ref, redirect, ref, refusal, unretrieved

TEXTS = IntentTexts("returns")

BOT = "store-help"
GROUP = "returns"

RET_WINDOW = ref("kb-returns", "You can return most items within 30 days of delivery.")
# Same chunk as RET_WINDOW in the first version; its own section after the rewrite.
RET_WRONG = ref("kb-returns", "If we shipped you the wrong item, you have 45 days")
RET_OPENED = ref("kb-returns", "Opened items can be returned within the same window")
RET_CONDITION = ref("kb-returns", "Please send items back complete")
RET_EXCLUDED = ref("kb-returns", "Personalised or engraved products")
RET_MONEY = ref("kb-returns", "We refund to the payment method you used. If you paid")
HOWTO_WINDOW = ref("kb-return-howto", "If we sent you the wrong item, the window is 45 days")
HOWTO_STEPS = ref("kb-return-howto", "Sign in and open *Orders*.")
HOWTO_SHIPPING = ref("kb-return-howto", "Return shipping is free when you use our prepaid label")
HOLIDAY = ref("kb-holiday-returns", "can be returned until 31 January of the following year")
NEWS_SERVICE = Ref("kb-newsletter", "Even if you unsubscribe", answers=False)
NEWS_RETURNING = Ref("kb-newsletter", "If you haven't ordered for 90 days", answers=False)

# Two near-duplicate chunks saying the same thing: the retriever fills its slots with both.
DUPLICATES = (RET_WINDOW, HOWTO_WINDOW)

REPETITIVE_WINDOW = TEXTS.named("REPETITIVE_WINDOW")

RETURN_WINDOW = Intent(
    key="return-window",
    bot=BOT,
    group=GROUP,
    weight=10.5,
    boosts=(("peak", 1.4),),
    queries=TEXTS.queries("return-window"),
    sources=(RET_WINDOW,),
    answers=(
        Answer(
            "sufficient",
            22,
            TEXTS.answer("return-window", "sufficient"),
        ),
        Answer(
            "condition_misapplied",
            26,
            TEXTS.answer("return-window", "condition_misapplied"),
            sources=(RET_WINDOW, RET_WRONG),
            groundedness=0.2,
        ),
        Answer(
            "irrelevant_sources",
            9,
            TEXTS.answer("return-window", "irrelevant_sources"),
            sources=(RET_WINDOW, NEWS_SERVICE),
        ),
        Answer(
            "irrelevant_sources",
            7,
            TEXTS.answer("return-window", "irrelevant_sources", 1),
            sources=(RET_WINDOW, NEWS_RETURNING, NEWS_SERVICE),
        ),
        Answer(
            "bad_quote",
            8,
            TEXTS.answer("return-window", "bad_quote"),
            groundedness=0.4,
        ),
        Answer(
            "unasked_facts",
            6,
            TEXTS.answer("return-window", "unasked_facts"),
            sources=(RET_WINDOW, RET_CONDITION.off(), RET_EXCLUDED.off(), RET_MONEY.off()),
        ),
        redirect(7),
        unretrieved(
            5,
            TEXTS.answer("return-window", "nothing_retrieved"),
        ),
    ),
)

RESTOCKING_FEE = Intent(
    key="restocking-fee",
    bot=BOT,
    group=GROUP,
    weight=7.5,
    boosts=(("peak", 3.2),),
    covered=0,
    queries=TEXTS.queries("restocking-fee"),
    sources=(RET_WINDOW.off(), RET_OPENED.off()),
    answers=(
        Answer(
            "kb_gap_admission",
            30,
            TEXTS.answer("restocking-fee", "kb_gap_admission"),
            groundedness=None,
        ),
        Answer(
            "invented_answer",
            40,
            TEXTS.answer("restocking-fee", "invented_answer"),
            groundedness=0.0,
        ),
        Answer(
            "invented_answer",
            10,
            TEXTS.answer("restocking-fee", "invented_answer", 1),
            groundedness=0.5,
        ),
        Answer(
            "redirect_only",
            26,
            TEXTS.answer("restocking-fee", "redirect_only"),
            groundedness=None,
        ),
    ),
)

WINDOW_AND_RESTOCKING = Intent(
    key="return-window-restocking",
    bot=BOT,
    group=GROUP,
    weight=8.0,
    boosts=(("peak", 2.4),),
    parts=2,
    covered=1,
    queries=TEXTS.queries("return-window-restocking"),
    sources=(RET_WINDOW,),
    answers=(
        Answer(
            "partial",
            36,
            TEXTS.answer("return-window-restocking", "partial"),
        ),
        Answer(
            "repetitive",
            30,
            REPETITIVE_WINDOW,
            sources=DUPLICATES,
            coverage=0.5,
            retrieval_fault=True,
        ),
        Answer(
            "invented_answer",
            20,
            TEXTS.answer("return-window-restocking", "invented_answer"),
            groundedness=0.5,
        ),
        Answer(
            "condition_misapplied",
            14,
            TEXTS.answer("return-window-restocking", "condition_misapplied"),
            sources=(RET_WINDOW, RET_WRONG),
            groundedness=0.0,
        ),
    ),
)

REFUND_AFTER_30 = Intent(
    key="refund-after-30-days",
    bot=BOT,
    group=GROUP,
    weight=2.5,
    queries=TEXTS.queries("refund-after-30-days"),
    sources=(RET_WINDOW,),
    answers=(
        Answer(
            "grounded_negative",
            70,
            TEXTS.answer("refund-after-30-days", "grounded_negative"),
        ),
        Answer(
            "condition_misapplied",
            14,
            TEXTS.answer("refund-after-30-days", "condition_misapplied"),
            sources=(RET_WINDOW, RET_WRONG),
            groundedness=0.0,
        ),
        redirect(6),
    ),
)

WRONG_ITEM_WINDOW = Intent(
    key="wrong-item-window",
    bot=BOT,
    group=GROUP,
    weight=2.0,
    queries=TEXTS.queries("wrong-item-window"),
    sources=(RET_WRONG, ref("kb-wrong-item", "instead of the usual 30 days")),
    answers=(
        Answer(
            "sufficient",
            88,
            TEXTS.answer("wrong-item-window", "sufficient"),
        ),
        redirect(12),
    ),
)

HOLIDAY_RETURN = Intent(
    key="holiday-return",
    bot=BOT,
    group=GROUP,
    weight=1.0,
    boosts=(("peak", 4.0), ("pre_peak", 3.0)),
    queries=TEXTS.queries("holiday-return"),
    sources=(HOLIDAY, RET_WINDOW),
    answers=(
        Answer(
            "sufficient",
            84,
            TEXTS.answer("holiday-return", "sufficient"),
        ),
        redirect(5),
        refusal(5),
        unretrieved(
            5,
            TEXTS.answer("holiday-return", "nothing_retrieved"),
        ),
    ),
)

HOW_TO_RETURN = Intent(
    key="how-to-return",
    bot=BOT,
    group=GROUP,
    weight=3.5,
    boosts=(("peak", 1.3),),
    queries=TEXTS.queries("how-to-return"),
    sources=(HOWTO_STEPS,),
    answers=(
        Answer(
            "sufficient",
            76,
            TEXTS.answer("how-to-return", "sufficient"),
        ),
        Answer(
            "unasked_facts",
            9,
            TEXTS.answer("how-to-return", "unasked_facts"),
            sources=(HOWTO_STEPS, HOWTO_WINDOW.off(), RET_EXCLUDED.off(), RET_MONEY.off()),
        ),
        Answer(
            "irrelevant_sources",
            8,
            TEXTS.answer("how-to-return", "irrelevant_sources"),
            sources=(HOWTO_STEPS, NEWS_SERVICE),
        ),
        redirect(12),
    ),
)

WINDOW_AND_SHIPPING = Intent(
    key="return-window-shipping",
    bot=BOT,
    group=GROUP,
    weight=4.5,
    parts=2,
    covered=2,
    queries=TEXTS.queries("return-window-shipping"),
    sources=(RET_WINDOW, HOWTO_SHIPPING),
    answers=(
        Answer(
            "sufficient",
            42,
            TEXTS.answer("return-window-shipping", "sufficient"),
        ),
        Answer(
            "repetitive",
            48,
            REPETITIVE_WINDOW,
            sources=DUPLICATES,
            coverage=0.5,
            retrieval_fault=True,
        ),
        Answer(
            "partial",
            8,
            TEXTS.answer("return-window-shipping", "partial"),
            sources=DUPLICATES,
            coverage=0.5,
            retrieval_fault=True,
        ),
    ),
)

INTENTS: tuple[Intent, ...] = (
    RETURN_WINDOW,
    RESTOCKING_FEE,
    WINDOW_AND_RESTOCKING,
    WRONG_ITEM_WINDOW,
    HOLIDAY_RETURN,
    HOW_TO_RETURN,
    WINDOW_AND_SHIPPING,
)
