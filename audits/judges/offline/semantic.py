"""Similarity by meaning between an interaction's facts, sub-queries and source sentences.

Words alone miss a paraphrase ("you can look but not edit" for "read-only"); sentence
embeddings (:mod:`kbaudit.text.embeddings`) see it. They are blind to a swapped value,
a negation or a condition, so they only ever add support to a fact whose values,
names and polarity the explicit checks already passed. Every text of one interaction
is embedded in one call; a source's sentences are embedded once per process.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from kbaudit.text.embeddings import DIMENSIONS, embed

from .sources import PreparedSource

# Source texts whose sentence vectors are kept; the same chunks come back all day.
_CACHE_LIMIT = 8192
_sentence_vectors: dict[str, np.ndarray] = {}


class SemanticIndex:
    """Vectors of one interaction: its texts (facts, sub-queries) and source sentences."""

    def __init__(
        self, texts: Sequence[str], sources: Sequence[PreparedSource], keys: Sequence[str]
    ):
        missing = [
            (key, source)
            for key, source in zip(keys, sources, strict=True)
            if key not in _sentence_vectors
        ]
        batch = list(texts)
        for _, source in missing:
            batch.extend(sentence.text for sentence in source.sentences)
        vectors = embed(batch) if batch else np.zeros((0, DIMENSIONS), dtype=np.float32)
        self.texts = vectors[: len(texts)]
        offset = len(texts)
        if len(_sentence_vectors) + len(missing) > _CACHE_LIMIT:
            _sentence_vectors.clear()
        for key, source in missing:
            count = len(source.sentences)
            _sentence_vectors[key] = vectors[offset : offset + count]
            offset += count
        self.sources = [_sentence_vectors[key] for key in keys]

    def best_sentence(self, text_index: int, source_index: int) -> tuple[float, int | None]:
        """The highest similarity of a text with one source's sentences, and which."""
        sentences = self.sources[source_index]
        if not len(sentences):
            return 0.0, None
        scores = sentences @ self.texts[text_index]
        best = int(np.argmax(scores))
        return float(scores[best]), best

    def between(self, first: int, second: int) -> float:
        return float(self.texts[first] @ self.texts[second])
