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
