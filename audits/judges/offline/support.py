"""Is a fact supported by a source? Words, values, conditions and polarity (SPEC §3, G).

A fact is supported by a source when the source carries its words (the question's own
words may stand in for a few of them: "headphones" in "you can return headphones"),
every value it states, each value in the case the source gives it for, and the same
polarity ("cannot" against "can").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .decompose import Fact
from .quantities import Quantity
from .sources import CLAUSE_BREAK_RE, PreparedSource, SourceClause, SourceSentence
from .text import content_stems, has_negation, stem, word_list

# Share of a fact's words that must be found (in the source, or failing that in the
# question) for the words to count as supported.
LEXICAL_THRESHOLD = 0.9
# Words echoed from the question count for less than words found in the source.
QUERY_WORD_WEIGHT = 1.0
# A source clause this close to a fact is the fact's own statement, so an opposite
# polarity there is a contradiction rather than a different statement.
POLARITY_OVERLAP = 0.6

REASON_ORDER = ("condition_misapplied", "contradicts_source", "not_in_sources")
_UNIT_STEMS = frozenset(
    stem(word) for word in word_list("day days week month year hour minute percent")
)
# Glue words a paraphrase adds or drops freely ("returns are accepted for 30 days");
# they neither support nor undermine a fact.
_GLUE_STEMS = frozenset(
    stem(word)
    for word in word_list("""
    accept accepted allow allowed offer offered issue issued process processed provide
    provided available eligible able possible happen usually typically generally simply
    also just still always
    """)
)


@dataclass(frozen=True)
class QueryContext:
    stems: frozenset[str]
    quantities: tuple[Quantity, ...]
    # Names the whole knowledge base uses (the brand, the store); never invented.
    known_names: frozenset[str] = frozenset()
    # Weight of a word by how specific it is in the knowledge base (see DomainVocabulary).
    weight: Callable[[str], float] = lambda token: 1.0


@dataclass(frozen=True)
class Support:
    supported: bool
    reason: str | None = None
    passage: str = ""
    lexical: float = 0.0


def subject_stems(stems: frozenset[str]) -> frozenset[str]:
    """What a statement is about, without its numbers and units."""
    return frozenset(
        token for token in stems if not token[:1].isdigit() and token not in _UNIT_STEMS
    )


def lexical_score(
    fact: Fact, source_stems: frozenset[str], query: QueryContext, *, anchored: bool = False
) -> float:
    """Share of the fact's words the source carries.

    Question words echoed by the answer ("headphones" in "you can return headphones
    within 30 days") count only when the fact is anchored by a value the source
    states: an answer restating the question around an invented claim is the classic
    hallucination, a policy value applied to the asked-about product is not.
    """
    if fact.personal:
        return 0.0  # the bot's own experience or opinion is in no source
    words = subject_stems(fact.stems) - _GLUE_STEMS
    if not words:
        return 1.0
    missing_names = (fact.proper_nouns & words) - source_stems - query.known_names
    if missing_names:
        return 0.0  # an invented name is never excused by the question
    weight = query.weight
    found = sum(weight(token) for token in words & source_stems)
    echoed = sum(weight(token) for token in (words - source_stems) & query.stems) if anchored else 0
    total = sum(weight(token) for token in words)
    return (found + QUERY_WORD_WEIGHT * echoed) / total if found else 0.0


def _anchored(fact: Fact, source: PreparedSource, query: QueryContext) -> bool:
    """The fact states a value of its own (not the customer's) that the source gives."""
    return any(
        not quantity.soft
        and not any(quantity.same_value(given) for given in query.quantities)
        and _has_value(source, quantity)
        for quantity in fact.quantities
    )


def support_in_source(fact: Fact, source: PreparedSource, query: QueryContext) -> Support:
    lexical = lexical_score(fact, source.stems, query, anchored=_anchored(fact, source, query))
    problem = _value_problem(fact, source, query) or _polarity_problem(fact, source)
    if problem is not None:
        return Support(False, problem[0], problem[1], lexical)
    if lexical < LEXICAL_THRESHOLD:
        return Support(False, "not_in_sources", "", lexical)
    return Support(True, None, "", lexical)


def _value_problem(
    fact: Fact, source: PreparedSource, query: QueryContext
) -> tuple[str, str] | None:
    located = source.located_quantities()
    for quantity in fact.quantities:
        if any(quantity.same_value(given) for given in query.quantities):
            continue  # the customer's own number is not the bot's claim
        matches = [(sentence, own) for sentence, own in located if quantity.same_value(own)]
        problem = (
            _condition_problem(quantity, fact, matches, located, query)
            if matches
            else _missing_value(quantity, fact, located)
        )
        if problem is not None:
            return problem
    return None


def _missing_value(
    quantity: Quantity, fact: Fact, located: list[tuple[SourceSentence, Quantity]]
) -> tuple[str, str] | None:
    rival = _same_subject_value(quantity, fact, located, governed_ok=True)
    if rival is not None:
        return "contradicts_source", rival.text
    return None if quantity.soft else ("not_in_sources", "")


def _same_subject_value(
    quantity: Quantity,
    fact: Fact,
    located: list[tuple[SourceSentence, Quantity]],
    *,
    governed_ok: bool,
) -> SourceSentence | None:
    """The source sentence stating a different value for what the fact is about."""
    subject = subject_stems(fact.stems)
    best, best_overlap = None, 0
    for sentence, own in located:
        if not quantity.comparable(own) or quantity.same_value(own):
            continue
        if not governed_ok and sentence.condition_of(own) is not None:
            continue
        overlap = len(subject & sentence.stems)
        if overlap > best_overlap:
            best, best_overlap = sentence, overlap
    needed = 2 if quantity.soft else 1
    return best if best_overlap >= min(needed, len(subject)) and best_overlap else None


def _condition_problem(
    quantity: Quantity,
    fact: Fact,
    matches: list[tuple[SourceSentence, Quantity]],
    located: list[tuple[SourceSentence, Quantity]],
    query: QueryContext,
) -> tuple[str, str] | None:
    stated_stems = query.stems | fact.stems
    stated_values = [q for q in (*query.quantities, *fact.quantities) if q is not quantity]
    for sentence, own in matches:
        condition = sentence.condition_of(own)
        if condition is None or condition.satisfied_by(stated_stems, stated_values):
            return _ignored_condition(quantity, fact, sentence, located, query)
    if _same_subject_value(quantity, fact, located, governed_ok=False) is None:
        return None  # the only value the source gives, so it is the rule, not an exception
    return "condition_misapplied", matches[0][0].text


def _ignored_condition(
    quantity: Quantity,
    fact: Fact,
    used: SourceSentence,
    located: list[tuple[SourceSentence, Quantity]],
    query: QueryContext,
) -> tuple[str, str] | None:
    """The question states a case the source gives another value for; the fact ignores it.

    The special case must be about the fact's subject: said in so many words, or said
    right next to the sentence the fact's value came from.
    """
    subject = subject_stems(fact.stems)
    for sentence, own in located:
        condition = sentence.condition_of(own)
        if condition is None or not quantity.comparable(own) or quantity.same_value(own):
            continue
        if not (subject & sentence.stems or abs(sentence.position - used.position) <= 1):
            continue
        if condition.satisfied_by(query.stems, query.quantities) and not condition.satisfied_by(
            fact.stems, ()
        ):
            return "condition_misapplied", sentence.text
    return None


def _polarity_problem(fact: Fact, source: PreparedSource) -> tuple[str, str] | None:
    """A clause of the fact says the opposite of the source clause that states it."""
    for fact_clause in CLAUSE_BREAK_RE.split(fact.text):
        words = subject_stems(frozenset(content_stems(fact_clause)))
        if len(words) < 3:
            continue
        best = _closest_clause(words, source)
        if best is not None and best.negated != has_negation(fact_clause):
            return "contradicts_source", best.text
    return None


def _closest_clause(words: frozenset[str], source: PreparedSource) -> SourceClause | None:
    best, best_overlap = None, 0.0
    for sentence in source.sentences:
        for clause in sentence.clauses:
            overlap = len(words & clause.stems) / len(words)
            if overlap > best_overlap:
                best, best_overlap = clause, overlap
    return best if best_overlap >= POLARITY_OVERLAP else None


@dataclass(frozen=True)
class FactSupport:
    row: list[int]
    reason: str | None
    passage: str
    source_rank: int | None


def fact_support(fact: Fact, sources: Sequence[PreparedSource], query: QueryContext) -> FactSupport:
    """Which sources support the fact and, when none does, the most specific reason."""
    results = [support_in_source(fact, source, query) for source in sources]
    row = [1 if result.supported else 0 for result in results]
    if any(row):
        return FactSupport(row, None, "", None)
    if _supported_by_union(fact, sources, results, query):
        best = max(range(len(results)), key=lambda index: results[index].lexical)
        row[best] = 1
        return FactSupport(row, None, "", None)
    return _strongest_reason(results, sources)


def _supported_by_union(
    fact: Fact,
    sources: Sequence[PreparedSource],
    results: list[Support],
    query: QueryContext,
) -> bool:
    """A fact may join two sources ("Headphones (source 1) can be returned within 30 days
    (source 2)"); it counts as supported when no source objects to its values."""
    if len(sources) < 2 or any(result.reason != "not_in_sources" for result in results):
        return False
    if any(result.passage for result in results):
        return False
    union = frozenset().union(*(source.stems for source in sources))
    values_found = all(
        any(_has_value(source, quantity) for source in sources)
        or any(quantity.same_value(given) for given in query.quantities)
        for quantity in fact.quantities
        if not quantity.soft
    )
    anchored = values_found and any(not quantity.soft for quantity in fact.quantities)
    return (
        values_found and lexical_score(fact, union, query, anchored=anchored) >= LEXICAL_THRESHOLD
    )


def _has_value(source: PreparedSource, quantity: Quantity) -> bool:
    return any(quantity.same_value(own) for _, own in source.located_quantities())


def _strongest_reason(results: list[Support], sources: Sequence[PreparedSource]) -> FactSupport:
    row = [0] * len(results)
    if not results:
        return FactSupport(row, "not_in_sources", "", None)
    index = min(
        range(len(results)),
        key=lambda i: (
            REASON_ORDER.index(results[i].reason or "not_in_sources"),
            -results[i].lexical,
        ),
    )
    chosen = results[index]
    rank = sources[index].rank if chosen.passage else None
    return FactSupport(row, chosen.reason, chosen.passage, rank)
