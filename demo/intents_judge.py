"""Planted cases of the judge's failure classes (SPEC §3), at low weight.

Each intent here is an ordinary store question whose answers include one or more of the
classes a careful judge has to tell apart: a correct answer in other words
(``paraphrase_supported``) or wrapped in pleasantries (``non_claims``), a value tied to a
membership, region, product category or cause given outside it
(``condition_out_of_scope``), the general rule although the question states the exception
(``exception_ignored``), values swapped between two items of one source
(``built_from_source``), one fact restated several times (``repetition_paraphrased``), and
follow-up questions whose subject is only in the conversation's earlier turn
(``follow_up_wrong_item``, ``follow_up_right_item``).

None of them is replayed: they stay out of the candidate runs so the gate story holds.
Declines about a topic the knowledge base covers and answers with two values for one thing
are planted elsewhere already (``over_refusal``, ``kb_gap_admission`` on warranty claims,
``contradictory``).
"""

from __future__ import annotations

from demo.scenarios import Answer, Intent, ref

BOT = "store-help"

PLUS_PRICE = ref("kb-plus", "Brightcart Plus costs €49 a year in Europe")
PLUS_BENEFITS = ref("kb-plus", "- Free express delivery on every order")
STUDENT_WHAT = ref("kb-student-discount", "Students get 10% off laptops")
STUDENT_EXCLUDED = ref("kb-student-discount", "it doesn't apply to Apple products")
CARE_CLAIM = ref("kb-protection-plan", "there's a €49 excess per claim")
GIFT_USING = ref("kb-gift-cards", "You can use up to 3 gift cards on one order")
GIFT_EXPIRY = ref("kb-gift-cards", "Gift cards are valid for 2")
WRONG_WINDOW = ref("kb-wrong-item", "you have 45 days from delivery to send it back")
HOLIDAY_WINDOW = ref("kb-holiday-returns", "can be returned until 31 January of the following")
HOLIDAY_EXCLUDED = ref("kb-holiday-returns", "The extended window doesn't apply to marketplace")
RETURN_WINDOW = ref("kb-returns", "You can return most items within 30 days of delivery.")
INTL_TIMES = ref("kb-intl-shipping", "Standard delivery to the UK, Norway and Switzerland")
DELIVERY_TIMES = ref("kb-shipping", "**Standard delivery**")


def judge_intent(
    key: str,
    group: str,
    weight: float,
    queries: tuple[str, ...],
    sources: tuple,
    answers: tuple[Answer, ...],
    *,
    parts: int = 1,
    follow_up: str | None = None,
) -> Intent:
    return Intent(
        key=key,
        bot=BOT,
        group=group,
        weight=weight,
        queries=queries,
        sources=sources,
        answers=answers,
        parts=parts,
        covered=parts,
        replayable=False,
        follow_up=follow_up,
    )


def wrong(plant: str, weight: float, texts: tuple[str, ...], groundedness: float = 0.2) -> Answer:
    return Answer(plant, weight, texts, groundedness=groundedness)


