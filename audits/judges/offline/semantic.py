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

import numpy as np

from kbaudit.text.embeddings import DIMENSIONS, embed

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
        missing = sorted(
            {text for texts_ in self._candidates for text in texts_} - _sentence_vectors.keys()
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
