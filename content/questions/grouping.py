"""Group sub-questions asked in different words.

Phrasings are first folded to one spelling (case, spaces, end punctuation), so a
question asked 5,000 times is embedded once. The distinct phrasings are embedded with
wordllama and clustered with scikit-learn's ``AgglomerativeClustering`` (cosine
distance, average linkage, a distance threshold): the number of groups is not known in
advance, average linkage does not chain two topics together through one ambiguous
phrasing as single linkage does, and every phrasing lands in a group (HDBSCAN would call
rare phrasings noise, and a question asked twice is still a question). Past
``CLUSTER_CAP`` distinct phrasings, the most asked ones are clustered and the rest join
the nearest group's centre when close enough, else form groups of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from kbaudit.text.embeddings import embed

# Cosine distance under which two phrasings (on average) ask the same thing: "is there
# a restocking fee?" and "do you charge to restock returns?" are 0.30 apart, "how long
# does a refund take?" 0.7 from both.
SAME_MEANING_DISTANCE = 0.45
# Distinct phrasings clustered at once (the clustering is quadratic in them).
CLUSTER_CAP = 2000
VARIANTS = 5

_SPACES = re.compile(r"\s+")
_ENDS = re.compile(r"^[\W_]+|[\W_]+$")


@dataclass
class QuestionGroup:
    example: str
    count: int
    phrasings: list[str] = field(default_factory=list)
    stems: frozenset[str] = frozenset()
    interaction_ids: list[int] = field(default_factory=list)
    # For missing content: an existing article the question names (retrieval missed it).
    existing: object | None = None


def normalise(text: str) -> str:
    """One spelling for the same words: lower case, single spaces, no end punctuation."""
    return _ENDS.sub("", _SPACES.sub(" ", text.lower())).strip()


@dataclass
class _Phrasing:
    text: str  # the first spelling seen
    count: int = 0
    interaction_ids: list[int] = field(default_factory=list)


def group_by_meaning(
    questions: Iterable[tuple[str, int]], *, distance: float = SAME_MEANING_DISTANCE
) -> list[QuestionGroup]:
    """(question, interaction id) pairs grouped by meaning; most asked first."""
    phrasings: dict[str, _Phrasing] = {}
    for text, interaction_id in questions:
        key = normalise(text)
        if not key:
            continue
        phrasing = phrasings.setdefault(key, _Phrasing(text.strip()))
        phrasing.count += 1
        phrasing.interaction_ids.append(interaction_id)
    ordered = sorted(phrasings.values(), key=lambda p: (-p.count, p.text))
    if not ordered:
        return []
    vectors = embed([p.text for p in ordered])
    labels = _labels(ordered, vectors, distance)
    members: dict[int, list[int]] = {}
    for index, label in enumerate(labels):
        members.setdefault(int(label), []).append(index)
    groups = [_group(ordered, vectors, indices) for indices in members.values()]
    return sorted(groups, key=lambda g: (-g.count, g.example))


def _labels(ordered: list[_Phrasing], vectors: np.ndarray, distance: float) -> np.ndarray:
    usable = np.linalg.norm(vectors, axis=1) > 0
    labels = np.arange(len(ordered)) + len(ordered)  # a phrasing with no vector: alone
    head = [i for i in range(len(ordered)) if usable[i]][:CLUSTER_CAP]
    if len(head) >= 2:
        from sklearn.cluster import AgglomerativeClustering

        clustering = AgglomerativeClustering(
            n_clusters=None, metric="cosine", linkage="average", distance_threshold=distance
        )
        labels[head] = clustering.fit_predict(vectors[head])
    elif head:
        labels[head] = 0
    tail = [i for i in range(len(ordered)) if usable[i]][CLUSTER_CAP:]
    if tail:
        _assign_nearest(labels, vectors, head, tail, distance)
    return labels


def _assign_nearest(labels, vectors, head: list[int], tail: list[int], distance: float) -> None:
    """The phrasings past the cap join the nearest group centre within ``distance``."""
    ids = sorted({int(labels[i]) for i in head})
    centres = np.stack([vectors[[i for i in head if labels[i] == g]].mean(axis=0) for g in ids])
    centres /= np.maximum(np.linalg.norm(centres, axis=1, keepdims=True), 1e-9)
    for start in range(0, len(tail), 4096):
        block = tail[start : start + 4096]
        similarity = vectors[block] @ centres.T
        best = similarity.argmax(axis=1)
        for row, index in enumerate(block):
            if similarity[row, best[row]] >= 1 - distance:
                labels[index] = ids[best[row]]


def _group(ordered: list[_Phrasing], vectors: np.ndarray, indices: list[int]) -> QuestionGroup:
    """Named by its most central phrasing: the highest mean similarity to the group's
    questions, each phrasing weighted by how often it was asked."""
    weights = np.array([ordered[i].count for i in indices], dtype=np.float32)
    block = vectors[indices]
    centrality = (block @ block.T) @ weights
    central = indices[int(np.argmax(centrality))] if len(indices) > 1 else indices[0]
    by_count = sorted(indices, key=lambda i: (-ordered[i].count, ordered[i].text))
    return QuestionGroup(
        example=ordered[central].text,
        count=int(weights.sum()),
        phrasings=[ordered[i].text for i in by_count[:VARIANTS]],
        interaction_ids=[iid for i in indices for iid in ordered[i].interaction_ids],
    )
