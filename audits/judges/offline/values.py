"""Checks on the values a fact states, against every retrieved source at once.

A value is fine when some source states it in the case the fact uses it for. It is
``contradicts_source`` when no source states it but one gives a different value for
the same subject, and ``condition_misapplied`` when the sources only give it for a
special case (a condition) that neither the question nor the fact states while they
give another value for the ordinary case, or when the question states a special case
that the sources give another value for.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from kbaudit.text.conditions import Condition, governing_conditions, leading_group
from kbaudit.text.quantities import Quantity, extract_quantities, rate_unit, said_number
from kbaudit.text.tokens import (
    content_stems,
    digits_for_number_words,
    has_negation,
    stem,
    word_list,
)

from .arithmetic import worked_out, years_between
from .binding import compared_side, owned_words, value_sides, value_words
from .decompose import REFERS_BACK_RE, Fact
from .listed import counts_own_list, listed_count
from .questions import VERB_RE
from .sources import PreparedSource, SourceSentence, table_row
from .tables import Scope, cell_fits, cell_of, label_end

UNIT_STEMS = frozenset(
    stem(word)
    for word in word_list(
        "day days date dates week month year hour minute percent business working calendar"
        # Currencies and units go with a value the value checks compare on their own.
        " pound pounds dollar dollars euro euros quid pence cent cents us usd gbp eur"
        " kg kilo kilos cm gb mb tb per each thousand million"
        " metre metres meter meters km kilometre kilometres kilometer kilometers"
    )
)
# Glue words a paraphrase adds or drops freely ("returns are accepted for 30 days");
# they neither support nor undermine a fact.
GLUE_STEMS = frozenset(
    stem(word)
    for word in word_list("""
    accept accepted allow allowed offer offered issue issued process processed provide
    provided available eligible able possible happen usually typically generally normally simply
    also just still always often sometimes several multiple various many mainly mostly
    main major largely overall come become go call called refer referred take takes took
    last lasts arrive arrives show shows reach reaches depend depends count counted then
    exact exactly anything everything something anyone someone everyone nothing one ones
    switch switches switched
    save saves saving instead altogether
    almost nearly roughly approximately
    """)
)


# Nouns every statement of a shop's policy has; they do not tell two cases apart.
_CASE_LIGHT = frozenset(
    stem(word) for word in word_list("item items product products order orders thing things")
)


# The words that say a value is a price.
_PRICE_WORDS = frozenset(content_stems("cost price fee charge pay"))


# A fact's text with its number words as digits, read by several checks.
_digits = lru_cache(maxsize=8192)(digits_for_number_words)


@dataclass(frozen=True)
class Located:
    """A value as stated by one sentence of one source."""

    source: int  # index into the sources
    sentence: SourceSentence
    quantity: Quantity
    article: str  # chunks of one article agree by construction; two articles may not


@dataclass(frozen=True)
class Problem:
    reason: str
    passage: str
    source: int | None


_NOT_SUBJECT = UNIT_STEMS | GLUE_STEMS


def subject_stems(stems: frozenset[str]) -> frozenset[str]:
    """What a statement is about, without its numbers, units and glue words."""
    # Asked again and again of the same sentences' stems: kept when they can be a key.
    if isinstance(stems, frozenset):
        return _subject_stems(stems)
    return _subject_stems.__wrapped__(stems)


@lru_cache(maxsize=65536)
def _subject_stems(stems: frozenset[str]) -> frozenset[str]:
    return frozenset(token for token in stems - _NOT_SUBJECT if not token[:1].isdigit())


def locate_values(sources: Sequence[PreparedSource]) -> list[Located]:
    return [
        Located(index, sentence, quantity, source.article or f"#{index}")
        for index, source in enumerate(sources)
        for sentence in source.sentences
        for quantity in sentence.quantities
    ]


@dataclass(frozen=True)
class Claim:
    """One fact's value checks: the fact, what it is about, and what the question says."""

    fact: Fact
    # The fact's subject words that the sources use at all: an item name only the
    # customer mentions cannot make a source sentence more or less about the fact.
    subject: frozenset[str]
    located: Sequence[Located]
    query_stems: frozenset[str]
    query_values: Sequence[Quantity]
    # The words of this turn's question alone, without the conversation before it.
    asked_stems: frozenset[str] = frozenset()
    # The sources the values were located in, and the question as the customer wrote it.
    sources: Sequence[PreparedSource] = ()
    told_text: str = ""
    # Every value the answer states, in this fact or another.
    answer_values: tuple[Quantity, ...] = ()


def value_problem(
    fact: Fact,
    located: Sequence[Located],
    query_stems: frozenset[str],
    query_values: Sequence[Quantity],
    source_stems: frozenset[str] = frozenset(),
    asked_stems: frozenset[str] | None = None,
    *,
    sources: Sequence[PreparedSource] = (),
    told_text: str = "",
    answer_values: Sequence[Quantity] = (),
) -> Problem | None:
    subject = subject_stems(fact.stems)
    if fact.context and REFERS_BACK_RE.search(fact.text):
        # "there's no charge for doing so": what is free is what the fact before did.
        subject |= subject_stems(fact.context)
    claim = Claim(
        fact,
        (subject & source_stems) or subject,
        located,
        query_stems,
        query_values,
        query_stems if asked_stems is None else asked_stems,
        sources,
        told_text,
        tuple(answer_values),
    )
    text = _digits(fact.text)

    # Values a worked-out value may come from: the fact's own that a source or the
    # customer states ("£8 more than Lite (£18 against £10)").
    # The answer's other facts may state them ("... is £80. A second costs 50% more, so
    # £120, making £200"), and so may the customer ("my £50 charge").
    # Gathered only for a value no source states, once.
    @cache
    def operands() -> list[Quantity]:
        found = [
            own
            for own in (*fact.quantities, *(v for v in answer_values if not _within(v, fact)))
            if any(own.same_value(place.quantity) for place in located)
            or any(own.same_value(given) for given in query_values)
        ]
        # A value the fact works out first may be a step to the next ("so £120, making
        # £200").
        steps = [own for own in fact.quantities if not any(own is kept for kept in found)]
        # A value another fact worked out is a step too ("so three hours comes to £300"
        # before "Your £50 deposit comes off that, leaving £250"): checked in its own fact.
        steps += [
            own
            for own in answer_values
            if not _within(own, fact)
            and not own.soft
            and not any(own.same_value(place.quantity) for place in located)
        ]
        found += [given for given in query_values if not any(given is own for own in found)]
        return [*found, *steps]

    for quantity in fact.quantities:
        if any(quantity.same_value(given) for given in query_values):
            continue  # the customer's own number is not the bot's claim
        if _told_clock(text, quantity, told_text):
            continue  # "arriving at 6:10" of "I arrived at 6:10pm": the customer's own time
        if _from_told(quantity, query_values, located):
            continue  # "£160 in credit ... so you'd get £60 back" over "more than £100"
        matches = [
            place
            for place in located
            if quantity.same_value(place.quantity) and bound_fits(text, quantity, place.quantity)
        ]
        if matches and all(_names_label(place) for place in matches):
            rival = _label_value_rival(fact, quantity, located)
            if rival is not None:
                return Problem("contradicts_source", rival.sentence.text, rival.source)
            continue  # "for a 3-bed house", "a 2-year-old": the row it names, not a claim
        if not matches and _written_in_label(quantity, sources):
            continue  # "a full day" of the column "Full day"
        if not matches and _period_counted_by(quantity, sources):
            continue  # "10% in a year" of "10% each year": the period, not a length
        if not matches:
            matches = _approximated(text, quantity, located)
        if not matches and worked_out(quantity, text, operands(), told=query_values):
            continue
        if not matches and years_between(
            quantity, told_text, [place.quantity.low for place in located]
        ):
            continue  # "29" of "How old was she when she died?" over "(1564 – 1593)"
        if not matches and counts_own_list(quantity, text):
            continue  # "three: a Safety Check, a Full Service and an Overhaul"
        if not matches and listed_count(quantity, told_text, sources):
            continue  # "3" of "How many brothers?" over "the brothers Barry, Robin and Maurice"
        if matches and (
            _counted_otherwise(text, quantity, matches)
            # A denial on the other side of the bound restates the rule ("isn't free on
            # orders under £30" of "free on orders over £30"); the same polarity on the
            # other side contradicts it ("You don't need to return routers less than 3
            # years old" of "... more than 3 years old").
            or (
                fact.negated == _claim_negated(matches[0].sentence.text)
                and _bound_reversed(text, quantity, matches)
                # "Prices are for engines up to 2.0 litres; above that, add £30": the
                # sentence gives the other side of its bound a rule of its own.
                and not _OTHER_SIDE_RULED_RE.search(matches[0].sentence.text)
            )
            or (not fact.negated and _compared_otherwise(text, quantity, matches))
        ):
            return Problem("contradicts_source", matches[0].sentence.text, matches[0].source)
        rival = _free_said_of_other(claim, quantity, matches) if matches else None
        if rival is not None:
            return Problem("contradicts_source", rival.sentence.text, rival.source)
        problem = _case_problem(claim, quantity, matches) if matches else _missing(claim, quantity)
        if problem is not None:
            return problem
    return None


# Units of time a price or an allowance may be counted by ("£5 for each month left").
_TIME_UNITS = frozenset(stem(word) for word in word_list("minute hour day night week month year"))
# What else a help centre counts a price by: "£3 per ticket" is not "£3 per booking".
_COUNT_UNITS = frozenset(
    stem(word)
    for word in word_list(
        "ticket booking order item person passenger bag pet vehicle room guest seat "
        "device user visit transaction parcel session use copy page"
    )
)


def _counted_otherwise(text: str, quantity: Quantity, matches: Sequence[Located]) -> bool:
    """The source's value counted by another unit than the fact says: "£5 for each week
    left" where every "£5" the source gives is "for each month left", "£3 per booking"
    for "£3 per ticket". Only units of time, and the things a help centre prices one by
    one, are compared: "8.5p a unit" and "8.5p per kWh", "£18 per crossing" and "£18
    each way" name one unit two ways."""
    mine = rate_unit(text, quantity)
    if not mine:
        return False
    # The sentences most about what the fact speaks of say how the value is counted:
    # "£20 for each hour after the agreed time" for late returns, not the "£20
    # refuelling fee" of the sentence before.
    said = frozenset(content_stems(text))
    closest = max(len(said & place.sentence.stems) for place in matches)
    theirs = {
        rate_unit(place.sentence.text, place.quantity)
        for place in matches
        if len(said & place.sentence.stems) == closest
    }
    if "" in theirs or mine in theirs:
        return False
    if any(mine in units and theirs <= units for units in (_TIME_UNITS, _COUNT_UNITS)):
        return True
    # "£4 an hour" of "£4 per session": a unit of time for a price per thing, or the
    # reverse, unless the source names that unit too ("£8 per user per month").
    crossed = (mine in _TIME_UNITS and theirs <= _COUNT_UNITS) or (
        mine in _COUNT_UNITS and theirs <= _TIME_UNITS
    )
    return crossed and not any(mine in place.sentence.stems for place in matches)


