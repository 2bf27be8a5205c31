"""The offline judge: the SPEC §3 triplet grading with rules only, no model, no network.

Deterministic by construction: no randomness, no clocks in the result, and every
collection that reaches the output is built in a fixed order (never from iterating a
set or a hash-seeded dict).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache, partial

from kbaudit.text.conditions import Condition, cause_of, window_exceeded, window_met
from kbaudit.text.dialogue import is_small_talk
from kbaudit.text.embeddings import embed
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import (
    content_stems,
    digits_for_number_words,
    has_negation,
    negation_targets,
    normalise,
)

from ..base import (
    JudgeInput,
    JudgeResult,
    KnowledgeBaseProfile,
    Matches,
    Turn,
    UnsupportedFact,
    metrics_from_matches,
)
from .abstention import quotes_not_in_sources
from .carried import FollowUpCase, carried_passage, follow_up_case
from .context import earlier_questions, read_turn
from .coverage import (
    EXPECTED_KINDS,
    Keys,
    answerable_keys,
    fact_addresses,
    gives_expected_value,
    source_addresses,
    value_required,
)
from .decompose import Fact, ResponseParts, split_clauses, split_response
from .domain import DomainVocabulary, is_off_topic, question_subject, topic_label, vocabulary
from .parties import party_problem
from .questions import SubQuery, split_sub_queries
from .redundancy import (
    conflicting_pairs,
    may_restate,
    redundant_of,
    rival_answers,
    same_measures,
    same_values,
    says_other_part,
)
from .rubric import VERDICT_RULES, Findings, decide
from .semantic import SemanticIndex, aligned_words
from .sources import PreparedSource, prepare_sources
from .support import FactSupport, QueryContext, fact_support, meaning_support
from .values import Located, locate_values, subject_stems
from .windows import value_bound

PROMPT_VERSION = "offline-16"
# Share of a sub-query's key words a refusal must name to decline that part.
DECLINE_SHARE = 0.5
# Verbs that apply a statement to what was asked ("that includes the e-reader").
_APPLYING = frozenset(content_stems("include includes cover covers apply applies"))
# Words that name the kind of value a part asks for, as a refusal may.
_VALUE_WORDS = {
    "amount": frozenset(content_stems("price cost fee charge amount")),
    "duration": frozenset(content_stems("how long time days weeks delivery time")) - {"deliver"},
}


# A full collection after this many collections of the middle generation, at least
# (Python's default is 10).
OLDEST_GENERATION_THRESHOLD = 100


def collect_oldest_less_often() -> None:
    """Make full garbage collections rarer in a process that judges.

    The judge's bounded caches of words, sentences and chunks live as long as the
    process: hundreds of thousands of objects that every full collection walks and
    never frees. Young objects are collected as before; a higher threshold is kept.
    """
    young, middle, oldest = gc.get_threshold()
    if oldest < OLDEST_GENERATION_THRESHOLD:
        gc.set_threshold(young, middle, OLDEST_GENERATION_THRESHOLD)


class OfflineJudge:
    name = "offline"
    model = "offline-rules"
    prompt_version = PROMPT_VERSION

    def __init__(self, profile: KnowledgeBaseProfile | None = None) -> None:
        self.profile = profile
        # One vocabulary per bot domain description; profiles are fixed per judge.
        self._vocabularies: dict[str, DomainVocabulary] = {}
        collect_oldest_less_often()

    def judge(self, item: JudgeInput) -> JudgeResult:
        # A follow-up ("and for the yearly plan?") is judged as the question it stands for.
        asked = item.query
        texts = [source.text for source in item.sources]
        # The earlier questions as they still hold, the case a follow-up left behind
        # left out ("on Starter" once "and on Enterprise?" is asked).
        earlier = earlier_questions(asked, item.history, texts)
        reading = read_turn(asked, item.history, texts)
        moved = follow_up_case(asked, reading.replaced, item.history)
        item = replace(item, query=reading.query)
        sub_queries = split_sub_queries(item.query)
        vocab = self._vocabulary(item.bot_domain)
        parts = split_response(item.response, item.query, chat=vocab.reference_passages)
        matches, findings = _grade(item, sub_queries, parts, vocab, earlier, moved)
        decision = decide(findings)
        return JudgeResult(
            sub_queries=[sub_query.text for sub_query in sub_queries],
            facts=[fact.text for fact in parts.facts],
            matches=matches,
            verdict=decision.verdict,
            cause=decision.cause,
            rationale=decision.rationale,
            topic=topic_label(item.query, vocab, [source.title for source in item.sources]),
            unsupported=findings.unsupported,
            judge=self.name,
            model=self.model,
            prompt_version=self.prompt_version,
            notes=_notes(parts, findings, item, asked),
        )

    def _vocabulary(self, bot_domain: str) -> DomainVocabulary:
        if bot_domain not in self._vocabularies:
            self._vocabularies[bot_domain] = vocabulary(self.profile, bot_domain)
        return self._vocabularies[bot_domain]


def _grade(
    item: JudgeInput,
    sub_queries: Sequence[SubQuery],
    parts: ResponseParts,
    vocab: DomainVocabulary,
    earlier: Sequence[str] = (),
    moved: FollowUpCase | None = None,
) -> tuple[Matches, Findings]:
    sources = prepare_sources(item.sources)
    context = _query_context(
        item.query,
        vocab,
        frozenset(stem for text in earlier for stem in content_stems(text)),
        " ".join([*earlier, item.query]),
    )
    context = replace(
        context,
        told_quantities=_still_told(context.told_quantities, context.quantities, item.history),
        answer_quantities=tuple(quantity for fact in parts.facts for quantity in fact.quantities),
        answer_stems=frozenset().union(*(fact.stems for fact in parts.facts)),
        answer_denials=frozenset().union(
            *(_denied_words(fact.text) for fact in parts.facts if fact.negated)
        ),
    )
    contexts = [_part_context(context, fact, sub_queries) for fact in parts.facts]
    located = locate_values(sources)
    supports = [
        fact_support(fact, sources, own, located=located)
        for fact, own in zip(parts.facts, contexts, strict=True)
    ]
    supports = _by_meaning(item, parts.facts, sources, contexts, supports)
    if moved is not None:
        supports = _carried_over(parts.facts, sources, supports, moved)
    supports = _duties_of_others(parts.facts, sources, supports, context.stems)
    source_stems = frozenset().union(*(source.stems for source in sources))
    keys = [
        answerable_keys(
            sub_query,
            source_stems,
            vocab.stems,
            vocab.weight,
            vocab.title_subjects,
            help_centre=vocab.speaks_to_reader,
        )
        for sub_query in sub_queries
    ]
    similarity, same_statement = _restatement(item, parts.facts, sources, supports)
    restated = redundant_of(list(parts.facts), similarity, same_statement)
    supports = _inherit_support(
        supports, _said_alike(parts.facts, restated, similarity, same_statement)
    )
    supports = _rule_beside_its_exception(supports, parts.facts, sources)
    supports = _worked_from_answer(
        supports, parts.facts, context.told_quantities, located, context.stems
    )
    supports = _told_value_weighed(supports, parts.facts, context.told_quantities)
    supports = _rule_not_applying(supports, parts.facts, sources, context)
    supports = _drawn_for_case(supports, parts.facts, item.response, context)
    matches = _matches(item.query, sub_queries, keys, parts, sources, supports)
    matches.redundant_of = restated
    off_topic = _off_topic(item.query, sub_queries, matches, vocab, sources, parts, item.bot_domain)
    # Parts no retrieved text says a word about: an answer to them is made up.
    # Parts no retrieved text says a word about, or asking a price or a length of time
    # no source gives: an answer to them is made up (the bot should have said it does
    # not know).
    unaddressed = {
        index
        for index, key in enumerate(keys)
        if not key.tokens & source_stems
        or (
            value_required(sub_queries[index])
            and not any(row[index] for row in matches.source_query)
        )
    }
    findings = _findings(
        item, sub_queries, parts, supports, matches, off_topic, unaddressed, sources
    )
    return matches, findings


# A denial and what it reaches: up to the end of its clause, so "it isn't sun damage or
# an aftercare problem" denies both of the things it joins.
_DENIAL_REACH_RE = re.compile(
    r"\b(?:isn't|is not|aren't|are not|wasn't|was not|weren't|were not|not|never|no)\s+"
    r"(?P<reach>[^,.;:!?]+)",
    re.IGNORECASE,
)


def _denied_words(text: str) -> frozenset[str]:
    """The words the fact's denials reach, each to the end of its clause."""
    found = frozenset().union(*negation_targets(text))
    for match in _DENIAL_REACH_RE.finditer(text.replace("’", "'")):
        found |= frozenset(content_stems(match.group("reach")))
    return found


