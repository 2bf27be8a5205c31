"""A denial the passage does not make: the fact says something did not happen, or does
not hold, where the passage says it did.

The check on polarity reads a fact against the clause sharing most of its words. A fact
that names its subject by a long description ("The thesis supervisor of Ann Reed was
not awarded the Gold Medal") shares most words with the sentence giving the
description, and the one saying "He was also awarded the Gold Medal in 1969" goes
unread. So the words the fact denies are looked for on their own: a clause stating all
of them, of the fact's subject (named, or a pronoun going on about it from the sentence
before), with no clause of the passage denying them, says the opposite of the fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import (
    NEGATIONS,
    content_stems,
    digits_for_number_words,
    negation_targets,
    stem,
)

from .decompose import Fact
from .sources import CLAUSE_BREAK_RE, PreparedSource, SourceClause
from .values import Problem, subject_stems

# The words a denial bears on: this many content words after the negation.
DENIED_WORDS = 4
# Fewer words than this say too little to find the clause that affirms them.
MIN_DENIED = 3

_NEGATION_WORD_RE = re.compile(
    r"(?<![-\w'])(?:"
    + "|".join(sorted((re.escape(word) for word in NEGATIONS), key=len, reverse=True))
    + r")(?![-\w'])",
    re.IGNORECASE,
)
_CLAUSE_END_RE = re.compile(r"[,;:.!?]|\s(?:and|but|because|if|when|unless|which|who)\s")
# A case a denial or a statement is made for ("won't stay active once you report it
# lost", "stays active unless ..."): the other polarity may hold in the other case.
_CASE_RE = re.compile(
    r"\b(?:if|unless|once|when|whenever|until|except|after|before|while|without)\b",
    re.IGNORECASE,
)
_PRONOUN_START_RE = re.compile(r"^\W*(?:he|she|it|they|this|these)\b", re.IGNORECASE)


def denied_predicate_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact denies of its subject what a clause of the passage says of it."""
    if not fact.negated or fact.quantities or _CASE_RE.search(fact.text):
        return None  # a denial for a case or a bound ("under £30") is read with its values
    if len(negation_targets(fact.text)) != 1:
        return None
    negation = _NEGATION_WORD_RE.search(fact.text)
    if negation is None:
        return None
    rest = fact.text[negation.end() :]
    end = _CLAUSE_END_RE.search(rest)
    denied = frozenset(content_stems(rest[: end.start() if end else len(rest)])[:DENIED_WORDS])
    subject = subject_stems(frozenset(content_stems(fact.text[: negation.start()]))) - denied
    if len(denied) < MIN_DENIED or not subject:
        return None
    found = None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            for clause in sentence.clauses:
                if not denied <= clause.stems:
                    continue
                if _denies(clause, denied):
                    return None  # the passage denies it too, of someone
                previous = source.sentences[position - 1].stems if position else frozenset()
                if _CASE_RE.search(sentence.text):
                    continue  # "stays active unless you report it": a case may deny it
                if found is None and _of_subject(clause, subject, previous):
                    found = Problem("contradicts_source", clause.text, index)
    return found


def _denies(clause: SourceClause, denied: frozenset[str]) -> bool:
    return any(target & denied for target in clause.negations)


def _of_subject(clause: SourceClause, subject: frozenset[str], previous: frozenset[str]) -> bool:
    """The clause speaks of the fact's subject: it names some of it, or opens with a
    pronoun going on about a sentence that does."""
    if subject & clause.stems:
        return True
    return bool(_PRONOUN_START_RE.match(clause.text)) and bool(subject & previous)


# "A non-refundable deposit", "the deposit is non-refundable", "non-transferable
# tickets": what cannot be done to the thing, said in one word before or after it.
_NON_ABLE_BEFORE_RE = re.compile(r"\bnon-?([a-z]+?)(?:able|ible)\s+([a-z][\w-]*)", re.IGNORECASE)
_NON_ABLE_AFTER_RE = re.compile(
    r"\b([a-z][\w-]*)\s+(?:is|are|will be|remains?)\s+(?:always\s+)?non-?([a-z]+?)(?:able|ible)\b",
    re.IGNORECASE,
)
_GRANTED_RE = re.compile(r"\b(?:unless|except|apart from|other than|but)\b", re.IGNORECASE)


