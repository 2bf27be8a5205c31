"""What customers ask about cancelling and changing orders, lost parcels and pickup.

Gift wrapping is answered from an article the help-centre export no longer contains (the
importer's stub case).
"""

from __future__ import annotations

from demo.scenarios import Answer, Intent, redirect, ref, refusal, unretrieved

BOT = "store-help"
GROUP = "orders"

CANCEL = Intent(
    key="cancel-order",
    bot=BOT,
    group=GROUP,
    weight=4.0,
    queries=(
        "How do I cancel my order?",
        "Can I cancel order {order}?",
        "cancel my order please",
        "Is it possible to cancel an order after paying?",
    ),
    sources=(
        ref("kb-cancel-order", "You can cancel an order free of charge"),
        ref("kb-cancel-order", "Orders that have shipped can't be cancelled"),
    ),
    answers=(
        Answer(
            "sufficient",
            84,
            (
                "You can cancel free of charge until the order has shipped: open Orders, choose "
                "the order and select Cancel order. If the button isn't there, it has already "
                "shipped; you can then refuse the delivery or return it.",
                "Open Orders, choose the order and select Cancel order. That works until the "
                "order has shipped, and there's no charge.",
            ),
        ),
        Answer(
            "invented_answer",
            3,
            ("You can cancel any order within 24 hours, even if it has already shipped.",),
            groundedness=0.0,
        ),
        redirect(12),
        refusal(4),
        unretrieved(
            3, ("You can usually cancel an order within 24 hours by contacting customer service.",)
        ),
    ),
)

