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
from typing import TYPE_CHECKING

from kbaudit.text.conditions import KIND_STEMS, Condition, window_exceeded
from kbaudit.text.lexicon import GENERAL_NOUN_RE
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import content_stems, stem, word_list

from .decompose import Fact
from .questions import VERB_RE
from .sources import CLAUSE_BREAK_RE, PreparedSource
from .tables import cell_of, named, table_labels
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
_EXCEPTION_LIGHT = frozenset(stem(word) for word in word_list("apply applies"))


def stated_exception_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The question states the case a rule is waived in or does not apply to ("the
    first time in years" against "waived the first time in any 12 months"), and the fact
    gives the rule's value as if it held."""
    told = query.stems - fact.stems
    if fact.negated or not told or not fact.quantities:
        return None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            if not any(
                mine.same_value(own) for mine in fact.quantities for own in sentence.quantities
            ):
                continue
            cases = list(_exception_cases(sentence.text, _WAIVER_CLAUSE_RE))
            subject = subject_stems(fact.stems) & subject_stems(sentence.stems)
            for later in source.sentences[position + 1 : position + 3]:
                cases += _exception_cases(later.text, _NOT_APPLYING_RE)
                if subject & later.stems:
                    # "The deposit is waived for Gold members", said of the fact's subject.
                    cases += _exception_cases(later.text, _WAIVER_CLAUSE_RE)
            for words in cases:
                if len(words & fact.stems) * 2 > len(words):
                    continue  # the fact states the case itself
                if len(words & told) >= min(2, len(words)):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


_ALTERNATIVES_RE = re.compile(r",\s*(?:or\s+)?|\s+or\s+", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _exception_cases(text: str, pattern: re.Pattern[str]) -> tuple[frozenset[str], ...]:
    """The words of each case a sentence excepts; "during strikes or planned engineering
    works" is two cases."""
    cases = []
    for match in pattern.finditer(text):
        for part in _ALTERNATIVES_RE.split(match.group("case")):
            words = subject_stems(frozenset(content_stems(part))) - _EXCEPTION_LIGHT
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
    hard = [own for own in fact.quantities if not own.soft and own.kind != "time"]
    if not asked or not hard:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for position, own in enumerate(sentence.quantities):
                if own.kind == "time" or not any(mine.same_value(own) for mine in hard):
                    continue
                window = _value_window(sentence.text, sentence.quantities[position + 1 :], own)
                if window and not any(_in_window(value.low, window) for value in asked):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


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
    if len(lead) > 25:
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
    r"\b(?:at any (?:time|point|hour)|any ?time|of (?:any|all) ages?|(?:at|for|on|in) any \w+"
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
    if fact.negated or not _UNIVERSAL_RE.search(fact.text):
        return None
    for fact_clause in CLAUSE_BREAK_RE.split(fact.text):
        scope = _UNIVERSAL_SCOPE_RE.match(fact_clause.strip())
        if scope is None:
            continue
        words = subject_stems(frozenset(content_stems(scope.group("before"))))
        if not words:
            continue
        for index, source in enumerate(sources):
            for sentence in source.sentences:
                for clause in sentence.clauses:
                    shared = words & clause.stems
                    if len(shared) < 2 or len(shared) < len(words) / 2:
                        continue
                    if _negates(clause.negations, shared):
                        return Problem("contradicts_source", clause.text, index)
    return None


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
    hard = [own for own in fact.quantities if not own.soft and _measured(own)]
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


def _negates(targets: Sequence[frozenset[str]], shared: frozenset[str]) -> bool:
    """An odd number of the clause's negations bear on the shared words."""
    return sum(1 for target in targets if target & shared) % 2 == 1


def _measured(quantity: Quantity) -> bool:
    """A price, a length of time, a share or an allowance; not a bare count or a year."""
    if quantity.kind == "ordinal":
        return False
    if quantity.kind != "number":
        return True
    return bool(quantity.unit) and not (1000 <= quantity.low <= 2100 and quantity.low.is_integer())


# "free delivery on orders over £40, but only in Zones A and B": a rule kept to some
# rows or columns of the chunk's table.
_ONLY_LABELS_RE = re.compile(r"\bonly (?:in|for|on|to|at|within|with) (?P<case>[^.;]+)", re.I)


def restricted_to_labels_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source keeps a rule to some rows or columns of its table ("only in Zones A
    and B"), and the question names another of them (Northern Ireland, a place Zone C
    lists): the fact gives the rule to a case it does not cover."""
    if fact.negated or not query.text:
        return None
    words = subject_stems(fact.stems)
    for index, source in enumerate(sources):
        dimensions = [labels for labels in table_labels(source) if len(labels.names) >= 2]
        if not dimensions:
            continue
        for sentence in source.sentences:
            match = _ONLY_LABELS_RE.search(sentence.text)
            if match is None or cell_of(sentence.text) is not None:
                continue
            if _bound_missed(fact, source, sentence.text, match, query):
                return Problem("condition_misapplied", sentence.text, index)
            shares_value = any(
                own.same_value(given) for own in fact.quantities for given in sentence.quantities
            )
            if not shares_value and len(words & sentence.stems) * 2 < max(1, len(words)):
                continue  # not the rule the fact states
            for labels in dimensions:
                allowed = named(labels, match.group("case"))
                if not allowed or named(labels, fact.text) & allowed:
                    continue
                told = named(labels, query.text, query.told_quantities)
                if told and not told & allowed:
                    return Problem("condition_misapplied", sentence.text, index)
    return None


def _bound_missed(
    fact: Fact, source: PreparedSource, text: str, match: re.Match[str], query: QueryContext
) -> bool:
    """ "Dashly Plus prices apply only to orders of £15 or more": the rule names a row or
    column before "only", the customer's own value misses the bound after it, and the
    fact gives a value of that row or column."""
    case = match.group("case")
    bound = Condition(case, frozenset(), tuple(extract_quantities(case)), any_of=False)
    if not bound.quantities or not window_exceeded(bound, query.told_quantities):
        return False
    columns, rows = table_labels(source)
    kept = {
        (dimension, labels.names[index])
        for dimension, labels in (("column", columns), ("row", rows))
        for index in named(labels, text[: match.start()])
    }
    for sentence in source.sentences:
        cell = cell_of(sentence.text)
        if cell is None or not (("column", cell.column) in kept or ("row", cell.row) in kept):
            continue
        if any(own.same_value(given) for own in fact.quantities for given in sentence.quantities):
            return True
    return False


# "Schedule 2 and 3 controlled drugs, such as morphine or methylphenidate, ...": the
# things a sentence gives as examples of the category its rule is for.
_EXAMPLES_RE = re.compile(
    r"\b(?:such as|for example|for instance|e\.g\.|including|like)\s+(?P<examples>[^,;:.()]+)",
    re.IGNORECASE,
)
_ANAPHOR_RE = re.compile(r"\b(?:them|they|these|those|it|this)\b", re.IGNORECASE)


def other_category_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """Two sentences give rules for two categories, each with examples ("such as
    morphine" / "such as codeine painkillers"); the fact states one category's rule
    for an example of the other, named in the fact or the question ("Can I get my
    morphine delivered?" answered with the courier rule for codeine)."""
    if fact.negated:
        return None
    for index, source in enumerate(sources):
        examples = _category_examples(source)
        if len(examples) < 2:
            continue
        own = _category_of_statement(fact, source, examples)
        if own is None:
            continue
        said = fact.stems | query.stems
        if examples[own] & said:
            continue  # the fact's own category's example is what is spoken of
        for position, things in examples.items():
            if position != own and things & said:
                return Problem("condition_misapplied", source.sentences[position].text, index)
    return None


def _category_examples(source: PreparedSource) -> dict[int, frozenset[str]]:
    found = {}
    for position, sentence in enumerate(source.sentences):
        match = _EXAMPLES_RE.search(sentence.text)
        if match is None:
            continue
        words = subject_stems(frozenset(content_stems(match.group("examples"))))
        if words:
            found[position] = words
    # A word two categories both give ("drugs") tells neither apart.
    shared = {
        word
        for position, words in found.items()
        for other, theirs in found.items()
        if other != position
        for word in words & theirs
    }
    return {position: words - shared for position, words in found.items() if words - shared}


def _category_of_statement(
    fact: Fact, source: PreparedSource, examples: dict[int, frozenset[str]]
) -> int | None:
    """The category whose rule the fact states: the sentence giving the fact's value, or
    sharing most of its words; a sentence speaking of "them" states the rule of the
    category just before it."""
    hard = [own for own in fact.quantities if not own.soft and own.kind != "number"]
    words = subject_stems(fact.stems)
    best, best_overlap = None, max(2, len(words) // 2)
    for position, sentence in enumerate(source.sentences):
        if hard and any(own.same_value(given) for own in hard for given in sentence.quantities):
            best = position
            break
        overlap = len(words & sentence.stems)
        if not hard and overlap > best_overlap:
            best, best_overlap = position, overlap
    if best is None:
        return None
    if best in examples:
        return best
    if best > 0 and best - 1 in examples and _ANAPHOR_RE.search(source.sentences[best].text):
        return best - 1
    return None


# Share of what a fact says of its subject that a sentence must say to be the statement
# the fact restates.
PREDICATE_SAID = 0.8


def moved_predicate_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The fact says of one kind of a thing what the source says of another kind:
    "permanent lockers need your own padlock" where "Day lockers ... need your own
    padlock" and permanent lockers are another sentence's subject."""
    if fact.negated or fact.bare:
        return None
    mine = _opening_subject(fact.text)
    predicate = subject_stems(fact.stems) - mine
    if not mine or not predicate:
        return None
    saying = [
        (index, sentence)
        for index, source in enumerate(sources)
        for sentence in source.sentences
        if len(predicate & sentence.stems) >= PREDICATE_SAID * len(predicate)
    ]
    if not saying or any(mine <= sentence.stems for _, sentence in saying):
        return None  # some sentence says it of the fact's own subject
    for index, sentence in saying:
        theirs = _opening_subject(sentence.text)
        own_kind = mine - theirs
        if not theirs or not own_kind:
            continue  # the same thing
        if theirs <= KIND_STEMS:
            continue  # "Plans come on a 24-month contract": said of every plan
        if (theirs - mine) & fact.stems:
            continue  # the fact names the other kind too: it compares the two
        others = [other for other in sources[index].sentences if other is not sentence]
        # "Day lockers ... need your own padlock. Permanent lockers cost £7": the fact's
        # subject is the one another sentence opens on, beside this one's.
        if any(_opens_on(other, mine) for other in others):
            return Problem("contradicts_source", sentence.text, index)
    return None


def _opens_on(sentence, subject: frozenset[str]) -> bool:
    return _opening_subject(sentence.text) == subject


# Where a sentence's opening subject ends: its verb, or a word that starts what is said
# of it ("Cats stay for £10", "Dogs must be kept on a lead").
_SUBJECT_END_RE = re.compile(
    rf"^(?:{VERB_RE.pattern}|stay|stays|pay|pays|travel|travels|go|goes|come|comes"
    r"|use|uses|visit|visits|for|at|in|on|with|and|or|to|from)$",
    re.IGNORECASE,
)
_ANSWER_OPENING_RE = re.compile(r"^\W*(?:yes|no|sure|ok|okay)\b\W*", re.IGNORECASE)


@lru_cache(maxsize=8192)
def _opening_subject(text: str) -> frozenset[str]:
    """The words a statement opens on before saying anything of them, up to four."""
    kept = []
    for word in _ANSWER_OPENING_RE.sub("", text).split()[:5]:
        bare = word.strip(",.;:!?")
        if _SUBJECT_END_RE.match(bare) or bare != word.rstrip(".!?"):
            if bare != word.rstrip(".!?") and not _SUBJECT_END_RE.match(bare):
                kept.append(bare)
            break
        kept.append(bare)
    else:
        return frozenset()  # no verb in sight: not a plain statement
    return subject_stems(frozenset(content_stems(" ".join(kept))))


# "If the courier caused the problem, ...", "If the restaurant left it out, ...": a rule
# for what one party did.
_ACTOR_RE = re.compile(
    r"\bif (?:the|a|an|our|your) (?P<actor>[a-z]+) (?:caused|left|sent|damaged|lost|dropped"
    r"|broke|forgot|spilled|missed|delivered|cancelled|changed|delayed|made|was|is|did)\b",
    re.IGNORECASE,
)


def other_actor_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """Sentences give rules for what different parties did ("If the restaurant left it
    out ..." / "If the courier caused the problem ..."); the question says which party
    it was, and the fact states the other party's rule."""
    if not query.text:
        return None
    told = frozenset(content_stems(query.text))
    for index, source in enumerate(sources):
        actors = {
            position: stem(match.group("actor").lower())
            for position, sentence in enumerate(source.sentences)
            if (match := _ACTOR_RE.search(sentence.text))
        }
        if len(set(actors.values())) < 2:
            continue
        own = _stating_sentence(fact, source)
        if own not in actors or actors[own] in told or actors[own] in fact.stems:
            continue
        # The other party, named by the customer or by the fact itself ("refunds for
        # items the restaurant left out are paid as credit", credit being the courier's).
        if any(actor in told | fact.stems for position, actor in actors.items() if position != own):
            return Problem("condition_misapplied", source.sentences[own].text, index)
    return None


def _stating_sentence(fact: Fact, source: PreparedSource) -> int | None:
    """The sentence giving the fact's value, or else sharing most of its words."""
    hard = [own for own in fact.quantities if not own.soft and own.kind != "number"]
    words = subject_stems(fact.stems)
    best, best_overlap = None, max(2, len(words) // 2)
    for position, sentence in enumerate(source.sentences):
        if hard and any(own.same_value(given) for own in hard for given in sentence.quantities):
            return position
        overlap = len(words & sentence.stems)
        if not hard and overlap > best_overlap:
            best, best_overlap = position, overlap
    return best


# "Students get 50% off either plan", "Members save 10% on every order".
_SHARE_OFF_RE = re.compile(
    r"^(?P<who>(?:[\w'-]+ ){0,3}?[\w'-]+) (?:get|gets|receive|receives|enjoy|enjoys|save|saves"
    r"|pay|pays) (?P<share>\d+(?:\.\d+)?%) (?:off|less|discount)\b",
    re.IGNORECASE,
)


def unapplied_share_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The question says the customer is in a group the source gives a share off ("I'm a
    student" beside "Students get 50% off either plan"), and the fact gives the full
    price another sentence states, saying nothing of the share."""
    amounts = [own for own in fact.quantities if own.kind == "amount" and not own.soft]
    if not amounts or not query.text or any(own.kind == "percent" for own in fact.quantities):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            match = _SHARE_OFF_RE.match(sentence.text)
            if match is None:
                continue
            who = subject_stems(frozenset(content_stems(match.group("who")))) - KIND_STEMS
            if not who or not who & query.stems or who & fact.stems:
                continue
            if any(
                own.same_value(given)
                for own in amounts
                for other in source.sentences
                if other is not sentence
                for given in other.quantities
            ):
                return Problem("condition_misapplied", sentence.text, index)
    return None


# "Electric car charging is available in Leeds only", "only at the Harbour hotel".
_NAME_RUN = r"[A-Z][\w'-]*(?:\s+(?:and\s+|&\s+)?[A-Z][\w'-]*)*"
_ONLY_NAMED_RE = re.compile(
    rf"\bonly (?:in|at|for|on|from) (?:the )?(?P<first>{_NAME_RUN})"
    rf"|\b(?:in|at|for|on|from) (?:the )?(?P<second>{_NAME_RUN}) only\b"
)
_PLACE_RE = re.compile(
    rf"\b(?:[Ii]n|[Aa]t|[Ff]or|[Oo]n|[Ff]rom|[Tt]o) (?:the )?(?P<name>{_NAME_RUN})"
)


def only_named_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source keeps a rule to named places or things ("available in Leeds only");
    the question names another one the source speaks of ("in York"), and the fact gives
    the rule without naming the one it holds for."""
    if fact.negated or not query.text:
        return None
    words = subject_stems(fact.stems)
    for index, source in enumerate(sources):
        named_in_source = _names_after_places(source.plain)
        for sentence in source.sentences:
            match = _ONLY_NAMED_RE.search(sentence.text)
            if match is None:
                continue
            allowed = _name_words(match.group("first") or match.group("second"))
            rule = subject_stems(sentence.stems) - allowed
            if not allowed or allowed & fact.stems or len(words & rule) * 2 < max(1, len(words)):
                continue
            told = _names_after_places(query.text) & named_in_source
            if told and not told & allowed:
                return Problem("condition_misapplied", sentence.text, index)
    return None


def _name_words(text: str) -> frozenset[str]:
    return frozenset(content_stems(text or ""))


def _names_after_places(text: str) -> frozenset[str]:
    return frozenset().union(
        *(_name_words(match.group("name")) for match in _PLACE_RE.finditer(text or ""))
    )
