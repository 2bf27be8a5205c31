"""Article versions over time: which body was live when a question was asked."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from demo.articles import ARTICLES, BY_ID, REWRITE_BY_ID, STUBS, Article, chunk_with
from demo.scenarios import Ref

# Days before the end of the log on which each rewrite was published: about five weeks,
# so the recovery check has a month of traffic on the new text.
REWRITE_DAYS_BEFORE_END: tuple[tuple[str, int], ...] = (
    ("kb-shipping", 37),
    ("kb-returns", 35),
    ("kb-warranty", 33),
)
# Whether the rewrite fixes what was wrong with the article (see the corpus modules).
REWRITE_RECOVERS: tuple[tuple[str, bool], ...] = (
    ("kb-shipping", True),
    ("kb-returns", False),
    ("kb-warranty", True),
)


@dataclass(frozen=True)
class Version:
    article: Article
    updated_at: datetime


@dataclass(frozen=True)
class KnowledgeBase:
    # article id -> versions, oldest first
    versions: dict[str, tuple[Version, ...]]

    def live(self, article_id: str, at: datetime) -> Article:
        history = self.versions[article_id]
        current = history[0]
        for version in history[1:]:
            if version.updated_at <= at:
                current = version
        return current.article

    def rewritten_at(self, article_id: str) -> datetime | None:
        history = self.versions[article_id]
        return history[1].updated_at if len(history) > 1 else None

    def chunk(self, source: Ref, at: datetime) -> str:
        return chunk_with(self.live(source.article_id, at).body, source.anchor)

    def first_versions(self) -> list[Version]:
        return [self.versions[article.id][0] for article in ARTICLES]

    def second_versions(self) -> list[Version]:
        return [
            history[1]
            for article_id in sorted(self.versions)
            if len(history := self.versions[article_id]) > 1
        ]


def knowledge_base_build(*, rng: random.Random, start: date, end: date) -> KnowledgeBase:
    """First versions dated well before the log starts; rewrites a few weeks before its end."""
    versions: dict[str, tuple[Version, ...]] = {}
    for article in ARTICLES + STUBS:
        days_before = rng.randint(20, 540)
        moment = time(rng.randint(7, 17), rng.randrange(60), rng.randrange(60))
        updated = datetime.combine(start - timedelta(days=days_before), moment)
        versions[article.id] = (Version(article, updated),)
    for article_id, days in REWRITE_DAYS_BEFORE_END:
        moment = time(9, rng.randrange(60), rng.randrange(60))
        updated = datetime.combine(end - timedelta(days=days), moment)
        rewrite = REWRITE_BY_ID[article_id]
        versions[article_id] = (versions[article_id][0], Version(rewrite, updated))
    assert set(versions) == set(BY_ID)
    return KnowledgeBase(versions=versions)
