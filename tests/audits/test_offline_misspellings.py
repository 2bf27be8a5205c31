"""The offline judge on a source's slip of the keyboard: a word written with two
neighbouring letters swapped ("recieved") is the word it was meant to be, while names
are held to their spelling."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeResult
from audits.judges.offline.support import _swapped_once
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


@pytest.mark.parametrize(
    ("first", "second", "swapped"),
    [
        ("reciept", "receipt", True),
        ("partiot", "patriot", True),
        ("former", "farmer", False),  # a letter changed, not two swapped
        ("garden", "garden", False),
        ("glacier", "galcire", False),  # two swaps
        ("planet", "planets", False),
    ],
)
def test_two_neighbouring_letters_swapped(first, second, swapped):
    assert _swapped_once(first, second) is swapped


def test_a_word_the_source_misspells_still_supports_the_fact():
    source = "Keep the reciept: the store exchanges faulty kettles within 30 days."
    query = "Can I swap a faulty kettle?"

    assert grounded(judge(query, "Yes, with the receipt, within 30 days.", source))


def test_a_misspelt_word_in_a_passage_of_reference_text():
    told = "The lighthouse keeper lived beside the tower. Supplies were brought by boat {}."
    query = "How did the keeper get supplies?"
    answer = "Supplies were brought by boat from the harbour."

    assert grounded(judge(query, answer, told.format("from the harbuor")))
    assert not grounded(judge(query, answer, told.format("from the island")))


def test_a_changed_letter_is_another_word():
    source = "Ellen Marsh was a former teacher who wrote two books about the valley."
    query = "What did Ellen Marsh do?"

    assert not grounded(judge(query, "Ellen Marsh was a farmer.", source))


def test_a_name_is_held_to_its_spelling():
    # Two genera may differ by two letters and still be two names.
    source = (
        "Pellaea is a genus of ferns that grow on dry rocks. Lomaria is a genus of ferns "
        "named after a French collector."
    )
    query = "Which genus, Pellaea or Lomaria, is named after a French collector?"

    assert grounded(judge(query, "Lomaria is named after a French collector.", source))
    assert not grounded(judge(query, "Pelalea is named after a French collector.", source))


def test_short_words_swapped_about_are_other_words():
    source = "The inquiry found a causal link between the flooding and the new weir."
    query = "What did the inquiry find?"

    assert not grounded(
        judge(query, "It found a casual link between the flooding and the weir.", source)
    )


def test_a_misspelling_is_looked_for_among_the_source_words_as_long_as_it():
    from audits.judges.offline.support import _stems_by_length

    grouped = _stems_by_length(frozenset({"patriot", "receipt", "refund", "glacier", "planets"}))
    assert {length: sorted(words) for length, words in grouped.items()} == {
        7: ["glacier", "patriot", "planets", "receipt"]
    }
