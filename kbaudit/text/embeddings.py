"""Sentence embeddings from wordllama's static weights, which ship inside its wheel.

Nothing is downloaded: the model is loaded from the package folder with downloads
disabled, once per process. Vectors are L2-normalised, so a dot product is the cosine.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

# wordllama's default model: 256 dimensions of its L2 supercat weights.
DIMENSIONS = 256


@lru_cache(maxsize=1)
def model():
    """The wordllama model, loaded from the installed wheel with downloads disabled."""
    # The tokenizer's thread pool costs more than it saves on the few sentences of one
    # interaction, and must not start before a worker forks.
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    # Imported here so processes that never embed do not pay for loading it.
    import wordllama
    from wordllama import WordLlama

    return WordLlama.load(
        cache_dir=Path(wordllama.__file__).parent, disable_download=True, dim=DIMENSIONS
    )


def embed(texts: Sequence[str]) -> np.ndarray:
    """One L2-normalised float32 row per text (a zero row for an empty text)."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    vectors = np.asarray(model().embed(list(texts), norm=False), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)


def similarity_matrix(left: Sequence[str], right: Sequence[str]) -> np.ndarray:
    """Cosine similarity of every text in ``left`` with every text in ``right``."""
    return embed(left) @ embed(right).T


def similarity(a: str, b: str) -> float:
    return float(similarity_matrix([a], [b])[0, 0])
