"""Is a retrieved article *about* a sub-question? (SPEC §5 attribution)

An article that covered and grounded nothing in an interaction is either the page that
should have answered (on topic: a content-gap candidate) or one retrieved for shared
words only (retrieval noise). It is on topic when its title, a heading or a passage is
close in meaning to the sub-question (sentence embeddings), or when the sub-question's
content words name the article's subject (its title and headings).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from content.kb_scan.passages import passages_of
from kbaudit.text.embeddings import DIMENSIONS, embed
from kbaudit.text.tokens import content_stems

# Cosine similarity from which a title, heading or passage is about the sub-question.
# wordllama's static vectors put paraphrases at 0.55–0.9 and unrelated help-centre
# sentences below 0.35.
ON_TOPIC_SIMILARITY = 0.45
# A title or heading counts as naming the subject when it shares this many content
# words with the sub-question (one, for a one-word subject like "Warranty").
SUBJECT_WORDS = 1
# Title and heading words too common to name a subject.
GENERIC_STEMS = frozenset(
    content_stems("how to your our we you faq frequently asked questions help guide about more")
)
# The sentences of an article its profile keeps at most: enough to know what it is about.
PROFILE_PASSAGES = 40


@dataclass(frozen=True)
class ArticleProfile:
    """What an article is about: its labels' stems and its texts' unit vectors."""

    key: str
    subject: frozenset[str]
    vectors: np.ndarray  # one row per title, heading and passage

    def similarity(self, question_vectors: np.ndarray) -> np.ndarray:
        """For each question, its best cosine with any of the article's texts."""
        if not len(self.vectors) or not len(question_vectors):
            return np.zeros(len(question_vectors), dtype=np.float32)
        return (question_vectors @ self.vectors.T).max(axis=1)

    def names_subject_of(self, question: str) -> bool:
        return len(self.subject & set(content_stems(question))) >= SUBJECT_WORDS


def profile_texts(title: str, body: str) -> tuple[list[str], frozenset[str]]:
    """The texts an article is judged by (title, headings, passages) and its subject stems."""
    passages = passages_of(body or "")
    headings = list(dict.fromkeys(p.section for p in passages if p.section))
    texts = [t for t in [title, *headings] if t]
    texts += [p.text for p in passages[:PROFILE_PASSAGES]]
    subject = frozenset(content_stems(" ".join([title, *headings]))) - GENERIC_STEMS
    return texts, subject


def profiles_build(articles: Iterable[tuple[str, str, str]]) -> dict[str, ArticleProfile]:
    """Profiles of (key, title, body) triples, embedded in one call."""
    rows = [(key, *profile_texts(title, body)) for key, title, body in articles]
    flat = [text for _, texts, _ in rows for text in texts]
    vectors = embed(flat) if flat else np.zeros((0, DIMENSIONS), dtype=np.float32)
    profiles, start = {}, 0
    for key, texts, subject in rows:
        profiles[key] = ArticleProfile(key, subject, vectors[start : start + len(texts)])
        start += len(texts)
    return profiles


def on_topic_matrix(
    questions: Sequence[str], question_vectors: np.ndarray, profile: ArticleProfile
) -> list[bool]:
    """For each question, whether the article is about it."""
    similar = profile.similarity(question_vectors)
    return [
        bool(similar[i] >= ON_TOPIC_SIMILARITY) or profile.names_subject_of(question)
        for i, question in enumerate(questions)
    ]
