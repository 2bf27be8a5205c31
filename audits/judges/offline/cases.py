"""Claims read against the cases a source sets apart from its rule: the hours of the day
a value holds for, the cases a rule is waived in or does not apply to, the things a
rule's subject lists, and the case a source denies a claim made for every case.

Each check returns a :class:`~.values.Problem` or None, as the checks of :mod:`.support`
do, and is one of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from kbaudit.text.conditions import named_cases
from kbaudit.text.lexicon import GENERAL_NOUN_RE
from kbaudit.text.quantities import Quantity
from kbaudit.text.tokens import (
    content_stems,
    first_char_regex,
    has_negation,
    negation_targets,
    stem,
    word_list,
)

from .decompose import Fact
from .questions import VERB_RE
from .sources import CLAUSE_BREAK_RE, PreparedSource
from .tables import label_words
from .values import Problem, subject_stems

if TYPE_CHECKING:
    from .support import QueryContext


# Where a rule says when it does not hold: "£10, waived the first time in any 12 months",
# "unless ...", and a sentence after it: "Neither applies if you changed the address".
_WAIVER_CLAUSE_RE = re.compile(
    r"\b(?:waived|not charged|unless|except(?: for| when| if)?|excluding)\b(?P<case>[^.;]*)",
    re.IGNORECASE,
)
_NOT_APPLYING_RE = re.compile(
    r"\b(?:(?:neither|none of (?:this|these|them)|this|these|that|it|they) (?:does not |doesn't "
    r"|do not |don't )?appl(?:y|ies)|(?:does not|doesn't|do not|don't|won't|will not) apply"
    r"|no longer appl(?:y|ies))"
    r" (?:if|when|where|to|for|during|once|after)\b(?P<case>[^.;]*)",
    re.IGNORECASE,
)


# A sentence saying what a rule does not reach: "Express is not available for foldable
# models", "The warranty does not cover damage you cause, such as drops".
def _not_reaching(denied: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:(?:is|are) not (?:{denied})|(?:isn't|aren't) (?:{denied})|(?:does not|doesn't"
        r"|do not|don't|will not|won't) cover|(?:is|are) excluded|(?:are|is|aren't|isn't)"
        r" (?:not )?responsible for"
        # "We can't take rush jobs on lace gowns": what the business won't do for a case.
        r"|(?:can't|can’t|cannot|can not|won't|won’t|will not|don't|don’t|do not) (?:take|do|offer)"
        r"(?: [\w-]+){1,3}?(?= (?:on|for|with|during)\b))"
        # "Pianos are not available to hire": what is done with the thing, not a case.
        r"(?! to (?:hire|rent|buy|book|order|use|purchase|borrow|reserve|download|take|bring"
        r"|keep|collect)\b)"
        r"(?: (?:for|to|on|at|in|with|from|by))?\b"
        # The case ends where a clause about it starts: ", where badge holders get ...",
        # or where an "unless" lifts it.
        r"(?P<case>(?:(?!,?\s*(?:where|which|who|when|in which|unless)\b)[^.;])*)",
        re.IGNORECASE,
    )


_NOT_REACHING_RE = _not_reaching("available|offered|valid")
# A sentence after the value's may also say where the thing is not allowed: "Dogs are
# not allowed in the glamping pods". In the value's own sentence that is the reason for
# the rule ("Pets stay in your vehicle; they are not allowed in cabins"), not its limit.
# Only a place is such a limit: "Debit cards are not accepted for the deposit" says how
# the deposit is paid, not a case the deposit rule leaves out.
_NOT_REACHING_LATER_RE = _not_reaching(
    r"available|offered|valid|(?:allowed|permitted)(?= (?:in|on|at|inside|into)\b)"
)
# The case said before the verb: "Homes left empty because the owner lives in a care
# home are exempt from the premium", "Run-flat tyres are not covered by free repairs".
_EXEMPT_RE = re.compile(
    r"^(?P<case>[^.;:]+?)\s+(?:are|is) (?:exempt|excluded|not eligible|not covered|not included)"
    r"(?: (?:from|for|by|in))?\b",
    re.IGNORECASE,
)
# A fact saying a charge does not apply to the customer: the waiver, not the rule.
_WAIVED_RE = first_char_regex(
    re.compile(
        r"\b(?:waived?|exempt(?:ed)?|(?:is|are) not charged|(?:don't|do not|doesn't|does not|won't"
        r"|will not) (?:have to )?pay)\b",
        re.IGNORECASE,
    )
)
# The clause that states a rule's case: "If an item is not as described, report it
# within 2 days" denies nothing of the rule, only says when it holds.
_CASE_CLAUSE_RE = re.compile(
    r"^\s*(?:if|when|whenever|where)\b[^,;]*,|\b(?:if|when|whenever)\b[^,;.]*", re.IGNORECASE
)
_EXCEPTION_LIGHT = frozenset(stem(word) for word in word_list("apply applies"))
# "except for sale items": "sale" names the case, "items" what every case is about.
_KIND_LIGHT = frozenset(stem(word) for word in word_list("item items product products"))


def stated_exception_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The question states the case a rule is waived in or does not apply to ("the
    first time in years" against "waived the first time in any 12 months"), and the fact
    gives the rule's value as if it held."""
    # "a rolling rental, not a fixed term": a case the customer denies is not told.
    denied = frozenset().union(*negation_targets(query.text)) if query.text else frozenset()
    told = query.stems - fact.stems - denied
    negated = fact.negated and has_negation(_CASE_CLAUSE_RE.sub(" ", fact.text))
    if negated and told:
        return _lifted_denial_problem(fact, sources, told, query.answer_stems)
    if negated or not told or _WAIVED_RE.search(fact.text):
        # "the £50 joining fee is waived": the fact gives the exception, not the rule.
        return None
    words = subject_stems(fact.stems)
    if not fact.quantities and len(words) < 3:
        return None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            if fact.quantities:
                if not any(
                    mine.same_value(own) for mine in fact.quantities for own in sentence.quantities
                ):
                    continue
            elif len(words & sentence.stems) < RULE_SHARE * len(words):
                # A rule with no value ("we will pay for the repair") is found by its words.
                continue
            cases = list(_exception_cases(sentence.text, _WAIVER_CLAUSE_RE))
            subject = subject_stems(fact.stems) & subject_stems(sentence.stems)
            named = subject_stems(sentence.stems)
            for later in source.sentences[position + 1 : position + 3]:
                cases += _exception_cases(later.text, _NOT_APPLYING_RE)
                if subject & later.stems:
                    # "The deposit is waived for Gold members", said of the fact's subject.
                    cases += _exception_cases(later.text, _WAIVER_CLAUSE_RE)
            # "Full valets must be booked 24 hours ahead and are not available on
            # Sundays": the sentence giving the value may say what it does not reach,
            # after the value (one after the case, "where badge holders get the first 4
            # hours free", is the case's own).
            kinds = list(_kind_cases(sentence.text, _NOT_REACHING_RE))
            reach = _NOT_REACHING_RE.search(sentence.text)
            if reach is not None and any(
                own.start > reach.start()
                for own in sentence.quantities
                if any(mine.same_value(own) for mine in fact.quantities)
            ):
                kinds = []
            for later in source.sentences[position + 1 : position + 3]:
                if _states_value(fact, later) or not named & later.stems:
                    continue
                # "Express is not available for foldable models", said of what the
                # value's sentence is about.
                later_kinds = list(_kind_cases(later.text, _NOT_REACHING_LATER_RE))
                if fact.quantities:
                    later_kinds += _kind_cases(later.text, _EXEMPT_RE)
                # "On Roadside cover, recovering a caravan costs £40" before "We do not
                # cover breakdowns of the caravan itself": the value is the kind's own.
                kinds += [kind for kind in later_kinds if not kind[0] <= sentence.stems]
            if not fact.quantities:
                # A rule found by its words alone meets only what a sentence says it
                # does not reach ("We are not responsible for roof racks left on").
                cases = []
            cases += [words for words, _ in kinds]
            for words in cases:
                if len(words & fact.stems) * 2 > len(words):
                    continue  # the fact states the case itself
                if _denied_by_answer(words, query):
                    continue
                if len(words & told) >= min(2, len(words)):
                    return Problem("condition_misapplied", sentence.text, index)
            for words, head in kinds:
                # "foldable models": the customer naming the kind ("my foldable") tells it.
                if _denied_by_answer(words, query):
                    continue
                if len(words) == 2 and words - {head} <= told:
                    return Problem("condition_misapplied", sentence.text, index)
    return None


