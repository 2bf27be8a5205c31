"""A follow-up turn read with its conversation (SPEC §3, conversation context).

"And for the yearly plan?" asks the previous question again about another thing;
"what about the other one?" names the other of two things the conversation spoke of.
The follow-up is rewritten into the question it stands for, and the earlier
questions' words stay known, so a condition the customer stated two turns ago
("I'm a Gold member") still counts as stated.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.conditions import ITEM_RE as _ITEM_RE
from kbaudit.text.tokens import content_stems, normalise

from ..base import Turn

_FOLLOW_UP_RE = re.compile(
    r"^(?:and|also|plus|or|but)\b|^(?:what|how) about\b|^what if\b|^same (?:for|with)\b"
    r"|^(?:for|with|on|in) (?:the|a|an|my)\b|\bthe other (?:one|ones|plan|option)?\b"
    r"|^(?:and )?(?:that|this|it|they|those) (?:one|ones)?\b",
    re.IGNORECASE,
)
_OTHER_RE = re.compile(r"\bthe other(?: one| ones)?\b", re.IGNORECASE)
_LEAD_RE = re.compile(
    r"^(?:and|also|plus|or|but|what about|how about|what if|same for|same with)\s+(?:for\s+|with\s+)?",
    re.IGNORECASE,
)
# A follow-up this short says too little to stand alone.
_SHORT_FOLLOW_UP = 5


def is_follow_up(query: str) -> bool:
    text = normalise(query)
    return bool(_FOLLOW_UP_RE.search(text)) and len(content_stems(text)) <= _SHORT_FOLLOW_UP


def items(text: str) -> list[str]:
    """Named things in order of mention, each once ("yearly plan", "Gold membership")."""
    found: list[str] = []
    for match in _ITEM_RE.finditer(normalise(text)):
        item = match.group("item").strip()
        if item.lower() not in (known.lower() for known in found):
            found.append(item)
    return found


def resolve_follow_up(query: str, history: Sequence[Turn]) -> str:
    """The question a follow-up stands for, else the query itself."""
    previous = next((turn.query for turn in reversed(history) if turn.query.strip()), "")
    if not previous or not is_follow_up(query):
        return query
    asked = items(previous)
    new = _named_in(query, history, asked)
    if new and asked:
        pattern = re.compile(re.escape(asked[0]), re.IGNORECASE)
        return pattern.sub(new, normalise(previous), count=1)
    if new:
        return f"{normalise(previous).rstrip('?. ')} for the {new}?"
    return f"{normalise(previous).rstrip('?. ')}: {normalise(query)}"


def _named_in(query: str, history: Sequence[Turn], asked: list[str]) -> str:
    if _OTHER_RE.search(query):
        spoken = [item for turn in history for item in items(f"{turn.query} {turn.response}")]
        others = [item for item in spoken if item.lower() not in {a.lower() for a in asked}]
        if others:
            return others[-1]
    named = items(query)
    if named:
        return named[0]
    rest = _LEAD_RE.sub("", normalise(query)).strip(" ?.!")
    rest = re.sub(r"^(?:the|a|an|my)\s+", "", rest, flags=re.IGNORECASE)
    return rest if 0 < len(rest.split()) <= 3 and not _OTHER_RE.search(rest) else ""


def history_stems(history: Sequence[Turn]) -> frozenset[str]:
    """The words of the customer's earlier questions: conditions they stated stay stated."""
    return frozenset(stem for turn in history for stem in content_stems(normalise(turn.query)))
