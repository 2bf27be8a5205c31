"""Values taken from a table: the row and the column of a cell are the case it holds for.

:func:`.sources.plain_lines` writes each cell of a table as a sentence naming its column
and its row ("For Zone 2, Band A (0 g/km): £15."). A value an answer takes from a table
holds only for the row and the column it sits in, so it is read against the row and
the column the answer names, around the value first, then in the whole fact, and else
the ones the question names: £165 is the Zone 1 price of Bands E to G, not a Zone 2
resident's; "£2.95 for Standard customers" is wrong for Zone C, where £2.95 is the
Pillbox Plus price. A row or column is named by its own words ("Zone C", "city
centre", "Highlands"), by its name written out, or, for bands ("Up to 2 miles", "2 to
4 miles"), by a value that falls in the band; and a question that says the customer is
not in a column ("I'm not a Plus member") rules that column out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from kbaudit.text.quantities import Quantity, extract_quantities, in_days
from kbaudit.text.tokens import (
    STOPWORDS,
    content_stems,
    digits_for_number_words,
    normalise,
    stem,
)

from .sources import PreparedSource, SourceSentence

# "For Pillbox Plus, Zone C (Highlands, islands and Northern Ireland): £2.95."
# A name may hold commas inside brackets: "For Concession (over 60s, students), DVD: £1.50."
_CELL_RE = re.compile(r"^For (?P<column>(?:[^,:(]|\([^)]*\))+), (?P<row>[^:]+): ")
# A label's identifier after its kind: "Zone 2", "Band A", "Tier 3"; "Zones A and B".
_IDENTIFIER_RE = re.compile(
    r"\b([A-Za-z][\w'-]*)\s+((?:[A-Z]|\d+)(?:(?:\s*,\s*|\s+(?:and|or|&)\s+)(?:[A-Z]|\d+))*)"
    r"\b(?![\w-])"
)
_IDENTIFIER_SPLIT_RE = re.compile(r"\s*,\s*|\s+(?:and|or|&)\s+")
# "not a Plus member", "don't have Plus", "without Plus", "non-member": the words a
# customer says they are not.
_DENIAL_RE = re.compile(
    r"(?:\b(?:not|no|never|without|non)|n't)\b[\s-]*(?P<denied>(?:[\w'-]+\s+){0,2}[\w'-]+)",
    re.IGNORECASE,
)
_NOT_A_MEMBER_RE = re.compile(
    r"\b(?:not|n't|never been)\s+(?:a |an )?(?:member|subscriber|cardholder)s?\b"
    r"|\bnon-?members?\b|\bwithout (?:a |an )?membership\b",
    re.IGNORECASE,
)
# The column of customers with no membership or plan of their own.
_ORDINARY_RE = re.compile(
    r"\b(?:standard|regular|normal|non-?members?|pay as you go|everyone)\b", re.IGNORECASE
)
_UP_TO_RE = re.compile(r"\b(?:up to|under|less than|below|within|maximum|max)\s*$", re.I)
_BELOW_RE = re.compile(r"\b(?:under|less than|below)\s*$", re.I)
_AT_LEAST_RE = re.compile(r"\b(?:over|more than|above|from|at least|minimum)\s*$", re.I)
_AND_ABOVE_RE = re.compile(
    r"^\s*(?:\+|or more|and over|and above|or over|or older|and older|plus)\b", re.I
)
_ALTERNATIVE_RE = re.compile(r"\s*[(),/;]\s*|\s+(?:and|or|&)\s+", re.IGNORECASE)
# What a cell measures ("Monthly fee"), not which case it is for.
_MEASURE_WORDS = frozenset(content_stems("cost fee charge price rate amount pay"))
# A label named by this share of its own words (or more) is named, when no other label
# of its table is named more fully.
NAMED_SHARE = 0.5
# A label written out whole is named more surely than by any of its words.
WRITTEN_OUT = 2.0


@dataclass(frozen=True)
class Cell:
    column: str
    row: str


@dataclass(frozen=True)
class Band:
    low: float
    high: float
    unit: str
    kind: str
    # "Under 2 years" holds no 2-year-old.
    below: bool = False
    # The noun a band of plain numbers counts ("grade" of "Grades 4 to 5"): a value is
    # in it only where the text writes the noun before the number ("Grade 5").
    noun: str = ""

    def holds(self, value: Quantity, text: str = "") -> bool:
        if value.soft:
            return False
        if self.noun and not re.search(
            rf"\b{self.noun}s?\s+{re.escape(value.text)}\b",
            digits_for_number_words(normalise(text)),
            re.IGNORECASE,
        ):
            return False
        if value.kind == "age" and (self.kind, self.unit) == ("duration", "day"):
            # "a 2-year-old" against the rows "Under 2 years | 2 years | 3 to 4 years".
            value = in_days(value)
        elif self.kind == "age" and (value.kind, value.unit) == ("duration", "day"):
            # "18 months old" against the row "Under 2".
            value = Quantity("age", value.low / 365, value.high / 365)
        if value.kind != self.kind or value.unit != self.unit:
            return False
        # "1 hour" is the row "60 minutes", however the two round in days.
        slack = 1e-9 * max(1.0, abs(value.low), abs(value.high))
        if self.below and value.high >= self.high - slack:
            return False
        return self.low - slack <= value.low and value.high <= self.high + slack


@dataclass(frozen=True)
class Labels:
    """The labels of one dimension of a table (its columns, or its rows): each with the
    words that tell it from the others, and the band of values it covers, if any."""

    names: tuple[str, ...]
    # Per label, the words only it uses, in each of the alternatives it lists
    # ("Zone C (Highlands, islands and Northern Ireland)" is named by any of them).
    words: tuple[frozenset[str], ...]
    alternatives: tuple[tuple[frozenset[str], ...], ...]
    # Per label, all its words: a label with no word of its own ("GP consultation"
    # beside "Extended GP consultation") is named by most of them.
    full: tuple[frozenset[str], ...]
    bands: tuple[Band | None, ...]


def label_end(text: str) -> int:
    """Where a cell sentence's row and column names end ("For Up to 20 miles, 3-bed
    house: "); 0 for any other sentence."""
    cell = _CELL_RE.match(text)
    return cell.end() if cell else 0