def _part_context(
    context: QueryContext, fact: Fact, sub_queries: Sequence[SubQuery]
) -> QueryContext:
    """The question as the part a fact answers reads it: in a question of several parts,
    the case another part states is not this part's ("How late can I edit a grocery
    order, and until when can I cancel a scheduled one for free?": the free
    cancellation is not a case of editing). The part is the one sharing most of the
    fact's words, when one shares more than every other."""
    if len(sub_queries) < 2:
        return context
    shared = [len(fact.stems & (sub.stems | sub.context)) for sub in sub_queries]
    best = max(shared)
    if not best or shared.count(best) > 1:
        return context
    own = sub_queries[shared.index(best)]
    others = frozenset().union(*(sub.stems for sub in sub_queries if sub is not own))
    return replace(context, stems=context.stems - (others - own.stems - own.context))


def _by_meaning(
    item: JudgeInput,
    facts: Sequence[Fact],
    sources: Sequence[PreparedSource],
    contexts: Sequence[QueryContext],
    supports: list[FactSupport],
) -> list[FactSupport]:
    """Facts unsupported by their words alone, read again by meaning; everything else
    is settled without embedding anything."""
    pending = [index for index, support in enumerate(supports) if support.by_words]
    if not pending or not sources:
        return supports
    semantic = SemanticIndex(
        [facts[index] for index in pending],
        [digits_for_number_words(facts[index].text) for index in pending],
        sources,
    )
    for position, index in enumerate(pending):
        fact = facts[index]
        similarity = [semantic.best_sentence(position, s)[0] for s in range(len(sources))]
        words = subject_stems(fact.stems)
        text = digits_for_number_words(fact.text)
        # Word by word only where the sentence reads near enough to matter.
        aligned = [
            aligned_words(text, words - source.stems, source)
            if score >= ALIGNMENT_FLOOR
            else frozenset()
            for source, score in zip(sources, similarity, strict=True)
        ]
        supports[index] = meaning_support(fact, sources, contexts[index], similarity, aligned)
    return supports


def _carried_over(
    facts: Sequence[Fact],
    sources: Sequence[PreparedSource],
    supports: list[FactSupport],
    moved: FollowUpCase,
) -> list[FactSupport]:
    """A follow-up answered with the value the sources give the case it moved away
    from ("And on Home Complete?" - "Within 48 hours as well."): that value is the
    other case's, however well its words match."""
    checked = list(supports)
    for index, fact in enumerate(facts):
        if not any(checked[index].row):
            continue
        found = carried_passage(fact, sources, moved)
        if found is not None:
            source, sentence = found
            checked[index] = FactSupport(
                [0] * len(sources), "condition_misapplied", sentence.text, sources[source].rank
            )
    return checked


def _duties_of_others(
    facts: Sequence[Fact],
    sources: Sequence[PreparedSource],
    supports: list[FactSupport],
    asked_stems: frozenset[str],
) -> list[FactSupport]:
    """A duty the source gives one party, said of another ("the landlord will take care
    of unblocking it" where tenants unblock the sinks they blocked)."""
    checked = list(supports)
    for index, fact in enumerate(facts):
        found = party_problem(fact, sources, asked_stems)
        if found is not None:
            source, passage = found
            checked[index] = FactSupport(
                [0] * len(sources), "contradicts_source", passage, sources[source].rank
            )
    return checked


# Below this closeness to every sentence of a source, no word of it is aligned.
ALIGNMENT_FLOOR = 0.35
# A fact this close to a source sentence is read as saying that sentence.
SAYS_SENTENCE = 0.45


