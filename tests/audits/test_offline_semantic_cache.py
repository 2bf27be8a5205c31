"""The sentence vectors an interaction needs are looked up in the kept vectors one by
one: the cache is never walked, however many vectors it keeps."""

from __future__ import annotations

import numpy as np
import pytest

from audits.judges.base import SourceText
from audits.judges.offline import semantic
from audits.judges.offline.decompose import split_response
from audits.judges.offline.sources import prepare_sources


class _UnwalkedVectors(dict):
    def __iter__(self):
        raise AssertionError("the kept vectors were walked")

    def keys(self):
        raise AssertionError("the kept vectors were walked")


@pytest.fixture
def kept(monkeypatch):
    vectors = _UnwalkedVectors()
    monkeypatch.setattr(semantic, "_sentence_vectors", vectors)
    return vectors


def _index(response, passage):
    facts = split_response(response).facts
    sources = prepare_sources([SourceText(rank=1, text=passage, title="Library")])
    return semantic.SemanticIndex(facts, [fact.text for fact in facts], sources)


def test_a_new_sentence_is_embedded_and_kept_without_walking_the_cache(kept):
    index = _index("Books can be renewed online.", "Books can be renewed online twice.")
    assert list(dict.keys(kept)) == ["Books can be renewed online twice."]
    score, sentence = index.best_sentence(0, 0)
    assert sentence == "Books can be renewed online twice."
    assert score > 0.5


def test_a_kept_sentence_is_read_from_the_cache_not_embedded_again(kept, monkeypatch):
    first = _index("Books can be renewed online.", "Books can be renewed online twice.")
    embedded = []
    original = semantic.embed

    def counting(texts):
        embedded.append(list(texts))
        return original(texts)

    monkeypatch.setattr(semantic, "embed", counting)
    again = _index("Books can be renewed online.", "Books can be renewed online twice.")
    assert embedded == [["Books can be renewed online."]]
    assert np.array_equal(again.best_sentence(0, 0)[0], first.best_sentence(0, 0)[0])


def test_a_sentence_sharing_no_word_with_a_fact_is_not_embedded(kept):
    _index("Books can be renewed online.", "The cafe closes at noon.")
    assert len(kept) == 0
