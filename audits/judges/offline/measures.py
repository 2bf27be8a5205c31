"""Which of two things a passage measures as the more (or the less): the longer river,
the player with more titles.

Asked "Which river is longer, the Avon or the Wye?" or "Who won more titles, Ann Reed
or Tom Hale?", a short answer picks one of the two; the passage gives each its value
("flows 2,850 km", "won 20 titles"), and the values settle which one the question asks
for. An answer picking the other contradicts the passage.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.quantities import Quantity

from .answers import options_offered, written
from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

# What the question asks for: the greater of the two, or the lesser.
_MORE_RE = re.compile(
    r"\b(?:more|most|longer|longest|larger|largest|bigger|biggest|taller|tallest|higher"
    r"|highest|greater|greatest|heavier|heaviest|deeper|deepest|wider|widest)\b",
    re.IGNORECASE,
)
_LESS_RE = re.compile(
    r"\b(?:fewer|fewest|less|least|shorter|shortest|smaller|smallest|lower|lowest|lighter"
    r"|lightest|shallower|narrower)\b",
    re.IGNORECASE,
)
# Times are read by the dates: "Which was founded earlier?" is no measure.
_TIME_RE = re.compile(
    r"\b(?:first|earlier|earliest|later|latest|older|oldest|younger|youngest|sooner)\b", re.I
)
_KINDS = frozenset({"number", "amount", "percent"})


def measured_choice_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A short answer picking, of the two things the question offers, the one the
    passage's values say is not the greater (or the lesser) one it asks for."""
    if fact.negated or _TIME_RE.search(question):
        return None
    more, less = _MORE_RE.search(question), _LESS_RE.search(question)
    if bool(more) == bool(less):
        return None
    options = [option for option in options_offered(question) if max(map(len, option)) > 2]
    if len(options) != 2:
        return None
    named = [option for option in options if written(option, fact.text)]
    if len(named) != 1:
        return None
    picked = named[0]
    values = [_value(option, options, sources) for option in options]
    if None in values:
        return None
    (first, _), (second, _) = values
    if not _comparable(first, second) or first.low == second.low:
        return None
    greater = options[0] if first.low > second.low else options[1]
    right = greater if more else next(option for option in options if option != greater)
    if picked == right:
        return None
    _, (index, text) = values[options.index(picked)]
    return Problem("contradicts_source", text, index)


def _value(
    option: tuple[str, ...], options: Sequence[tuple[str, ...]], sources: Sequence[PreparedSource]
) -> tuple[Quantity, tuple[int, str]] | None:
    """The one value (not a year) the sentences naming the option, and no other option,
    give it; None when they give none or several."""
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not written(option, sentence.text) or any(
                written(other, sentence.text) for other in options if other != option
            ):
                continue
            own = [quantity for quantity in sentence.quantities if _measure(quantity)]
            if not own:
                continue
            if found is not None or len(own) > 1:
                return None
            found = own[0], (index, sentence.text)
    return found


def _measure(quantity: Quantity) -> bool:
    if quantity.kind not in _KINDS or quantity.soft or quantity.low != quantity.high:
        return False
    # A year dates; it does not measure.
    return not (quantity.kind == "number" and not quantity.unit and 1000 <= quantity.low <= 2100)


# Units that measure: a length is no count ("2,850 km" against "2 moons").
_MEASURES = frozenset({"length", "weight", "volume", "area", "m", "kg", "cm", "mb", "gb"})


def _comparable(first: Quantity, second: Quantity) -> bool:
    """Two values of one measure: the same unit, or two counts of things whatever word
    follows the number ("2 small moons" against "95 known moons")."""
    if first.kind != second.kind:
        return False
    if first.unit == second.unit:
        return True
    return first.kind == "number" and not {first.unit, second.unit} & _MEASURES
