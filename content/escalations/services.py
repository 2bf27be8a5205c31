"""agent_replies_read: each escalated conversation's agent reply, read against the KB.

A reply is split into statements (greetings, apologies, questions and offers of more
help are not statements). Each is compared by meaning with the sentences of the bot's
knowledge base (sentence embeddings, then the values compared explicitly):

- said by an article: close in meaning, and every value it states is the article's;
- **contradicts** an article: close in meaning, and a value of the same kind differs
  ("15%" where the article says "10%") — a contradiction review item for that article;
- **unsupported**: no article says it — what agents tell customers that the KB does
  not, attached to the article the question was credited to, or to none (a page to write).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
from django.db.models import Exists, OuterRef

from audits.models import Bot, Interaction
from content.models import (
    AgentReplyFact,
    AgentReplyReading,
    Article,
    ArticleVersion,
    BotKnowledgeBase,
)
from kbaudit.text.embeddings import embed
from kbaudit.text.quantities import Quantity, extract_quantities, find_match
from kbaudit.text.tokens import digits_for_number_words, split_sentences

# Cosine similarity of wordllama sentence vectors: above SAME a statement restates the
# sentence; above TOPIC it is about the same thing (so a different value contradicts it).
SAME = 0.7
TOPIC = 0.6
# Articles whose whole text is nearest a statement; their sentences are then compared.
CANDIDATE_ARTICLES = 8
BATCH = 500
_NOT_A_STATEMENT = re.compile(
    r"^(hi|hello|hey|dear|thanks|thank you|sorry|apologies|my apologies|cheers|regards|"
    r"best|kind regards|have a (great|good|nice)|let me know|is there anything|"
    r"anything else|i hope|hope this|glad|happy to help|you're welcome|no problem)\b",
    re.IGNORECASE,
)
_MARKUP = re.compile(r"<[^>]+>|[#*_`>|]+")


@dataclass
class ReadSummary:
    replies: int = 0
    facts: int = 0
    unsupported: int = 0
    contradicts: int = 0


@dataclass
class _KnowledgeBase:
    """The bot's articles: one vector per article, sentence vectors read on demand."""

    articles: list[Article]
    texts: list[str]
    vectors: np.ndarray
    _sentences: dict[int, tuple[list[str], np.ndarray]] = field(default_factory=dict)

    def sentences(self, index: int) -> tuple[list[str], np.ndarray]:
        if index not in self._sentences:
            sentences = [s for s in split_sentences(self.texts[index]) if len(s) > 3]
            self._sentences[index] = (sentences, embed(sentences))
        return self._sentences[index]


def statements(reply: str) -> list[str]:
    """The reply's statements: sentences that say something checkable."""
    kept = []
    for sentence in split_sentences(_MARKUP.sub(" ", reply)):
        if sentence.endswith("?") or _NOT_A_STATEMENT.match(sentence):
            continue
        if len(re.findall(r"[A-Za-z0-9]+", sentence)) >= 4:
            kept.append(sentence)
    return kept


def agent_replies_read(*, bot: Bot, limit: int = 5000) -> ReadSummary:
    """Read the bot's escalated replies not read yet."""
    read = AgentReplyReading.objects.filter(interaction=OuterRef("pk"))
    pending = list(
        Interaction.objects.filter(bot=bot, run__isnull=True, escalated=True)
        .exclude(human_reply="")
        .exclude(Exists(read))
        .prefetch_related("sources")
        .order_by("timestamp", "pk")[:limit]
    )
    summary = ReadSummary(replies=len(pending))
    if not pending:
        return summary
    kb = _knowledge_base(bot)
    for start in range(0, len(pending), BATCH):
        _read_batch(bot, pending[start : start + BATCH], kb, summary)
    return summary


def _knowledge_base(bot: Bot) -> _KnowledgeBase:
    """The published articles of the knowledge base the bot answers from."""
    knowledge_base_id = BotKnowledgeBase.objects.for_bots([bot.pk])[bot.pk]
    published = Article.objects.real().filter(knowledge_base_id=knowledge_base_id)
    versions = {
        v.article_id: v for v in ArticleVersion.objects.current().filter(article__in=published)
    }
    articles = list(Article.objects.filter(pk__in=list(versions)).order_by("pk"))
    texts = [_MARKUP.sub(" ", versions[a.pk].body) for a in articles]
    heads = [f"{a.title}. {text[:1500]}" for a, text in zip(articles, texts, strict=True)]
    return _KnowledgeBase(articles, texts, embed(heads))


