"""Near-duplicates by meaning: passage embeddings beside the MinHash candidates.

MinHash finds articles that share words; an article that restates another in other
words shares few. Each article version's sentences are embedded once (wordllama, the
first ``DIMS`` of its Matryoshka dimensions, stored as float16 on its signature), and
summed into *units*: the whole article and each section of two sentences or more. Two
articles become a candidate pair when one's vector is among the ``NEIGHBOURS`` nearest
of the other's at cosine ≥ ``UNIT_MATCH``, or a short article's vector among those of
another's sections — blocked matrix products over the normalised vectors, each row
keeping its nearest few, so no list of all pairs is ever built. An incremental scan
searches from the changed articles only. The pair is then checked like any
other, with a sentence matching another by meaning (cosine ≥ ``SENTENCE_MATCH`` and
the same numbers) counting as restated; sibling product pages and boilerplate are
left out by the same guards.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import numpy as np

from content.models import ArticleSignature

from .candidates import Pair, ordered
from .passages import ArticleText

DIMS = 128
# Two units (an article, a section) this close in meaning are worth comparing.
UNIT_MATCH = 0.85
NEIGHBOURS = 3
# An article with at most this many units (itself and one section) is short: it is
# also compared with the other articles' sections.
SHORT_UNITS = 2
# A sentence restates another at this cosine, when it also states the same values.
SENTENCE_MATCH = 0.7
BLOCK = 1024
SECTION_MIN = 2


def _embed(texts: list[str]) -> np.ndarray:
    from kbaudit.text.embeddings import embed

    if not texts:
        return np.zeros((0, DIMS), dtype=np.float32)
    vectors = embed(texts)[:, :DIMS]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)


def _normalised(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return np.divide(rows, norms, out=np.zeros_like(rows), where=norms > 0)


def units_of(text: ArticleText, vectors: np.ndarray) -> np.ndarray:
    """The article's and each sizeable section's mean sentence vector, normalised."""
    if not len(vectors):
        return np.zeros((0, DIMS), dtype=np.float32)
    rows = [vectors.sum(axis=0)]
    sections: dict[str, list[int]] = {}
    for passage in text.passages:
        sections.setdefault(passage.section, []).append(passage.index)
    if len(sections) > 1:
        rows += [vectors[idx].sum(axis=0) for idx in sections.values() if len(idx) >= SECTION_MIN]
    return _normalised(np.stack(rows).astype(np.float32))


def to_bytes(vectors: np.ndarray) -> bytes:
    return vectors.astype(np.float16).tobytes()


def from_bytes(blob: bytes | memoryview | None) -> np.ndarray | None:
    if blob is None:
        return None
    return np.frombuffer(bytes(blob), dtype=np.float16).reshape(-1, DIMS)


class Embeddings:
    """Sentence and unit vectors of the scanned articles, by article id."""

    def __init__(self) -> None:
        self.passages: dict[int, np.ndarray] = {}
        self.units: dict[int, np.ndarray] = {}
        self.stored: dict[int, int] = {}  # article id -> version whose vectors are stored

    # Kept as float16 (half the memory of a full scan's vectors), widened where used.
    def add(self, text: ArticleText) -> None:
        vectors = _embed([p.text for p in text.passages])
        self.passages[text.article_id] = vectors.astype(np.float16)
        self.units[text.article_id] = units_of(text, vectors).astype(np.float16)

    def load(self, by_version: dict[int, int]) -> set[int]:
        """The stored unit vectors of these versions (version id -> article id), read in
        one pass; returns the articles whose signature has none yet. Sentence vectors
        are read later, for the articles a check needs (:meth:`fetch`)."""
        rows = ArticleSignature.objects.exclude(unit_vectors=None).values_list(
            "version_id", "unit_vectors"
        )
        for version_id, units in rows.iterator(2000):
            article_id = by_version.get(version_id)
            if article_id is not None:
                self.units[article_id] = from_bytes(units)
                self.stored[article_id] = version_id
        return set(by_version.values()) - set(self.units)

    def fetch(self, article_ids: Iterable[int]) -> None:
        """Read the stored sentence vectors of these articles, if not read yet."""
        wanted = {self.stored[a]: a for a in set(article_ids) if a in self.stored}
        wanted = {v: a for v, a in wanted.items() if a not in self.passages}
        if not wanted:
            return
        rows = ArticleSignature.objects.filter(version_id__in=list(wanted)).values_list(
            "version_id", "passage_vectors"
        )
        for version_id, passages in rows:
            found = from_bytes(passages)
            if found is not None:
                self.passages[wanted[version_id]] = found

    def save(self, article_ids: Iterable[int], by_article: dict[int, int]) -> None:
        """Store the vectors of articles whose signature row already exists."""
        for article_id in article_ids:
            ArticleSignature.objects.filter(version_id=by_article[article_id]).update(
                passage_vectors=to_bytes(self.passages[article_id]),
                unit_vectors=to_bytes(self.units[article_id]),
            )


def semantic_pairs(
    units: dict[int, np.ndarray], *, focus: Collection[int] | None = None
) -> set[Pair]:
    """Article pairs close in meaning: every article's vector against every other's, and
    a short article's (one section or none) against every unit of the others, so the
    short restatement of one section of a long article is found. Blocked matrix
    products over the normalised vectors, each row keeping its ``NEIGHBOURS`` closest
    at cosine ≥ ``UNIT_MATCH``; with ``focus``, only the rows of those articles (and the
    short articles against their sections)."""
    ids = [article_id for article_id, rows in units.items() if len(rows)]
    if len(ids) < 2:
        return set()
    articles = np.stack([units[a][0] for a in ids]).astype(np.float32)
    # every unit, widened once for the products
    owner = np.asarray(ids)
    all_units = np.concatenate([units[a] for a in ids]).astype(np.float32)
    unit_owner = np.asarray([a for a in ids for _ in range(len(units[a]))])
    short = np.asarray([len(units[a]) <= SHORT_UNITS for a in ids])
    wanted = np.ones(len(ids), bool) if focus is None else np.isin(owner, list(focus))
    pairs: set[Pair] = set()
    _search(articles[wanted], owner[wanted], articles, owner, pairs)
    _search(articles[wanted & short], owner[wanted & short], all_units, unit_owner, pairs)
    if focus is not None:  # a changed long article whose section a short one restates
        changed = np.isin(unit_owner, list(focus))
        _search(all_units[changed], unit_owner[changed], articles[short], owner[short], pairs)
    return pairs


def _search(queries, query_owner, targets, target_owner, pairs: set[Pair]) -> None:
    for start in range(0, len(queries), BLOCK):
        similarity = queries[start : start + BLOCK] @ targets.T
        block_owner = query_owner[start : start + BLOCK]
        similarity[block_owner[:, None] == target_owner[None, :]] = -1.0
        for row in range(len(similarity)):
            hits = np.flatnonzero(similarity[row] >= UNIT_MATCH)
            if len(hits) > NEIGHBOURS:
                hits = hits[np.argsort(-similarity[row, hits])[:NEIGHBOURS]]
            for j in hits:
                pairs.add(ordered(int(block_owner[row]), int(target_owner[j])))


def sentence_scores(
    a: ArticleText, b: ArticleText, vectors_a: np.ndarray, vectors_b: np.ndarray
) -> dict[tuple[int, int], float]:
    """Sentence pairs that say the same thing in other words: close in meaning, the
    same values (a paraphrase keeps its numbers), naming no different things."""
    if not len(vectors_a) or not len(vectors_b):
        return {}
    similarity = vectors_a.astype(np.float32) @ vectors_b.astype(np.float32).T
    scores = {}
    for i, j in zip(*np.nonzero(similarity >= SENTENCE_MATCH), strict=True):
        pa, pb = a.passages[int(i)], b.passages[int(j)]
        if set(pa.values) != set(pb.values) or pa.names_differ(pb):
            continue
        scores[(int(i), int(j))] = round(float(similarity[i, j]), 3)
    return scores
