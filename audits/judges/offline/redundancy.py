"""Facts that restate each other (SPEC §3, SD) and facts that disagree with each other.

Both compare what two facts are about (their subject words) and the values they give:
the same values about the same subject is a restatement ("You can return items within
30 days" / "Returns are accepted for 30 days after delivery"); different values about
the same subject, neither stated for a special case, is a contradiction.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kbaudit.text.quantities import MEASURES, PHONE, Quantity, rate_unit
from kbaudit.text.tokens import content_stems, digits_for_number_words, normalise, stem, word_list

from .decompose import Fact
from .values import subject_stems

# Words that do not tell two statements apart ("accepted", "items", "can").
_LIGHT = frozenset(
    stem(word)
    for word in word_list("""
    item items product products order orders accept accepted take takes allow allowed
    offer offered issue issued process processed get make need provide available
    within after before usually typically generally also us customer customers
    """)
)
# The words that say something costs nothing ("free", "no charge", "won't cost").
_PRICE = frozenset(stem(word) for word in word_list("cost costs charge charged free pay fee"))
RESTATEMENT_OVERLAP = 0.5
PARAPHRASE_OVERLAP = 0.75


# Sizes name the thing ("large units"), though "large" reads as the glue "largely".
_SIZES = frozenset(stem(word) for word in word_list("small medium large"))


def _about(fact: Fact) -> frozenset[str]:
    return subject_stems(fact.stems) - _LIGHT | (fact.stems & _SIZES)


def _overlap(first: frozenset[str], second: frozenset[str]) -> float:
    smaller = min(len(first), len(second))
    return len(first & second) / smaller if smaller else 0.0


def _values(fact: Fact) -> frozenset[tuple[str, float, float]]:
    """The values a fact states about its subject. A telephone number says how to reach
    the company, not what the fact is about: "Report it within 24 hours on 0800 123
    4567" and "ring us within a day" give one value."""
    return frozenset(
        (quantity.kind, round(quantity.low, 6), round(quantity.high, 6))
        for quantity in fact.quantities
        if not quantity.soft and quantity.unit != PHONE
    )


def restates(later: Fact, earlier: Fact) -> bool:
    if normalise(later.text).lower().rstrip(".!") == normalise(earlier.text).lower().rstrip(".!"):
        return True
    about_later, about_earlier = _about(later), _about(earlier)
    if later.negated != earlier.negated:
        return False
    values_later, values_earlier = _values(later), _values(earlier)
    if values_later or values_earlier:
        # Words of price are what the values are, not what they are about: "Parking
        # costs £60" and "The club costs £60" price two things.
        return values_later == values_earlier and (
            _overlap(about_later - _PRICE, about_earlier - _PRICE) >= RESTATEMENT_OVERLAP
        )
    if min(len(about_later), len(about_earlier)) < 2:
        return False
    jaccard = len(about_later & about_earlier) / len(about_later | about_earlier)
    return _overlap(about_later, about_earlier) >= PARAPHRASE_OVERLAP and jaccard >= 0.5


# Two facts this close in meaning, about the same thing, with the same values and
# polarity, say one thing.
SEMANTIC_RESTATEMENT = 0.5
# A sentence opening on one of these says again what the one before it said.
_RESTATING_RE = re.compile(
    r"^(?:in other words|that means|this means|which means|put simply|simply put|in short|"
    r"to put it another way|to be clear|to sum up|to summari[sz]e|again|once again|i\.e\.|that is"
    r"|so|basically|in summary|in a nutshell|to recap|recapping|to reiterate|to repeat"
    r"|as (?:i |we )?(?:mentioned|said|noted|stated)(?: above| before| earlier)?)\b",
    re.IGNORECASE,
)


# Two facts giving the same measured values, and no other, this close in meaning say
# one thing however different their words: "Quiet time runs from 10pm to 7am" /
# "Please keep the noise down between ten at night and seven in the morning".
MEASURE_RESTATEMENT = 0.3
# A denial of going past a value: "never more than £30", "won't join until they're
# 6 months old", "no later than 9am". It states the limit, as "up to" does.
_PAST_LIMIT_RE = re.compile(
    r"(?:\b(?:never|not|no|cannot)\b|n't\b)[^.;]{0,50}?\b(?:more|longer|further|later|earlier"
    r"|over|above|beyond|exceed\w*|less|fewer|under|below|before|until|till|after)\b"
    r"(?:\s+than)?(?:\s+(?:they|it|you|he|she|we)(?:'re|'s|\s+(?:are|is))?)?\s*$",
    re.IGNORECASE,
)