def _read_batch(bot: Bot, interactions: list[Interaction], kb: _KnowledgeBase, summary) -> None:
    facts: list[AgentReplyFact] = []
    readings: list[AgentReplyReading] = []
    contradicted: set[tuple[int, int]] = set()
    for interaction in interactions:
        said = statements(interaction.human_reply)
        readings.append(AgentReplyReading(interaction_id=interaction.pk, facts=len(said)))
        if not said or not kb.articles:
            continue
        credited = _credited_articles(interaction, kb)
        for statement, vector in zip(said, embed(said), strict=True):
            fact = _judge(statement, vector, kb, credited, interaction, bot)
            summary.facts += 1
            if fact is not None:
                facts.append(fact)
                if fact.kind == AgentReplyFact.Kind.CONTRADICTS and fact.other_article_id:
                    contradicted.add((fact.other_article_id, interaction.pk))
    AgentReplyFact.objects.bulk_create(facts)
    AgentReplyReading.objects.bulk_create(readings, ignore_conflicts=True)
    summary.unsupported += sum(f.kind == AgentReplyFact.Kind.UNSUPPORTED for f in facts)
    summary.contradicts += sum(f.kind == AgentReplyFact.Kind.CONTRADICTS for f in facts)


def _credited_articles(interaction: Interaction, kb: _KnowledgeBase) -> list[int]:
    """Indexes (in ``kb``) of the articles the interaction retrieved, in rank order."""
    keys = [s.article_key for s in sorted(interaction.sources.all(), key=lambda s: s.rank)]
    index = {a.external_id: i for i, a in enumerate(kb.articles)}
    return [index[k] for k in keys if k in index]


def _judge(statement, vector, kb, credited, interaction, bot) -> AgentReplyFact | None:
    nearest = np.argsort(-(kb.vectors @ vector))[:CANDIDATE_ARTICLES]
    values = _values(statement)
    best: tuple[float, int, str] = (-1.0, -1, "")
    differing: tuple[float, int, str] | None = None
    for article_index in dict.fromkeys([*credited, *nearest.tolist()]):
        sentences, vectors = kb.sentences(article_index)
        if not sentences:
            continue
        scores = vectors @ vector
        for position in np.argsort(-scores)[:3]:
            score, sentence = float(scores[position]), sentences[position]
            agrees, differs = _compare(values, _values(sentence))
            if score >= SAME and agrees and score > best[0]:
                best = (score, article_index, sentence)
            elif score >= TOPIC and differs and (differing is None or score > differing[0]):
                differing = (score, article_index, sentence)
    if best[1] >= 0:
        return None  # an article says it
    home = _home(credited)
    common = {
        "interaction_id": interaction.pk,
        "bot": bot,
        "fact": statement[:2000],
        "occurred_at": interaction.timestamp,
        "article": kb.articles[home] if home is not None else None,
    }
    if differing is not None:
        score, article_index, sentence = differing
        return AgentReplyFact(
            **common,
            kind=AgentReplyFact.Kind.CONTRADICTS,
            other_article=kb.articles[article_index],
            passage=sentence[:2000],
            similarity=score,
        )
    return AgentReplyFact(**common, kind=AgentReplyFact.Kind.UNSUPPORTED)


def _home(credited: list[int]) -> int | None:
    """The article the question was credited to (the best-ranked retrieved article of the
    KB): the page that should have said it. None when nothing was retrieved."""
    return credited[0] if credited else None


def _values(text: str) -> list[Quantity]:
    return [q for q in extract_quantities(digits_for_number_words(text)) if not q.soft]


def _compare(fact: list[Quantity], passage: list[Quantity]) -> tuple[bool, bool]:
    """(every value of the fact is the passage's, some value differs from a comparable one)."""
    agrees = all(find_match(q, passage) is not None for q in fact)
    differs = any(
        find_match(q, passage) is None and any(q.comparable(p) for p in passage) for q in fact
    )
    return agrees, differs
