"""Which of two things a passage dates first: the older, the one founded first.

Asked "Who was born first, Ann Reed or Tom Hale?" or "Which magazine was started first,
X or Y?", a short answer picks one of the two; the passage dates each ("Ann Reed (born
4 May 1950)", "X (1844–1846)", "founded in 1998"), and the dates settle which one the
question asks for. An answer picking the other contradicts the passage, as does one
saying the other came first ("Tom Hale was born before Ann Reed").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems, stem

from .answers import options_offered, written
from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

# What the question asks for: the earlier of the two, or the later.
_EARLIER_RE = re.compile(r"\b(?:older|oldest|first|earlier|earliest|sooner)\b", re.IGNORECASE)
_LATER_RE = re.compile(
    r"\b(?:younger|youngest|later|latest|newer|newest|more recent(?:ly)?|most recent)\b",
    re.IGNORECASE,
)
# The event a date is read from: the question's own verb, else a birth for people.
_EVENT_RE = re.compile(
    r"\b(born|founded|established|started|formed|created|released|published|opened|built"
    r"|launched|introduced|began|debuted|premiered)\b",
    re.IGNORECASE,
)
_YEAR_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")
# How far after its event word a year is read as that event's.
EVENT_REACH = 60


def dated_choice_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A short answer picking, of the two things the question offers, the one the
    passage's dates say is not the earlier (or the later) one it asks for; or a sentence
    saying one came before the other ("Cornel West was born before Elytis") where the
    dates say otherwise."""
    if fact.negated:
        return None
    earlier, later = _EARLIER_RE.search(question), _LATER_RE.search(question)
    if bool(earlier) == bool(later):
        return None
    # A one-letter piece ("H." of "H. Bruce Humberstone") names nothing on its own.
    options = [option for option in options_offered(question) if max(map(len, option)) > 2]
    if len(options) != 2:
        return None
    picked = _picked(fact, options, earlier=bool(earlier))
    if picked is None:
        return None
    event = _EVENT_RE.search(question)
    cue = stem((event.group(1) if event else "born").lower())
    dates = [_date(option, cue, sources) for option in options]
    if None in dates or dates[0][0] == dates[1][0]:
        return None
    wanted = min if earlier else max
    right = options[dates.index(wanted(dates, key=lambda found: found[0]))]
    if picked == right:
        return None
    index, text = dates[options.index(picked)][1]
    return Problem("contradicts_source", text, index)


# A sentence's word ordering two things in time: "born before", "founded after".
_BEFORE_RE = re.compile(r"\b(?:before|earlier than|prior to|older than|first)\b", re.IGNORECASE)
_AFTER_RE = re.compile(r"\b(?:after|later than|younger than|newer than)\b", re.IGNORECASE)


def _picked(
    fact: Fact, options: Sequence[tuple[str, ...]], *, earlier: bool
) -> tuple[str, ...] | None:
    """The option the fact gives as the one asked for: the one a short answer names, or
    the one a sentence says came first ("Cornel West was born before Elytis" picks
    Cornel West for "who was born first?" and Elytis for "who was born later?")."""
    named = [option for option in options if written(option, fact.text)]
    if fact.bare:
        return named[0] if len(named) == 1 else None
    before, after = _BEFORE_RE.search(fact.text), _AFTER_RE.search(fact.text)
    if bool(before) == bool(after):
        return None
    word = before or after
    leading = [option for option in named if written(option, fact.text[: word.start()])]
    if len(leading) != 1:
        return None
    other = next(option for option in options if option != leading[0])
    first, second = (leading[0], other) if before else (other, leading[0])
    return first if earlier else second


def _date(option: tuple[str, ...], cue: str, sources: Sequence[PreparedSource]):
    """The year the passage gives the option's event, with where it says so."""
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            # The sentence about the option opens with it: "Ann Reed (born 1950) is ...",
            # ... or with its names around others ("Cornel Ronald West").
            opening = _OPENING_RE.match(sentence.text).group()
            if not set(option) <= set(content_stems(opening)):
                continue
            year = _event_year(sentence.text, cue) or _bracket_year(sentence.text)
            if year is not None:
                return year, (index, sentence.text)
    return None


def _event_year(text: str, cue: str) -> int | None:
    for match in _EVENT_RE.finditer(text):
        if stem(match.group(1).lower()) != cue:
            continue
        year = _YEAR_RE.search(text, match.end(), match.end() + EVENT_REACH)
        if year is not None:
            return int(year.group())
    return None


def _bracket_year(text: str) -> int | None:
    """The first year of a bracket right after the name a sentence opens with."""
    bracket = _OPENING_BRACKET_RE.match(text)
    if bracket is None:
        return None
    year = _YEAR_RE.search(bracket.group("inside"))
    return int(year.group()) if year else None


# A sentence's opening: up to its first bracket or verb.
_OPENING_RE = re.compile(r"[^(]*?(?=\(|\b(?:is|was|are|were|has|had)\b|$)")
# A sentence opening with a name and a bracket: "Ann Reed (born 4 May 1950) is ...".
_OPENING_BRACKET_RE = re.compile(
    r"\W*(?:[A-Z][\w'’.-]*\s+(?:(?:of|the|de|von|van)\s+)?)*[A-Z][\w'’.-]*\s*\((?P<inside>[^()]*)\)"
)
