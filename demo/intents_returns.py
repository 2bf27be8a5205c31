"""What customers ask about returning an item, and how the bot answers.

Most of the demo's failures are planted here, on the articles that cause them: the
restocking-fee gap and the 30/45-day misreading on *Returns policy*, near-duplicate
retrieval with *How to return an item*, and the newsletter article retrieved for returns
questions. The holiday window is the legitimate condition that must not be flagged.
"""

from __future__ import annotations

from demo.scenarios import Answer, Intent, Ref, redirect, ref, refusal, unretrieved

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

REPETITIVE_WINDOW = (
    "You can return {item} within 30 days of delivery. The return window is 30 days, "
    "starting on the day your parcel was delivered. In other words, you have 30 days after "
    "delivery to send it back.",
    "Most items can be returned within 30 days of delivery. That means you have 30 days from "
    "the delivery date to return {item}. To summarise: returns are accepted up to 30 days "
    "after delivery.",
    "Our return window is 30 days from delivery. You can send {item} back at any time within "
    "those 30 days. So as long as it's within 30 days of delivery, you can return it.",
)

RETURN_WINDOW = Intent(
    key="return-window",
    bot=BOT,
    group=GROUP,
    weight=10.5,
    boosts=(("peak", 1.4),),
    queries=(
        "How long do I have to return {item}?",
        "what's the return period for {item}",
        "Can I still send back {item}? I got it 2 weeks ago",
        "How many days do I have to return something?",
        "I want to return {item}, how long is the return window?",
        "is there a time limit on returns?",
        "Return policy for {item}? How many days?",
    ),
    sources=(RET_WINDOW,),
    answers=(
        Answer(
            "sufficient",
            22,
            (
                "You can return {item} within 30 days of delivery. The 30 days start on the "
                "day the parcel was delivered, as shown in your order tracking.",
                "Most items can be returned within 30 days of delivery, and that includes {item}. "
                "The window starts on the delivery date, not on the day you placed the order.",
                "You have 30 days from delivery. After that we don't offer refunds for ordinary "
                "returns, though faulty products are still covered by the warranty.",
            ),
        ),
        Answer(
            "condition_misapplied",
            26,
            (
                "You can return {item} within 45 days of delivery.",
                "You have 45 days from delivery to return {item}, counted from the day the "
                "parcel arrived.",
                "Our return window is 45 days, so you still have plenty of time to send {item} "
                "back.",
            ),
            sources=(RET_WINDOW, RET_WRONG),
            groundedness=0.2,
        ),
        Answer(
            "irrelevant_sources",
            9,
            (
                "You can return {item} within 30 days of delivery, counted from the day the "
                "parcel was delivered.",
                "Most items can be returned within 30 days of delivery.",
            ),
            sources=(RET_WINDOW, NEWS_SERVICE),
        ),
        Answer(
            "irrelevant_sources",
            7,
            ("You have 30 days from delivery to return {item}.",),
            sources=(RET_WINDOW, NEWS_RETURNING, NEWS_SERVICE),
        ),
        Answer(
            "bad_quote",
            8,
            (
                'Our Returns policy says: "All items can be returned within 60 days, no '
                'questions asked." So you have plenty of time.',
                'According to our policy, "items may be returned within 45 days of delivery '
                'for a full refund." You can start the return from your account.',
                'As the policy puts it, "you can return any item for any reason within 30 days '
                'of purchase."',
            ),
            groundedness=0.4,
        ),
        Answer(
            "unasked_facts",
            6,
            (
                "You can return {item} within 30 days of delivery. Items need to come back "
                "with all accessories, cables, remote controls and manuals. Personalised or "
                "engraved products can't be returned, and software and gift cards can't be "
                "returned once the code has been revealed. We refund to the payment method you "
                "used, and gift-card payments come back as a new gift card.",
            ),
            sources=(RET_WINDOW, RET_CONDITION.off(), RET_EXCLUDED.off(), RET_MONEY.off()),
        ),
        redirect(7),
        unretrieved(
            5,
            (
                "Most shops give you 14 days to return an item. Check your order confirmation "
                "for the exact terms.",
            ),
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
    queries=(
        "Is there a restocking fee?",
        "Do you charge a restocking fee if I return {item}?",
        "will I be charged anything for returning {item} if I already opened it?",
        "How much is the restocking fee on returns?",
        "If I open the box and return it, do I lose part of the refund?",
        "restocking fee for opened items?",
        "Do I get the full amount back or is there a restocking charge?",
    ),
    sources=(RET_WINDOW.off(), RET_OPENED.off()),
    answers=(
        Answer(
            "kb_gap_admission",
            30,
            (
                "I don't have information about restocking fees.",
                "I'm sorry, I couldn't find any information about restocking fees in our help "
                "centre.",
                "I don't have details on whether a restocking fee applies to returns.",
                "Unfortunately I don't have information about restocking fees for {item}.",
            ),
            groundedness=None,
        ),
        Answer(
            "invented_answer",
            40,
            (
                "There is no restocking fee.",
                "No, we don't charge a restocking fee on returns, even for opened items.",
                "A restocking fee of 15% applies to opened items that aren't faulty.",
                "Opened items carry a 10% restocking fee; unopened items can be returned free "
                "of charge.",
            ),
            groundedness=0.0,
        ),
        Answer(
            "invented_answer",
            10,
            ("Returns are free of restocking fees as long as the item is complete and undamaged.",),
            groundedness=0.5,
        ),
        Answer(
            "redirect_only",
            26,
            (
                "Please contact our support team for details about restocking fees.",
                "Please contact our support team for help with that.",
                "For questions about fees on returns, it's best to contact customer service "
                "directly. They'll be happy to help!",
            ),
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
    queries=(
        "How long do I have to return {item}? Is there a restocking fee?",
        "What's your return window and do you charge a restocking fee?",
        "if I return {item} within the window, is there any restocking fee? and how many days "
        "do I have?",
        "How many days to return {item} and will I have to pay a restocking fee?",
        "Return period + restocking fee for opened electronics?",
    ),
    sources=(RET_WINDOW,),
    answers=(
        Answer(
            "partial",
            36,
            (
                "You can return {item} within 30 days of delivery. I don't have information "
                "about restocking fees, though.",
                "The return window is 30 days from delivery. I'm afraid I couldn't find anything "
                "about restocking fees.",
                "You have 30 days from delivery to return it, counted from the delivery date in "
                "your order tracking. I can't tell you whether a restocking fee applies.",
            ),
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
            (
                "You can return {item} within 30 days of delivery, and there's no restocking fee.",
                "You have 30 days from delivery, and returns are free of any restocking fee as "
                "long as the item is complete.",
            ),
            groundedness=0.5,
        ),
        Answer(
            "condition_misapplied",
            14,
            (
                "You have 45 days from delivery to return {item}. I don't have information "
                "about restocking fees.",
                "The return window is 45 days. I couldn't find anything about a restocking fee.",
            ),
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
    queries=(
        "Can I get a refund after 30 days?",
        "It's been 35 days since delivery, can I still return {item} for a refund?",
        "I missed the 30 day window by a few days, can I still get my money back?",
        "do you do refunds after a month?",
        "Is it too late to return something I received 6 weeks ago?",
    ),
    sources=(RET_WINDOW,),
    answers=(
        Answer(
            "grounded_negative",
            70,
            (
                "We don't offer refunds after 30 days.",
                "I'm sorry, we don't offer refunds after 30 days for ordinary returns. If the "
                "product is faulty, it's still covered by the warranty.",
                "Unfortunately not: ordinary returns are only refunded within 30 days of "
                "delivery. Faulty products are still covered by the warranty after that.",
            ),
        ),
        Answer(
            "condition_misapplied",
            14,
            (
                "Yes, you have 45 days from delivery to return {item}, so you can still get a "
                "refund.",
                "You can still return it: our return window is 45 days from delivery.",
            ),
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
    queries=(
        "I received the wrong item, how long do I have to send it back?",
        "You sent me {item} in the wrong colour. How long do I have to return it?",
        "wrong product in the box - what's the deadline to return it?",
        "Got someone else's order. How many days do I have to send it back?",
    ),
    sources=(RET_WRONG, ref("kb-wrong-item", "instead of the usual 30 days")),
    answers=(
        Answer(
            "sufficient",
            88,
            (
                "Sorry about that! If we shipped you the wrong item, you have 45 days from "
                "delivery to send it back, instead of the usual 30 days.",
                "For a wrong item the return window is 45 days from delivery. Please don't use "
                "it: if it comes back used, we may have to charge you for it.",
            ),
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
    queries=(
        "I bought a gift on November 20th, when is the last day to return it?",
        "Christmas present bought in early December - can it be returned in January?",
        "Does the return window get extended for holiday gifts?",
        "If I buy {item} now as a gift, can they return it after Christmas?",
        "Bought {item} on Black Friday as a present. Until when can it be returned?",
    ),
    sources=(HOLIDAY, RET_WINDOW),
    answers=(
        Answer(
            "sufficient",
            84,
            (
                "Yes. Items bought between 1 November and 24 December can be returned until 31 "
                "January, so there's time after the holidays. Outside that period, the usual "
                "30-day window applies.",
                "Holiday purchases get extra time: anything bought between 1 November and 24 "
                "December can be returned until 31 January. If the normal 30-day window ends "
                "later than that, the later date applies.",
                "Since it was bought between 1 November and 24 December, it can be returned "
                "until 31 January.",
            ),
        ),
        redirect(5),
        refusal(5),
        unretrieved(
            5,
            (
                "Many shops extend their return window over the holidays, so keep the receipt; "
                "gifts can usually be exchanged until mid-January.",
            ),
        ),
    ),
)

HOW_TO_RETURN = Intent(
    key="how-to-return",
    bot=BOT,
    group=GROUP,
    weight=3.5,
    boosts=(("peak", 1.3),),
    queries=(
        "How do I return {item}?",
        "how do I send something back",
        "Where do I get a return label?",
        "What's the process for returning an order?",
        "I want to return {item}. What do I do?",
    ),
    sources=(HOWTO_STEPS,),
    answers=(
        Answer(
            "sufficient",
            76,
            (
                "Sign in, open Orders, choose the order and select Return an item. Pick the "
                "items and a reason, choose a drop-off point, and we'll email you a prepaid "
                "label or a QR code. Drop the parcel off within 7 days.",
                "You can book the return yourself: go to Orders, select Return an item, pick a "
                "drop-off point and we'll email you a prepaid label (or a QR code to show at "
                "the counter). Please pack it with all its accessories.",
                "Start from Orders in your account and choose Return an item. We'll email you a "
                "prepaid label or a QR code; drop the parcel off within 7 days.",
            ),
        ),
        Answer(
            "unasked_facts",
            9,
            (
                "Go to Orders and select Return an item, then drop the parcel off with the "
                "prepaid label. You can return most items within 30 days of delivery, or 45 "
                "days if we sent the wrong item. Personalised or engraved products can't be "
                "returned. We refund to the payment method you used, and gift-card payments "
                "come back as a new gift card.",
            ),
            sources=(HOWTO_STEPS, HOWTO_WINDOW.off(), RET_EXCLUDED.off(), RET_MONEY.off()),
        ),
        Answer(
            "irrelevant_sources",
            8,
            (
                "Open Orders, select Return an item and choose a drop-off point; we'll email "
                "you a prepaid label or a QR code.",
            ),
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
    queries=(
        "How long do I have to return {item} and who pays for the return shipping?",
        "What's the return window, and is return postage free?",
        "Do I have to pay to send {item} back, and how many days do I have?",
        "return deadline and shipping cost for returns?",
    ),
    sources=(RET_WINDOW, HOWTO_SHIPPING),
    answers=(
        Answer(
            "sufficient",
            42,
            (
                "You have 30 days from delivery to return {item}, and return shipping is free "
                "when you use our prepaid label.",
                "Most items can be returned within 30 days of delivery. Return shipping is free "
                "with our prepaid label; if you use your own carrier, we don't refund the "
                "postage.",
            ),
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
            (
                "You can return it within 30 days of delivery. I'm not sure who pays for the "
                "return shipping, sorry.",
            ),
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