def limit_polarity(fact: Fact) -> bool:
    """Whether the fact denies, reading a denial of going past its value as the limit
    itself: "you'll never pay more than thirty pounds" says "capped at £30"."""
    if not _polarity(fact):
        return False
    text = digits_for_number_words(fact.text)
    return not any(
        _PAST_LIMIT_RE.search(text[max(0, quantity.start - 80) : quantity.start])
        for quantity in fact.quantities
        if not quantity.soft
    )


def same_measures(later: Fact, earlier: Fact) -> bool:
    """The later fact measures again what the earlier measured, and nothing else, with
    the same polarity once a denial of going past a limit is read as the limit: "We
    visit addresses up to 40 miles away" / "Anywhere further than forty miles away is
    outside the area we cover"; "Puppies under 6 months are walked solo only, for 30
    minutes at most" / "Young pups won't join a group walk until they're half a year
    old". A value given again for one more thing ("also costs £35") is another fact."""
    mine = _measures(later)
    if not mine or mine != _values(later) or not mine <= _measures(earlier):
        return False
    if _ALSO_RE.search(later.text):
        return False
    if _polarity(later) != _polarity(earlier) and _bounds(later) & _bounds(earlier):
        return False  # "aren't given after 30 days" denies "are given after 30 days"
    return limit_polarity(later) == limit_polarity(earlier)


_BOUND_WORD_RE = re.compile(
    r"\b(more|longer|further|later|earlier|over|above|beyond|exceed\w*|less|fewer|under"
    r"|below|before|until|till|after)\b(?:\s+than)?(?:\s+\w+'?\w*)?\s*$",
    re.IGNORECASE,
)


def _bounds(fact: Fact) -> frozenset[str]:
    """The words of going past a value that stand right before the fact's values."""
    text = digits_for_number_words(fact.text)
    return frozenset(
        found.group(1).lower()
        for quantity in fact.quantities
        if not quantity.soft
        and (found := _BOUND_WORD_RE.search(text[max(0, quantity.start - 30) : quantity.start]))
    )


def _value_words(fact: Fact) -> frozenset[str]:
    return frozenset(
        word
        for quantity in fact.quantities
        for word in subject_stems(frozenset(content_stems(quantity.text)))
    )


def _free_both(later: Fact, earlier: Fact) -> bool:
    """Both facts say that something costs nothing, whatever their polarity, and the
    later states no other value than the earlier ("free up to 2 hours before" / "no fee
    if it's at least 2 hours before"; "defer once for free, within 6 months" / "the
    first time you defer, there's no charge")."""
    return all(any(q.soft for q in fact.quantities) for fact in (later, earlier)) and (
        _values(later) <= _values(earlier)
    )


def _values_within(later: Fact, earlier: Fact) -> bool:
    """Every value the later fact states, the earlier one states too."""
    mine = _values(later)
    return mine <= _values(earlier) or all(
        any(q.same_value(o) or o.same_value(q) for o in earlier.quantities)
        for q in later.quantities
        if not q.soft
    )


# "Non-refundable" denies as "won't be refunded" does.
_NON_RE = re.compile(r"\bnon-[a-z]+", re.IGNORECASE)
# "not covered unless you added it" says what "only covered if you added it" says.
_UNLESS_RE = re.compile(r"\bunless\b", re.IGNORECASE)


def _polarity(fact: Fact) -> bool:
    """Whether the fact denies, read so that two shapes of one claim agree: a denial
    with an exception ("isn't covered unless ...") is the claim with its only case
    ("is only covered if ..."), and a "non-" word is a denial."""
    if fact.negated and _UNLESS_RE.search(fact.text):
        return False
    return fact.negated or bool(_NON_RE.search(fact.text))


def same_values(later: Fact, earlier: Fact) -> bool:
    return _values(later) == _values(earlier)


def may_restate(later: Fact, earlier: Fact) -> bool:
    """Only facts with the same values and polarity can restate each other in other
    words: "$10 a month" and "$15 a month" are two claims however alike they read. A
    later fact giving again some of the earlier one's values and none of its own may
    too (see :func:`_narrower_restatement`)."""
    if _polarity(later) != _polarity(earlier):
        return False
    return _values(later) == _values(earlier) or _narrower_restatement(later, earlier)


