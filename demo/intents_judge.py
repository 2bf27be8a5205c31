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

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, ref

TEXTS = IntentTexts("judge")

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
    TEXTS.queries("judge-plus-price"),
    (PLUS_PRICE,),
    (
        Answer(
            "sufficient",
            17,
            TEXTS.answer("judge-plus-price", "sufficient"),
        ),
        Answer(
            "paraphrase_supported",
            25,
            TEXTS.answer("judge-plus-price", "paraphrase_supported"),
        ),
        Answer(
            "non_claims",
            25,
            TEXTS.answer("judge-plus-price", "non_claims"),
        ),
        Answer(
            "repetition_paraphrased",
            25,
            TEXTS.answer("judge-plus-price", "repetition_paraphrased"),
        ),
        wrong(
            "built_from_source",
            20,
            TEXTS.answer("judge-plus-price", "built_from_source"),
        ),
    ),
)

PLUS_US_COST = judge_intent(
    "judge-plus-us-price",
    "payments",
    0.6,
    TEXTS.queries("judge-plus-us-price"),
    (PLUS_PRICE,),
    (
        Answer(
            "sufficient",
            55,
            TEXTS.answer("judge-plus-us-price", "sufficient"),
        ),
        wrong(
            "condition_out_of_scope",
            45,
            TEXTS.answer("judge-plus-us-price", "condition_out_of_scope"),
        ),
    ),
)

EXPRESS_WITHOUT_PLUS = judge_intent(
    "judge-express-free-non-member",
    "orders",
    0.6,
    TEXTS.queries("judge-express-free-non-member"),
    (PLUS_BENEFITS,),
    (
        Answer(
            "sufficient",
            55,
            TEXTS.answer("judge-express-free-non-member", "sufficient"),
        ),
        wrong(
            "condition_out_of_scope",
            45,
            TEXTS.answer("judge-express-free-non-member", "condition_out_of_scope"),
        ),
    ),
)

STUDENT_CATEGORY = judge_intent(
    "judge-student-category",
    "payments",
    0.5,
    TEXTS.queries("judge-student-category"),
    (STUDENT_WHAT,),
    (
        Answer(
            "sufficient",
            55,
            TEXTS.answer("judge-student-category", "sufficient"),
        ),
        wrong(
            "condition_out_of_scope",
            45,
            TEXTS.answer("judge-student-category", "condition_out_of_scope"),
        ),
    ),
)

CARE_BREAKDOWN = judge_intent(
    "judge-care-breakdown-excess",
    "products",
    0.5,
    TEXTS.queries("judge-care-breakdown-excess"),
    (CARE_CLAIM,),
    (
        Answer(
            "sufficient",
            50,
            TEXTS.answer("judge-care-breakdown-excess", "sufficient"),
        ),
        wrong(
            "condition_out_of_scope",
            35,
            TEXTS.answer("judge-care-breakdown-excess", "condition_out_of_scope"),
        ),
        wrong(
            "built_from_source",
            15,
            TEXTS.answer("judge-care-breakdown-excess", "built_from_source"),
        ),
    ),
)

GIFT_CARD_RULES = judge_intent(
    "judge-gift-card-rules",
    "payments",
    1.2,
    TEXTS.queries("judge-gift-card-rules"),
    (GIFT_USING, GIFT_EXPIRY),
    (
        Answer(
            "sufficient",
            35,
            TEXTS.answer("judge-gift-card-rules", "sufficient"),
        ),
        Answer(
            "paraphrase_supported",
            25,
            TEXTS.answer("judge-gift-card-rules", "paraphrase_supported"),
        ),
        Answer(
            "non_claims",
            15,
            TEXTS.answer("judge-gift-card-rules", "non_claims"),
        ),
        Answer(
            "repetition_paraphrased",
            18,
            TEXTS.answer("judge-gift-card-rules", "repetition_paraphrased"),
        ),
        wrong(
            "built_from_source",
            30,
            TEXTS.answer("judge-gift-card-rules", "built_from_source"),
        ),
    ),
    parts=2,
)

INTL_DELIVERY = judge_intent(
    "judge-intl-delivery",
    "orders",
    0.8,
    TEXTS.queries("judge-intl-delivery"),
    (INTL_TIMES,),
    (
        Answer(
            "sufficient",
            45,
            TEXTS.answer("judge-intl-delivery", "sufficient"),
        ),
        Answer(
            "paraphrase_supported",
            20,
            TEXTS.answer("judge-intl-delivery", "paraphrase_supported"),
        ),
        wrong(
            "built_from_source",
            35,
            TEXTS.answer("judge-intl-delivery", "built_from_source"),
        ),
    ),
    parts=2,
)

