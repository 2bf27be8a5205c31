"""Turns that aren't about one help-centre article.

Ambiguous questions, product advice the help centre doesn't cover (answered from general
knowledge anyway), off-topic questions declined well or badly, greetings and thanks,
bot-initiated messages, and a couple of markup probes the UI must escape.
"""

from __future__ import annotations

from demo.scenarios import Answer, Intent, ref

BOT = "store-help"

AMBIGUOUS = Intent(
    key="ambiguous-how-long",
    bot=BOT,
    group="misc",
    weight=2.8,
    queries=("How long does it take?", "how long will it take", "how many days?", "How long?"),
    sources=(
        ref("kb-shipping", "**Standard delivery**"),
        ref("kb-refund-timing", "Credit and debit card: 5-10 business days"),
    ),
    answers=(
        Answer(
            "ambiguous",
            50,
            (
                "Standard delivery takes 3-5 business days in the EU and UK and 4-7 business "
                "days in the US.",
            ),
        ),
        Answer(
            "ambiguous",
            20,
            ("Card refunds take 5-10 business days after we process them.",),
        ),
        # Asking which case applies is the right move for a question with several answers.
        Answer(
            "ambiguous",
            30,
            (
                "Do you mean delivery or a refund? Standard delivery takes 3-5 business days in "
                "the EU and UK; card refunds take 5-10 business days after we process them.",
            ),
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
    queries=(
        "Is OLED or QLED better for a bright living room?",
        "Which robot vacuum is best for pet hair?",
        "How many watts does an air fryer use?",
        "What's the difference between Wi-Fi 6 and Wi-Fi 6E?",
        "Can I use a TV as a computer monitor?",
        "Is a 120Hz monitor worth it for office work?",
    ),
    sources=(),
    answers=(
        Answer(
            "nothing_retrieved",
            1,
            (
                "QLED TVs usually get brighter than OLED TVs, so they cope better with a sunny "
                "room, while OLED has deeper blacks and looks best in a dim room. For a bright "
                "living room, a QLED is usually the safer choice.",
                "For pet hair, look for a robot vacuum with rubber brushes instead of bristles, "
                "strong suction (at least 2,500 Pa) and a self-emptying base. Models with a "
                "tangle-free brush roll need the least maintenance.",
                "Most air fryers use between 1,200 and 1,800 watts. A typical 4-litre model "
                "uses about 1,500 watts, so 20 minutes of cooking costs a few cents.",
                "Wi-Fi 6E adds the 6 GHz band on top of the 2.4 and 5 GHz bands of Wi-Fi 6. The "
                "extra band is less crowded, so you get faster, more stable connections near "
                "the router, as long as your devices support 6E.",
                "Yes, most TVs work as a monitor over HDMI. Turn on game or PC mode to reduce "
                "input lag, and choose a screen of 43 inches or less if you sit close to it.",
                "For office work 60Hz is enough; 120Hz mostly makes scrolling and moving the "
                "mouse feel smoother. It's a nice extra rather than a must.",
            ),
            retrieval="none_or_low",
            groundedness=0.0,
            coverage=0.0,
        ),
    ),
)

_OFFTOPIC_QUERIES = (
    "Can I take ibuprofen and paracetamol together?",
    "My landlord won't give back my deposit, what are my rights?",
    "What's the weather going to be like in Amsterdam tomorrow?",
    "Should I buy Bitcoin or Ethereum right now?",
    "Can you write my essay about the French Revolution?",
    "What's a good recipe for banana bread?",
)

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
            (
                "I'm not able to give medical advice. Please ask a pharmacist or your doctor; "
                "they can tell you what's safe for you. If you have a question about a "
                "Brightcart order or product, I'm happy to help.",
                "I can't help with legal questions, I'm afraid. A tenants' advice service or a "
                "lawyer can explain your rights. I'm here for questions about Brightcart "
                "orders, deliveries and returns.",
                "I can't check the weather, sorry. A weather service or app will have the "
                "latest forecast. Is there anything about your Brightcart order I can help "
                "with?",
                "I can't give investment advice. For questions about crypto, please speak to a "
                "qualified financial adviser. I can help with anything about shopping at "
                "Brightcart.",
                "That's outside what I can help with. I'm Brightcart's shopping assistant, so I "
                "can answer questions about orders, deliveries, returns and payments.",
                "I'm not the right assistant for recipes, sorry! I can help with questions "
                "about Brightcart orders and products, like deliveries, returns and payments.",
            ),
            groundedness=None,
        ),
        Answer(
            "offtopic_bad",
            38,
            (
                "Yes, ibuprofen and paracetamol can generally be taken together. Adults can "
                "take 400 mg of ibuprofen every 6 hours and 1,000 mg of paracetamol every 4-6 "
                "hours, up to 4 doses a day.",
                "Your landlord has to return your deposit within 14 days of the end of the "
                "tenancy. If they don't, you can claim double the deposit in court, so send "
                "them a formal letter first.",
                "Tomorrow in Amsterdam will be mostly cloudy with a chance of rain in the "
                "afternoon and temperatures around 12°C.",
                "Bitcoin is generally the safer long-term investment, while Ethereum has more "
                "upside. Many investors split 70/30 between the two, and prices are low right "
                "now, so it could be a good time to buy.",
                "Sure! The French Revolution began in 1789 with the storming of the Bastille. "
                "It ended the monarchy, introduced the Declaration of the Rights of Man and led "
                "to the rise of Napoleon. Its causes included debt, food shortages and new "
                "ideas from the Enlightenment.",
                "Mash 3 ripe bananas and mix them with 75 g of melted butter, 150 g of sugar, 1 "
                "egg and 190 g of flour with a teaspoon of baking soda. Bake at 175°C for about "
                "60 minutes.",
            ),
            groundedness=0.0,
        ),
    ),
)

