"""Conversations: a greeting or a bot message, one to three questions, maybe a thank-you."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from demo import intents_misc, intents_seller
from demo.articles import SELLER_BOT, STORE_BOT
from demo.kb import KnowledgeBase
from demo.logs import (
    ALL_INTENTS,
    INTENT_BY_KEY,
    Slots,
    Turn,
    answer_turn,
    answers_for,
    choose_answer,
    era_of,
    feedback_draw,
)
from demo.scenarios import Answer, Intent, Ref
from demo.traffic import season, start_time

SELLER_SHARE = 0.15
STORE_LOCALES = (
    ("en-GB", 28),
    ("en-US", 30),
    ("en-IE", 8),
    ("nl-NL", 14),
    ("de-DE", 12),
    ("fr-FR", 8),
)
SELLER_LOCALES = (("en-GB", 40), ("nl-NL", 25), ("de-DE", 20), ("en-US", 15))
# Probability of each part of a conversation besides its first question.
BOT_OPENS = 0.06
GREETING = 0.10
SECOND_QUESTION = 0.24
THIRD_QUESTION = 0.2  # given a second one
THANKS = 0.14


@dataclass
class Conversation:
    bot: str
    turns: list[Turn]
    seq: int

    @property
    def started(self) -> datetime:
        return self.turns[0].timestamp


class IntentPool:
    """Weighted intents of one bot, reweighted for the season of the day."""

    def __init__(self, bot: str) -> None:
        self.intents = [intent for intent in ALL_INTENTS if intent.bot == bot]
        self._weights: dict[str, list[float]] = {}

    def draw(self, rng: random.Random, day: date, group: str | None = None) -> Intent:
        name = season(day)
        if name not in self._weights:
            self._weights[name] = [intent.weight * intent.boost(name) for intent in self.intents]
        weights = self._weights[name]
        if group is not None:
            weights = [
                w if i.group == group else 0.0 for w, i in zip(weights, self.intents, strict=True)
            ]
        return rng.choices(self.intents, weights=weights)[0]


def plan(rng: random.Random, room: int) -> list[str]:
    """The shape of a conversation, cut to at most ``room`` turns (questions kept first)."""
    shape = []
    if rng.random() < BOT_OPENS:
        shape.append("bot")
    elif rng.random() < GREETING:
        shape.append("greeting")
    shape.append("question")
    if rng.random() < SECOND_QUESTION:
        shape.append("question")
        if rng.random() < THIRD_QUESTION:
            shape.append("question")
    if rng.random() < THANKS:
        shape.append("thanks")
    shape = shape[:4]
    while len(shape) > room:
        droppable = [kind for kind in ("greeting", "thanks", "bot") if kind in shape]
        shape.remove(droppable[0] if droppable else "question")
    return shape


def conversation_build(
    rng: random.Random,
    kb: KnowledgeBase,
    pools: dict[str, IntentPool],
    *,
    day: date,
    room: int,
    seq: int,
    probe: int | None = None,
) -> Conversation:
    """One conversation on ``day`` of at most ``room`` turns.

    Follow-up questions stay on the same topic half of the time; a question whose intent
    names a ``follow_up`` is always followed by that intent's question (room permitting);
    ``probe`` replaces the first question with one of the markup probes.
    """
    bot = SELLER_BOT if rng.random() < SELLER_SHARE else STORE_BOT
    if probe is not None:
        bot = STORE_BOT
    metadata = conversation_metadata(rng, bot)
    moment = start_time(rng=rng, day=day)
    turns: list[Turn] = []
    last_group: str | None = None
    shape = plan(rng, room)
    follow_up: str | None = None
    for position, kind in enumerate(shape):
        if kind == "question" and probe is not None:
            turn = probe_turn(rng, kb, probe, moment)
            probe = None
        elif kind == "question" and follow_up is not None:
            turn = question_turn(rng, kb, INTENT_BY_KEY[follow_up], moment)
            follow_up = None
        elif kind == "question":
            group = last_group if last_group and rng.random() < 0.5 else None
            intent = pools[bot].draw(rng, day, group)
            last_group = intent.group
            turn = question_turn(rng, kb, intent, moment)
            follow_up = intent.follow_up
            if follow_up is not None and shape[position + 1 : position + 2] != ["question"]:
                if len(shape) < room:
                    # Inserting after the current position is safe for this iteration.
                    shape.insert(position + 1, "question")
                else:
                    follow_up = None
        else:
            turn = furniture_turn(rng, bot, kind, moment)
        turn.metadata = {**metadata, **turn.metadata}
        turns.append(turn)
        moment += timedelta(seconds=rng.randint(25, 300))
    return Conversation(bot=bot, turns=turns, seq=seq)


def conversation_metadata(rng: random.Random, bot: str) -> dict:
    if bot == SELLER_BOT:
        locales = SELLER_LOCALES
        channel = "seller-hub"
    else:
        locales = STORE_LOCALES
        channel = "app" if rng.random() < 0.35 else "web"
    locale = rng.choices([name for name, _ in locales], weights=[w for _, w in locales])[0]
    return {"channel": channel, "locale": locale}


def question_turn(rng: random.Random, kb: KnowledgeBase, intent: Intent, at: datetime) -> Turn:
    answer = choose_answer(rng, answers_for(intent, era_of(intent, kb, at)))
    query_index = rng.randrange(len(intent.queries))
    turn = answer_turn(
        rng, kb, intent, answer, at=at, query_index=query_index, slots=Slots.draw(rng)
    )
    turn.feedback = feedback_draw(rng, turn.plant)
    return turn


def furniture_turn(rng: random.Random, bot: str, kind: str, at: datetime) -> Turn:
    """Greetings, thanks and bot-initiated messages: no question, no sources."""
    seller = bot == SELLER_BOT
    if kind == "bot":
        messages = intents_seller.BOT_MESSAGES if seller else intents_misc.BOT_MESSAGES
        trigger, message = rng.choice(messages)
        return Turn(at, bot, "", message, [], "bot_initiated", metadata={"trigger": trigger})
    pairs = intents_misc.THANKS if kind == "thanks" else None
    if pairs is None:
        pairs = intents_seller.GREETINGS if seller else intents_misc.GREETINGS
    query, response = rng.choice(pairs)
    turn = Turn(at, bot, query, response, [], "small_talk")
    turn.feedback = feedback_draw(rng, "small_talk")
    return turn


def probe_turn(rng: random.Random, kb: KnowledgeBase, index: int, at: datetime) -> Turn:
    """A question carrying markup, to check the UI escapes untrusted text."""
    query, response, refs = intents_misc.XSS_PROBES[index]
    intent = Intent(
        key="markup-probe",
        bot=STORE_BOT,
        group="misc",
        weight=0,
        queries=(query,),
        sources=tuple(Ref(r.article_id, r.anchor) for r in refs),
        answers=(),
        replayable=False,
    )
    answer = Answer("xss_probe", 1, (response,), groundedness=1.0 if refs else None)
    return answer_turn(rng, kb, intent, answer, at=at, query_index=0, slots=Slots())
