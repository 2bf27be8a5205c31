"""Checks on the values a fact states, against every retrieved source at once.

A value is fine when some source states it in the case the fact uses it for. It is
``contradicts_source`` when no source states it but one gives a different value for
the same subject, and ``condition_misapplied`` when the sources only give it for a
special case (a condition) that neither the question nor the fact states while they
give another value for the ordinary case, or when the question states a special case
that the sources give another value for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .decompose import Fact
from .quantities import Quantity
from .sources import PreparedSource, SourceSentence
from .text import stem, word_list

_UNIT_STEMS = frozenset(
    stem(word)
    for word in word_list("day days week month year hour minute percent business working calendar")
)
# Glue words a paraphrase adds or drops freely ("returns are accepted for 30 days");
# they neither support nor undermine a fact.
GLUE_STEMS = frozenset(
    stem(word)
    for word in word_list("""
    accept accepted allow allowed offer offered issue issued process processed provide
    provided available eligible able possible happen usually typically generally simply
    also just still always often sometimes several multiple various many mainly mostly
    main major largely overall come become go call called refer referred take takes took
    last lasts
    """)
)


# Nouns every statement of a shop's policy has; they do not tell two cases apart.
_CASE_LIGHT = frozenset(
    stem(word) for word in word_list("item items product products order orders thing things")
)


@dataclass(frozen=True)
class Located:
    """A value as stated by one sentence of one source."""

    source: int  # index into the sources
    sentence: SourceSentence
    quantity: Quantity
    article: str  # chunks of one article agree by construction; two articles may not


@dataclass(frozen=True)
class Problem:
    reason: str
    passage: str
    source: int | None


def subject_stems(stems: frozenset[str]) -> frozenset[str]:
    """What a statement is about, without its numbers, units and glue words."""
    return frozenset(
        token
        for token in stems
        if not token[:1].isdigit() and token not in _UNIT_STEMS and token not in GLUE_STEMS
    )


def locate_values(sources: Sequence[PreparedSource]) -> list[Located]:
    return [
        Located(index, sentence, quantity, source.article or f"#{index}")
        for index, source in enumerate(sources)
        for sentence in source.sentences
        for quantity in sentence.quantities
    ]


def value_problem(
    fact: Fact,
    located: Sequence[Located],
    query_stems: frozenset[str],
    query_values: Sequence[Quantity],
) -> Problem | None:
    for quantity in fact.quantities:
        if any(quantity.same_value(given) for given in query_values):
            continue  # the customer's own number is not the bot's claim
        matches = [place for place in located if quantity.same_value(place.quantity)]
        if matches:
            problem = _case_problem(quantity, fact, matches, located, query_stems, query_values)
        else:
            problem = _missing_value(quantity, fact, located)
        if problem is not None:
            return problem
    return None


def _missing_value(quantity: Quantity, fact: Fact, located: Sequence[Located]) -> Problem | None:
    rival = _rival(quantity, fact, located, ungoverned_only=False)
    if rival is not None:
        return Problem("contradicts_source", rival.sentence.text, rival.source)
    return None if quantity.soft else Problem("not_in_sources", "", None)


def _rival(
    quantity: Quantity,
    fact: Fact,
    located: Sequence[Located],
    *,
    ungoverned_only: bool,
    share: float = 0.5,
) -> Located | None:
    """A different value of the same kind, stated about what the fact is about."""
    subject = subject_stems(fact.stems)
    if not subject or (quantity.soft and len(subject) < 2):
        return None  # "there's no charge" alone does not say for what
    # Most of the fact's subject must be there: "standard delivery" is not "express
    # delivery", and a soft "free" needs even more to stand against a price.
    needed = max(1, math.ceil(len(subject) * (max(share, 0.6) if quantity.soft else share)))
    needed = max(needed, 2) if quantity.soft else needed
    best, best_overlap = None, 0
    for place in located:
        own = place.quantity
        if not quantity.comparable(own) or quantity.same_value(own):
            continue
        if ungoverned_only and place.sentence.condition_of(own) is not None:
            continue
        overlap = len(subject & place.sentence.stems)
        if overlap > best_overlap:
            best, best_overlap = place, overlap
    return best if best_overlap >= needed else None


def _other_article_rival(
    quantity: Quantity, fact: Fact, matches: Sequence[Located], located: Sequence[Located]
) -> Problem | None:
    """Another article states a different value for the same thing (the sources disagree)."""
    articles = {place.article for place in matches}
    others = [place for place in located if place.article not in articles]
    rival = _rival(quantity, fact, others, ungoverned_only=True)
    if rival is None:
        return None
    return Problem("contradicts_source", rival.sentence.text, rival.source)


def _case_problem(
    quantity: Quantity,
    fact: Fact,
    matches: Sequence[Located],
    located: Sequence[Located],
    query_stems: frozenset[str],
    query_values: Sequence[Quantity],
) -> Problem | None:
    stated_stems = query_stems | fact.stems
    stated_values = [q for q in (*query_values, *fact.quantities) if q is not quantity]
    for place in matches:
        condition = place.sentence.condition_of(place.quantity)
        if condition is None or condition.satisfied_by(stated_stems, stated_values):
            same_article = [other for other in located if other.article == place.article]
            return _ignored_condition(
                quantity, fact, place, same_article, query_stems, query_values
            ) or _other_article_rival(quantity, fact, matches, located)
    first = matches[0]
    same_article = [other for other in located if other.article == first.article]
    if _default_value(quantity, fact, same_article) or _query_states_other_case(
        first, same_article, query_stems, query_values
    ):
        return Problem("condition_misapplied", first.sentence.text, first.source)
    return None  # the only value the article gives, so it is the rule, not an exception


def _default_value(quantity: Quantity, fact: Fact, same_article: Sequence[Located]) -> bool:
    """The article gives another value for the ordinary case of what the fact is about.

    The other statement must be mostly about the fact's subject ("You can return most
    items within 30 days" for a fact on returns), not merely share a word with it.
    """
    subject = subject_stems(fact.stems) - _CASE_LIGHT
    for place in same_article:
        own = place.quantity
        if not quantity.comparable(own) or quantity.same_value(own):
            continue
        if place.sentence.condition_of(own) is not None:
            continue
        theirs = subject_stems(place.sentence.stems) - _CASE_LIGHT
        if theirs and len(theirs & subject) / len(theirs) >= 0.5:
            return True
    return False


def _query_states_other_case(
    used: Located,
    same_article: Sequence[Located],
    query_stems: frozenset[str],
    query_values: Sequence[Quantity],
) -> bool:
    """The question names a case the article treats separately from the fact's value."""
    own_condition = used.sentence.condition_of(used.quantity)
    return any(
        condition is not own_condition and condition.satisfied_by(query_stems, query_values)
        for sentence in {id(place.sentence): place.sentence for place in same_article}.values()
        for condition in sentence.conditions
    )


def _ignored_condition(
    quantity: Quantity,
    fact: Fact,
    used: Located,
    same_source: Sequence[Located],
    query_stems: frozenset[str],
    query_values: Sequence[Quantity],
) -> Problem | None:
    """The question states a case the source gives another value for; the fact ignores it.

    The special case must be about the fact's subject: said in so many words, or said
    right next to the sentence the fact's value came from.
    """
    subject = subject_stems(fact.stems)
    for place in same_source:
        own, sentence = place.quantity, place.sentence
        condition = sentence.condition_of(own)
        if condition is None or not quantity.comparable(own) or quantity.same_value(own):
            continue
        if not (subject & sentence.stems or abs(sentence.position - used.sentence.position) <= 1):
            continue
        if condition.satisfied_by(query_stems, query_values) and not condition.satisfied_by(
            fact.stems, ()
        ):
            return Problem("condition_misapplied", sentence.text, place.source)
    return None
