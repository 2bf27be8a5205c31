"""Values an answer works out from the source's own values, and comparisons it draws.

"Plus is £8 a month more than Lite (£18 against £10)", "£12 for 10 GB works out at
£1.20 per GB", "100 GB, ten times Starter's 10 GB": the worked-out value is in no
source, yet it is supported when the arithmetic on values the source states gives it.
A comparison ("a late payment costs less than going over your limit") is supported
only when the values the source gives each side agree with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations

from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import FirstLook, content_stems, stem, word_list, word_start_regex

from .binding import value_words

# A worked-out value is rounded the way prices and sizes are written.
_TOLERANCE = 0.006
# Words that say a value was worked out from others.
_WORKED_OUT_RE = word_start_regex(
    r"\b(?:more|less|fewer|extra|cheaper|dearer|higher|lower|bigger|smaller|larger|longer"
    r"|shorter|difference|total|totals|altogether|combined|in all|together|saves?|saving"
    r"|works? out|comes? to|adds? up|times|per|each|apiece|in all"
    # "..., so £120", "making £200", "it's halved to £25", "leaves £40".
    r"|so|making|makes|that's|becomes?|halved|half|doubled|double|twice|leaves|left"
    # "..., leaving £250 to pay", "£300 minus the deposit", "the remaining £40".
    r"|leaving|minus|remaining|remains"
    # "the £229 full service plus £30", "add £30 for a larger engine".
    r"|plus|add|adds|added|on top)\b",
    "abcdefhilmoprstwo",
    re.IGNORECASE,
)
_RATE_RE = re.compile(r"^\s*(?:per|a|an|each|for every)\s+(?P<unit>[A-Za-z]+)\b", re.IGNORECASE)
_NUMBER_RE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _close(value: float, target: float, tolerance: float | None = None) -> bool:
    if tolerance is None:
        tolerance = _TOLERANCE * max(1.0, abs(target))
    return abs(value - target) <= tolerance


def _tolerance(quantity: Quantity) -> float:
    """How far a worked-out value may be from the sum for ``quantity`` to be it: a sum of
    money is rounded to the last digit it is written with, half a pound for "£380" and
    half a penny for "£86.40", so £378 is not "£380" (other measures keep a share)."""
    target = abs(quantity.low)
    found = _NUMBER_RE.search(quantity.text) if quantity.kind == "amount" else None
    written = float(found.group().replace(",", "")) if found else 0.0
    if not written:
        return _TOLERANCE * max(1.0, target)
    decimals = len(found.group().partition(".")[2])
    return 0.5 * 10.0**-decimals * (target / written) + 1e-9


def _point(quantity: Quantity) -> float | None:
    return quantity.low if quantity.low == quantity.high and not quantity.soft else None


def _same_measure(first: Quantity, second: Quantity) -> bool:
    if first.kind != second.kind:
        return False
    if first.kind == "amount":
        return first.unit == second.unit or not first.unit or not second.unit
    return first.kind != "number" or first.unit == second.unit


def _written_number(quantity: Quantity) -> float | None:
    """The number as written ("10 GB" -> 10), for a price per unit."""
    found = _NUMBER_RE.search(quantity.text)
    return float(found.group().replace(",", "")) if found else None


def worked_out(
    quantity: Quantity,
    text: str,
    operands: Sequence[Quantity],
    *,
    cue: bool | None = None,
    told: Sequence[Quantity] = (),
) -> bool:
    """Whether ``quantity`` (read from ``text``) is a difference, total, ratio or price
    per unit of two of ``operands``. ``told`` are the customer's own values."""
    target = _point(quantity)
    if target is None:
        return False
    if cue is None:
        cue = bool(_WORKED_OUT_RE.search(text))
    if not cue:
        return _told_count_priced(quantity, text, operands, told)
    tolerance = _tolerance(quantity)
    values = [own for own in operands if _point(own) is not None and own is not quantity]
    ratio = quantity.kind == "number" and quantity.unit == stem("times")
    rate = _RATE_RE.match(text[quantity.end :]) if quantity.kind == "amount" else None
    for i, first in enumerate(values):
        for second in values[i + 1 :]:
            a, b = first.low, second.low
            if ratio:
                measured = _same_measure(first, second) and min(a, b) > 0
                if measured and _close(max(a, b) / min(a, b), target):
                    return True
                continue
            measured = _same_measure(quantity, first) and _same_measure(quantity, second)
            if measured and (
                _close(abs(a - b), target, tolerance) or _close(a + b, target, tolerance)
            ):
                return True
            if rate is not None and _per_unit(
                quantity, first, second, rate.group("unit"), target, tolerance
            ):
                return True
    same = [own for own in values if _same_measure(quantity, own)]
    if _HALF_RE.search(text) and any(_close(own.low / 2, target, tolerance) for own in same):
        return True  # "£50, halved to £25 if you pay within 14 days"
    if _DOUBLE_RE.search(text) and any(_close(own.low * 2, target, tolerance) for own in same):
        return True
    if _TOTAL_RE.search(text) and _sums_to(same, target, tolerance):
        return True  # "£1.99, a £1.50 fee and 50p, so £3.99 in all"
    # "£60 a year per fuel, so £120 for both": a value times a count the text states.
    counts = {2.0} if _BOTH_RE.search(text) else set()
    counts.update(own.low for own in operands if own.kind == "number")
    # "20p a day" for "10 days late": a rate per unit times a count of that unit.
    for rate in _PER_UNIT_RE.finditer(text):
        unit = rate.group("unit").lower()
        counts.update(
            number
            for own in operands
            if own.kind == "duration"
            and unit in own.text.lower()
            and (number := _written_number(own)) is not None
        )
    counted = {count for count in counts if 1 < count <= 31 and count == int(count)}
    counted.update(_counts_of_rated_unit(text, same, operands))
    # "36 times the monthly rent": a multiplier says it multiplies, whatever its size.
    counted.update(
        own.low
        for own in operands
        if own.kind == "number" and own.unit == _TIMES and _point(own) is not None and own.low > 1
    )
    return any(_close(own.low * count, target, tolerance) for own in same for count in counted)


