"""Whom a passage gives a title, read from the word it puts before the name.

"The band consists of vocalist Chris Martin, guitarist Jonny Buckland, bassist Guy
Berryman and drummer Will Champion" gives each name its part by a noun written just
before it, as "the American singer Michael Jackson" and "coach Tom Hale" do. Asked
"Who plays bass?" or "Which singer released it?", a bare name answering it must be the
one whose title the question asks for ("bassist" for "bass", "singer" for "singer"):
a name the passage titles otherwise, while it gives the asked title to another, is the
wrong one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kbaudit.text.tokens import content_stems, stem

from .decompose import Fact
from .roles import name_stems
from .sources import PreparedSource
from .values import Problem

# A title: a lower-case noun for a person's part, joined to another by "and"
# ("vocalist and pianist"), then the name, its words capitalised.
_TITLED_RE = re.compile(
    r"\b(?P<titles>(?:[a-z]{3,}(?:ist|er|or|ian)\s+and\s+)?[a-z]{3,}(?:ist|er|or|ian))"
    r"\s+(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})"
)
# The part a title names is the thing played or done: "bassist" plays bass, "singer"
# sings.
_SUFFIX_RE = re.compile(r"(?:ist|ian|er|or)$")
# Nouns ending so that are no one's part.
_NOT_TITLES = frozenset(
    [
        "after",
        "under",
        "over",
        "other",
        "either",
        "neither",
        "whether",
        "number",
        "member",
        "order",
        "water",
        "border",
        "winter",
        "summer",
        "never",
        "ever",
        "however",
        "together",
        "matter",
        "later",
        "letter",
        "paper",
        "power",
    ]
)
MOST_WORDS = 4


def titled_answer_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A bare name answering for a title the passage gives another name only."""
    if fact.negated or not sources or len(fact.text.split()) > MOST_WORDS:
        return None
    names = name_stems(fact.text)
    if not names:
        return None
    asked = frozenset(content_stems(question))
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            titled = _titles(sentence.text)
            if not titled:
                continue
            mine = [titles for name, titles in titled if name & names]
            asked_others = [
                name
                for name, titles in titled
                if not name & names and any(_asks(title, asked) for title in titles)
            ]
            if not asked_others or not mine:
                continue  # an answer the passage titles nowhere may be said in other words
            if any(_asks(title, asked) for titles in mine for title in titles):
                return None
            if names <= source.stems:
                return Problem("contradicts_source", sentence.text, index)
    return None


def _asks(title: str, asked: frozenset[str]) -> bool:
    bare = _SUFFIX_RE.sub("", title)
    return bool({stem(title), stem(bare), bare} & asked)


@lru_cache(maxsize=4096)
def _titles(text: str) -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """Each titled name of ``text``: its stems and the titles before it."""
    found = []
    for match in _TITLED_RE.finditer(text):
        titles = tuple(
            word
            for word in re.split(r"\s+and\s+", match.group("titles"))
            if word not in _NOT_TITLES
        )
        if titles:
            found.append((frozenset(content_stems(match.group("name"))), titles))
    return tuple(found)
