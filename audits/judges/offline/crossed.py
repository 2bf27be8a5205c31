"""Values crossed between two clauses of one fact: "You can resell tickets up to 2 hours
before doors open, and transfer one up to 24 hours before the event", where the sources
give reselling 24 hours and transferring 2. Each value is the sources' own, so every
check of one value at a time passes; read clause by clause, each clause's value is the
one the sources give the other clause's subject.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words

from .decompose import Fact
from .sources import CLAUSE_BREAK_RE, PreparedSource, SourceSentence
from .tables import label_words, named, table_labels, text_cells
from .values import Problem, subject_stems


def crossed_values_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """Two clauses of the fact, each giving one value, where the only sentence stating
    each value speaks of the other clause's subject more than of its own."""
    if len(fact.quantities) < 2:
        return None
    read = _clause_values(digits_for_number_words(fact.text))
    for (first, first_words), (second, second_words) in combinations(read, 2):
        if not first.comparable(second) or first.same_value(second) or second.same_value(first):
            continue
        first_place, second_place = _only_sentence(first, sources), _only_sentence(second, sources)
        if first_place is None or second_place is None:
            continue
        first_sentence, second_sentence = first_place[1], second_place[1]
        if first_sentence is second_sentence:
            continue  # one sentence's parallel cases: values._swapped_value reads those
        if len(first_words & second_sentence.stems) > len(
            first_words & first_sentence.stems
        ) and len(second_words & first_sentence.stems) > len(second_words & second_sentence.stems):
            return Problem("contradicts_source", second_sentence.text, second_place[0])
    return None


def _clause_values(text: str) -> list[tuple[Quantity, frozenset[str]]]:
    """Each clause stating exactly one value: the value and what the clause is about."""
    read = []
    for clause in CLAUSE_BREAK_RE.split(text):
        values = [quantity for quantity in extract_quantities(clause) if not quantity.soft]
        if len(values) == 1:
            read.append((values[0], subject_stems(frozenset(content_stems(clause)))))
    return read


def _only_sentence(
    quantity: Quantity, sources: Sequence[PreparedSource]
) -> tuple[int, SourceSentence] | None:
    """The one source sentence stating the value, if only one does."""
    found = [
        (index, sentence)
        for index, source in enumerate(sources)
        for sentence in source.sentences
        if any(quantity.same_value(own) for own in sentence.quantities)
    ]
    return found[0] if len(found) == 1 else None


# A cell is told apart by this many words of its own ("Any UK destination").
CELL_CONTENT_WORDS = 2


def crossed_cells_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """A clause naming one column of a table says what the table gives another column in
    the same row, in words: "On Roadside cover we'll tow you to any UK destination, while
    Nationwide tows you up to 10 miles" where Towing is "Up to 10 miles" on Roadside and
    "Any UK destination" on Nationwide. Values are checked one by one elsewhere; a cell
    written in words has no value to check."""
    clauses = CLAUSE_BREAK_RE.split(fact.text)
    for index, source in enumerate(sources):
        read = text_cells(source)
        if len(read) < 2:
            continue
        cells = {
            (cell.column, cell.row): (content, sentence) for cell, content, sentence, _ in read
        }
        columns, rows = table_labels(source)
        fact_rows = named(rows, fact.text) or range(len(rows.names))
        for clause in clauses:
            said = label_words(clause)
            named_columns = named(columns, clause)
            if len(named_columns) != 1:
                continue
            column = columns.names[next(iter(named_columns))]
            for row in fact_rows:
                row_name = rows.names[row]
                own = cells.get((column, row_name))
                if own is None or not rows.full[row] & said:
                    continue
                for position, other in enumerate(columns.names):
                    theirs = cells.get((other, row_name))
                    if other == column or theirs is None:
                        continue
                    content = theirs[0] - own[0] - rows.full[row] - columns.full[position]
                    if (
                        len(content) >= CELL_CONTENT_WORDS
                        and content <= said
                        and not (own[0] - theirs[0]) & said
                    ):
                        return Problem("contradicts_source", own[1].text, index)
    return None
