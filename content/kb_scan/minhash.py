"""MinHash signatures of passages, stored per article version, and their LSH bands.

Each passage's shingles are its subject stems (content words without numbers or
units), so two sentences that state different values about the same thing still
collide; names (model numbers, capitalised words) count twice. A passage's signature is NUM_PERM 32-bit minima of universal hash functions
over its shingles; LSH cuts it into BANDS bands of ROWS rows, and two passages that
agree on a whole band become candidates. The probability of that is
1 - (1 - J**ROWS)**BANDS for shingle-set Jaccard similarity J: about 0.9 at J = 0.5,
0.4 at J = 0.3 and 0.1 at J = 0.2.

The hash of a stem does not depend on Python's per-process hash seed, so a signature
stored by one scan means the same to the next.
"""

from __future__ import annotations

import hashlib
import random
import struct
import sys
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from operator import eq

from .passages import Passage

BANDS = 16
ROWS = 3
NUM_PERM = BANDS * ROWS
# A passage with fewer shingles says too little to place ("See Warranty.").
MIN_SHINGLES = 3
# Bumped whenever shingling or hashing changes: older signatures are then recomputed.
SCHEME = 2

_PRIME = (1 << 61) - 1
_MASK = 0xFFFFFFFF
_PERMUTATIONS = tuple(
    (rng.randrange(1, _PRIME), rng.randrange(0, _PRIME))
    for rng in [random.Random(20261129)]
    for _ in range(NUM_PERM)
)
_HEADER = struct.Struct("<4sHHI")  # magic, scheme, num_perm, passages
_MAGIC = b"KBMH"


@lru_cache(maxsize=262_144)
def _stem_hashes(shingle: str) -> tuple[int, ...]:
    value = int.from_bytes(hashlib.blake2b(shingle.encode(), digest_size=8).digest(), "little")
    return tuple(((a * value + b) % _PRIME) & _MASK for a, b in _PERMUTATIONS)


def passage_minhash(shingles: Iterable[str]) -> array:
    """The element-wise minimum of the shingles' hash vectors."""
    return array("I", map(min, zip(*map(_stem_hashes, shingles), strict=True)))


@dataclass
class Signature:
    """The signatures of an article version's passages, as stored in one blob.

    ``passages`` are the indices (in the article's passage list) of the passages that
    were long enough to hash; ``values`` holds NUM_PERM 32-bit values per passage, in
    that order, little-endian.
    """

    passages: tuple[int, ...]
    values: bytes
    n_shingles: int

    def band_keys(self, band: int) -> Iterable[tuple[int, bytes]]:
        """(position, key) for one band: the band's raw bytes are its key."""
        width = ROWS * 4
        start = band * width
        stride = NUM_PERM * 4
        values = self.values
        for position in range(len(self.passages)):
            offset = position * stride + start
            yield position, values[offset : offset + width]

    def whole_keys(self) -> Iterable[tuple[int, bytes]]:
        """(position, its whole signature): equal for passages with equal words."""
        stride = NUM_PERM * 4
        values = self.values
        for position in range(len(self.passages)):
            yield position, values[position * stride : (position + 1) * stride]

    def similarity(self, position: int, other: Signature, other_position: int) -> float:
        """The estimated Jaccard similarity of two passages' shingles: the share of
        their MinHash values that agree."""
        mine = self._words[position * NUM_PERM : (position + 1) * NUM_PERM]
        theirs = other._words[other_position * NUM_PERM : (other_position + 1) * NUM_PERM]
        return sum(map(eq, mine, theirs)) / NUM_PERM

    @cached_property
    def _words(self) -> memoryview:
        return memoryview(self.values).cast("I")

    def to_bytes(self) -> bytes:
        header = _HEADER.pack(_MAGIC, SCHEME, NUM_PERM, len(self.passages))
        indices = array("H", self.passages)
        if sys.byteorder == "big":
            indices.byteswap()
        return header + indices.tobytes() + self.values

    @classmethod
    def from_bytes(cls, blob: bytes, n_shingles: int = 0) -> Signature | None:
        """The stored signature, or None when it was made by another scheme."""
        blob = bytes(blob)
        if len(blob) < _HEADER.size:
            return None
        magic, scheme, num_perm, count = _HEADER.unpack_from(blob)
        if (magic, scheme, num_perm) != (_MAGIC, SCHEME, NUM_PERM):
            return None
        start = _HEADER.size
        indices = array("H")
        indices.frombytes(blob[start : start + 2 * count])
        if sys.byteorder == "big":
            indices.byteswap()
        return cls(tuple(indices), blob[start + 2 * count :], n_shingles)


def shingles_of(passage: Passage) -> list[str]:
    """The subject's stems, and each name once more: "Charge the Kuno Q0 for 4 hours" and
    "Charge the Milo T7 for 8 hours" share most words but are about two products, and
    weighing the names keeps such pairs of templated sentences out of one bucket."""
    return [*passage.words, *(f"#{name}" for name in passage.name_words)]


def signature_of(passages: list[Passage]) -> Signature:
    indices: list[int] = []
    values = array("I")
    n_shingles = 0
    for passage in passages:
        if len(passage.words) < MIN_SHINGLES or passage.index > 0xFFFF:
            continue
        shingles = shingles_of(passage)
        indices.append(passage.index)
        values.extend(passage_minhash(shingles))
        n_shingles += len(shingles)
    if sys.byteorder == "big":
        values.byteswap()
    return Signature(tuple(indices), values.tobytes(), n_shingles)
