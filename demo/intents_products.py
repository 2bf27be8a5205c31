"""What customers ask about warranty, services and their account.

The first version of *Warranty* doesn't say how to make a claim, so claims questions fail
(admissions, invented procedures, redirects) until the October rewrite explains it.
"""

from __future__ import annotations

from demo.data import IntentTexts
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

TEXTS = IntentTexts("products")

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
    queries=TEXTS.queries("warranty-claim"),
    sources=_WARRANTY_V1,
    answers=(
        Answer(
            "kb_gap_admission",
            36,
            TEXTS.answer("warranty-claim", "kb_gap_admission"),
            era="before",
            groundedness=None,
        ),
        Answer(
            "invented_answer",
            26,
            TEXTS.answer("warranty-claim", "invented_answer"),
            era="before",
            groundedness=0.0,
        ),
        redirect(26, era="before"),
        Answer(
            "sufficient",
            88,
            TEXTS.answer("warranty-claim", "sufficient"),
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
    queries=TEXTS.queries("warranty-length"),
    sources=(ref("kb-warranty", "All products come with the manufacturer's warranty"),),
    answers=(
        Answer(
            "sufficient",
            70,
            TEXTS.answer("warranty-length", "sufficient"),
            era="before",
        ),
        Answer(
            "invented_answer",
            22,
            TEXTS.answer("warranty-length", "invented_answer"),
            era="before",
            groundedness=0.0,
        ),
        Answer(
            "sufficient",
            92,
            TEXTS.answer("warranty-length", "sufficient", 1),
            era="after",
            sources=(ref("kb-warranty", "covered for at least 2 years"),),
        ),
    ),
)

PROTECTION_PLAN = simple_intent(
    "protection-plan",
    "products",
    1.0,
    TEXTS.queries("protection-plan"),
    (ref("kb-protection-plan", "Brightcart Care covers breakdowns"),),
    TEXTS.answer("protection-plan", "sufficient"),
)

INSTALLATION = simple_intent(
    "installation",
    "products",
    1.0,
    TEXTS.queries("installation"),
    (
        ref("kb-installation", "Installation can be booked at checkout"),
        ref("kb-installation", "Wall-mounting a TV"),
    ),
    TEXTS.answer("installation", "sufficient"),
)

TRADE_IN = simple_intent(
    "trade-in",
    "products",
    1.0,
    TEXTS.queries("trade-in"),
    (
        ref("kb-trade-in", "on the *Trade-in* page"),
        ref("kb-trade-in", "We email you a free shipping label"),
        ref("kb-trade-in", "Choose a gift card and you get 10% extra"),
    ),
    TEXTS.answer("trade-in", "sufficient"),
    boosts=(("peak", 1.5),),
)

RECYCLING = simple_intent(
    "recycling",
    "products",
    0.7,
    TEXTS.queries("recycling"),
    (ref("kb-recycling", "can be dropped off for free at any Brightcart pickup point"),),
    TEXTS.answer("recycling", "sufficient"),
)

BACK_IN_STOCK = simple_intent(
    "back-in-stock",
    "products",
    1.5,
    TEXTS.queries("back-in-stock"),
    (
        ref("kb-back-in-stock", "Select *Notify me*"),
        ref("kb-back-in-stock", "When the supplier gives us a date"),
    ),
    TEXTS.answer("back-in-stock", "sufficient"),
    boosts=(("peak", 2.0),),
)

PASSWORD = simple_intent(
    "password-reset",
    "account",
    4.0,
    TEXTS.queries("password-reset"),
    (ref("kb-password", "Select *Forgot password?*"),),
    TEXTS.answer("password-reset", "sufficient"),
    extra=(
        refusal(4),
        unretrieved(
            3,
            TEXTS.answer("password-reset", "nothing_retrieved"),
        ),
        Answer(
            "invented_answer",
            2,
            TEXTS.answer("password-reset", "invented_answer"),
            groundedness=0.0,
        ),
    ),
)

ACCOUNT_LOCKED = simple_intent(
    "account-locked",
    "account",
    1.0,
    TEXTS.queries("account-locked"),
    (ref("kb-password", "After 5 failed sign-in attempts"),),
    TEXTS.answer("account-locked", "sufficient"),
)

DELETE_ACCOUNT = simple_intent(
    "delete-account",
    "account",
    1.0,
    TEXTS.queries("delete-account"),
    (ref("kb-privacy", "*Delete account*"),),
    TEXTS.answer("delete-account", "sufficient"),
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