# Which side of a value a bound says: "under 3", "up to £50", "3 or younger" are at
# most; "over 3", "at least 18", "18 or older" at least.
_AT_MOST_BEFORE_RE = re.compile(
    r"\b(?:under|below|less than|fewer than|younger than|up to|at most|no more than"
    r"|not more than|maximum of|a maximum of|within)\s*$",
    re.IGNORECASE,
)
_AT_LEAST_BEFORE_RE = re.compile(
    r"(?<!no )(?<!not )\b(?:over|above|more than|older than|at least|minimum of|exceeding)\s*$",
    re.IGNORECASE,
)
_AFTER_BOUND_RE = re.compile(
    r"^\s*(?:[a-z]+\s+){0,2}?(?:or|and) (?P<side>over|above|more|older|under|below|less|fewer"
    r"|younger)\b",
    re.IGNORECASE,
)
# "up to 30 minutes before the film" and "at least 30 minutes before" set one deadline.
_DEADLINE_AFTER_RE = re.compile(
    r"^\s*(?:[a-z]+\s+){0,2}?(?:before|after|ahead|earlier|later|prior)\b", re.I
)


def _bound_side(text: str, quantity: Quantity) -> str:
    digit = next((i for i, char in enumerate(quantity.text) if char.isdigit()), 0)
    last = max((i for i, char in enumerate(quantity.text) if char.isdigit()), default=0)
    before = (text[max(0, quantity.start - 25) : quantity.start] + quantity.text[:digit]).rstrip(
        "£$€¥"
    )
    after = quantity.text[last + 1 :] + text[quantity.end : quantity.end + 30]
    if _DEADLINE_AFTER_RE.match(after) and not _lasts_for(text, quantity):
        # ("for at least 7 days after you pay" says how long, counted from the payment.)
        return ""
    if _AT_MOST_BEFORE_RE.search(before):
        return "most"
    if _AT_LEAST_BEFORE_RE.search(before):
        return "least"
    found = _AFTER_BOUND_RE.match(after)
    if found is None:
        return ""
    side = found.group("side").lower()
    return "least" if side in ("over", "above", "more", "older") else "most"


def _bound_reversed(text: str, quantity: Quantity, matches: Sequence[Located]) -> bool:
    """The source's value as the other side's bound: "routers less than 3 years old"
    where the source exempts those "more than 3 years old", "under 18" for "18 or
    over". Only when every place stating the value bounds it the other way, and never
    for a duration: "less than 24 hours' notice" is the case "give at least 24 hours'
    notice" leaves, said as often as the rule itself. A duration counts when both
    say how long the thing lasts ("kept for up to 7 days", "for at least 7 days")."""
    if quantity.kind == "duration" and not (
        _lasts_for(text, quantity) and all(_lasts_for(p.sentence.text, p.quantity) for p in matches)
    ):
        return False
    mine = _bound_side(text, quantity)
    if not mine:
        return False
    theirs = {_bound_side(place.sentence.text, place.quantity) for place in matches}
    return "" not in theirs and mine not in theirs


# A case a sentence opens with: "If you can't take them home today, ...".
_LEADING_CASE_RE = re.compile(r"^(?:if|when|whenever|unless|once)\b[^,;]*,\s*", re.IGNORECASE)


def _claim_negated(text: str) -> bool:
    """Whether the sentence denies its claim; a denial in the case it opens with ("If
    you can't take your plants home today, we can keep them") is the case's."""
    return has_negation(_LEADING_CASE_RE.sub("", text, count=1))


# "for up to 7 days", "for at least a week": how long a thing lasts, bounded.
_LASTS_FOR_RE = re.compile(
    r"\bfor (?:up to|at least|at most|no more than|not more than|a maximum of|a minimum of"
    r"|more than|less than|over|under)\s*$",
    re.IGNORECASE,
)


def _lasts_for(text: str, quantity: Quantity) -> bool:
    return bool(_LASTS_FOR_RE.search(text[max(0, quantity.start - 30) : quantity.start]))


# A value the fact says something is more or less than: "the track is shorter than
# 6.2 km", "refunds take more than 5 days". The verb says it is the claim itself, not
# a case the fact names ("with less than 24 hours' notice").
_COMPARED_RE = re.compile(
    r"\b(?:is|are|was|were|be|been|takes?|took|costs?|weighs?|weighed|measures?|measured"
    r"|lasts?|lasted|runs?|ran)\s+(?:(?:a\s+)?(?:bit|little|slightly|much|far)\s+)?"
    r"(?P<word>more|less|fewer|[a-z]{3,}er)\s+than\s*$",
    re.IGNORECASE,
)
_ABOVE_WORDS = frozenset(
    word_list("more longer larger bigger higher greater heavier taller older later wider")
)
_BELOW_WORDS = frozenset(
    word_list("less fewer shorter smaller lower cheaper lighter younger earlier narrower")
)


def _compared_otherwise(text: str, quantity: Quantity, matches: Sequence[Located]) -> bool:
    """The fact says the thing is more (or less) than a value that every place giving it
    states as the thing's own, unbounded ("The 6.213 km long track"), or as a bound the
    other way ("more than 5 days" of "within 5 days"): a strict comparison with the
    very value the source gives is not what it says."""
    window = max(0, quantity.start - 40)
    compared = _COMPARED_RE.search(text[window : quantity.start])
    if quantity.soft or compared is None:
        return False
    if any(
        own.comparable(quantity) and not own.soft
        for own in extract_quantities(text[: window + compared.start()])
    ):
        # "The bundle is £50, which is cheaper than £12 each": the thing's own value is
        # the £50; the £12 is the other side's, as the source gives it.
        return False
    word = compared.group("word").lower()
    mine = "least" if word in _ABOVE_WORDS else "most" if word in _BELOW_WORDS else ""
    return all(_stated_otherwise(place, mine) for place in matches)


def _stated_otherwise(place: Located, mine: str) -> bool:
    theirs = _bound_side(place.sentence.text, place.quantity)
    if not theirs and _WITHIN_RE.search(
        place.sentence.text[max(0, place.quantity.start - 12) : place.quantity.start]
    ):
        theirs = "most"  # "within 5 working days" is at most 5
    if theirs:
        return bool(mine) and theirs != mine
    return not _LIMIT_RE.search(place.sentence.text)


_WITHIN_RE = re.compile(r"\b(?:within|in under|by)\s*$", re.IGNORECASE)
# A source value that is a limit, whatever words sit around it: "a 23 kg allowance",
# "5 days maximum".
_LIMIT_RE = re.compile(
    r"\b(?:limit|limits|limited|allowance|allowed|maximum|max|minimum|min|cap|capped|within"
    r"|up to|at most|at least|no more|no later|or less|or more|or under|or over)\b",
    re.IGNORECASE,
)


def other_side_of_bound(fact_text: str, source_text: str) -> bool:
    """The two texts bound one value from opposite sides: "Overpayments above 10% carry
    the charge" beside "overpay up to 10% without a charge". Said with opposite
    polarity, the two state one rule, each from its own side."""
    mine = extract_quantities(digits_for_number_words(fact_text))
    if not mine:
        return False
    source_text = digits_for_number_words(source_text)
    theirs = extract_quantities(source_text)
    fact_text = digits_for_number_words(fact_text)
    for own in mine:
        side = _bound_side(fact_text, own)
        if not side:
            continue
        for other in theirs:
            if own.comparable(other) and own.same_value(other):
                other_side = _bound_side(source_text, other)
                if other_side and other_side != side:
                    return True
    return False


# "just under five pounds" for £4.99, "around 120 minutes" for 2 hours: a value said
# roughly, on the side the words say.
_APPROXIMATELY_RE = re.compile(
    r"\b(?P<side>just under|just below|a little under|a little less than|nearly|almost"
    r"|just over|a little over|a little more than|about|around|roughly|approximately"
    # "more than 21,000 km" of "21,196 km": a round figure the stated value just passes.
    r"|more than|over|upwards of|in excess of|less than|fewer than|under)\s*$",
    re.IGNORECASE,
)
_ROUGHLY = 0.05


def _approximated(text: str, quantity: Quantity, located: Sequence[Located]) -> list[Located]:
    """The stated values a roughly said one stands for."""
    hedge = _APPROXIMATELY_RE.search(text[max(0, quantity.start - 24) : quantity.start])
    if hedge is None or quantity.low != quantity.high or not quantity.low:
        return []
    side = hedge.group("side").lower()
    below = side.startswith(("just under", "just below", "a little under", "a little less"))
    below = below or side in ("nearly", "almost")
    below = below or side in ("less than", "fewer than", "under")
    above = side.startswith(("just over", "a little over", "a little more"))
    above = above or side in ("more than", "over", "upwards of", "in excess of")
    value = quantity.low
    found = []
    for place in located:
        own = place.quantity
        if not quantity.comparable(own) or own.low != own.high or own.soft:
            continue
        if abs(own.low - value) > _ROUGHLY * value:
            continue
        if (below and own.low > value) or (above and own.low < value):
            continue
        if own.low != value and not _rounder(quantity, own):
            continue
        found.append(place)
    return found


# "up to 6", "at most 6", "a maximum of 6": the top of a band; "at least 4", "a minimum
# of 4": its bottom.
_UP_TO_RE = re.compile(r"\b(?:up to|at most|a maximum of|maximum of|no more than)\s+$", re.I)
_AT_LEAST_RE = re.compile(r"\b(?:at least|a minimum of|minimum of|no fewer than)\s+$", re.I)


def bound_fits(text: str, quantity: Quantity, band: Quantity) -> bool:
    """A value the fact gives as a bound ("up to 6 players") is a band's end, not any
    value inside it: "takes up to 6" is not what "takes 4 to 8" says."""
    if band.low == band.high or quantity.low != quantity.high:
        return True
    before = text[max(0, quantity.start - 20) : quantity.start]
    if _UP_TO_RE.search(before):
        return math.isclose(quantity.low, band.high)
    if _AT_LEAST_RE.search(before):
        return math.isclose(quantity.low, band.low)
    return True