# Why a restatement of a supported fact may have been read as unsupported.
_RESTATED_REASONS = frozenset({"contradicts_source", "not_in_sources"})


def _said_alike(
    facts: Sequence[Fact],
    restated: list[int | None],
    similarity: Callable[..., float] | None,
    same_statement: Callable[..., bool] | None,
) -> list[int | None]:
    """For each fact, the earlier fact it restates, or else one saying another part of
    the same source clause: "has also published material related to Ukraine" beside
    "has focused on Russia's domestic affairs", both from one sentence. Two parts are
    two facts, but a fact its words alone left unsupported is backed by the clause as
    the other part is."""
    if similarity is None or same_statement is None:
        return restated
    whole = redundant_of(
        list(facts),
        partial(similarity, parts_apart=False),
        partial(same_statement, parts_apart=False),
    )
    return [
        mine if mine is not None else other for mine, other in zip(restated, whole, strict=True)
    ]


def _inherit_support(
    supports: list[FactSupport], restated: Sequence[int | None]
) -> list[FactSupport]:
    """A fact that restates a supported fact in other words is supported as that fact
    is, when only its words kept it unsupported (its values passed their checks), or
    when it was read against the sources in words that say what the earlier fact says
    ("Watering the garden with a hose isn't allowed" after "you may not use a
    hosepipe to water your garden"): a restatement gives no value or case of its own,
    so it cannot contradict the sources where the fact it restates does not. A value
    read out of its case stays unsupported."""
    inherited = list(supports)
    for index, earlier in enumerate(restated):
        if earlier is None or not any(inherited[earlier].row):
            continue
        own = inherited[index]
        if not (own.by_words or own.reason in _RESTATED_REASONS):
            continue
        inherited[index] = FactSupport(list(inherited[earlier].row), None, "", None)
    return inherited


# Words of a fact that only sums up others: "Total: £122.95 a month", "that's £250
# in all". Besides them and the values it may name nothing the facts it adds up do not.
_SUMMING_WORDS = frozenset(
    content_stems(
        "total altogether overall all together combined whole sum grand comes add adds plus"
    )
)


def _worked_from_answer(
    supports: list[FactSupport],
    facts: Sequence[Fact],
    told: Sequence[Quantity],
    located: Sequence[Located] = (),
    asked: frozenset[str] = frozenset(),
) -> list[FactSupport]:
    """A fact that only works out a value from values the answer's supported facts give
    ("12-bottle Classic case: £110. Delivery: £12.95. Total: £122.95 a month") is
    supported as those facts are: the sources hold no sentence with its words, yet the
    arithmetic on their values gives it. Its values passed their checks (unsupported
    for its words alone), and it names nothing the facts it works from or the question
    do not."""
    worked = list(supports)
    for index, (fact, own) in enumerate(zip(facts, supports, strict=True)):
        hard = [quantity for quantity in fact.quantities if not quantity.soft]
        if any(own.row) or not own.by_words or not hard:
            continue
        givers = [
            other
            for other, (earlier, support) in enumerate(zip(facts, supports, strict=True))
            if other != index and any(support.row) and earlier.quantities
        ]
        # A value no source states passed the value checks only as worked out ("Total:
        # £122.95" of the answer's £110 and £12.95, "Express adds 50%: £42" of its £28).
        computed = [
            quantity
            for quantity in hard
            if not any(quantity.same_value(place.quantity) for place in located)
            # The customer's own value is theirs, not worked out ("so three weeks is fine").
            and not any(quantity.same_value(given) for given in told)
        ]
        if not (givers or told) or not computed:
            continue  # no value, the answer's or the customer's, to work it out from
        named = set().union(*(facts[other].stems for other in givers))
        besides = subject_stems(fact.stems) - named - asked - _SUMMING_WORDS
        if len(besides) > 1:
            continue
        row = [
            int(any(supports[other].row[rank] for other in givers)) for rank in range(len(own.row))
        ]
        worked[index] = FactSupport(row, None, "", None)
    return worked


# A fact that weighs the customer's own value against a limit: "two weeks is fine",
# "so you're still in time", "three weeks is too late".
_WEIGHED_FINE_RE = re.compile(
    r"\b(?:fine|ok|okay|alright|all right|in time|within (?:it|that|the limit|the window))\b",
    re.IGNORECASE,
)
_WEIGHED_LATE_RE = re.compile(
    r"\b(?:too late|too long|too old|too young|outside (?:it|that|the window)|past (?:it|that)"
    r"|out of time)\b",
    re.IGNORECASE,
)
_WEIGHING_WORDS = frozenset(
    content_stems("fine ok okay alright right time within limit window still late long outside")
)


def _told_value_weighed(
    supports: list[FactSupport], facts: Sequence[Fact], told: Sequence[Quantity]
) -> list[FactSupport]:
    """A fact that says where the customer's own value falls against a bound another
    supported fact of the answer gives ("corked wine can be reported up to 30 days after
    delivery, so two weeks is fine"): supported when the bound does put the value
    there, as that fact is. It states nothing but the customer's value and the
    weighing."""
    weighed = list(supports)
    for index, (fact, own) in enumerate(zip(facts, supports, strict=True)):
        hard = [quantity for quantity in fact.quantities if not quantity.soft]
        if any(own.row) or not own.by_words or not hard:
            continue
        if not all(any(mine.same_value(given) for given in told) for mine in hard):
            continue
        fine, late = (
            bool(_WEIGHED_FINE_RE.search(fact.text)),
            bool(_WEIGHED_LATE_RE.search(fact.text)),
        )
        if fine == late or subject_stems(fact.stems) - _WEIGHING_WORDS:
            continue
        for other, (bound_fact, support) in enumerate(zip(facts, supports, strict=True)):
            if other == index or not any(support.row):
                continue
            bounds = [
                value_bound(bound_fact.text, value)
                for value in bound_fact.quantities
                if not value.soft and any(value.comparable(mine) for mine in hard)
            ]
            if any(
                window_met(bound, hard) if fine else window_exceeded(bound, hard)
                for bound in bounds
            ):
                weighed[index] = FactSupport(list(support.row), None, "", None)
                break
    return weighed


