"""What customers ask about paying, gift cards, discounts and sales events."""

from __future__ import annotations

from demo.scenarios import Answer, Intent, ref, refusal, simple_intent, unretrieved

PAYMENT_METHODS = simple_intent(
    "payment-methods",
    "payments",
    3.0,
    (
        "What payment methods do you accept?",
        "Can I pay with PayPal?",
        "do you take apple pay",
        "which cards can I use?",
    ),
    (ref("kb-payment", "Visa, Mastercard and American Express"),),
    (
        "We accept Visa, Mastercard and American Express, PayPal, Apple Pay and Google Pay, "
        "iDEAL and Bancontact, Klarna (Europe only) and Brightcart gift cards.",
    ),
    extra=(
        refusal(5),
        Answer(
            "unasked_facts",
            10,
            (
                "We accept cards, PayPal, Apple Pay, Google Pay, iDEAL, Bancontact, Klarna and "
                "gift cards. We authorise your card when you order and take the payment when "
                "the order ships. After 3 declined attempts you need to wait 30 minutes. Prices "
                "on our European site include VAT, and US sales tax is added at checkout.",
            ),
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
    ("Can I pay with Bitcoin?", "do you accept crypto", "Is cash on delivery possible?"),
    (ref("kb-payment", "We don't accept cheques"),),
    (
        "We don't accept cheques, cash on delivery or cryptocurrencies. You can pay by card, "
        "PayPal, Apple Pay, Google Pay, iDEAL, Bancontact, Klarna or gift card.",
    ),
    plant="grounded_negative",
    redirects=3,
)

PAYMENT_DECLINED = simple_intent(
    "payment-declined",
    "payments",
    1.5,
    (
        "My card keeps getting declined",
        "Payment failed, why?",
        "why is my payment not going through",
    ),
    (ref("kb-payment", "Check that the billing address matches"),),
    (
        "Check that your billing address matches the one your bank has on file and that your "
        "card allows online payments. Most European cards need 3-D Secure confirmation in your "
        "banking app. After 3 declined attempts, wait 30 minutes before trying again.",
    ),
    redirects=14,
)

GIFT_CARD_CASH = simple_intent(
    "gift-card-cash",
    "payments",
    1.0,
    (
        "Can I exchange my gift card for cash?",
        "Can I get the money on a gift card paid out?",
        "cash out gift card balance?",
    ),
    (ref("kb-gift-cards", "Gift cards can't be exchanged for cash"),),
    (
        "Gift cards can't be exchanged for cash.",
        "Sorry, gift cards can't be exchanged for cash, and they can't be used to buy other "
        "gift cards or on marketplace items.",
    ),
    plant="grounded_negative",
    redirects=3,
)

GIFT_CARD_EXPIRY = simple_intent(
    "gift-card-expiry",
    "payments",
    1.5,
    (
        "Do Brightcart gift cards expire?",
        "how long is a gift card valid",
        "Is my gift card from 2025 still valid?",
    ),
    (ref("kb-gift-cards", "Gift cards are valid for 2 years"),),
    (
        "Gift cards are valid for 2 years from the date of purchase, and any unused balance "
        "stays on the card until then. You can check the balance on the gift card page or at "
        "checkout.",
    ),
)

PROMO_NOT_WORKING = simple_intent(
    "promo-code-invalid",
    "payments",
    3.0,
    ("My promo code isn't working", "Discount code says invalid", "Why can't I use my voucher?"),
    (ref("kb-promo-codes", "The code has expired"),),
    (
        "A code may not work if it has expired, if your order hasn't reached the minimum order "
        "value, if the basket only has excluded items such as gift cards, marketplace items or "
        "Apple products, if it has already been used, or if it's an app-only code.",
    ),
    extra=(
        refusal(4),
        unretrieved(
            3,
            (
                "Promo codes often exclude sale items and usually can't be combined with other offers.",
            ),
        ),
        Answer(
            "invented_answer",
            3,
            ("Promo codes only work on orders over €100, so add a few items and try again.",),
            groundedness=0.0,
        ),
    ),
    boosts=(("peak", 2.0),),
)

PROMO_BLACK_FRIDAY = simple_intent(
    "promo-on-black-friday",
    "payments",
    0.4,
    (
        "Can I use a promo code on Black Friday deals?",
        "does my newsletter discount work on cyber monday deals?",
    ),
    (ref("kb-promo-codes", "Promo codes can't be combined with Black Friday"),),
    (
        "Promo codes can't be combined with Black Friday and Cyber Monday deals unless the code says so.",
    ),
    plant="grounded_negative",
    redirects=3,
    boosts=(("peak", 10.0),),
)

PRICE_MATCH = simple_intent(
    "price-match",
    "payments",
    2.0,
    (
        "Do you price match?",
        "I found {item} cheaper at another shop, will you match it?",
        "price match policy?",
    ),
    (
        ref("kb-price-match", "If you find the same product cheaper"),
        ref("kb-price-match", "The product must be the identical model"),
    ),
    (
        "Yes. If you find the same product cheaper at another major retailer within 14 days of "
        "your purchase, we refund the difference. It must be the identical model, new and in "
        "stock, and the lower price must include delivery charges.",
    ),
    extra=(
        Answer(
            "invented_answer",
            3,
            ("We match prices within 30 days of purchase, including marketplace sellers.",),
            groundedness=0.0,
        ),
        Answer(
            "bad_quote",
            3,
            ('Our promise is simple: "we match any price, anywhere, for 30 days."',),
            groundedness=0.0,
        ),
    ),
)

PRICE_MATCH_BLACK_FRIDAY = simple_intent(
    "price-match-black-friday",
    "payments",
    0.4,
    (
        "Do you price match during Black Friday?",
        "Another shop has {item} cheaper for Black Friday, can you match it?",
        "price match on cyber monday?",
    ),
    (ref("kb-price-match", "We don't price match during Black Friday week"),),
    (
        "We don't price match during Black Friday week, from Thursday until the end of Cyber "
        "Monday.",
    ),
    plant="grounded_negative",
    redirects=3,
    boosts=(("peak", 10.0), ("pre_peak", 3.0)),
)

STUDENT = simple_intent(
    "student-discount",
    "payments",
    1.2,
    (
        "Do you have a student discount?",
        "How much is the student discount on laptops?",
        "I'm a student, can I get money off {item}?",
    ),
    (
        ref("kb-student-discount", "Students get 10% off"),
        ref("kb-student-discount", "Verify your student status"),
    ),
    (
        "Students get 10% off laptops, tablets, monitors, printers and headphones, capped at "
        "€150 per order, on up to 3 orders a year. Verify once with UNiDAYS using your "
        "university email address to get your code.",
    ),
    extra=(
        Answer(
            "unasked_facts",
            10,
            (
                "Students get 10% off laptops and tablets. Between 15 August and 30 September, "
                "verified students also get free express delivery. The discount can't be "
                "combined with our price match. Your verification lasts 12 months, and we "
                "email you a month before it expires.",
            ),
            sources=(
                ref("kb-student-discount", "Students get 10% off"),
                ref("kb-student-discount", "Between 15 August").off(),
                ref("kb-student-discount", "can't be combined").off(),
                ref("kb-student-discount", "Your verification lasts").off(),
            ),
        ),
        Answer("invented_answer", 3, ("Students get 15% off all laptops.",), groundedness=0.0),
    ),
    boosts=(("school", 5.0),),
)

FINANCING = simple_intent(
    "pay-in-instalments",
    "payments",
    1.5,
    (
        "Can I pay in instalments?",
        "Do you offer financing for {item}?",
        "klarna pay in 3 available?",
    ),
    (
        ref("kb-financing", "can be paid in 3 interest-free instalments"),
        ref("kb-financing", "monthly financing over 6, 12"),
    ),
    (
        "In Europe you can pay in 3 interest-free instalments with Klarna for orders between "
        "€35 and €1,500. For orders over €300 there's monthly financing over 6, 12 or 24 months "
        "at 9.9% APR, provided by Affirm in the US.",
    ),
    boosts=(("peak", 1.8), ("school", 1.5)),
)

BLACK_FRIDAY_DATES = simple_intent(
    "black-friday-dates",
    "payments",
    0.25,
    (
        "When does your Black Friday sale start?",
        "How long do the Black Friday deals last?",
        "is the black friday sale still on?",
    ),
    (ref("kb-black-friday", "Our Black Friday deals start on the Monday"),),
    (
        "Our Black Friday deals start on the Monday before Black Friday and run until the end "
        "of Cyber Monday. Some deals last 24 hours only, while stocks last.",
    ),
    boosts=(("peak", 24.0), ("pre_peak", 12.0)),
)

BLACK_FRIDAY_RETURNS = simple_intent(
    "black-friday-returns",
    "returns",
    0.2,
    ("Can I return Black Friday purchases?", "are black friday deals returnable?"),
    (
        ref("kb-black-friday", "Items bought during Black Friday and Cyber Monday can be"),
        ref("kb-holiday-returns", "can be returned until 31 January of the following year"),
    ),
    (
        "Yes: items bought during Black Friday and Cyber Monday can be returned until 31 "
        "January, as part of our holiday returns.",
    ),
    boosts=(("peak", 15.0),),
)

PLUS = simple_intent(
    "plus-membership",
    "payments",
    1.0,
    ("What do I get with Brightcart Plus?", "How much does Plus cost and is it worth it?"),
    (ref("kb-plus", "Free express delivery on every order"), ref("kb-plus", "costs €49 a year")),
    (
        "Brightcart Plus costs €49 a year in Europe and $59 in the US, with a 30-day free trial. "
        "It includes free express delivery on every order, early access to sales, 2% back as "
        "Brightcart credit and a dedicated phone line.",
    ),
)

INVOICE = simple_intent(
    "download-invoice",
    "payments",
    1.5,
    (
        "How do I get an invoice?",
        "Can I download a VAT invoice for {order}?",
        "where can I find the invoice for my order",
    ),
    (ref("kb-invoices", "select *Download invoice*"),),
    (
        "Open Orders, choose the order and select Download invoice. It's available as soon as "
        "the order has shipped.",
    ),
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