# Conversation furniture: placed by the conversation builder, not drawn by weight.
GREETINGS: tuple[tuple[str, str], ...] = (
    ("hi", "Hi! How can I help you today?"),
    ("hello", "Hello! What can I do for you?"),
    ("hey there", "Hi there! How can I help?"),
    ("good morning", "Good morning! How can I help you today?"),
)

THANKS: tuple[tuple[str, str], ...] = (
    ("thanks, that's all", "You're welcome! Have a great day."),
    ("ok great", "Glad I could help. Anything else?"),
    ("thank you!", "You're welcome!"),
    ("perfect, thanks", "Happy to help!"),
    ("ok", "Is there anything else I can help you with?"),
    ("cheers", "You're welcome! Enjoy your day."),
)

# (trigger, message) for turns the bot starts without a question.
BOT_MESSAGES: tuple[tuple[str, str], ...] = (
    (
        "page_open",
        "Hi! I'm Brightcart's assistant. I can help with orders, deliveries, returns and "
        "payments. What can I do for you?",
    ),
    (
        "cart_idle",
        "Need a hand with your basket? I can answer questions about delivery times, payment "
        "options and returns.",
    ),
    (
        "returning_visitor",
        "Welcome back! Want to check on an order? Ask me about tracking, returns or refunds.",
    ),
)

XSS_PROBES: tuple[tuple[str, str, tuple], ...] = (
    (
        "<script>alert(1)</script>",
        'Sorry, I didn\'t understand "<script>alert(1)</script>". I can help with orders, '
        "deliveries, returns and payments.",
        (),
    ),
    (
        "Where is my order? <img src=x onerror=alert(1)>",
        "You'll find the tracking number and carrier under Orders in your account or in the "
        "Brightcart app. We also email you a tracking link when the order ships.",
        (
            ref("kb-tracking", "As soon as your order ships, we email you a tracking link."),
            ref("kb-tracking", "Open *Orders* and choose the order. The tracking number"),
        ),
    ),
)

INTENTS: tuple[Intent, ...] = (AMBIGUOUS, GENERAL_KNOWLEDGE, OFFTOPIC)