# The words that apply a rule to the customer's case: "so Saturday at noon is fine".
_APPLYING_WORDS = frozenset(
    content_stems("fine ok okay alright able allowed apply applies covered eligible qualify")
)


_ONLY_RE = re.compile(r"\bonly\b", re.IGNORECASE)


def _drawn_for_case(
    supports: list[FactSupport], facts: Sequence[Fact], response: str, context: QueryContext
) -> list[FactSupport]:
    """A fact drawn by "so" from the supported rule before it, for the case the customer
    states ("Off-Peak members can visit all day at weekends, so Saturday at noon is
    fine", "bikes aren't accepted on airport routes, so you can't take it on the coach to
    Gatwick"): supported as the rule is. It says nothing but the rule's words, the
    customer's and the words that apply one to the other, with the rule's polarity, and
    any value it gives is the customer's or the rule's, inside the rule's bound."""
    drawn = list(supports)
    # The answer as its facts were cut from it (decompose.split_response).
    flat = " ".join(normalise(response).split())
    customer = context.stems | context.earlier
    for index in range(1, len(facts)):
        fact, rule = facts[index], facts[index - 1]
        own, ruling = supports[index], drawn[index - 1]
        if any(own.row) or not own.by_words or not any(ruling.row):
            continue
        if fact.negated != rule.negated and not (
            # "covers the Web Development and Data Science tracks only, so it doesn't
            # apply to UX Design": the rule kept to its cases leaves out the one the
            # customer names.
            fact.negated
            and _ONLY_RE.search(rule.text)
            and (subject_stems(fact.stems) & customer) - rule.stems
        ):
            continue
        if not re.search(
            re.escape(rule.text.rstrip(".!")) + r",?\s+so\s+" + re.escape(fact.text[:20]),
            flat,
            re.IGNORECASE,
        ):
            continue
        # "so Sunday rooms have big windows" says a thing of its own.
        if subject_stems(fact.stems) - rule.stems - customer - _APPLYING_WORDS:
            continue
        hard = [quantity for quantity in fact.quantities if not quantity.soft]
        if not all(
            any(mine.same_value(given) for given in [*context.told_quantities, *rule.quantities])
            for mine in hard
        ):
            continue
        bounds = [
            value_bound(rule.text, value)
            for value in rule.quantities
            if not value.soft and any(value.comparable(mine) for mine in hard)
        ]
        if any(not window_met(bound, hard) for bound in bounds):
            continue
        drawn[index] = FactSupport(list(ruling.row), None, "", None)
    return drawn


# "the full weather refund doesn't apply", "the free retest won't apply to you".
_NOT_APPLYING_RE = re.compile(
    r"\b(?:doesn't|does not|don't|do not|won't|will not|wouldn't|would not|can't|cannot)"
    r" apply\b",
    re.IGNORECASE,
)
# Share of the words naming the rule that its sentence must say.
NOT_APPLYING_RULE_SHARE = 0.6


def _rule_not_applying(
    supports: list[FactSupport],
    facts: Sequence[Fact],
    sources: Sequence[PreparedSource],
    context: QueryContext,
) -> list[FactSupport]:
    """A fact saying a rule does not apply to the customer ("As the cancellation is coming
    from you rather than us, the full weather refund doesn't apply") is supported where
    the sentence giving the rule holds it for a party the customer says did not act ("If
    we cancel because of bad weather, we refund you in full" for "I'd like to cancel"),
    or for a window the customer says they are past: the grounded negative the rule's own
    condition gives."""
    told_cause = cause_of(context.text)
    checked = list(supports)
    for index, (fact, own) in enumerate(zip(facts, supports, strict=True)):
        match = _NOT_APPLYING_RE.search(fact.text)
        if any(own.row) or not own.by_words or match is None:
            continue
        clause = re.split(r",\s+", fact.text[: match.start()])[-1]
        named = subject_stems(frozenset(content_stems(clause)))
        if len(named) < 2:
            continue
        for rank, source in enumerate(sources):
            held = any(
                len(named & sentence.stems) >= NOT_APPLYING_RULE_SHARE * len(named)
                and any(
                    (
                        (needed := cause_of(condition.text, company_voice=True))
                        and told_cause
                        and needed != told_cause
                    )
                    or window_exceeded(condition, context.told_quantities)
                    for condition in sentence.conditions
                )
                for sentence in source.sentences
            )
            if held:
                checked[index] = FactSupport(
                    [int(other == rank) for other in range(len(sources))], None, "", None
                )
                break
    return checked


def _rule_beside_its_exception(
    supports: list[FactSupport], facts: Sequence[Fact], sources: Sequence[PreparedSource]
) -> list[FactSupport]:
    """The usual value beside the special case's own, both in the answer: "Keys are
    normally emailed within 10 minutes, but for bank transfers the key is sent once the
    payment clears", asked by a customer who paid by bank transfer. The first fact alone
    would give the customer the rule their case is the exception to; with the next,
    the answer gives both, and the case its own. Only for a value read out of its case,
    when another supported fact states the case (its condition's words) and the fact
    itself does not."""
    kept = list(supports)
    for index, support in enumerate(supports):
        if support.reason != "condition_misapplied" or support.source_rank is None:
            continue
        found = next(
            (
                (place, sentence)
                for place, source in enumerate(sources)
                if source.rank == support.source_rank
                for sentence in source.sentences
                if sentence.text == support.passage
            ),
            None,
        )
        if found is None:
            continue
        place, sentence = found
        cases = [condition for condition in sentence.conditions if condition.key_stems]
        own = facts[index]
        if any(
            other != index
            and any(supports[other].row)
            and _states_case(condition, facts[other], own)
            and not condition.satisfied_by(own.stems, own.quantities)
            for condition in cases
            for other in range(len(facts))
        ):
            kept[index] = FactSupport(
                [int(i == place) for i in range(len(sources))], None, "", None
            )
    return kept


def _states_case(condition: Condition, fact: Fact, rule: Fact) -> bool:
    """The fact names the case: every word of the condition the rule's fact does not
    use ("cheque" of "if you paid by cheque" beside "... of payment"), and its values
    when the case has any ("children aged 12 to 15" does not state "aged 6 to 11")."""
    if condition.quantities:
        return condition.satisfied_by(frozenset(), fact.quantities)
    naming = condition.key_stems - rule.stems
    return bool(naming) and naming <= fact.stems