def cell_of(text: str) -> Cell | None:
    cell = _CELL_RE.match(text)
    return Cell(cell.group("column"), cell.group("row")) if cell else None


def label_words(text: str) -> frozenset[str]:
    """The words of a text that may name a label: its stems, and each identifier with
    the word it follows ("zone#2")."""
    text = normalise(text)
    stems = {token for token in content_stems(text) if len(token) > 1 and not token[:1].isdigit()}
    pairs = {
        f"{stem(word.lower())}#{ident.lower()}"
        for word, idents in _IDENTIFIER_RE.findall(text)
        if word.lower() not in STOPWORDS
        for ident in _IDENTIFIER_SPLIT_RE.split(idents)
    }
    return frozenset(stems | pairs)


# "Concession (over 60s, under 18s)", "Senior (65+)": people's ages a column is for.
_AGE_BOUND_RE = re.compile(
    r"\b(?P<side>under|over|aged)\s+(?P<age>\d{1,2})s?\b(?!\s*(?:%|[a-z]))|\b(?P<plus>\d{2})\s*\+",
    re.IGNORECASE,
)


def _age_band(text: str) -> Band | None:
    found = list(_AGE_BOUND_RE.finditer(text))
    if len(found) != 1:
        return None
    match = found[0]
    if match.group("plus"):
        return Band(float(match.group("plus")), math.inf, "", "age")
    age = float(match.group("age"))
    side = match.group("side").lower()
    if side == "under":
        return Band(0.0, age, "", "age", below=True)
    if side == "over":
        return Band(age, math.inf, "", "age")
    return None


_COUNTED_RANGE_RE = re.compile(
    r"^(?P<noun>[A-Za-z]{3,}?)s?\s+(?P<low>\d{1,3})\s*(?:to|-|–)\s*(?P<high>\d{1,3})$"
)


def _counted_band(label: str) -> Band | None:
    """ "Grades 4 to 5", "Levels 1-3": a range of numbers of a thing named before them."""
    counted = _COUNTED_RANGE_RE.match(label.strip())
    if counted is None:
        return None
    low, high = float(counted.group("low")), float(counted.group("high"))
    return Band(low, high, "", "number", noun=counted.group("noun").lower()) if low < high else None


