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


# A follow-up that adds a circumstance rather than a thing: "And at the airport?".
_QUALIFIER_RE = re.compile(
    r"^(?:and |but |so |what about |how about )?(?P<qualifier>(?:at|in|on|outside|abroad|during|when"
    r"|if|while|for|with|without|by|before|after)\b.*?)[?.!]*$",
    re.IGNORECASE,
)
# The previous question's own circumstance, which the follow-up's replaces.
_TRAILING_CIRCUMSTANCE_RE = re.compile(
    r"\s+(?:if|when|while|at|in|on|for|during|outside|abroad)\b[^?]*\?*$", re.IGNORECASE
)


def resolve_follow_up(query: str, history: Sequence[Turn]) -> str:
    """The question a follow-up stands for, else the query itself. Earlier follow-ups
    are resolved first, so "And in Thailand?" after "And in the US?" reaches back to
    the question both follow."""
    previous = ""
    for index, turn in enumerate(history):
        if turn.query.strip():
            previous = resolve_follow_up(turn.query, history[:index]) if index else turn.query
    if not previous or not is_follow_up(query):
        return query
    qualifier = _QUALIFIER_RE.match(normalise(query))
    if qualifier and not items(query) and not _OTHER_RE.search(query):
        base = _TRAILING_CIRCUMSTANCE_RE.sub("", normalise(previous).rstrip("?. "))
        return f"{base} {qualifier.group('qualifier')}?"
    asked = items(previous) or _case_names(previous)
    new = _named_in(query, history, asked)
    if new and asked:
        pattern = re.compile(re.escape(asked[0]), re.IGNORECASE)
        replacement = new if items(previous) else _case_names(new)[0] if _case_names(new) else new
        return pattern.sub(replacement, normalise(previous), count=1)
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


_CASE_NAME_RE = re.compile(r"(?<=\w )([A-Z][\w+-]*)")


def _case_names(text: str) -> list[str]:
    """Capitalised names of cases inside a sentence ("Starter" in "the limit on Starter")."""
    return [
        match.group(1) for match in _CASE_NAME_RE.finditer(normalise(text)) if match.group(1) != "I"
    ]


def history_stems(history: Sequence[Turn]) -> frozenset[str]:
    """The words of the customer's earlier questions: conditions they stated stay stated."""
    return frozenset(stem for turn in history for stem in content_stems(normalise(turn.query)))