PLUS_COST = judge_intent(
    "judge-plus-price",
    "payments",
    2.0,
    (
        "How much does Brightcart Plus cost?",
        "what's the price of the plus membership",
        "How much is a Plus membership per year?",
        "Brightcart Plus price?",
    ),
    (PLUS_PRICE,),
    (
        Answer(
            "sufficient",
            17,
            (
                "Brightcart Plus costs €49 a year in Europe and $59 a year in the US, and new "
                "members get a 30-day free trial.",
            ),
        ),
        Answer(
            "paraphrase_supported",
            25,
            (
                "Plus is forty-nine euros a year in Europe and fifty-nine dollars in the US. If "
                "you're new, you can try it for thirty days without paying.",
                "In Europe the membership is EUR 49 per year; in the States it's USD 59. It's "
                "billed once a year, and first-time members get a thirty-day trial for free.",
                "The yearly fee is 49 euros in Europe and 59 US dollars in America. It renews "
                "by itself every year, and we'll remind you a week before it does.",
            ),
        ),
        Answer(
            "non_claims",
            25,
            (
                "Great question! Based on the information I have, Brightcart Plus costs €49 a "
                "year in Europe and $59 a year in the US. Hope that helps!",
                "Thanks for asking! Brightcart Plus is €49 a year in Europe and $59 a year in "
                "the US, with a 30-day free trial for new members. Let me know if there's "
                "anything else I can help with.",
                "Happy to help with that! According to our help centre, the membership costs "
                "€49 a year in Europe and $59 a year in the US. I hope this helps, and feel "
                "free to ask if you have more questions!",
            ),
        ),
        Answer(
            "repetition_paraphrased",
            25,
            (
                "Brightcart Plus costs €49 a year in Europe and $59 a year in the US. So in "
                "Europe you pay forty-nine euros for a whole year of membership. Put another "
                "way, the annual fee is €49 in Europe and $59 in the US.",
                "The Plus membership is €49 a year in Europe and $59 in the US. That means a "
                "year of Plus costs forty-nine euros in Europe. In short: €49 per year in "
                "Europe, $59 per year in the US.",
                "You pay €49 a year for Plus in Europe and $59 in the US. The yearly price in "
                "Europe is forty-nine euros. Again, that's €49 annually in Europe and $59 "
                "annually in the US.",
            ),
        ),
        wrong(
            "built_from_source",
            20,
            (
                "Brightcart Plus costs €59 a year in Europe and $49 a year in the US.",
                "Plus is €49 a year in Europe and $59 in the US. New members get a 7-day free "
                "trial, and we remind you 30 days before each renewal.",
                "The membership costs $49 a year in the US and €59 in Europe, charged once a year.",
            ),
        ),
    ),
)

PLUS_US_COST = judge_intent(
    "judge-plus-us-price",
    "payments",
    0.6,
    (
        "I live in the US, how much is Brightcart Plus?",
        "how much does plus cost in the US",
        "What's the yearly fee for Plus for US customers?",
    ),
    (PLUS_PRICE,),
    (
        Answer(
            "sufficient",
            55,
            (
                "In the US, Brightcart Plus costs $59 a year, and new members get a 30-day "
                "free trial.",
                "For US customers the membership is $59 a year, charged once a year.",
            ),
        ),
        wrong(
            "condition_out_of_scope",
            45,
            (
                "Brightcart Plus costs €49 a year.",
                "Plus is €49 a year, and you can try it free for 30 days first.",
                "The membership is €49 a year and renews automatically.",
            ),
        ),
    ),
)

EXPRESS_WITHOUT_PLUS = judge_intent(
    "judge-express-free-non-member",
    "orders",
    0.6,
    (
        "I'm not a Plus member, is express delivery free for me?",
        "do I pay for express shipping without Plus?",
        "Is express delivery free? I don't have a membership.",
    ),
    (PLUS_BENEFITS,),
    (
        Answer(
            "sufficient",
            55,
            (
                "No. Free express delivery on every order is a Brightcart Plus benefit, so "
                "it's only free for members.",
                "Express delivery is only free with Brightcart Plus; without a membership you "
                "pay for it.",
            ),
        ),
        wrong(
            "condition_out_of_scope",
            45,
            (
                "Yes, express delivery is free on every order.",
                "Express delivery is free on every order, so you won't pay anything extra.",
                "Good news: express delivery is free for every order.",
            ),
        ),
    ),
)

