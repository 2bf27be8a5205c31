"""Which thing each value of a sentence belongs to, read from the words around it.

A sentence often gives several things a value each ("Team workspaces can make 1,000
requests per hour and Enterprise workspaces 10,000"; "a representative APR of 24.9% on
purchases. Cash advances are charged at 29.9% APR"). An answer built from the source's
own words can give one thing's value to another: every value it states is in the
source, only attached to the wrong owner. So each value is read with its own words:
those between it and the value before it (from the last clause break), and those
after it up to the next value, clause break or comparison ("compared with", "than").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kbaudit.text.quantities import Quantity
from kbaudit.text.tokens import content_stems, first_char_regex, stem, word_list

# Where one value's words end and the next one's begin (a colon ends a lead-in: "It's
# bigger on parties: members get 10% off entry"). "plus" joins two values only in lower
# case: "Voltway Plus members", "Disney Plus" are names.
_BREAK_RE = re.compile(
    r";\s*|:\s+|\.\s+|\s+(?:and|or|but|while|whereas|although|(?-i:plus))\s+|,\s+(?:and|but|while|whereas|so)\s+"
    # A new clause with a subject of its own: "..., you are entitled to £220".
    r"|,\s+(?=(?:you|we|it|they|this|these|there|he|she|which|who)\b)",
    re.IGNORECASE,
)
# The noun a bare number counts ("1,500 km", "10 users") is part of it, not of the next.
_COUNTED_RE = re.compile(r"[\s-]?[A-Za-z]+")
# Words that set a second thing beside the first: what follows is the other's.
_COMPARISON_RE = first_char_regex(
    re.compile(
        r"\b(?:compared (?:with|to)|than|against|versus|vs\.?|unlike|as opposed to|whereas|while"
        r"|instead of|in place of|up from|down from)\b",
        re.IGNORECASE,
    )
)
# Words that say what a value is but not whose it is.
_LIGHT = frozenset(
    stem(word)
    for word in word_list("""
    cost costs costing charge charged charges pay pays paid price priced fee fees get gets
    come comes is are be was were has have had include includes included give gives
    make makes can may will up to at of for in on with the a an your their its our
    per each day days month months year years week weeks hour hours minute minutes
    more less higher lower bigger smaller cheaper dearer extra also only just about
    """)
)


def value_words(text: str, quantities: Sequence[Quantity], index: int) -> frozenset[str]:
    """The words that say whose ``quantities[index]`` is, in ``text`` (the text the
    quantities were read from)."""
    quantity = quantities[index]
    previous, following = _bounds(text, quantities, quantity)
    return _words(text, previous, quantity.start, quantity.end, following)


def owned_words(text: str, quantities: Sequence[Quantity], index: int) -> frozenset[str]:
    """The words that say whose ``quantities[index]`` is, and, when its part opens with
    it, the words the first value's part opens with: "members" get both values of
    "members get 20% off entry and 10% off parties"."""
    words = value_words(text, quantities, index)
    hard = [i for i, own in enumerate(quantities) if not own.soft]
    if not hard or index == hard[0] or quantities[index].soft:
        return words
    before = value_sides(text, quantities, index)[0]
    if any(token not in _LIGHT for token in content_stems(before)):
        return words
    lead = value_sides(text, quantities, hard[0])[0]
    return words | frozenset(token for token in content_stems(lead) if token not in _LIGHT)


def _bounds(text: str, quantities: Sequence[Quantity], quantity: Quantity) -> tuple[int, int]:
    """Where the values before and after ``quantity`` end and start."""
    # A value of another measure in brackets describes the thing named before it ("A
    # medium tattoo (5 to 10 cm) is £100"): it does not end that thing's words.
    asides = _aside_spans(text) if "(" in text else ()
    hard = [
        own
        for own in quantities
        if not own.soft
        and not (
            asides
            and not own.comparable(quantity)
            and any(start <= own.start and own.end <= end for start, end in asides)
            and not any(start <= quantity.start < end for start, end in asides)
        )
    ]
    # "2 small rooms at £35 each": a price of each thing counted is the counted thing's,
    # and the words of the count are its words too.
    each = _EACH_AFTER_RE.match(text, quantity.end) is not None
    previous = max(
        (
            own.end if each and own.kind == "number" else _end(text, own)
            for own in hard
            if own.end <= quantity.start
        ),
        default=0,
    )
    following = min((own.start for own in hard if own.start >= quantity.end), default=len(text))
    return min(previous, quantity.start), following


_ASIDE_RE = re.compile(r"\([^()]*\)")
_EACH_AFTER_RE = re.compile(r"\s*(?:each|apiece)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _aside_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(match.span() for match in _ASIDE_RE.finditer(text))


def _end(text: str, quantity: Quantity) -> int:
    if quantity.kind == "number" and quantity.unit:
        counted = _COUNTED_RE.match(text, quantity.end)
        if counted is not None:
            return counted.end()
    return quantity.end


def value_sides(text: str, quantities: Sequence[Quantity], index: int) -> tuple[str, str]:
    """The text before and after the value that :func:`value_words` reads."""
    quantity = quantities[index]
    previous, following = _bounds(text, quantities, quantity)
    return _sides(text, previous, quantity.start, quantity.end, following)


@lru_cache(maxsize=65536)
def _words(text: str, previous: int, start: int, end: int, following: int) -> frozenset[str]:
    before, after = _sides(text, previous, start, end, following)
    return frozenset(
        token
        for token in content_stems(f"{before} {after}")
        if token not in _LIGHT and not token[:1].isdigit()
    )


def _sides(text: str, previous: int, start: int, end: int, following: int) -> tuple[str, str]:
    before = text[previous:start]
    breaks = list(_BREAK_RE.finditer(before))
    if breaks:
        before = before[breaks[-1].end() :]
    compared = list(_COMPARISON_RE.finditer(before))
    if compared and compared[-1].end() < len(before.rstrip()) - 1:
        # "compared with Enterprise's 1,000": the value is the compared thing's.
        before = before[compared[-1].end() :]
    after = text[end:following]
    stop = [m.start() for m in (_BREAK_RE.search(after), _COMPARISON_RE.search(after)) if m]
    stop.append(after.find(","))
    cut = min((position for position in stop if position >= 0), default=len(after))
    return before, after[:cut]


def compared_side(text: str, quantities: Sequence[Quantity], index: int) -> bool:
    """Whether the value is the other side of a comparison: "£1,000 against £500",
    "compared with Enterprise's 1,000", "more than Lite's £10"."""
    quantity = quantities[index]
    previous = max(
        (_end(text, own) for own in quantities if not own.soft and own.end <= quantity.start),
        default=0,
    )
    before = text[min(previous, quantity.start) : quantity.start]
    if _THRESHOLD_RE.search(before) and not _COMPARISON_RE.search(_THRESHOLD_RE.sub(" ", before)):
        return False  # "orders more than 20 minutes late": a threshold, not another's value
    return bool(_COMPARISON_RE.search(before))


# "more than 20 minutes", "less than £30": the bound of a case, said right before it.
_THRESHOLD_RE = re.compile(
    r"\b(?:more|less|fewer|longer|shorter|later|earlier) than\s*(?:[£$€]\s*)?$", re.IGNORECASE
)