def _restatement(
    item: JudgeInput,
    facts: Sequence[Fact],
    sources: Sequence[PreparedSource],
    supports: Sequence[FactSupport],
) -> tuple[Callable[..., float] | None, Callable[..., bool] | None]:
    """How surely two facts of the answer say one thing: in words close in meaning, or
    as two readings of the same source clause ("you won't be billed" / "you are not
    charged" for "While paused, you are not billed"); and whether they are one
    statement outright: the same source clause, which one of them is supported by and
    the other is by its values and polarity (only its words kept it unsupported), so
    "Electronic transcripts are free" and "You won't pay anything for one" are one.
    Embedded only when some pair could restate each other. With ``parts_apart`` false,
    two facts saying two parts of one source clause read as that clause said twice."""
    readable = [any(support.row) or support.by_words for support in supports]

    def worth_reading(later: int, earlier: int) -> bool:
        if may_restate(facts[later], facts[earlier]) or same_measures(facts[later], facts[earlier]):
            return True
        # Otherwise only a pair same_statement could join: same values, one of them
        # read by its words alone or the two of opposite polarity.
        return (
            readable[later]
            and readable[earlier]
            and same_values(facts[later], facts[earlier])
            and (
                supports[later].by_words
                or supports[earlier].by_words
                or facts[later].negated != facts[earlier].negated
            )
        )

    if not any(
        worth_reading(later, earlier) for later in range(len(facts)) for earlier in range(later)
    ):
        return None, None
    semantic = SemanticIndex(facts, [digits_for_number_words(fact.text) for fact in facts], sources)
    said = [_clause_said(semantic, facts[index], index, sources) for index in range(len(facts))]

    def one_clause(later: int, earlier: int, parts_apart: bool) -> bool:
        first, second = said[later], said[earlier]
        if first is None or second is None or first[:3] != second[:3]:
            return False
        clause = _clause_stems(first[1])[first[2]][0]
        return not (parts_apart and says_other_part(facts[later], facts[earlier], clause))

    def similarity(later: int, earlier: int, parts_apart: bool = True) -> float:
        first, second = said[later], said[earlier]
        if first is not None and second is not None:
            if one_clause(later, earlier, parts_apart):
                return 1.0
            # Two clauses of one source sentence are two statements of it, and so are
            # two sentences each fact plainly says.
            if first[:2] == second[:2] or min(first[3], second[3]) >= SAYS_PLAINLY:
                return 0.0
        return semantic.between(later, earlier)

    def same_statement(later: int, earlier: int, parts_apart: bool = True) -> bool:
        if _one_sentence_value(
            facts[later], facts[earlier], supports[later], supports[earlier], sources
        ):
            return True
        first, second = said[later], said[earlier]
        if not one_clause(later, earlier, parts_apart):
            return False
        pair = (supports[later], supports[earlier])
        if not all(readable[index] for index in (later, earlier)):
            return False
        if not same_values(facts[later], facts[earlier]):
            return False  # "£500 on Everyday" and "£1,000 on Premier" from one sentence
        if not any(any(support.row) for support in pair):
            return False
        # One read only by its words must say the clause plainly.
        return (
            all(any(support.row) for support in pair) or min(first[3], second[3]) >= SAYS_OUTRIGHT
        )

    return similarity, same_statement


def _one_sentence_value(
    later: Fact,
    earlier: Fact,
    later_support: FactSupport,
    earlier_support: FactSupport,
    sources: Sequence[PreparedSource],
) -> bool:
    """Two facts stating the same measured value that one source sentence alone gives
    ("takes about 2 hours" / "allow roughly two hours" / "around 120 minutes"), one of
    them supported and the other unsupported only for its words, state that sentence."""
    values = [quantity for quantity in earlier.quantities if not quantity.soft]
    if not values or not same_values(later, earlier):
        return False
    if not (
        (any(earlier_support.row) and (later_support.by_words or any(later_support.row)))
        or (any(later_support.row) and earlier_support.by_words)
    ):
        return False
    if any(later_support.row) and any(earlier_support.row):
        return False  # both supported: each by its own sentence, however alike
    holders = {
        (index, sentence.position)
        for index, source in enumerate(sources)
        for sentence in source.sentences
        if any(own.same_value(given) for own in values for given in sentence.quantities)
    }
    return len(holders) == 1


# A fact unsupported by its words alone this close to the clause another fact is
# supported by says that clause.
SAYS_OUTRIGHT = 0.6


# A fact this close to a source sentence says that sentence and no other.
SAYS_PLAINLY = 0.75


@lru_cache(maxsize=8192)
def _clause_stems(sentence: str) -> tuple[tuple[frozenset[str], bool, frozenset[str]], ...]:
    """Each statement of a sentence: its stems, whether it is negated, and the words
    its negations deny."""
    return tuple(
        (
            frozenset(content_stems(part)),
            has_negation(part),
            frozenset().union(*negation_targets(part)),
        )
        for part in split_clauses(sentence)
    )


def _clause_said(
    semantic: SemanticIndex, fact: Fact, index: int, sources: Sequence[PreparedSource]
) -> tuple[int, str, int, float] | None:
    """The source clause a fact says: the sentence closest in meaning, and within it
    the clause sharing most of the fact's words; with the sentence's similarity."""
    best, best_score = None, SAYS_SENTENCE
    for source in range(len(sources)):
        score, sentence = semantic.best_sentence(index, source)
        if sentence is not None and score >= best_score:
            best, best_score = (source, sentence), score
    if best is None:
        return None
    source, text = best
    # The sentence split as the answer's facts are, so one clause is one fact's worth.
    # The clause it says most of: a short clause said whole beats a long one it
    # borrows a few words from.
    parts = _clause_stems(text)
    # ...and of the fact's polarity: "There's no way to extend a DVD loan" says
    # "cannot be renewed", not "DVDs are loaned for 1 week".
    # A denial says the clause denying what it denies: "You can't watch anything during
    # the pause" says "cannot watch", not "while paused you are not charged".
    denies = frozenset().union(*negation_targets(fact.text)) if fact.negated else frozenset()
    overlaps = [
        (len(fact.stems & part) / len(part) if part else 0.0)
        + (negated == fact.negated)
        + DENIES_SAME * bool(denies & denied)
        for part, negated, denied in parts
    ]
    clause = overlaps.index(max(overlaps)) if overlaps else 0
    return source, text, clause, best_score