@lru_cache(maxsize=16384)
def _non_able_pairs(text: str) -> tuple[tuple[str, str], ...]:
    """(the thing, what cannot be done to it), as stems; none where the sentence grants
    a case ("non-refundable unless we cancel")."""
    if "non" not in text.lower() or _GRANTED_RE.search(text):
        return ()
    pairs = [(thing, action) for action, thing in _NON_ABLE_BEFORE_RE.findall(text)]
    pairs += _NON_ABLE_AFTER_RE.findall(text)
    return tuple((stem(thing.lower()), stem(action.lower())) for thing, action in pairs)


def non_able_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact does to a thing what the passage calls it "non-...able" for: "the deposit
    is refunded if you cancel early" of "a non-refundable deposit secures your date"."""
    if fact.negated or "non" in fact.text.lower():
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for thing, action in _non_able_pairs(sentence.text):
                if thing in fact.stems and action in fact.stems:
                    if _granted_elsewhere(fact, sources, thing, action):
                        continue
                    return Problem("contradicts_source", sentence.text, index)
    return None


_OPENS_ON_CASE_RE = re.compile(r"^\W*(?:if|when|whenever|once|where|should)\b", re.IGNORECASE)


def _granted_elsewhere(
    fact: Fact, sources: Sequence[PreparedSource], thing: str, action: str
) -> bool:
    """Another sentence does it to the thing in the case the fact states: "If we have to
    cancel, we ... refund your deposit" beside "Deposits are non-refundable". The
    non-...able rule is the general one; the fact gives its exception as a source does."""
    return bool(fact.conditioned or _OPENS_ON_CASE_RE.match(fact.text)) and any(
        thing in sentence.stems
        and action in sentence.stems
        and not sentence.negated
        and not _non_able_pairs(sentence.text)
        and "non" not in sentence.text.lower()
        for source in sources
        for sentence in source.sentences
    )


# "Attila is from Georgia, but not Atlanta", "You can pay by card, but not by cheque":
# what the fact rules out at its end, after what it grants.
_BUT_NOT_RE = re.compile(
    r",?\s+(?:but|though|although|yet)\s+not\s+"
    r"(?:(?:by|in|on|at|from|for|with|to|via|into|during|the|a|an|any)\s+)*"
    r"([^,;:.!?()]{1,40}?)\s*[.!?]*$",
    re.IGNORECASE,
)
# The most words the ruled-out thing is named with; a longer tail is a clause of its own.
MAX_EXCLUDED_WORDS = 3
# A sentence that makes a case or a restriction ("only", "unless", "except") may allow
# the ruled-out thing in another case, so it is not read as affirming it.
_RESTRICTED_RE = re.compile(
    r"\b(?:only|unless|except|excluding|apart from|other than|if|when|once|until|after"
    r"|before|while|without)\b",
    re.IGNORECASE,
)


