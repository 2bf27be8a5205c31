"""What customers ask about warranty, services and their account.

The first version of *Warranty* doesn't say how to make a claim, so claims questions fail
(admissions, invented procedures, redirects) until the October rewrite explains it.
"""

from __future__ import annotations

from demo.scenarios import (
    REDIRECTS,
    Answer,
    Intent,
    redirect,
    ref,
    refusal,
    simple_intent,
    unretrieved,
)

BOT = "store-help"

_WARRANTY_V1 = (
    ref("kb-warranty", "All products come with the manufacturer's warranty").off(),
    ref("kb-warranty", "handled as a return rather than").off(),
)
_WARRANTY_V2 = (
    ref("kb-warranty", "select *Report a problem* and then *Faulty"),
    ref("kb-warranty", "Most repairs take 10-15 business days"),
)

WARRANTY_CLAIM = Intent(
    key="warranty-claim",
    bot=BOT,
    group="products",
    weight=3.5,
    rewrite="kb-warranty",
    covered=0,
    queries=(
        "How do I make a warranty claim?",
        "My {noun} stopped working after 8 months. How do I get it repaired?",
        "warranty repair - what do I need to do?",
        "How do I send {item} in for repair under warranty?",
    ),
    sources=_WARRANTY_V1,
    answers=(
        Answer(
            "kb_gap_admission",
            36,
            (
                "I don't have information about how to make a warranty claim.",
                "Sorry, I couldn't find instructions for warranty repairs in our help centre.",
            ),
            era="before",
            groundedness=None,
        ),
        Answer(
            "invented_answer",
            26,
            (
                "Just take {item} to any Brightcart pickup point with your receipt and we'll "
                "repair it for free within 5 days.",
                "Send the product to our repair centre in Tilburg with a copy of your invoice; "
                "repairs take about a week.",
            ),
            era="before",
            groundedness=0.0,
        ),
        redirect(26, era="before"),
        Answer(
            "sufficient",
            88,
            (
                "Open Orders, choose the order and select Report a problem and then Faulty "
                "product, and describe the fault. We'll email you a prepaid label, or book a "
                "technician visit for large appliances and big TVs. Most repairs take 10-15 "
                "business days.",
                "Start the claim under Orders with Report a problem, then Faulty product. You "
                "don't need the receipt. Most repairs take 10-15 business days from the day "
                "the product reaches our repair partner.",
            ),
            era="after",
            sources=_WARRANTY_V2,
            coverage=1.0,
        ),
        Answer(
            "redirect_only",
            5,
            REDIRECTS,
            era="after",
            sources=_WARRANTY_V2,
            groundedness=None,
            coverage=1.0,
        ),
    ),
)

WARRANTY_LENGTH = Intent(
    key="warranty-length",
    bot=BOT,
    group="products",
    weight=1.5,
    rewrite="kb-warranty",
    queries=(
        "How long is the warranty on {item}?",
        "Is there a 2 year warranty?",
        "what warranty do you give",
    ),
    sources=(ref("kb-warranty", "All products come with the manufacturer's warranty"),),
    answers=(
        Answer(
            "sufficient",
            70,
            (
                "All products come with the manufacturer's warranty. How long it lasts depends "
                "on the brand and the product, and it's shown on the product page under "
                "Specifications.",
            ),
            era="before",
        ),
        Answer(
            "invented_answer",
            22,
            ("All our products have a 2-year warranty.",),
            era="before",
            groundedness=0.0,
        ),
        Answer(
            "sufficient",
            92,
            (
                "In the EU and the UK, every product is covered for at least 2 years from "
                "delivery; in the US, for at least 1 year. If the manufacturer offers longer "
                "cover, shown under Specifications on the product page, that applies.",
            ),
            era="after",
            sources=(ref("kb-warranty", "covered for at least 2 years"),),
        ),
    ),
)

PROTECTION_PLAN = simple_intent(
    "protection-plan",
    "products",
    1.0,
    (
        "What does Brightcart Care cover?",
        "Does the protection plan cover a cracked screen?",
        "is accidental damage covered?",
    ),
    (ref("kb-protection-plan", "Brightcart Care covers breakdowns"),),
    (
        "Brightcart Care covers breakdowns after the manufacturer's warranty ends, and "
        "accidental damage such as drops, cracked screens and liquid spills from day one. It "
        "doesn't cover loss, theft or cosmetic damage.",
    ),
)

