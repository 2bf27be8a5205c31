"""When a person was born and died, read from the brackets after their name.

An encyclopedia sentence dates a life in brackets after the name it opens with: "Jane
Doe (4 May 1901 – 2 June 1980) was ...", "Tom Hale (born 9 June 1962) is ...". The
first year is the birth and the second the death, though the sentence never writes
"born" or "died" beside them. A fact saying she "died in 1901" or was "born in 1948"
(the year the sentence gives for something else she did) takes a year of the passage
for the wrong end of her life.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

# The fact's event: a birth or a death, and the year it gives it.
_BIRTH_RE = re.compile(r"\b(?:born|birth)\b", re.IGNORECASE)
_DEATH_RE = re.compile(r"\b(?:die|died|dies|death|passed away)\b", re.IGNORECASE)
_YEAR_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")
# A name and the bracket after it: "Antonio Lucio Vivaldi (4 March 1678 – 28 July 1741)".
_NAMED_BRACKET_RE = re.compile(
    r"(?P<name>(?:[A-Z][\w'’.-]*\s+(?:(?:of|de|di|da|du|von|van|der|del|della)['’]?\s+)?)*"
    r"[A-Z][\w'’.-]*)"
    r"(?:\s+\"[^\"]*\"\s+[A-Z][\w'’.-]*)?\s*\((?P<inside>[^()]*)\)"
)
_SPAN_RE = re.compile(r"\b(?P<first>\d{4})\s*(?:[–—-]|to)\s*(?:[^()–—-]*?\b)?(?P<second>\d{4})\b")
_BORN_INSIDE_RE = re.compile(r"^\s*(?:born|b\.)\b[^()]*?\b(?P<year>\d{4})\b", re.IGNORECASE)
_NAME_RE = re.compile(r"\b[A-Z][\w'’-]*")
_BARE_YEAR_RE = re.compile(r"\W*(?:in\s+)?(?P<year>1[0-9]{3}|20[0-9]{2})\W*")
_QUESTION_WORDS = frozenset(content_stems("In What Which When Who The year"))


def life_span_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str = ""
) -> Problem | None:
    """The fact gives a person's birth or death a year their bracket gives the other
    end of their life, or that it does not give at all. A bare year ("1678") answers
    the question's event ("In what year did Vivaldi die?") of the person it names."""
    if fact.negated:
        return None
    bare_year = _BARE_YEAR_RE.fullmatch(fact.text)
    said = question if bare_year else fact.text
    birth, death = _BIRTH_RE.search(said), _DEATH_RE.search(said)
    if bool(birth) == bool(death):
        return None
    event = birth or death
    year = bare_year or _YEAR_RE.search(fact.text, event.end())
    if year is None:
        return None
    named = {stem for match in _NAME_RE.finditer(said) for stem in content_stems(match.group())}
    if bare_year:
        named -= _QUESTION_WORDS
    spans = _spans(sources)
    about = [span for span in spans if named & span[0]]
    if not about and not named and len(spans) == 1:
        # "He was born in 1980" of the one life the passage dates.
        about = spans
    for _name, born, died, index, text in about:
        given = born if birth else died
        if given is not None and given != int(year.group("year") if bare_year else year.group()):
            return Problem("contradicts_source", text, index)
    return None


def _spans(sources: Sequence[PreparedSource]):
    """Each bracket dating a life: the name's stems, the birth and death years (None
    when it gives only one), and the sentence with its source."""
    found = []
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for match in _NAMED_BRACKET_RE.finditer(sentence.text):
                inside = match.group("inside")
                span = _SPAN_RE.search(inside)
                if span is not None and span.start() < 20:
                    born, died = int(span.group("first")), int(span.group("second"))
                elif (only := _BORN_INSIDE_RE.match(inside)) is not None:
                    born, died = int(only.group("year")), None
                else:
                    continue
                name = frozenset(content_stems(match.group("name")))
                found.append((name, born, died, index, sentence.text))
    return found
