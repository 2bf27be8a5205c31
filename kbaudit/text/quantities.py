"""Numbers, amounts, percentages, durations and times of day, compared by value.

A support answer goes wrong most visibly in its numbers ("45 days", "$4.99", "15%"),
so the judge reads them as values rather than words: "two weeks" equals "14 days",
"3-5 business days" is a range, "free" is an amount of zero.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from .tokens import STOPWORDS, first_char_regex, stem, word_list, word_start_regex

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_MULTIPLIERS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "billion": 1e9, "bn": 1e9}
_CURRENCIES = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "dollar": "usd", "usd": "usd"}
_CURRENCIES.update({"eur": "eur", "euro": "eur", "gbp": "gbp", "pound": "gbp", "cent": "cent"})
_CURRENCIES.update({"quid": "gbp", "pence": "pence", "p": "pence"})
# Durations are compared in days; a business day counts as a day because answers
# routinely drop the qualifier and that is not the error worth flagging. Said on both
# sides, the kinds of day must agree: "5 working days" are not "5 calendar days".
_DAYS_PER_UNIT = {"minute": 1 / 1440, "min": 1 / 1440, "hour": 1 / 24, "hr": 1 / 24, "day": 1.0}
_DAYS_PER_UNIT.update({"week": 7.0, "month": 30.0, "year": 365.0, "yr": 365.0})
_ORDINALS = word_list(
    "third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth"
    " fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)

_MONEY_BEFORE_RE = re.compile(
    rf"(?P<cur>[$€£¥])\s?(?P<num>{_NUM})(?:\s?(?P<mult>k|m|bn|thousand|million|billion)\b)?",
    re.IGNORECASE,
)
_MONEY_AFTER_RE = first_char_regex(
    re.compile(
        rf"(?P<num>{_NUM})[\s-]?(?P<mult>thousand|million|billion)?[\s-]?(?:us |american )?"
        r"(?P<cur>dollars?|usd|eur|euros?|gbp|pounds?|quid|pence|p|cents?)\b",
        re.IGNORECASE,
    )
)
_FREE_RE = first_char_regex(
    re.compile(
        # "free to choose" is no price; "added free to a parent's membership" is.
        r"(?<![-\w])(?<!feel )free(?! to\b(?! (?:a|an|the|your|their|his|her|its|our|any|all"
        # "free to book", "free to join": nothing to pay for doing it.
        r"|book|join|use|enter|attend|park|add|download|borrow|change|cancel|collect)\b))"
        r"(?![-\w])(?: of charge)?"
        r"|\bno (?:[a-z-]+ )?(?:charge|cost|fee)s?\b"
        r"|\bnothing (?:more |extra |else )?to pay\b"
        r"|\b(?:don't|do not|doesn't|does not|won't|will not) (?:have|pay|charge) (?:any |an? )?"
        r"(?:[a-z-]+ )?(?:charge|fee|cost)s?\b"
        r"|\bat no (?:extra |additional )?cost\b"
        r"|\b(?:won't|will not|aren't|are not|isn't|is not|not) be(?:ing)? (?:charged|billed)\b"
        r"|\b(?:are|is|aren't|isn't) not (?:charged|billed)\b|\b(?:aren't|isn't) (?:charged|billed)\b"
        r"|\b(?:won't|will not|doesn't|does not|don't|do not) cost (?:you )?(?:anything|a (?:penny|thing|cent))\b"
        r"|\bcosts? (?:you )?nothing\b|\b(?:pays?|paid) nothing\b"
        r"|\b(?:don't|do not|doesn't|does not|won't|will not) (?:have to )?pay (?:anything|a penny)\b"
        # "Motorbikes don't have to pay.", "you won't need to pay for parking": nothing to pay
        # at all, not "don't have to pay upfront".
        r"|\b(?:don't|do not|doesn't|does not|won't|will not|never) (?:have|need) to pay"
        r"(?: (?:anything|a (?:penny|thing|cent)))?(?: for [\w' -]{1,30}?)?(?=\s*(?:[.,;!?]|$))",
        re.IGNORECASE,
    )
)
# "interest-free", "fee-free": free of a charge named before it (not "gluten-free").
_CHARGE_FREE_RE = re.compile(r"\b(interest|fee|charge|commission)-free\b", re.IGNORECASE)
# "E-tickets are free to deliver", "Returns are free to send": a thing that is free to
# have something done to it costs nothing, whatever the verb. A person free to do
# something ("you're free to choose", "members are free to leave") has leave to.
_THING_FREE_TO_RE = re.compile(r"\b(?:is|are|'s)\s+(?P<free>free)\s+to\s+[a-z]+", re.IGNORECASE)
_PERSON_BEFORE_RE = re.compile(
    r"(?:\b(?:i|you|we|they|he|she|members|customers|guests|passengers|students|users|"
    r"people|everyone|anyone)|\b(?:you|we|they)'re|\bi'm|\bhe's|\bshe's)\s*(?:\w+\s+)?$",
    re.IGNORECASE,
)
# Every way _FREE_RE says "free" holds one of these words; searched first, as it is cheap.
_FREE_HINT_RE = re.compile(
    r"free|nothing|charge|cost|fee|billed|to pay|pay (?:anything|a penny)", re.IGNORECASE
)
_DIGIT_RE = re.compile(r"\d")


@dataclass(frozen=True)
class _Hint:
    """A cheap first look for the words every match of an extractor holds. In ASCII
    text it is a few substring tests (of the lower-cased text for what ``pattern`` looks
    for whatever the case, of the text as written for what it looks for in one case);
    beyond ASCII, where a letter may fold otherwise than lowering makes it, ``pattern``."""

    pattern: re.Pattern[str]
    words: tuple[str, ...] = ()
    cased: tuple[str, ...] = ()

    def search(self, text: str, lowered: str | None = None) -> bool:
        if not text.isascii():
            return self.pattern.search(text) is not None
        if lowered is None:
            lowered = text.lower()
        # Plain loops: a generator per call costs more than the tests themselves.
        for word in self.words:
            if word in lowered:
                return True
        return bool(self.cased) and any(word in text for word in self.cased)


_FREE_HINT = _Hint(
    _FREE_HINT_RE,
    words=(
        "free",
        "nothing",
        "charge",
        "cost",
        "fee",
        "billed",
        "to pay",
        "pay anything",
        "pay a penny",
    ),
)
_PERCENT_RE = re.compile(rf"(?P<num>{_NUM})\s?(?:%|percent\b|per cent\b)", re.IGNORECASE)
_DURATION_RE = re.compile(
    rf"(?P<num>{_NUM})(?:\s*(?:-|to|or|and)\s*(?P<num2>{_NUM}))?\s*-?\s*"
    # "5 working days", and a word that says what kind of time it is: "15 funded hours",
    # "5 free days", "20 visitor days" (not "5 a day" or "10 or more days").
    r"(?:(?P<basis>business|working|calendar)\s+|(?!(?:a|an|per|each|every|or|and|to|of|the|in|on|at"
    r"|for|by|more|less|fewer|than|over|under|extra)\b)(?-i:[a-z]+)\s+)?"
    # "5 claim-free years", "3 full months", "10 consecutive days": still a length.
    r"(?:(?:[a-z]+-free|full|whole|complete|consecutive|clear)\s+)?"
    r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\b",
    re.IGNORECASE,
)
_TIME_RE = re.compile(
    r"\b(?P<num>\d{1,2})(?:[:.](?P<min>\d{2}))?\s?(?P<ampm>[ap])\.?m\b\.?", re.IGNORECASE
)
# Times of day as they are said (number words already digits): "9 in the morning",
# "half past 8", "a quarter to 6 in the evening", "1 o'clock", "noon", "midnight".
_SPOKEN_TIME_RE = re.compile(
    r"\b(?:(?:half|(?:a )?quarter) (?:past|to) )?(?P<num>\d{1,2})(?:[:.](?P<min>\d{2}))?"
    r"(?: o'?clock(?: in the (?P<part>morning|afternoon|evening)| at night)?"
    r"| in the (?P<part2>morning|afternoon|evening)| at night)"
    r"|\b(?:half|(?:a )?quarter) (?:past|to) (?P<num2>\d{1,2})\b(?![.,:]?\d|%)"
    r"|\b(?P<noon>noon|midday|midnight)\b",
    re.IGNORECASE,
)
# The clock without "am" or "pm": "06:30", "21:00", "6:30".
_CLOCK_RE = re.compile(
    r"(?<![\d:.,£$€])(?P<hour>[01]?\d|2[0-3]):(?P<min>[0-5]\d)(?![\d:])(?!\s?[ap]\.?m\b)",
    re.IGNORECASE,
)
_PART_OF_DAY_PM = ("afternoon", "evening")
# A bare "1 o'clock" in opening hours is in the afternoon, "9 o'clock" in the morning.
_LAST_BARE_PM_HOUR = 6
_ORDINAL_RE = word_start_regex(
    r"\b(?P<num>\d+)(?:st|nd|rd|th)\b|\b(?P<word>" + "|".join(_ORDINALS) + r")\b",
    r"\defnst",
    re.IGNORECASE,
)
# Units written against their number ("5.6kW", "60mph") as well as after a space.
_GLUED_UNITS = "kwh|kw|mwh|mw|kva|mah|hz|khz|mhz|ghz|mph|kph|bhp|hp|cc"
_PLAIN_RE = first_char_regex(
    re.compile(
        rf"(?<![\w.,])(?P<num>{_NUM})(?:(?![\w])|(?=(?:{_GLUED_UNITS})\b))"
        r"(?:\s+or (?:more|fewer|less|over|under))?(?:[\s-]*(?P<noun>[a-z]+))?",
        re.I,
    )
)
# Ages: "aged 6 to 11", "a 9-year-old", "she is 9 years old".
_AGE_RE = re.compile(
    r"\b(?:aged?|ages)\s+(?:from\s+|between\s+)?(?P<num>\d+)(?:\s*(?:-|to|and)\s*(?P<num2>\d+))?"
    # "If you're between 21 and 24", "drivers between 21 and 24 pay": people's ages, unless
    # a unit follows ("guests staying between 2 and 4 nights").
    r"|\b(?:you'?re|you are|i'?m|i am|they'?re|they are|drivers|guests|passengers|students"
    r"|children|members|customers|people|anyone|those|applicants|patients)(?: who are)? between"
    r" (?P<num7>\d+) and (?P<num8>\d+)\b(?![\s-]*(?:%|(?:days?|weeks?|months?|years?(?![\s-]*old)"
    r"|hours?|minutes?|nights?|kg|cm|km|miles?|items?|pieces?|bags?)\b))"
    # "a 3-year-old", "3 to 4 year olds", "all 3 and 4 year olds".
    r"|\b(?:(?P<num12>\d+)\s*(?:-|to|and)\s*)?(?P<num3>\d+)[-\s]years?[-\s]olds?\b|\b(?P<num4>\d+)[-\s](?:yo|y/o)\b"
    r"|\b(?:son|daughter|child|kid|boy|girl|baby|grandson|granddaughter)(?: is|'s)(?: only| just)? (?P<num5>\d+)\b"
    # "I'm 23", "I am 30, ...": a person's age, unless a unit follows ("I'm 30 minutes late").
    # "I'm 18 and I've got a licence" tells the age too.
    r"|\b(?:i'm|i am|i’m|we're both|we are both)\s+(?P<num6>\d{1,2})\b"
    r"(?!\s*(?:%|-\w|(?!(?:and|but|so|now)\b)[a-z]))"
    # Ages said as comparisons: "older than 3 years", "18 or older", "someone who's at
    # least 16" ("16 or over" with "aged" is read above).
    r"|\b(?:older|younger) than (?P<num9>\d+)[\s-]+years?(?:[\s-]+old)?\b"
    r"|\b(?P<num10>\d+)\s+or\s+(?:older|younger)\b"
    r"|\bwho(?:'s|’s| is| are)\s+(?:at least|over|under)\s+(?P<num11>\d{1,3})\b"
    r"(?![\s-]*(?:%|minutes?|hours?|days?|weeks?|months?|years?(?![\s-]*old)|kg|cm)\b)",
    re.I,
)


@dataclass(frozen=True)
class Quantity:
    """A value found in text. ``soft`` values (an implied zero from "free") are never
    required to appear in a source, only compared with what a source states."""

    kind: str  # amount, percent, duration, time, ordinal, number
    low: float
    high: float
    unit: str = ""
    start: int = 0
    end: int = 0
    text: str = ""
    soft: bool = False
    # What a duration counts ("working" days, "calendar" days), when the text says.
    basis: str = ""

    def own_copy(self) -> Quantity:
        """An equal value that is another object, as ``dataclasses.replace`` gives, without
        running the frozen class's checked ``__init__``: sentences are read by the
        thousand, and each reading hands out values of its own."""
        copied = object.__new__(Quantity)
        copied.__dict__.update(self.__dict__)
        return copied

    def same_value(self, other: Quantity) -> bool:
        """True when this value lies within the other's (a point inside a range counts)."""
        mine = self
        if mine.kind == "age" and (other.kind, other.unit) == ("duration", "day"):
            # "a 2-year-old" is the "2 years" row of an age table.
            mine = in_days(mine)
        # The commonest case first, without calls: the judge compares values by the
        # hundred thousand.
        if mine.kind == other.kind:
            if (
                mine.unit != other.unit
                and mine.unit
                and other.unit
                and (
                    mine.kind == "amount"
                    or mine.unit in MEASURES
                    and other.unit in MEASURES
                    # "163 metres" is not "163 floors"; a bare "m" may be metres.
                    or (mine.unit in MEASURES) != (other.unit in MEASURES)
                    and _BARE_M not in (mine.unit, other.unit)
                )
            ):
                return False
            if mine.basis != other.basis and mine.basis and other.basis:
                return False
            if (
                mine.kind == "number"
                and bool(mine.unit) != bool(other.unit)
                and (mine.unit or other.unit) in MEASURES
            ):
                # A bare "23" may echo the "23 kg" a source states, and the reverse.
                return said_number(mine) == said_number(other)
        elif not _kinds_compatible(mine, other):
            return False
        low, high = other.low, other.high
        if mine.kind == "time" == other.kind and _ends_day(mine) and _ends_day(other):
            return True
        if mine.kind == "time" and EITHER_HALF in (mine.unit, other.unit):
            return any(
                low - _EPS(low) <= value <= high + _EPS(high)
                for value in (mine.low % 12, mine.low % 12 + 12)
            ) or (other.unit == EITHER_HALF and (low % 12) == (mine.low % 12))
        return low - _EPS(low) <= mine.low and mine.high <= high + _EPS(high)

    def comparable(self, other: Quantity) -> bool:
        """Same kind and unit, so a different value means a different claim."""
        if self.kind != other.kind:
            return False
        if self.kind == "ordinal":
            # "The first edition" and "the second week" are places in two series.
            return not (self.unit and other.unit) or self.unit == other.unit
        # Bare numbers ("1984", "5") are comparable only when they count the same thing.
        return self.kind != "number" or bool(self.unit) and self.unit == other.unit


