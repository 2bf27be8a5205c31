"""Turns that aren't about one help-centre article.

Ambiguous questions, product advice the help centre doesn't cover (answered from general
knowledge anyway), off-topic questions declined well or badly, greetings and thanks,
bot-initiated messages, and a couple of markup probes the UI must escape.
"""

from __future__ import annotations

from demo.data import IntentTexts
from demo.scenarios import Answer, Intent, ref

TEXTS = IntentTexts("misc")

BOT = "store-help"

AMBIGUOUS = Intent(
    key="ambiguous-how-long",
    bot=BOT,
    group="misc",
    weight=2.8,
    queries=TEXTS.queries("ambiguous-how-long"),
    sources=(
        ref("kb-shipping", "**Standard delivery**"),
        ref("kb-refund-timing", "Credit and debit card: 5-10 business days"),
    ),
    answers=(
        Answer(
            "ambiguous",
            50,
            TEXTS.answer("ambiguous-how-long", "ambiguous"),
        ),
        Answer(
            "ambiguous",
            20,
            TEXTS.answer("ambiguous-how-long", "ambiguous", 1),
        ),
        # Asking which case applies is the right move for a question with several answers.
        Answer(
            "ambiguous",
            30,
            TEXTS.answer("ambiguous-how-long", "ambiguous", 2),
        ),
    ),
)

GENERAL_KNOWLEDGE = Intent(
    key="product-advice",
    bot=BOT,
    group="misc",
    weight=3.6,
    paired=True,
    replayable=False,
    covered=0,
    queries=TEXTS.queries("product-advice"),
    sources=(),
    answers=(
        Answer(
            "nothing_retrieved",
            1,
            TEXTS.answer("product-advice", "nothing_retrieved"),
            retrieval="none_or_low",
            groundedness=0.0,
            coverage=0.0,
        ),
    ),
)

_OFFTOPIC_QUERIES = TEXTS.named("_OFFTOPIC_QUERIES")

OFFTOPIC = Intent(
    key="off-topic",
    bot=BOT,
    group="misc",
    weight=2.4,
    paired=True,
    replayable=False,
    covered=0,
    queries=_OFFTOPIC_QUERIES,
    sources=(),
    answers=(
        Answer(
            "offtopic_clean_decline",
            62,
            TEXTS.answer("off-topic", "offtopic_clean_decline"),
            groundedness=None,
        ),
        Answer(
            "offtopic_bad",
            38,
            TEXTS.answer("off-topic", "offtopic_bad"),
            groundedness=0.0,
        ),
    ),
)

# Conversation furniture: placed by the conversation builder, not drawn by weight.
GREETINGS: tuple[tuple[str, str], ...] = TEXTS.named("GREETINGS")

THANKS: tuple[tuple[str, str], ...] = TEXTS.named("THANKS")

# (trigger, message) for turns the bot starts without a question.
BOT_MESSAGES: tuple[tuple[str, str], ...] = TEXTS.named("BOT_MESSAGES")

# (query, answer, sources) of questions carrying markup; the texts are in the data file.
XSS_PROBES: tuple[tuple[str, str, tuple], ...] = tuple(
    (query, response, refs)
    for (query, response), refs in zip(
        TEXTS.named("XSS_PROBES"),
        (
            (),
            (
                ref("kb-tracking", "As soon as your order ships, we email you a tracking link."),
                ref("kb-tracking", "Open *Orders* and choose the order. The tracking number"),
            ),
        ),
        strict=True,
    )
)

INTENTS: tuple[Intent, ...] = (AMBIGUOUS, GENERAL_KNOWLEDGE, OFFTOPIC)
