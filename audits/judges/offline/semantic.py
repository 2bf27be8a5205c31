"""Similarity by meaning between an interaction's facts and source sentences.

Words alone miss a paraphrase ("you can look but not edit" for "read-only"); sentence
embeddings (:mod:`kbaudit.text.embeddings`) see it. They are blind to a swapped value,
a negation or a condition, so they only ever add support to a fact whose values,
names and polarity the explicit checks already passed. Every text of one interaction
is embedded in one call, and only source sentences sharing a word with some fact are
embedded at all; a sentence's vector is kept for the next interaction that retrieves it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from kbaudit.text.embeddings import DIMENSIONS, embed
from kbaudit.text.tokens import STOPWORDS, stem, words

from .decompose import Fact
from .sources import PreparedSource

# Sentences whose vectors are kept; the same chunks come back all day.
_CACHE_LIMIT = 50_000
_sentence_vectors: dict[str, np.ndarray] = {}


class SemanticIndex:
    """Vectors of one interaction's facts and of the source sentences they may restate."""

    def __init__(
        self, facts: Sequence[Fact], texts: Sequence[str], sources: Sequence[PreparedSource]
    ):
        words = frozenset().union(*(fact.stems for fact in facts)) if facts else frozenset()
        # Per source, the sentences sharing a word with some fact: no other can be one
        # the fact restates.
        self._candidates = [
            [sentence.text for sentence in source.sentences if sentence.stems & words]
            for source in sources
        ]
        # Looked up one by one: a set minus the cache's keys would walk every key kept.
        missing = sorted(
            {
                text
                for texts_ in self._candidates
                for text in texts_
                if text not in _sentence_vectors
            }
        )
        batch = [*texts, *missing]
        vectors = embed(batch) if batch else np.zeros((0, DIMENSIONS), dtype=np.float32)
        self.texts = vectors[: len(texts)]
        if len(_sentence_vectors) + len(missing) > _CACHE_LIMIT:
            _sentence_vectors.clear()
        for offset, text in enumerate(missing, start=len(texts)):
            _sentence_vectors[text] = vectors[offset]
        self._sources = [
            np.stack([_sentence_vectors[text] for text in candidates])
            if candidates
            else np.zeros((0, DIMENSIONS), dtype=np.float32)
            for candidates in self._candidates
        ]

    def best_sentence(self, text_index: int, source_index: int) -> tuple[float, str | None]:
        """The highest similarity of a text with one source's sentences, and which."""
        sentences = self._sources[source_index]
        if not len(sentences):
            return 0.0, None
        scores = sentences @ self.texts[text_index]
        best = int(np.argmax(scores))
        return float(scores[best]), self._candidates[source_index][best]

    def between(self, first: int, second: int) -> float:
        return float(self.texts[first] @ self.texts[second])


# Word-level alignment: a fact word the source does not use is said in other words
# when some word of the source is this close to it ("usually" for "normally",
# "cardholders" for "card"). Sentence vectors average every word, so a sentence that
# copies a source and adds a claim of its own ("the traditional type of bowling")
# still scores high; word by word the addition has no counterpart.
WORD_ALIGNMENT = 0.55
_WORD_CACHE_LIMIT = 100_000
_word_vectors: dict[str, np.ndarray] = {}


def _vectors(tokens: Sequence[str]) -> np.ndarray:
    missing = sorted({token for token in tokens if token not in _word_vectors})
    if missing:
        if len(_word_vectors) + len(missing) > _WORD_CACHE_LIMIT:
            _word_vectors.clear()
        for token, vector in zip(missing, embed(missing), strict=True):
            _word_vectors[token] = vector
    if not tokens:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    return np.stack([_word_vectors[token] for token in tokens])


def _content_tokens(text: str) -> list[str]:
    return [
        token
        for token in dict.fromkeys(words(text))
        if token not in STOPWORDS and token.isalpha() and len(token) > 2
    ]


@lru_cache(maxsize=4096)
def _source_words(text: str) -> np.ndarray:
    """The vectors of a source's content words, one row each (the same chunks come
    back all day)."""
    return _vectors(_content_tokens(text))


def aligned_words(
    fact_text: str, missing: frozenset[str], source: PreparedSource
) -> frozenset[str]:
    """The stems in ``missing`` (fact words the source lacks) that a source word says in
    other words."""
    if not missing:
        return frozenset()
    mine = [token for token in _content_tokens(fact_text) if stem(token) in missing]
    theirs = _source_words(source.plain)
    if not mine or not len(theirs):
        return frozenset()
    scores = _vectors(mine) @ theirs.T
    best = scores.max(axis=1)
    return frozenset(
        stem(token) for token, score in zip(mine, best, strict=True) if score >= WORD_ALIGNMENT
    )