_TIMES = stem("times")


def _told_count_priced(
    quantity: Quantity, text: str, operands: Sequence[Quantity], told: Sequence[Quantity]
) -> bool:
    """The customer's count, said again beside the value, times a price: "What would 10
    prints cost?" answered "30p each, so 10 would be £3.00" once the clauses are apart,
    the "so" gone with the first. The count the customer gave, restated next to the
    total, is what says the total counts it."""
    target = _point(quantity)
    # The count as the customer wrote it too: "10 kilos" is read in grams.
    counts = {
        count
        for own in told
        if own.kind == "number"
        and _point(own) is not None
        and own.low > 1
        and any(
            mine.kind == "number" and mine.same_value(own) and mine.end <= quantity.start
            for mine in extract_quantities(text)
        )
        for count in (own.low, _written_number(own))
        if count is not None and count > 1
    }
    prices = [
        own
        for own in operands
        if own.kind == "amount" and _point(own) is not None and _same_measure(quantity, own)
    ]
    tolerance = _tolerance(quantity)
    return any(_close(price.low * count, target, tolerance) for price in prices for count in counts)


def _counts_of_rated_unit(
    text: str, prices: Sequence[Quantity], operands: Sequence[Quantity]
) -> set[float]:
    """Counts of the very unit a price of the text is given per, whatever their size:
    "79p per kWh, so 40 kWh comes to £31.60", "£1.20 a mile, 45 miles is £54". A price
    and a count that name one unit say the price is multiplied by the count."""
    units = {
        match.group("unit").lower()
        for price in prices
        if text[price.start : price.end] == price.text
        and (match := _RATE_RE.match(text[price.end :]))
    }
    counts: set[float] = set()
    for unit in units:
        for own in operands:
            if own.kind not in ("number", "duration") or own.soft:
                continue
            # "45 miles", "3 weeks": the number as written, in the unit it is written in.
            written = stem(unit) in {stem(word) for word in own.text.lower().split()}
            number = _written_number(own) if written else _point(own)
            if number is not None and number > 1 and (written or own.unit == stem(unit)):
                counts.add(number)
    return counts


_PER_UNIT_RE = re.compile(r"\b(?:a|an|per|each)\s+(?P<unit>day|night|week|month|hour|year)\b", re.I)
_HALF_RE = re.compile(r"\b(?:halved|half)\b", re.IGNORECASE)
_DOUBLE_RE = re.compile(r"\b(?:doubled|double|twice)\b", re.IGNORECASE)
_TOTAL_RE = re.compile(
    r"\b(?:in all|in total|total|altogether|all together|combined|comes? to|adds? up|making)\b",
    re.IGNORECASE,
)
# A total is read from this many of the values at most.
TOTAL_TERMS = 4


