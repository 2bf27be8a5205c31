"""Is a fact supported by the sources? Words, values, conditions and polarity (SPEC §3, G).

A fact is supported when the retrieved sources carry its words (the question's own
words may stand in for some of them, see :func:`lexical_score`), every value it states
in the case they give it for (:mod:`.values`), and the same polarity ("cannot"
against "can"). The sources that carry the fact are the ones credited with it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from kbaudit.text.conditions import (
    KIND_STEMS,
    Condition,
    NamedCase,
    cause_of,
    customer_status,
    denied_stems,
    named_cases,
    other_case,
    told_cases,
    window_exceeded,
    window_met,
)
from kbaudit.text.quantities import Quantity, free_said_plainly
from kbaudit.text.tokens import (
    STOPWORDS,
    content_stems,
    digits_for_number_words,
    first_char_regex,
    has_negation,
    negation_targets,
    stem,
    word_list,
)

from .answers import choice_problem, names_written
from .antecedents import unknown_woman_problem, unresolved_pronoun_problem
from .arithmetic import (
    bracketed_comparison_holds,
    comparison_holds,
    draws_comparison,
    source_sides,
    stated_comparison_holds,
)
from .asked_events import asked_event_problem
from .cases import (
    after_window_problem,
    age_held_problem,
    all_of_problem,
    instead_case_problem,
    lifting_case_told,
    measured_value,
    negated,
    outside_listed_subjects,
    restricted_days_problem,
    ruled_out_case_problem,
    stated_exception_problem,
    time_window_problem,
    universal_claim_problem,
    unlimited_claim_problem,
    weekday_problem,
)
from .comparatives import reversed_comparison_problem
from .crossed import crossed_cells_problem, crossed_values_problem
from .dates import dated_choice_problem, dated_choice_sources, decade_problem
from .decompose import REFERS_BACK_RE, Fact, has_verb
from .denials import (
    denied_predicate_problem,
    denied_requirement_problem,
    excluded_alternative_problem,
    non_able_problem,
    paid_for_included_problem,
    priced_included_problem,
    ruled_out_item_problem,
)
from .described import numbered_description_problem
from .events import moved_event_problem
from .fullnames import named_in_full
from .groups import every_member_problem, holders_only_problem
from .insertions import inserted_words
from .lifespans import life_span_problem
from .measures import measured_choice_problem
from .modifiers import moved_modifier_problem
from .opposites import opposite_word_problem
from .owners import changed_owner_problem
from .pairs import (
    BOTH_SAID,
    affirmed_both_problem,
    both_unnamed_problem,
    named_with_both_problem,
    one_sided_problem,
    only_one_problem,
    said_of_both,
    said_of_other_problem,
    said_of_subject,
    shared_problem,
)
from .placed import echoed_value_problem, placed_answer_problem
from .questions import VERB_RE
from .rankings import extreme_value_problem, ranked_against_problem, superlative_problem
from .reasons import unsourced_only_problem, unsourced_reason_problem
from .relatives import without_shared_denial
from .roles import co_named_problem, role_problem
from .scopes import (
    combined_problem,
    done_before_problem,
    either_problem,
    moved_predicate_problem,
    only_named_problem,
    other_actor_problem,
    other_category_problem,
    restricted_to_labels_problem,
    unapplied_age_rule_problem,
    unapplied_share_problem,
    underage_problem,
    unmet_requirement_problem,
)
from .sources import (
    CLAUSE_BREAK_RE,
    PreparedSource,
    SourceClause,
    SourceSentence,
    lower_case_stems,
    table_row,
)
from .steps import higher_step_problem
from .subjects import other_subject_year_problem
from .tables import label_end, table_labels
from .titles import titled_answer_problem
from .values import (
    GLUE_STEMS,
    UNIT_STEMS,
    Located,
    Problem,
    locate_values,
    other_side_of_bound,
    subject_stems,
    value_problem,
)
from .windows import stopped_in_case_problem, window_passed_problem
from .winners import beaten_side_problem

# Share of a fact's words that must be found (in the sources, or where allowed in the
# question) for the words to count as supported.
LEXICAL_THRESHOLD = 0.9
# A long fact may drop or paraphrase a word ("strives" for "aims"); a short one that
# misses a word has usually changed what it claims.
LONG_FACT_WORDS = 6
LONG_FACT_THRESHOLD = 0.8
# About reference passages a fact may miss no more than this many words, however long
# (see _missing_words).
REFERENCE_MISSING_WORDS = 1
# A long fact adding no more than this many words to the question claims only those
# ("... via a narrow gauge track" for "... via what kind of track?"), each one a
# source must carry.
SHORT_CLAIM_WORDS = 3
# Weight of a word echoed from the question (see lexical_score).
QUERY_WORD_WEIGHT = 1.0
# A source clause this close to a fact is the fact's own statement, so an opposite
# polarity there is a contradiction rather than a different statement.
POLARITY_OVERLAP = 0.6
# Below this share of its words in the sources, an unsupported fact is made up rather
# than loosely paraphrased.
INVENTED_BELOW = 0.5
# A fact this close in meaning to a source sentence restates it in other words when it
# states a value of that source's own (its values, names and polarity passed the
# explicit checks) and shares some of its words.
SEMANTIC_SUPPORT = 0.55
# Without such a value the bar is higher: closer in meaning, more shared words and few
# new ones, since a topical sentence inventing an answer is close in meaning too.
SEMANTIC_STRONG = 0.75
SEMANTIC_WORD_SHARE = 0.85
SEMANTIC_STRONG_WORD_SHARE = 0.5
# Without a value of the source's own, a paraphrase may bring this many words that
# neither the source nor the question uses.
SEMANTIC_NOVEL_WORDS = 0


@dataclass(frozen=True)
class QueryContext:
    stems: frozenset[str]
    quantities: tuple[Quantity, ...]
    # Names the whole knowledge base uses (the brand, the store); never invented.
    known_names: frozenset[str] = frozenset()
    # The business's own name (see ``domain.brand_stems``): it says where, not what.
    brand: frozenset[str] = frozenset()
    # The words of the conversation's earlier questions: a condition stated there holds.
    earlier: frozenset[str] = frozenset()
    # The question as written (with the earlier questions), for who-caused-it checks.
    text: str = ""
    # The values the customer told, in this question or an earlier one.
    told_quantities: tuple[Quantity, ...] = ()
    # This question asks for a thing, a name or a value, not for a yes or a no.
    asks_for: bool = False
    # Every value the answer states, in any of its facts: a fact may work one out from
    # a value another fact gave ("... is £80. A second one costs 50% more, so £120").
    answer_quantities: tuple[Quantity, ...] = ()
    # Every word the answer's facts say: a case one fact states ("as we sent you the
    # wrong item") is stated for the others too.
    answer_stems: frozenset[str] = frozenset()
    # The words the answer's facts deny ("as it isn't sun damage"): a case the answer
    # says does not hold here is one it checked, not one it overlooked.
    answer_denials: frozenset[str] = frozenset()
    # The knowledge base is reference passages (an encyclopedia), not a help centre.
    reference: bool = False


@dataclass(frozen=True)
class FactSupport:
    row: list[int]
    reason: str | None
    passage: str
    source_rank: int | None
    # Unsupported and mostly absent from the sources (or stating a value or name they
    # never give): made up rather than paraphrased.
    invented: bool = False
    # Told in the first person: an opinion, never a made-up answer.
    personal: bool = False
    # Unsupported for its words alone (its values passed): meaning may still support it.
    by_words: bool = False


def lexical_score(
    fact: Fact, source_stems: frozenset[str], query: QueryContext, *, anchored: bool = False
) -> float:
    """Share of the fact's words the source carries.

    Every word counts the same: a plain word the articles happen not to use
    ("counted") is no more telling than a common one, and weighting words by rarity
    did not separate supported from unsupported facts any better.

    Question words echoed by the answer ("headphones" in "you can return headphones
    within 30 days") count only when the fact is anchored by a value the source
    states: an answer restating the question around an invented claim is the classic
    hallucination, a policy value applied to the asked-about product is not.
    """
    if fact.personal:
        return 0.0  # the bot's own experience or opinion is in no source
    # The business's own name ("sold on Loopswap") says where, not what: no source has
    # to carry it.
    words = _claimed(fact, source_stems) - (fact.proper_nouns & query.brand)
    if not words:
        return 1.0
    unknown_names = (fact.proper_nouns & words) - source_stems - query.known_names
    if anchored:
        # The customer's own "TV" beside a value the source states is the customer's
        # case, not a made-up name.
        unknown_names -= fact.acronyms & query.stems
        # ... and "Starter" in "every plan, including Starter" is the customer's plan.
        unknown_names -= _asked_instances(fact, query.text)
    if unknown_names:
        return 0.0  # an invented name is never excused by the question
    found = len(words & source_stems)
    if not found:
        return 0.0
    echoed = len((words - source_stems) & query.stems) if anchored else 0
    return (found + QUERY_WORD_WEIGHT * echoed) / len(words)


def _adds_carried(fact: Fact, source_stems: frozenset[str], query: QueryContext) -> bool:
    """A long fact may miss a word, but not when it is long only for restating a
    question that asks for something: an answer repeating a long question around a few
    words of its own ("... on a broad gauge" for "... on what gauge?") claims only those,
    and must carry each; one adding nothing claims every word it echoes. A yes-or-no
    question's words are the claim itself, and count as any fact's."""
    claimed = _claimed(fact, source_stems)
    added = claimed - query.stems - query.earlier
    if len(claimed) < LONG_FACT_WORDS or len(added) > SHORT_CLAIM_WORDS:
        return True
    if len(added) > 1 and any(
        not any(own.same_value(asked) for asked in query.quantities) for own in fact.quantities
    ):
        # A value the checks on values read answers the question; the words around it
        # may be said otherwise. A value the question itself gives ("Hillary Clinton's
        # 2016 campaign") answers nothing.
        return True
    if not query.asks_for:
        return True
    # Adding nothing, it answers with the question's own words: all of them are claimed.
    return (added or claimed) <= source_stems


def _word_share(fact: Fact, source_stems: frozenset[str]) -> float:
    words = _claimed(fact, source_stems)
    return len(words & source_stems) / len(words) if words else 1.0


# Words naming the ordinary case ("the standard replacement is free"): beside a source
# that gives a special case, they say the fact is not about that one, and claim nothing
# the source must say.
_ORDINARY_CASE = frozenset(stem(word) for word in word_list("standard ordinary default"))


# The verbs of a price ("Members pay £49", "it costs £12"): the amount says as much, and a
# table cell ("For Member, GP consultation: £49") has no verb at all.
_PRICE_VERBS = frozenset(
    stem(word) for word in word_list("pay pays paid cost costs charge charged")
)


# How an answer tells the customer to meet a requirement ("bring photo ID", "send the
# invoice with your claim") that an article states as one ("Photo ID is needed").
_MEETING_VERBS = frozenset(
    stem(word) for word in word_list("bring send show provide present submit include attach")
)
_FREE_WORDS = frozenset(
    stem(word)
    for word in word_list(
        "cost costs charge charged charges fee fees pay paid bill billed penny thing cent "
        "anything nothing free extra additional"
    )
)
_USE_VERBS = frozenset(content_stems("use using used uses"))
# "The discount goes on the older child's fees": where a thing goes, the source says with
# the thing and its place ("the older child's fees are reduced").
_GO_VERBS = frozenset(content_stems("go goes going went"))
# "If a new nest appears in the same season" of "a new nest in the same season": a thing
# coming to be is the thing itself, said with a verb.
_OCCURRING_VERBS = frozenset(
    content_stems("appear appears appeared occur occurs occurred arise arises arose")
)
# Only in the case a rule is for ("if a new nest appears"): elsewhere the verb may be
# the claim itself ("she appeared in the final").
_OCCURRING_CASE_RE = re.compile(
    r"\b(?:if|when|once|where|should)\b[^,.;]*\b(?:appears?|appeared|occurs?|occurred|arises?)\b",
    re.IGNORECASE,
)
_REQUIREMENT_WORDS = frozenset(stem(word) for word in word_list("needed required requires"))
# "non-refundable", "non-transferable" (not "non-members", a group of its own).
_NON_ABLE_RE = re.compile(r"\bnon-?\w+(?:able|ible)\b", re.IGNORECASE)


def _spared_insertions(fact: Fact, query: QueryContext) -> frozenset[str]:
    """Words a fact may put inside a source's phrase without adding to it: the
    question's, and the business's own name ("can only be sold on Loopswap if" of
    "can only be sold if"), which says where, not what."""
    return query.stems | (fact.proper_nouns & query.brand)


def _claimed(fact: Fact, source_stems: frozenset[str]) -> frozenset[str]:
    """The words of the fact a source must carry."""
    words = subject_stems(fact.stems) - (_ORDINARY_CASE - source_stems)
    if any(own.kind == "amount" and not own.soft for own in fact.quantities):
        words -= _PRICE_VERBS - source_stems
    for own in fact.quantities:
        if own.soft and own.kind == "amount":
            # "It won't cost you a penny", "you won't be charged": how it says free (but
            # "no restocking fee" still claims the restocking).
            words -= (frozenset(content_stems(own.text)) & _FREE_WORDS) - source_stems
    if source_stems & _REQUIREMENT_WORDS:
        words -= _MEETING_VERBS - source_stems
    if _UNIVERSAL_RE.search(fact.text):
        # "every plan, including Starter": the word that names one of them claims nothing.
        words -= _NAMING_ONE - source_stems
    if "non" in words and _NON_ABLE_RE.search(fact.text):
        # "non-refundable" says "not refundable", a polarity the checks on negation read;
        # "non" itself is no word a source must carry.
        words -= {"non"}
    people = _PEOPLE_OF_AN_AGE_RE.search(digits_for_number_words(fact.text))
    if people and source_stems & _AGE_BOUND_WORDS:
        # "free for children under 16" of "free if you are under 16": the bound says who.
        words -= frozenset(content_stems(people.group("who"))) - source_stems
    if _TOO_OLD_RE.search(fact.text) and _AGE_LIMIT_RE.search(fact.text):
        # "for under-4s only, so she's too old for it": the limit the fact states says it.
        words -= _AGE_WORDS - source_stems
    # A value no source states reached this reading only as one the value checks found
    # worked out ("brings theirs down to £86.40, so £182.40 in total"): its digits and
    # the words that work it out are the arithmetic's, not words a source must carry.
    worked = {
        token
        for own in fact.quantities
        if not own.soft
        for token in content_stems(own.text)
        if token[:1].isdigit()
    } - source_stems
    if worked and not fact.chat:
        words -= worked | (_WORKING_WORDS - source_stems)
    if fact.chat:
        words |= _units_as_words(fact)
    if _OCCURRING_CASE_RE.search(fact.text):
        words -= _OCCURRING_VERBS - source_stems
    # "Use the app to download lessons": how to do what the source says the app does.
    return words - (_USE_VERBS - source_stems) - (_GO_VERBS - source_stems)


# Words that work a value out: "in total", "brings it down to", "comes to", "leaving".
_WORKING_WORDS = frozenset(
    content_stems("total altogether bring brings down come comes make makes making leave leaves")
)
# Words that name a value's unit ("5 working days", "£10 a month") and that the checks
# on values read with the value.
_UNIT_WORDS = UNIT_STEMS - GLUE_STEMS


def _units_as_words(fact: Fact) -> frozenset[str]:
    """The unit words a chat's fact uses away from any value of its own: "college is a
    business", "he worked as a teacher", "the day he died" claim them as words."""
    named = fact.stems & _UNIT_WORDS
    if not named:
        return frozenset()
    with_values = frozenset(
        token for quantity in fact.quantities for token in content_stems(quantity.text)
    )
    return named - with_values


# People named only by an age bound: "children under 16", "kids aged 5 to 15".
_PEOPLE_OF_AN_AGE_RE = first_char_regex(
    re.compile(
        r"\b(?P<who>children|child|kids?|bab(?:y|ies)|infants?|toddlers?|people|persons?|teenagers?"
        r"|youngsters?|adults?)\s+(?:under|over|below|above|aged|younger than|older than)\s+\d",
        re.IGNORECASE,
    )
)
# "too old for it", "too young to join": a customer measured against an age limit.
_TOO_OLD_RE = re.compile(r"\btoo (?:old|young)\b", re.IGNORECASE)
# An age limit a fact states: "under-4s", "over 12s", "aged 16 or over", "18+".
_AGE_LIMIT_RE = re.compile(
    r"\b(?:under|over)[- ]\d{1,2}s\b|\baged \d{1,2}\b|\b\d{1,2}\+", re.IGNORECASE
)
_AGE_WORDS = frozenset(content_stems("old young"))
# Words a source states an age bound with, which the fact's bound then restates.
_AGE_BOUND_WORDS = frozenset(content_stems("aged age ages over under younger older"))


_NAMING_ONE = frozenset(stem(word) for word in word_list("including include among"))


def lexical_threshold(fact: Fact) -> float:
    long_fact = len(subject_stems(fact.stems)) >= LONG_FACT_WORDS
    return LONG_FACT_THRESHOLD if long_fact else LEXICAL_THRESHOLD


def fact_support(
    fact: Fact,
    sources: Sequence[PreparedSource],
    query: QueryContext,
    similarity: Sequence[float] = (),
    aligned: Sequence[frozenset[str]] = (),
    located: Sequence[Located] | None = None,
) -> FactSupport:
    """Which sources support the fact and, when none does, the most specific reason.

    ``similarity`` is the fact's closeness in meaning to each source (its best
    sentence), and ``aligned`` per source the fact's words that source says in other
    words, from :mod:`.semantic`; without them only words count. ``located`` is
    :func:`locate_values` of ``sources``, read once for all the facts of an answer.
    """
    if located is None:
        located = locate_values(sources)
    # "For my husband, who isn't a member?" does not state the members' case.
    denied = denied_stems(query.text)
    problems = [
        value_problem(
            fact,
            located,
            (query.stems | query.earlier) - denied,
            query.told_quantities or query.quantities,
            _all_stems(sources),
            asked_stems=query.stems - denied,
            sources=sources,
            told_text=query.text,
            answer_values=query.answer_quantities,
        ),
        _polarity_problem(fact, sources, query.stems | query.answer_stems),
        denied_predicate_problem(fact, sources),
        denied_requirement_problem(fact, sources),
        non_able_problem(fact, sources),
        excluded_alternative_problem(fact, sources),
        ruled_out_item_problem(fact, sources),
        paid_for_included_problem(fact, sources),
        priced_included_problem(fact, sources),
        universal_claim_problem(fact, sources),
        unlimited_claim_problem(fact, sources, query),
        all_of_problem(fact, sources),
        _condition_problem(fact, sources, query),
        window_passed_problem(fact, sources, query),
        stopped_in_case_problem(fact, sources, query),
        time_window_problem(fact, sources, query),
        weekday_problem(fact, sources, query),
        restricted_days_problem(fact, sources),
        stated_exception_problem(fact, sources, query),
        ruled_out_case_problem(fact, sources, query),
        after_window_problem(fact, sources),
        age_held_problem(fact, sources, query),
        instead_case_problem(fact, sources, query),
        higher_step_problem(fact, sources, query),
        every_member_problem(fact, sources, query),
        holders_only_problem(fact, sources, query),
        _named_case_problem(fact, sources, query),
        _moved_attribute(fact, sources),
        _moved_kind_problem(fact, sources),
        crossed_values_problem(fact, sources),
        crossed_cells_problem(fact, sources),
        reversed_comparison_problem(fact, sources),
        outside_listed_subjects(fact, sources, query),
        choice_problem(fact, sources, query.text, query.stems),
        dated_choice_problem(fact, sources, query.text),
        decade_problem(fact, sources),
        measured_choice_problem(fact, sources, query.text),
        life_span_problem(fact, sources, query.text),
        other_subject_year_problem(fact, sources, query.text),
        role_problem(fact, sources, query.text),
        placed_answer_problem(fact, sources, query.text),
        numbered_description_problem(fact, sources, query.text),
        beaten_side_problem(fact, sources, query.text),
        echoed_value_problem(fact, sources, query.text),
        titled_answer_problem(fact, sources, query.text),
        co_named_problem(fact, sources, query.text),
        ranked_against_problem(fact, sources, query.text),
        superlative_problem(fact, sources),
        extreme_value_problem(fact, sources),
        _both_problem(fact, sources),
        both_unnamed_problem(fact, sources, query.text),
        affirmed_both_problem(fact, sources, query.text),
        only_one_problem(fact, sources, query.text),
        said_of_other_problem(fact, sources, query.text),
        named_with_both_problem(fact, sources, query.text),
        shared_problem(fact, sources, query.text),
        unresolved_pronoun_problem(fact, sources),
        moved_modifier_problem(fact, sources),
        moved_event_problem(fact, sources),
        asked_event_problem(fact, sources, query.text),
        _moved_identity(fact, sources),
        _comparison_problem(fact, sources),
        _restricted_case_problem(fact, sources, query),
        _excluded_case_problem(fact, sources, query),
        _used_allowance_problem(fact, sources, query),
        _extended_list_problem(fact, sources),
        _without_problem(fact, sources),
        restricted_to_labels_problem(fact, sources, query),
        other_category_problem(fact, sources, query),
        moved_predicate_problem(fact, sources),
        other_actor_problem(fact, sources, query),
        unapplied_share_problem(fact, sources, query),
        unapplied_age_rule_problem(fact, sources, query),
        underage_problem(fact, sources, query),
        done_before_problem(fact, sources, query),
        only_named_problem(fact, sources, query),
        either_problem(fact, sources, query),
        combined_problem(fact, sources),
        unmet_requirement_problem(fact, sources, query),
        unsourced_reason_problem(fact, sources),
        opposite_word_problem(fact, sources),
        _denied_after_but_problem(fact, sources),
        _same_case_problem(fact, sources),
        _free_against_reduced_problem(fact, sources),
        _uncovered_case_problem(fact, sources),
        unknown_woman_problem(fact, sources) if query.reference else None,
        unsourced_only_problem(fact, sources) if query.reference else None,
        changed_owner_problem(fact, sources) if query.reference else None,
    ]
    problem = min(filter(None, problems), key=_specificity, default=None)
    if problem is None:
        compared = _comparison_sources(fact, sources)
        if any(compared):
            # "A late payment costs the same as going over your limit": the source
            # gives both sides their values, and they bear the comparison out.
            return FactSupport(compared, None, "", None)
        dated = dated_choice_sources(fact, sources, query.text)
        if any(dated):
            return FactSupport(dated, None, "", None)
        return _word_support(fact, sources, query, similarity, aligned)
    rank = sources[problem.source].rank if problem.source is not None else None
    # A value no source gives at all is made up, unless the bot speaks for itself.
    invented = problem.reason == "not_in_sources" and not fact.personal
    return FactSupport(
        [0] * len(sources), problem.reason, problem.passage, rank, invented, fact.personal
    )


def meaning_support(
    fact: Fact,
    sources: Sequence[PreparedSource],
    query: QueryContext,
    similarity: Sequence[float],
    aligned: Sequence[frozenset[str]] = (),
) -> FactSupport:
    """:func:`fact_support` of a fact it left unsupported by its words alone
    (``by_words``), read again with its closeness in meaning to each source.

    That reading found no problem with the fact's values, names or polarity, and no
    comparison or dated choice to credit; none of those checks reads the similarity,
    so they would find the same again on the same fact, sources and question: only the
    weighing of words and meaning is left to do.
    """
    return _word_support(fact, sources, query, similarity, aligned)


def _word_support(
    fact: Fact,
    sources: Sequence[PreparedSource],
    query: QueryContext,
    similarity: Sequence[float] = (),
    aligned: Sequence[frozenset[str]] = (),
) -> FactSupport:
    threshold = lexical_threshold(fact)
    held = _capitalised_stems(fact.text)
    sources = [_with_misspellings(fact, source, held) for source in sources]
    holders = _value_holders(fact, sources, query) | _universal_holders(fact, sources, query)
    union = _all_stems(sources)
    if not names_written(fact, sources, query.text):
        # Words of the passage put together into a name it never gives ("Lake Erie
        # State Park" beside "Presque Isle State Park ... Lake Erie"): no paraphrase.
        invented = _word_share(fact, union) < INVENTED_BELOW and not fact.personal
        return FactSupport([0] * len(sources), "not_in_sources", "", None, invented)
    # "Elvis Presley" where a passage writes "Presley": read without the given name.
    fitted = [named_in_full(fact, source) for source in sources]
    scores = [
        lexical_score(fitted[index], source.stems, query, anchored=index in holders)
        for index, source in enumerate(sources)
    ]
    # The word a long fact may miss is a paraphrase of the source's, never one of the
    # question's ("a song sung by ..." for "... sung by whom?"), unless a value of the
    # source's own anchors the fact to the customer's case.
    row = [
        1
        if score >= threshold
        and _adds_carried(fitted[index], source.stems, query)
        and (
            index in holders
            or not (_claimed(fitted[index], source.stems) - source.stems) & query.stems
        )
        and not inserted_words(
            fact, _claimed(fitted[index], source.stems), source, _spared_insertions(fact, query)
        )
        and not (
            query.reference
            and _missing_words(fitted[index], source, query) > REFERENCE_MISSING_WORDS
        )
        else 0
        for index, (score, source) in enumerate(zip(scores, sources, strict=True))
    ]
    if any(row):
        return FactSupport(row, None, "", None)
    # A fact may join two sources ("headphones" from one, "30 days" from another).
    # Not a denial: "a call-out for running out of fuel doesn't count towards your limit"
    # joins one article's case to another's rule and denies what neither says.
    if (
        len(sources) > 1
        and (not fact.negated or max(scores) >= threshold)
        and lexical_score(fact, union, query, anchored=bool(holders)) >= threshold
        and _adds_carried(fact, union, query)
    ):
        credited = holders or {max(range(len(sources)), key=lambda index: scores[index])}
        return FactSupport(
            [int(index in credited) for index in range(len(sources))], None, "", None
        )
    by_meaning = _meaning_support(fact, sources, query, similarity, aligned)
    # Nor does meaning support a word added inside the passage's own phrase, unless the
    # fact sets two values side by side ("a higher limit: £1,000 against £500").
    if len(fact.quantities) < 2:
        by_meaning = [
            supported
            and not inserted_words(
                fact, _claimed(fitted[index], source.stems), source, _spared_insertions(fact, query)
            )
            for index, (supported, source) in enumerate(zip(by_meaning, sources, strict=True))
        ]
    if any(by_meaning):
        return FactSupport(by_meaning, None, "", None)
    outside = _outside_list(fact, sources)
    if any(outside):
        return FactSupport(outside, None, "", None)
    kept_to_others = _kept_to_others(fact, sources)
    if any(kept_to_others):
        return FactSupport(kept_to_others, None, "", None)
    # A fact whose value the sources state is at worst loosely worded, not made up;
    # one unknown name in an otherwise sourced sentence is not a made-up answer either.
    invented = _word_share(fact, union) < INVENTED_BELOW and not holders and not fact.personal
    return FactSupport(row, "not_in_sources", "", None, invented, fact.personal, by_words=True)


# A misspelling is only read in a stem this long: shorter words with two letters swapped
# are as often two words ("trial" and "trail", "casual" and "causal").
MISSPELT_MIN_LETTERS = 7


def _swapped_once(first: str, second: str) -> bool:
    """The two spellings differ only by two neighbouring letters swapped ("partiots" for
    "patriots")."""
    if len(first) != len(second) or first == second:
        return False
    differ = [index for index in range(len(first)) if first[index] != second[index]]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and first[differ[0]] == second[differ[1]]
        and first[differ[1]] == second[differ[0]]
    )