# What a value is counted by: "£7.50 per MB", "£2 a minute", "£6 each day", "£5 for
# each month left".
_RATE_RE = re.compile(r"\s*(?:per|a|an|(?:for\s+)?(?:each|every))\s+([a-z]+)", re.IGNORECASE)


def rate_unit(text: str, quantity: Quantity) -> str:
    """The stem of what ``quantity`` (found in ``text``) is counted by, or "": two prices
    counted by different units ("£7.50 per MB", "£2 a minute") price two things."""
    found = _RATE_RE.match(text[quantity.end :]) if text else None
    return stem(found.group(1).lower()) if found else ""


# The last minute of a day: "by 11:59pm", "before 23:59".
_LAST_MINUTE = 23 + 59 / 60


def _ends_day(time: Quantity) -> bool:
    """A deadline at midnight and one at 11:59pm are one time, the end of the day
    ("until midnight on Wednesday", "by 11:59pm on Wednesday"): the clock says the day
    is over either way."""
    return time.low == time.high and (time.low == 0.0 or time.low >= _LAST_MINUTE - 1e-6)


def _EPS(value: float) -> float:  # noqa: N802 - reads as a constant at call sites
    return 1e-6 * value if value > 1.0 else -1e-6 * value if value < -1.0 else 1e-6