WRONG_ITEM_RETURN = judge_intent(
    "judge-wrong-item-deadline",
    "returns",
    0.6,
    TEXTS.queries("judge-wrong-item-deadline"),
    (WRONG_WINDOW,),
    (
        Answer(
            "sufficient",
            55,
            TEXTS.answer("judge-wrong-item-deadline", "sufficient"),
        ),
        wrong(
            "exception_ignored",
            45,
            TEXTS.answer("judge-wrong-item-deadline", "exception_ignored"),
        ),
    ),
)

HOLIDAY_GIFT = judge_intent(
    "judge-holiday-gift-deadline",
    "returns",
    0.5,
    TEXTS.queries("judge-holiday-gift-deadline"),
    (HOLIDAY_WINDOW, RETURN_WINDOW),
    (
        Answer(
            "sufficient",
            60,
            TEXTS.answer("judge-holiday-gift-deadline", "sufficient"),
        ),
        wrong(
            "exception_ignored",
            40,
            TEXTS.answer("judge-holiday-gift-deadline", "exception_ignored"),
        ),
    ),
)

STUDENT_APPLE = judge_intent(
    "judge-student-apple",
    "payments",
    0.5,
    TEXTS.queries("judge-student-apple"),
    (STUDENT_WHAT, STUDENT_EXCLUDED),
    (
        Answer(
            "sufficient",
            55,
            TEXTS.answer("judge-student-apple", "sufficient"),
        ),
        wrong(
            "exception_ignored",
            45,
            TEXTS.answer("judge-student-apple", "exception_ignored"),
        ),
    ),
)

HOLIDAY_MARKETPLACE = judge_intent(
    "judge-holiday-marketplace",
    "returns",
    0.4,
    TEXTS.queries("judge-holiday-marketplace"),
    (HOLIDAY_EXCLUDED, HOLIDAY_WINDOW),
    (
        Answer(
            "sufficient",
            55,
            TEXTS.answer("judge-holiday-marketplace", "sufficient"),
        ),
        wrong(
            "exception_ignored",
            45,
            TEXTS.answer("judge-holiday-marketplace", "exception_ignored"),
        ),
    ),
)

# Follow-ups: weight 0, so they are only asked right after the question that leads to them.
EXPRESS_FOLLOW_UP = judge_intent(
    "judge-follow-up-express",
    "orders",
    0.0,
    TEXTS.queries("judge-follow-up-express"),
    (DELIVERY_TIMES,),
    (
        Answer(
            "follow_up_right_item",
            50,
            TEXTS.answer("judge-follow-up-express", "follow_up_right_item"),
        ),
        wrong(
            "follow_up_wrong_item",
            50,
            TEXTS.answer("judge-follow-up-express", "follow_up_wrong_item"),
        ),
    ),
)

STANDARD_DELIVERY = judge_intent(
    "judge-standard-delivery-time",
    "orders",
    0.9,
    TEXTS.queries("judge-standard-delivery-time"),
    (DELIVERY_TIMES,),
    (
        Answer(
            "sufficient",
            1,
            TEXTS.answer("judge-standard-delivery-time", "sufficient"),
        ),
    ),
    follow_up=EXPRESS_FOLLOW_UP.key,
)

US_FOLLOW_UP = judge_intent(
    "judge-follow-up-us",
    "payments",
    0.0,
    TEXTS.queries("judge-follow-up-us"),
    (PLUS_PRICE,),
    (
        Answer(
            "follow_up_right_item",
            50,
            TEXTS.answer("judge-follow-up-us", "follow_up_right_item"),
        ),
        wrong(
            "follow_up_wrong_item",
            50,
            TEXTS.answer("judge-follow-up-us", "follow_up_wrong_item"),
        ),
    ),
)

PLUS_EUROPE = judge_intent(
    "judge-plus-europe-price",
    "payments",
    0.9,
    TEXTS.queries("judge-plus-europe-price"),
    (PLUS_PRICE,),
    (
        Answer(
            "sufficient",
            1,
            TEXTS.answer("judge-plus-europe-price", "sufficient"),
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
