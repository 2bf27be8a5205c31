"""The articles a scan reads: their current versions, bodies and stored signatures."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from content.models import ArticleSignature, ArticleVersion

from .minhash import Signature, signature_of
from .passages import ArticleText, article_text

BATCH = 500


@dataclass(frozen=True, slots=True)
class Current:
    article_id: int
    external_id: str
    version_id: int
    number: int
    title: str
    body_hash: str
    knowledge_base_id: int = 0


def current_versions(article_ids: Collection[int] | None = None) -> dict[int, Current]:
    """Each real (non-stub) article's latest version, without its body."""
    versions = ArticleVersion.objects.current().filter(article__is_stub=False)
    rows = versions.values_list(
        "article_id", "article__external_id", "id", "number", "title", "article__title",
        "body_hash", "article__knowledge_base_id",
    )  # fmt: skip
    current: dict[int, Current] = {}
    wanted = set(article_ids) if article_ids is not None else None
    for article_id, key, version_id, number, title, fallback, digest, kb_id in rows.iterator(2000):
        if wanted is not None and article_id not in wanted:
            continue
        current[article_id] = Current(
            article_id, key, version_id, number, title or fallback, digest, kb_id
        )
    return current


def stored_signatures(current: dict[int, Current]) -> dict[int, Signature]:
    """The stored signatures of the current versions, by article id, this scheme's only."""
    by_version = {row.version_id: article_id for article_id, row in current.items()}
    found: dict[int, Signature] = {}
    rows = ArticleSignature.objects.values_list("version_id", "minhash", "n_shingles")
    for version_id, blob, n_shingles in rows.iterator(2000):
        article_id = by_version.get(version_id)
        if article_id is None:
            continue
        signature = Signature.from_bytes(blob, n_shingles)
        if signature is not None:
            found[article_id] = signature
    return found


class TextStore:
    """Article texts read on demand, in batches, keeping the most recent ``capacity``
    (a read article takes some 10 KB: a knowledge base of 30,000 fits in 300 MB)."""

    def __init__(self, current: dict[int, Current], *, capacity: int = 30_000) -> None:
        self.current = current
        self.capacity = capacity
        self._texts: OrderedDict[int, ArticleText] = OrderedDict()
        self._bodies: dict[int, str] = {}
        self.parsed = 0

    def warm(self, article_ids: Iterable[int], *, keep_bodies: bool = False) -> None:
        missing = [a for a in dict.fromkeys(article_ids) if a not in self._texts]
        for start in range(0, len(missing), BATCH):
            batch = missing[start : start + BATCH]
            versions = {self.current[a].version_id: a for a in batch}
            bodies = ArticleVersion.objects.filter(pk__in=list(versions)).values_list("pk", "body")
            for version_id, body in bodies:
                self._add(versions[version_id], body, keep_bodies)

    def _add(self, article_id: int, body: str, keep_body: bool) -> None:
        row = self.current[article_id]
        self._texts[article_id] = article_text(
            article_id=article_id, version_id=row.version_id, title=row.title, body=body
        )
        self.parsed += 1
        if keep_body:
            self._bodies[article_id] = body
        while len(self._texts) > self.capacity:
            evicted, _ = self._texts.popitem(last=False)
            self._bodies.pop(evicted, None)

    def text(self, article_id: int) -> ArticleText:
        if article_id not in self._texts:
            self.warm([article_id])
        self._texts.move_to_end(article_id)
        return self._texts[article_id]

    def body(self, article_id: int) -> str:
        if article_id not in self._bodies:
            self._texts.pop(article_id, None)
            self.warm([article_id], keep_bodies=True)
        return self._bodies[article_id]

    def signatures(self, article_ids: Iterable[int]) -> dict[int, Signature]:
        """Signatures computed from the articles' texts (read and dropped in batches)."""
        found: dict[int, Signature] = {}
        ids = list(article_ids)
        for start in range(0, len(ids), BATCH):
            batch = ids[start : start + BATCH]
            self.warm(batch)
            for article_id in batch:
                found[article_id] = signature_of(self._texts[article_id].passages)
        return found