_CAPITALISED_RE = re.compile(r"\b[A-Z][\w'-]*")


def _capitalised_stems(text: str) -> frozenset[str]:
    return frozenset(stem for word in _CAPITALISED_RE.findall(text) for stem in content_stems(word))


def _with_misspellings(fact: Fact, source: PreparedSource, held: frozenset[str]) -> PreparedSource:
    """The source as it reads with its slips of the keyboard put right: a word of the
    fact the source spells with two neighbouring letters swapped is the source's word.
    A name the fact writes with a capital is held to its spelling: two names may differ
    by a letter or two and still name two things: ``held`` are those names' stems."""
    missing = [
        word for word in fact.stems - source.stems - held if len(word) >= MISSPELT_MIN_LETTERS
    ]
    if not missing:
        return source
    by_length = _stems_by_length(source.stems)
    found = frozenset(
        word
        for word in missing
        if any(_swapped_once(word, own) for own in by_length.get(len(word), ()))
    )
    return replace(source, stems=source.stems | found) if found else source


@lru_cache(maxsize=4096)
def _stems_by_length(stems: frozenset[str]) -> dict[int, tuple[str, ...]]:
    """A source's long stems by their length: a misspelling is only looked for among
    words as long as it (every fact of an answer asks the same source)."""
    grouped: dict[int, list[str]] = {}
    for own in stems:
        if len(own) >= MISSPELT_MIN_LETTERS:
            grouped.setdefault(len(own), []).append(own)
    return {length: tuple(words) for length, words in grouped.items()}