def _band(label: str) -> Band | None:
    text = digits_for_number_words(label)
    aged = _age_band(text)
    if aged is not None:
        return aged
    found = [own for own in extract_quantities(text) if not own.soft]
    unit = next((own.unit for own in found if own.unit), "")
    # An age is a measure of its own: "3 years old or older" bands ages with no unit.
    kind = next((own.kind for own in found if own.unit or own.kind == "age"), "")
    if not found or not kind:
        return _counted_band(text)  # "Zone 1" is a name, not a band of values
    first = found[0]
    # Only values of one measure make a range: "6-inch round, 1 tier" is a 6-inch cake
    # of one tier, not a band from 6 inches to 1.
    same = [own for own in found if (own.kind, own.unit) == (first.kind, first.unit)]
    if first.unit and len(same) < len(found):
        unit, kind = first.unit, first.kind
    last = same[-1]
    if len(same) >= 2:
        return Band(first.low, last.high, unit, kind)
    if _UP_TO_RE.search(text[: first.start]):
        return Band(0.0, first.high, unit, kind, bool(_BELOW_RE.search(text[: first.start])))
    if _AT_LEAST_RE.search(text[: first.start]) or _AND_ABOVE_RE.match(text[first.end :]):
        return Band(first.low, math.inf, unit, kind)
    return Band(first.low, first.high, unit, kind)


def _labels(names: Sequence[str], contents: frozenset[str]) -> Labels:
    """``contents``: the words of the cells themselves ("World Pass £6 a day"), which
    name no row or column when an answer repeats them."""
    bands = _bands(names)
    # A band's unit ("5 to 10 years") names no label: "a 4-year-old" says "year" too.
    own = [
        label_words(_without_units(name) if band else name) - contents - _MEASURE_WORDS
        for name, band in zip(names, bands, strict=True)
    ]
    # Only a word no other label uses tells a label apart: "single" of "Single club,
    # monthly", not "monthly", which "All clubs, monthly" says too.
    unique = [
        frozenset(
            word
            for word in words
            if not any(word in other for position, other in enumerate(own) if position != index)
        )
        for index, words in enumerate(own)
    ]
    alternatives = tuple(
        tuple(
            words
            for part in _ALTERNATIVE_RE.split(name)
            if (words := label_words(part) & unique[index])
        )
        for index, name in enumerate(names)
    )
    shared = frozenset.intersection(*own) if own else frozenset()
    full = tuple(words - shared for words in own)
    return Labels(tuple(names), tuple(unique), alternatives, full, bands)


def _without_units(name: str) -> str:
    text = digits_for_number_words(name)
    for own in reversed(extract_quantities(text)):
        if own.unit:
            text = text[: own.start] + text[own.end :]
    return text


_UNIT_WORD_RE = re.compile(r"[A-Za-z]+$")


def _bands(names: Sequence[str]) -> tuple[Band | None, ...]:
    """Each label's band; a label with a bare number ("Under 2") beside labels that
    say their unit ("2 years", "3 to 4 years") counts in theirs."""
    bands = [_band(name) for name in names]
    units = {
        unit.group().lower()
        for name, band in zip(names, bands, strict=True)
        if band is not None
        for own in extract_quantities(digits_for_number_words(name))
        if own.unit and (unit := _UNIT_WORD_RE.search(own.text))
    }
    if len(units) != 1 or all(band is not None for band in bands):
        return tuple(bands)
    (unit,) = units
    return tuple(
        band if band is not None or not re.search(r"\d\s*$", name) else _band(f"{name} {unit}")
        for name, band in zip(names, bands, strict=True)
    )


_TABLES: dict[str, tuple[Labels, Labels]] = {}