# What a denial of the same words adds to a clause's claim to be the one a fact says.
DENIES_SAME = 0.25


def _still_told(
    told: Sequence[Quantity], asked: Sequence[Quantity], history: Sequence[Turn]
) -> tuple[Quantity, ...]:
    """The customer's values as they still hold: one an earlier question gave is left
    behind once the last answer gives another value of its measure ("How much is a
    30-minute walk?" ... "Solo walks also come in 60 minutes." "How much is that one?").
    The question's own values always hold."""
    if not history:
        return tuple(told)
    last = extract_quantities(digits_for_number_words(normalise(history[-1].response)))

    def moved_on(value: Quantity) -> bool:
        return any(
            other.comparable(value) and not other.same_value(value) and not value.same_value(other)
            for other in last
            if not other.soft
        )

    return tuple(
        value
        for value in told
        if any(value.same_value(own) and own.same_value(value) for own in asked)
        or not moved_on(value)
    )


def _query_context(
    query: str, vocab: DomainVocabulary, earlier: frozenset[str] = frozenset(), told: str = ""
) -> QueryContext:
    converted = digits_for_number_words(normalise(query))
    return QueryContext(
        stems=frozenset(content_stems(converted)),
        earlier=earlier,
        text=told or query,
        told_quantities=tuple(
            extract_quantities(digits_for_number_words(normalise(told or query)))
        ),
        quantities=tuple(extract_quantities(converted)),
        known_names=vocab.names,
        brand=vocab.brand,
        asks_for=bool(_ASKS_FOR_RE.search(query)),
        reference=vocab.reference_passages,
    )


# A question asking for a thing, a name or a value rather than a yes or a no.
_ASKS_FOR_RE = re.compile(r"\b(?:what|what's|which|who|whom|whose|where|when|how)\b", re.I)


def _matches(
    query: str,
    sub_queries: Sequence[SubQuery],
    keys: Sequence[Keys],
    parts: ResponseParts,
    sources: Sequence[PreparedSource],
    supports: Sequence[FactSupport],
) -> Matches:
    """The match matrices; words first, then what the support of each fact says.

    Each direction is completed from the other's word matches only, never from a
    match it inferred itself, so one loose match cannot spread through the matrices.
    """
    response_query = _response_query(sub_queries, keys, parts)
    source_query = [
        [
            int(source_addresses(source, sub_query, key))
            for sub_query, key in zip(sub_queries, keys, strict=True)
        ]
        for source in sources
    ]
    by_words = [list(row) for row in source_query]
    # A source that supports a fact answering a sub-query evidently addresses it.
    for fact_row, support in zip(response_query, supports, strict=True):
        for source_index, supported in enumerate(support.row):
            for query_index, addressed in enumerate(fact_row):
                if supported and addressed:
                    source_query[source_index][query_index] = 1
    _answer_through_sources(response_query, by_words, supports, sub_queries, parts.facts)
    for fact_index in _answer_by_meaning(query, response_query, supports, sub_queries, parts.facts):
        # A source supplying a fact that answers the question addresses the question.
        for source_index, supported in enumerate(supports[fact_index].row):
            if supported:
                source_query[source_index][0] = 1
    _drop_declined(response_query, keys, parts, sub_queries)
    return Matches(
        source_query=source_query,
        response_query=response_query,
        response_source=[list(support.row) for support in supports],
        redundant_of=[],
    )


# A supported fact this close in meaning to the only question asked answers it.
ANSWERS_BY_MEANING = 0.25


def _answer_by_meaning(
    query: str,
    response_query: list[list[int]],
    supports: Sequence[FactSupport],
    sub_queries: Sequence[SubQuery],
    facts: Sequence[Fact],
) -> list[int]:
    """Facts the sources support that answer the only question in other words than
    its own ("They are descended from the Hindu-Arabic numeral system" for "where did
    the shape of numbers come from?"): close in meaning to the question. Only for a
    single question, where no other part could be the one the fact answers, and only
    when no fact answers it by its words; returns the facts it marks."""
    if len(sub_queries) != 1 or any(row[0] for row in response_query):
        return []  # a fact answers it by its words: the question is answered
    pending = [
        index
        for index, support in enumerate(supports)
        if any(support.row) and not any(response_query[index])
    ]
    if not pending:
        return []
    vectors = embed([query, *(facts[index].text for index in pending)])
    marked = [
        index
        for position, index in enumerate(pending, start=1)
        if float(vectors[position] @ vectors[0]) >= ANSWERS_BY_MEANING
    ]
    for index in marked:
        response_query[index][0] = 1
    return marked


def _answer_through_sources(
    response_query: list[list[int]],
    source_query: Sequence[Sequence[int]],
    supports: Sequence[FactSupport],
    sub_queries: Sequence[SubQuery],
    facts: Sequence[Fact],
) -> None:
    """A fact in other words than the question's, taken from a source about the
    question, answers it ("Payouts are made every Monday" for "when do I get paid?").

    Only facts that answer nothing by their words; a fact from a source retrieved for
    nothing asked (a padded answer) stays unasked. Beside other parts, a part asking a
    value is answered only by a fact giving one: "express takes 1-2 days" does not say
    what express costs, though the source that says it may.
    """
    several = len(sub_queries) > 1
    for fact_index, support in enumerate(supports):
        row = response_query[fact_index]
        if any(row):
            continue
        for query_index, sub_query in enumerate(sub_queries):
            fact = facts[fact_index]
            if several and value_required(sub_query) and not gives_expected_value(fact, sub_query):
                continue
            if any(
                supported and source_query[source_index][query_index]
                for source_index, supported in enumerate(support.row)
            ):
                row[query_index] = 1


