"""What customers ask about exchanges, refunds, damaged items and marketing emails.

*Exchanges* says 45 days and *Exchange questions answered* says 30 days for the same thing,
so exchange questions get contradictory answers whichever article the bot leans on.
"""

from __future__ import annotations

from demo.intents_returns import NEWS_SERVICE
from demo.scenarios import Answer, Intent, redirect, ref, refusal, unretrieved

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
    queries=(
        "How long do I have to exchange {item} for a different colour?",
        "What's the deadline for exchanges?",
        "Can I still exchange {item}? It was delivered 5 weeks ago.",
        "how many days for an exchange?",
        "I want a different model, how long do I have to swap it?",
    ),
    sources=EXCHANGE_SOURCES,
    answers=(
        Answer(
            "contradictory",
            46,
            (
                "You can exchange an item within 45 days of delivery. Please note that "
                "exchanges must be requested within 30 days of delivery.",
                "Exchanges must be requested within 30 days of delivery, although you can "
                "exchange an item within 45 days of delivery if it's complete and undamaged.",
                "You have 45 days to exchange it. After 30 days, though, items can't be "
                "exchanged anymore.",
            ),
            groundedness=0.5,
        ),
        # Picks one of the two articles: grounded in one source, in conflict with the other.
        Answer(
            "contradictory",
            40,
            (
                "You can exchange {item} within 45 days of delivery, as long as it's complete "
                "and undamaged.",
                "Exchanges must be requested within 30 days of delivery.",
            ),
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
    queries=(
        "When will I get my refund?",
        "How long does a refund take to reach my card?",
        "I returned {item} last week, when do I get my money back?",
        "refund to paypal how long",
        "How many days until the refund shows on my bank account?",
    ),
    sources=(REFUND_TIMES, REFUND_START),
    answers=(
        Answer(
            "sufficient",
            74,
            (
                "We process refunds within 3 business days of receiving your return. After "
                "that it takes 5-10 business days for a card, 24 hours for PayPal and 3-5 "
                "business days for iDEAL, Bancontact or bank transfer.",
                "Once your return arrives, we process the refund within 3 business days and "
                "email you the amount. Card refunds then take 5-10 business days to show up; "
                "PayPal refunds arrive within 24 hours.",
                "It depends on how you paid: PayPal within 24 hours, card 5-10 business days, "
                "bank transfer 3-5 business days, all counted from when we process the refund.",
            ),
        ),
        Answer(
            "contradictory",
            5,
            (
                "Refunds are usually back on your card within 3 business days. It can take "
                "5-10 business days after we process the refund.",
            ),
            groundedness=0.5,
        ),
        Answer(
            "invented_answer",
            3,
            ("Refunds are always back on your account within 48 hours.",),
            groundedness=0.0,
        ),
        Answer(
            "unasked_facts",
            7,
            (
                "Card refunds take 5-10 business days after we process them. Banks sometimes "
                "show the refund as a reversal of the original payment. Klarna updates your "
                "payment plan within 2 business days, and gift-card payments are refunded as a "
                "new gift card straight away. If you still can't find it after 10 business "
                "days, we can give you the refund reference.",
            ),
            sources=(REFUND_TIMES, REFUND_START, REFUND_WAITING.off()),
        ),
        Answer(
            "irrelevant_sources",
            6,
            (
                "We process refunds within 3 business days of receiving your return; card "
                "refunds then take 5-10 business days.",
            ),
            sources=(REFUND_TIMES, REFUND_START, NEWS_SERVICE),
        ),
        Answer(
            "bad_quote",
            3,
            (
                'Our refund policy says: "refunds are always back on your card within 2 business '
                'days of your return."',
                'As the help centre puts it, "PayPal and card refunds arrive within 24 hours."',
            ),
            groundedness=0.0,
        ),
        redirect(10),
        refusal(5),
        unretrieved(5, ("Refunds usually take up to 14 days to appear on your statement.",)),
    ),
)

NEWSLETTER = Intent(
    key="newsletter-unsubscribe",
    bot=BOT,
    group=GROUP,
    weight=1.5,
    queries=(
        "How do I unsubscribe from your emails?",
        "stop sending me marketing emails",
        "Too many emails from Brightcart, how do I turn them off?",
        "how to opt out of the newsletter",
    ),
    sources=(
        ref("kb-newsletter", "Every marketing email has an *Unsubscribe* link"),
        ref("kb-newsletter", "Even if you unsubscribe"),
    ),
    answers=(
        Answer(
            "sufficient",
            90,
            (
                "Use the Unsubscribe link at the bottom of any marketing email, or switch off "
                "email, SMS or push notifications under Account and then Communication "
                "preferences. It can take up to 2 days to take effect.",
                "You can unsubscribe with the link at the bottom of every marketing email. "
                "Service emails about your orders, deliveries, returns and refunds will still "
                "arrive, because they aren't marketing.",
            ),
        ),
        redirect(8),
    ),
)

DAMAGED = Intent(
    key="damaged-item",
    bot=BOT,
    group=GROUP,
    weight=3.0,
    queries=(
        "My {noun} arrived broken, what should I do?",
        "The box was crushed and the {noun} inside is damaged",
        "the {noun} I bought stopped working after a week",
        "Item arrived damaged, can I get a replacement?",
    ),
    sources=(
        ref("kb-damaged", "If the box or product is visibly damaged"),
        ref("kb-damaged", "If a product is faulty within 30 days of delivery"),
    ),
    answers=(
        Answer(
            "sufficient",
            80,
            (
                "Sorry to hear that! Report it within 14 days: open Orders, select Report a "
                "problem and add photos of the product and the packaging. If it's faulty within "
                "30 days of delivery, we'll replace it or refund it, whichever you prefer, and "
                "we cover the return shipping.",
                "If a product is faulty within 30 days of delivery, we'll replace or refund it, "
                "whichever you prefer. Go to Orders, choose Report a problem and add photos.",
            ),
        ),
        Answer(
            "condition_misapplied",
            4,
            ("You can report damage within 30 days and we'll send you a replacement.",),
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
    queries=(
        "You sent me the wrong item, what do I do?",
        "this isn't what I ordered",
        "I ordered {item} but got something else",
    ),
    sources=(ref("kb-wrong-item", "Check the packing slip"),),
    answers=(
        Answer(
            "sufficient",
            90,
            (
                "Sorry about that! Open Orders, choose the order and select Report a problem "
                "and then Wrong item received, and add a photo of the item and its label. We'll "
                "send the item you ordered, usually the next business day, and email you a "
                "prepaid label for the wrong one.",
            ),
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