def in_days(age: Quantity) -> Quantity:
    """An age ("a 2-year-old") as the duration it is ("2 years")."""
    return replace(age, kind="duration", unit="day", low=age.low * 365, high=age.high * 365)


def _kinds_compatible(fact: Quantity, source: Quantity) -> bool:
    # Plain comparisons of the kinds, without building sets: called by the hundred thousand.
    if fact.kind == source.kind:
        return fact.kind != "amount" or not fact.unit or not source.unit or fact.unit == source.unit
    if fact.kind == "ordinal":
        return source.kind == "number"  # "June 7th" and "June 7"
    if fact.kind == "age":
        return source.kind == "number" and not source.unit  # "18 or older" of "at least 18"
    # A bare number in an answer ("30") may echo any stated value of the source, a
    # place in a series ("June 7" of "June 7th"), or a stated age: "someone who's 18"
    # for "aged 18 or over".
    return fact.kind == "number" and source.kind in _ECHOED_KINDS


_ECHOED_KINDS = frozenset(("ordinal", "duration", "amount", "percent", "age"))


def parse_number(raw: str) -> float:
    return float(raw.replace(",", ""))


_MAY_HOLD_VALUE_RE = re.compile(
    r"\d|free|\bno\b|nothing (?:\w+ )?to pay|(?:n't|not) (?:have|pay|charge) (?:any|an?) "
    r"|(?:n't|not|never) (?:have|need) to pay|\bpa(?:y|ys|id) nothing\b"
    r"|(?:n't|not) (?:have to )?pay (?:anything|a penny)"
    r"|(?:n't|not) (?:be(?:ing)? )?(?:charged|billed)|\bcosts? (?:you )?(?:anything|nothing)"
    r"|(?:n't|not) cost (?:you )?a (?:penny|thing|cent)"
    r"|\b(?:noon|midday|midnight)\b|\b(?:full|whole|entire|complete) (?:minute|hour|day|week|month|year)\b"
    r"|\b(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually)\b"
    # "your first month", "the second week": a place in a series (_first_second).
    r"|\b(?:first|second)\b",
    re.IGNORECASE,
)

# Every way _MAY_HOLD_VALUE_RE says a value without a digit holds one of these words
# ("no" is in "not", "nothing" and "noon"): a cheap first look before its search.
_MAY_HOLD_VALUE_HINT = _Hint(
    _MAY_HOLD_VALUE_RE,
    words=(
        *("free", "no", "n't", "never", "cost", "midday", "midnight"),
        *("full", "whole", "entire", "complete", "first", "second"),
        *("daily", "weekly", "fortnightly", "monthly", "quarterly", "yearly", "annually"),
    ),
)


_EVERY_HOUR_RE = re.compile(r"\b24/7\b|\b24 hours a day(?:,? 7 days a week)?\b", re.I)


def extract_quantities(text: str) -> list[Quantity]:
    """All values in ``text``, in order.

    ``text`` must already have its number words as digits (see
    :func:`digits_for_number_words`), so offsets match the text the caller keeps.
    Each call gives values of its own (equal, not the same objects), as checks tell a
    value apart from others by identity.
    """
    return [quantity.own_copy() for quantity in _quantities_in(text)]