def excluded_alternative_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact rules out at its end what the sentence saying the rest of it affirms:
    "Attila is from Georgia, but not Atlanta" of "Attila is a band from Atlanta,
    Georgia"; "You can pay by card, but not by cheque" of "You can pay by card or by
    cheque". The sentence read is the one holding most of what the fact grants, so a
    ruled-out thing another sentence names for something else is not read."""
    match = _BUT_NOT_RE.search(fact.text)
    if match is None:
        return None
    excluded = frozenset(content_stems(match.group(1)))
    granted = frozenset(content_stems(fact.text[: match.start()])) - excluded
    if not excluded or len(excluded) > MAX_EXCLUDED_WORDS or len(granted) < 2:
        return None
    best, best_shared = None, 1
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            shared = len(granted & sentence.stems)
            if shared > best_shared:
                best, best_shared = (index, sentence), shared
    if best is None or best_shared * 2 < len(granted):
        return None
    index, sentence = best
    if not excluded <= sentence.stems or _RESTRICTED_RE.search(sentence.text):
        return None
    if any(_denies(clause, excluded) for clause in sentence.clauses):
        return None  # "by card, not by cheque": the sentence rules it out too
    return Problem("contradicts_source", sentence.text, index)


# "we fix it free of charge, parts included", "free delivery, including installation":
# what a free service takes in at no cost.
_FREE_WORDS_RE = re.compile(
    r"\b(?:free(?: of charge)?|at no (?:extra |additional )?cost|no charge)\b", re.I
)
_INCLUDED_RE = re.compile(
    r"\b(?P<thing>(?:[a-z][\w-]*\s+)?[a-z][\w-]*)\s+included\b"
    r"|\bincluding\s+(?:the\s+|any\s+|all\s+)?(?P<also>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.IGNORECASE,
)
# "you'll pay for any parts", "parts are charged extra", "parts cost extra".
_PAID_FOR_RE = re.compile(
    r"\b(?:pay|pays|paying|charged?|charges?|billed)\s+(?:you\s+)?(?:extra\s+|separately\s+)?for\s+"
    r"(?:any\s+|the\s+|all\s+|your\s+)?(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"|\b(?P<subject>[a-z][\w-]*)\s+(?:is|are|will be|cost|costs)\s+(?:charged\s+)?(?:extra|separately|on top)\b",
    re.IGNORECASE,
)


def paid_for_included_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact charges for what a free service's sentence says it includes: "we'll fix
    the labour free of charge, but you'll pay for any parts" of "we fix it free of
    charge, parts included"."""
    if fact.negated:
        return None
    charged = frozenset(
        word
        for match in _PAID_FOR_RE.finditer(fact.text)
        for word in content_stems(match.group("thing") or match.group("subject"))
    )
    if not charged:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if "includ" not in sentence.text.lower() or not _FREE_WORDS_RE.search(sentence.text):
                continue
            included = frozenset(
                word
                for match in _INCLUDED_RE.finditer(sentence.text)
                for word in content_stems(match.group("thing") or match.group("also"))
            )
            if charged & included and len(fact.stems & sentence.stems) >= 2:
                return Problem("contradicts_source", sentence.text, index)
    return None


# "Conservatory windows and sides are included in the house price": what no price of
# its own is charged for.
_INCLUDED_IN_RE = re.compile(
    r"(?:^|[.;]\s+)(?P<things>[A-Z][^.;:]{2,60}?)\s+(?:is|are)\s+(?:always\s+)?included\s+in\s+"
    r"(?:the\s+|your\s+|our\s+)?(?:[\w-]+\s+)?(?:price|prices|cost|fee|rate|charge)\b",
)
_THINGS_SPLIT_RE = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)
_FACT_CLAUSE_RE = re.compile(r",?\s+(?:and|but|while)\s+|;\s*|,\s+(?=\w+\s+(?:is|are)\b)")


def priced_included_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact puts a price on what a source says is included in another price:
    "the conservatory's sides are £5 each on top" of "Conservatory windows and sides
    are included in the house price"."""
    if fact.negated or "includ" in fact.text.lower():
        return None
    # Only a sentence saying "included" names what is included: none, nothing to price.
    said = (sentence.text for source in sources for sentence in source.sentences)
    if not any("included" in text for text in said):
        return None
    priced = [
        frozenset(content_stems(clause))
        for clause in _FACT_CLAUSE_RE.split(fact.text)
        if any(
            quantity.kind == "amount" and quantity.low > 0 and not quantity.soft
            for quantity in extract_quantities(digits_for_number_words(clause))
        )
    ]
    if not priced:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if "included" not in sentence.text:
                continue
            for match in _INCLUDED_IN_RE.finditer(sentence.text):
                # "Steps and handrails": each is included, named on its own.
                for part in _THINGS_SPLIT_RE.split(match.group("things")):
                    thing = subject_stems(frozenset(content_stems(part)))
                    if thing and any(thing <= words for words in priced):
                        return Problem("contradicts_source", sentence.text, index)
    return None