def _narrower_restatement(later: Fact, earlier: Fact) -> bool:
    """The later fact gives again some of the earlier one's values, and no value of its
    own: "With less than 24 hours' notice there's a £15 fee." / "Cancelling on the day
    means you'll be charged fifteen pounds." A fact adding a value says more."""
    mine = _values(later)
    return bool(mine) and mine < _values(earlier)


def redundant_of(
    facts: list[Fact],
    similarity: Callable[[int, int], float] | None = None,
    same_statement: Callable[[int, int], bool] | None = None,
) -> list[int | None]:
    """For each fact, the first earlier fact it restates, else None.

    ``similarity(later, earlier)`` is their closeness in meaning (see :mod:`.semantic`);
    without it only words count. ``same_statement(later, earlier)`` says the two are
    one statement of the sources whatever their wording.
    """

    def restated(index: int, earlier: int) -> bool:
        later, first = facts[index], facts[earlier]
        if _same_value_for_another(later, first):
            return False
        if restates(later, first):
            return True
        if same_statement is not None and same_statement(index, earlier):
            return True
        if (
            earlier == index - 1
            and (later.restating or _RESTATING_RE.match(later.text))
            and _values_within(later, first)
        ):
            return True
        if _summarises(later, facts[:index]) == earlier:
            return True
        if later.restating and _recaps(later, facts[:index], first):
            return True
        if _values_again(later, first):
            return True
        if _free_both(later, first):
            # "free", "you won't be charged", "no charge" for one thing; "there's no
            # charge for that" names nothing else.
            # The words a value is said in ("the first time") are the value, not what
            # the fact is about.
            mine = _about(later) - _PRICE - _value_words(later)
            theirs = _about(first) - _PRICE - _value_words(first)
            if not mine or _overlap(mine, theirs) >= 0.5:
                return True
        if (
            similarity is not None
            and same_measures(later, first)
            and similarity(index, earlier) >= MEASURE_RESTATEMENT
        ):
            return True
        return (
            similarity is not None
            and may_restate(later, first)
            and bool(_about(later) & _about(first))
            and similarity(index, earlier) >= SEMANTIC_RESTATEMENT
        )

    return [
        next((earlier for earlier in range(index) if restated(index, earlier)), None)
        for index in range(len(facts))
    ]


# Kinds of value that measure something: a price, a length of time, a time of day.
_MEASURE_KINDS = frozenset(("amount", "percent", "duration", "time", "age"))


def _measures(fact: Fact) -> frozenset[tuple[str, float, float]]:
    """The fact's values that measure something; a bare count ("two-factor", "3
    items") names as much as it measures."""
    return frozenset(
        (quantity.kind, round(quantity.low, 6), round(quantity.high, 6))
        for quantity in fact.quantities
        if not quantity.soft
        and quantity.unit != PHONE
        and (quantity.kind in _MEASURE_KINDS or quantity.unit in MEASURES)
    )


# "also", "as well", "likewise", "too" at the end: what follows holds for another thing.
_ALSO_RE = re.compile(r"\b(?:also|as well|likewise)\b|\btoo\W*$", re.IGNORECASE)


def _same_value_for_another(later: Fact, earlier: Fact) -> bool:
    """The later fact gives again values the earlier gave, saying they hold for one
    more thing: "The Senior Railcard ... also costs £35 a year" after "The 16-25
    Railcard costs £35 a year"; "Saturday classes are £12 as well" after "Weekday
    classes are £12". The same value of two things is two facts."""
    mine = _measures(later)
    return bool(mine) and mine <= _measures(earlier) and bool(_ALSO_RE.search(later.text))


def says_other_part(later: Fact, earlier: Fact, clause: frozenset[str]) -> bool:
    """The two facts say two parts of one source clause, each its own words of it:
    "In an emergency we take it to your registered vet" and "the vet's bill is yours
    to pay" from "In an emergency we take it to your registered vet, and you pay the
    vet's bill". Two readings of one statement share most of the words they take from
    it, or one takes none."""
    mine, theirs = later.stems & clause, earlier.stems & clause
    if not (mine - theirs and theirs - mine):
        return False
    return len(mine & theirs) < 0.5 * min(len(mine), len(theirs))


# Words that name nothing a fact is about ("for a whole year", "in total").
_NAMING_NOTHING = frozenset(
    stem(word) for word in word_list("whole total full overall altogether exactly just only")
)
# Days in the period a rate is counted by: "£35 a year" is "£35 for twelve months".
_PERIOD_DAYS = {"day": 1.0, "week": 7.0, "month": 30.0, "year": 365.0, "annum": 365.0}