STUDENT_CATEGORY = judge_intent(
    "judge-student-category",
    "payments",
    0.5,
    (
        "Does the student discount work on a TV?",
        "can I use my student discount on a coffee machine",
        "Student discount on a robot vacuum?",
    ),
    (STUDENT_WHAT,),
    (
        Answer(
            "sufficient",
            55,
            (
                "No. The student discount covers laptops, tablets, monitors, printers and "
                "headphones only, so it doesn't apply to that.",
                "Sorry, that isn't included: students get 10% off laptops, tablets, monitors, "
                "printers and headphones.",
            ),
        ),
        wrong(
            "condition_out_of_scope",
            45,
            (
                "Yes, students get 10% off, capped at €150 per order.",
                "Yes! Verified students get 10% off, up to €150 per order.",
                "You'll get 10% off with your student code, on up to 3 orders a year.",
            ),
        ),
    ),
)

CARE_BREAKDOWN = judge_intent(
    "judge-care-breakdown-excess",
    "products",
    0.5,
    (
        "My laptop stopped working by itself and it's covered by Brightcart Care. Do I pay "
        "an excess?",
        "is there an excess for a breakdown claim on brightcart care?",
        "Brightcart Care claim for a breakdown, not an accident: do I pay anything?",
    ),
    (CARE_CLAIM,),
    (
        Answer(
            "sufficient",
            50,
            (
                "No. There's no excess for breakdowns; the €49 excess only applies to claims "
                "for accidental damage.",
                "Breakdown claims have no excess. You only pay the €49 excess when you claim "
                "for accidental damage.",
            ),
        ),
        wrong(
            "condition_out_of_scope",
            35,
            (
                "Yes, there's a €49 excess per claim.",
                "You pay a €49 excess for each claim.",
                "Each Brightcart Care claim has a €49 excess, which is handled by Assurant.",
            ),
        ),
        wrong(
            "built_from_source",
            15,
            (
                "Yes: breakdowns have a €49 excess per claim, and accidental damage has none.",
                "There's no excess for accidental damage, but a breakdown claim costs €49.",
            ),
        ),
    ),
)

GIFT_CARD_RULES = judge_intent(
    "judge-gift-card-rules",
    "payments",
    1.2,
    (
        "How many gift cards can I use on one order, and how long are they valid?",
        "gift card limit per order and expiry?",
        "How long does a gift card last and can I combine several on one order?",
    ),
    (GIFT_USING, GIFT_EXPIRY),
    (
        Answer(
            "sufficient",
            35,
            (
                "You can use up to 3 gift cards on one order, and each card is valid for 2 "
                "years from the date of purchase.",
            ),
        ),
        Answer(
            "paraphrase_supported",
            25,
            (
                "You can combine as many as three gift cards on a single order, and a card "
                "stays valid for two years after it was bought.",
                "Up to three cards per order; each one lasts two years from when it was "
                "purchased, and any balance left stays on it until then.",
            ),
        ),
        Answer(
            "non_claims",
            15,
            (
                "Good question! You can use up to 3 gift cards on one order, and they're valid "
                "for 2 years from purchase. I hope that helps!",
                "Based on the information I have, you can use up to 3 gift cards on one order "
                "and each is valid for 2 years. Let me know if you need anything else!",
            ),
        ),
        Answer(
            "repetition_paraphrased",
            18,
            (
                "You can use up to 3 gift cards on one order, so a single order takes at most "
                "three cards. Gift cards are valid for 2 years: they last two years from the "
                "day they were bought, which means a card is good for 2 years after purchase.",
                "Up to 3 gift cards per order. That is, you can't combine more than three on "
                "one order, three being the limit. They're valid for 2 years from purchase.",
            ),
        ),
        wrong(
            "built_from_source",
            30,
            (
                "You can use up to 2 gift cards on one order, and they're valid for 3 years.",
                "Gift cards are valid for 3 years, and you can combine up to 2 on one order.",
            ),
        ),
    ),
    parts=2,
)