def _response_query(
    sub_queries: Sequence[SubQuery], keys: Sequence[Keys], parts: ResponseParts
) -> list[list[int]]:
    only_question = len(sub_queries) == 1
    response_query = [
        [
            int(fact_addresses(fact, sub_query, key, only_question=only_question))
            for sub_query, key in zip(sub_queries, keys, strict=True)
        ]
        for fact in parts.facts
    ]
    _align_by_answer_type(response_query, sub_queries, parts.facts)
    return response_query


def _drop_declined(
    response_query: list[list[int]],
    keys: Sequence[Keys],
    parts: ResponseParts,
    sub_queries: Sequence[SubQuery],
) -> None:
    """A part the answer says it cannot answer ("I don't have the price for express
    shipping") is unanswered, whatever facts around it share its words; a refusal that
    names one kind of value ("the price") does not decline a part asking another ("how
    many days does express take?")."""
    for kind, text in parts.others:
        if kind != "refusal":
            continue
        said = frozenset(content_stems(text))
        named = {value for value, words in _VALUE_WORDS.items() if words & said}
        for query_index, key in enumerate(keys):
            asks = sub_queries[query_index].expects
            if named and asks in _VALUE_WORDS and asks not in named:
                continue
            if key and key.share(said) >= DECLINE_SHARE:
                for row in response_query:
                    row[query_index] = 0


def _align_by_answer_type(
    response_query: list[list[int]], sub_queries: Sequence[SubQuery], facts: Sequence[Fact]
) -> None:
    """Give a sub-query asking for a value ("how much ... on laptops?") the fact that
    states that kind of value and answers nothing else, when words alone found none
    ("Commission on computers is 8%")."""
    for query_index, sub_query in enumerate(sub_queries):
        if any(row[query_index] for row in response_query):
            continue
        for fact_index, fact in enumerate(facts):
            row = response_query[fact_index]
            if not any(row) and gives_expected_value(fact, sub_query):
                row[query_index] = 1
                break
        else:
            _both_kinds_in_one(response_query, query_index, sub_queries, facts)
        if not any(row[query_index] for row in response_query):
            _what_it_covers(response_query, query_index, sub_queries, facts)


# What a thing holds: "what does it cover?", "what's included?".
_HOLDING_VERBS = frozenset(content_stems("cover covers covered include includes included contain"))


def _what_it_covers(
    response_query: list[list[int]],
    query_index: int,
    sub_queries: Sequence[SubQuery],
    facts: Sequence[Fact],
) -> None:
    """A part asking only what the thing an earlier part named covers ("How much is
    Ticket Protection, and what does it cover?") is answered by a fact about that thing
    that answers no other part another fact leaves unanswered ("It refunds you in full if
    illness stops you going"),
    in whatever words it says what the thing does."""
    sub_query = sub_queries[query_index]
    if (
        not sub_query.context
        or not sub_query.key_stems
        or not (sub_query.key_stems <= _HOLDING_VERBS)
    ):
        return
    for fact_index, fact in enumerate(facts):
        row = response_query[fact_index]
        # ...no other part, or none another fact does not answer as well.
        needed = any(
            hit and not any(other[index] for other in response_query if other is not row)
            for index, hit in enumerate(row)
        )
        if not needed and sub_query.context <= fact.stems | fact.context:
            row[query_index] = 1
            return


def _both_kinds_in_one(
    response_query: list[list[int]],
    query_index: int,
    sub_queries: Sequence[SubQuery],
    facts: Sequence[Fact],
) -> None:
    """One fact giving the values of two parts that ask two kinds of value ("For £35 a
    month, Fibre 500 gets you 500 Mbps" for "How fast is Fibre 500 and what does it
    cost?") answers both, though its words name only one of them."""
    wanted = EXPECTED_KINDS.get(sub_queries[query_index].expects)
    if wanted is None:
        return
    for fact_index, fact in enumerate(facts):
        row = response_query[fact_index]
        answered = [
            EXPECTED_KINDS.get(sub_queries[index].expects, ())
            for index, hit in enumerate(row)
            if hit
        ]
        kinds = {quantity.kind for quantity in fact.quantities if not quantity.soft}
        # A value of this part's kind, and beside it one of the other part's kind that
        # this part would not take: two values, one for each.
        if (
            answered
            and kinds & set(wanted)
            and any(kinds & (set(other) - set(wanted)) for other in answered)
        ):
            row[query_index] = 1
            return


# Words of any refusal or redirect, whatever it declines.
_DECLINE_WORDS = frozenset(
    content_stems(
        "information details question questions help contact team customer service support"
        " touch call email please glad happy sorry able find"
    )
)


_SCOPE_RE = re.compile(
    r"\bonly (?:help|assist|answer|deal|talk)|\bcan (?:help|assist) (?:you )?with\b", re.I
)


def _off_topic(
    query: str,
    sub_queries: Sequence[SubQuery],
    matches: Matches,
    vocab: DomainVocabulary,
    sources: Sequence[PreparedSource],
    parts: ResponseParts,
    bot_domain: str = "",
) -> bool:
    if not sub_queries or any(any(row) for row in matches.source_query):
        return False
    # An answer most of whose facts a retrieved article supports was answered from the
    # knowledge base: the question is in its territory, though it shares no word with the
    # article ("My jacket came back with a tear. What can I do?" from "Damage and lost
    # items").
    supported = sum(1 for row in matches.response_source if any(row))
    if supported and 2 * supported > len(matches.response_source):
        return False
    if _points_to_own_staff(parts):
        return False
    source_stems = frozenset().union(*(s.stems for s in sources))
    # "I don't have information about warranty claims" / "for questions about musical
    # instruments, contact us": a refusal naming what the retrieved articles speak of
    # declines an in-domain question, which is no content, not an off-topic decline.
    # The bot stating its own scope ("I can only help with orders") declines nothing named.
    declined = frozenset(
        stem
        for kind, text in parts.others
        if kind in ("refusal", "redirect") and not _SCOPE_RE.search(text)
        for stem in content_stems(text)
    )
    if len(question_subject(declined) - _DECLINE_WORDS & source_stems) >= 2:
        return False
    query_stems = frozenset(content_stems(query))
    # ... and so is one naming what the question asks about where the bot's own scope
    # names all of it too: "I don't have information about certificates" from a bot for
    # "courses, fees and certificates" is a gap in its knowledge ("I can't help with
    # cover letters" from an insurer's bot for "cover limits" is not).
    named = question_subject(declined) - _DECLINE_WORDS & query_stems
    if named and named <= frozenset(content_stems(bot_domain)):
        return False
    # What the retriever returned shares the question's subject: the knowledge base's
    # territory, even if it holds no answer.
    if question_subject(query_stems) & frozenset().union(*(s.stems for s in sources)):
        return False
    return is_off_topic(query_stems, vocab, retrieved=bool(sources))


