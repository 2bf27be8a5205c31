"""What customers ask about paying, gift cards, discounts and sales events."""

from __future__ import annotations

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, ref, refusal, simple_intent, unretrieved

TEXTS = IntentTexts("payments")

PAYMENT_METHODS = simple_intent(
    "payment-methods",
    "payments",
    3.0,
    TEXTS.queries("payment-methods"),
    (ref("kb-payment", "Visa, Mastercard and American Express"),),
    TEXTS.answer("payment-methods", "sufficient"),
    extra=(
        refusal(5),
        Answer(
            "unasked_facts",
            10,
            TEXTS.answer("payment-methods", "unasked_facts"),
            sources=(
                ref("kb-payment", "Visa, Mastercard and American Express"),
                ref("kb-payment", "We authorise your card").off(),
                ref("kb-payment", "After 3 declined attempts").off(),
                ref("kb-payment", "sales tax is added at checkout").off(),
            ),
        ),
    ),
)

PAY_CRYPTO = simple_intent(
    "pay-with-crypto",
    "payments",
    0.8,
    TEXTS.queries("pay-with-crypto"),
    (ref("kb-payment", "We don't accept cheques"),),
    TEXTS.answer("pay-with-crypto", "grounded_negative"),
    plant="grounded_negative",
    redirects=3,
)

PAYMENT_DECLINED = simple_intent(
    "payment-declined",
    "payments",
    1.5,
    TEXTS.queries("payment-declined"),
    (ref("kb-payment", "Check that the billing address matches"),),
    TEXTS.answer("payment-declined", "sufficient"),
    redirects=14,
)

GIFT_CARD_CASH = simple_intent(
    "gift-card-cash",
    "payments",
    1.0,
    TEXTS.queries("gift-card-cash"),
    (ref("kb-gift-cards", "Gift cards can't be exchanged for cash"),),
    TEXTS.answer("gift-card-cash", "grounded_negative"),
    plant="grounded_negative",
    redirects=3,
)

GIFT_CARD_EXPIRY = simple_intent(
    "gift-card-expiry",
    "payments",
    1.5,
    TEXTS.queries("gift-card-expiry"),
    (ref("kb-gift-cards", "Gift cards are valid for 2 years"),),
    TEXTS.answer("gift-card-expiry", "sufficient"),
)

PROMO_NOT_WORKING = simple_intent(
    "promo-code-invalid",
    "payments",
    3.0,
    TEXTS.queries("promo-code-invalid"),
    (ref("kb-promo-codes", "The code has expired"),),
    TEXTS.answer("promo-code-invalid", "sufficient"),
    extra=(
        refusal(4),
        unretrieved(
            3,
            TEXTS.answer("promo-code-invalid", "nothing_retrieved"),
        ),
        Answer(
            "invented_answer",
            3,
            TEXTS.answer("promo-code-invalid", "invented_answer"),
            groundedness=0.0,
        ),
    ),
    boosts=(("peak", 2.0),),
)

PROMO_BLACK_FRIDAY = simple_intent(
    "promo-on-black-friday",
    "payments",
    0.4,
    TEXTS.queries("promo-on-black-friday"),
    (ref("kb-promo-codes", "Promo codes can't be combined with Black Friday"),),
    TEXTS.answer("promo-on-black-friday", "grounded_negative"),
    plant="grounded_negative",
    redirects=3,
    boosts=(("peak", 10.0),),
)

PRICE_MATCH = simple_intent(
    "price-match",
    "payments",
    2.0,
    TEXTS.queries("price-match"),
    (
        ref("kb-price-match", "If you find the same product cheaper"),
        ref("kb-price-match", "The product must be the identical model"),
    ),
    TEXTS.answer("price-match", "sufficient"),
    extra=(
        Answer(
            "invented_answer",
            3,
            TEXTS.answer("price-match", "invented_answer"),
            groundedness=0.0,
        ),
        Answer(
            "bad_quote",
            3,
            TEXTS.answer("price-match", "bad_quote"),
            groundedness=0.0,
        ),
    ),
)