CANCEL_SHIPPED = Intent(
    key="cancel-shipped-order",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=(
        "My order has already shipped, can I still cancel it?",
        "Order {order} shipped yesterday but I don't want it anymore. Can you cancel it?",
        "can I stop a shipped order",
    ),
    sources=(ref("kb-cancel-order", "Orders that have shipped can't be cancelled"),),
    answers=(
        Answer(
            "grounded_negative",
            92,
            (
                "Orders that have shipped can't be cancelled. You can refuse the delivery, or "
                "return the items once they arrive; the usual return window applies.",
            ),
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
    queries=(
        "How do I cancel my order and when do I get my money back?",
        "If I cancel {order} today, how long until the refund?",
        "cancel order + refund time?",
    ),
    sources=(
        ref("kb-cancel-order", "You can cancel an order free of charge"),
        ref("kb-cancel-order", "We refund a cancelled order within 2 business days"),
    ),
    answers=(
        Answer(
            "sufficient",
            62,
            (
                "Open Orders, choose the order and select Cancel order; that's free until the "
                "order has shipped. We refund a cancelled order within 2 business days.",
            ),
        ),
        Answer(
            "partial",
            30,
            (
                "You can cancel free of charge until the order has shipped: open Orders and "
                "select Cancel order. I'm not sure how long the refund takes, sorry.",
            ),
        ),
        Answer(
            "partial",
            20,
            (
                "You can cancel free of charge until the order has shipped: open Orders and "
                "select Cancel order. I couldn't find how long the refund takes.",
            ),
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
    queries=(
        "Can I change the delivery address?",
        "I put the wrong address on {order}",
        "how do I update the shipping address on my order",
    ),
    sources=(ref("kb-cancel-order", "You can change the delivery address"),),
    answers=(
        Answer(
            "sufficient",
            88,
            (
                "You can change the delivery address while the status is Order received, "
                "usually for about 30 minutes after you order.",
            ),
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
    queries=(
        "Tracking says delivered but I don't have my package",
        "Parcel marked as delivered but it's not here",
        "my order {order} says delivered but nothing arrived",
    ),
    sources=(
        ref("kb-missing-package", "Look around your property"),
        ref("kb-missing-package", "48 hours after it was marked delivered"),
    ),
    answers=(
        Answer(
            "sufficient",
            78,
            (
                "Check around your property, with your neighbours and at the parcel point "
                "named in the tracking, and look for a delivery photo. If it still hasn't "
                "turned up 48 hours after it was marked delivered, go to Orders, select Report "
                "a problem and then Parcel not received; the investigation usually takes 3-5 "
                "business days.",
            ),
        ),
        Answer(
            "redirect_only",
            30,
            ("Please contact our support team so they can look into this for you.",)
            + ("I'm sorry to hear that. Please get in touch with customer service.",),
            groundedness=None,
        ),
        unretrieved(
            5,
            (
                "Ask your neighbours and check for a card from the carrier. If it doesn't turn "
                "up, file a claim with the carrier within 7 days.",
            ),
        ),
    ),
)

LARGE_DELIVERY = Intent(
    key="large-item-delivery",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=(
        "How much does delivery of a washing machine cost?",
        "What's the delivery charge for a 75-inch TV?",
        "Do you charge extra to deliver a fridge?",
    ),
    sources=(ref("kb-large-delivery", "Two-person delivery costs"),),
    answers=(
        Answer(
            "sufficient",
            85,
            (
                "Large items are delivered by our two-person crew for €29 in Europe or $39 in "
                "the US per order, including unpacking and taking the packaging away.",
            ),
        ),
        Answer(
            "unasked_facts",
            12,
            (
                "Two-person delivery costs €29 in Europe. We email you within 2 business days "
                "to book a 2-hour slot, Monday to Saturday between 8 am and 8 pm. Taking away "
                "your old appliance costs €15 extra. You can move your slot for free up to 24 "
                "hours before it starts.",
            ),
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
    queries=(
        "Can I pick up my order instead of having it delivered?",
        "Is click and collect free?",
        "Do you have a pickup point in Rotterdam?",
    ),
    sources=(
        ref("kb-store-pickup", "Click & collect is free"),
        ref("kb-store-pickup", "Choose *Click & collect* at checkout"),
    ),
    answers=(
        Answer(
            "sufficient",
            92,
            (
                "Yes, Click & collect is free at our pickup points in Amsterdam, Rotterdam, "
                "Antwerp, Berlin, Cologne and Chicago. Choose it at checkout and we'll email you "
                "when your order is ready, usually within 2 hours during opening hours.",
            ),
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
    queries=(
        "What are your customer service hours?",
        "Can I speak to a person?",
        "phone number for customer service",
        "how do I reach a human",
    ),
    sources=(ref("kb-contact", "Our customer service team is available by chat and phone"),),
    answers=(
        Answer(
            "sufficient",
            94,
            (
                "You can reach our team by chat and phone Monday to Friday 8 am-8 pm and "
                "Saturday 9 am-5 pm (CET); the US team is available Monday to Friday 9 am-7 pm "
                "(ET). Call +31 20 808 4400 in Europe or +1 312 555 0199 in the US.",
            ),
        ),
    ),
)

GIFT_WRAP = Intent(
    key="gift-wrapping",
    bot=BOT,
    group=GROUP,
    weight=1.0,
    boosts=(("peak", 2.5),),
    queries=(
        "Can you gift wrap my order?",
        "Do you offer gift wrapping?",
        "How much is gift wrapping?",
        "Can I add a gift message?",
    ),
    sources=(
        ref("kb-gift-wrapping", "Gift wrapping costs"),
        ref("kb-gift-wrapping", "A gift receipt without prices"),
    ),
    answers=(
        Answer(
            "stub_article",
            1,
            (
                "Yes, gift wrapping costs €3.95 per item and includes a card with your message "
                "of up to 200 characters. Add it at checkout; it can't be added once the order "
                "has been placed.",
                "Gift wrapping is available for €3.95 per item, with a card carrying your "
                "message of up to 200 characters. You can only add it at checkout.",
                "Yes. Add gift wrapping at checkout for €3.95 per item: it comes with a card "
                "for your message (up to 200 characters), and a gift receipt without prices "
                "goes in the parcel.",
            ),
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
