"""What marketplace sellers ask the ``seller-help`` bot.

Mostly answered well from the sellers' help centre; the gap is faster payouts, which the
*Payouts* article never mentions and sellers ask about in the busy season.
"""

from __future__ import annotations

from demo.scenarios import Answer, Intent, redirect, ref, refusal

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
    (
        "What's the commission on laptops?",
        "How much commission do you take on kitchen appliances?",
        "What are the selling fees?",
        "commission rate for phone cases?",
    ),
    (FEES_INTRO, FEES_TABLE),
    (
        refusal(5),
        redirect(5),
        Answer(
            "sufficient",
            86,
            (
                "There are no listing fees. Commission is 8% on computers, phones and TVs, 12% "
                "on home and kitchen appliances, 15% on accessories, cables and cases, and 13% "
                "on furniture and lighting, charged on the total the buyer pays including "
                "shipping.",
            ),
        ),
        Answer(
            "unasked_facts",
            10,
            (
                "Commission is 8% on computers, phones and TVs and 12% on home and kitchen "
                "appliances. The Basic plan is free with up to 50 active listings; Pro costs "
                "€39 a month with unlimited listings and bulk uploads. Full refunds return the "
                "commission minus a €1 handling fee. Rates are reviewed once a year.",
            ),
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
    (
        "When do I get paid?",
        "How often are payouts?",
        "When will I receive the money for my sales?",
    ),
    (PAYOUT_SCHEDULE, PAYOUT_MINIMUM),
    (
        Answer(
            "sufficient",
            88,
            (
                "Payouts are made every Monday for orders that were delivered at least 7 days "
                "earlier. The minimum payout is €25; a lower balance is carried over to the "
                "next Monday.",
            ),
        ),
        redirect(8),
    ),
)

PAYOUT_FASTER = _intent(
    "seller-faster-payout",
    2.6,
    (
        "Can I get paid daily?",
        "Is there an instant payout option?",
        "Can I get my payout faster during Black Friday?",
    ),
    (PAYOUT_SCHEDULE.off(),),
    (
        Answer(
            "kb_gap_admission",
            40,
            (
                "I don't have information about daily or instant payouts.",
                "Sorry, I couldn't find anything about faster payouts in the Seller Hub help.",
            ),
            groundedness=None,
        ),
        Answer(
            "redirect_only",
            36,
            ("Please contact Seller Support for questions about your payouts.",),
            groundedness=None,
        ),
        Answer(
            "invented_answer",
            20,
            ("Yes, Pro sellers can switch to daily payouts under Finance for a 1% fee.",),
            groundedness=0.0,
        ),
    ),
    covered=0,
    boosts=(("peak", 2.5), ("pre_peak", 2.0)),
)

FEES_AND_PAYOUT = _intent(
    "seller-fees-and-payout",
    1.5,
    (
        "What's the commission on TVs and when do I get paid?",
        "How much do you take per sale on laptops, and how soon is the payout?",
    ),
    (FEES_TABLE, PAYOUT_SCHEDULE),
    (
        Answer(
            "sufficient",
            62,
            (
                "Commission on computers, phones and TVs is 8% of the total the buyer pays. "
                "Payouts are made every Monday for orders delivered at least 7 days earlier.",
            ),
        ),
        Answer(
            "partial",
            34,
            (
                "Commission on computers, phones and TVs is 8% of the total the buyer pays. I'm "
                "not sure about the payout timing, sorry.",
            ),
        ),
    ),
    parts=2,
    covered=2,
)

LISTING = _intent(
    "seller-create-listing",
    3.0,
    ("How do I list a new product?", "What do I need to create a listing?"),
    (ref("sel-listings", "Select *Add product*"), ref("sel-listings", "reviewed within 24 hours")),
    (
        Answer(
            "sufficient",
            88,
            (
                "Select Add product in Seller Hub and search by EAN. If the product is already "
                "in our catalogue, you only add your price, stock and condition; new products "
                "need a title, description, brand, EAN and at least 3 photos, and are reviewed "
                "within 24 hours.",
            ),
        ),
        redirect(12),
    ),
)

PHOTOS = _intent(
    "seller-photo-rules",
    1.0,
    ("What are the photo requirements?", "what size do product photos need to be"),
    (ref("sel-listings", "at least 1000 x 1000 pixels"),),
    (
        Answer(
            "sufficient",
            92,
            (
                "Photos must be at least 1000 x 1000 pixels on a white background, without "
                "logos, watermarks or text, and you can add up to 12.",
            ),
        ),
    ),
)

DISPATCH = _intent(
    "seller-dispatch-time",
    2.5,
    ("How fast do I have to ship orders?", "What's the dispatch deadline?"),
    (
        ref("sel-shipping", "Orders must be dispatched within 2 business days"),
        ref("sel-shipping", "tracked service"),
    ),
    (
        Answer(
            "sufficient",
            86,
            (
                "Orders must be dispatched within 2 business days unless your listing shows a "
                "longer handling time. Every order needs a tracked service, and orders over "
                "€200 need a signature on delivery.",
            ),
        ),
        redirect(10),
        refusal(4),
    ),
)

SELLER_RETURNS = _intent(
    "seller-accept-returns",
    2.0,
    ("Do I have to accept returns?", "How long do buyers have to return items to me?"),
    (
        ref("sel-returns", "Buyers can return an item within 30 days"),
        ref("sel-returns", "within 14 days of receiving the return"),
    ),
    (
        Answer(
            "sufficient",
            90,
            (
                "Yes. Buyers can return an item within 30 days of delivery; you can offer a "
                "longer window, but not a shorter one. Refund the buyer within 14 days of "
                "receiving the return.",
            ),
        ),
        redirect(8),
    ),
)

VERIFICATION = _intent(
    "seller-verification",
    2.0,
    ("How long does verification take?", "What documents do I need to verify my account?"),
    (ref("sel-verification", "A photo ID"), ref("sel-verification", "Verification takes 2-3")),
    (
        Answer(
            "sufficient",
            84,
            (
                "Verification takes 2-3 business days. You need a photo ID of the company's "
                "legal representative, your company registration number, a bank statement "
                "showing the company name and account number, and a VAT number if you're "
                "registered for VAT.",
            ),
        ),
        redirect(14),
    ),
)

GREETINGS: tuple[tuple[str, str], ...] = (
    ("hi", "Hi! How can I help with your shop today?"),
    ("hello", "Hello! What can I do for you?"),
)

BOT_MESSAGES: tuple[tuple[str, str], ...] = (
    (
        "seller_hub_open",
        "Hi! I'm the Seller Hub assistant. Ask me about fees, payouts, listings or shipping rules.",
    ),
)

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
