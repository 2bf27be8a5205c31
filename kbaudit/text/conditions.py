"""Values a source ties to a condition ("If we shipped the wrong item, you have 45 days").

Groundedness has to catch logic failures, not only invented words (SPEC §3): an answer
that gives the special-case value to an ordinary case uses only the source's words.
So every value in a source sentence is read together with the clause that governs
it, and an answer may use a governed value only when the question or the answer
itself states that condition.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .quantities import Quantity, extract_quantities
from .tokens import content_stems, stem, word_list

# Markers that restrict a value to a special case. "unless" and "except" are left out
# on purpose: they carve the exception out, so the value they govern is the ordinary
# one; "once" and "after" order steps in time rather than pick a case.
_MARKER_RE = re.compile(
    r"\b(?:only if|if|when|whenever|provided (?:that )?|as long as|in case)\b"
    r"|\b(?:on|for) (?:all |any )?(?:orders?|purchases?|items?|baskets?|carts?|products?)"
    r" (?:over|above|under|below|of (?:more than|at least|less than)|exceeding|worth|totall?ing)\b"
    r"|\bfor (?:\w+ ){0,2}(?:members?|subscribers?|account holders?|customers in)\b",
    re.IGNORECASE,
)
# A sentence-initial "For large appliances, ..." or "With Express delivery, ...".
_LEADING_SCOPE_RE = re.compile(r"^(?:for|with|on|during|in)\s+(?!\d)(?!the\s+\d)", re.IGNORECASE)
_SEGMENT_BREAK_RE = re.compile(r",\s+|;\s+|\s+-\s+|:\s+|\s+(?=(?:or|but)\s)", re.IGNORECASE)
# Words that appear in every condition and do not tell one case from another.
_LIGHT = frozenset(
    stem(word)
    for word in word_list("""
    item items product products order orders buy purchase ship shipped send sent deliver
    delivered receive received get got make made place placed customer customers thing
    use used one case cases time also only
    """)
)
_MARKER_WORDS = frozenset(stem(word) for word in word_list("provided long case once member"))


@dataclass(frozen=True)
class Condition:
    text: str
    key_stems: frozenset[str]
    quantities: tuple[Quantity, ...]
    any_of: bool  # "damaged or defective": one of the key words is enough

    def satisfied_by(self, stems: Iterable[str], quantities: Iterable[Quantity]) -> bool:
        """Whether a question or answer that says these words states this condition."""
        stated = set(stems)
        if self.quantities and any(
            given.same_value(own) for given in quantities for own in self.quantities
        ):
            return True
        if not self.key_stems:
            # A condition we cannot read is never held against an answer.
            return not self.quantities
        needed = 1 if self.any_of else min(2, len(self.key_stems))
        return len(self.key_stems & stated) >= needed


def governing_conditions(text: str, quantities: list[Quantity]) -> dict[int, Condition]:
    """Map each governed quantity (by index in ``quantities``) to its condition.

    ``text`` must be the same (number-word converted) text the quantities came from.
    """
    segments = _segments(text)
    governed: dict[int, Condition] = {}
    for position in range(len(segments)):
        found = _condition_in_segment(text, segments, position)
        if found is None:
            continue
        condition, scope = found
        for index, quantity in enumerate(quantities):
            if scope[0] <= quantity.start < scope[1] and index not in governed:
                governed[index] = condition
    return governed


def sentence_conditions(text: str) -> tuple[Condition, ...]:
    """Every condition clause in a sentence, whether or not it governs a value."""
    segments = _segments(text)
    found = (_condition_in_segment(text, segments, position) for position in range(len(segments)))
    return tuple(condition for condition, _ in filter(None, found))


def _segments(text: str) -> list[tuple[int, int]]:
    bounds = [0]
    for match in _SEGMENT_BREAK_RE.finditer(text):
        bounds.extend((match.start(), match.end()))
    bounds.append(len(text))
    return [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]


def _condition_in_segment(
    text: str, segments: list[tuple[int, int]], position: int
) -> tuple[Condition, tuple[int, int]] | None:
    start, end = segments[position]
    segment = text[start:end]
    marker = _MARKER_RE.search(segment)
    leading = position == 0 and len(segments) > 1 and _LEADING_SCOPE_RE.match(segment)
    if marker is None and not leading:
        return None
    offset = 0 if leading or marker is None else marker.start()
    if offset > 0:
        # "You have 45 days if we shipped the wrong item": governs what precedes it.
        return _condition(segment[offset:]), (start, start + offset)
    if position < len(segments) - 1:
        # "If we shipped the wrong item, you have 45 days": governs the rest.
        return _condition(segment), (end, len(text))
    if position > 0:
        previous = segments[position - 1]
        return _condition(segment), previous
    return None


def _condition(clause: str) -> Condition:
    stems = set(content_stems(clause)) - _LIGHT - _MARKER_WORDS
    stems = {token for token in stems if not token[:1].isdigit()}
    return Condition(
        text=clause.strip(" ,;."),
        key_stems=frozenset(stems),
        quantities=tuple(q for q in extract_quantities(clause) if not q.soft),
        any_of=" or " in f" {clause.lower()} ",
    )