def _rounder(rough: Quantity, exact: Quantity) -> bool:
    """A value said roughly rounds the one it stands for: "about 400 miles" for 386,
    "just under £10" for £9.99, never "about 386 miles" for 375. Only values said in one
    unit (the same value per number said) can be told apart so."""
    rough_said, exact_said = said_number(rough), said_number(exact)
    if not rough_said or not exact_said:
        return True
    rough_scale, exact_scale = rough.low / rough_said, exact.low / exact_said
    if abs(rough_scale - exact_scale) > 1e-9 * abs(exact_scale):
        return True  # "about 2 hours" for 115 minutes: told apart by value alone
    return _roundness(rough_said) > _roundness(exact_said)


def _roundness(number: float) -> int:
    """How many places of ten ``number`` is whole to: 400 is 2, 386 is 0, 9.99 is -2."""
    for places in range(6, -5, -1):
        scaled = number / 10**places
        if abs(scaled - round(scaled)) < 1e-9 * max(1.0, abs(scaled)):
            return places
    return -5


_CLOCK_CHARS = "0123456789:."


def _told_clock(text: str, quantity: Quantity, told_text: str) -> bool:
    """The value is part of a clock time ("6:10") the customer wrote too ("6:10pm"):
    without "am" or "pm" its hour and minutes read as two bare numbers."""
    if quantity.kind != "number" or not told_text or ":" not in text:
        return False
    start, end = quantity.start, quantity.end
    while start > 0 and text[start - 1] in _CLOCK_CHARS:
        start -= 1
    while end < len(text) and text[end] in _CLOCK_CHARS:
        end += 1
    clock = text[start:end].strip(".")
    if not re.fullmatch(r"\d{1,2}:\d{2}", clock):
        return False
    return re.search(rf"(?<![\d:.]){re.escape(clock)}(?![\d:])", told_text) is not None


_OTHER_SIDE_RULED_RE = re.compile(
    r"\b(?:above|over|beyond|more than|below|under|less than|past) (?:that|this|it)\b",
    re.IGNORECASE,
)


def _within(quantity: Quantity, fact: Fact) -> bool:
    return any(quantity is own for own in fact.quantities)


def _from_told(
    quantity: Quantity, query_values: Sequence[Quantity], located: Sequence[Located]
) -> bool:
    """The value is the customer's value less (or plus) one the source states: what is
    left of their £160 over a £100 threshold."""
    if quantity.soft or quantity.low != quantity.high:
        return False
    told = [given for given in query_values if not given.soft and given.comparable(quantity)]
    # Relative only: durations are counted in days, where any absolute tolerance in
    # pounds would make 10 minutes "close" to 15.
    return any(
        math.isclose(result, quantity.low, rel_tol=0.005)
        for given in told
        for place in located
        if not place.quantity.soft
        and place.quantity.comparable(quantity)
        and not place.quantity.same_value(given)
        for result in (abs(given.low - place.quantity.low), given.low + place.quantity.low)
    )


def _missing(claim: Claim, quantity: Quantity) -> Problem | None:
    if _worked_out(claim, quantity):
        return None
    rival = _rival(claim, quantity, claim.located, ungoverned_only=False)
    if rival is not None:
        return Problem("contradicts_source", rival.sentence.text, rival.source)
    return None if quantity.soft else Problem("not_in_sources", "", None)


# How many more of the fact's words a priced sentence must share than any sentence
# saying "free" does, for the price to be the one the fact's "no charge" denies.
FREE_RIVAL_MARGIN = 1


def _free_said_of_other(
    claim: Claim, quantity: Quantity, matches: Sequence[Located]
) -> Located | None:
    """A "free" (or "no charge") the source says only of something else, while the
    sentence about what the fact speaks of gives a price: "if you miss the appointment,
    there's no charge" beside "Installation is free ..." and "If you miss the
    appointment, we charge a £30 fee"."""
    if not quantity.soft or quantity.kind == "ordinal":
        return None  # "its second week", once the source says it, is said
    rival = _rival(claim, quantity, claim.located, ungoverned_only=False)
    if rival is None:
        return None
    if any(own.same_value(rival.quantity) for own in claim.fact.quantities):
        # "UK delivery is £3.50, but it's free on orders over £25": the fact gives the
        # priced case its price, and the free one is another.
        return None
    subject = (claim.subject - _CASE_LIGHT) or claim.subject
    held = max(len(subject & place.sentence.stems) for place in matches)
    against = len(subject & rival.sentence.stems)
    return rival if against >= held + FREE_RIVAL_MARGIN else None


def _rival(
    claim: Claim, quantity: Quantity, located: Sequence[Located], *, ungoverned_only: bool
) -> Located | None:
    """A different value of the same kind, stated about what the fact is about."""
    # "Order" or "item" in a sentence does not make it about the fact's subject.
    subject = (claim.subject - _CASE_LIGHT) or claim.subject
    if not subject or (quantity.soft and len(subject) < 2):
        return None  # "there's no charge" alone does not say for what
    # Half the fact's subject must be there ("standard delivery" is not "express
    # delivery"); a soft "free" needs more to stand against a price.
    needed = max(2, math.ceil(len(subject) * 0.6)) if quantity.soft else math.ceil(len(subject) / 2)
    best, best_overlap = None, 0
    for place in located:
        own = place.quantity
        if not quantity.comparable(own) or quantity.same_value(own):
            continue
        if ungoverned_only and place.sentence.condition_of(own) is not None:
            continue
        overlap = len(subject & place.sentence.stems)
        if overlap > best_overlap:
            best, best_overlap = place, overlap
    return best if best_overlap >= max(1, needed) else None


