"""Candidate pairs from LSH buckets: articles with at least one pair of alike passages.

Only articles that share a band bucket are ever compared, so the work grows with the
number of alike passages, not with the square of the number of articles. A bucket that
holds passages of very many articles makes no pair: the articles share common words or
a template, not a subject. A passage that very many articles repeat word for word is
boilerplate ("Still need help? Contact us."), and counts for no duplicate.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from operator import methodcaller

from .minhash import BANDS, Signature

# A bucket with passages of more articles than this is boilerplate: one in 200 articles
# of the knowledge base, between 5 and 25.
BUCKET_CAP = 25
BUCKET_SHARE = 1 / 200
BUCKET_MIN = 5


def bucket_cap(n_articles: int) -> int:
    return max(BUCKET_MIN, min(BUCKET_CAP, round(n_articles * BUCKET_SHARE)))


Pair = tuple[int, int]


@dataclass
class Candidates:
    pairs: set[Pair] = field(default_factory=set)
    # (article id, passage index) of passages that many articles repeat.
    boilerplate: set[tuple[int, int]] = field(default_factory=set)
    oversized_buckets: int = 0
    # Collisions whose passages turned out too different to compare their articles.
    unverified: int = 0


def ordered(first: int, second: int) -> Pair:
    return (first, second) if first < second else (second, first)


# Two passages in one bucket make their articles a candidate pair only when their whole
# signatures agree this much: below the similarity any check needs (0.4 for one
# subject), with room for the estimate's error (about ±0.07 at 48 values). Collisions
# on a few common words stop here instead of costing a full comparison.
VERIFY = 0.3

Member = tuple[int, int]  # (article id, position in its signature)


def candidate_pairs(
    signatures: Mapping[int, Signature], *, focus: Collection[int] | None = None
) -> Candidates:
    """Pairs of articles (by id) with alike passages. With ``focus``, only the pairs
    that involve one of those articles: an incremental scan's changed articles and
    their neighbours."""
    found = Candidates()
    focus = set(focus) if focus is not None else None
    cap = bucket_cap(len(signatures))
    for band in range(BANDS):
        for members in _buckets(signatures, methodcaller("band_keys", band), focus):
            _collect(members, signatures, focus, cap, found)
    for members in _buckets(signatures, Signature.whole_keys, focus):
        if len({article_id for article_id, _ in members}) > cap:
            found.boilerplate.update(
                (article_id, signatures[article_id].passages[position])
                for article_id, position in members
            )
    return found


def _buckets(
    signatures: Mapping[int, Signature],
    key_of: Callable[[Signature], Iterable[tuple[int, bytes]]],
    focus: set[int] | None,
) -> list[list[Member]]:
    """Buckets of two or more passages with equal keys.
    With ``focus``, only the buckets that hold a passage of those articles."""
    wanted: set[bytes] | None = None
    if focus is not None:
        wanted = {
            key
            for article_id in focus
            if article_id in signatures
            for _, key in key_of(signatures[article_id])
        }
        if not wanted:
            return []
    buckets: dict[bytes, list[Member]] = {}
    for article_id, signature in signatures.items():
        for passage, key in key_of(signature):
            if wanted is not None and key not in wanted:
                continue
            members = buckets.get(key)
            if members is None:
                buckets[key] = [(article_id, passage)]
            else:
                members.append((article_id, passage))
    return [members for members in buckets.values() if len(members) > 1]


def _collect(
    members: list[Member],
    signatures: Mapping[int, Signature],
    focus: set[int] | None,
    cap: int,
    found: Candidates,
) -> None:
    by_article: dict[int, list[int]] = defaultdict(list)
    for article_id, position in members:
        by_article[article_id].append(position)
    if len(by_article) < 2:
        return
    if len(by_article) > cap:
        found.oversized_buckets += 1
        return
    for first, second in combinations(sorted(by_article), 2):
        if (first, second) in found.pairs:
            continue
        if focus is not None and first not in focus and second not in focus:
            continue
        if _verified(signatures[first], by_article[first], signatures[second], by_article[second]):
            found.pairs.add((first, second))
        else:
            found.unverified += 1


def _verified(a: Signature, positions_a, b: Signature, positions_b) -> bool:
    return any(a.similarity(i, b, j) >= VERIFY for i in positions_a for j in positions_b)


def locality_order(pairs: Collection[Pair]) -> list[Pair]:
    """The pairs in an order that keeps each article's pairs close together, so a
    bounded cache of article texts reads each article about once.

    Articles are numbered breadth-first through the candidate graph, lowest degree
    first (Cuthill-McKee), and each pair is checked when its later article comes up.
    """
    neighbours: dict[int, list[int]] = defaultdict(list)
    for first, second in pairs:
        neighbours[first].append(second)
        neighbours[second].append(first)
    degree = {node: len(adjacent) for node, adjacent in neighbours.items()}
    position: dict[int, int] = {}
    for start in sorted(neighbours, key=lambda node: (degree[node], node)):
        if start in position:
            continue
        position[start] = len(position)
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for following in sorted(neighbours[node], key=lambda n: (degree[n], n)):
                if following not in position:
                    position[following] = len(position)
                    queue.append(following)
    return sorted(
        pairs,
        key=lambda pair: (
            max(position[pair[0]], position[pair[1]]),
            min(position[pair[0]], position[pair[1]]),
        ),
    )