PRICE_MATCH_BLACK_FRIDAY = simple_intent(
    "price-match-black-friday",
    "payments",
    0.4,
    TEXTS.queries("price-match-black-friday"),
    (ref("kb-price-match", "We don't price match during Black Friday week"),),
    TEXTS.answer("price-match-black-friday", "grounded_negative"),
    plant="grounded_negative",
    redirects=3,
    boosts=(("peak", 10.0), ("pre_peak", 3.0)),
)

STUDENT = simple_intent(
    "student-discount",
    "payments",
    1.2,
    TEXTS.queries("student-discount"),
    (
        ref("kb-student-discount", "Students get 10% off"),
        ref("kb-student-discount", "Verify your student status"),
    ),
    TEXTS.answer("student-discount", "sufficient"),
    extra=(
        Answer(
            "unasked_facts",
            10,
            TEXTS.answer("student-discount", "unasked_facts"),
            sources=(
                ref("kb-student-discount", "Students get 10% off"),
                ref("kb-student-discount", "Between 15 August").off(),
                ref("kb-student-discount", "can't be combined").off(),
                ref("kb-student-discount", "Your verification lasts").off(),
            ),
        ),
        Answer(
            "invented_answer",
            3,
            TEXTS.answer("student-discount", "invented_answer"),
            groundedness=0.0,
        ),
    ),
    boosts=(("school", 5.0),),
)

FINANCING = simple_intent(
    "pay-in-instalments",
    "payments",
    1.5,
    TEXTS.queries("pay-in-instalments"),
    (
        ref("kb-financing", "can be paid in 3 interest-free instalments"),
        ref("kb-financing", "monthly financing over 6, 12"),
    ),
    TEXTS.answer("pay-in-instalments", "sufficient"),
    boosts=(("peak", 1.8), ("school", 1.5)),
)

BLACK_FRIDAY_DATES = simple_intent(
    "black-friday-dates",
    "payments",
    0.25,
    TEXTS.queries("black-friday-dates"),
    (ref("kb-black-friday", "Our Black Friday deals start on the Monday"),),
    TEXTS.answer("black-friday-dates", "sufficient"),
    boosts=(("peak", 24.0), ("pre_peak", 12.0)),
)

BLACK_FRIDAY_RETURNS = simple_intent(
    "black-friday-returns",
    "returns",
    0.2,
    TEXTS.queries("black-friday-returns"),
    (
        ref("kb-black-friday", "Items bought during Black Friday and Cyber Monday can be"),
        ref("kb-holiday-returns", "can be returned until 31 January of the following year"),
    ),
    TEXTS.answer("black-friday-returns", "sufficient"),
    boosts=(("peak", 15.0),),
)

PLUS = simple_intent(
    "plus-membership",
    "payments",
    1.0,
    TEXTS.queries("plus-membership"),
    (ref("kb-plus", "Free express delivery on every order"), ref("kb-plus", "costs €49 a year")),
    TEXTS.answer("plus-membership", "sufficient"),
)

INVOICE = simple_intent(
    "download-invoice",
    "payments",
    1.5,
    TEXTS.queries("download-invoice"),
    (ref("kb-invoices", "select *Download invoice*"),),
    TEXTS.answer("download-invoice", "sufficient"),
)

INTENTS: tuple[Intent, ...] = (
    PAYMENT_METHODS,
    PAY_CRYPTO,
    PAYMENT_DECLINED,
    GIFT_CARD_CASH,
    GIFT_CARD_EXPIRY,
    PROMO_NOT_WORKING,
    PROMO_BLACK_FRIDAY,
    PRICE_MATCH,
    PRICE_MATCH_BLACK_FRIDAY,
    STUDENT,
    FINANCING,
    BLACK_FRIDAY_DATES,
    BLACK_FRIDAY_RETURNS,
    PLUS,
    INVOICE,
)
