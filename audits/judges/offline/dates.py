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
    reading = _dated_choice(fact, sources, question)
    if reading is None:
        return None
    picked, options, dates, right = reading
    if picked == right:
        return None
    index, text = dates[options.index(picked)][1]
    return Problem("contradicts_source", text, index)


def dated_choice_sources(fact: Fact, sources: Sequence[PreparedSource], question: str) -> list[int]:
    """The sources whose dates bear out the fact's pick when it says no more than the
    pick in the question's words ("Jaws was released first." beside "Jaws is a 1975
    film" and "Star Wars is a 1977 film"): the dates are what say it, though neither
    sentence has the word "released"."""
    reading = _dated_choice(fact, sources, question)
    if reading is None:
        return [0] * len(sources)
    picked, options, dates, right = reading
    if picked != right:
        return [0] * len(sources)
    dated = [sentence for _year, (_index, sentence) in dates]
    said = frozenset(content_stems(question)).union(*(content_stems(text) for text in dated))
    if set(content_stems(fact.text)) - said - set(_year_words(dated)):
        return [0] * len(sources)
    return [int(any(index == found[1][0] for found in dates)) for index in range(len(sources))]


def _year_words(texts: Sequence[str]) -> set[str]:
    return {year for text in texts for year in _YEAR_RE.findall(text)}


def _dated_choice(fact: Fact, sources: Sequence[PreparedSource], question: str):
    """The option the fact picks, the options, their dates and the option the dates
    make the one asked for; None when the question offers no dated choice."""
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
    if None in dates and event is None:
        # "Which university is older?": whatever the sentence about each dates.
        dates = [
            found or _date(option, None, sources)
            for option, found in zip(options, dates, strict=True)
        ]
    # "Which film was released first?" over "Jaws is a 1975 film": with no date for the
    # event itself, a year the sentence about each one gives alone dates it, unless the
    # question asks of births (a person's sentence dates much else).
    if None in dates and not _BORN_RE.search(question):
        dates = [
            found or _sole_year(option, options, sources)
            for option, found in zip(options, dates, strict=True)
        ]
    if None in dates or dates[0][0] == dates[1][0]:
        return None
    wanted = min if earlier else max
    right = options[dates.index(wanted(dates, key=lambda found: found[0]))]
    return picked, options, dates, right


# A sentence's word ordering two things in time: "born before", "founded after".
# "Yale is older" says the same as "older than the other".
_BEFORE_RE = re.compile(r"\b(?:before|earlier|prior to|older|first)\b", re.IGNORECASE)
_AFTER_RE = re.compile(r"\b(?:after|later|younger|newer)\b", re.IGNORECASE)


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


def _date(option: tuple[str, ...], cue: str | None, sources: Sequence[PreparedSource]):
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


def _event_year(text: str, cue: str | None) -> int | None:
    """The first year after the event word (any event's, without ``cue``), before the
    next event word: "founded by
    Steve Jobs, Steve Wozniak and Ronald Wayne on April 1, 1976" dates the founding
    however many founders it lists first."""
    events = list(_EVENT_RE.finditer(text))
    for position, match in enumerate(events):
        if cue is not None and stem(match.group(1).lower()) != cue:
            continue
        end = events[position + 1].start() if position + 1 < len(events) else len(text)
        year = _YEAR_RE.search(text, match.end(), max(end, match.end() + EVENT_REACH))
        if year is not None:
            return int(year.group())
    return None


_BORN_RE = re.compile(r"\b(?:born|older|oldest|younger|youngest)\b", re.IGNORECASE)


def _sole_year(
    option: tuple[str, ...], options: Sequence[tuple[str, ...]], sources: Sequence[PreparedSource]
):
    """The one year the passage's sentences naming the option, and no other option,
    give ("Jaws is a 1975 thriller film", "The 1964 Summer Olympics were held in
    Tokyo"); a sentence with years of more than one kind dates nothing this way,
    save by its first ("served from 1945 to 1951")."""
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not written(option, sentence.text) or any(
                written(other, sentence.text) for other in options if other != option
            ):
                continue
            year = _YEAR_RE.search(sentence.text)
            if year is None:
                continue
            if found is not None:
                return None
            found = int(year.group()), (index, sentence.text)
    return found


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


# "in the 1990s", "during the early 1980s": a decade, not a year. A round hundred ("the
# 1900s") may be a century, so it is not read.
_DECADE_RE = re.compile(
    r"\bthe\s+(?:(?:early|mid|late)[\s-]+)?(?P<decade>1[0-9][1-9]0|20[0-9]0)s\b"
)


def decade_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact dates an event to a decade the passage's year for that event lies
    outside: "a podcast which was started in the 1990s" of "Started in 2005, the
    podcast ...". The year is read after the same event word ("started", "founded") in
    a sentence sharing a word of the fact's other than the event's; any such year
    inside the decade bears the fact out."""
    match = _DECADE_RE.search(fact.text)
    if match is None:
        return None
    events = [event for event in _EVENT_RE.finditer(fact.text) if event.end() <= match.start()]
    if not events or match.start() - events[-1].end() > EVENT_REACH:
        return None
    cue = stem(events[-1].group(1).lower())
    decade = int(match.group("decade"))
    words = fact.stems - {cue}
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if cue not in sentence.stems:
                continue
            before = (
                source.sentences[sentence.position - 1].stems if sentence.position else frozenset()
            )
            if not words & (sentence.stems | before):
                continue  # "Started in 2005, it ...": the subject may be the sentence before's
            year = _event_year(sentence.text, cue)
            if year is None:
                continue
            if decade <= year <= decade + 9:
                return None
            if found is None:
                found = Problem("contradicts_source", sentence.text, index)
    return found