def _denied_by_answer(case: frozenset[str], query: QueryContext) -> bool:
    """The answer says the case does not hold here ("it's free: as it isn't sun damage or
    an aftercare problem, the free touch-up applies"): it checked the exception against
    what the customer said rather than overlooking it."""
    return len(case & query.answer_denials) >= min(2, len(case))


# "Member discounts don't apply on partner networks", "Students aren't eligible for the
# concession": a thing the source names, and the case it is ruled out for.
_RULED_OUT_FOR_RE = re.compile(
    r"(?:^|[.;]\s+)(?P<thing>[A-Z][^.;:,]{1,50}?)\s+(?:don't|do not|doesn't|does not|won't"
    r"|will not) apply (?:on|to|for|at|in|with|during)\s+(?P<case>[^.;:,]{1,50})"
    r"|(?:^|[.;]\s+)(?P<who>[A-Z][^.;:,]{1,50}?)\s+(?:aren't|are not|isn't|is not)"
    r" (?:eligible|entitled) (?:for|to)\s+(?P<what>[^.;:,]{1,50})"
    # "Pets are not allowed at Newborn sessions": who may not be somewhere.
    r"|(?:^|[.;]\s+)(?P<kept>[A-Z][^.;:,]{1,50}?)\s+(?:aren't|are not|isn't|is not)"
    r" (?:allowed|permitted|welcome) (?:at|in|on|inside|into)\s+(?P<place>[^.;:,]{1,50})",
)