INTL_DELIVERY = judge_intent(
    "judge-intl-delivery",
    "orders",
    0.8,
    (
        "How long does delivery to the UK take and what does it cost?",
        "shipping to switzerland: price and delivery time?",
        "How much is delivery to Norway, and how long does it take?",
    ),
    (INTL_TIMES,),
    (
        Answer(
            "sufficient",
            45,
            (
                "Standard delivery to the UK, Norway and Switzerland takes 4-8 business days "
                "and costs €9.95; express takes 2-3 business days and costs €19.95.",
            ),
        ),
        Answer(
            "paraphrase_supported",
            20,
            (
                "Standard shipping there takes four to eight working days and costs nine euros "
                "ninety-five. In a hurry? Express gets it there in two to three working days "
                "for €19.95.",
            ),
        ),
        wrong(
            "built_from_source",
            35,
            (
                "Standard delivery takes 2-3 business days and costs €9.95; express takes 4-8 "
                "business days and costs €19.95.",
                "Standard delivery costs €19.95 and takes 4-8 business days; express costs "
                "€9.95 and arrives in 2-3 business days.",
            ),
        ),
    ),
    parts=2,
)

WRONG_ITEM_RETURN = judge_intent(
    "judge-wrong-item-deadline",
    "returns",
    0.6,
    (
        "You sent me the wrong {noun}, how long do I have to send it back?",
        "I received the wrong item, what's my return deadline?",
        "Wrong item in my parcel. How many days do I have to return it?",
    ),
    (WRONG_WINDOW,),
    (
        Answer(
            "sufficient",
            55,
            (
                "Because we shipped you the wrong item, you have 45 days from delivery to "
                "send it back instead of the usual 30.",
                "For a wrong item you get 45 days from delivery, not the usual 30 days.",
            ),
        ),
        wrong(
            "exception_ignored",
            45,
            (
                "You have 30 days from delivery to return it.",
                "Returns are accepted within 30 days of delivery.",
                "You can send it back within 30 days of delivery.",
            ),
        ),
    ),
)

HOLIDAY_GIFT = judge_intent(
    "judge-holiday-gift-deadline",
    "returns",
    0.5,
    (
        "I bought {item} on 28 November as a Christmas present. Can it still be returned in "
        "January?",
        "Bought a gift in early December, how long can it be returned?",
        "My order from 5 December is a Christmas gift, what's the return deadline?",
    ),
    (HOLIDAY_WINDOW, RETURN_WINDOW),
    (
        Answer(
            "sufficient",
            60,
            (
                "Yes. Items bought between 1 November and 24 December can be returned until 31 "
                "January of the following year.",
                "Holiday purchases get extra time: bought between 1 November and 24 December, "
                "it can be returned until 31 January.",
            ),
        ),
        wrong(
            "exception_ignored",
            40,
            (
                "You can return most items within 30 days of delivery.",
                "The return window is 30 days from delivery, so it depends on when it arrived.",
                "You have 30 days from delivery to return it.",
            ),
        ),
    ),
)

STUDENT_APPLE = judge_intent(
    "judge-student-apple",
    "payments",
    0.5,
    (
        "Does the student discount work on an Apple MacBook?",
        "can I use student discount for an ipad",
        "Student discount on Apple laptops?",
    ),
    (STUDENT_WHAT, STUDENT_EXCLUDED),
    (
        Answer(
            "sufficient",
            55,
            (
                "No, the student discount doesn't apply to Apple products.",
                "Unfortunately not: Apple products are excluded from the student discount.",
            ),
        ),
        wrong(
            "exception_ignored",
            45,
            (
                "Yes, students get 10% off laptops and tablets, up to €150 per order.",
                "Yes! With your student code you get 10% off laptops, tablets, monitors, "
                "printers and headphones.",
                "You'll get 10% off, capped at €150 per order.",
            ),
        ),
    ),
)