def _missing_words(fact: Fact, source: PreparedSource, query: QueryContext) -> int:
    """How many words the fact claims that neither the source nor the question uses.
    A long help-centre answer may drop or reword two of an article's words; a long
    reply about an encyclopedia passage that does so has mostly added a claim of its
    own ("..., setting off 800 years of English rule")."""
    return len(_claimed(fact, source.stems) - source.stems - query.stems)


def _meaning_support(
    fact: Fact,
    sources: Sequence[PreparedSource],
    query: QueryContext,
    similarity: Sequence[float],
    aligned: Sequence[frozenset[str]] = (),
) -> list[int]:
    """Sources that say the fact in other words: close in meaning, sharing some words,
    and naming nothing the sources and the question never name."""
    if not similarity or fact.personal:
        return [0] * len(sources)
    union = _all_stems(sources)
    # A name only the question uses ("France") is the customer's case, not an invention.
    if (fact.proper_nouns & subject_stems(fact.stems)) - union - query.known_names - query.stems:
        return [0] * len(sources)
    # A bare number ("five-pin", "in 1914") anchors nothing: only a measured value.
    holders = _value_holders(fact, sources, query, measured=True)
    words = subject_stems(fact.stems)
    row = []
    aligned = aligned or [frozenset()] * len(sources)
    for index, (source, score) in enumerate(zip(sources, similarity, strict=True)):
        share = _word_share(fact, source.stems)
        novel = len(words - source.stems - query.stems)
        said = source.stems | aligned[index]
        if index in holders:
            # The value is the source's own: the words around it may be anyone's, and
            # are enough when each is the source's or one of its words said otherwise
            # ("cardholders" beside the "card" table's "£1,000"). In reference passages a
            # value is one detail among many: words of the fact's own beyond the one a
            # fact may miss ("dug by hand over 137 miles") are claims of their own.
            row.append(
                int(
                    (
                        score >= SEMANTIC_SUPPORT
                        and share >= SEMANTIC_STRONG_WORD_SHARE
                        and not (query.reference and novel > 1)
                    )
                    or _word_share(fact, said) >= lexical_threshold(fact)
                )
            )
            continue
        strong = (
            score >= SEMANTIC_STRONG
            and share >= SEMANTIC_WORD_SHARE
            and novel <= SEMANTIC_NOVEL_WORDS
        )
        # Or word by word: every word the source lacks is one of its words said
        # otherwise, as many as a fact may miss by words alone; a word of the question
        # the source lacks is the question's, not the source's said otherwise.
        aligned_fully = (
            score >= SEMANTIC_SUPPORT
            and _word_share(fact, said) >= lexical_threshold(fact)
            and len(words - said) <= SEMANTIC_NOVEL_WORDS
        )
        row.append(int(strong or aligned_fully))
    return row


# "Thailand isn't one of the World Pass countries": a thing said to be outside a list.
_OUTSIDE_LIST_RE = re.compile(
    r"^(?P<thing>.+?)\s+(?:isn't|is not|aren't|are not|isn’t|aren’t)\s+(?:one of|among|part of"
    r"|on|in|included in|covered by)\s+(?P<list>.+?)[.!]*$",
    re.IGNORECASE,
)


def _outside_list(fact: Fact, sources: Sequence[PreparedSource]) -> list[int]:
    """Sources that list what the fact says a thing is not among, without naming the
    thing: "Thailand isn't one of the World Pass countries" where the passage gives
    the World Pass countries and Thailand is none of them."""
    match = _OUTSIDE_LIST_RE.match(fact.text.strip())
    if match is None:
        return [0] * len(sources)
    thing = subject_stems(frozenset(content_stems(match.group("thing"))))
    listed = subject_stems(frozenset(content_stems(match.group("list"))))
    if not thing or len(listed) < 2 or any(thing & source.stems for source in sources):
        return [0] * len(sources)
    return [
        int(
            any(
                len(listed & sentence.stems) >= len(listed) - 1
                and sentence.quantities
                or listed <= sentence.stems
                for sentence in source.sentences
            )
        )
        for source in sources
    ]


# "It isn't part of Team or Starter", "SSO isn't available on the Basic plan": a denial
# of what the fact names, read up to its names.
_DENIED_FOR_RE = re.compile(
    r"^(?P<thing>.+?)\s+(?:isn't|is not|aren't|are not|can't be|cannot be|won't be)\s+"
    r"(?P<rest>.+?)[.!]*$",
    re.IGNORECASE,
)


def _kept_to_others(fact: Fact, sources: Sequence[PreparedSource]) -> list[int]:
    """Sources that keep the thing to named cases ("SAML single sign-on is available on
    the Enterprise plan only") when the fact denies it for other names that no source
    gives ("It isn't part of Team or Starter"): "only" says the others go without. The
    thing must be the restricted sentence's, by its own words or, for "it", the fact
    before's."""
    match = _DENIED_FOR_RE.match(fact.text.strip())
    if match is None or not fact.negated or len(negation_targets(fact.text)) != 1:
        return [0] * len(sources)
    known = _all_stems(sources)
    others = fact.proper_nouns & frozenset(content_stems(match.group("rest"))) - known
    if not others:
        return [0] * len(sources)
    thing = subject_stems(frozenset(content_stems(match.group("thing")))) - others
    if _PRONOUN_RE.match(match.group("thing").strip()):
        thing |= subject_stems(fact.context)
    row = []
    for source in sources:
        kept = False
        for sentence in source.sentences:
            only = _only_case(sentence.text)
            if only is None or sentence.negated or not thing & sentence.stems:
                continue
            named = frozenset(content_stems(only.group("case")))
            if named and not named & others:
                kept = True
        row.append(int(kept))
    return row


# Share of a fact's words a source sentence must carry to be the rule the fact states.
RULE_OVERLAP = 0.5


def _condition_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The rule the fact states holds under a condition the question rules out: a
    window the customer is past, or a cause the customer's story contradicts ("if the
    fault is on our side" for "I dropped it")."""
    words = subject_stems(fact.stems)
    hard = [own for own in fact.quantities if not own.soft]
    # "There's a surcharge of £15 a day": one word, but a value that names its rule.
    if len(words) < (1 if hard else 2) or not query.text:
        return None
    told_cause = cause_of(query.text)
    told_status = customer_status(query.text)
    # The customer's own circumstances: values they tell that no source states (a
    # "£15 fee" they quote back is the source's, not theirs).
    stated = [own for source in sources for _, own in source.located_quantities()]
    # A length or an age the customer tells is their case even where a source names
    # the same band ("a 4-week course" beside "on 4-week courses").
    told = [
        value
        for value in query.told_quantities
        if value.kind in _CASE_KINDS
        or not any(value.same_value(own) and own.same_value(value) for own in stated)
    ]
    # A value worked out from the source's ("halved, so you'll pay £35") is stated by
    # no sentence: the rule it applies is found by its words alone.
    worked = hard and not any(own.same_value(given) for own in hard for given in stated)
    if _holds_for_customer(fact, sources, told):
        return None
    # "Collection is free, so there's nothing extra to pay": the rule is the clause
    # before the "so"; what follows is drawn from it.
    consequence = _SO_CONSEQUENCE_RE.search(fact.text)
    lead = (
        subject_stems(frozenset(content_stems(fact.text[: consequence.start()])))
        if consequence
        else frozenset()
    )
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            gives = any(
                own.same_value(given) and own.kind in ("amount", "percent")
                for own in hard
                for given in sentence.quantities
                # "For Up to 20 miles, 3-bed house: £950" gives £950, not "3-bed".
                if given.start >= label_end(sentence.text)
            )
            shares_words = len(words & sentence.stems) >= RULE_OVERLAP * len(words) or (
                len(lead) >= 2 and len(lead & sentence.stems) >= RULE_OVERLAP * len(lead)
            )
            # Looked at first, as the sentence's conditions are read only when asked for.
            if not (gives or shares_words) or not sentence.conditions:
                continue
            # A price the sentence gives names its rule whatever the fact calls it ("the
            # early-bird price is £45" of "£45 if you register by 1 March").
            priced = gives and _priced_by_condition(sentence, hard)
            if not priced and not shares_words:
                continue
            if (
                hard
                and not worked
                and not any(
                    own.same_value(given)
                    for own in hard
                    for given in sentence.quantities
                    if given.start >= label_end(sentence.text)
                )
            ):
                continue  # a fact with values states the rule of the sentence giving them
            others = _other_values_cases(sentence, hard)
            for condition in sentence.conditions:
                needed = cause_of(condition.text, company_voice=True)
                if (
                    condition.satisfied_by(fact.stems, fact.quantities)
                    and not condition.quantities
                    and not _affirmed_for_other_party(fact, needed, told_cause)
                ):
                    continue
                if _restates(fact, condition):
                    continue  # "only included for children under 2": the rule, not a case
                if fact.negated and condition.satisfied_by(fact.stems, fact.quantities):
                    continue  # "only cars over 15 years old are not covered": an exclusion
                if condition.text in others:
                    continue  # "£9 for adults and free for children aged 5 to 15"
                if _applies_alternative(fact, sentence, condition, told, others):
                    continue  # "free for children under 16" of "under 16, aged 60 or over, ..."
                status = customer_status(condition.text)
                if (
                    window_exceeded(condition, told)
                    or (needed and told_cause and needed != told_cause)
                    or (status and told_status and status != told_status)
                ):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