INSTALLATION = simple_intent(
    "installation",
    "products",
    1.0,
    (
        "Can you install my washing machine?",
        "How much is TV wall mounting?",
        "do you offer installation?",
    ),
    (
        ref("kb-installation", "Installation can be booked at checkout"),
        ref("kb-installation", "Wall-mounting a TV"),
    ),
    (
        "Yes. Wall-mounting a TV up to 75 inches costs €79 (bracket not included), installing a "
        "washing machine or dryer €49, a built-in dishwasher €69, and smart home setup €59. "
        "You can book it at checkout or up to 14 days after delivery.",
    ),
)

TRADE_IN = simple_intent(
    "trade-in",
    "products",
    1.0,
    (
        "How does trade-in work?",
        "Can I trade in my old phone?",
        "what do I get for trading in my laptop",
    ),
    (
        ref("kb-trade-in", "on the *Trade-in* page"),
        ref("kb-trade-in", "We email you a free shipping label"),
        ref("kb-trade-in", "Choose a gift card and you get 10% extra"),
    ),
    (
        "Get a quote on the Trade-in page (it's valid for 14 days), reset the device and send "
        "it with the free label within 14 days. Once we've checked it, usually within 5 "
        "business days, we pay you as a gift card, with 10% extra, or by bank transfer.",
    ),
    boosts=(("peak", 1.5),),
)

RECYCLING = simple_intent(
    "recycling",
    "products",
    0.7,
    (
        "Where can I drop off old electronics for recycling?",
        "Can I recycle my old phone charger with you?",
    ),
    (ref("kb-recycling", "can be dropped off for free at any Brightcart pickup point"),),
    (
        "Phones, chargers, cables, small kitchen appliances and batteries can be dropped off "
        "for free at any Brightcart pickup point, whether or not you bought them from us.",
    ),
)

BACK_IN_STOCK = simple_intent(
    "back-in-stock",
    "products",
    1.5,
    (
        "When will {item} be back in stock?",
        "The thing I want is sold out",
        "Can you notify me when it's available again?",
    ),
    (
        ref("kb-back-in-stock", "Select *Notify me*"),
        ref("kb-back-in-stock", "When the supplier gives us a date"),
    ),
    (
        "Select Notify me on the product page and we'll email you as soon as it's back. If the "
        "supplier has given us a date, it's shown on the product page, but it's an estimate and "
        "can change.",
    ),
    boosts=(("peak", 2.0),),
)

PASSWORD = simple_intent(
    "password-reset",
    "account",
    4.0,
    (
        "I forgot my password",
        "How do I reset my password?",
        "password reset email never came",
        "can't log in, forgot password",
    ),
    (ref("kb-password", "Select *Forgot password?*"),),
    (
        "Select Forgot password? on the sign-in page and enter your email address. We'll send a "
        "reset link that's valid for 1 hour; check your spam folder if it doesn't arrive within "
        "a few minutes.",
    ),
    extra=(
        refusal(4),
        unretrieved(
            3,
            (
                "Use the reset link on the sign-in page. If that doesn't work, clear your "
                "browser cache and try again.",
            ),
        ),
        Answer("invented_answer", 2, ("The reset link is valid for 24 hours.",), groundedness=0.0),
    ),
)

ACCOUNT_LOCKED = simple_intent(
    "account-locked",
    "account",
    1.0,
    ("My account is locked", "it says too many login attempts"),
    (ref("kb-password", "After 5 failed sign-in attempts"),),
    (
        "After 5 failed sign-in attempts, your account is locked for 30 minutes to protect it. "
        "You can still reset your password during that time.",
    ),
)

DELETE_ACCOUNT = simple_intent(
    "delete-account",
    "account",
    1.0,
    ("How do I delete my account?", "Please remove all my data", "close my brightcart account"),
    (ref("kb-privacy", "*Delete account*"),),
    (
        "Go to Account, Privacy and then Delete account. We delete your account within 30 "
        "days; open orders and returns are finished first, and invoices are kept for 7 years "
        "because tax law requires it.",
    ),
)

INTENTS: tuple[Intent, ...] = (
    WARRANTY_CLAIM,
    WARRANTY_LENGTH,
    PROTECTION_PLAN,
    INSTALLATION,
    TRADE_IN,
    RECYCLING,
    BACK_IN_STOCK,
    PASSWORD,
    ACCOUNT_LOCKED,
    DELETE_ACCOUNT,
)