def _sums_to(values: Sequence[Quantity], target: float, tolerance: float | None = None) -> bool:
    """Some three or more of the values add up to the target (two are read above)."""
    points = [own.low for own in values][:8]
    for size in range(3, min(TOTAL_TERMS, len(points)) + 1):
        if any(_close(sum(chosen), target, tolerance) for chosen in combinations(points, size)):
            return True
    return False


_BOTH_RE = re.compile(r"\b(?:both|together|each of the two|the two|a pair)\b", re.IGNORECASE)


def _per_unit(
    quantity: Quantity,
    first: Quantity,
    second: Quantity,
    unit: str,
    target: float,
    tolerance: float | None = None,
):
    for price, amount in ((first, second), (second, first)):
        if price.kind != "amount" or not _same_measure(quantity, price) or amount.kind == "amount":
            continue
        count = _written_number(amount)
        if unit.lower() not in amount.text.lower() and stem(unit) != amount.unit:
            continue
        if count and _close(price.low / count, target, tolerance):
            return True
    return False


# "X costs less than Y", "X is cheaper than Y", "X takes as long as Y".
_COMPARISON_RE = word_start_regex(
    r"\b(?P<word>more|less|fewer|cheaper|dearer|pricier|higher|lower|bigger|larger|smaller"
    r"|longer|shorter|greater|faster|slower|quicker|later|earlier)\b(?:\s+\w+){0,3}?\s+than\b"
    # "as long as you send the receipt" sets a condition, not a length.
    r"|\b(?P<same>the same as|as much as|as long as(?!\s+(?:you|we|they|it|he|she|i|your|our"
    r"|their|there|this|that|nobody|no one|someone|everyone|anyone)\b))\b",
    "abcdefghlmpqst",
    re.IGNORECASE,
)
_COMPARISON = FirstLook(_COMPARISON_RE)
# "Slower" is a longer time.
_GREATER = frozenset(
    word_list("more dearer pricier higher bigger larger longer greater slower later")
)


# "Plan B is cheaper: £18 against £25", "the 3-bed is dearer (£950 vs £700)": the
# comparison word, then the subject's value against the other's.
_AGAINST_RE = word_start_regex(
    r"\b(?P<word>cheaper|dearer|pricier|more expensive|less expensive|higher|lower|bigger"
    r"|larger|smaller|longer|shorter|greater|faster|slower|quicker)\b\s*[:,(-]\s*"
    r"(?:at\s+)?(?P<mine>[^\s;()]+)\s+(?:against|versus|vs\.?|compared with|compared to|next to)"
    r"\s+(?:the\s+)?(?P<theirs>[^\s;()]+)",
    "bcdefghlmpqs",
    re.IGNORECASE,
)
_AGAINST = FirstLook(_AGAINST_RE)
_GREATER_AGAINST = frozenset(("more expensive", *_GREATER))


def draws_comparison(text: str) -> bool:
    return (
        _COMPARISON.search(text) is not None
        or _AGAINST.search(text) is not None
        or _POINTED_BOUND_RE.search(text) is not None
    )


# "£85, but as that's under our £80 minimum": the value before set against a bound.
_POINTED_BOUND_RE = re.compile(
    r"\b(?:that's|that is|which is|it's|it is|this is)\s+(?:still\s+|well\s+|just\s+)?"
    r"(?P<word>under|below|over|above)\s+(?:the\s+|our\s+|your\s+)?(?:[a-z-]+\s+){0,2}?"
    r"(?=[£$€\d])",
    re.IGNORECASE,
)


def _pointed_bound_holds(text: str, quantities: Sequence[Quantity]) -> bool | None:
    """Whether "that's under our £80 minimum" holds of the value the fact gave just
    before it ("which is £85"); None when the fact draws no such comparison."""
    match = _POINTED_BOUND_RE.search(text)
    if match is None:
        return None
    theirs = next((own for own in quantities if own.start == match.end()), None)
    if theirs is None or _point(theirs) is None:
        return None
    before = [
        own
        for own in quantities
        if own.end <= match.start() and _point(own) is not None and _same_measure(own, theirs)
    ]
    if not before:
        return None
    a, b = before[-1].low, theirs.low
    return a < b if match.group("word").lower() in ("under", "below") else a > b