def table_labels(source: PreparedSource) -> tuple[Labels, Labels]:
    """The columns and the rows of the table a chunk holds (one table per chunk)."""
    found = _TABLES.get(source.plain)
    if found is None:
        cells = [cell for sentence in source.sentences if (cell := cell_of(sentence.text))]
        columns = list(dict.fromkeys(cell.column for cell in cells))
        rows = list(dict.fromkeys(cell.row for cell in cells))
        contents = frozenset().union(
            *(
                label_words(sentence.text[cell.end() :])
                for sentence in source.sentences
                if (cell := _CELL_RE.match(sentence.text))
            )
        )
        if len(_TABLES) > 4096:
            _TABLES.clear()
        found = _TABLES[source.plain] = (_labels(columns, contents), _labels(rows, contents))
    return found


def named(labels: Labels, text: str, values: Sequence[Quantity] = ()) -> frozenset[int]:
    """The labels a text names: those named most fully, if by half their own words."""
    if len(labels.names) < 2 or not text:
        return frozenset()
    said = label_words(text)
    written = normalise(text).lower()
    scores = []
    for index, (name, words, band) in enumerate(
        zip(labels.names, labels.words, labels.bands, strict=True)
    ):
        if _written_out(name, text, written):
            scores.append(WRITTEN_OUT)
            continue
        score = max(
            (len(part & said) / len(part) for part in labels.alternatives[index]), default=0.0
        )
        if any("#" in word for word in words & said):
            score = 1.0  # "Zone 2" names its column whatever else the label says
        full = labels.full[index]
        if not words and full and len(full & said) / len(full) > NAMED_SHARE:
            score = len(full & said) / len(full)
        if band is not None and any(band.holds(value, text) for value in values):
            # A value inside a band names it as surely as its name written out: "over
            # 100 miles or ... within 20 miles" names both bands.
            score = max(score, WRITTEN_OUT)
        scores.append(score)
    top = max(scores)
    if top < NAMED_SHARE:
        return frozenset()
    return frozenset(index for index, score in enumerate(scores) if score == top)


def _written_out(name: str, text: str, written: str) -> bool:
    """The text writes the label's name whole. A one-letter label ("A", "C") is written
    only as a capital inside a sentence: neither "£1,883 a year" nor "A permit costs"
    names band A."""
    label = normalise(name).strip()
    if len(label) == 1:
        plain = normalise(text)
        return any(
            not re.search(r"(?:^|[.!?:]\s*)$", plain[: found.start()].rstrip())
            for found in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", plain)
        )
    return re.search(rf"(?<!\w){re.escape(label.lower())}(?!\w)", written) is not None


def denied(labels: Labels, text: str) -> frozenset[int]:
    """The labels a text says the customer is not in: "I'm not a Plus member"."""
    if len(labels.names) < 2 or not text:
        return frozenset()
    out: set[int] = set()
    for match in _DENIAL_RE.finditer(text):
        out.update(named(labels, match.group("denied")))
    return frozenset(out)


@dataclass(frozen=True)
class Scope:
    """The words that say which case a value is for, nearest first: the value's own
    words, the whole fact, and the question (with the values each states)."""

    local: tuple[str, ...]
    fact: str
    question: str
    fact_values: tuple[Quantity, ...] = ()
    question_values: tuple[Quantity, ...] = ()
    # The fact states other values than this one.
    several: bool = False


def _decided(labels: Labels, scope: Scope, own: int, *, columns: bool) -> frozenset[int]:
    """The labels of one dimension the value may sit under (``own`` is its cell's);
    empty when nothing says."""
    ruled_out = denied(labels, scope.question) if columns else frozenset()
    for text, values, binding in (
        *((local, (), True) for local in scope.local),
        # A fact stating several values names the cases of all of them: it confirms a
        # value's case, but another value's case named there is not this one's.
        (scope.fact, scope.fact_values, not scope.several),
        (scope.question, scope.question_values, True),
    ):
        # "I'm not a Plus member", "without the Pet Plan" name a column to rule it out.
        excluded = denied(labels, text) if columns else frozenset()
        found = named(labels, text, values) - excluded
        if not found and excluded and binding:
            found = frozenset(range(len(labels.names))) - excluded
        if found and (binding or own in found):
            return found
    # "I'm not a Plus member": the columns left are the customer's.
    if ruled_out:
        return frozenset(range(len(labels.names))) - ruled_out
    if columns and _NOT_A_MEMBER_RE.search(scope.question):
        # "I'm not a member" names no column, but rules out all but the ordinary one.
        return frozenset(
            index for index, name in enumerate(labels.names) if _ORDINARY_RE.search(name)
        )
    return frozenset()


