"""Escalated conversations and what the human agent then answered (SPEC §2 late records).

Customers whose question the bot could not answer are handed to a person; the agents'
replies reveal the planted gaps (the restocking fee no article states, the warranty
claim procedure before the October rewrite, faster payouts for sellers) and one planted
contradiction: agents say a protection plan can be added up to 90 days after delivery,
where *Warranty* says 60.
"""

from __future__ import annotations

import random

from demo.data import IntentTexts
from demo.logs import Turn

TEXTS = IntentTexts("escalations")

# intent: the agents' replies (each escalation takes one), and how often it escalates.
REPLIES: dict[str, tuple[tuple[str, ...], float]] = {
    "restocking-fee": (
        TEXTS.named("restocking-fee"),
        0.5,
    ),
    "return-window-restocking": (
        TEXTS.named("return-window-restocking"),
        0.3,
    ),
    "warranty-claim": (
        TEXTS.named("warranty-claim"),
        0.4,
    ),
    "warranty-length": (
        TEXTS.named("warranty-length"),
        0.3,
    ),
    "seller-faster-payout": (
        TEXTS.named("seller-faster-payout"),
        0.5,
    ),
}


def escalation_records(turns: list[Turn], *, seed: int) -> list[dict]:
    """Late records ``{"id", "bot", "escalated", "human_reply"}`` in time order."""
    rng = random.Random(seed * 7919 + 11)
    records = []
    for turn in turns:
        planted = REPLIES.get(turn.intent)
        if planted is None:
            continue
        replies, rate = planted
        if rng.random() < rate:
            records.append(
                {
                    "id": turn.id,
                    "bot": turn.bot,
                    "escalated": True,
                    "human_reply": rng.choice(replies),
                }
            )
    return records