def _other_item(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """The value is stated only for another named thing ("5 GB" is the Basic plan's)
    while the source gives the thing asked about ("the Max plan") another value."""
    if sum(1 for own in claim.fact.quantities if not own.soft) >= 3:
        return None  # "£1.99 for delivery, a £1.50 fee and 50p": a list of several things
    # "At 19 you'd come under young adult membership. It's £600 a year": what a fact
    # opening with a pronoun speaks of, the fact before named.
    stated = claim.asked_stems | _clause_stems(claim.fact, quantity) | claim.fact.context
    if any(
        not place.sentence.item_stems or place.sentence.item_stems & stated for place in matches
    ):
        return None
    articles = {place.article for place in matches}
    for place in claim.located:
        own = place.quantity
        if (
            place.article not in articles
            or not quantity.comparable(own)
            or quantity.same_value(own)
        ):
            continue
        if place.sentence.item_stems & stated:
            if _names_own_thing(claim, place, matches):
                continue
            return Problem("condition_misapplied", place.sentence.text, place.source)
    return None


# Where a fact joins two statements of its own: "Under-4s swim free with a paying adult,
# and toddlers can join ... for £6".
_CLAUSE_BREAK_RE = re.compile(r";\s+|,\s+(?:and|but|while|whereas|so)\s+", re.IGNORECASE)


def _clause_stems(fact: Fact, quantity: Quantity) -> frozenset[str]:
    """The words of the fact's own statement holding the value: the thing another
    clause names ("a paying adult") is not what the value is for."""
    text = _digits(fact.text)
    bounds = [0, *(m.end() for m in _CLAUSE_BREAK_RE.finditer(text)), len(text) + 1]
    start = max(b for b in bounds if b <= quantity.start)
    end = min(b for b in bounds if b > quantity.start)
    if start == 0 and end > len(text):
        return fact.stems
    return frozenset(content_stems(text[start:end]))


def _other_row(claim: Claim, matches: Sequence[Located]) -> Problem | None:
    """The value is a table cell of one row ("For Yearly, Premium: £179") while the
    question names another row of the same table ("What does Standard cost a year?")
    and neither it nor the fact names the value's own row."""
    stated = claim.asked_stems | claim.fact.stems
    rows = [_row_stems(place) for place in matches]
    if not all(rows) or any(row <= stated for row in rows):
        return None
    articles = {place.article for place in matches}
    for place in claim.located:
        other = _row_stems(place)
        named = place.article in articles and other and other <= stated
        if named and not any(other <= row for row in rows):
            return Problem("condition_misapplied", place.sentence.text, place.source)
    return None


def _free_of_priced(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """ "Cats travel free" where the source says "Dogs and cats travel for €15" and only
    "Assistance dogs travel free": no sentence saying free names what the fact gives it
    to (the words before "free" in its clause), and one naming all of it gives a price."""
    if not quantity.soft or quantity.kind != "amount":
        return None  # "on Monthly" names a plan, no free price
    text = _digits(claim.fact.text)
    before = _CLAUSE_START_RE.split(text[: quantity.start])[-1]
    owner = subject_stems(frozenset(content_stems(before))) - _CASE_LIGHT
    if len(owner) < OWNER_WORDS or any(owner <= place.sentence.stems for place in matches):
        return None
    for place in claim.located:
        own = place.quantity
        if not own.soft and own.kind == "amount" and owner <= place.sentence.stems:
            return Problem("contradicts_source", place.sentence.text, place.source)
    return None


_CLAUSE_START_RE = re.compile(r"[,;:()]|\s[-–—]\s")


def _row_stems(place: Located) -> frozenset[str]:
    """The words of the row label of a table cell (none for prose)."""
    row = table_row(place.sentence.text)
    return subject_stems(frozenset(content_stems(row))) if row else frozenset()


def _names_own_thing(claim: Claim, other: Located, matches: Sequence[Located]) -> bool:
    """The other thing is only the question's ("fares for cars and vans?"), and the fact
    names a thing its own sentence gives the value to and the other's does not ("A car
    up to 5 metres costs £89" against "Vans over 5 metres cost £135")."""
    subject = claim.subject - _CASE_LIGHT
    if other.sentence.item_stems & claim.fact.stems:
        return False
    return any(subject & place.sentence.stems - other.sentence.stems for place in matches)


_VALUE_SEGMENT_RE = re.compile(r",\s+|;\s+|\s+or\s+|\s+and\s+|\s+while\s+|\s+whereas\s+|\s+but\s+")
_PER_RE = re.compile(r"\b(?:per|a|an|each)\s+\w+", re.IGNORECASE)


def _around(text: str, quantity: Quantity) -> tuple[frozenset[str], frozenset[str]]:
    return _around_at(text, quantity.start, quantity.end)


@lru_cache(maxsize=65536)
def _around_at(
    text: str, value_start: int, value_end: int
) -> tuple[frozenset[str], frozenset[str]]:
    """The words before and after a value within its part of the sentence: "£35 per
    flight online" -> ({}, {online}); "an extra legroom seat costs £22" -> ({extra,
    legroom, seat, cost}, {})."""
    bounds = [0, *(m.end() for m in _VALUE_SEGMENT_RE.finditer(text)), len(text)]
    start = max(b for b in bounds if b <= value_start)
    ends = [b for b in bounds if b > value_end]
    end = min(ends) if ends else len(text)
    after = subject_stems(frozenset(content_stems(_PER_RE.sub(" ", text[value_end:end]))))
    # "about 40 minutes, including around 20 minutes of ...": how roughly a value is
    # said tells no case of it from another's.
    leading = _HEDGE_END_RE.sub(" ", text[start:value_start])
    before = subject_stems(frozenset(content_stems(leading)))
    return before, after


_HEDGE_END_RE = re.compile(
    r"\b(?:about|around|roughly|approximately|nearly|almost)\s*$", re.IGNORECASE
)


def _qualifiers(
    text: str, mine: Quantity, other: Quantity
) -> tuple[frozenset[str], frozenset[str]]:
    """The words that tell two values of one sentence apart. The words before a value
    count only when the other value has words before it too ("A standard seat costs £8
    and an extra legroom seat £22"); otherwise they are the subject both share ("Each
    bag costs £35 online or £60 at the airport")."""
    (mine_before, mine_after), (other_before, other_after) = (
        _around(text, mine),
        _around(text, other),
    )
    parallel = bool(mine_before) and bool(other_before)
    if parallel:
        mine_before, other_before = _without_gapped_verb(text, mine, other)
    own = mine_after | (mine_before if parallel else frozenset())
    theirs = other_after | (other_before if parallel else frozenset())
    return own, theirs


def _without_gapped_verb(
    text: str, mine: Quantity, other: Quantity
) -> tuple[frozenset[str], frozenset[str]]:
    """The words before each value, less the verb a part joined by "and" or "or" leaves
    to the part before: in "Panels are covered by a 25-year warranty and inverters by
    10 years" the inverters are "covered" too, so only "panels" and "inverters" tell
    the two apart."""
    (mine_text, mine_joined), (other_text, other_joined) = (
        _leading_text(text, mine),
        _leading_text(text, other),
    )
    mine_verb, other_verb = VERB_RE.search(mine_text), VERB_RE.search(other_text)
    if mine_verb and not other_verb and other_joined:
        mine_text = mine_text[: mine_verb.start()]
    elif other_verb and not mine_verb and mine_joined:
        other_text = other_text[: other_verb.start()]
    return (
        subject_stems(frozenset(content_stems(mine_text))),
        subject_stems(frozenset(content_stems(other_text))),
    )


_JOINER_RE = re.compile(r"(?:and|or|but|while|whereas)\b", re.IGNORECASE)


def _leading_text(text: str, quantity: Quantity) -> tuple[str, bool]:
    """The words before a value within its part of the sentence, hedges left out, and
    whether a conjunction opens that part."""
    joins = [m for m in _VALUE_SEGMENT_RE.finditer(text) if m.end() <= quantity.start]
    start = joins[-1].end() if joins else 0
    joined = bool(joins) and bool(_JOINER_RE.match(text[joins[-1].start() :].lstrip(" ,;")))
    return _HEDGE_END_RE.sub(" ", text[start : quantity.start]), joined


@lru_cache(maxsize=16384)
def _said_once(text: str) -> frozenset[str]:
    """Words a sentence uses once: those that pick out one of its cases ("en-suite"),
    unlike "fares" in "... for Flex fares and ... for other fares"."""
    stems = content_stems(text)
    return frozenset(token for token in stems if stems.count(token) == 1)


def _fact_scope(claim: Claim, quantity: Quantity) -> frozenset[str]:
    """What the fact says its value is for: with several values, the words around this
    one; with one, everything the fact and the question say."""
    text = _digits(claim.fact.text)
    # "Any miles over the 60 are charged at 25p each": a bound is no second value.
    hard = [
        own
        for own in claim.fact.quantities
        if not own.soft and (own is quantity or not _said_as_bound(text, own))
    ]
    if len(hard) < 2:
        # "At 64 you'd have senior membership. It's £400 a year, and there's no joining
        # fee": what the pronoun stands for, the fact before named.
        return claim.asked_stems | claim.fact.stems | claim.fact.context
    before, after = _around(text, quantity)
    index = next((i for i, own in enumerate(claim.fact.quantities) if own is quantity), None)
    if index is None:
        return before | after
    # "Team has the higher limit, at 10,000 ... compared with Enterprise's 1,000": the
    # words of the value's own clause, not the thing it is compared with.
    return value_words(text, claim.fact.quantities, index) | before


def _said_of(claim: Claim, quantity: Quantity) -> frozenset[str]:
    """The fact's own words for one of its values: all of them for a single value, else
    those leading up to it in its part of the fact ("check-in is by 11am, and ...";
    what follows may be the other side of a comparison: "5,000 compared with Basic's")."""
    if sum(1 for own in claim.fact.quantities if not own.soft) < 2:
        return claim.fact.stems
    return _around(_digits(claim.fact.text), quantity)[0]


def _rates_differ(text: str, mine: Quantity, other: Quantity) -> bool:
    """Both values are counted by a unit, and not the same one: "data costs £7.50 per
    MB and calls cost £2 a minute" prices two things, not one thing's two cases."""
    mine_rate, other_rate = rate_unit(text, mine), rate_unit(text, other)
    return bool(mine_rate and other_rate) and mine_rate != other_rate


def _gives_other_its_own(
    claim: Claim, other: Quantity, theirs: frozenset[str], own: frozenset[str]
) -> bool:
    """The fact also states the sentence's other value, with the words the sentence gives
    that value right before it: "A block of 10 is charged as 9 lessons" of "Book a block
    of 10 lessons and pay for 9". The words before the fact's own value then include the
    other value's case because the fact says both, not because it swapped them. Words
    of the value's own case before the other value ("10,000 ... compared with
    Enterprise's 1,000") say the fact gave the other value the wrong case."""
    if not theirs:
        return False
    text = _digits(claim.fact.text)
    hard = [own for own in claim.fact.quantities if not own.soft]
    for index, mine in enumerate(hard):
        if not mine.same_value(other):
            continue
        start = hard[index - 1].end if index else 0
        before = subject_stems(frozenset(content_stems(text[start : mine.start])))
        if before & theirs and not before & own:
            return True
    return False


def _swapped_value(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """The value is another case's in a sentence that gives one value per case, and the
    question or the fact names the other case ("£35 ... online or £60 at the airport",
    asked about the airport, answered £35; "a standard seat costs £22" where £22 is the
    extra legroom seat)."""
    scope = _fact_scope(claim, quantity)
    # Only the sentences most about the fact's subject: "free" is also what online
    # statements are, beside the account the fact speaks of.
    best = max(len(claim.subject & place.sentence.stems) for place in matches)
    for place in (p for p in matches if len(claim.subject & p.sentence.stems) == best):
        # The fact writes the value with the sentence's own words around it: its words
        # cannot have given the value another case's (the question still may).
        copied = _copied_with_value(_digits(claim.fact.text), quantity, place.sentence.text)
        for other in place.sentence.quantities:
            if (
                other is place.quantity
                or not quantity.comparable(other)
                or quantity.same_value(other)
                or _rates_differ(place.sentence.text, place.quantity, other)
                or _discount_beside_price(place.sentence.text, place.quantity, other)
            ):
                continue
            if _tagged_as_own(claim, place, other):
                continue  # "4-berth cabins are £95" of "2-berth for £65 and 4-berth for £95"
            if _beyond_bound_of(place.sentence.text, place.quantity, other) and not any(
                own_value.same_value(given)
                for own_value in place.sentence.quantities
                if own_value is not place.quantity
                for given in claim.fact.quantities
            ):
                # "free on orders over £50; below that it costs £6": the orders are this
                # value's too, unless the fact puts its value beside the sentence's others.
                continue
            own, theirs = _qualifiers(place.sentence.text, place.quantity, other)
            if _gives_other_its_own(claim, other, theirs - own, own - theirs):
                continue  # "A block of 10 is charged as 9 lessons" of "a block of 10 ... pay for 9"
            if copied:
                # "Any miles over the 60 are charged at 25p each", asked of the large car
                # the conversation is about: the sentence's words around the value are
                # the fact's, but the case the question names is the other value's.
                asked = claim.asked_stems - claim.fact.stems
                if (
                    own - theirs
                    and asked & (theirs - own)
                    and not (asked | claim.fact.stems) & (own - theirs)
                ):
                    return Problem("contradicts_source", place.sentence.text, place.source)
            else:
                if own - theirs and scope & (theirs - own) and not scope & (own - theirs):
                    return Problem("contradicts_source", place.sentence.text, place.source)
                # The fact's own words for its value name the other case, whatever the
                # question names ("Check-in is by 11am" of "check-in from 3pm and
                # check-out by 11am", asked about both).
                said = _said_of(claim, quantity)
                if own - theirs and said & (theirs - own) and not said & (own - theirs):
                    return Problem("contradicts_source", place.sentence.text, place.source)
            # "£50,000 for any single item" of "£50,000 for the whole contents, with a
            # limit of £500 for any single item": the case the fact says right after its
            # value is the other value's.
            text = _digits(claim.fact.text)
            case = _case_words(text, claim.fact.quantities, quantity)
            mine_case = _case_words(place.sentence.text, place.sentence.quantities, place.quantity)
            their_case = _case_words(place.sentence.text, place.sentence.quantities, other)
            if (
                mine_case - their_case
                and case & (their_case - mine_case)
                and not case & (mine_case - their_case)
            ):
                return Problem("contradicts_source", place.sentence.text, place.source)
            # "Rent is £180 a week, or £220 for an en-suite room": the plain value is the
            # default, and the customer asks about the case the other one is for.
            asked = (theirs - own) & (claim.asked_stems - claim.fact.stems)
            if (
                not own - theirs
                and asked & _said_once(place.sentence.text)
                and not _bounded_by_own_clause(place.sentence.text, place.quantity)
            ):
                return Problem("condition_misapplied", place.sentence.text, place.source)
    return None


# A value for the other side of a bound the sentence set before it: "below that".
_BEYOND_BOUND_RE = re.compile(
    r"\b(?:below|under|above|over|less than|more than|beyond) (?:that|this)\b|\botherwise\b",
    re.IGNORECASE,
)


def _beyond_bound_of(text: str, mine: Quantity, other: Quantity) -> bool:
    """The value's clause points back at the bound the other value set ("Delivery is free
    on orders over £50; below that it costs £6"): it is the same thing's value on the
    bound's other side, so the words of the other value's case are its own as well."""
    if other.end > mine.start:
        return False
    clause = re.split(r"[;,.]", text[other.end : mine.start])[-1]
    return bool(_BEYOND_BOUND_RE.search(clause))


# "take £20 off", "20% off your order": an amount taken off a price, not a price.
_TAKEN_OFF_RE = re.compile(r"^\s*(?:off|discount)\b", re.IGNORECASE)


def _discount_beside_price(text: str, mine: Quantity, other: Quantity) -> bool:
    """One value is an amount taken off and the other a price ("we rebook you at no
    charge and take £20 off your tuning"): both hold in one case, neither is the
    other case's."""
    taken = [bool(_TAKEN_OFF_RE.match(text[own.end :])) for own in (mine, other)]
    return taken[0] != taken[1]


_SPACES_RE = re.compile(r"\s+")


def _copied_with_value(text: str, quantity: Quantity, sentence: str) -> bool:
    """The words leading up to the value, the value and what follows it, as the fact
    writes them, are the sentence's own: "Freshwater lakes contain about 87 % of this
    fresh surface water" copied from the sentence cannot have swapped its values."""
    start = max(0, quantity.start - 30)
    window = _SPACES_RE.sub(" ", text[start : quantity.end + 15]).strip(" ,.;:").lower()
    return len(window.split()) >= 5 and window in _SPACES_RE.sub(" ", sentence).lower()


def _swapped_pair(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """The fact gives two values of one source sentence each with the other's words:
    "£49 a month or £4.99 a year" of "£4.99 a month or £49 a year"; "£50 for a
    higher-level contravention, and £70 for a lower-level one" of the reverse."""
    fact = claim.fact
    text = _digits(fact.text)
    mine = next((i for i, own in enumerate(fact.quantities) if own is quantity), None)
    if mine is None or quantity.soft:
        return None
    for place in matches:
        sentence = place.sentence
        for index, other in enumerate(fact.quantities):
            if index == mine or other.soft or not quantity.comparable(other):
                continue
            if other.same_value(quantity):
                continue
            theirs = next((own for own in sentence.quantities if own.same_value(other)), None)
            if theirs is None:
                continue
            source_mine = _own_words(sentence.text, sentence.quantities, place.quantity)
            source_theirs = _own_words(sentence.text, sentence.quantities, theirs)
            mine_only, theirs_only = source_mine - source_theirs, source_theirs - source_mine
            fact_mine = _own_words(text, fact.quantities, quantity)
            fact_theirs = _own_words(text, fact.quantities, other)
            if len(fact_mine & theirs_only) > len(fact_mine & mine_only) and len(
                fact_theirs & mine_only
            ) > len(fact_theirs & theirs_only):
                return Problem("contradicts_source", sentence.text, place.source)
    return None


# "£8 per flight", "£15 a month": what a value is counted by, not whose it is.
_LEADING_RATE_RE = re.compile(r"^\s*(?:per|a|an|each|every)\s+[A-Za-z]+\b", re.IGNORECASE)
_CASE_END_RE = re.compile(r";|\.\s|,\s+(?:and|but|while|whereas|so)\s+", re.IGNORECASE)


def _case_words(text: str, quantities: Sequence[Quantity], quantity: Quantity) -> frozenset[str]:
    """The words after a value up to the next value of its measure: its case, with the
    numbers that name it ("for a 1- or 2-bed property")."""
    following = min(
        (own.start for own in quantities if own.start >= quantity.end and own.comparable(quantity)),
        default=len(text),
    )
    after = _LEADING_RATE_RE.sub("", text[quantity.end : following])
    stop = _CASE_END_RE.search(after)
    if stop is not None:
        after = after[: stop.start()]
    return frozenset(word for word in content_stems(after) if not word[:1].isdigit()) - _SWAP_LIGHT


_SWAP_LIGHT = frozenset(content_stems("cost costs pay pays charge charged price is are"))


def _own_words(text: str, quantities: Sequence[Quantity], quantity: Quantity) -> frozenset[str]:
    """The words a value's case is said in: those after it, and those before it back to
    a comma (which may be the previous value's); units and rates ("a month") kept."""
    index = next(i for i, own in enumerate(quantities) if own is quantity)
    before, after = value_sides(text, quantities, index)
    words = content_stems(f"{before.rsplit(',', 1)[-1]} {after}")
    return frozenset(word for word in words if not word[:1].isdigit()) - _SWAP_LIGHT


def _tagged_as_own(claim: Claim, place: Located, other: Quantity) -> bool:
    """The fact states the value of another kind that the sentence pairs with its value
    and not the one it pairs with the other value: it names its own case."""
    sentence, given = place.sentence, claim.fact.quantities

    def names(tags: list[Quantity]) -> bool:
        return any(mine.same_value(tag) for mine in given for tag in tags)

    return names(_tags(sentence, place.quantity)) and not names(_tags(sentence, other))


# A value belongs to another thing when a different value's own words say at least
# this many of the words the fact puts around it, more than any place stating it does.
OWNER_WORDS = 2


def _place_words(place: Located) -> frozenset[str]:
    sentence = place.sentence
    index = next(i for i, own in enumerate(sentence.quantities) if own is place.quantity)
    return value_words(sentence.text, sentence.quantities, index)


def _misbound(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """The value is the source's, but its own words there name another thing, and a
    different value's words name what the fact gives it to: "24.9% APR on purchases"
    given to cash advances, which "are charged at 29.9% APR"; 10,000 requests given to
    Team where "Team workspaces can make 1,000 requests"."""
    fact = claim.fact
    if quantity.soft:
        return None
    text = _digits(fact.text)
    index = next((i for i, own in enumerate(fact.quantities) if own is quantity), None)
    if index is None:
        return None
    mine = value_words(text, fact.quantities, index) & (claim.subject | fact.stems)
    if len(mine) < OWNER_WORDS:
        return None
    # A place stating the value may leave its subject to the sentence ("...; it closes
    # 2 hours before departure"): all of its sentence counts for it.
    held = max(len(mine & _stating_words(claim, place)) for place in matches)
    best, best_overlap = None, max(OWNER_WORDS, held + 1, math.ceil(len(mine) / 2)) - 1
    # Within a sentence that states the value, its parallel cases share a subject the
    # words cannot tell apart ("opens 30 days before for Flex fares and 48 hours before
    # for other fares"): _swapped_value reads those.
    stating = {id(place.sentence) for place in matches}
    for place in claim.located:
        own = place.quantity
        if own.soft or not quantity.comparable(own) or quantity.same_value(own):
            continue
        if id(place.sentence) in stating:
            continue
        overlap = len(mine & _place_words(place))
        if overlap > best_overlap:
            best, best_overlap = place, overlap
    if best is None:
        return None
    # The fact also names what only a sentence stating its value says ("created through
    # a partner referral, you get a 30-day trial"): it speaks of that sentence's case.
    others = frozenset().union(
        *(
            owned_words(text, fact.quantities, i)
            for i, own in enumerate(fact.quantities)
            if i != index and not own.soft
        )
    )
    named = claim.subject - others
    if any(named & (place.sentence.stems - best.sentence.stems) for place in matches):
        return None
    return Problem("contradicts_source", best.sentence.text, best.source)


def _case_problem(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    fact = claim.fact
    index = next((i for i, own in enumerate(fact.quantities) if own is quantity), None)
    if index is not None and compared_side(_digits(fact.text), fact.quantities, index):
        # "£1,000 against £500": the other side's value, stated by the source; whose it
        # is, is the comparison's to say (support._comparison_problem).
        return None
    fits, place = _table_cell(claim, quantity, matches)
    if fits is False:
        # A value read from a table holds for its cell's row and column, and only there.
        return Problem("condition_misapplied", matches[place].sentence.text, matches[place].source)
    if fits:
        surcharge = _unapplied_surcharge(claim, quantity, matches[place])
        if surcharge is not None:
            return surcharge
        # The cell is the case's own; what prose says of the case may still differ
        # ("In London, standing charges are 8p a day higher").
        prose = replace(
            claim, located=[p for p in claim.located if cell_of(p.sentence.text) is None]
        )
        return _borrowed_value(prose, quantity, matches) or _other_article_rival(
            prose, quantity, matches
        )
    band = _outside_band(claim, matches) or _outside_measured_band(claim, matches)
    if band is not None:
        return band
    other_item = (
        _other_item(claim, quantity, matches)
        or _other_row(claim, matches)
        or _free_of_priced(claim, quantity, matches)
        or _swapped_pair(claim, quantity, matches)
        or _swapped_value(claim, quantity, matches)
        or _other_tag(claim, quantity, matches)
    )
    if other_item is not None:
        return other_item
    fact = claim.fact
    stated_stems = claim.query_stems | fact.stems
    stated_values = [q for q in (*claim.query_values, *fact.quantities) if q is not quantity]
    for place in matches:
        condition = place.sentence.condition_of(place.quantity)
        if condition is None or (
            condition.satisfied_by(stated_stems, stated_values)
            and _told_apart(
                condition,
                _article_conditions(claim, place),
                stated_stems,
                stated_values,
                place.sentence.text,
            )
        ):
            return (
                _ignored_condition(claim, quantity, place)
                or _borrowed_value(claim, quantity, matches)
                or _other_article_rival(claim, quantity, matches)
                or _misbound(claim, quantity, matches)
            )
    first = matches[0]
    if _default_value(claim, quantity, first) or (
        _query_states_other_case(claim, first) and not _states_own_case(claim, first)
    ):
        return Problem("condition_misapplied", first.sentence.text, first.source)
    # The only value the article gives, so it is the rule, not an exception; it may
    # still be another thing's.
    return _misbound(claim, quantity, matches)


def _table_cell(
    claim: Claim, quantity: Quantity, matches: Sequence[Located]
) -> tuple[bool | None, int]:
    """Whether the table cells stating the value are of the row and column the fact,
    else the question, speaks of (:mod:`.tables`); None for a value prose states too."""
    if not claim.sources:
        return None, 0
    fact = claim.fact
    text = _digits(fact.text)
    index = next(i for i, own in enumerate(fact.quantities) if own is quantity)
    before, after = value_sides(text, fact.quantities, index)
    others = tuple(own for own in fact.quantities if own is not quantity)
    # "less than 3 years old" bounds the case; the 3 is no value of it, and would name
    # the row "3 years old or older".
    pointed = tuple(own for own in others if not _said_as_bound(text, own))
    scope = Scope(
        # "£500 on Essentials, £350 on Plus": a value's case follows it, and what comes
        # before it, up to a comma, may be the previous value's.
        local=(after, before.rsplit(",", 1)[-1]),
        fact=text,
        question=claim.told_text,
        fact_values=pointed,
        question_values=tuple(claim.query_values),
        # Only values of the same measure are other cells' ("£500 on Essentials, £350 on
        # Plus"); "for a 4-year-old" says whose the £10 is.
        several=any(
            not own.soft and own.kind == quantity.kind and not _label_value(claim, own)
            for own in others
        ),
    )
    return cell_fits(scope, [(claim.sources[place.source], place.sentence) for place in matches])


_BOUND_BEFORE_RE = re.compile(
    r"\b(?:less than|fewer than|under|below|more than|over|above|at least|at most|up to"
    r"|younger than|older than)\s*(?:the\s+)?$",
    re.IGNORECASE,
)
_BOUND_AFTER_RE = re.compile(r"^\s*(?:or|and) (?:more|less|fewer|older|younger|over|under)\b")


def _said_as_bound(text: str, own: Quantity) -> bool:
    """The text gives the value as a bound of a case ("less than 3 years old", "5 or
    more"), not as the case's own value."""
    return bool(
        _BOUND_BEFORE_RE.search(text[max(0, own.start - 20) : own.start])
        or _BOUND_AFTER_RE.match(text[own.end : own.end + 20])
    )


# "Moves on a Saturday cost 15% more", "add £20 for a second driver": a change to
# the table's prices for a case.
_SURCHARGE_RE = re.compile(
    r"^\s*(?:more|extra|higher|on top|less|lower|off|surcharge|supplement)\b", re.IGNORECASE
)
_SURCHARGE_LIGHT = frozenset(content_stems("cost costs price prices charge more extra"))


# "at every service level", "on all bookings": what a surcharge holds for in every case.
_EVERY_RE = re.compile(r"\b(?:every|each|all|any)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)


def _every_stems(text: str) -> frozenset[str]:
    """The words naming what a sentence says holds "at every ..." or "on all ...": the
    surcharge's reach, not the case it prices."""
    if not _EVERY_RE.search(text):
        return frozenset()
    return frozenset(
        word for match in _EVERY_RE.finditer(text) for word in content_stems(match.group(1))
    )


def _unapplied_surcharge(claim: Claim, quantity: Quantity, cell: Located) -> Problem | None:
    """The question tells a case the article prices apart from its table ("Our move is
    on a Saturday" beside "Moves on a Saturday cost 15% more"), and the fact gives the
    table's price as the cost without it."""
    text = _digits(claim.fact.text)
    if worked_out(quantity, text, claim.fact.quantities):
        return None
    article = [place for place in claim.located if place.article == cell.article]
    # Every sentence of the article, its heading too: "Trade-in." says what the whole
    # section is about, so "trade" is no case of "credit worth 10% more".
    chunks = {place.source for place in article}
    others = [
        sentence.stems for index in sorted(chunks) for sentence in claim.sources[index].sentences
    ]
    for place in article:
        sentence = place.sentence
        if label_end(sentence.text) or place.quantity.kind not in ("percent", "amount"):
            continue
        if place.quantity.soft or not _SURCHARGE_RE.match(sentence.text[place.quantity.end :]):
            continue
        if any(
            own.same_value(place.quantity) for own in (*claim.fact.quantities, *claim.answer_values)
        ):
            continue  # the answer applies it, or tells it apart
        own = subject_stems(sentence.stems) - _SURCHARGE_LIGHT - _every_stems(sentence.text)
        # Words only this sentence of the article says: the case it prices.
        case = frozenset(word for word in own if sum(word in stems for stems in others) == 1)
        told = case & (claim.asked_stems - claim.fact.stems)
        if told:
            return Problem("condition_misapplied", sentence.text, place.source)
    return None


# "Between 7 and 14 days before, we keep 25%", "with less than 7 days' notice we keep
# 50%": the notice a value's clause opens with.
_NOTICE_BAND_RE = re.compile(
    r"(?:^|[;,.]\s*|\bwith\s+)(?P<bound>between|less than|more than|under|over|at least)\s+"
    r"(?P<band>\d+(?:\s+and\s+\d+)?\s+(?:working\s+)?(?:hours?|days?|weeks?|months?))['’]?"
    r"\s+(?:before|ahead|notice)\b[^;.]*$",
    re.IGNORECASE,
)


def _outside_band(claim: Claim, matches: Sequence[Located]) -> Problem | None:
    """Every clause stating the value opens with a notice band ("between 7 and 14 days
    before, we keep 25%") that the time the customer tells ("the move is in 5 days")
    falls outside."""
    told = [own for own in claim.query_values if own.kind == "duration" and not own.soft]
    if not told or not matches:
        return None
    for place in matches:
        text = place.sentence.text[: place.quantity.start]
        clause = re.split(r";\s*", text)[-1]
        found = _NOTICE_BAND_RE.search(clause)
        if found is None:
            return None
        band = next(iter(extract_quantities(found.group("band"))), None)
        if band is None or band.kind != "duration":
            return None
        bound = found.group("bound").lower()
        low, high = band.low, band.high
        if bound in ("less than", "under"):
            inside = [own for own in told if own.high < high]
        elif bound in ("more than", "over"):
            inside = [own for own in told if own.low > low]
        elif bound == "at least":
            inside = [own for own in told if own.low >= low]
        else:
            inside = [own for own in told if low <= own.low and own.high <= high]
        if inside:
            return None
    first = matches[0]
    return Problem("condition_misapplied", first.sentence.text, first.source)


# What a value's clause opens with when it bounds a measure: "within 5 miles of the shop
# for £10", "from 5 to 15 miles for £20", "over 20 kg, £15".
_UPPER_BOUND_RE = re.compile(
    r"\b(?:within|up to|under|less than|below|no more than|no further than|not more than)\s+$",
    re.IGNORECASE,
)
_LOWER_BOUND_RE = re.compile(
    r"\b(?:over|more than|above|at least|further than|beyond)\s+$", re.IGNORECASE
)
_RANGE_START_RE = re.compile(
    r"\b(?:from|between)\s+(?P<low>\d+(?:\.\d+)?)\s*(?:to|and|-|–)\s*$", re.IGNORECASE
)
_VALUE_CLAUSE_RE = re.compile(r";\s*|\.\s+|,\s+|\s+(?:and|but|or|while)\s+", re.IGNORECASE)


def _value_clause(text: str, quantity: Quantity) -> str:
    """The words of the value's own clause up to it: " from 5 to 15 miles for " of
    "... for £10 and from 5 to 15 miles for £20"."""
    return _VALUE_CLAUSE_RE.split(text[: quantity.start])[-1]


def _measured_band(
    clause: str, stated: Sequence[Quantity], told: Quantity
) -> tuple[float, float] | None:
    """The band of the customer's measure the clause opens with, as (low, high);
    ``stated`` are the clause's values."""
    # Said in the same unit word: "8 miles" is no "8-inch" length of a cake.
    word = _unit_word(told)
    own = [
        q
        for q in stated
        if q.kind == told.kind
        and q.unit == told.unit
        and not q.soft
        and q.low == q.high
        and _unit_word(q) == word
    ]
    if not own:
        return None
    last = own[-1]
    before = clause[: last.start]
    if found := _RANGE_START_RE.search(before):
        number = said_number(last)
        if not number:
            return None
        return float(found.group("low")) * last.low / number, last.high
    if _UPPER_BOUND_RE.search(before):
        return float("-inf"), last.high
    if _LOWER_BOUND_RE.search(before):
        return last.low, float("inf")
    return None


def _bounded_by_own_clause(text: str, quantity: Quantity) -> bool:
    """The value's clause opens with a value of its own ("and from 3 to 10 miles for
    £12"): the case it is for is that one, not a default beside another case's."""
    return any(not own.soft for own in extract_quantities(_value_clause(text, quantity)))


def _unit_word(quantity: Quantity) -> str:
    words = re.findall(r"[a-z]+", quantity.text.lower())
    return stem(words[-1]) if words else ""


def _outside_measured_band(claim: Claim, matches: Sequence[Located]) -> Problem | None:
    """Every clause stating the value bounds a measure the customer gives ("We deliver
    within 5 miles of the shop for £10 and from 5 to 15 miles for £20"), and the
    customer's value ("8 miles away") is outside the band of the fact's value."""
    told = [
        own
        for own in claim.query_values
        if own.kind == "number" and own.unit and not own.soft and own.low == own.high
    ]
    if not told or not matches:
        return None
    for place in matches:
        clause = _value_clause(place.sentence.text, place.quantity)
        stated = extract_quantities(clause)
        bands = [(own, band) for own in told if (band := _measured_band(clause, stated, own))]
        if not bands or any(low <= own.low <= high for own, (low, high) in bands):
            return None
    first = matches[0]
    return Problem("condition_misapplied", first.sentence.text, first.source)


def _label_value_rival(
    fact: Fact, quantity: Quantity, located: Sequence[Located]
) -> Located | None:
    """A value the sources give only as a table's row or column name ("Session | 60
    minutes | 90 minutes"), stated as the fact's claim ("A toddler session lasts 60
    minutes") where a sentence saying every word of the fact gives another value ("A
    toddler session lasts 45 minutes"): that sentence's value is the thing's own."""
    if quantity.soft:
        return None
    said = _words_besides_values(fact)
    if len(said) < 2:
        return None
    for place in located:
        own = place.quantity
        if own.soft or not quantity.comparable(own) or quantity.same_value(own):
            continue
        if _names_label(place) or not said <= place.sentence.stems:
            continue
        if any(quantity.same_value(other) for other in place.sentence.quantities):
            continue
        return place
    return None


def _names_label(place: Located) -> bool:
    """The value is part of a table's row or column name ("For Up to 20 miles, 3-bed
    house: £950", the header "Property size: Up to 20 miles: Over 20 miles"), which
    says whose a cell is rather than what anything costs."""
    text = place.sentence.text
    if end := label_end(text):
        return place.quantity.end <= end
    return text.count(": ") >= 2 and not any(
        own.kind in ("amount", "percent") for own in place.sentence.quantities
    )


_ARTICLE_RE = re.compile(r"^(?:an?|the|one)\s+", re.IGNORECASE)


# One unit of time, as a rate's period is said: "in a year", "a month".
_ONE_PERIOD_RE = re.compile(r"^(?:1|a|an|one)\s+(?P<unit>day|week|month|year)$", re.IGNORECASE)


def _period_counted_by(quantity: Quantity, sources: Sequence[PreparedSource]) -> bool:
    """A single day, week, month or year that the source counts something by ("each
    year", "every month", "per week"): "overpay 10% in a year" of "up to 10% of your
    balance each year" names the period, not a length of time the source leaves out."""
    found = _ONE_PERIOD_RE.match(quantity.text.strip()) if quantity.kind == "duration" else None
    if found is None:
        return False
    every = re.compile(rf"\b(?:each|every|per|a|an)\s+{found.group('unit')}\b", re.IGNORECASE)
    return any(every.search(sentence.text) for source in sources for sentence in source.sentences)


def _written_in_label(quantity: Quantity, sources: Sequence[PreparedSource]) -> bool:
    """The value is written out in a table's row or column name ("a full day" of "For
    Full day, Rowing boat: £55"), which no value of the source's stands for."""
    said = _ARTICLE_RE.sub("", quantity.text).lower()
    if not said or said[:1].isdigit():
        return False
    pattern = re.compile(rf"(?<!\w){re.escape(said)}(?!\w)")
    return any(
        pattern.search(sentence.text[:end].lower())
        for source in sources
        for sentence in source.sentences
        if (end := label_end(sentence.text))
    )


def _label_value(claim: Claim, quantity: Quantity) -> bool:
    matches = [place for place in claim.located if quantity.same_value(place.quantity)]
    return bool(matches) and all(_names_label(place) for place in matches)


def _same_article(claim: Claim, place: Located) -> list[Located]:
    return [other for other in claim.located if other.article == place.article]


def _borrowed_value(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """The value is stated, but for something else ("1-2 days" is express delivery), and
    a sentence more about the fact's subject gives another value ("standard: 3-5 days").

    Only for a fact with one value: a fact listing several values for several things
    ("8% on computers, 12% on appliances") is about all of them at once.
    """
    if sum(1 for own in claim.fact.quantities if not own.soft) != 1:
        return None
    others = [own for own in claim.fact.quantities if own is not quantity and not own.soft]
    if others and any(
        all(any(other.same_value(given) for given in place.sentence.quantities) for other in others)
        for place in matches
    ):
        # "It's free if there are 4 or more of you" beside "Delivery is free for bookings
        # of 4 or more people": the sentence stating the value states the fact's other
        # value with it, so it is the fact's own; words a pronoun borrows find no rival.
        return None
    subject = claim.subject
    # "It takes about an hour" beside "A test takes about an hour": a fact whose every
    # word a sentence stating its value says is that sentence's, whatever the question
    # asks; a rival must say those words too.
    said = _words_besides_values(claim.fact)
    restated = bool(said) and any(said <= place.sentence.stems for place in matches)
    if len(subject) <= 2:
        # "That's 24.9% APR as well": a bare value is about what the question asks.
        subject = subject | (subject_stems(claim.asked_stems) - _CASE_LIGHT)
    matched = max(len(subject & _stating_words(claim, place)) for place in matches)
    best, best_overlap = None, max(matched, math.ceil(len(subject) / 2) - 1)
    # "£600 a year" is no rival of a one-off "joining fee of £250": a value counted by a
    # period is rivalled only by values counted by it.
    per = rate_unit(_digits(claim.fact.text), quantity)
    for place in claim.located:
        own = place.quantity
        if not quantity.comparable(own) or quantity.same_value(own) or own.soft:
            continue
        if per and rate_unit(place.sentence.text, own) != per:
            continue
        if restated and not said <= place.sentence.stems:
            continue
        overlap = len(subject & place.sentence.stems)
        if overlap > best_overlap:
            best, best_overlap = place, overlap
    if best is None:
        return None
    return Problem("contradicts_source", best.sentence.text, best.source)


def _words_besides_values(fact: Fact) -> frozenset[str]:
    """The fact's words other than its numbers and units, glue words too ("takes")."""
    return frozenset(token for token in fact.stems - UNIT_STEMS if not token[:1].isdigit())


# "After 30 days it rises to £50", "from 20 inches it is £28": a value whose clause
# leaves its subject to the sentence before.
_PRONOUN_VALUE_RE = re.compile(
    r"\b(?:it|they|this|these)\s+(?:is|are|costs?|rises?|goes up|falls?|drops?)\s+(?:to\s+)?$",
    re.IGNORECASE,
)


def _stating_words(claim: Claim, place: Located) -> frozenset[str]:
    """The words a place says of the value it states: its sentence's, and the sentence
    before's when a pronoun stands for the subject there."""
    sentence = place.sentence
    before = sentence.text[max(0, place.quantity.start - 30) : place.quantity.start]
    if not claim.sources or not sentence.position or not _PRONOUN_VALUE_RE.search(before):
        return sentence.stems
    previous = claim.sources[place.source].sentences[sentence.position - 1]
    return sentence.stems | previous.stems


def _other_article_rival(
    claim: Claim, quantity: Quantity, matches: Sequence[Located]
) -> Problem | None:
    """Another article states a different value for the same thing (the sources disagree).

    "The same thing" is what the fact and the sentence it agrees with share
    ("exchange", "delivery"); the other article's sentence must say all of it.
    """
    if sum(1 for own in claim.fact.quantities if not own.soft) >= 3:
        return None  # a list of several things: its words are not all this value's
    articles = {place.article for place in matches}
    agreed = max((claim.subject & place.sentence.stems for place in matches), key=len)
    if len(agreed) < 2:
        return None
    allowed_missing = 1 if len(agreed) >= 3 else 0
    for place in claim.located:
        own = place.quantity
        if place.article in articles or not quantity.comparable(own) or quantity.same_value(own):
            continue
        if place.sentence.condition_of(own) is not None or own.soft:
            continue
        if len(agreed - place.sentence.stems) <= allowed_missing:
            if _narrower_kind(place.sentence.text, agreed, claim.fact.stems | claim.query_stems):
                continue  # "a private white filling costs £140" against "a filling"
            if _share_of_value(place, quantity):
                continue  # "£50 an hour, 50% of our hourly rate" beside "our hourly rate of £100"
            return Problem("contradicts_source", place.sentence.text, place.source)
    return None


def _share_of_value(place: Located, quantity: Quantity) -> bool:
    """The other sentence's value is a share it states of the fact's value ("£50 an
    hour, 50% of our hourly rate" where the rate is £100): the two agree."""
    if quantity.low <= 0 or quantity.low != quantity.high:
        return False
    return any(
        share.kind == "percent"
        and share.low == share.high
        and 0 < share.low < 1000
        and math.isclose(quantity.low * share.low / 100, place.quantity.low, rel_tol=0.005)
        for share in place.sentence.quantities
    )


def _narrower_kind(text: str, agreed: frozenset[str], said: frozenset[str]) -> bool:
    """The other article names a kind of the thing, by a word neither the fact nor the
    question says ("private white filling" where a filling is asked about): its value is
    that kind's, not the thing's."""
    words = re.findall(r"[\w'-]+", text)
    for index, word in enumerate(words[1:], start=1):
        if stem(word.lower()) not in agreed:
            continue
        before = content_stems(words[index - 1])
        if before and not set(before) & (said | agreed):
            return True
    return False


def _default_value(claim: Claim, quantity: Quantity, used: Located) -> bool:
    """The article gives another value for the ordinary case of what the fact is about.

    The other statement must be mostly about the fact's subject ("You can return most
    items within 30 days" for a fact on returns), not merely share a word with it.
    """
    subject = claim.subject - _CASE_LIGHT
    mine = [own for own in claim.fact.quantities if own is not quantity]
    # "£3.50, but free on orders over £25": the fact gives the case's rule whole (its
    # "free" too) beside the default, not the default to the case.
    whole = _states_sentence_values(mine, used)
    for place in _same_article(claim, used):
        own = place.quantity
        if not quantity.comparable(own) or quantity.same_value(own):
            continue
        if place.sentence.condition_of(own) is not None:
            continue
        if whole and any(given.same_value(own) for given in mine):
            continue
        if place.sentence is used.sentence and used.sentence.condition_of(used.quantity):
            return True  # "costs £45, or £35 for Anytime members": the same sentence's rule
        # What a price is and what it is counted by ("cost £60 per flight") say nothing
        # of what it is for: golf bags and bicycles both "cost ... per flight".
        priced = (
            _PRICE_WORDS | {rate_unit(place.sentence.text, own)}
            if own.kind == "amount"
            else frozenset()
        )
        theirs = subject_stems(place.sentence.stems) - _CASE_LIGHT - priced
        if theirs and len(theirs & subject) / len(theirs) >= 0.5:
            return True
    return False


def _states_sentence_values(given: Sequence[Quantity], used: Located) -> bool:
    """The sentence states other values than the one used, and ``given`` holds them all."""
    others = [own for own in used.sentence.quantities if own is not used.quantity]
    return bool(others) and all(any(mine.same_value(own) for mine in given) for own in others)


def _states_own_case(claim: Claim, used: Located) -> bool:
    """The fact says the case its value is for in its own words ("Drivers under 25 pay
    a £250 young driver excess"): it gives that case's rule, not the rule for another
    case the question names beside it ("... and what happens on a black box policy?")."""
    condition = used.sentence.condition_of(used.quantity)
    if condition is None or not (condition.key_stems or condition.quantities):
        return False
    # The case's own bound ("under 25") is among the fact's values that state it.
    return condition.satisfied_by(claim.fact.stems, claim.fact.quantities)


def _query_states_other_case(claim: Claim, used: Located) -> bool:
    """The question names a case the article treats separately from the fact's value. A
    case with no words of its own ("If we don't receive it in time") is one no question
    names."""
    own_condition = used.sentence.condition_of(used.quantity)
    sentences = {id(place.sentence): place.sentence for place in _same_article(claim, used)}
    return any(
        condition is not own_condition
        and (condition.key_stems or condition.quantities)
        and condition.satisfied_by(claim.query_stems, claim.query_values)
        and not _speaks_of(claim, used.quantity, sentence)
        for sentence in sentences.values()
        for condition in sentence.conditions
    )


def _speaks_of(claim: Claim, quantity: Quantity, sentence: SourceSentence) -> bool:
    """The fact states another value of the sentence giving a case's rule ("your 20 free
    days are used up"): it speaks of that case, and gives its value knowing it."""
    return any(
        given.same_value(other)
        for given in claim.fact.quantities
        if not given.soft and not given.same_value(quantity)
        for other in sentence.quantities
        if not other.soft
    )


def _told_own_case(claim: Claim) -> bool:
    """The fact's own case is one the customer states ("Home students pay ..." asked by
    a home student): the customer may still state another case beside it."""
    fact = claim.fact
    if claim.asked_stems & _COMPARING:
        return False  # "How do Everyday and Premier compare?" names both cases on purpose
    text = _digits(fact.text)
    own = governing_conditions(text, fact.quantities).values()
    return any(condition.satisfied_by(claim.asked_stems, ()) for condition in own)


_COMPARING = frozenset(
    stem(word) for word in word_list("compare compared comparison difference versus vs between")
)


def _opens_before(text: str, condition: Condition, quantity: Quantity) -> bool:
    """The condition is written before the value in the sentence."""
    at = text.lower().find(condition.text.lower())
    return 0 <= at < quantity.start


def _ignored_condition(claim: Claim, quantity: Quantity, used: Located) -> Problem | None:
    """The question states a case the source gives another value for; the fact ignores it.

    The special case must be about the fact's subject: said in so many words, or said
    right next to the sentence the fact's value came from.
    """
    if claim.fact.conditioned and not _told_own_case(claim):
        return None  # the fact states the case it gives its value for
    used_condition = used.sentence.condition_of(used.quantity)
    for place in _same_article(claim, used):
        own, sentence = place.quantity, place.sentence
        condition = sentence.condition_of(own)
        if condition is None or not quantity.comparable(own) or quantity.same_value(own):
            continue
        if used_condition is not None and condition.text == used_condition.text:
            continue  # the same case's other value ("£15, waived if you pay in £5,000")
        if (
            used_condition is None
            and sentence is used.sentence
            and _opens_before(sentence.text, condition, used.quantity)
        ):
            # "Anytime members can bring 1 guest free; extra guest passes are £8": the
            # case opening the sentence is the other clause's too. One after the value
            # ("£9 for adults and free for children aged 5 to 15") is its own clause's.
            continue
        if any(given.same_value(own) for given in claim.fact.quantities):
            continue  # the fact gives the other case its own value too ("£1,000 against £500")
        if any(given.kind == own.kind and given.same_value(own) for given in claim.answer_values):
            # So does another fact of the answer: "the first £100 ... interest-free; above
            # that it's 39.9%".
            continue
        if _speaks_of(claim, quantity, sentence):
            continue  # it speaks of the case itself ("your 20 free days are used up")
        near = abs(sentence.position - used.sentence.position) <= 1 and place.source == used.source
        if table_row(sentence.text) != table_row(used.sentence.text):
            near = False  # two rows of a table state two different things
        # One shared word ("fee" in "Paper statements cost £2" and "no monthly fee") does
        # not make another sentence's case the fact's.
        if not (len(claim.subject & sentence.stems) >= 2 or near):
            continue
        if (
            near
            and not own.soft
            and _names_other_thing(place, claim.subject)
            and not _INSTEAD_RE.search(sentence.text)
        ):
            # The next sentence's value of another thing ("appeal within 28 days"); one
            # given "instead" ("Working families can claim 30 hours a week instead if
            # ...") replaces the value beside it, whatever its words.
            continue
        if near and _ADD_ON_RE.search(sentence.text) and not _ADD_ON_RE.search(claim.fact.text):
            continue  # "Drivers under 25 pay £15 a day extra": on top of the value, not for it
        # Beside a case of its own, only a case this turn's question states counts: an
        # earlier turn's case is the one a follow-up moves away from.
        told = claim.asked_stems if claim.fact.conditioned else claim.query_stems
        group = leading_group(sentence.text)
        if group and not group & told:
            # "Dashly Plus members pay no service fee on orders over £25": a £40 order
            # meets the window, but the rule is the members', and none is told.
            continue
        for case in (condition, *_listed_with(sentence, condition)):
            if (
                case.satisfied_by(told, claim.query_values)
                and not case.satisfied_by(claim.fact.stems, ())
                and _told_apart(
                    case, used.sentence.conditions, told, claim.query_values, sentence.text
                )
            ):
                return Problem("condition_misapplied", sentence.text, place.source)
    return None


def _told_apart(
    case: Condition,
    others: Sequence[Condition],
    told: frozenset[str],
    values: Sequence[Quantity] = (),
    sentence: str = "",
) -> bool:
    """The question says what sets the case apart from the other cases beside it. "If
    you cancel a Flex ticket" beside "If you cancel a Standard ticket up to 24 hours
    before ..." is told apart by "Flex" alone: a Standard ticket holder who cancels says
    "cancel" and "ticket", not the Flex case. A case with values of its own ("if the
    boiler is 7 to 15 years old") met by the customer's values is told by them."""
    if case.quantities and case.satisfied_by((), values):
        return True
    shared = frozenset().union(*(other.key_stems for other in others if other is not case))
    # Words the sentence says outside the case ("opens 30 days before departure") tell
    # what the value measures, not which case it is.
    around = frozenset(content_stems(sentence.replace(case.text, " "))) if sentence else frozenset()
    distinct = case.key_stems - shared - around
    return not shared or not distinct or bool(distinct & told)


def _article_conditions(claim: Claim, place: Located) -> list[Condition]:
    """The cases the other sentences of the value's article set."""
    sentences = {
        id(other.sentence): other.sentence
        for other in _same_article(claim, place)
        if other.sentence is not place.sentence
    }
    return [condition for sentence in sentences.values() for condition in sentence.conditions]


_INSTEAD_RE = re.compile(r"\b(?:instead|in place of|rather than)\b", re.IGNORECASE)


# A value charged on top of another, not instead of it.
_ADD_ON_RE = re.compile(r"\b(?:extra|additional|surcharge|on top)\b", re.IGNORECASE)


def _names_other_thing(place: Located, subject: frozenset[str]) -> bool:
    """The value's own words name something, and nothing the fact speaks of."""
    words = _place_words(place)
    return bool(words) and not words & subject


def _listed_with(sentence: SourceSentence, condition: Condition) -> list[Condition]:
    """The cases a sentence lists after the one governing its value, which govern no
    value of their own: "nothing if you are under 16, aged 60 or over, or pregnant"."""
    governing = {id(own) for own in sentence.governed.values()}
    return [
        other
        for other in sentence.conditions
        if other.text != condition.text
        and id(other) not in governing
        and not any(other.text == own.text for own in sentence.governed.values())
    ]


def _tags(sentence: SourceSentence, quantity: Quantity) -> list[Quantity]:
    """The values of other kinds beside a value in its part of the sentence, which
    say which case it is for: "2 GB" for "£5" in "a 2 GB add-on for £5"."""
    text = sentence.text
    bounds = [0, *(m.end() for m in _VALUE_SEGMENT_RE.finditer(text)), len(text)]
    start = max(b for b in bounds if b <= quantity.start)
    end = min((b for b in bounds if b >= quantity.end), default=len(text))
    return [
        other
        for other in sentence.quantities
        if other is not quantity
        and not other.comparable(quantity)
        and start <= other.start
        and other.end <= end
    ]


def _other_tag(claim: Claim, quantity: Quantity, matches: Sequence[Located]) -> Problem | None:
    """The value is the one a sentence gives for another value of the question's
    ("£5" is the 2 GB add-on's, asked about the 10 GB one): the source pairs each
    price with its size, and the question names the size of another pair."""
    for place in matches:
        tags = _tags(place.sentence, place.quantity)
        asked = [
            given
            for given in claim.query_values
            if any(given.comparable(tag) for tag in tags)
            and not any(given.same_value(tag) for tag in tags)
        ]
        if not asked:
            continue
        if any(own.same_value(tag) for own in claim.fact.quantities for tag in tags):
            continue  # the fact names its own pair ("if you only need 2 berths, £65")
        for other in place.sentence.quantities:
            if other is place.quantity or not quantity.comparable(other):
                continue
            if any(
                given.same_value(tag) for given in asked for tag in _tags(place.sentence, other)
            ):
                return Problem("contradicts_source", place.sentence.text, place.source)
    return None


_SHARE_APPLIED_RE = re.compile(
    r"\b(?:discount(?:ed)?|off|down to|brings?|after|saves?|saving|minus|including|reduced"
    r"|reduces|knocks?|becomes?|goes up|rises|increases?|more|extra|up to)\b",
    re.IGNORECASE,
)


def _worked_out(claim: Claim, quantity: Quantity) -> bool:
    """The value is a source's value with a percentage of the same source taken off or
    added ("which brings Team down to $20" from "Team costs $25" and "paying yearly
    saves 20%"): worked out from the sources, not made up. A sum done wrong matches
    no such value and stays a contradiction."""
    if quantity.soft or quantity.low != quantity.high:
        return False
    # Only a fact that names the share or speaks of taking it off or adding it: "a year
    # is £75" is no 5% off "£79 a year" because the source also gives "5% back".
    # The share may be named by another fact of the answer ("Members get 20% off, so an
    # adult ticket is £9.60").
    named = {
        own.low for own in (*claim.fact.quantities, *claim.answer_values) if own.kind == "percent"
    }
    cued = bool(_SHARE_APPLIED_RE.search(claim.fact.text))
    rates: dict[int, set[float]] = {}
    for place in claim.located:
        if place.quantity.kind == "percent" and place.quantity.low == place.quantity.high:
            rates.setdefault(place.source, set()).add(place.quantity.low)
    for place in claim.located:
        base = place.quantity
        if not quantity.comparable(base) or base.low != base.high or base.same_value(quantity):
            continue
        if not claim.subject & place.sentence.stems or _beside_a_cases_own(base, [place]):
            continue
        if _share_applied(quantity, base.low, sorted(rates.get(place.source, ())), named, cued):
            return True
    # A value the answer or the customer states, with a share a source gives ("your £50
    # charge becomes £75" beside "it goes up by 50%").
    every_rate = sorted(set().union(*rates.values())) if rates else []
    stated = [
        own
        for own in (*claim.answer_values, *claim.query_values)
        if quantity.comparable(own)
        and own.low == own.high
        and not own.same_value(quantity)
        and not own.soft
        and not _beside_a_cases_own(own, claim.located)
    ]
    share_of = bool(_SHARE_OF_RE.search(claim.fact.text))
    return any(
        _share_applied(quantity, own.low, every_rate, named, cued, share_of) for own in stated
    )


def _beside_a_cases_own(base: Quantity, located: Sequence[Located]) -> bool:
    """The source gives the value beside another for a named case ("£55, or £45 for
    members"): a share taken off it is not that case's price, which the source states."""
    for place in located:
        if not place.quantity.same_value(base):
            continue
        for other in place.sentence.quantities:
            if (
                other is not place.quantity
                and other.comparable(base)
                and not other.same_value(base)
                and place.sentence.condition_of(other) is not None
            ):
                return True
    return False


# "5% of the food subtotal, so £2 on a £40 order": the share itself, not what is left.
_SHARE_OF_RE = re.compile(r"\d%\s+of\b")


def _share_applied(
    quantity: Quantity,
    base: float,
    rates: Sequence[float],
    named: set[float],
    cued: bool,
    share_of: bool = False,
) -> bool:
    for rate in rates:
        if rate not in named and not cued:
            continue
        taken = (base * rate / 100,) if share_of and rate in named else ()
        for worked in (base * (1 - rate / 100), base * (1 + rate / 100), *taken):
            if math.isclose(worked, quantity.low, rel_tol=0.005, abs_tol=0.005):
                return True
    return False