def _others_columns(
    source: PreparedSource,
    sentence: SourceSentence,
    cell: Cell,
    fact_values: Sequence[Quantity],
) -> frozenset[int]:
    """The columns whose cell in the same row holds another measure the fact states: "is
    for 10 to 15 children and costs £180" names the Children column for "10 to 15",
    not for £180. A value of the cell's own measure stays a rival ("£24 for evenings
    and £30 for matinées" may swap the row's two prices)."""
    own = _cell_values(sentence)
    others = [
        value
        for value in fact_values
        if not value.soft and not any(value.comparable(mine) for mine in own)
    ]
    if not others:
        return frozenset()
    columns, _ = table_labels(source)
    return frozenset(
        columns.names.index(found.column)
        for found, _, other, holds_values in text_cells(source)
        if found.row == cell.row
        and found.column != cell.column
        and holds_values
        and any(value.same_value(held) for value in others for held in _cell_values(other))
    )


def _restated_columns(source: PreparedSource, cell: Cell, fact: str) -> frozenset[int]:
    """The columns whose cell in the same row the fact restates in words: "Zone C (other
    postcodes we cover): within 3 working days" says the row's Postcodes cell, "Other
    postcodes we cover", to name the row, and asks nothing of the Postcodes column. A
    value's cell is left to _others_columns: its column is the value's."""
    said = label_words(fact)
    columns, _ = table_labels(source)
    return frozenset(
        columns.names.index(found.column)
        for found, content, _, holds_values in text_cells(source)
        if found.row == cell.row
        and found.column != cell.column
        and not holds_values
        and content
        and content <= said
    )


_TEXT_CELLS: dict[str, tuple[tuple[Cell, frozenset[str], SourceSentence, bool], ...]] = {}


def text_cells(
    source: PreparedSource,
) -> tuple[tuple[Cell, frozenset[str], SourceSentence, bool], ...]:
    """Each cell of the chunk's table with the words of its content, its sentence, and
    whether it holds a value; read once per chunk, as the same chunks come back all day."""
    found = _TEXT_CELLS.get(source.plain)
    if found is None:
        cells = []
        for sentence in source.sentences:
            cell = cell_of(sentence.text)
            if cell is not None:
                content = label_words(sentence.text[label_end(sentence.text) :])
                cells.append((cell, content, sentence, bool(_cell_values(sentence))))
        if len(_TEXT_CELLS) > 4096:
            _TEXT_CELLS.clear()
        found = _TEXT_CELLS[source.plain] = tuple(cells)
    return found


def _cell_values(sentence: SourceSentence) -> list[Quantity]:
    """The values a cell sentence holds, not those of its row's and column's names."""
    end = label_end(sentence.text)
    return [own for own in sentence.quantities if own.start >= end]


def cell_fits(
    scope: Scope, places: Sequence[tuple[PreparedSource, SourceSentence]]
) -> tuple[bool | None, int]:
    """Whether a value stated only in table cells sits in a cell of the row and column
    the answer or the question speaks of: True when one does, False when every cell
    stating it is another row's or column's, None when nothing names either; with the
    index of the place it is decided on."""
    verdict: bool | None = None
    decided_on = 0
    for position, (source, sentence) in enumerate(places):
        cell = cell_of(sentence.text)
        if cell is None:
            return None, 0
        columns, rows = table_labels(source)
        column = columns.names.index(cell.column)
        row = rows.names.index(cell.row)
        taken = _others_columns(source, sentence, cell, scope.fact_values)
        taken |= _restated_columns(source, cell, scope.fact)
        wanted_columns = _decided(columns, scope, column, columns=True) - taken
        wanted_rows = _decided(rows, scope, row, columns=False)
        if not wanted_columns and not wanted_rows:
            continue
        if (wanted_columns and column not in wanted_columns) or (
            wanted_rows and row not in wanted_rows
        ):
            if verdict is None:
                verdict, decided_on = False, position
            continue
        return True, position
    return verdict, decided_on