_ANOTHER_RE = re.compile(r"\b(?:also|too|as well|likewise|the same)\b", re.IGNORECASE)


def _values_again(later: Fact, earlier: Fact) -> bool:
    """A fact naming nothing of its own that gives again the values of the fact before
    it ("A Railcard costs £35 a year." / "That's £35 for twelve months."): a length of
    time that is the period the earlier price is counted by is that price's own."""
    if _about(later) - _PRICE - _NAMING_NOTHING or _polarity(later) != _polarity(earlier):
        return False
    if _ANOTHER_RE.search(later.text):
        return False  # "... and also costs £35 a year": the same value for another thing
    values = [q for q in later.quantities if not q.soft]
    theirs = [q for q in earlier.quantities if not q.soft]
    if not values or later.conditioned:
        return False
    text = digits_for_number_words(earlier.text)
    periods = {
        _PERIOD_DAYS[unit]
        for q in theirs
        if q.kind == "amount" and (unit := rate_unit(text, q)) in _PERIOD_DAYS
    }
    return all(
        any(q.same_value(o) or o.same_value(q) for o in theirs)
        or (q.kind == "duration" and any(abs(q.low - days) <= 0.05 * days for days in periods))
        for q in values
    ) and any(q.kind != "duration" for q in values)


def _recaps(later: Fact, earlier: list[Fact], first: Fact) -> bool:
    """A fact led by "In short" giving only values the answer gave before, one of them
    the first fact's: "In short: two jabs, from 8 weeks" after the schedule."""
    values = [q for q in later.quantities if not q.soft]
    given = [o for fact in earlier for o in fact.quantities if not o.soft]
    return (
        bool(values)
        and all(any(q.same_value(o) or o.same_value(q) for o in given) for q in values)
        and any(q.same_value(o) or o.same_value(q) for q in values for o in first.quantities)
    )


def _summarises(later: Fact, earlier: list[Fact]) -> int | None:
    """A fact giving again, side by side, the values several earlier facts each gave
    about the same things ("In short: 30 days to return, 5 working days for the
    refund"): the first of them."""
    values = [quantity for quantity in later.quantities if not quantity.soft]
    if len(values) < 2 or later.conditioned:
        return None
    about = _about(later)
    holders = []
    for value in values:
        holder = next(
            (
                index
                for index, fact in enumerate(earlier)
                if _polarity(fact) == _polarity(later)
                and about & _about(fact)
                and any(value.same_value(own) for own in fact.quantities if not own.soft)
            ),
            None,
        )
        if holder is None:
            return None
        holders.append(holder)
    return min(holders) if len(set(holders)) > 1 else None


def conflicting_pairs(facts: list[Fact]) -> list[tuple[int, int]]:
    """Pairs of facts giving different values for the same thing."""
    pairs = []
    for later in range(len(facts)):
        for earlier in range(later):
            if _conflict(facts[earlier], facts[later]):
                pairs.append((earlier, later))
    return pairs


def rival_answers(
    facts: list[Fact], supported: list[bool], answers: list[frozenset[int]]
) -> list[tuple[int, int]]:
    """Pairs of facts answering the same one part of the question with two values of one
    kind, the sources backing one of them and not the other: "Post the kit back within
    7 days of it arriving. We need it back within 14 days of delivery." The two read
    as two things by their words, but the question asked for one value. A pair where
    either fact is told for a case of its own, or that answers several parts, is left
    out. ``answers[i]``: the parts fact i answers, or gives the kind of value asked
    for."""
    pairs = []
    for later in range(len(facts)):
        for earlier in range(later):
            first, second = facts[earlier], facts[later]
            if supported[earlier] == supported[later] or first.conditioned or second.conditioned:
                continue
            backed, other = (earlier, later) if supported[earlier] else (later, earlier)
            if len(answers[backed]) != 1 or answers[other] != answers[backed]:
                continue
            if _polarity(first) != _polarity(second):
                continue
            first_text, second_text = (digits_for_number_words(f.text) for f in (first, second))
            mine_all = [q for q in first.quantities if not q.soft]
            theirs_all = [q for q in second.quantities if not q.soft]
            if len(mine_all) != 1 or len(theirs_all) != 1:
                continue
            mine, theirs = mine_all[0], theirs_all[0]
            if _differ(mine, theirs, first_text, second_text) and _bound(
                first_text, mine
            ) == _bound(second_text, theirs):
                pairs.append((earlier, later))
    return pairs


