"""What customers ask about cancelling and changing orders, lost parcels and pickup.

Gift wrapping is answered from an article the help-centre export no longer contains (the
importer's stub case).
"""

from __future__ import annotations

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, redirect, ref, refusal, unretrieved

TEXTS = IntentTexts("orders")

BOT = "store-help"
GROUP = "orders"

CANCEL = Intent(
    key="cancel-order",
    bot=BOT,
    group=GROUP,
    weight=4.0,
    queries=TEXTS.queries("cancel-order"),
    sources=(
        ref("kb-cancel-order", "You can cancel an order free of charge"),
        ref("kb-cancel-order", "Orders that have shipped can't be cancelled"),
    ),
    answers=(
        Answer(
            "sufficient",
            84,
            TEXTS.answer("cancel-order", "sufficient"),
        ),
        Answer(
            "invented_answer",
            3,
            TEXTS.answer("cancel-order", "invented_answer"),
            groundedness=0.0,
        ),
        redirect(12),
        refusal(4),
        unretrieved(3, TEXTS.answer("cancel-order", "nothing_retrieved")),
    ),
)

CANCEL_SHIPPED = Intent(
    key="cancel-shipped-order",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("cancel-shipped-order"),
    sources=(ref("kb-cancel-order", "Orders that have shipped can't be cancelled"),),
    answers=(
        Answer(
            "grounded_negative",
            92,
            TEXTS.answer("cancel-shipped-order", "grounded_negative"),
        ),
    ),
)

CANCEL_AND_REFUND = Intent(
    key="cancel-and-refund",
    bot=BOT,
    group=GROUP,
    weight=2.0,
    parts=2,
    covered=2,
    queries=TEXTS.queries("cancel-and-refund"),
    sources=(
        ref("kb-cancel-order", "You can cancel an order free of charge"),
        ref("kb-cancel-order", "We refund a cancelled order within 2 business days"),
    ),
    answers=(
        Answer(
            "sufficient",
            62,
            TEXTS.answer("cancel-and-refund", "sufficient"),
        ),
        Answer(
            "partial",
            30,
            TEXTS.answer("cancel-and-refund", "partial"),
        ),
        Answer(
            "partial",
            20,
            TEXTS.answer("cancel-and-refund", "partial", 1),
            sources=(
                ref("kb-cancel-order", "You can cancel an order free of charge"),
                ref("kb-cancel-order", "Orders that have shipped can't be cancelled").off(),
            ),
            coverage=0.5,
            retrieval_fault=True,
        ),
        redirect(8),
    ),
)

CHANGE_ADDRESS = Intent(
    key="change-address",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("change-address"),
    sources=(ref("kb-cancel-order", "You can change the delivery address"),),
    answers=(
        Answer(
            "sufficient",
            88,
            TEXTS.answer("change-address", "sufficient"),
        ),
        redirect(10),
    ),
)

MISSING_PACKAGE = Intent(
    key="missing-package",
    bot=BOT,
    group=GROUP,
    weight=3.0,
    boosts=(("peak", 1.5),),
    queries=TEXTS.queries("missing-package"),
    sources=(
        ref("kb-missing-package", "Look around your property"),
        ref("kb-missing-package", "48 hours after it was marked delivered"),
    ),
    answers=(
        Answer(
            "sufficient",
            78,
            TEXTS.answer("missing-package", "sufficient"),
        ),
        Answer(
            "redirect_only",
            30,
            TEXTS.answer("missing-package", "redirect_only"),
            groundedness=None,
        ),
        unretrieved(
            5,
            TEXTS.answer("missing-package", "nothing_retrieved"),
        ),
    ),
)

LARGE_DELIVERY = Intent(
    key="large-item-delivery",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("large-item-delivery"),
    sources=(ref("kb-large-delivery", "Two-person delivery costs"),),
    answers=(
        Answer(
            "sufficient",
            85,
            TEXTS.answer("large-item-delivery", "sufficient"),
        ),
        Answer(
            "unasked_facts",
            12,
            TEXTS.answer("large-item-delivery", "unasked_facts"),
            sources=(
                ref("kb-large-delivery", "Two-person delivery costs"),
                ref("kb-large-delivery", "Slots are 2 hours").off(),
            ),
        ),
        redirect(10),
    ),
)

PICKUP = Intent(
    key="click-and-collect",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=TEXTS.queries("click-and-collect"),
    sources=(
        ref("kb-store-pickup", "Click & collect is free"),
        ref("kb-store-pickup", "Choose *Click & collect* at checkout"),
    ),
    answers=(
        Answer(
            "sufficient",
            92,
            TEXTS.answer("click-and-collect", "sufficient"),
        ),
        redirect(8),
    ),
)

CONTACT = Intent(
    key="contact-hours",
    bot=BOT,
    group=GROUP,
    weight=2.0,
    boosts=(("peak", 1.5),),
    queries=TEXTS.queries("contact-hours"),
    sources=(ref("kb-contact", "Our customer service team is available by chat and phone"),),
    answers=(
        Answer(
            "sufficient",
            94,
            TEXTS.answer("contact-hours", "sufficient"),
        ),
    ),
)

GIFT_WRAP = Intent(
    key="gift-wrapping",
    bot=BOT,
    group=GROUP,
    weight=1.0,
    boosts=(("peak", 2.5),),
    queries=TEXTS.queries("gift-wrapping"),
    sources=(
        ref("kb-gift-wrapping", "Gift wrapping costs"),
        ref("kb-gift-wrapping", "A gift receipt without prices"),
    ),
    answers=(
        Answer(
            "stub_article",
            1,
            TEXTS.answer("gift-wrapping", "stub_article"),
        ),
    ),
    replayable=False,
)

INTENTS: tuple[Intent, ...] = (
    CANCEL,
    CANCEL_SHIPPED,
    CANCEL_AND_REFUND,
    CHANGE_ADDRESS,
    MISSING_PACKAGE,
    LARGE_DELIVERY,
    PICKUP,
    CONTACT,
    GIFT_WRAP,
)