# What a requirement is said with: "someone needs to be home", "you must be in".
_NEED_RE = re.compile(
    r"\b(?:needs?|needed|must|has to|have to|(?:is|are) required to)\b", re.IGNORECASE
)
# Where a requirement's reason starts: "... so we can get through the gate".
_PURPOSE_RE = re.compile(
    r",?\s+(?:so(?: that)?|in order to|to let)\s+(?=(?:we|you|they|it|the|our|your)\b)",
    re.IGNORECASE,
)


def denied_requirement_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact states a requirement the source denies, or denies one it states, said in
    the same one word: "someone needs to be home" against "you don't need to be home".
    One word says too little to find a clause by, but a requirement said in only that
    word is the same requirement; its reason ("so we can get through the gate") is not
    part of it."""
    for fact_clause in CLAUSE_BREAK_RE.split(fact.text):
        required = _PURPOSE_RE.split(fact_clause, maxsplit=1)[0]
        if not _NEED_RE.search(required) or _CASE_RE.search(required):
            continue
        words = subject_stems(frozenset(content_stems(required)))
        if len(words) != 1:
            continue
        denied = bool(negation_targets(required))
        for index, source in enumerate(sources):
            for sentence in source.sentences:
                for clause in CLAUSE_BREAK_RE.split(sentence.text):
                    if not _NEED_RE.search(clause) or _CASE_RE.search(clause):
                        continue
                    if subject_stems(frozenset(content_stems(clause))) != words:
                        continue
                    if bool(negation_targets(clause)) != denied:
                        return Problem("contradicts_source", sentence.text, index)
    return None


# A grant kept to some cases, then what it is not for: "Courtesy cars are available with
# full services only, not with interim services or MOTs", "Free delivery is for orders
# over £25, but not for furniture or white goods".
_RULED_OUT_LIST_RE = re.compile(
    r"^(?P<granted>[^;:]+?)(?:,\s+(?:but\s+)?|\s+but\s+)not\s+(?:(?:for|with|on|in|at|to|during|by)\s+)?"
    r"(?:the\s+|any\s+|an?\s+)?(?P<items>[^.;:!?]+?)\s*[.;!]?$",
    re.IGNORECASE,
)
_LIST_SPLIT_RE = re.compile(r"\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)", re.IGNORECASE)
# Share of the grant's words the fact must say to be stating that grant.
RULED_OUT_GRANT_SHARE = 0.6


@lru_cache(maxsize=16384)
def _ruled_out_list(text: str) -> tuple[frozenset[str], tuple[frozenset[str], ...]] | None:
    """The grant a sentence keeps to some cases and the things it says it is not for,
    as stems; None for a sentence without such a list."""
    if "not" not in text.lower():
        return None
    match = _RULED_OUT_LIST_RE.match(text)
    if match is None:
        return None
    granted = subject_stems(frozenset(content_stems(match.group("granted"))))
    if len(granted) < 2:
        return None
    items = tuple(
        words
        for item in _LIST_SPLIT_RE.split(match.group("items"))
        if (words := subject_stems(frozenset(content_stems(item))) - granted)
    )
    return granted, items


def ruled_out_item_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact grants what a sentence grants, for a thing the sentence says it is not
    for: "Courtesy cars are available with MOTs and full services" of "Courtesy cars are
    available with full services only, not with interim services or MOTs"."""
    if fact.negated:
        return None
    said = fact.stems
    denied: frozenset[str] | None = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            ruled = _ruled_out_list(sentence.text)
            if ruled is None:
                continue
            granted, items = ruled
            if len(granted & said) < RULED_OUT_GRANT_SHARE * len(granted):
                continue
            if denied is None:
                denied = frozenset().union(*negation_targets(fact.text))
            for words in items:
                if words <= said and not words & denied:
                    return Problem("contradicts_source", sentence.text, index)
    return None