@lru_cache(maxsize=16384)
def _quantities_in(text: str) -> tuple[Quantity, ...]:
    """The values :func:`extract_quantities` finds, kept: the same sentence is read by
    several checks."""
    return tuple(_extract(text))


def _extract(text: str) -> list[Quantity]:
    # A digit is one way of holding a value, and says which extractors to run.
    digit = _DIGIT_RE.search(text) is not None
    lowered = text.lower()
    if not digit and not (
        _MAY_HOLD_VALUE_HINT.search(text, lowered) and _MAY_HOLD_VALUE_RE.search(text)
    ):
        return []  # most sentences state no value; skip the extractors
    found: list[Quantity] = []
    # "24/7", "24 hours a day, 7 days a week": at every hour, not a length of time.
    taken: list[tuple[int, int]] = (
        [(match.start(), match.end()) for match in _EVERY_HOUR_RE.finditer(text)]
        if "24" in text
        else []
    )
    # Without a digit only words can state a value ("free", "the third"): the other
    # extractors would search in vain.
    extractors = _EXTRACTORS if digit else _WORD_EXTRACTORS
    for extractor, hint in extractors:
        if hint is not None and not hint.search(text, lowered):
            continue
        for quantity in extractor(text):
            first, last = quantity.start, quantity.end
            for start, end in taken:
                if first < end and start < last:
                    break  # overlaps a value an earlier extractor took
            else:
                found.append(quantity)
                taken.append((first, last))
    found.sort(key=lambda quantity: quantity.start)
    if len(found) < 2:
        return found
    return _elided_units(text, _partitives(text, _morning_starts(text, found)))


# "40 minutes, with 20 of those spent driving", "£60, 15 of which": a bare number
# counting part of the value before it, in that value's measure.
_PARTITIVE_RE = re.compile(r"\s+of\s+(?:those|them|these|which)\b", re.IGNORECASE)
# "£70 for the 2 of them", "all 3 of them": the count of a whole group, not a part.
_GROUP_BEFORE_RE = re.compile(r"\b(?:the|all)\s+$", re.IGNORECASE)
_NUM_RE = re.compile(_NUM)


def _partitives(text: str, found: list[Quantity]) -> list[Quantity]:
    read = list(found)
    for index in range(1, len(read)):
        own, whole = read[index], read[index - 1]
        if own.kind != "number" or own.unit or not _PARTITIVE_RE.match(text, own.end):
            continue
        if _GROUP_BEFORE_RE.search(text, max(0, own.start - 6), own.start):
            continue
        if whole.kind == "number" or whole.soft or whole.low != whole.high:
            continue
        counted = _NUM_RE.search(whole.text)
        number = float(counted.group().replace(",", "")) if counted else 0.0
        if not number:
            continue
        scale = whole.low / number
        read[index] = replace(
            own, kind=whole.kind, unit=whole.unit, low=own.low * scale, high=own.high * scale
        )
    return read


