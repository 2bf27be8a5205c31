"""Which sub-query does a source or a fact address (SPEC §3: SP, SQC, RP, RQC)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .decompose import Fact, SubQuery
from .sources import PreparedSource, SourceSentence
from .text import stem, word_list

# Share of a sub-query's key words a fact or a source passage must carry.
MATCH_THRESHOLD = 0.5
# Knowing what kind of answer was asked for ("how long" -> a duration) and seeing
# one is worth part of a word match.
EXPECTED_VALUE_BONUS = 0.25
# Words common to every help-centre question; they count half.
_LIGHT = frozenset(
    stem(word)
    for word in word_list("""
    item items product products order orders thing things way work use account time
    make get have do need day days store shop online
    """)
)
_EXPECTED_KINDS = {
    "duration": ("duration",),
    "amount": ("amount", "percent"),
    "number": ("number", "percent", "amount", "duration"),
    "time": ("time", "duration", "number", "ordinal"),
}
# Questions whose answer is a value of a definite kind: a fact without one does not
# answer them, however many words it shares with them.
_VALUE_REQUIRED = frozenset({"duration", "amount"})
_DATE_WORD_RE = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow"
    r"|weekends?|weekdays?|immediately)\b",
    re.IGNORECASE,
)


def light_factor(token: str) -> float:
    return 0.5 if token in _LIGHT else 1.0


@dataclass(frozen=True)
class Keys:
    """A sub-query's key words with their weights (specificity in the knowledge base)."""

    weights: tuple[tuple[str, float], ...] = ()

    @property
    def tokens(self) -> frozenset[str]:
        return frozenset(token for token, _ in self.weights)

    def share(self, stems: frozenset[str]) -> float:
        total = sum(weight for _, weight in self.weights)
        if not total:
            return 0.0
        return sum(weight for token, weight in self.weights if token in stems) / total

    def __bool__(self) -> bool:
        return bool(self.weights)


def answerable_keys(
    sub_query: SubQuery,
    source_stems: frozenset[str],
    known_words: frozenset[str],
    specificity: Callable[[str], float],
) -> Keys:
    """The sub-query's key words, less the customer's own specifics nobody writes about.

    "Return policy for my smartwatch?" is answered by the returns policy, which never
    names smartwatches. A word is dropped only when neither the sources nor the
    knowledge base use it, and only while most of the question remains, so "is there a
    restocking fee?" does not shrink to "fee" when no article mentions restocking.
    """
    tokens = sub_query.key_stems
    unknown = tokens - source_stems - known_words
    kept = tokens - unknown
    if unknown and sum(map(light_factor, kept)) > sum(map(light_factor, tokens)) / 2:
        tokens = kept

    def weigh(token: str) -> float:
        # Specific words count for more, but only up to twice a common one: a rare
        # product name must not outweigh what the question asks about it.
        return light_factor(token) * min(2.0, 1.0 + (specificity(token) - 1.0) / 4)

    return Keys(tuple(sorted((token, weigh(token)) for token in tokens)))


def fact_addresses(fact: Fact, sub_query: SubQuery, keys: Keys, *, only_question: bool) -> bool:
    gives_expected = _fact_gives(fact, sub_query.expects)
    if sub_query.expects in _VALUE_REQUIRED and not gives_expected:
        # "What does express delivery cost?" is not answered by its delivery time.
        return False
    if not keys:
        return gives_expected or sub_query.expects in ("other", "yesno")
    score = keys.share(fact.stems | fact.context)
    if gives_expected:
        score += EXPECTED_VALUE_BONUS
    if score >= MATCH_THRESHOLD:
        return True
    # A short direct answer ("Delhi", "2006") to the only question answers it.
    return only_question and fact.bare and len(fact.stems) <= 3


def gives_expected_value(fact: Fact, sub_query: SubQuery) -> bool:
    return sub_query.expects in _EXPECTED_KINDS and _fact_gives(fact, sub_query.expects)


def _fact_gives(fact: Fact, expects: str) -> bool:
    kinds = _EXPECTED_KINDS.get(expects)
    if kinds is None:
        return False
    return any(quantity.kind in kinds for quantity in fact.quantities)


def source_addresses(source: PreparedSource, sub_query: SubQuery, keys: Keys) -> bool:
    """The source has a passage about the sub-query that carries the kind of answer asked."""
    if not keys:
        return False  # a question too vague to say what it is about
    for window in _windows(source.sentences):
        stems = frozenset().union(*(sentence.stems for sentence in window))
        if keys.share(stems) >= MATCH_THRESHOLD and _window_gives(window, sub_query.expects):
            return True
    return False


def _windows(sentences: Sequence[SourceSentence]) -> list[Sequence[SourceSentence]]:
    # Two neighbouring sentences: a policy often names its subject in one sentence and
    # gives the value in the next.
    if len(sentences) <= 2:
        return [sentences]
    return [sentences[index : index + 2] for index in range(len(sentences) - 1)]


def _window_gives(window: Sequence[SourceSentence], expects: str) -> bool:
    kinds = _EXPECTED_KINDS.get(expects)
    if kinds is None:
        return True
    if any(quantity.kind in kinds for sentence in window for quantity in sentence.quantities):
        return True
    return expects == "time" and any(_DATE_WORD_RE.search(sentence.text) for sentence in window)
