"""What customers ask about delivery options, costs and tracking.

Express shipping costs are missing from the first version of *Shipping options and
delivery times*, so those questions get half an answer until the October rewrite adds a
cost table.
"""

from __future__ import annotations

from demo.scenarios import Answer, Intent, redirect, ref, refusal, unretrieved

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
    queries=(
        "How long does standard delivery take?",
        "When will my order arrive if I order today?",
        "how many days for shipping to Germany",
        "What's the delivery time to the US?",
        "If I order {item} now, when does it get here?",
    ),
    sources=(SHIP_OPTIONS, SHIP_WHEN),
    answers=(
        refusal(5),
        redirect(10),
        unretrieved(6, ("Delivery usually takes 2-5 working days, depending on where you live.",)),
        Answer(
            "sufficient",
            82,
            (
                "Standard delivery takes 3-5 business days in the EU and UK and 4-7 business "
                "days in the US, counted from when your order ships. Orders placed before 10 pm "
                "on a business day ship the same day.",
                "Standard delivery takes 3-5 business days in Europe and 4-7 in the US; express "
                "takes 1-2 business days. If you order before 10 pm on a business day, it ships "
                "the same day.",
            ),
        ),
        Answer(
            "contradictory",
            3,
            (
                "Standard delivery takes 1-2 business days. In the EU it usually arrives "
                "within 3-5 business days.",
            ),
            groundedness=0.5,
        ),
        Answer(
            "invented_answer",
            3,
            ("Standard delivery takes 2-3 business days everywhere in Europe.",),
            groundedness=0.0,
        ),
        Answer(
            "unasked_facts",
            6,
            (
                "Standard delivery takes 3-5 business days in the EU and UK. Next-day delivery "
                "is available in the Netherlands, Belgium, Germany and most of the US mainland. "
                "Evening and Saturday delivery are available for selected postcodes. Large "
                "items ship from a separate warehouse, and orders placed at the weekend ship "
                "on Monday.",
            ),
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
    queries=(
        "How much is express shipping and how fast is it?",
        "What does express delivery cost, and how many days does it take?",
        "express delivery - price and delivery time?",
        "If I pay for express, how quickly will {item} arrive and how much extra is it?",
    ),
    sources=(SHIP_OPTIONS, SHIP_COSTS),
    answers=(
        Answer(
            "partial",
            62,
            (
                "Express delivery takes 1-2 business days. The exact shipping cost depends on "
                "your order and address and is shown at checkout, so I can't give you a price "
                "here.",
                "Express delivery arrives in 1-2 business days. I don't have the price for "
                "express shipping; it's shown at checkout before you pay.",
            ),
            era="before",
            sources=(SHIP_OPTIONS, SHIP_COSTS.off()),
            coverage=0.5,
        ),
        Answer(
            "invented_answer",
            16,
            (
                "Express delivery takes 1-2 business days and costs €7.99.",
                "Express shipping costs €12 and arrives within 1-2 business days.",
            ),
            era="before",
            sources=(SHIP_OPTIONS, SHIP_COSTS.off()),
            groundedness=0.5,
            coverage=0.5,
        ),
        redirect(10, era="before"),
        Answer(
            "sufficient",
            90,
            (
                "Express delivery takes 1-2 business days and costs €9.95 in the EU and UK, or "
                "$12.95 in the US. Brightcart Plus members get express delivery free.",
                "Express costs €9.95 (or $12.95 in the US) and arrives in 1-2 business days "
                "from when your order ships.",
            ),
            era="after",
        ),
        Answer(
            "invented_answer",
            4,
            ("Express delivery costs €9.95 and always arrives the next morning before 10 am.",),
            era="after",
            groundedness=0.5,
        ),
        # The cost table ranks below two other shipping chunks and drops out of the top 2.
        Answer(
            "partial",
            12,
            (
                "Express delivery takes 1-2 business days. I couldn't find the price of express "
                "delivery, sorry.",
            ),
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
    queries=(
        "Is shipping free?",
        "What's the minimum order for free delivery?",
        "do I get free shipping over 50 euros?",
        "free delivery threshold in the US?",
    ),
    sources=(SHIP_COSTS,),
    answers=(
        Answer(
            "sufficient",
            92,
            (
                "Standard delivery is free on orders over €50, or over $60 in the US.",
                "Yes, for orders over €50 (or $60 in the US) standard delivery is free.",
            ),
        ),
        refusal(5),
    ),
)

CUSTOMS = Intent(
    key="customs-duties",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=(
        "Do I have to pay import duties if I order to the UK?",
        "Will there be customs charges on an order to Switzerland?",
        "Shipping to Norway - any extra duties on delivery?",
    ),
    sources=(ref("kb-intl-shipping", "Orders within the EU don't have any customs charges"),),
    answers=(
        Answer(
            "sufficient",
            90,
            (
                "No. For the United Kingdom, Norway and Switzerland, the price at checkout "
                "already includes import VAT and duties, so there's nothing to pay on delivery.",
            ),
        ),
        redirect(8),
    ),
)

SHIP_ABROAD = Intent(
    key="ship-to-canada",
    bot=BOT,
    group=GROUP,
    weight=1.0,
    queries=(
        "Do you ship to Canada?",
        "Can you deliver to Australia?",
        "I live in Toronto, can I order from you?",
    ),
    sources=(ref("kb-intl-shipping", "We ship to all 27 EU countries"),),
    answers=(
        Answer(
            "grounded_negative",
            92,
            (
                "We don't ship to Canada or Australia yet. We deliver to all 27 EU countries, "
                "the United Kingdom, Norway, Switzerland and the United States.",
                "Sorry, we don't ship to Canada, Australia or other countries outside the EU, "
                "the UK, Norway, Switzerland and the US yet.",
            ),
        ),
    ),
)

TRACKING = Intent(
    key="order-tracking",
    bot=BOT,
    group=GROUP,
    weight=13.0,
    boosts=(("peak", 1.6), ("pre_peak", 1.2)),
    queries=(
        "Where is my order {order}?",
        "where's my package??",
        "How can I track my order?",
        "How do I find the tracking number for order {order}?",
        "Can I see where my parcel is?",
    ),
    sources=(TRACK_INTRO, TRACK_NUMBER),
    answers=(
        refusal(4),
        unretrieved(
            6,
            (
                "You can track your parcel with the link in your shipping confirmation email, or "
                "on the carrier's website using your tracking number.",
            ),
        ),
        Answer(
            "sufficient",
            82,
            (
                "As soon as your order ships, we email you a tracking link. You can also open "
                "Orders in your account or the Brightcart app, choose the order, and you'll see "
                "the tracking number and the carrier under each parcel.",
                "Open Orders in your account and choose the order: the tracking number and the "
                "carrier are shown under each parcel. If your order was split, each parcel has "
                "its own number.",
                "You'll find the tracking number and carrier under Orders in your account or in "
                "the Brightcart app. We also email you a tracking link when the order ships.",
            ),
        ),
        Answer(
            "invented_answer",
            2,
            ("Your order {order} is on its way and should arrive within 2 business days.",),
            groundedness=0.0,
        ),
        Answer(
            "redirect_only",
            24,
            (
                "I'm unable to look up individual orders. Please contact our support team with "
                "your order number.",
                "Please contact our support team for help with that.",
            ),
            groundedness=None,
        ),
        Answer(
            "unasked_facts",
            4,
            (
                "Open Orders and choose the order to see the tracking number. Tracking can take "
                "up to 24 hours to update after shipping. Out for delivery means it arrives "
                "today. Tracking can pause for a day or two during Black Friday week, and if it "
                "hasn't changed for 3 business days we'll open an investigation.",
            ),
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
    queries=(
        "My tracking hasn't updated for days",
        "Tracking for {order} hasn't changed since Monday",
        "package stuck in transit?",
    ),
    sources=(ref("kb-tracking", "Tracking can pause for a day or two"),),
    answers=(
        Answer(
            "sufficient",
            84,
            (
                "Tracking can pause for a day or two in busy periods such as Black Friday week. "
                "If it hasn't changed for 3 business days, tell us your order number and we'll "
                "open an investigation with the carrier.",
            ),
        ),
        redirect(16),
        unretrieved(
            5,
            (
                "Parcels often sit at a sorting centre for a few days in busy periods. If it "
                "doesn't move within a week, contact the carrier with your tracking number.",
            ),
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
