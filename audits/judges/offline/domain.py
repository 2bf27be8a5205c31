"""The bot's domain: what the knowledge base talks about, its names, and topic labels."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from kbaudit.text.tokens import (
    STOPWORDS,
    content_stems,
    normalise,
    plain_stem,
    split_sentences,
    stem,
    word_list,
    words,
)

from ..base import KnowledgeBaseProfile
from .questions import QUESTION_FILLER

# Below this share of a question's words known to the domain, the question is off-topic;
# when retrieval found nothing at all, a little more of the question must be known.
OFF_TOPIC_SHARE = 0.5
OFF_TOPIC_SHARE_UNRETRIEVED = 0.55
# Words of any support conversation; they say nothing about the question's subject.
_SERVICE_WORDS = frozenset(
    stem(word)
    for word in word_list("""
    good best recommend suggest question problem issue hi hello thanks support service
    customer help bot chat answer information info question know tell make
    """)
)

# Words any shop's help centre uses whether or not its articles happen to: a question
# made of them is about the store even when the knowledge base is small.
_COMMERCE_WORDS = frozenset(
    stem(word)
    for word in word_list("""
    sell buy order deliver delivery ship shipping return refund exchange cancel pay
    payment card credit debit price cost discount coupon promo code stock available
    product item account login log password sign register email address track package
    warranty repair store shop cart checkout gift subscription membership invoice receipt
    tax bill charge size color model brand new open box damaged broken wrong missing late
    delayed replace replacement pickup collect store location hours open contact reset
    change update delete
    """)
)


@dataclass(frozen=True)
class DomainVocabulary:
    stems: frozenset[str]
    # Names frequent across the knowledge base (the store, its programmes).
    names: frozenset[str]
    titles: tuple[tuple[str, frozenset[str]], ...]
    # Stems of each article title: the subjects the knowledge base is organised by.
    title_subjects: tuple[frozenset[str], ...] = ()
    # Written to the customer ("you can return your item..."), as a help centre is.
    speaks_to_reader: bool = False
    # Reference passages (an encyclopedia) that none of it writes to a reader: the bot
    # chats about their subjects rather than answering for a help centre.
    reference_passages: bool = False
    # How specific each stem is to a few documents (inverse document frequency); a
    # stem the knowledge base never uses gets the highest weight.
    specificity: Mapping[str, float] = field(default_factory=dict)
    unknown_specificity: float = 1.0
    # The name the business goes by in the bot's description ("Loopswap" in "Customer
    # help for Loopswap, a marketplace ..."): where its facts hold, never what they say.
    brand: frozenset[str] = frozenset()

    @property
    def empty(self) -> bool:
        return not self.stems

    def weight(self, token: str) -> float:
        return self.specificity.get(token, self.unknown_specificity)


def vocabulary(profile: KnowledgeBaseProfile | None, bot_domain: str) -> DomainVocabulary:
    profile = profile or KnowledgeBaseProfile()
    frequency: Counter[str] = Counter()
    for word, count in profile.document_frequency.items():
        for token in content_stems(word):
            frequency[token] = max(frequency[token], count)
    domain_text = " ".join(filter(None, (bot_domain, profile.domain)))
    domain_stems = set(content_stems(domain_text))
    titles = tuple((title, _label_stems(title)) for title in dict.fromkeys(profile.titles) if title)
    title_stems = {token for title, _ in titles for token in content_stems(title)}
    common = max(2, profile.n_documents // 5)
    names = {token for token, count in frequency.items() if count >= common}
    known = frozenset(frequency) | domain_stems | title_stems
    documents = max(profile.n_documents, max(frequency.values(), default=0))
    reader_share = profile.document_frequency.get(_READER_KEY, 0) / max(profile.n_documents, 1)
    return DomainVocabulary(
        stems=known | _COMMERCE_WORDS if known else frozenset(),
        names=frozenset(names | domain_stems),
        titles=titles,
        title_subjects=tuple(
            dict.fromkeys(frozenset(question_subject(content_stems(title))) for title, _ in titles)
        ),
        specificity={token: _idf(documents, count) for token, count in frequency.items()},
        unknown_specificity=_idf(documents, 0),
        speaks_to_reader=profile.n_documents > 0 and reader_share >= SPEAKS_TO_READER_SHARE,
        reference_passages=profile.n_documents > 0 and reader_share < REFERENCE_READER_SHARE,
        brand=brand_stems(domain_text),
    )


# The first run of capitalised words after the description's opening word, up to a
# comma, a colon or a lower-case word: "Customer help for Pinewood Summer Camps: ...".
_BRAND_RE = re.compile(r"^\S+.*?\b([A-Z][\w'&-]*(?: [A-Z][\w'&-]*)*)")


def brand_stems(description: str) -> frozenset[str]:
    """The stems of the business's name in a bot's description, if it gives one."""
    match = _BRAND_RE.match(description)
    return frozenset(content_stems(match.group(1))) if match else frozenset()


def _idf(documents: int, count: int) -> float:
    return 1.0 + math.log((documents + 1) / (count + 1))


_READER_WORDS = frozenset(word_list("you your you're yours yourself"))
_READER_KEY = "you"
# A knowledge base most of whose documents speak to the reader is a help centre: it
# writes policies for the customer's case without naming the customer's product.
SPEAKS_TO_READER_SHARE = 0.3
# A knowledge base hardly any of whose documents speak to the reader is reference text.
REFERENCE_READER_SHARE = 0.1


# Share of a document's sentences that must address the reader for the document to
# speak to its reader, as a help-centre article does throughout.
READER_SENTENCE_SHARE = 0.2
_QUOTED_RE = re.compile(r'"[^"]*"|“[^”]*”')


def _speaks_to_reader(body: str) -> bool:
    """Whether a document is written to its reader: a good share of its sentences say
    "you" outside quoted speech. One passing "you" in a long passage ("there is a
    website where you can listen to old radio dramas", a quoted coach's "you better be
    willing") is the generic you of reference text, not a help centre's address."""
    sentences = split_sentences(body)
    addressed = sum(
        1 for sentence in sentences if _READER_WORDS & set(words(_QUOTED_RE.sub(" ", sentence)))
    )
    return addressed > 0 and addressed >= READER_SENTENCE_SHARE * len(sentences)


def profile_from_texts(
    documents: Iterable[tuple[str, str]], *, domain: str = ""
) -> KnowledgeBaseProfile:
    """A profile from (title, body) pairs: titles and per-document word frequency."""
    frequency: Counter[str] = Counter()
    titles: dict[str, None] = {}
    count = 0
    for title, body in documents:
        count += 1
        if title:
            titles.setdefault(title, None)
        tokens = set(words(f"{title} {body}"))
        # Whether the document speaks to its reader is kept as the count for "you".
        reader = {_READER_KEY} if _speaks_to_reader(body) else set()
        frequency.update({token for token in tokens if token not in STOPWORDS} | reader)
    return KnowledgeBaseProfile(
        domain=domain,
        titles=list(titles),
        document_frequency=dict(sorted(frequency.items())),
        n_documents=count,
    )


def question_subject(query_stems: Iterable[str]) -> frozenset[str]:
    return frozenset(
        token
        for token in query_stems
        if token not in QUESTION_FILLER and token not in _SERVICE_WORDS and not token[:1].isdigit()
    )


def is_off_topic(query_stems: Iterable[str], vocab: DomainVocabulary, *, retrieved: bool) -> bool:
    """Too little of the question belongs to the domain's vocabulary.

    When retrieval found nothing, words are weighted by how specific they are: "buy"
    and "right" are in any shop's articles, so "Should I buy Bitcoin right now?" is
    carried by "Bitcoin". When something was retrieved, the retriever's judgement
    that the question is about the knowledge base counts, and every word weighs the
    same.
    """
    if vocab.empty:
        return False
    subject = question_subject(query_stems)
    if not subject:
        return False
    weight = (lambda token: 1.0) if retrieved else vocab.weight
    total = sum(weight(token) for token in subject)
    known = sum(weight(token) for token in subject & vocab.stems)
    return known / total < (OFF_TOPIC_SHARE if retrieved else OFF_TOPIC_SHARE_UNRETRIEVED)


def topic_label(query: str, vocab: DomainVocabulary, source_titles: Iterable[str]) -> str:
    """1-3 words for the question, from the knowledge base's own titles when one fits.

    Titles are matched word for word (no synonyms), so "Is there a restocking fee?"
    is not labelled "shipping costs" because a fee is a cost.
    """
    query_words = _label_stems(query)
    if not query_words:
        return ""
    known = {title for title, _ in vocab.titles}
    extra = tuple(
        (t, _label_stems(t)) for t in dict.fromkeys(source_titles) if t and t not in known
    )
    best = _best_title(query_words, vocab.titles + extra)
    if best is not None:
        return _title_words(best, query_words)
    return _query_words(query)


def _label_stems(text: str) -> frozenset[str]:
    subject = question_subject(content_stems(text))
    return frozenset(
        plain_stem(token)
        for token in words(normalise(text))
        if token not in STOPWORDS and stem(token) in subject
    )


def _best_title(
    query_words: frozenset[str], titles: tuple[tuple[str, frozenset[str]], ...]
) -> str | None:
    scored = [
        (len(shared) / len(title_words), len(shared), -len(title), title)
        for title, title_words in titles
        if (shared := title_words & query_words)
    ]
    return max(scored)[3] if scored else None


def _title_words(title: str, query_words: frozenset[str]) -> str:
    title_words = [token for token in words(normalise(title)) if token not in STOPWORDS]
    if len(title_words) <= 3:
        return " ".join(title_words)
    shared = [token for token in title_words if plain_stem(token) in query_words]
    return " ".join(shared[:3])


def _query_words(query: str) -> str:
    subject = question_subject(content_stems(query))
    tokens = [t for t in words(normalise(query)) if t not in STOPWORDS and stem(t) in subject]
    return " ".join(list(dict.fromkeys(tokens))[:2])