def _against_holds(text: str, quantities: Sequence[Quantity]) -> bool | None:
    match = _AGAINST_RE.search(text)
    if match is None:
        return _pointed_bound_holds(text, quantities)
    mine = [own for own in quantities if match.start("mine") <= own.start < match.end("mine")]
    theirs = [own for own in quantities if match.start("theirs") <= own.start < match.end("theirs")]
    if len(mine) != 1 or len(theirs) != 1 or not _same_measure(mine[0], theirs[0]):
        return None
    a, b = _point(mine[0]), _point(theirs[0])
    if a is None or b is None:
        return None
    word = match.group("word").lower()
    if word in ("faster", "quicker"):
        return a < b
    return a > b if word in _GREATER_AGAINST else a < b


_BRACKETED_AFTER_RE = re.compile(r"\s*(?:each|apiece|(?:per|a|an) [a-z]+)?\s*\(\s*$", re.IGNORECASE)


def bracketed_comparison_holds(text: str, quantities: Sequence[Quantity]) -> bool | None:
    """Whether a comparison holds for the value before it and the total the fact gives
    in brackets after the other side's value: "The five-image bundle is £50, which is
    cheaper than £12 each (£60)" compares £50 with £60. None without such a total."""
    match = _COMPARISON_RE.search(text)
    if match is None or match.group("same"):
        return None
    hard = [own for own in quantities if _point(own) is not None]
    after = [own for own in hard if own.start >= match.end()]
    if len(after) < 2:
        return None
    first, total = after[0], after[1]
    if not _same_measure(first, total) or not _BRACKETED_AFTER_RE.match(
        text[first.end : total.start]
    ):
        return None
    before = [
        own
        for own in hard
        if own.end <= match.start()
        and _same_measure(own, total)
        and not _difference(text, own, match)
    ]
    if not before:
        return None
    return _comparison_says(match, before[-1].low, total.low)


def comparison_holds(text: str, sides: Sequence[tuple[frozenset[str], Quantity]]) -> bool | None:
    """Whether the comparison ``text`` draws holds for the values the source gives its
    two sides; None when it draws none or the sides' values cannot be told.

    ``sides`` are the source's values, each with the words that say whose it is.
    """
    match = _COMPARISON_RE.search(text)
    if match is None:
        return None
    left = _subject(text[: match.start()])
    right = _subject(text[match.end() :])
    if not left or not right:
        return None
    first = _owned(left - right, sides)
    second = _owned(right - left, sides)
    if first is None or second is None or first is second:
        return None
    if not _same_measure(first, second) or _point(first) is None or _point(second) is None:
        return None
    return _comparison_says(match, first.low, second.low)


def stated_comparison_holds(text: str, quantities: Sequence[Quantity]) -> bool | None:
    """Whether a comparison holds for the values the fact itself gives its two sides
    ("Bands B to D, at £110, costs more than Bands E to G at £120"); None unless each
    side states one value of one measure. A value right before the comparison word is
    the difference ("£20 less than"), not a side."""
    match = _COMPARISON_RE.search(text)
    if match is None:
        return _against_holds(text, quantities)
    # A bare number ("Zone 1") names a thing; only a measured value is a side's.
    hard = [
        own for own in quantities if _point(own) is not None and (own.kind != "number" or own.unit)
    ]
    left = [own for own in hard if own.end <= match.start() and not _difference(text, own, match)]
    right = [own for own in hard if own.start >= match.end()]
    sides = _measured_sides(left, right)
    if sides is None:
        return None
    a, b = sides[0].low, sides[1].low
    per = _PER_COMPARED_RE.search(match.group())
    if per is not None:
        # "The 6-bottle case at £95 works out cheaper per bottle than the 12-bottle case
        # at £175": each side's value over its own count of that unit.
        counts = [_count_of(side, per.group("unit")) for side in (left, right)]
        if counts[0] is None or counts[1] is None:
            return None
        a, b = a / counts[0], b / counts[1]
    return _comparison_says(match, a, b)


# "cheaper per bottle than", "dearer a night than", "more each month than".
_PER_COMPARED_RE = re.compile(r"\b(?:per|a|an|each)\s+(?P<unit>[A-Za-z]+)\b", re.IGNORECASE)


def _count_of(side: Sequence[Quantity], unit: str) -> float | None:
    """The one count of ``unit`` a side states ("the 12-bottle case"), if it states one."""
    counts = [
        number
        for own in side
        if own.kind in ("number", "duration")
        and (
            own.unit == stem(unit)
            or stem(unit) in {stem(word) for word in re.findall(r"[a-z]+", own.text.lower())}
        )
        and (number := _written_number(own)) is not None
        and number > 0
    ]
    return counts[0] if len(counts) == 1 else None