# A line led by its own label: "One-tier cakes: at least 5 days' notice".
_LABEL_RE = re.compile(r"^\W*([A-Za-z0-9][^:.!?]{0,60}?):\s+\S")
# Words after which a fact leaves a case out: "rugs other than silk", "except Sundays".
_LEAVING_OUT_RE = re.compile(
    r"\b(?:other than|except(?: for)?|apart from|excluding|besides|not including)\s+"
    r"((?:[A-Za-z][\w'-]*\s*){1,3})",
    re.IGNORECASE,
)


def _label(fact: Fact) -> frozenset[str] | None:
    match = _LABEL_RE.match(fact.text)
    if match is None:
        return None
    words = re.findall(r"[a-z0-9]+", digits_for_number_words(match.group(1)).lower())
    return frozenset(stem(word) for word in words)


def _left_out(fact: Fact) -> frozenset[str]:
    return (
        frozenset(
            stem(word)
            for match in _LEAVING_OUT_RE.finditer(fact.text)
            for word in word_list(match.group(1))
        )
        - _LIGHT
    )


def _two_cases(first: Fact, second: Fact) -> bool:
    """The facts give their values for two cases by their own words: two lines of a
    list, each led by its own label ("One-tier cakes: 5 days' notice" / "Tiered cakes:
    14 days' notice"), or one fact leaving out the case the other is about ("£8 per
    square metre for rugs other than silk" / "£15 per square metre for silk rugs")."""
    labels = _label(first), _label(second)
    if None not in labels and labels[0] != labels[1]:
        return True
    left_first, left_second = _left_out(first), _left_out(second)
    return bool(left_first & (second.stems - left_second)) or bool(
        left_second & (first.stems - left_first)
    )


def _conflict(first: Fact, second: Fact) -> bool:
    if first.conditioned or second.conditioned:
        return False
    if _two_cases(first, second):
        return False
    about_first, about_second = _about(first), _about(second)
    # One subject must contain the other: "standard shipping" and "express shipping"
    # are two things, "returns" and "returns after delivery" are one.
    if not about_first or not about_second:
        return False
    if not (about_first <= about_second or about_second <= about_first):
        return False
    # ...and of similar size: a long fact mentioning "card refunds" in passing is not
    # a statement about card refunds.
    if min(len(about_first), len(about_second)) / max(len(about_first), len(about_second)) < 0.5:
        return False
    first_text, second_text = (digits_for_number_words(fact.text) for fact in (first, second))
    # A value both facts give is no rival of either's other values: "from 06:30 to
    # 09:30" and "6:30 to 9:30" give one range, not 6:30 against 9:30.
    only_first = [q for q in first.quantities if not _stated_in(q, second)]
    only_second = [q for q in second.quantities if not _stated_in(q, first)]
    return any(
        _differ(mine, theirs, first_text, second_text)
        and _bound(first_text, mine) == _bound(second_text, theirs)
        and not _told_apart(first, second, mine)
        for mine in only_first
        for theirs in only_second
    )


def _stated_in(quantity: Quantity, fact: Fact) -> bool:
    return any(quantity.same_value(own) or own.same_value(quantity) for own in fact.quantities)


def _told_apart(first: Fact, second: Fact, value: Quantity) -> bool:
    """The two facts also differ in a value of another kind, which says they are about
    two cases: "2-berth cabins are £65" and "4-berth cabins are £95"."""
    return any(
        not mine.comparable(value) and _differ(mine, theirs)
        for mine in first.quantities
        for theirs in second.quantities
    )


# "Anything over £100 is refunded" then "you'd get £60 back": a threshold and an amount
# are not two values of one thing.
_BOUND_RE = re.compile(
    r"\b(?:over|under|above|below|more than|less than|at least|up to|at most|no more than"
    r"|exceeding|minimum of|maximum of)\s*$",
    re.IGNORECASE,
)


def _bound(text: str, quantity: Quantity) -> bool:
    return bool(_BOUND_RE.search(text[max(0, quantity.start - 20) : quantity.start]))


def _differ(mine: Quantity, theirs: Quantity, first: str = "", second: str = "") -> bool:
    if not mine.comparable(theirs):
        return False
    if rate_unit(first, mine) != rate_unit(second, theirs):
        return False  # "£7.50 per MB" and "£2 a minute" price two things
    return not mine.same_value(theirs) and not theirs.same_value(mine)