HOLIDAY_MARKETPLACE = judge_intent(
    "judge-holiday-marketplace",
    "returns",
    0.4,
    (
        "I bought from a marketplace seller on 2 December, can I return it until 31 January?",
        "Does the holiday return window apply to marketplace orders?",
        "Christmas gift from a marketplace seller - do I get until 31 January to return it?",
    ),
    (HOLIDAY_EXCLUDED, HOLIDAY_WINDOW),
    (
        Answer(
            "sufficient",
            55,
            (
                "No. The extended holiday window doesn't apply to marketplace sellers; "
                "holiday purchases from them follow the seller's return policy, shown on the "
                "product page.",
            ),
        ),
        wrong(
            "exception_ignored",
            45,
            (
                "Yes, items bought between 1 November and 24 December can be returned until "
                "31 January of the following year.",
                "Yes: holiday purchases can be returned until 31 January.",
            ),
        ),
    ),
)

# Follow-ups: weight 0, so they are only asked right after the question that leads to them.
EXPRESS_FOLLOW_UP = judge_intent(
    "judge-follow-up-express",
    "orders",
    0.0,
    (
        "and what about express?",
        "what about express delivery?",
        "and express?",
        "And how long would express take?",
    ),
    (DELIVERY_TIMES,),
    (
        Answer(
            "follow_up_right_item",
            50,
            (
                "Express delivery takes 1-2 business days.",
                "With express it's 1-2 business days from when the order ships.",
                "Express is quicker: 1-2 business days.",
            ),
        ),
        wrong(
            "follow_up_wrong_item",
            50,
            (
                "Express delivery takes 3-5 business days in the EU and UK.",
                "That takes 3-5 business days in the EU and UK and 4-7 business days in the US.",
                "It usually arrives within 3-5 business days.",
            ),
        ),
    ),
)

STANDARD_DELIVERY = judge_intent(
    "judge-standard-delivery-time",
    "orders",
    0.9,
    (
        "How long does standard delivery take?",
        "how many days is standard shipping",
        "Standard delivery time?",
    ),
    (DELIVERY_TIMES,),
    (
        Answer(
            "sufficient",
            1,
            (
                "Standard delivery takes 3-5 business days in the EU and UK and 4-7 business "
                "days in the US, counted from when your order ships.",
                "It's 3-5 business days in the EU and UK, and 4-7 business days in the US.",
            ),
        ),
    ),
    follow_up=EXPRESS_FOLLOW_UP.key,
)

US_FOLLOW_UP = judge_intent(
    "judge-follow-up-us",
    "payments",
    0.0,
    ("and in the US?", "what about the US?", "And for American customers?"),
    (PLUS_PRICE,),
    (
        Answer(
            "follow_up_right_item",
            50,
            (
                "In the US it's $59 a year.",
                "For the US, Brightcart Plus costs $59 a year.",
                "US members pay $59 a year.",
            ),
        ),
        wrong(
            "follow_up_wrong_item",
            50,
            (
                "It's €49 a year.",
                "Brightcart Plus costs €49 a year there too.",
                "In the US it's also €49 a year.",
            ),
        ),
    ),
)

PLUS_EUROPE = judge_intent(
    "judge-plus-europe-price",
    "payments",
    0.9,
    (
        "How much is Brightcart Plus in Europe?",
        "what does plus cost in the EU",
        "Plus membership price for Europe?",
    ),
    (PLUS_PRICE,),
    (
        Answer(
            "sufficient",
            1,
            (
                "In Europe, Brightcart Plus costs €49 a year.",
                "It's €49 a year in Europe, with a 30-day free trial for new members.",
            ),
        ),
    ),
    follow_up=US_FOLLOW_UP.key,
)

INTENTS: tuple[Intent, ...] = (
    PLUS_COST,
    PLUS_US_COST,
    EXPRESS_WITHOUT_PLUS,
    STUDENT_CATEGORY,
    CARE_BREAKDOWN,
    GIFT_CARD_RULES,
    INTL_DELIVERY,
    WRONG_ITEM_RETURN,
    HOLIDAY_GIFT,
    STUDENT_APPLE,
    HOLIDAY_MARKETPLACE,
    STANDARD_DELIVERY,
    EXPRESS_FOLLOW_UP,
    PLUS_EUROPE,
    US_FOLLOW_UP,
)