_SO_CONSEQUENCE_RE = re.compile(r",?\s+so\s+(?=\w)", re.IGNORECASE)


def _affirmed_for_other_party(fact: Fact, needed: str, told_cause: str) -> bool:
    """The fact names the rule's case without its party ("Yes, lessons cancelled because
    of the weather are refunded in full" of "If we cancel a lesson because of the
    weather") and says yes to a customer who tells the other party did it ("If I cancel
    my lesson ..."): the case it states is not the customer's."""
    return (
        fact.affirms
        and bool(needed and told_cause)
        and needed != told_cause
        and not cause_of(fact.text, company_voice=True)
    )


# Kinds of value that say which case a customer is in, not what they were charged.
_CASE_KINDS = frozenset({"duration", "age"})
_LIMIT_RE = re.compile(r"\b(?:only|just|solely|exclusively)\b", re.IGNORECASE)


def _priced_by_condition(sentence, hard: Sequence[Quantity]) -> bool:
    """The sentence's condition governs the price the fact gives (and not another
    value of the sentence)."""
    return any(
        any(own.same_value(given) for own in hard)
        and (condition := sentence.condition_of(given)) is not None
        # A window of dates or times: "if you register by 1 March".
        and any(own.kind in ("date", "duration", "time") for own in condition.quantities)
        for given in sentence.quantities
    )


def _restates(fact: Fact, condition) -> bool:
    """The fact states the condition itself, its words and its bound values, as a limit
    ("only included for children under 2"), not as the customer's case ("you're covered:
    cancellations within 24 hours get a full refund")."""
    return (
        bool(condition.quantities)
        and (fact.negated or _LIMIT_RE.search(fact.text) is not None)
        and all(
            any(own.same_value(bound) and bound.same_value(own) for own in fact.quantities)
            for bound in condition.quantities
        )
        # A condition of bounds alone ("for under 4 only") has no words left to state.
        and (not condition.key_stems or condition.satisfied_by(fact.stems, ()))
    )


def _holds_for_customer(
    fact: Fact, sources: Sequence[PreparedSource], told: Sequence[Quantity]
) -> bool:
    """A sentence giving the fact's value sets a case the fact states and the customer's
    own values meet ("Orders over £50 ship free" for a £60 order): that is the rule the
    fact states, whatever other sentences say of the same value ("Orders under £50
    pay £4.95")."""
    # The fact's own values, not the customer's it repeats ("for your 14-year-old").
    hard = [
        own
        for own in fact.quantities
        if not own.soft and not any(own.same_value(given) for given in told)
    ]
    if not hard or not told:
        return False
    return any(
        condition.quantities
        and condition.satisfied_by(fact.stems, fact.quantities)
        and window_met(condition, told)
        for source in sources
        for sentence in source.sentences
        if any(own.same_value(given) for own in hard for given in sentence.quantities)
        for condition in _value_cases(sentence, hard)
    )


def _value_cases(sentence: SourceSentence, hard: Sequence[Quantity]) -> Sequence[Condition]:
    """The cases that govern the sentence's values the fact gives, else all its cases:
    "£2.50 a week for contents worth up to £5,000, £4.50 a week for contents worth up to
    £10,000" holds £2.50 for the first band only."""
    governing = [
        condition
        for index, condition in sentence.governed.items()
        if any(own.same_value(sentence.quantities[index]) for own in hard)
    ]
    return governing or sentence.conditions


def _applies_alternative(
    fact: Fact,
    sentence: SourceSentence,
    condition: Condition,
    told: Sequence[Quantity],
    others: frozenset[str] = frozenset(),
) -> bool:
    """The fact states another of the sentence's cases, one the customer's own values
    meet: the case it misses is an alternative the fact does not rely on. A case that
    governs only other values of the sentence ("£4.50 a week for contents worth up to
    £10,000") is no alternative for this one."""
    return any(
        other is not condition
        and other.text not in others
        and other.quantities
        and other.satisfied_by(fact.stems, fact.quantities)
        and window_met(other, told)
        and not _outcome_said_otherwise(fact, sentence, other)
        for other in sentence.conditions
    )


def _outcome_said_otherwise(fact: Fact, sentence: SourceSentence, case: Condition) -> bool:
    """The sentence gives the case the fact states an outcome of the other polarity:
    "if you cancel with less than 7 days' notice, the deposit isn't refunded" against
    "even if you call it off with less than a week to go, you'll get your deposit back".
    The fact states that case, but claims the outcome of the case it misses."""
    start = sentence.text.find(case.text)
    if start < 0:
        return False
    outcome = re.split(r"[;.]|\bif\b|\bunless\b", sentence.text[start + len(case.text) :])[0]
    words = subject_stems(frozenset(content_stems(outcome))) - case.key_stems
    if len(words & fact.stems) < 1:
        return False
    return bool(negation_targets(outcome)) != fact.negated


def _other_values_cases(sentence: SourceSentence, hard: Sequence[Quantity]) -> frozenset[str]:
    """The cases that govern only values of the sentence other than the fact's own."""
    if not hard:
        return frozenset()
    mine = {
        condition.text
        for index, condition in sentence.governed.items()
        if any(own.same_value(sentence.quantities[index]) for own in hard)
    }
    return frozenset(
        condition.text
        for index, condition in sentence.governed.items()
        if condition.text not in mine
        and not any(own.same_value(sentence.quantities[index]) for own in hard)
    )


_AVAILABILITY_RE = re.compile(
    r"\b(?:available|offered|included|possible) (?:only )?(?:on|for|to|with|in)\b|\bonly (?:on|for|with)\b",
    re.IGNORECASE,
)