@lru_cache(maxsize=8192)
def _ruled_out_for(text: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(the thing, the case it is ruled out for), as stems, each a source's sentence
    says."""
    pairs = []
    for match in _RULED_OUT_FOR_RE.finditer(text):
        thing = match.group("thing") or match.group("what") or match.group("kept")
        case = match.group("case") or match.group("who") or match.group("place")
        pairs.append((frozenset(content_stems(thing)), frozenset(content_stems(case))))
    return tuple(pairs)


# The words a grant is said with: a fact denying them denies the thing itself.
_GRANTING = frozenset(content_stems("allowed apply applies eligible entitled welcome can"))


def ruled_out_case_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The customer says they are in a case a source rules a thing out for, and the fact
    gives them that thing as if it held: "a full plot at the concession rate is £48" to a
    student, of "Students aren't eligible for the concession"; the Plus rate to one on a
    partner network, of "Plus discounts don't apply on partner networks". An answer
    naming the case itself speaks of it, and is read by the other checks."""
    if not query.text or _WAIVED_RE.search(fact.text):
        return None
    # "Pets are welcome at no extra cost": a denial of a charge, not of the thing given.
    negated = frozenset().union(*negation_targets(fact.text)) if fact.negated else frozenset()
    denied = frozenset().union(*negation_targets(query.text))
    told = query.stems - fact.stems - denied
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for thing, case in _ruled_out_for(sentence.text):
                given = subject_stems(thing) - query.brand
                case = subject_stems(case) - query.brand - _KIND_LIGHT
                if not given & fact.stems or not case or case & query.answer_stems:
                    continue
                if fact.negated and (not negated or negated & (given | case | _GRANTING)):
                    continue
                if len(case & told) >= min(2, len(case)):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


# "cannot cancel in the first 12 months unless they move more than 10 miles away": the
# case that lifts a denial.
_UNLESS_RE = re.compile(
    r"\b(?:unless|except (?:if|when|where)|other than (?:if|when))\b(?P<case>[^.;]*)",
    re.IGNORECASE,
)


def lifting_case_told(text: str, told: frozenset[str]) -> bool:
    """The customer states a case the sentence's "unless" lifts its rule in ("My visa
    was refused" against "non-refundable unless your visa is refused")."""
    return any(
        len(words & told) >= min(2, len(words)) for words in _exception_cases(text, _UNLESS_RE)
    )


def _lifted_denial_problem(
    fact: Fact, sources: Sequence[PreparedSource], told: frozenset[str], answered: frozenset[str]
) -> Problem | None:
    """The fact gives a denial ("the deposit is non-refundable") that the source lifts in
    a case the question states: the general rule where the exception applies. A denial
    said as the usual rule ("normally can't be returned"), or beside an answer that
    states the case itself, does not claim to hold for this customer."""
    words = subject_stems(fact.stems)
    if len(words) < 2 or _USUAL_RULE_RE.search(fact.text):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not sentence.negated:
                continue
            lifted = _UNLESS_RE.search(sentence.text)
            if lifted is None:
                continue
            rule = subject_stems(frozenset(content_stems(sentence.text[: lifted.start()])))
            if len(words & rule) < RULE_SHARE * len(words):
                continue  # another rule of the article
            cases = _exception_cases(sentence.text, _UNLESS_RE)
            if any(len(case & (fact.stems | answered)) * 2 > len(case) for case in cases):
                continue  # the answer states the case itself
            if lifting_case_told(sentence.text, told):
                return Problem("condition_misapplied", sentence.text, index)
    return None


_USUAL_RULE_RE = re.compile(
    r"\b(?:normally|usually|generally|ordinarily|typically|as a rule|in general)\b", re.IGNORECASE
)
# How much of a fact's words the rule before "unless" must say for it to be that rule.
RULE_SHARE = 0.6


def _states_value(fact: Fact, sentence) -> bool:
    """The sentence gives one of the fact's own values: the fact states its case, not the
    rule it sets apart ("where badge holders get the first 4 hours free instead"). A word
    such as "free" is no value of its own: "not covered by free repairs" names the rule."""
    return any(
        mine.same_value(own)
        for mine in fact.quantities
        if not mine.soft
        for own in sentence.quantities
    )


@lru_cache(maxsize=4096)
def _kind_cases(text: str, pattern: re.Pattern[str]) -> tuple[tuple[frozenset[str], str], ...]:
    """Each case a sentence says a rule does not reach, with the noun it ends on."""
    cases = []
    for match in pattern.finditer(text):
        parts = _ALTERNATIVES_RE.split(match.group("case"))
        if len(parts) > 1 and (lead := _LIST_LEAD_RE.match(parts[0])):
            # "Faults caused by crashes, wear or your own adjustments": "faults caused
            # by" leads every one of the list, so "crashes" is a case of its own.
            parts[0] = parts[0][lead.end() :]
        for part in parts:
            ordered = [word for word in content_stems(part) if word not in _EXCEPTION_LIGHT]
            words = subject_stems(frozenset(ordered))
            if words:
                cases.append((words, ordered[-1]))
    return tuple(cases)


_ALTERNATIVES_RE = re.compile(r",\s*(?:or\s+)?|\s+or\s+", re.IGNORECASE)
# The words a list of cases hangs from, up to its last linking word: "Faults caused by".
_LIST_LEAD_RE = re.compile(
    r"^.*\b(?:caused by|due to|because of|resulting from|from|by|of|for|with|to)\s+", re.I
)


@lru_cache(maxsize=4096)
def _exception_cases(text: str, pattern: re.Pattern[str]) -> tuple[frozenset[str], ...]:
    """The words of each case a sentence excepts; "during strikes or planned engineering
    works" is two cases."""
    cases = []
    for match in pattern.finditer(text):
        for part in _ALTERNATIVES_RE.split(match.group("case")):
            words = subject_stems(frozenset(content_stems(part))) - _EXCEPTION_LIGHT
            if pattern is _WAIVER_CLAUSE_RE and words - _KIND_LIGHT:
                words -= _KIND_LIGHT
            if words:
                cases.append(words)
    return tuple(cases)


# The hours a value holds for, said after it: "8.5p per kWh between midnight and 5am",
# "£6.95 for orders placed before 2pm", "free after 6pm".
_WINDOW_RANGE_RE = re.compile(r"\b(?:between|from)\s*$")
_WINDOW_JOIN_RE = re.compile(r"^\s*(?:and|to|until|till|-|–)\s*$")
_WINDOW_UNTIL_RE = re.compile(r"\b(?:before|until|till|by)\s*$")
_WINDOW_AFTER_RE = re.compile(r"\b(?:after|from)\s*$")


def time_window_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact gives a value the source states for hours of the day the time the
    question asks about is outside of ("27p at 7pm" is not "8.5p between midnight and
    5am")."""
    asked = [value for value in query.quantities if value.kind == "time"]
    if not asked:
        return None
    hard = [own for own in fact.quantities if not own.soft and own.kind != "time"]
    if not hard:
        return _open_hours_problem(fact, sources, asked)
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for position, own in enumerate(sentence.quantities):
                if own.kind == "time" or not any(mine.same_value(own) for mine in hard):
                    continue
                window = _value_window(sentence.text, sentence.quantities[position + 1 :], own)
                if window and not any(_in_window(value.low, window) for value in asked):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


def _open_hours_problem(
    fact: Fact, sources: Sequence[PreparedSource], asked: Sequence[Quantity]
) -> Problem | None:
    """A rule with no value of its own that the source keeps to hours of the day ("Our
    phone lines are open 9am to 5pm"), affirmed for a time the question names outside
    them ("Can I call at 8am?" - "Yes, the lines will be open")."""
    if fact.negated or any(own.kind == "time" for own in fact.quantities):
        return None  # a denial, or the fact gives the hours itself
    words = subject_stems(fact.stems)
    if len(words) < 2:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            times = [own for own in sentence.quantities if own.kind == "time"]
            if len(times) < 2 or sentence.negated:
                continue
            if len(words & sentence.stems) < RULE_SHARE * len(words):
                continue
            window = _hours_window(sentence.text, sentence.quantities)
            if window and not any(_in_window(value.low, window) for value in asked):
                return Problem("condition_misapplied", sentence.text, index)
    return None


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# A day's name, whole or cut short ("Mon", "Tues").
_DAY_NAME = (
    r"mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?"
    r"|sat(?:urday)?|sun(?:day)?"
)
_DAY_RE = re.compile(rf"\b(?P<day>{_DAY_NAME})s?\b\.?", re.IGNORECASE)
_DAY_SPAN_RE = re.compile(
    rf"{_DAY_RE.pattern}\s*(?:-|–|to|until|till|through)\s*(?P<last>{_DAY_NAME})s?\b",
    re.IGNORECASE,
)
_WEEKDAY_WORD_RE = re.compile(r"\b(?:on )?week ?days\b|\bworking days\b", re.IGNORECASE)
_WEEKEND_RE = re.compile(r"\b(?:at|on|over)(?: the)? weekends?\b|\bweekends? only\b", re.I)
# "Saturday" and "Sun" are names in "Saturday Kitchen" or "The Sun": only a day after
# "on", "this", "next", "every", or standing for the day ("I'm coming Saturday").
_TOLD_DAY_RE = re.compile(
    r"\b(?:on|this|next|coming|every|a|by|until|till|from)\s+(?P<day>monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday)s?\b|\b(?P<weekend>(?:at|on|over|this|next) (?:the )?weekend)\b",
    re.IGNORECASE,
)


def _day_index(word: str) -> int:
    return next(i for i, day in enumerate(_WEEKDAYS) if day.startswith(word.lower()[:3]))


def _sentence_days(text: str) -> frozenset[int] | None:
    """The one set of days a sentence keeps its rule to ("Monday to Friday", "on
    weekdays", "at weekends"), None when it names none, or days in another way (two
    spans, a day on its own: each may hold for a case of its own)."""
    spans = list(_DAY_SPAN_RE.finditer(text))
    weekdays = _WEEKDAY_WORD_RE.search(text)
    weekend = _WEEKEND_RE.search(text)
    if len(spans) + bool(weekdays) + bool(weekend) != 1:
        return None
    if weekdays:
        return frozenset(range(5))
    if weekend:
        return frozenset({5, 6})
    first, last = _day_index(spans[0].group("day")), _day_index(spans[0].group("last"))
    if len(_DAY_RE.findall(text)) != 2:
        return None  # "Monday to Friday, and Saturday mornings": more than the span
    return frozenset(
        range(first, last + 1) if first <= last else [*range(first, 7), *range(last + 1)]
    )


def _told_days(text: str) -> frozenset[int]:
    days: set[int] = set()
    for match in _TOLD_DAY_RE.finditer(text):
        if match.group("weekend"):
            days |= {5, 6}
        else:
            days.add(_day_index(match.group("day")))
    return frozenset(days)


def weekday_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """A rule the source keeps to days of the week ("open 9am to 5pm, Monday to
    Friday", "the surcharge applies on weekdays"), affirmed for a day the question
    names outside them ("Can I call on Saturday?" - "Yes, the lines are open")."""
    if fact.negated or not query.text or _DAY_RE.search(fact.text) or _WEEKEND_RE.search(fact.text):
        return None  # a denial, or the fact names the days itself
    told = _told_days(query.text)
    words = subject_stems(fact.stems)
    hard = [own for own in fact.quantities if not own.soft]
    if not told or len(words) < 2:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if sentence.negated:
                continue
            gives = hard and any(
                mine.same_value(own) for mine in hard for own in sentence.quantities
            )
            if not gives and len(words & sentence.stems) < RULE_SHARE * len(words):
                continue
            days = _sentence_days(sentence.text)
            if days is not None and not told & days:
                return Problem("condition_misapplied", sentence.text, index)
    return None


# A rule said to hold whatever the day.
_ANY_DAY_RE = re.compile(
    r"\b(?:any|every) day(?! of the month)\b|\b(?:seven|7) days a week\b|\ball week\b",
    re.IGNORECASE,
)
_EVERY_DAY = frozenset(range(7))


def restricted_days_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact keeps its value to days ("£8.50, but only from Monday to Thursday") that
    no sentence giving the value keeps it to: they say "on any day", or other days."""
    if fact.negated or not _ONLY_RE.search(fact.text):
        return None
    mine = _sentence_days(fact.text)
    hard = [own for own in fact.quantities if not own.soft]
    if mine is None or not hard:
        return None
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not any(own.same_value(given) for own in hard for given in sentence.quantities):
                continue
            theirs = (
                _EVERY_DAY if _ANY_DAY_RE.search(sentence.text) else _sentence_days(sentence.text)
            )
            if theirs == mine:
                return None
            if theirs is not None and found is None:
                found = Problem("contradicts_source", sentence.text, index)
    return found


def _hours_window(text: str, quantities: Sequence[Quantity]) -> tuple[float, float] | None:
    """The one range of hours a sentence gives ("open 9am to 5pm", "from 8:00 until
    18:00"), None for none or for several (each then holds for its own case)."""
    windows = [
        (first.low, second.low)
        for first, second in pairwise(quantities)
        if first.kind == second.kind == "time"
        and _WINDOW_JOIN_RE.match(text[first.end : second.start])
    ]
    return windows[0] if len(windows) == 1 else None


def _value_window(
    text: str, following: Sequence[Quantity], own: Quantity
) -> tuple[float, float] | None:
    """The hours the time words right after a value give it, up to the next value."""
    times = []
    for later in following:
        if later.kind != "time":
            break
        times.append(later)
    if not times:
        return None
    lead = text[own.end : times[0].start]
    # "£3 applies to collections between 4pm and 7pm": a range may come a few words on.
    if len(lead) > (60 if _WINDOW_RANGE_RE.search(lead) else 25):
        return None
    joined = len(times) >= 2 and _WINDOW_JOIN_RE.match(text[times[0].end : times[1].start])
    if joined and (_WINDOW_RANGE_RE.search(lead) or not lead.strip(" ,")):
        return times[0].low, times[1].low
    if _WINDOW_UNTIL_RE.search(lead):
        return 0.0, times[0].low
    if _WINDOW_AFTER_RE.search(lead):
        return times[0].low, 24.0
    return None


def _in_window(hour: float, window: tuple[float, float]) -> bool:
    start, end = window
    # "between 10pm and 6am" runs past midnight.
    return start <= hour <= end if start <= end else hour >= start or hour <= end


# "at any time", "of any age", "for everyone": the claim admits no case where it fails.
_UNIVERSAL_RE = re.compile(
    # "3 nights in any fortnight" counts by a rolling period, for no case in particular.
    r"\b(?:at any (?:time|point|hour)|any ?time|of (?:any|all) ages?"
    r"|in any (?!(?:fortnight|week|month|year|\d+)\b)\w+|(?:at|for|on) any \w+"
    r"|(?:for|to) (?:every|any)one|everyone|anyone|every(?:body)?|always|at all times"
    r"|whatever|regardless of|no matter|without (?:any )?(?:limits?|restrictions?|exceptions?))\b",
    re.IGNORECASE,
)
# The words a universal claim speaks of: up to the marker and on to the next break.
_UNIVERSAL_SCOPE_RE = re.compile(r"^(?P<before>[^,;:]*?)\s*" + _UNIVERSAL_RE.pattern, re.I)


def universal_claim_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """An affirmative claim that holds in every case ("video consultations are available
    for patients of any age") where a source denies the same thing in one case ("not
    available for children under 2"): the source's exception makes the claim false."""
    found = None
    if not fact.negated and _UNIVERSAL_RE.search(fact.text):
        found = (
            _scoped_universal_problem(fact, sources)
            or _any_time_problem(fact, sources)
            or _any_day_problem(fact, sources)
        )
    return found or _measured_exception_problem(fact, sources)


def _scoped_universal_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    for fact_clause in CLAUSE_BREAK_RE.split(fact.text):
        scope = _UNIVERSAL_SCOPE_RE.match(fact_clause.strip())
        if scope is None:
            continue
        words = subject_stems(frozenset(content_stems(scope.group("before"))))
        if words and not VERB_RE.search(scope.group("before")):
            # "guests of any age can stay overnight": the marker names the subject, and
            # what is claimed of it follows.
            after = re.split(r"[,;:]", fact_clause.strip()[scope.end() :], maxsplit=1)[0]
            words |= subject_stems(frozenset(content_stems(after)))
        if not words:
            continue
        for index, source in enumerate(sources):
            for sentence in source.sentences:
                for clause in sentence.clauses:
                    shared = words & clause.stems
                    if len(shared) < 2 or len(shared) < len(words) / 2:
                        continue
                    if negated(clause.negations, shared):
                        return Problem("contradicts_source", clause.text, index)
    return None


# "of any age", "whatever the size", "regardless of", "all boilers", "every plan".
_ANY_OF_KIND_RE = re.compile(
    r"\b(?:of|at|in|for) any (?:age|size|length|value|price|time|kind|type|level)\b"
    r"|\bwhatever (?:the |its |their |your )?\w+|\bregardless of\b|\bno matter\b"
    r"|\b(?:all|every|any) (?!of\b|time\b|questions?\b|more\b|other\b)[a-z]+",
    re.IGNORECASE,
)
# The case a fact's claim is made in ("if we can't repair them") holds its own "not".
_TRAILING_CASE_RE = re.compile(r",?\s+\b(?:if|when|unless|once|as long as)\b.*$", re.IGNORECASE)
_LEADING_CASE_RE = re.compile(r"^\W*(?:if|when|unless|once)\b[^,]*,\s*", re.IGNORECASE)
# The denying sentence must share this many of the fact's words.
_MEASURED_SHARED_WORDS = 2


def _measured_exception_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """ "Boilers of any age are replaced if we can't repair them" where a source says
    "Boilers over 15 years old are covered for repairs but not for replacement": the
    answer's "any" takes in the part of the kind a sentence picks out by a measure and
    denies it for, though the sentence closest to it in words agrees."""
    if _ANY_OF_KIND_RE.search(fact.text) is None:
        return None
    claim = _LEADING_CASE_RE.sub("", _TRAILING_CASE_RE.sub("", fact.text))
    if negation_targets(claim):
        return None  # "no boiler of any age is replaced" denies for all: another reading
    words = subject_stems(frozenset(content_stems(claim)))
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            # The sentence picks out some of the kind by a measure ("over 15 years old",
            # "orders under £20"), not by a bare count.
            if not sentence.negated or not any(own.kind != "number" for own in sentence.quantities):
                continue
            if any(own.same_value(mine) for own in sentence.quantities for mine in fact.quantities):
                continue  # the fact bounds its claim by the sentence's own value
            denied = frozenset().union(*negation_targets(sentence.text))
            if words & denied and len(words & sentence.stems) >= _MEASURED_SHARED_WORDS:
                return Problem("contradicts_source", sentence.text, index)
    return None


# "at any time", "24/7", "day or night": a claim that holds at every hour.
_ANY_TIME_RE = re.compile(
    r"\b(?:at )?any ?time\b|\b24/7\b|\bround the clock\b|\bday or night\b|\bat all hours\b",
    re.IGNORECASE,
)


def _any_time_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """ "Alcohol can be delivered at any time" where a source denies it between two hours
    ("Alcohol is not sold between 11pm and 10am"): the hours the source rules out."""
    match = _ANY_TIME_RE.search(fact.text)
    if fact.negated or match is None:
        return None
    words = subject_stems(frozenset(content_stems(fact.text[: match.start()])))
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            hours = [own for own in sentence.quantities if own.kind == "time"]
            if not sentence.negated or not hours:
                continue
            for clause in sentence.clauses:
                if clause.negations and clause.stems & _subject_nouns(words):
                    return Problem("contradicts_source", clause.text, index)
    return None


_ANY_DAY_RE = re.compile(
    r"\b(?:on )?any day(?: of the week)?\b|\bevery day\b|\b(?:7|seven) days a week\b",
    re.IGNORECASE,
)
_DAY_NAMES = r"(?:mon|tues|wednes|thurs|fri|satur|sun|week)(?:day|end)s?"
# "Cats are groomed on Tuesdays only", "only at weekends": the days it happens on.
_ONLY_DAYS_RE = re.compile(
    rf"\b{_DAY_NAMES}(?: and {_DAY_NAMES})? only\b|\bonly (?:on|at) {_DAY_NAMES}\b",
    re.IGNORECASE,
)


def _any_day_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """ "Cats can be groomed on any day of the week" where a source says they are groomed
    "on Tuesdays only": the days the source keeps it to."""
    match = _ANY_DAY_RE.search(fact.text)
    if match is None:
        return None
    nouns = _subject_nouns(subject_stems(frozenset(content_stems(fact.text[: match.start()]))))
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if sentence.stems & nouns and _ONLY_DAYS_RE.search(sentence.text):
                return Problem("contradicts_source", sentence.text, index)
    return None


# "all the songs", "all of its branches": a claim about every one of a kind of thing.
_ALL_OF_RE = re.compile(
    r"\ball (?:of )?(?:the |its |his |her |their |our |your )?(?P<noun>[a-z]{3,}s)\b",
    re.IGNORECASE,
)
# Words with which a source speaks of every one of a kind; "a full refund of your
# contributions" gives back all of them.
_EVERY_ONE_RE = re.compile(
    r"\b(?:all|every|each|any|whole|entire|both|always|none|no|full|fully|in full)\b",
    re.IGNORECASE,
)


def all_of_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact says something of all the things of a kind ("performed all the songs on
    the album") where the sentences that speak of that kind speak of one ("a song
    performed by ... released as the lead single")."""
    if fact.negated:
        return None
    for match in _ALL_OF_RE.finditer(fact.text):
        kind = stem(match.group("noun").lower())
        about = [
            (index, sentence)
            for index, source in enumerate(sources)
            for sentence in source.sentences
            if kind in sentence.stems
        ]
        if about and not any(_EVERY_ONE_RE.search(sentence.text) for _, sentence in about):
            index, sentence = about[0]
            return Problem("not_in_sources", sentence.text, index)
    return None


def _subject_nouns(words: frozenset[str]) -> frozenset[str]:
    """The words of a claim's subject that name the thing, not what is done with it."""
    return frozenset(word for word in words if not VERB_RE.fullmatch(word))


# A subject that lists the things a rule is for: "Cats and small dogs", "Cars, vans or
# motorbikes".
_LISTED_SUBJECT_RE = re.compile(
    r"^(?:[\w'-]+ ){0,3}[\w'-]+(?:, (?:[\w'-]+ ){0,3}[\w'-]+)*"
    r" (?:and|or) (?:[\w'-]+ ){0,3}[\w'-]+$",
    re.IGNORECASE,
)


def outside_listed_subjects(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source gives a value to the things its subject lists ("Cats and small dogs
    up to 8 kg travel in the cabin for £50"); the fact gives it to the customer's own
    thing, which the list does not name ("rabbits up to 8 kg ...")."""
    hard = [own for own in fact.quantities if not own.soft and measured_value(own)]
    head = _head(fact.text)
    mine = subject_stems(frozenset(content_stems(head))) if head else frozenset()
    if not hard or not mine or not mine <= query.stems:
        return None
    for source in sources:
        for sentence in source.sentences:
            if not any(own.same_value(given) for own in hard for given in sentence.quantities):
                continue
            listed = _head(sentence.text)
            if not listed or not _LISTED_SUBJECT_RE.match(listed) or mine & sentence.stems:
                continue
            if fact.stems & subject_stems(frozenset(content_stems(listed))):
                continue  # the fact names one of the listed things after all
            if GENERAL_NOUN_RE.search(listed):
                continue  # "most items and accessories" speaks of everything
            return Problem("not_in_sources", "", None)
    return None


@lru_cache(maxsize=8192)
def _head(text: str) -> str:
    """The words before the first verb or participle ("weighing up to 8 kg"): the
    things a plain statement speaks of."""
    verb = VERB_RE.search(text)
    if not verb:
        return ""
    kept: list[str] = []
    for word in text[: verb.start()].split():
        if word.lower().strip(",:").endswith("ing"):
            break
        kept.append(word)
    return " ".join(kept).strip(" ,:")


def negated(targets: Sequence[frozenset[str]], shared: frozenset[str]) -> bool:
    """An odd number of the clause's negations bear on the shared words."""
    return sum(1 for target in targets if target & shared) % 2 == 1


def measured_value(quantity: Quantity) -> bool:
    """A value a policy states (a price, a length of time, a share, an allowance), not an
    ordinal, a bare count or a year."""
    if quantity.kind == "ordinal":
        return False
    if quantity.kind != "number":
        return True
    return bool(quantity.unit) and not (1000 <= quantity.low <= 2100 and quantity.low.is_integer())


# "unlimited roaming data", "as much data as you like": a claim of no limit on a thing.
# (Lower case: "the Unlimited plan" is a name.)
_UNLIMITED_RE = re.compile(
    r"\b(?-i:unlimited) (?P<thing>[a-z]+(?: [a-z]+)?)"
    r"|\bno (?:limit|cap) on (?:the |your )?(?P<thing2>[a-z]+(?: [a-z]+)?)",
    re.IGNORECASE,
)
# "roaming data is capped at 50 GB a month": the limit a source sets on a thing.
_CAP_RE = re.compile(
    r"\b(?:capped at|limited to|(?:a|the) (?:maximum|cap|limit) of|no more than)\s+[£$€]?\d",
    re.IGNORECASE,
)


def unlimited_claim_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact says a thing has no limit ("the Unlimited plan includes unlimited
    roaming data") where a source caps it for the case spoken of ("on Unlimited, roaming
    data is capped at 50 GB a month"), and no source calls it unlimited for that case."""
    if fact.negated or ("nlimit" not in fact.text and "no " not in fact.text.lower()):
        return None
    said = fact.stems | query.stems
    for match in _UNLIMITED_RE.finditer(fact.text):
        thing = subject_stems(
            frozenset(content_stems(match.group("thing") or match.group("thing2")))
        )
        if not thing:
            continue
        for source in sources:
            for sentence in source.sentences:
                if _calls_unlimited(sentence.text, thing) and _for_case_said(sentence.text, said):
                    return None  # the source itself calls it unlimited there
        for index, source in enumerate(sources):
            for sentence in source.sentences:
                for clause in sentence.clauses:
                    if (
                        thing <= clause.stems
                        and _CAP_RE.search(clause.text)
                        and _for_case_said(clause.text, said)
                    ):
                        return Problem("contradicts_source", clause.text, index)
    return None


def _calls_unlimited(text: str, thing: frozenset[str]) -> bool:
    return any(
        thing <= frozenset(content_stems(said.group("thing") or said.group("thing2")))
        for said in _UNLIMITED_RE.finditer(text)
    )


def _for_case_said(text: str, said: frozenset[str]) -> bool:
    """The text names no case, or one the fact or the question speaks of."""
    cases = named_cases(text)
    return not cases or any(case.names & said for case in cases)


# "Homes in band A get a reduction of one ninth instead": a case the next sentence gives
# something else in place of the rule before it; the case is what it opens on.
_INSTEAD_RE = re.compile(r"\b(?:instead|in place of|rather than)\b", re.IGNORECASE)
_OPENING_CASE_RE = re.compile(
    r"^(?P<case>.+?)\s+(?:get|gets|pay|pays|are|is|can|receive|receives|have|has)\b"
)


def instead_case_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact states a rule ("your bill is charged at the band below yours") that the
    next sentence replaces for a case ("Homes in band A get ... instead"), and the
    question states that case ("Our house is in band A")."""
    if fact.negated or not query.text:
        return None
    words = subject_stems(fact.stems)
    asked = label_words(query.text)
    stated = label_words(fact.text)
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            if len(words & sentence.stems) * 2 <= len(words):
                continue
            for later in source.sentences[position + 1 : position + 3]:
                opening = _OPENING_CASE_RE.match(later.text)
                if opening is None or not _INSTEAD_RE.search(later.text):
                    continue
                # "band#a": a name with its identifier, the one kind of case a question
                # states in words a stem cannot hold.
                case = {word for word in label_words(opening.group("case")) if "#" in word}
                if case & asked and not case & stated:
                    return Problem("condition_misapplied", later.text, index)
    return None


# "... within the 14-day cooling-off period costs nothing; after that our fee is £50":
# the clause after the marker holds once the window before it has passed.
_AFTER_THAT_RE = re.compile(
    r"[;,:]\s*(?:but\s+|and\s+)?(?:after that|after this|after then|thereafter|beyond that"
    r"|past that|from then on|outside (?:that|this|the) (?:period|window|time))\b",
    re.IGNORECASE,
)
# How a fact says its value holds inside a window: "within", "during", "up to", "in the
# first", "before".
_INSIDE_WINDOW_RE = re.compile(
    r"\b(?:within|during|up to|in the first|for the first|in your first|before|inside)\b",
    re.IGNORECASE,
)
# How it says the window is over.
_PAST_WINDOW_RE = re.compile(
    r"\b(?:after|beyond|outside|past|later than|more than|over|once|thereafter|no longer)\b",
    re.IGNORECASE,
)


def after_window_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact gives the value a source keeps for after a window ("...; after that our
    cancellation fee is £50") as the value inside that window ("within the 14-day
    cooling-off period you pay £50")."""
    durations = [own for own in fact.quantities if own.kind == "duration"]
    values = [own for own in fact.quantities if own.kind != "duration" and not own.soft]
    if not durations or not values or not _INSIDE_WINDOW_RE.search(fact.text):
        return None
    if _PAST_WINDOW_RE.search(fact.text):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            marker = _AFTER_THAT_RE.search(sentence.text)
            if marker is None:
                continue
            before = [q for q in sentence.quantities if q.end <= marker.start()]
            after = [q for q in sentence.quantities if q.start >= marker.end()]
            window = any(
                q.kind == "duration" and any(own.same_value(q) for own in durations) for q in before
            )
            later = any(own.same_value(q) for own in values for q in after) and not any(
                own.same_value(q) for own in values for q in before
            )
            if window and later:
                return Problem("condition_misapplied", sentence.text, index)
    return None


# "Pupils under 8 start with 30-minute lessons only", "Children over 12 may only book
# the Adventure camp": people of an age held to one value of a thing.
_AGE_HELD_RE = re.compile(
    r"\b(?:children|kids|pupils|students|players|riders|guests|visitors|people|passengers"
    r"|members|drivers|customers)\s+(?:aged\s+)?(?P<side>under|over|below|above)\s+"
    r"(?P<age>\d{1,2})\b(?P<rest>[^.;]*)",
    re.IGNORECASE,
)
_ONLY_RE = re.compile(r"\bonly\b", re.IGNORECASE)


def age_held_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The customer's age falls in a group the source holds to one value ("My daughter
    is 6" against "Pupils under 8 start with 30-minute lessons only"), and the fact gives
    another value of that measure ("45-minute lessons are £260 a term")."""
    ages = [own for own in query.told_quantities if own.kind == "age" and not own.soft]
    mine = [own for own in fact.quantities if not own.soft and own.kind != "amount"]
    if not ages or not mine:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            held = _AGE_HELD_RE.search(sentence.text)
            if held is None or not _ONLY_RE.search(held.group("rest")):
                continue
            bound = float(held.group("age"))
            below = held.group("side").lower() in ("under", "below")
            if not all((age.high < bound) if below else (age.low > bound) for age in ages):
                continue
            start = held.start("rest")
            allowed = [own for own in sentence.quantities if own.start >= start and not own.soft]
            for own in mine:
                same_measure = [other for other in allowed if own.comparable(other)]
                if same_measure and not any(own.same_value(other) for other in same_measure):
                    return Problem("condition_misapplied", sentence.text, index)
    return None