def _comparison_says(match: re.Match[str], a: float, b: float) -> bool:
    """Whether the comparison word ``match`` read holds of its left side ``a`` against
    its right side ``b`` ("the same as", "faster than", "more than", "less than")."""
    if match.group("same"):
        return _close(a, b)
    word = match.group("word").lower()
    if word in ("faster", "quicker"):
        return a < b
    return a > b if word in _GREATER else a < b


def _measured_sides(
    left: Sequence[Quantity], right: Sequence[Quantity]
) -> tuple[Quantity, Quantity] | None:
    """The two values compared: one on each side, of one measure. Values of another
    measure name the sides ("a full day for a 2-year-old is £70, cheaper than £64";
    "the 2-bed over 100 miles, at £1,600, costs more than the 3-bed within 20 miles at
    £950"): the value nearest the comparison word says which measure is compared."""
    for nearest in reversed(left):
        mine = [own for own in left if _same_measure(own, nearest)]
        theirs = [own for own in right if _same_measure(own, nearest)]
        if len(mine) == 1 and len(theirs) == 1:
            return nearest, theirs[0]
        if theirs:
            return None
    return None


def _difference(text: str, quantity: Quantity, match: re.Match[str]) -> bool:
    between = text[quantity.end : match.start()]
    if _SIDE_VERB_RE.search(between):
        return False  # "at £35 is cheaper than": the value is a side, said before its verb
    return "," not in between and len(between.split()) <= 2


# A verb between a value and the comparison word: the value is what is compared.
_SIDE_VERB_RE = re.compile(r"\b(?:is|are|was|were|costs?|comes?|works? out)\b", re.IGNORECASE)


_SIDE_LIGHT = frozenset(stem(word) for word in word_list("cost costs pay is are be get go going"))


def _subject(text: str) -> frozenset[str]:
    return frozenset(content_stems(text)) - _SIDE_LIGHT


def _owned(words: frozenset[str], sides: Sequence[tuple[frozenset[str], Quantity]]):
    """The one value whose own words say most of ``words``; None on a tie."""
    scored = sorted(
        ((len(words & own), index) for index, (own, _) in enumerate(sides)), reverse=True
    )
    if not scored or scored[0][0] < max(1, (len(words) + 1) // 2):
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return sides[scored[0][1]][1]


def source_sides(sentences) -> list[tuple[frozenset[str], Quantity]]:
    """Every hard value of the sentences with the words that say whose it is."""
    return [
        (value_words(sentence.text, sentence.quantities, index), quantity)
        for sentence in sentences
        for index, quantity in enumerate(sentence.quantities)
        if not quantity.soft
    ]


# A question asking how long something lasted, or how old someone was: "How many years
# did the voyage last?", "How old was Marlowe when he died?", "How many years passed
# between ...?".
_SPAN_QUESTION_RE = re.compile(
    r"\b(?:how\s+many\s+years|how\s+long|how\s+old|what\s+age|at\s+what\s+age)\b",
    re.IGNORECASE,
)
_AGE_RE = re.compile(r"\b(?:how\s+old|what\s+age|at\s+what\s+age)\b", re.IGNORECASE)
_YEARS_UNIT = stem("years")


def years_between(quantity: Quantity, question: str, years: Sequence[float]) -> bool:
    """Whether ``quantity`` is the number of years between two years the passage gives,
    for a question asking how long or how old ("almost five years" from "1831 to 1836",
    "29" from "1564 – 1593"). An age may be a year short of the difference: the
    birthday not yet reached in the last year."""
    if not _SPAN_QUESTION_RE.search(question):
        return False
    counts_years = quantity.kind == "number" and quantity.unit in ("", _YEARS_UNIT)
    if not counts_years and not (quantity.kind == "duration" and "year" in quantity.text.lower()):
        return False
    target = _written_number(quantity) if quantity.kind == "duration" else _point(quantity)
    if target is None or not 0 < target < 200:
        return False
    age = bool(_AGE_RE.search(question))
    dated = sorted({year for year in years if year == int(year) and 1000 <= year <= 2100})
    for i, first in enumerate(dated):
        for second in dated[i + 1 :]:
            span = second - first
            if span == target or (age and span - 1 == target):
                return True
    return False
