"""Which sub-query does a source or a fact address (SPEC §3: SP, SQC, RP, RQC)."""

from __future__ import annotations

import re
from collections.abc import Sequence

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


def weight(token: str) -> float:
    return 0.5 if token in _LIGHT else 1.0


def weighted_share(keys: frozenset[str], stems: frozenset[str]) -> float:
    total = sum(weight(token) for token in keys)
    if not total:
        return 0.0
    return sum(weight(token) for token in keys & stems) / total


def answerable_keys(sub_query: SubQuery, source_stems: frozenset[str]) -> frozenset[str]:
    """The sub-query's key words, less the customer's own specifics the sources never use.

    "Return policy for my smartwatch?" is answered by the returns policy, which never
    names smartwatches. Only a minority of keys may be dropped this way, so "is there a
    restocking fee?" does not shrink to "fee" when the sources only price shipping.
    """
    keys = sub_query.key_stems
    known = keys & source_stems
    if known != keys and weighted_total(known) > weighted_total(keys) / 2:
        return known
    return keys


def weighted_total(keys: frozenset[str]) -> float:
    return sum(weight(token) for token in keys)


def fact_addresses(
    fact: Fact, sub_query: SubQuery, keys: frozenset[str], *, only_question: bool
) -> bool:
    gives_expected = _fact_gives(fact, sub_query.expects)
    if sub_query.expects in _VALUE_REQUIRED and not gives_expected:
        # "What does express delivery cost?" is not answered by its delivery time.
        return False
    if not keys:
        return gives_expected or sub_query.expects in ("other", "yesno")
    score = weighted_share(keys, fact.stems | fact.context)
    if gives_expected:
        score += EXPECTED_VALUE_BONUS
    if score >= MATCH_THRESHOLD:
        return True
    # A short direct answer ("Delhi", "2006") to the only question answers it.
    return only_question and len(fact.stems) <= 3


def gives_expected_value(fact: Fact, sub_query: SubQuery) -> bool:
    return sub_query.expects in _EXPECTED_KINDS and _fact_gives(fact, sub_query.expects)


def _fact_gives(fact: Fact, expects: str) -> bool:
    kinds = _EXPECTED_KINDS.get(expects)
    if kinds is None:
        return False
    return any(quantity.kind in kinds for quantity in fact.quantities)


def source_addresses(source: PreparedSource, sub_query: SubQuery, keys: frozenset[str]) -> bool:
    """The source has a passage about the sub-query that carries the kind of answer asked."""
    if not keys:
        return False  # a question too vague to say what it is about
    for window in _windows(source.sentences):
        stems = frozenset().union(*(sentence.stems for sentence in window))
        if weighted_share(keys, stems) >= MATCH_THRESHOLD and _window_gives(
            window, sub_query.expects
        ):
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