_OWN_PEOPLE_RE = re.compile(r"\b(?:us|our|we|the team|staff)\b", re.I)


def _points_to_own_staff(parts: ResponseParts) -> bool:
    """Only a pointer to the business's own people ("ask the team when you drop it off",
    "please contact our customer care team"), declining nothing: the bot takes the question for its business's
    own, so it is in the domain and the pointer is no answer to it."""
    kinds = [kind for kind, _ in parts.others]
    if "refusal" in kinds or "redirect" not in kinds:
        return False
    redirects = [text for kind, text in parts.others if kind == "redirect"]
    return all(_OWN_PEOPLE_RE.search(text) and not _SCOPE_RE.search(text) for text in redirects)


def _findings(
    item: JudgeInput,
    sub_queries: Sequence[SubQuery],
    parts: ResponseParts,
    supports: Sequence[FactSupport],
    matches: Matches,
    off_topic: bool,
    unaddressed: set[int],
    sources: Sequence[PreparedSource] = (),
) -> Findings:
    covered = [
        any(row[index] for row in matches.response_query) for index in range(len(sub_queries))
    ]
    metrics = metrics_from_matches(
        matches, n_sources=None, n_sub_queries=len(sub_queries), n_facts=len(parts.facts)
    )
    return Findings(
        groundedness=metrics["groundedness"],
        coverage=metrics["response_query_coverage"],
        source_coverage=metrics["source_query_coverage"],
        grounded_negative=any(
            fact.negated and any(support.row)
            for fact, support in zip(parts.facts, supports, strict=True)
        ),
        sub_queries=[sub_query.text for sub_query in sub_queries],
        covered=covered,
        facts=[fact.text for fact in parts.facts],
        unsupported=_unsupported(supports),
        conflicts=_conflicts(parts.facts, supports, matches, sub_queries, sources),
        invented=_invented(
            supports, matches, unaddressed, parts.facts, frozenset(content_stems(item.query))
        ),
        false_quotes=quotes_not_in_sources(item.response, item.sources),
        other_kinds=parts.kinds(),
        small_talk=is_small_talk(item.query),
        off_topic=off_topic,
        vague=bool(sub_queries) and all(not sub_query.key_stems for sub_query in sub_queries),
    )


def _conflicts(
    facts: Sequence[Fact],
    supports: Sequence[FactSupport],
    matches: Matches,
    sub_queries: Sequence[SubQuery],
    sources: Sequence[PreparedSource] = (),
) -> list[tuple[int, int]]:
    """Pairs of facts giving two values for one thing: by what they are about, or as
    two answers to the one value a part of the question asks for, where the sources
    never give the unbacked one's value (one they give may be a misread paraphrase)."""
    pairs = conflicting_pairs(list(facts))
    answers = [
        frozenset(
            index
            for index, hit in enumerate(row)
            if hit
            or (
                value_required(sub_queries[index])
                and gives_expected_value(fact, sub_queries[index])
            )
            or _gives_clock_time(fact, sub_queries[index])
        )
        for fact, row in zip(facts, matches.response_query, strict=True)
    ]
    given = [quantity for source in sources for _, quantity in source.located_quantities()]
    supported = [
        any(support.row)
        or any(q.same_value(o) for q in fact.quantities if not q.soft for o in given)
        for fact, support in zip(facts, supports, strict=True)
    ]
    return pairs + [
        pair for pair in rival_answers(list(facts), supported, answers) if pair not in pairs
    ]


def _gives_clock_time(fact: Fact, sub_query: SubQuery) -> bool:
    """A time of day answers a question asking when as a length of time answers "how
    long": "back by 5pm" answers "what time do I return it?" whatever words it uses."""
    return sub_query.expects == "time" and any(
        quantity.kind == "time" and not quantity.soft for quantity in fact.quantities
    )


def _invented(
    supports: Sequence[FactSupport],
    matches: Matches,
    unaddressed: set[int],
    facts: Sequence[Fact],
    query_stems: frozenset[str],
) -> list[int]:
    """Unsupported facts that answer the question with something made up: mostly words
    the sources never use, or an answer to a part no source says a word about (the bot
    should have said it does not know). A fact made only of the question's words ("that
    includes the e-reader") restates what was asked; it makes nothing up."""
    invented = []
    for index, support in enumerate(supports):
        if support.reason != "not_in_sources" or support.personal:
            continue
        said = subject_stems(facts[index].stems) - _APPLYING
        if not facts[index].quantities and said <= query_stems:
            continue
        answered = {j for j, flag in enumerate(matches.response_query[index]) if flag}
        if answered and (support.invented or answered & unaddressed):
            invented.append(index)
    return invented


def _unsupported(supports: Sequence[FactSupport]) -> list[UnsupportedFact]:
    return [
        UnsupportedFact(
            fact=index,
            reason=support.reason,
            passage=support.passage,
            source_rank=support.source_rank,
        )
        for index, support in enumerate(supports)
        if not any(support.row) and support.reason is not None
    ]


def _notes(parts: ResponseParts, findings: Findings, item: JudgeInput, asked: str) -> dict:
    return {
        "non_claims": [{"kind": kind, "text": text} for kind, text in parts.others],
        "history": [{"query": turn.query, "response": turn.response} for turn in item.history],
        "resolved_query": item.query if item.query != asked else "",
        "verdict_rules": list(VERDICT_RULES),
        "offline": True,
        "off_topic": findings.off_topic,
        "grounded_negative": findings.grounded_negative,
        "vague": findings.vague,
        "small_talk": findings.small_talk,
        "set_aside": [{"kind": kind, "text": text} for kind, text in parts.others],
        "conflicting_facts": [list(pair) for pair in findings.conflicts],
        "quotes_not_in_sources": findings.false_quotes,
    }
