"""The offline judge keeps each source sentence's reading: chunks that share a sentence
reuse it, yet the chunks of one call never share a sentence object, since the checks
tell sentences and their values apart by identity."""

from __future__ import annotations

from audits.judges.base import SourceText
from audits.judges.offline.sources import _sentence, prepare_sources

SHARED = "Refunds over £50 are paid within 5 working days if the item is unused."
# The same words in lower case, so both chunks read the shared sentence alike.
FIRST = f"{SHARED} Unused items: Ref RF-1."
SECOND = f"{SHARED} Unused items: Ref RF-2."


def _sources(*texts: str) -> list[SourceText]:
    return [SourceText(rank=rank, text=text) for rank, text in enumerate(texts, start=1)]


def test_overlapping_chunks_get_their_own_sentence_objects():
    first, second = prepare_sources(_sources(FIRST, SECOND))

    assert first.sentences[0] == second.sentences[0]
    assert first.sentences[0] is not second.sentences[0]
    assert first.sentences[0].quantities[0] is not second.sentences[0].quantities[0]


def test_a_copied_sentence_keeps_the_conditions_of_its_values():
    first, second = prepare_sources(_sources(FIRST, SECOND))
    original, copied = first.sentences[0], second.sentences[0]

    conditions = [copied.condition_of(quantity) for quantity in copied.quantities]
    assert any(conditions)
    assert conditions == [original.condition_of(quantity) for quantity in original.quantities]


def test_chunks_of_the_same_text_share_their_reading():
    first, second = prepare_sources(_sources(FIRST, FIRST))

    assert first.sentences[0] is second.sentences[0]


def test_a_kept_reading_is_the_reading_made_afresh():
    common = frozenset({"refund", "item"})

    assert _sentence(0, SHARED, common) == _sentence.__wrapped__(0, SHARED, common)


def test_category_examples_hand_each_check_its_own_mapping():
    from audits.judges.offline.scopes import _category_examples

    (source,) = prepare_sources(
        _sources(
            "Prescription drugs such as morphine need a signature on delivery. "
            "Medicines such as codeine painkillers can go by courier."
        )
    )
    first = _category_examples(source)
    assert len(first) == 2
    first.clear()

    assert len(_category_examples(source)) == 2


LATE = (
    "Members get free delivery on orders over £20, but non-members pay £3.99 unless they "
    "collect in store; the Basic plan costs £5 a month."
)


def _eager(text: str):
    """What the sentence's late readings must be: read straight from its text."""
    from audits.judges.offline.sources import _clauses_of, _items, lower_case_stems
    from kbaudit.text.conditions import read_conditions
    from kbaudit.text.quantities import extract_quantities
    from kbaudit.text.tokens import digits_for_number_words, negation_targets

    said = digits_for_number_words(text)
    quantities = extract_quantities(said)
    governed, conditions = read_conditions(said, quantities)
    clauses = _clauses_of(said, tuple(negation_targets(said)))
    return governed, conditions, clauses, _items(said, lower_case_stems(text))


def test_a_sentence_read_late_reads_as_it_would_at_once():
    (source,) = prepare_sources(_sources(LATE))
    sentence = source.sentences[0]
    governed, conditions, clauses, items = _eager(LATE)

    assert conditions and governed and len(clauses) > 1 and items
    assert sentence.conditions == conditions
    assert sentence.governed == governed
    assert sentence.clauses == clauses
    assert sentence.item_stems == items
    # Read once: the same objects on every later look, as a check tells them by identity.
    assert sentence.conditions is sentence.conditions
    assert sentence.governed[0] is sentence.governed[0]
    assert sentence.clauses is sentence.clauses


def test_a_sentence_copied_before_it_is_read_gets_readings_of_its_own():
    first, second = prepare_sources(_sources(f"{LATE} Ref A.", f"{LATE} Ref B."))
    original, copied = first.sentences[0], second.sentences[0]

    assert copied is not original
    assert copied.conditions == original.conditions
    assert copied.conditions[0] is not original.conditions[0]
    assert copied.governed == original.governed
    assert copied == original
