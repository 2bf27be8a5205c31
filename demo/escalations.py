"""Escalated conversations and what the human agent then answered (SPEC §2 late records).

Customers whose question the bot could not answer are handed to a person; the agents'
replies reveal the planted gaps (the restocking fee no article states, the warranty
claim procedure before the October rewrite, faster payouts for sellers) and one planted
contradiction: agents say a protection plan can be added up to 90 days after delivery,
where *Warranty* says 60.
"""

from __future__ import annotations

import random

from demo.logs import Turn

# intent: the agents' replies (each escalation takes one), and how often it escalates.
REPLIES: dict[str, tuple[tuple[str, ...], float]] = {
    "restocking-fee": (
        (
            "Thanks for waiting. Opened items carry a 15% restocking fee; unopened items "
            "in their original packaging have none.",
            "Sorry for the confusion! There is a 15% restocking fee on opened items. "
            "Unopened items come back free of charge.",
            "Hi there. We charge a restocking fee of 15% when the item has been opened. "
            "Let me know if there's anything else.",
        ),
        0.5,
    ),
    "return-window-restocking": (
        ("You have 30 days to send it back. Opened items carry a 15% restocking fee.",),
        0.3,
    ),
    "warranty-claim": (
        (
            "To make a warranty claim, open Orders, choose the item and select Report a "
            "fault; we arrange the repair with the manufacturer.",
            "Happy to help! Warranty claims start from Orders: pick the product and choose "
            "Report a fault, and we handle the manufacturer for you.",
        ),
        0.4,
    ),
    "warranty-length": (
        ("A Brightcart Care protection plan can be added up to 90 days after delivery.",),
        0.3,
    ),
    "seller-faster-payout": (
        (
            "Sellers with more than 50 orders a month can switch to daily payouts in "
            "Payout settings.",
            "You can move to daily payouts once you have more than 50 orders a month; the "
            "switch is in Payout settings.",
        ),
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