# "Hardcover books take 7 working days; softcover books take 4": a bare number that
# closes a clause after the same verb as a measured value in the clause before counts
# in that value's measure (the unit is left out, not changed). A copula ("the fee is
# £30 and the maximum group is 12") is too common to say the clauses run in parallel.
_ELIDED_VERB = r"(?:takes?|took|costs?|gets?|pays?|needs?|lasts?|has|have|allows?|charges?)"
_ELIDED_BEFORE_RE = re.compile(rf"\b(?P<verb>{_ELIDED_VERB})\s+$", re.IGNORECASE)
_VERB_BEFORE_RE = re.compile(rf"\b(?P<verb>{_ELIDED_VERB})\s+(?:only\s+|just\s+|about\s+)?$", re.I)
_ELIDED_AFTER_RE = re.compile(r"\s*(?:[.;!?)]|,\s|$)")
_CLAUSE_BREAK_RE = re.compile(r"[;,]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)
_ELIDED_KINDS = frozenset(("duration", "amount", "percent"))


def _elided_units(text: str, found: list[Quantity]) -> list[Quantity]:
    read = list(found)
    for index in range(1, len(read)):
        own, whole = read[index], read[index - 1]
        if own.kind != "number" or own.unit or whole.kind not in _ELIDED_KINDS:
            continue
        if whole.soft or whole.low != whole.high:
            continue
        between = text[whole.end : own.start]
        if (
            _DIGIT_RE.search(between)
            or not _CLAUSE_BREAK_RE.search(between)
            or not _ELIDED_AFTER_RE.match(text, own.end)
        ):
            continue
        later = _ELIDED_BEFORE_RE.search(between)
        # The measured value's own verb, in the words just before it.
        earlier = _VERB_BEFORE_RE.search(text, max(0, whole.start - 40), whole.start)
        if not later or not earlier or stem(later["verb"]) != stem(earlier["verb"]):
            continue
        number = said_number(whole)
        if not number:
            continue
        scale = whole.low / number
        read[index] = replace(
            own,
            kind=whole.kind,
            unit=whole.unit,
            low=own.low * scale,
            high=own.high * scale,
            basis=whole.basis,
        )
    return read


# Between two times of a range: "06:30 to 09:30", "between half past 6 and half past 9".
_RANGE_JOIN_RE = re.compile(r"\s*(?:-|–|to|and|until|till)\s*", re.IGNORECASE)
# A time said with its half of the day ("6pm", "in the evening"), not guessed from it.
_HALF_OF_DAY_RE = re.compile(
    r"[ap]\.?m\b|morning|afternoon|evening|night|noon|midday|midnight", re.IGNORECASE
)


def _morning_starts(text: str, found: list[Quantity]) -> list[Quantity]:
    """A range whose start, read as an afternoon hour for want of "am" or "pm", would
    fall after its end starts in the morning: "between half past 6 and half past 9" is
    6:30 to 9:30, as "6 to 9pm" would not be."""
    for index in range(len(found) - 1):
        start, end = found[index], found[index + 1]
        if (
            start.kind == end.kind == "time"
            and start.low >= 12
            and start.low - 12 < end.low < start.low
            and not _HALF_OF_DAY_RE.search(start.text)
            and _RANGE_JOIN_RE.fullmatch(text[start.end : end.start])
        ):
            found[index] = replace(start, low=start.low - 12, high=start.high - 12)
    return found


def _money(text: str) -> Iterable[Quantity]:
    patterns = (_MONEY_BEFORE_RE, _MONEY_AFTER_RE) if _DIGIT_RE.search(text) else ()
    for pattern in patterns:
        for match in pattern.finditer(text):
            currency = match.group("cur").lower().rstrip("s")
            value = parse_number(match.group("num"))
            value *= _MULTIPLIERS.get((match.group("mult") or "").lower(), 1.0)
            unit = _CURRENCIES.get(currency, currency)
            if unit == "cent":
                value, unit = value / 100, "usd"
            elif unit == "pence":
                value, unit = value / 100, "gbp"
            yield Quantity("amount", value, value, unit, match.start(), match.end(), match.group())
    if not _FREE_HINT.search(text):
        return
    taken = []
    for match in _FREE_RE.finditer(text):
        taken.append(match.start())
        yield Quantity("amount", 0.0, 0.0, "", match.start(), match.end(), match.group(), True)
    for match in _CHARGE_FREE_RE.finditer(text):
        # "interest-free" is a rate of nothing, "fee-free" a price of nothing.
        kind = "percent" if match.group(1).lower() == "interest" else "amount"
        yield Quantity(kind, 0.0, 0.0, "", match.start(), match.end(), match.group(), True)
    for match in _THING_FREE_TO_RE.finditer(text):
        if match.start("free") not in taken and not _PERSON_BEFORE_RE.search(
            text[max(0, match.start() - 30) : match.start()]
        ):
            yield Quantity(
                "amount", 0.0, 0.0, "", match.start("free"), match.end("free"), "free", True
            )


def free_said_plainly(text: str) -> str:
    """``text`` with each way of saying something costs nothing ("no fee", "won't be
    charged") written "free", so that its zero price is not read as a denial."""
    if not _FREE_HINT.search(text):
        return text
    return _FREE_RE.sub("free", text)


def _percent(text: str) -> Iterable[Quantity]:
    for match in _PERCENT_RE.finditer(text):
        value = parse_number(match.group("num"))
        yield Quantity("percent", value, value, "", match.start(), match.end(), match.group())


# One whole unit said in words: "a full year", "one whole month", "an entire week".
_WHOLE_UNIT_RE = re.compile(
    r"\b(?:a|an|one|1) (?:full|whole|entire|complete) (?P<unit>minute|hour|day|week|month|year)\b",
    re.IGNORECASE,
)


def _duration(text: str) -> Iterable[Quantity]:
    for match in _WHOLE_UNIT_RE.finditer(text):
        scale = _DAYS_PER_UNIT[match.group("unit").lower()]
        yield Quantity("duration", scale, scale, "day", match.start(), match.end(), match.group())
    for match in _DURATION_RE.finditer(text):
        unit = match.group("unit").lower().rstrip("s")
        scale = _DAYS_PER_UNIT[unit]
        if (
            unit == "month"
            and not match.group("num2")
            and parse_number(match.group("num")) % 12 == 0
        ):
            scale = _DAYS_PER_UNIT["year"] / 12  # "12 months" is a year, "24 months" two
        elif unit in ("year", "yr") and not match.group("num2"):
            years = parse_number(match.group("num"))
            if years * 12 % 12:
                scale = 12 * _DAYS_PER_UNIT["month"]  # "1.5 years" is 18 months
        low = parse_number(match.group("num")) * scale
        high = parse_number(match.group("num2")) * scale if match.group("num2") else low
        low, high = min(low, high), max(low, high)
        basis = _BASES.get((match.group("basis") or "").lower(), "")
        yield Quantity(
            "duration", low, high, "day", match.start(), match.end(), match.group(), basis=basis
        )


_BASES = {"business": "working", "working": "working", "calendar": "calendar"}


def _time_of_day(text: str) -> Iterable[Quantity]:
    for match in _TIME_RE.finditer(text):
        hour = int(match.group("num")) % 12 + (12 if match.group("ampm").lower() == "p" else 0)
        value = hour + int(match.group("min") or 0) / 60
        yield Quantity("time", value, value, "", match.start(), match.end(), match.group())
    for match in _CLOCK_RE.finditer(text):
        hour = int(match.group("hour"))
        # "6:30" says no half of the day, "06:30" and "18:30" do.
        half = EITHER_HALF if len(match.group("hour")) == 1 and hour >= 1 else ""
        if len(match.group("hour")) == 1 and 1 <= hour <= _LAST_BARE_PM_HOUR:
            hour += 12  # "closes at 6:30" in opening hours; "06:30" is the morning
        value = hour + int(match.group("min")) / 60
        yield Quantity("time", value, value, half, match.start(), match.end(), match.group())
    for match in _SPOKEN_TIME_RE.finditer(text):
        value = _spoken_time_value(match)
        if value is not None:
            # "half past 6" says no half of the day; "6 in the evening" and "noon" do.
            half = "" if _HALF_OF_DAY_SAID_RE.search(match.group()) else EITHER_HALF
            yield Quantity("time", value, value, half, match.start(), match.end(), match.group())


# "between nine and five", "from 9 till 5": hours of the clock said bare, known for
# times by running from a higher number to a lower one, as no count or length does.
_WRAPPED_HOURS_RE = re.compile(
    r"\b(?:between|from)\s+(?P<start>\d{1,2})\s+(?:and|to|till|until)\s+(?P<end>\d{1,2})\b"
    r"(?!\s*(?:%|[:.]\d|[ap]\.?m\b|o'?clock|in the|[a-z]+s\b|(?:working|calendar|business)\b"
    r"|minute|hour|day|week|month|year|night|kg|cm|mb|gb))",
    re.IGNORECASE,
)


def _wrapped_hours(text: str) -> Iterable[Quantity]:
    for match in _WRAPPED_HOURS_RE.finditer(text):
        start, end = int(match.group("start")), int(match.group("end"))
        if not 1 <= end < start <= 12:
            continue
        yield Quantity(
            "time", start, start, "", match.start("start"), match.end("start"), match["start"]
        )
        yield Quantity(
            "time", end + 12, end + 12, "", match.start("end"), match.end("end"), match["end"]
        )


# The unit of a time of day said without its half of the day ("half past 6"): it is
# the same time as 6:30 and as 18:30.
EITHER_HALF = "either half"
_HALF_OF_DAY_SAID_RE = re.compile(r"morning|afternoon|evening|night|noon|midday|midnight", re.I)


def _spoken_time_value(match: re.Match[str]) -> float | None:
    if match.group("noon"):
        return 0.0 if match.group("noon").lower() == "midnight" else 12.0
    hour = int(match.group("num") or match.group("num2"))
    if hour > 12:
        return None
    said = match.group().lower()
    part = (match.group("part") or match.group("part2") or "").lower()
    afternoon = part in _PART_OF_DAY_PM or "at night" in said
    if not part and "at night" not in said:
        afternoon = 1 <= hour <= _LAST_BARE_PM_HOUR or hour == 12
    value = hour % 12 + (12 if afternoon else 0) + int(match.group("min") or 0) / 60
    if said.startswith(("half", "quarter", "a quarter")):
        offset = 0.5 if said.startswith("half") else 0.25
        value += -offset if " to " in said else offset
    return value % 24


def _ordinal(text: str) -> Iterable[Quantity]:
    for match in _ORDINAL_RE.finditer(text):
        if match.group("num"):
            value = float(match.group("num"))
        else:
            value = float(_ORDINALS.index(match.group("word").lower()) + 3)
        yield Quantity("ordinal", value, value, "", match.start(), match.end(), match.group())


# "the first single", "your second month": "first" and "second" as places in a series,
# read only after a word that makes them so. Alone they say much else ("first, log in",
# "a second bag" is another one, "the first 30 days" a span, "a second" a moment).
_FIRST_SECOND_RE = word_start_regex(
    r"\b(?:the|its|his|her|their|your|our|my)\s+(?P<word>first|second)\s+"
    r"(?!(?:of|and|or|half|one|two|three|to|in|on|at|is|was|are|were)\b)(?P<noun>[a-z][\w-]*)",
    "tiyhom",
    re.IGNORECASE,
)
_FIRST_SECOND_HINT = _Hint(re.compile(r"first|second", re.IGNORECASE), words=("first", "second"))


def _first_second(text: str) -> Iterable[Quantity]:
    """Soft: a source need not say which place a thing has, but one giving it another
    place ("the third single" for "the first single") says otherwise."""
    for match in _FIRST_SECOND_RE.finditer(text):
        value = 1.0 if match.group("word").lower() == "first" else 2.0
        start, end = match.start("word"), match.end("word")
        # The series is named by the word after it: "first single", "third single".
        noun = stem(match.group("noun").lower())
        yield Quantity("ordinal", value, value, noun, start, end, match.group("word"), soft=True)


# "once a month" (number words already digits: "once 1 month"), "once every 3 months",
# "once weekly": a count of times, as "2 times 1 month" is. Not "once you have paid".
_ONCE_RE = re.compile(
    r"\bonce(?=\s+(?:(?:every|each|per|in|within)\s|\d+\s+(?:minute|hour|day|week|month|year"
    r"|business day)s?\b|(?:daily|weekly|monthly|yearly|annually|nightly)\b))",
    re.IGNORECASE,
)


def _once(text: str) -> Iterable[Quantity]:
    """How often, said "once": one time in the period. Soft, as a source saying "monthly"
    or "every month" says it without a count; it still meets a count a source gives
    ("twice a month" is not once)."""
    for match in _ONCE_RE.finditer(text):
        yield Quantity(
            "number", 1.0, 1.0, "tim", match.start(), match.end(), match.group(), soft=True
        )


# "monthly", "every quarter" said as one word: how long each period is.
# Only as an adverb ("billed monthly.", "collected weekly on Mondays"), not naming a
# kind of thing ("a monthly membership", "the daily charge", "monthly and annual plans").
_PERIODIC_RE = re.compile(
    r"\b(?P<word>daily|weekly|fortnightly|monthly|quarterly|yearly|annually)\b"
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:by|in|on|at|from|until|via|through|with|after|before|online"
    r"|instead|thereafter|afterwards)\b)",
    re.IGNORECASE,
)
_PERIOD_DAYS = {
    "daily": 1.0,
    "weekly": 7.0,
    "fortnightly": 14.0,
    "monthly": 30.0,
    "quarterly": 90.0,
    "yearly": 365.0,
    "annually": 365.0,
}


def _periodic(text: str) -> Iterable[Quantity]:
    """The period a frequency adverb names ("paid monthly": each month). Soft: a source
    need not say it for an answer to, yet "billed monthly" does not meet "billed every
    year"."""
    for match in _PERIODIC_RE.finditer(text):
        days = _PERIOD_DAYS[match.group("word").lower()]
        yield Quantity(
            "duration", days, days, "day", match.start(), match.end(), match.group(), soft=True
        )


_ONCE_HINT = _Hint(re.compile("once", re.IGNORECASE), words=("once",))
_PERIODIC_HINT = _Hint(_PERIODIC_RE, words=tuple(_PERIOD_DAYS))


# "30 to 59 guests", "2-4 people", "1 to 3 bedrooms": a band of a count of things. A
# band after one, with no noun of its own at the end of its clause, counts the same
# things ("The Vault takes 2 to 6 players and The Asylum takes 4 to 8.").
_COUNT_RANGE_RE = first_char_regex(
    re.compile(
        r"(?<![\w.,£$€])(?P<num>\d+)\s*(?:-|–|to)\s*(?P<num2>\d+)"
        r"(?:\s+(?P<noun>[a-z]+s|people|children)\b|(?=\s*(?:[.;!?()]|,\s|$)))",
        re.I,
    )
)
_COUNT_RANGE_HINT = _Hint(re.compile(r"-|–|to", re.I), words=("-", "–", "to"))


def _count_range(text: str) -> Iterable[Quantity]:
    counted = ""
    for match in _COUNT_RANGE_RE.finditer(text):
        low, high = parse_number(match.group("num")), parse_number(match.group("num2"))
        noun = (match.group("noun") or "").lower()
        if low >= high or noun in STOPWORDS:
            continue
        if noun:
            counted = _HEADCOUNT.get(stem(noun), stem(noun))
        elif not counted:
            continue  # "open 10 to 12": no noun says what is counted
        yield Quantity("number", low, high, counted, match.start(), match.end(), match.group())


def _plain(text: str) -> Iterable[Quantity]:
    for match in _PLAIN_RE.finditer(text):
        value = parse_number(match.group("num"))
        noun = (match.group("noun") or "").lower()
        noun = stem(noun) if noun and noun not in STOPWORDS else ""
        noun = _HEADCOUNT.get(noun, noun)
        end = match.end("num")
        yield Quantity("number", value, value, noun, match.start(), end, match.group("num"))


_DATA_RE = re.compile(
    rf"(?P<num>{_NUM})\s?(?P<unit>kb|mb|gb|tb|kilobytes?|megabytes?|gigabytes?|terabytes?)\b", re.I
)
_MB_PER_UNIT = {"k": 1 / 1024, "m": 1.0, "g": 1024.0, "t": 1024.0 * 1024}


def _data_size(text: str) -> Iterable[Quantity]:
    """Sizes in one unit, so "2 GB" and "2,048 MB" are one value and "250 MB" another."""
    for match in _DATA_RE.finditer(text):
        value = parse_number(match.group("num")) * _MB_PER_UNIT[match.group("unit")[0].lower()]
        yield Quantity("number", value, value, "mb", match.start(), match.end(), match.group())


# Weights, lengths and volumes in one base unit each (grams, metres, millilitres), so
# "23 kg" and "23 kilos" are one value, "2 kg" and "2,000 g" too, and "23 lb" another.
# A bare "m" is left alone: "5m users" is five million, not five metres.
_MEASURE_RE = first_char_regex(
    re.compile(
        rf"(?P<num>{_NUM})[\s-]?(?P<unit>kgs?|kilos?|kilograms?|kilogrammes?|g|grams?|grammes?|lbs?"
        r"|oz|ounces?|mm|millimet(?:re|er)s?|cm|centimet(?:re|er)s?|km"
        r"|kilomet(?:re|er)s?|met(?:re|er)s?|miles?|mi|inch(?:es)?|ft|feet|foot|ml|millilit(?:re|er)s?"
        r"|lit(?:re|er)s?|l)\b",
        re.IGNORECASE,
    )
)
_MEASURE_HINT_RE = re.compile(
    r"\d[\s-]?(?:kg|kilo|g\b|gram|lb|oz|ounce|mm|milli|cm|centi|km|met|mi|inch|ft|feet|foot"
    r"|ml|lit|l\b)",
    re.IGNORECASE,
)
WEIGHT, LENGTH, VOLUME = "weight", "length", "volume"
MEASURES = frozenset((WEIGHT, LENGTH, VOLUME, "mb"))
_MEASURE_UNITS = {
    "kg": (WEIGHT, 1000.0),
    "kilo": (WEIGHT, 1000.0),
    "g": (WEIGHT, 1.0),
    "gram": (WEIGHT, 1.0),
    "lb": (WEIGHT, 453.592),
    "oz": (WEIGHT, 28.3495),
    "ounce": (WEIGHT, 28.3495),
    "mm": (LENGTH, 0.001),
    "millimet": (LENGTH, 0.001),
    "cm": (LENGTH, 0.01),
    "centimet": (LENGTH, 0.01),
    "km": (LENGTH, 1000.0),
    "kilomet": (LENGTH, 1000.0),
    "met": (LENGTH, 1.0),
    "mile": (LENGTH, 1609.344),
    "mi": (LENGTH, 1609.344),
    "inch": (LENGTH, 0.0254),
    "ft": (LENGTH, 0.3048),
    "feet": (LENGTH, 0.3048),
    "foot": (LENGTH, 0.3048),
    "ml": (VOLUME, 1.0),
    "millilit": (VOLUME, 1.0),
    "lit": (VOLUME, 1000.0),
    "l": (VOLUME, 1000.0),
}
_MEASURE_KEY_RE = re.compile(
    r"kilomet|kilo|kg|millimet|millilit|centimet|met|lit|mm|ml|cm|km|gram|g|lb|oz"
    r"|ounce|mile|mi|inch|ft|feet|foot|l",
    re.IGNORECASE,
)


# The unit of a number said with a bare "m", which may be metres, minutes or millions.
_BARE_M = "m"


def _measure(text: str) -> Iterable[Quantity]:
    for match in _MEASURE_RE.finditer(text):
        key = _MEASURE_KEY_RE.match(match.group("unit")).group().lower()
        unit, scale = _MEASURE_UNITS[key]
        value = parse_number(match.group("num")) * scale
        yield Quantity("number", value, value, unit, match.start(), match.end(), match.group())


def said_number(quantity: Quantity) -> float | None:
    """The number a measured value was said with ("23" of "23 kg")."""
    found = _NUM_RE.search(quantity.text)
    return parse_number(found.group()) if found else None


# An age the customer is about to reach: "My daughter turns 5 next month", "he'll be 18
# in March". Until then they are younger: the year before it, not yet the age named.
_TURNING_AGE_RE = re.compile(
    r"\b(?:(?:he|she|they|i|we|(?:my|our)\s+(?:[\w'-]+\s+){0,2}?(?:son|daughter|child|kid|boy"
    r"|girl|baby|twins|grandson|granddaughter|brother|sister|nephew|niece))(?:\s+(?:turns?"
    r"|is turning|are turning|will turn|will be|is going to be)|'ll\s+(?:turn|be))|turns|turning)"
    r"\s+(?P<num>\d{1,3})\b(?!\s*(?:%|[-–:]|\.\d|days?\b|weeks?\b|months?\b|hours?\b"
    r"|minutes?\b|mins?\b|am\b|pm\b|p\b|pounds?\b|kg\b|miles?\b|met(?:re|er)s?\b|cm\b))"
    r"(?:\s+years?\s+old)?(?=\s+(?:next|in|on|this|later|soon|at|by|before|after|tomorrow)\b"
    r"|\s*[.,;!?)]|\s*$)",
    re.IGNORECASE,
)
# The least an age can fall short of the one named and still be the year before it.
_NOT_YET = 0.01


def _turning_age(text: str) -> Iterable[Quantity]:
    for match in _TURNING_AGE_RE.finditer(text):
        reached = parse_number(match.group("num"))
        if reached < 1:
            continue
        yield Quantity(
            "age",
            reached - 1,
            reached - _NOT_YET,
            "",
            match.start("num"),
            match.end(),
            text[match.start("num") : match.end()],
        )


def _age(text: str) -> Iterable[Quantity]:
    for match in _AGE_RE.finditer(text):
        raw = (
            match.group("num")
            or match.group("num3")
            or match.group("num4")
            or match.group("num5")
            or match.group("num6")
            or match.group("num9")
            or match.group("num10")
            or match.group("num11")
        )
        if match.group("num7"):
            low, high = parse_number(match.group("num7")), parse_number(match.group("num8"))
            yield Quantity("age", low, high, "", match.start(), match.end(), match.group())
            continue
        low = parse_number(raw)
        high = parse_number(match.group("num2")) if match.group("num2") else low
        if match.group("num12"):
            low = parse_number(match.group("num12"))
        end = match.end()
        half = _AND_A_HALF_RE.match(text, end)
        if half is not None and low == high:
            # "my son is two and a half"
            low = high = low + 0.5
            end = half.end()
        yield Quantity("age", low, high, "", match.start(), end, text[match.start() : end])


_AND_A_HALF_RE = re.compile(r" and a half\b", re.IGNORECASE)


# Nouns that count people on an account: "a 4-person team" and "10 or more users".
_HEADCOUNT = {
    stem(word): "user"
    for word in word_list("person people member members seat seats employee employees staff")
}


_MONTHS = word_list(
    "January February March April May June July August September October November December"
)
# A month written out is a month in any case ("born on january 8, 1935", as lower-cased
# text writes it), except "may", which is a verb as often; abbreviations are capitalised.
_MONTH = "|".join(
    (name if name == "May" else rf"(?i:{name})") + rf"|{name[:3]}\.?" for name in _MONTHS
)
# "Sept 30": the one month written short in four letters as often as in three.
_MONTH = r"Sept\.?|" + _MONTH
# Calendar dates: "15 January", "30th of November", "January 15th" (so "you may 5" is
# no date).
_DATE_RE = re.compile(
    rf"\b(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?: of)? (?P<month>{_MONTH})(?![a-z])"
    rf"|\b(?P<month2>{_MONTH}) (?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\b(?!:)"
)


def _date(text: str) -> Iterable[Quantity]:
    """A date as month and day, so "15 January" and "January 15th" are one value."""
    for match in _DATE_RE.finditer(text):
        month = (match.group("month") or match.group("month2")).rstrip(".")[:3].capitalize()
        day = int(match.group("day") or match.group("day2"))
        if not 1 <= day <= 31:
            continue
        index = [name[:3] for name in _MONTHS].index(month)
        value = float((index + 1) * 100 + day)
        yield Quantity("date", value, value, "", match.start(), match.end(), match.group())


# A telephone number is one value however its digits are grouped: "0800 123 4567",
# "+44 20 7946 0958", "1-800-555-0199", "(020) 7946 0958". Read digit group by digit
# group it would be three or four numbers, none of them a price or a count, and a
# sentence giving it once more would seem to give other values.
PHONE = "phone"
_PHONE_RE = first_char_regex(
    re.compile(
        r"(?<![\w.,+£$€])(?:\+\d{1,3}[ -]?(?:\(0\)[ -]?)?\d{2,4}(?:[ -]\d{2,4}){1,3}"
        r"|\(0\d{2,4}\) ?\d{3,4}[ -]?\d{3,4}"
        r"|0\d{2,4}[ -]\d{3,4}(?:[ -]\d{3,4})?"
        r"|1-\d{3}-\d{3}-\d{4})(?![\w.,]\d)"
    )
)


def _phone(text: str) -> Iterable[Quantity]:
    for match in _PHONE_RE.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        if not 9 <= len(digits) <= 13:
            continue
        value = float(digits)
        yield Quantity("number", value, value, PHONE, match.start(), match.end(), match.group())


# Each extractor with a cheap look for words every one of its matches holds, or None.
_EXTRACTORS = (
    (_phone, None),
    (_money, None),
    (_percent, _Hint(re.compile(r"%|per", re.IGNORECASE), words=("%", "per"))),
    (
        _turning_age,
        _Hint(
            re.compile(r"turn|will be|'ll be|going to be", re.IGNORECASE),
            words=("turn", "will be", "'ll be", "going to be"),
        ),
    ),
    # Every way _AGE_RE says an age holds one of these words ("aged", "between",
    # "years old", "y/o", "my son is", "I'm", "we're both", "younger", "who's").
    (
        _age,
        _Hint(
            re.compile(
                r"age|between|old|young|yo\b|y/o|son|daughter|child|kid|boy|girl|baby"
                r"|i'm|i’m|i am|both|who",
                re.IGNORECASE,
            ),
            words=(
                *("age", "between", "old", "young", "yo", "y/o", "son", "daughter", "child"),
                *("kid", "boy", "girl", "baby", "i'm", "i am", "both", "who"),
            ),
        ),
    ),
    (
        _duration,
        _Hint(
            re.compile(r"min|hour|hr|day|week|month|year|yr", re.IGNORECASE),
            words=("min", "hour", "hr", "day", "week", "month", "year", "yr"),
        ),
    ),
    # "6pm", "06:30", "half past 6", "9 o'clock", "in the morning", "noon".
    (
        _time_of_day,
        _Hint(
            re.compile(
                r"[ap]\.?m\b|:|o'?clock|morning|afternoon|evening|night|half|quarter"
                r"|noon|midday|midnight",
                re.IGNORECASE,
            ),
            words=(
                *("am", "a.m", "pm", "p.m", ":", "clock", "morning", "afternoon", "evening"),
                *("night", "half", "quarter", "noon", "midday", "midnight"),
            ),
        ),
    ),
    (_wrapped_hours, _Hint(re.compile(r"between|from", re.IGNORECASE), words=("between", "from"))),
    (
        _date,
        _Hint(
            re.compile(
                r"Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
                r"|(?i:january|february|march|april|june|july|august|september|october|november|december)"
            ),
            words=tuple(name.lower() for name in _MONTHS if name != "May"),
            cased=tuple(name[:3] for name in _MONTHS),
        ),
    ),
    (_ordinal, None),
    (_first_second, _FIRST_SECOND_HINT),
    (
        _data_size,
        _Hint(
            re.compile(r"[kmgt]b|kilo|mega|giga|tera", re.IGNORECASE),
            words=("kb", "mb", "gb", "tb", "kilo", "mega", "giga", "tera"),
        ),
    ),
    # Every measure is a digit and its unit: a text without a digit holds none.
    (_measure, _Hint(_MEASURE_HINT_RE, words=tuple("0123456789"))),
    (_once, _ONCE_HINT),
    (_periodic, _PERIODIC_HINT),
    (_count_range, _COUNT_RANGE_HINT),
    (_plain, None),
)
# The extractors that read values written in words only.
_WORD_EXTRACTORS = (
    (_money, None),
    (
        _time_of_day,
        _Hint(
            re.compile(r"noon|midday|midnight", re.IGNORECASE), words=("noon", "midday", "midnight")
        ),
    ),
    (
        _duration,
        _Hint(
            re.compile(r"full|whole|entire|complete", re.IGNORECASE),
            words=("full", "whole", "entire", "complete"),
        ),
    ),
    (_ordinal, None),
    (_first_second, _FIRST_SECOND_HINT),
    (_once, _ONCE_HINT),
    (_periodic, _PERIODIC_HINT),
)


def find_match(quantity: Quantity, candidates: Iterable[Quantity]) -> Quantity | None:
    return next((other for other in candidates if quantity.same_value(other)), None)