def _named_case_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The rule the fact states is the source's rule for named cases ("on the Team and
    Enterprise plans", "Gold members") the customer says they are not in, or the source
    excludes the case the customer names ("it is not available on Starter")."""
    if fact.negated or fact.bare or not query.text:
        return None  # a bare name ("Saturday Night Live") states no rule
    told, denied = told_cases(query.text)
    if not told and not denied:
        return None
    told = _with_kinds(told, sources)
    told_names = frozenset().union(*(case.names for case in told)) if told else frozenset()
    words = subject_stems(fact.stems)
    if not words:
        return None
    stated = frozenset().union(*(case.names for case in named_cases(fact.text)), frozenset())
    # A case named bare ("to reach Platinum") is named all the same.
    stated |= frozenset(content_stems(" ".join(_capitalised(fact.text))))
    values = [own for own in fact.quantities if not own.soft]
    for index, sentence in _rule_sentences(words, sources, fact.text):
        if values and not any(
            own.same_value(given) for own in values for given in sentence.quantities
        ):
            continue  # "6 guest passes" is the Gold sentence's, not Silver's "2"
        rule = named_cases(sentence.text, sources[index].plain)
        names = frozenset().union(*(case.names for case in rule)) if rule else frozenset()
        # An answer that names the rule's own case applies it there, not to the customer.
        if sentence.negated or stated & names:
            continue
        if names & denied or other_case(rule, told, sentence.text):
            return Problem("condition_misapplied", sentence.text, index)
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for clause in sentence.clauses:
                excludes = clause.negations and _EXCLUSION_RE.search(clause.text)
                cases = named_cases(clause.text, source.plain) if excludes else []
                names = frozenset().union(*(case.names for case in cases)) if cases else frozenset()
                if not (words - names) & sentence.stems:
                    continue
                if _says_other_clause(words - names, clause, sentence):
                    continue  # "..., where badge holders get the first 4 hours free"
                if cases and all(case.names & told_names for case in cases):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


def _with_kinds(told: list[NamedCase], sources: Sequence[PreparedSource]) -> list[NamedCase]:
    """The customer's cases, each named bare ("with Basic") given the kind the sources
    name it with ("The Basic membership")."""
    if all(case.kind for case in told):
        return told
    known = [case for source in sources for case in named_cases(source.plain) if case.kind]
    return [
        case
        if case.kind
        else next(
            (replace(case, kind=other.kind) for other in known if other.names == case.names), case
        )
        for case in told
    ]


def _says_other_clause(
    words: frozenset[str],
    clause: SourceClause,
    sentence: SourceSentence,
    *,
    one_fewer: bool = False,
) -> bool:
    """The fact's words are more those of another, affirmative clause of the sentence
    than of the clause that takes something away, and that clause names no case of its
    own: it speaks of the excluded case ("not valid in the Riverside car park, where
    badge holders get 4 hours free"), not of another ("... on Team and Business").
    ``one_fewer``: a clause with one word fewer will do, for a fact read against the
    clause closest in words only."""
    # Words the clause borrows from the one before count for neither: "Prescription
    # sunglasses can be exchanged but not refunded" denies the refund, whatever else
    # the sunglasses can be.
    own = len(words & (clause.stems - clause.borrowed))
    needed = max(own - 1 if one_fewer else own + 1, 1)
    return any(
        not other.negations
        and len(words & (other.stems - clause.borrowed)) >= needed
        and not named_cases(other.text, sentence.text)
        and not _leads_in(other.text, sentence.text)
        for other in sentence.clauses
        if other is not clause
    )


def _leads_in(clause_text: str, sentence_text: str) -> bool:
    """The clause only introduces what follows its colon ("Our refund policy is simple:
    annual plans aren't refunded"): it says nothing of its own."""
    at = sentence_text.find(clause_text.rstrip())
    if at < 0:
        return False
    return sentence_text[at + len(clause_text.rstrip()) :].lstrip().startswith(":")


# A clause that takes something away from a case: "it is not available on Starter".
_EXCLUSION_RE = re.compile(
    r"\b(?:not|n't|no longer|never) (?:be )?(?:available|included|accepted|offered|allowed|possible"
    r"|covered|eligible|permitted|supported|refundable|valid)\b|\bno (?:\w+ )?allowance\b"
    r"|\b(?:cannot|can't|can not) (?:be )?(?:used|booked|added|bought|changed|travel|fly|get|use|take)\b",
    re.IGNORECASE,
)


# Capitalised words in any alphabet: "François", "Ørsted", "Pro+".
_WORD_RE = re.compile(r"\b[^\W\d_][\w+-]*")


def _capitalised(text: str) -> list[str]:
    return [word for word in _WORD_RE.findall(text) if word[0].isupper() and len(word) > 1]


# Share of what a fact says of its subject that a sentence must say for it to be the
# sentence the fact restates.
PREDICATE_OVERLAP = 0.8


@lru_cache(maxsize=16384)
def _names(text: str, passage: str) -> frozenset[str]:
    """Stems of the names a text uses: capitalised words the passage never writes in
    lower case ("Owners", "Platinum"; not "Workspaces" beside "a workspace")."""
    common = lower_case_stems(passage)
    return frozenset(
        token for word in _capitalised(text) for token in content_stems(word) if token not in common
    )


def _moved_attribute(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact says of one named thing what the source says of another: "Gold members
    can bring a guest" where only "Platinum members can bring one guest". Said of
    "both X and Y", it must hold of each."""
    if fact.bare:
        return None
    # A word the answer writes in lower case is an ordinary word to it, though the
    # passage only writes it where a line starts ("Rowing lessons." beside "at the
    # rowing lessons").
    ordinary = lower_case_stems(fact.text)
    known = frozenset().union(*(_names(source.plain, source.plain) for source in sources))
    known -= ordinary
    mine = named = _name_stems(fact.text) & known
    # Names after the verb are what is said of the subject ("Stanford is located in
    # Chestnut Hill"): they belong to the predicate.
    verb = _FIRST_VERB_RE.search(fact.text)
    head = fact.text[: verb.start()] if verb else ""
    # "Outside Europe you get ...": a scope and a pronoun, not a named subject.
    # Read so only for one plain clause: "..., so if you haven't used them yet, ..." says
    # more than one thing of more than one subject.
    plain = verb is not None and not _MORE_CLAUSES_RE.search(fact.text, verb.end())
    subject = (
        _name_stems(head) & known if plain and not _NOT_SUBJECT_RE.search(head) else frozenset()
    )
    # The values the fact states are said of its subject too ("born on 7 June 1981").
    numbers = frozenset(token for token in fact.stems if token[:1].isdigit())
    predicate = (subject_stems(fact.stems) | numbers) - mine
    removed = (subject_stems(fact.stems) | numbers) - frozenset(content_stems(head))
    if subject and len(removed) >= 2:
        # What is said of the subject, without the words naming it ("university").
        mine, predicate = subject, removed
    if subject and _BOTH_RE.search(head):
        for part in _AND_RE.split(head):
            own = _name_stems(part) & known
            if own and own != subject:
                # The other subjects of "both" are not what this one is compared with.
                moved = _moved_from(own, predicate, sources, named - (subject - own), ordinary)
                if moved is not None:
                    return moved
    return _moved_from(mine, predicate, sources, named, ordinary)


# The words before the first verb: what a sentence is about ("Annual plans can ...").
_SUBJECT_END_RE = re.compile(
    r"\b(?:is|are|was|were|has|have|can|cannot|can't|must|may|will|won't|do|does|don't|"
    r"doesn't|get|gets|pay|pays|cost|costs|need|needs|take|takes)\b",
    re.IGNORECASE,
)


def _subject_kind(text: str) -> tuple[str, frozenset[str]] | None:
    """The noun a sentence's subject names and the words it is qualified by ("plan" and
    {"annual"} of "Annual plans can be cancelled ..."), when both are there."""
    verb = _SUBJECT_END_RE.search(text)
    if verb is None:
        return None
    tokens = re.findall(r"[\w'-]+", text[: verb.start()].lower())
    if len(tokens) < 2 or len(tokens) > 4:
        return None
    head = stem(tokens[-1])
    kinds = set()
    for token in reversed(tokens[:-1]):
        word = stem(token)
        if word in _CASE_FILLER or word in STOP_STEMS:
            break
        kinds.add(word)
    if not kinds or head in STOP_STEMS:
        return None
    return head, frozenset(kinds)


def _predicate_words(text: str) -> frozenset[str]:
    verb = _SUBJECT_END_RE.search(text)
    return _word_stems(text[verb.start() :]) if verb else frozenset()


def _moved_kind_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact says of one kind of a thing what the source's neighbouring sentence says
    of another kind: "Annual plans can be cancelled at any time" where "Monthly plans can
    be cancelled at any time. Annual plans can be cancelled only after 14 days"."""
    if fact.bare:
        return None
    told = _subject_kind(fact.text.strip())
    if told is None:
        return None
    head, kinds = told
    # Every word of what is said of the subject, small ones too: "at any time" is what
    # sets the two rules apart.
    predicate = _predicate_words(fact.text.strip())
    if len(predicate) < 3:
        return None
    own_rule = other_rule = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            theirs = _subject_kind(sentence.text)
            if theirs is None or theirs[0] != head:
                continue
            said = _predicate_words(sentence.text)
            if kinds <= theirs[1]:
                if predicate <= said:
                    return None  # the fact's own kind is said to have it
                own_rule = own_rule or (sentence, index)
            elif not kinds & theirs[1] and predicate <= said:
                other_rule = other_rule or (sentence, index)
    if own_rule is None or other_rule is None:
        return None
    sentence, index = own_rule
    return Problem("contradicts_source", sentence.text, index)


# "The republic with the smallest population ... is Andorra": a description, then the
# name it is said to be.
_IDENTITY_RE = re.compile(
    r"^\W*(?P<head>(?i:the|a|an)\s.+?)\s(?:is|was|are|were)\s(?:called\s|named\s)?"
    r"(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)


def _moved_identity(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact names the thing a description fits ("the republic with the smallest
    population is Andorra") where the sentence giving that description names another
    ("San Marino has the smallest population"): the description is said of the name."""
    match = _IDENTITY_RE.match(fact.text)
    if match is None:
        return None
    known = frozenset().union(*(_names(source.plain, source.plain) for source in sources))
    mine = _name_stems(match.group("name")) & known
    predicate = subject_stems(frozenset(content_stems(match.group("head")))) - mine
    return _moved_from(mine, predicate, sources, _name_stems(fact.text) & known)


def _both_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """Said of "both X and Y", the fact must hold of each: "Both Ann Reed and Tom Hale
    were inducted in 2007" (or "Ann Reed and Tom Hale were both inducted") where a
    sentence about Tom Hale says so and none about Ann Reed does."""
    verb = _FIRST_VERB_RE.search(fact.text)
    head = fact.text[: verb.start()] if verb else ""
    both = _BOTH_RE.search(head) or (verb and _BOTH_AFTER_RE.match(fact.text, verb.start()))
    if fact.negated or not both:
        return None
    subjects = [own for part in _AND_RE.split(head) if (own := _name_stems(part))]
    if len(subjects) < 2:
        return None
    valued = _value_of_each(subjects, fact, sources)
    if valued is not None:
        return valued
    predicate = subject_stems(fact.stems) - frozenset().union(*subjects)
    if not predicate:  # "both singers": one word says it
        return None
    said = [said_of_subject(subject, predicate, sources) for subject in subjects]
    best = max(said, key=lambda found: found[0])
    if best[0] >= BOTH_SAID and min(share for share, _ in said) < BOTH_SAID:
        index, sentence = best[1]
        return Problem("contradicts_source", sentence.text, index)
    return one_sided_problem(subjects, predicate & said_of_both(fact.text), sources)


def _value_of_each(
    subjects: Sequence[frozenset[str]], fact: Fact, sources: Sequence[PreparedSource]
) -> Problem | None:
    """A value said of both must be each one's: "Flex and Standard both include 1 bag"
    where the sentences naming Flex give it 2 bags and never 1."""
    for own in (quantity for quantity in fact.quantities if not quantity.soft):
        for subject in subjects:
            naming = [
                (index, sentence)
                for index, source in enumerate(sources)
                for sentence in source.sentences
                if subject <= sentence.stems
                and any(own.comparable(given) for given in sentence.quantities)
            ]
            if naming and not any(
                own.same_value(given) for _, sentence in naming for given in sentence.quantities
            ):
                index, sentence = naming[0]
                return Problem("contradicts_source", sentence.text, index)
    return None


_MORE_CLAUSES_RE = re.compile(r",\s|;|\b(?:if|so|which|who|because|unless|when)\b", re.IGNORECASE)
_NOT_SUBJECT_RE = re.compile(
    r"^\W*(?:in|on|for|outside|inside|with|at|from|during|after|before|within|under|over"
    r"|if|when|once|unless)\b|\b(?:you|we|i|they|it)\b",
    re.IGNORECASE,
)
_BOTH_RE = re.compile(r"\b(?:both|each of)\b", re.IGNORECASE)
_BOTH_AFTER_RE = re.compile(r"(?:are|were|have|had)\s+both\b", re.IGNORECASE)
_AND_RE = re.compile(r",\s*|\s+(?:and|&)\s+", re.IGNORECASE)


def _moved_from(
    mine: frozenset[str],
    predicate: frozenset[str],
    sources: Sequence[PreparedSource],
    named: frozenset[str],
    ordinary: frozenset[str] = frozenset(),
) -> Problem | None:
    if not mine or len(predicate) < 2:
        return None
    moved = None
    for index, source in enumerate(sources):
        shared = shared_name_words(source.plain)
        for position, sentence in enumerate(source.sentences):
            if len(predicate & sentence.stems) < PREDICATE_OVERLAP * len(predicate):
                continue
            theirs = _names(sentence.text, source.plain) - ordinary
            spoken_of = theirs
            previous = source.sentences[position - 1].text if position else ""
            if _PRONOUN_IN_RE.search(sentence.text) and not _own_subject_again(
                sentence.text, source.plain, ordinary
            ):
                # "In 2007, he was inducted ...": the sentence before may name him.
                spoken_of = theirs | (_names(previous, source.plain) - ordinary)
            if sentence.text.count(":") >= 2 or table_row(sentence.text) is not None:
                return None  # a table row: its names are in a header we do not read here
            if not theirs & mine and _goes_on_about_other(
                sentence.text, previous, source.plain, mine, ordinary
            ):
                moved = moved or Problem("contradicts_source", sentence.text, index)
                continue
            if not theirs or (
                spoken_of & mine
                and not _other_name(theirs & mine, mine, sentence.text, source.plain, shared)
            ):
                return None  # a sentence says it of the fact's own subject
            if not spoken_of - named:
                continue  # it names only what the fact compares its subject with
            if spoken_of is not theirs:
                continue  # "he", "it": whose it says, the passage may have said long before
            moved = moved or Problem("contradicts_source", sentence.text, index)
    return moved


# A sentence opening on a pronoun: "It also includes phone support."
_PRONOUN_OPENING_RE = re.compile(r"^\W*(?:he|she|it|they)\b", re.IGNORECASE)


def _goes_on_about_other(
    text: str, previous: str, passage: str, mine: frozenset[str], ordinary: frozenset[str]
) -> bool:
    """The sentence opens on "it" or "they" right after a sentence whose subject is a
    name other than the fact's, which that sentence never names: "The Pro plan costs
    £20. It also includes phone support." says it of the Pro plan, not the Basic. A
    sentence before that has a pronoun of its own may be going on about an earlier one."""
    if not previous or not _PRONOUN_OPENING_RE.match(text) or _PRONOUN_IN_RE.search(previous):
        return False  # "Copper sulfate gives it its colour. It is used ...": "it" goes back further
    verb = _FIRST_VERB_RE.search(previous)
    if verb is None:
        return False
    subject = _names(previous[: verb.start()], passage) - ordinary
    return bool(subject) and not subject & mine and not _names(previous, passage) & mine


# "The Gold fee is £45, and it is included ...": a second clause about the subject.
_AND_IT_RE = re.compile(r",?\s+and\s+(?:it|they)\b", re.IGNORECASE)


def _own_subject_again(text: str, passage: str, ordinary: frozenset[str]) -> bool:
    """The sentence opens on a named subject and its "it" or "they" is that subject
    again, in a clause joined by "and": no name of an earlier sentence is meant."""
    joined = _AND_IT_RE.search(text)
    verb = _FIRST_VERB_RE.search(text)
    if joined is None or verb is None or verb.start() >= joined.start():
        return False
    if _PRONOUN_IN_RE.search(text[: joined.start()]):
        return False
    return bool(_names(text[: verb.start()], passage) - ordinary)


_FIRST_VERB_RE = first_char_regex(
    re.compile(rf"{VERB_RE.pattern}|\b(?-i:[a-z]{{3,}}ed)\b", re.IGNORECASE)
)
_PRONOUN_IN_RE = re.compile(r"\b(?:he|she|it|they|his|her|its|their)\b", re.IGNORECASE)


# A name: capitalised words in a row ("Royal Danish Army", "The Jaeger Corps").
_NAME_RUN_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


@lru_cache(maxsize=4096)
def shared_name_words(passage: str) -> frozenset[str]:
    """Stems that two different names of the passage share ("corp" of "Jaeger Corps"
    and "Frogman Corps", "plan" of "Basic Plan" and "Premium Plan"): a word each name has
    beside words of its own, so it names neither alone."""
    common = lower_case_stems(passage)
    names = {frozenset(content_stems(run)) - common for run in _NAME_RUN_RE.findall(passage)}
    names = {name for name in names if len(name) >= 2}
    seen: dict[str, set[frozenset[str]]] = {}
    for name in names:
        for word in name:
            seen.setdefault(word, set()).add(name)
    return frozenset(
        word for word, holders in seen.items() if len({holder - {word} for holder in holders}) >= 2
    )


def _other_name(
    overlap: frozenset[str],
    mine: frozenset[str],
    text: str,
    passage: str,
    shared: frozenset[str],
) -> bool:
    """The sentence shares with the fact's name (``mine``) only words (``overlap``, of
    the names the sentence itself uses) two names of the passage share, and opens on a
    name that has words of its own the fact's name lacks: "The Jaeger Corps is ..." is
    not about "the Frogman Corps", while "The Mach 5" may be "the Mach Five", and a
    sentence naming "Emmanuel Macron" after its subject may still be about "Brigitte
    Macron"."""
    if not overlap or not overlap <= shared:
        return False
    # The name the sentence opens on is what it speaks of.
    opening = _NAME_RUN_RE.search(text)
    if opening is None or text[: opening.start()].strip(" \"'“(").strip():
        return False
    words = frozenset(content_stems(opening.group())) - lower_case_stems(passage)
    return overlap <= words and bool(words - shared) and not words & (mine - shared)


def _name_stems(text: str) -> frozenset[str]:
    return frozenset(content_stems(" ".join(_capitalised(text))))


# "Debit cards are accepted only for economy cars", "It is only open to home students":
# a rule restricted to a case named by words before a noun.
_ONLY_RE = re.compile(
    r"\b(?:only (?:be )?(?:(?:open|available|offered|valid|accepted|allowed|possible|eligible)\s+)?"
    r"|(?:open|available|offered|valid|accepted|allowed|possible|eligible) only )"
    r"(?:to|for|on|with|in) (?:the |a |an |your )?(?P<case>[\w' -]+?)(?=[,.;:]|\s+(?:and|but|if|who|which)\b|$)",
    re.IGNORECASE,
)
# ... and with "only" after the case: "available on the dinner menus only".
_CASE_ONLY_RE = re.compile(
    r"\b(?:open|available|offered|valid|accepted|allowed|possible|eligible)\s+"
    r"(?:to|for|on|with|in) (?:the |a |an |your )?(?P<case>[\w' -]+?)\s+only\b",
    re.IGNORECASE,
)
_PRONOUN_START_RE = re.compile(r"^(?:it|they|this|these|he|she)\b", re.IGNORECASE)


def _only_case(text: str) -> re.Match[str] | None:
    """The case a sentence keeps its rule to with "only", before or after the case."""
    return _ONLY_RE.search(text) or _CASE_ONLY_RE.search(text)


def _excluded_case_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source denies the rule for a case the question states ("Infants travelling on
    a parent's lap have no cabin bag allowance") and the fact gives it anyway ("every
    passenger on a Flex fare gets a cabin bag")."""
    if fact.negated or not query.text:
        return None
    words = subject_stems(fact.stems)
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not sentence.negated or sentence.quantities or not sentence.conditions:
                continue
            for condition in sentence.conditions:
                if not condition.key_stems or not condition.satisfied_by(query.stems, ()):
                    continue
                if condition.satisfied_by(fact.stems, ()):
                    continue  # the fact speaks of that case itself
                if _carved_out(sentence.text, condition.text):
                    continue  # "non-refundable, except when we cancel": the case it is granted
                if not _denied_outside(sentence.text, condition.text):
                    continue  # "If nobody is in, the driver leaves them": the case's denial
                if _rival_cause_stated(source, condition, fact.stems, query.stems):
                    continue  # "As the charger was at fault": the other cause's own case
                said = _denied_conjuncts(sentence.text)
                rule = (
                    subject_stems(sentence.stems) if said is None else said
                ) - condition.key_stems
                # "cannot be cancelled or changed": each of the alternatives is the rule.
                needed = 1 if " or " in sentence.text else 2
                if len(words & rule) >= needed:
                    return Problem("condition_misapplied", sentence.text, index)
    return None


@lru_cache(maxsize=8192)
def _denied_outside(text: str, case: str) -> bool:
    """The sentence denies something besides its case: "If nobody is in, the driver
    leaves them with a neighbour" gives the rule for nobody being in, it denies nothing."""
    at = text.lower().find(case.lower())
    if at < 0:
        return True
    return bool(negation_targets(text[:at] + " " + text[at + len(case) :]))


def _rival_cause_stated(
    source: PreparedSource, condition: Condition, fact: frozenset[str], asked: frozenset[str]
) -> bool:
    """The source gives the same event another cause with its own rule ("If a session
    stops early because of a fault with our charger, we refund it" beside "If it stops
    because the cable was pulled out, no credit is given"), the fact states that cause
    and the question says more of its words than of the denied case's: the answer
    speaks of the case the customer is in, not of the excluded one."""
    own = condition.key_stems
    for sentence in source.sentences:
        for rival in sentence.conditions:
            shared = rival.key_stems & own
            if rival is condition or not shared or not rival.key_stems - own:
                continue  # another event's case ("On Flex fares") says nothing of this one
            if not rival.satisfied_by(fact - shared, ()):
                continue
            if len(rival.key_stems & asked) > len(own & asked):
                return True
    return False


# "the test will not go ahead and you lose the fee": a second clause, with a subject of
# its own, after "and" or "but".
_CONJUNCT_RE = re.compile(
    r",?\s+(?:and|but)\s+(?=(?:you|we|they|it|there|the|your|our|this)\b)", re.IGNORECASE
)


@lru_cache(maxsize=8192)
def _denied_conjuncts(text: str) -> frozenset[str] | None:
    """The words of a sentence's clauses that deny something, when it has several: what
    the denial says of its case, without what an affirmative clause beside it adds ("If
    you forget your licence, the test will not go ahead and you lose the fee": losing the
    fee is said, not denied). None for a sentence of one clause."""
    parts = _CONJUNCT_RE.split(text)
    denied = [part for part in parts if negation_targets(part)]
    if len(parts) < 2 or not denied:
        return None
    return subject_stems(frozenset().union(*(content_stems(part) for part in denied)))


_CARVED_OUT_RE = re.compile(
    r"\b(?:except|unless|apart from|other than)(?:\s+(?:for|when|if|where|on|in))?\s*$",
    re.IGNORECASE,
)


def _carved_out(text: str, case: str) -> bool:
    """The case follows "except" or "unless": a denial's exception, where what it denies
    is given after all."""
    at = text.lower().find(case.lower())
    return at > 0 and _CARVED_OUT_RE.search(text[max(0, at - 25) : at]) is not None


# "I've already used my 5 free days": the customer is past a free allowance.
_USED_FREE_RE = re.compile(
    r"\b(?:used|used up|run out of|ran out of|gone through|went through)\s+(?:up\s+)?(?:all\s+)?"
    r"(?:of\s+)?(?:my|the|our|those)?\s*(?:\d+\s+)?free\b",
    re.IGNORECASE,
)
# "5 free days a year, then £6 a day": what is charged once the free part is used.
_THEN_PRICE_RE = re.compile(r"\bfree\b.*\b(?:then|after that|afterwards|beyond that)\b", re.I)


def _used_allowance_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The customer says the free allowance is used up, and the fact still gives the
    free price the source charges for once it is ("5 free days a year, then £6 a day")."""
    if not any(own.soft for own in fact.quantities) or not _USED_FREE_RE.search(query.text):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            priced = any(not own.soft and own.kind == "amount" for own in sentence.quantities)
            if priced and _THEN_PRICE_RE.search(sentence.text):
                return Problem("condition_misapplied", sentence.text, index)
    return None


# "refuse entry without a refund", "cancel without paying a fee": what the rule denies.
_WITHOUT_RE = first_char_regex(
    re.compile(r"\bwithout (?:a |an |any )?(?P<word>[a-z]+)", re.IGNORECASE)
)
# Of the source sentence's other words, the share the fact must say for it to restate
# that sentence.
WITHOUT_SENTENCE_SHARE = 0.6


_FREE_OF_RE = re.compile(r"\b([a-z]+)-free\b", re.IGNORECASE)


def _without_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact grants what the sentence it restates does "without": "we'll refuse
    entry but refund your ticket" for "we will refuse entry without a refund". A fact
    that denies it ("you won't get a refund") says the same."""
    stems = frozenset(content_stems(fact.text))
    # "claim-free years" are years without a claim: the fact goes without it too.
    denied = frozenset().union(
        *negation_targets(fact.text),
        (stem(word) for word in _FREE_OF_RE.findall(fact.text)),
    )
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for match in _WITHOUT_RE.finditer(sentence.text):
                word = stem(match.group("word"))
                if word not in stems or word in denied or word in STOPWORDS:
                    continue
                rest = subject_stems(sentence.stems) - {word}
                if rest and len(rest & stems) >= WITHOUT_SENTENCE_SHARE * len(rest):
                    if other_side_of_bound(fact.text, sentence.text):
                        continue  # the other side of the bound has what it goes without
                    return Problem("contradicts_source", sentence.text, index)
    return None


# A list of one-word items: "12A, 15 and 18", "cats, dogs or rabbits", "15 and 18".
_LIST_RE = re.compile(
    r"\b(?P<items>[\w-]+(?:, [\w-]+)*,? (?:and|or) [\w-]+)\b(?! [\w-]+ (?:and|or)\b)"
)
_LIST_SPLIT_RE = re.compile(r",? (?:and|or) |, ")
# Of the fact's words, the share the source sentence must hold for its list to be the
# one the fact restates.
LIST_SENTENCE_SHARE = 0.6


def _list_items(text: str) -> list[frozenset[str]]:
    found = []
    for match in _LIST_RE.finditer(text):
        items = [content_stems(item) for item in _LIST_SPLIT_RE.split(match.group("items"))]
        if all(len(item) == 1 for item in items):
            found.append(frozenset(item[0] for item in items))
    return found


def _extended_list_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact restates a source sentence's list with an item more: "alcohol can be
    taken into films rated 12A, 15 and 18" where the sentence says "15 and 18 only". The
    item may be the passage's word elsewhere, but not of this rule."""
    if fact.negated:
        return None
    lists = [items for items in _list_items(fact.text) if len(items) >= 3]
    if not lists:
        return None
    words = subject_stems(fact.stems)
    # Items such as "12A" or "15" are no subject words: read against all of the fact's.
    every = frozenset(content_stems(fact.text))
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            outside = every - sentence.stems
            if not words or len(words & sentence.stems) < LIST_SENTENCE_SHARE * len(words):
                continue
            for theirs in _list_items(sentence.text):
                for mine in lists:
                    if len(theirs) >= 2 and theirs < mine and (mine - theirs) <= outside:
                        return Problem("contradicts_source", sentence.text, index)
    return None


def _restricted_case_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact states a rule the source restricts to a case ("only for economy cars")
    while the question names another case of the same thing ("a premium car")."""
    if fact.negated or not query.text:
        return None
    words = subject_stems(fact.stems)
    if len(words) < 2:
        return None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            if "only" not in sentence.text.lower():
                continue
            match = _only_case(sentence.text)
            if match is None or sentence.negated:
                continue
            case = [stem(word) for word in re.findall(r"[\w'-]+", match.group("case").lower())]
            case = [token for token in case if token not in _CASE_FILLER]
            if len(case) < 2:
                continue  # "only for members": no narrower case to tell apart
            head, qualifiers = case[-1], frozenset(case[:-1])
            subject = frozenset(content_stems(sentence.text[: match.start()]))
            if _PRONOUN_START_RE.match(sentence.text) and position > 0:
                subject |= source.sentences[position - 1].stems
            if len(words & subject) < 2:
                continue  # the restriction is not on what the fact speaks of
            told = _qualifiers_before(query.text, head)
            if told and not told & qualifiers and not fact.stems & qualifiers:
                return Problem("condition_misapplied", sentence.text, index)
            if (
                not told
                and not fact.stems & qualifiers
                and _sibling_label_told(qualifiers, query.stems, sources)
            ):
                return Problem("condition_misapplied", sentence.text, index)
    return None


def _sibling_label_told(
    qualifiers: frozenset[str], asked: frozenset[str], sources: Sequence[PreparedSource]
) -> bool:
    """The customer names a table label beside one the restriction names: "We've gone
    for the buffet" against "on the dinner menus only", where a table lists "Buffet"
    beside "Two-course dinner"."""
    for source in sources:
        for labels in table_labels(source):
            stems = [subject_stems(frozenset(content_stems(name))) for name in labels.names]
            if not any(words & qualifiers for words in stems):
                continue
            if any(words and not words & qualifiers and words <= asked for words in stems):
                return True
    return False


_CASE_FILLER = frozenset(stem(word) for word in word_list("the a an your our their of"))
STOP_STEMS = frozenset(stem(word) for word in STOPWORDS)


def _qualifiers_before(text: str, head: str) -> frozenset[str]:
    """The words the customer puts before a noun ("premium" in "a premium car")."""
    found: set[str] = set()
    tokens = re.findall(r"[\w'-]+", text.lower())
    for position, token in enumerate(tokens):
        if position and stem(token) == head:
            before = stem(tokens[position - 1])
            if before not in _CASE_FILLER and before not in STOP_STEMS:
                found.add(before)
    return frozenset(found)


def _comparison_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact compares two things ("a late payment costs less than going over your
    limit") the other way round from the values a source gives them (£12 and £12)."""
    for index, holds in enumerate(_comparisons(fact, sources)):
        if holds is False:
            return Problem("contradicts_source", sources[index].sentences[0].text, index)
    text = _digits(fact.text)
    if (
        sources
        and draws_comparison(text)
        and stated_comparison_holds(text, fact.quantities) is False
    ):
        # "£110 costs more than £120": the fact's own values deny its comparison.
        return Problem("contradicts_source", sources[0].sentences[0].text, 0)
    return None


def _comparison_sources(fact: Fact, sources: Sequence[PreparedSource]) -> list[int]:
    return [int(holds is True) for holds in _comparisons(fact, sources)]


def _comparisons(fact: Fact, sources: Sequence[PreparedSource]) -> list[bool | None]:
    text = _digits(fact.text)
    if not draws_comparison(text):
        return [None] * len(sources)
    bracketed = bracketed_comparison_holds(text, fact.quantities)
    if bracketed is not None:
        # "cheaper than £12 each (£60)": the fact gives the side it compares with.
        return [bracketed] * len(sources)
    return [comparison_holds(text, _sides(source)) for source in sources]


@lru_cache(maxsize=8192)
def _digits(text: str) -> str:
    return digits_for_number_words(text)


_SIDES: dict[str, list] = {}


def _sides(source: PreparedSource):
    """Each value of a chunk with its own words; the same chunks come back all day."""
    found = _SIDES.get(source.plain)
    if found is None:
        if len(_SIDES) > 4096:
            _SIDES.clear()
        found = _SIDES[source.plain] = source_sides(source.sentences)
    return found


def _rule_sentences(words: frozenset[str], sources: Sequence[PreparedSource], text: str = ""):
    """The source sentence the fact's words come from, and the sentences of its source
    that say for which cases what the fact is about is available. Between sentences
    sharing as many of its words, the one sharing the longest run of the fact's words
    (``text``) is its own: "any time of day or night" against "7am to 7pm every day"."""
    best, best_overlap = None, (RULE_OVERLAP * len(words), 0)
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            shared = len(words & sentence.stems)
            if shared < best_overlap[0]:
                continue
            overlap = (shared, _longest_run(text, sentence.text) if text else 0)
            if best is None or overlap > best_overlap:
                best, best_overlap = (index, sentence), overlap
    if best is None:
        return []
    index, sentence = best
    found = [best]
    for other in sources[index].sentences:
        # What is available must be the fact's subject: "plan" is in both "2FA on every
        # plan" and "SSO on the Enterprise plan only".
        if (
            other is not sentence
            and _AVAILABILITY_RE.search(other.text)
            and (words - KIND_STEMS) & other.stems
        ):
            found.append((index, other))
    return found


_RUN_WORD_RE = re.compile(r"[\w'/]+")


@lru_cache(maxsize=16384)
def _longest_run(first: str, second: str) -> int:
    """The most words in a row the two texts write alike."""
    mine = _RUN_WORD_RE.findall(first.lower())
    theirs = _RUN_WORD_RE.findall(second.lower())
    best = 0
    previous = [0] * (len(theirs) + 1)
    for word in mine:
        current = [0] * (len(theirs) + 1)
        for position, other in enumerate(theirs, start=1):
            if word == other:
                current[position] = previous[position - 1] + 1
                best = max(best, current[position])
        previous = current
    return best


REASON_ORDER = ("condition_misapplied", "contradicts_source", "not_in_sources")


def _all_stems(sources: Sequence[PreparedSource]) -> frozenset[str]:
    return frozenset().union(*(source.stems for source in sources))


def _specificity(problem: Problem) -> int:
    """The most telling reason wins: a misread condition, then a conflict, then absence."""
    return REASON_ORDER.index(problem.reason)


def _value_holders(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext, *, measured: bool = False
) -> set[int]:
    """Sources stating one of the fact's own values (not the customer's); ``measured``:
    only values with a unit or of a measured kind (a price, a length of time, a share),
    not a bare number ("five-pin", "1914")."""
    own_values = [
        quantity
        for quantity in fact.quantities
        if not quantity.soft
        and (not measured or (measured_value(quantity) and not _names_a_kind(fact, quantity)))
        and not any(quantity.same_value(given) for given in query.quantities)
    ]
    if not own_values:
        return set()
    return {
        index
        for index, source in enumerate(sources)
        if any(
            quantity.same_value(own)
            for sentence in source.sentences
            for own in sentence.quantities
            for quantity in own_values
        )
    }


def _names_a_kind(fact: Fact, quantity: Quantity) -> bool:
    """A count joined to its noun by a hyphen names a kind of thing ("five-pin bowling",
    "a three-time champion"), it counts nothing; a length of time so joined ("a 30-day
    window") is still one."""
    if quantity.kind != "number":
        return False
    return digits_for_number_words(fact.text)[quantity.end : quantity.end + 1] == "-"


# "every plan", "all plans", "any card": a rule stated for every one of a kind.
_UNIVERSAL_RE = first_char_regex(
    re.compile(r"\b(?:every|all|any|each)\s+([a-z][\w-]*)", re.IGNORECASE)
)


def _asked_instances(fact: Fact, question: str) -> frozenset[str]:
    """Names of the fact the question gives as one of the kind the fact states a rule
    for every one of: "Starter" for "every plan" when the question asks about "the
    Starter plan" (not "PayPal" beside "all plans" for "Can I pay by PayPal?")."""
    kinds = {stem(noun.lower()) for noun in _UNIVERSAL_RE.findall(fact.text)}
    if not kinds:
        return frozenset()
    asked = {
        stem(name.lower())
        for name, noun in re.findall(r"\b([A-Z][\w-]*)\s+([a-z][\w-]*)", question)
        if stem(noun) in kinds
    }
    return fact.proper_nouns & asked


def _universal_holders(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> set[int]:
    """Sources stating the rule for every one of a kind the fact states it for ("on
    every plan"), where the fact names the customer's own one of them ("every plan,
    including Starter"): the rule anchors the customer's case as a value would."""
    kinds = {stem(noun.lower()) for noun in _UNIVERSAL_RE.findall(fact.text)}
    if not kinds or not _asked_instances(fact, query.text):
        return set()
    return {
        index
        for index, source in enumerate(sources)
        if kinds & {stem(noun.lower()) for noun in _UNIVERSAL_RE.findall(source.plain)}
    }


def _polarity_problem(
    fact: Fact, sources: Sequence[PreparedSource], told: frozenset[str] = frozenset()
) -> Problem | None:
    """A clause of the fact says the opposite of the source clause that states it.

    ``told`` is the case the question and the answer state: a denial the source lifts
    in that case ("cannot cancel ... unless they have a medical reason" for "a medical
    reason is one of the exceptions, so you can cancel") holds the other way.

    Only negations that bear on words both sides share are counted, so "even if the
    crosswalk is not marked" in a source does not make "pedestrians have priority"
    a contradiction; clauses with several negations are too tangled to read this way.
    """
    clauses = CLAUSE_BREAK_RE.split(fact.text)
    alone_from = len(clauses)
    for position, fact_clause in enumerate(_with_added_dropped(clauses)):
        alone = position >= alone_from
        # "... every 30 days, otherwise they won't keep playing": what follows is the
        # other case's outcome, its denial not the claim's.
        fact_clause = _OTHERWISE_RE.split(fact_clause, maxsplit=1)[0]
        words = subject_stems(frozenset(content_stems(fact_clause)))
        if _PRONOUN_RE.match(fact_clause.strip()) or REFERS_BACK_RE.search(fact_clause.strip()):
            words |= subject_stems(fact.context)
        fact_negations = negation_targets(fact_clause)
        case = _LEADING_CASE_RE.match(fact_clause.strip())
        if len(words) < 2:
            continue
        found = _closest_clause(words, sources, alone=alone)
        own = subject_stems(frozenset(content_stems(fact_clause)))
        if found is None and len(own) >= 3 and own != words:
            # The words a pronoun stands for come from the conversation, and may be
            # more than the passage's clause shares: the clause's own words find it.
            words, found = own, _closest_clause(own, sources)
        elif found is not None and len(own) >= 2 and own != words and not own <= found[1].stems:
            # "They're valid for 12 months from purchase": a clause saying all of the
            # fact's own words is the one it restates, whatever "they" stood for.
            whole = _closest_clause(own, sources)
            if whole is not None and own <= whole[1].stems:
                words, found = own, whole
        if found is None:
            continue
        listed = found[1]
        rewritten = without_shared_denial(fact_clause, listed.text)
        if rewritten is not None:
            # "the days you didn't use" restates "the unused days": neither denial is
            # the claim's.
            fact_clause, text = rewritten
            found = (found[0], replace(listed, text=text, negations=tuple(negation_targets(text))))
            fact_negations = negation_targets(fact_clause)
            case = _LEADING_CASE_RE.match(fact_clause.strip())
        if len(found[1].negations) > 1:
            continue
        if len(words) < 3 and (
            _PRONOUN_RE.match(fact_clause.strip())
            or not words <= found[1].stems
            or _said_both_ways(words, sources)
        ):
            # Two words say too little to pick a clause they only half share, one of
            # several they share whole ("use a watering can" beside "not use a
            # hosepipe to water gardens"), or beside words borrowed from the fact
            # before ("they aren't counted on your bill").
            continue
        index, clause = found
        if (
            clause.negations
            and not fact_negations
            and _said_by_sibling(words, listed, sources[index])
        ):
            continue  # "At Riverside the first 4 hours are free": the "where" clause says it
        if case and not _case_stated(case.group(), clause):
            # "If you're not in, the courier can leave it": the case's "not" is not the
            # claim's polarity, unless the source states the same case. Nor is the
            # source's own case's: "If they don't, send us a photo" beside "If they
            # don't, just send us a photo" affirms the photo on both sides.
            fact_negations = negation_targets(fact_clause.strip()[case.end() :])
            case = None
        source_negations = _claim_negations(clause, case)
        source_case = _LEADING_CASE_RE.match(clause.text) if case else None
        if source_case and has_negation(case.group()) == has_negation(source_case.group()):
            # Both state the case, and deny in it alike ("If nobody aged 18 or over is
            # in, ..." and "If nobody 18 or over is in, ..."): the claims after the
            # cases carry the polarity, however far each denial reads.
            fact_negations = negation_targets(fact_clause.strip()[case.end() :])
            source_negations = negation_targets(clause.text[source_case.end() :])
        if len(fact_negations) > 1:
            continue
        if _restricted_differently(fact_clause, clause.text):
            continue  # "only within 30 days" and "not after 30 days" say the same thing
        if not has_verb(clause.text):
            continue  # a list item takes its polarity from a heading we cannot see
        shared = words & clause.stems
        # Polarity is read on the clause's own words: "They must be collected in person"
        # borrows "controlled drugs" to find its clause, not the "can't be delivered"
        # beside it there.
        own = subject_stems(frozenset(content_stems(fact_clause))) & clause.stems
        if own and own != shared:
            shared = own
        if negated(source_negations, shared) != negated(fact_negations, shared):
            if _negation_stated(fact_negations, sources):
                continue  # the closest clause is another case of a list the source splits
            if _free_either_way(fact_clause, clause.text, shared):
                continue  # "there's no fee for changing it" and "it can be changed free"
            if other_side_of_bound(fact_clause, clause.text):
                continue  # "above 10% ... carry the charge" of "up to 10% without one"
            if clause.negations and not fact_negations and lifting_case_told(clause.text, told):
                continue  # the customer is in the case the "unless" lifts the denial for
            if clause.negations and not fact_negations and _other_kind_named(fact_clause, clause):
                continue  # "matte 7x5 prints are 30p" beside "no matte for panoramic prints"
            return Problem("contradicts_source", listed.text, index)
    return None


# "We refund the delivery charge as well as the bouquet price when ...": the thing
# added, up to the clause's case or end.
_ADDED_THING_RE = re.compile(
    r"\s+(?:as well as|along with|together with|in addition to)\s+[^,;.]+?"
    r"(?=\s+(?:when|if|unless|because|once|after|before|so)\b|[,;.!]|$)",
    re.IGNORECASE,
)


def _with_added_dropped(clauses: Sequence[str]) -> list[str]:
    """The clauses, and each one that adds a thing ("as well as the bouquet price")
    once more without it: each thing is claimed on its own, so "We refund the delivery
    charge" is read against the source's "Delivery charges aren't refunded" however
    closely the source words the other thing."""
    found = list(clauses)
    for clause in clauses:
        dropped = _ADDED_THING_RE.sub("", clause)
        if dropped != clause and len(dropped.split()) >= 3:
            found.append(dropped)
    return found


# A price cut, not waived: "replaced at half price", "at a reduced rate", "20% off".
_REDUCED_RE = re.compile(
    r"\bhalf[- ]price\b|\b(?:reduced|discounted) (?:price|rate|fee|cost)\b|\bat a discount\b"
    r"|\d+(?:\.\d+)?% off\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)
def _only_reduces(text: str) -> bool:
    """The sentence cuts a price and makes nothing free."""
    if not _REDUCED_RE.search(text):
        return False
    return "free" not in text.lower() and free_said_plainly(text) == text


def _free_against_reduced_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """A fact calling free what its source says is only cheaper ("swapped at no charge"
    of "replaced at half price")."""
    if not any(own.soft and own.kind == "amount" for own in fact.quantities):
        return None
    if negation_targets(free_said_plainly(fact.text)):
        return None  # a denial beside the "no charge"
    words = subject_stems(fact.stems) - _FREE_WORDS
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not _only_reduces(sentence.text):
                continue
            if len(words & sentence.stems) >= max(2, math.ceil(len(words) * 0.6)):
                return Problem("contradicts_source", sentence.text, index)
    return None


@lru_cache(maxsize=8192)
def _excludes(text: str) -> bool:
    return bool(_EXCLUSION_RE.search(text))


def _uncovered_case_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """A fact promising something in a case ("If they get damaged after you pick them
    up, bring them back ...") that a source says is not covered ("Glasses that have been
    damaged after collection are not covered")."""
    case = _LEADING_CASE_RE.match(fact.text.strip())
    if case is None or negation_targets(fact.text.strip()[case.end() :]):
        return None
    words = subject_stems(frozenset(content_stems(case.group())))
    if len(words) < 2:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if words <= sentence.stems and _excludes(sentence.text):
                return Problem("condition_misapplied", sentence.text, index)
    return None


# How many words of a case two "If ..." clauses must share to state one case.
SAME_CASE_WORDS = 2


def _same_case_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact and a source sentence open on one case and say opposite things of it:
    "If rain spoils the windows after a clean, a free re-clean is on us" of "If it rains
    after a clean, we don't re-clean for free". Read however close another sentence of
    the source comes to the fact's other words."""
    case = _LEADING_CASE_RE.match(fact.text.strip())
    if case is None:
        return None
    fact_case = subject_stems(frozenset(content_stems(case.group())))
    claim = fact.text.strip()[case.end() :]
    fact_claim = subject_stems(frozenset(content_stems(claim)))
    if len(fact_case) < SAME_CASE_WORDS or not fact_claim:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            theirs = _LEADING_CASE_RE.match(sentence.text)
            if theirs is None:
                continue
            their_case = subject_stems(frozenset(content_stems(theirs.group())))
            common = fact_case & their_case
            if len(common) < SAME_CASE_WORDS or len(common) * 2 < min(
                len(fact_case), len(their_case)
            ):
                continue
            their_claim = sentence.text[theirs.end() :]
            shared = fact_claim & subject_stems(frozenset(content_stems(their_claim)))
            if not shared:
                continue
            if negated(negation_targets(their_claim), shared) != negated(
                negation_targets(claim), shared
            ):
                return Problem("contradicts_source", sentence.text, index)
    return None


def _denied_after_but_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact affirms what a source denies in a clause after "but" ("Dogs are welcome
    on the terrace but not inside") of the same subject, though it says the allowed part
    too ("welcome inside as well as on the terrace"), so the closest clause is that one."""
    if fact.negated:
        return None
    words = subject_stems(fact.stems)
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for clause in sentence.clauses:
                if not clause.borrowed or len(clause.negations) != 1:
                    continue
                (denied,) = clause.negations
                if denied and clause.borrowed <= words and denied <= words:
                    return Problem("contradicts_source", clause.text, index)
    return None


def _claim_negations(
    clause: SourceClause, fact_case: re.Match[str] | None
) -> Sequence[frozenset[str]]:
    """The negations of a source clause's claim: "if it isn't, a guarantor can be used"
    affirms the guarantor; its case's "not" is the claim's polarity only for a fact that
    states a case of its own."""
    case = _LEADING_CASE_RE.match(clause.text)
    if case is None or fact_case is not None:
        return clause.negations
    return negation_targets(clause.text[case.end() :])


def _said_both_ways(words: frozenset[str], sources: Sequence[PreparedSource]) -> bool:
    """Clauses holding every one of ``words`` both deny and affirm them."""
    holding = {
        negated(clause.negations, words)
        for source in sources
        for sentence in source.sentences
        for clause in sentence.clauses
        if words <= clause.stems
    }
    return len(holding) > 1


def _said_by_sibling(words: frozenset[str], clause: SourceClause, source: PreparedSource) -> bool:
    """An affirmative clause of the negated clause's own sentence says the fact."""
    for sentence in source.sentences:
        if any(clause is part for part in sentence.clauses):
            return _says_other_clause(words, clause, sentence, one_fewer=True)
    return False


def _case_stated(case: str, clause: SourceClause) -> bool:
    # A case of light words only ("If you can't show it") is read by those words.
    words = subject_stems(frozenset(content_stems(case))) or frozenset(content_stems(case))
    return bool(words) and len(words & clause.stems) * 2 >= len(words)


def _negation_stated(
    fact_negations: Sequence[frozenset[str]], sources: Sequence[PreparedSource]
) -> bool:
    """Some source clause negates what the fact negates: "we don't ship to Canada" is
    what "We don't ship to Canada, Australia..." says, however much closer the clause
    listing the countries we do ship to is in words."""
    if len(fact_negations) != 1 or len(fact_negations[0]) < 2:
        return False
    target = fact_negations[0]
    return any(
        target <= clause.stems and any(target & negation for negation in clause.negations)
        for source in sources
        for sentence in source.sentences
        for clause in sentence.clauses
    )


_PRONOUN_RE = re.compile(r"^(?:they|it|he|she|these|those)\b", re.IGNORECASE)
# "..., and we don't repair them.": a pronoun ending a clause is what it is done to.
_OBJECT_PRONOUN_END_RE = re.compile(r"\b(?:them|it)\W*$", re.IGNORECASE)


def _refers_to_first_clause(text: str) -> bool:
    """A later clause of a sentence speaks of what its first clause names when it opens
    on a pronoun ("and it is included") or ends on one as its object ("Digital pianos
    can't be tuned, and we don't repair them")."""
    text = text.strip()
    return bool(_PRONOUN_RE.match(text) or _OBJECT_PRONOUN_END_RE.search(text))


_OTHERWISE_RE = re.compile(r",?\s*\b(?:otherwise|or else)\b", re.IGNORECASE)
_LEADING_CASE_RE = re.compile(
    r"^(?:if|when|whenever|while|as long as|once|even if)\b[^,;]*,\s*", re.IGNORECASE
)
# ("read-only" restricts nothing: it is what the access is.)
# ("isn't free under £50" and "free over £50" say one thing: a bound turned round.)
_RESTRICTION_RE = re.compile(
    r"\b(?:(?<!-)only|except|unless|until|within|before|after|beyond|past|longer|later|under"
    r"|over|below|above)\b",
    re.I,
)


_EXCEPTION_RE = re.compile(r"\b(?:except|unless)\b", re.IGNORECASE)


_BOUND_WORDS = {"above": "over", "below": "under"}


def _other_kind_named(fact_clause: str, clause: SourceClause) -> bool:
    """The source denies a thing for one kind of a noun ("Matte is not available for
    panoramic prints") and the fact speaks of another kind the clause never names ("a
    6x4 matte print"): the denial does not bear on it."""
    fact_words = _word_stems(fact_clause)
    clause_words = _word_stems(clause.text)
    for head in frozenset(content_stems(fact_clause)) & clause.stems:
        theirs = _qualifiers_before(clause.text, head)
        if not theirs or theirs & fact_words:
            continue
        # "opened" is read in "Unopened games": the clause's own kind, denied.
        if _modifiers_before(fact_clause, head) - clause_words - clause.stems:
            return True
    return False


def _word_stems(text: str) -> frozenset[str]:
    return frozenset(stem(token) for token in re.findall(r"[\w'-]+", text.lower()))


def _modifiers_before(text: str, head: str) -> frozenset[str]:
    """Every word of the run that stands before a noun ("6x4", "matte" of "a 6x4 matte
    print"), up to an article or a word of no content."""
    found: set[str] = set()
    tokens = re.findall(r"[\w'-]+", text.lower())
    for position, token in enumerate(tokens):
        if stem(token) != head:
            continue
        for before in reversed(tokens[max(0, position - 3) : position]):
            word = stem(before)
            if word in _CASE_FILLER or word in STOP_STEMS:
                break
            found.add(word)
    return frozenset(found)


def _restricted_differently(first: str, second: str) -> bool:
    mine = frozenset(_BOUND_WORDS.get(w.lower(), w.lower()) for w in _RESTRICTION_RE.findall(first))
    theirs = frozenset(
        _BOUND_WORDS.get(w.lower(), w.lower()) for w in _RESTRICTION_RE.findall(second)
    )
    # "costs £30, except on Flex fares where it is free" holds both polarities, for a
    # fact about the exception: "Your PIN won't stay the same" names nothing of
    # "unless you ask for a new one" and denies the rule itself.
    if "except" in theirs or "unless" in theirs:
        exception = _EXCEPTION_RE.split(second, maxsplit=1)[-1]
        return bool(frozenset(content_stems(first)) & frozenset(content_stems(exception)))
    return "only" in mine | theirs or bool(mine and theirs and mine != theirs)


def _free_either_way(fact_clause: str, source_clause: str, shared: frozenset[str]) -> bool:
    """The two clauses agree once each way of saying something costs nothing is read
    as "free": a zero price ("no fee", "won't be charged") is a value, not a denial."""
    fact_free, source_free = free_said_plainly(fact_clause), free_said_plainly(source_clause)
    if fact_free == fact_clause and source_free == source_clause:
        return False
    return negated(negation_targets(fact_free), shared) == negated(
        negation_targets(source_free), shared
    )


def _spoken_of(source: PreparedSource) -> frozenset[str]:
    """What a source's clauses speak of without saying it: its heading (a markdown one,
    or an opening line with no verb, "Pruning workshops."), and the article title."""
    opening = source.sentences[0].text if source.sentences else ""
    return source.topic | _title_and_heading(source.title, opening)


@lru_cache(maxsize=4096)
def _title_and_heading(title: str, opening: str) -> frozenset[str]:
    heading = opening if opening and not has_verb(opening) else ""
    return subject_stems(frozenset(content_stems(f"{title} {heading}")))


def _closest_clause(
    words: frozenset[str], sources: Sequence[PreparedSource], *, alone: bool = False
) -> tuple[int, SourceClause] | None:
    best, best_key = None, (0.0, 0, 0.0)
    for index, source in enumerate(sources):
        # What the source's heading names is what each of its clauses speaks of, said or
        # not: "children under 12 can attend the pruning workshops" is read against
        # "Children under 12 cannot attend." under the heading "Pruning workshops".
        unnamed = words - _spoken_of(source)
        claim = unnamed if len(unnamed) >= 2 else words
        for sentence in source.sentences:
            for position, clause in enumerate(sentence.clauses):
                stems = clause.stems
                if position and _refers_to_first_clause(clause.text):
                    # "The Cambridge exam fee is £180, and it is included ...": "it" is
                    # what the sentence's first clause names.
                    stems = stems | subject_stems(sentence.clauses[0].stems)
                # Of clauses sharing as many words, the one saying what the heading does
                # not: "you do not have to buy the book" before the heading "Ordering
                # books." for "you have to buy a book you ordered".
                # For a thing claimed on its own (see _with_added_dropped), then the one
                # saying least besides: "Delivery charges aren't refunded" before "...
                # within 5 days of delivery and we'll refund the bouquet price" for "we
                # refund the delivery charge".
                shared = len(claim & stems)
                dense = shared / (len(stems) or 1) if alone else 0.0
                key = (shared / len(claim), len(unnamed & stems), dense)
                if key > best_key:
                    best, best_key = (index, clause), key
    return best if best_key[0] >= POLARITY_OVERLAP else None
