"""Rules a chunk keeps to a case it names, given to another: a category with examples
("such as morphine"), a party ("if the courier caused it"), a place ("in Leeds only"),
rows or columns of its table ("only in Zones A and B"), a group with a share off
("Students get 50% off"); and what a sentence says of one subject moved to another
("Day lockers need your own padlock" said of permanent lockers).

Each check returns a :class:`~.values.Problem` or None, as those of :mod:`.cases` do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from kbaudit.text.conditions import KIND_STEMS, Condition, window_exceeded
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import FirstLook, content_stems, first_char_regex, stem

from .decompose import Fact
from .questions import VERB_RE
from .sources import PreparedSource, SourceSentence
from .tables import Labels, cell_of, named, table_labels
from .values import Problem, subject_stems

if TYPE_CHECKING:
    from .support import QueryContext


# "free delivery on orders over £40, but only in Zones A and B": a rule kept to some
# rows or columns of the chunk's table.
_ONLY_LABELS_RE = re.compile(r"\bonly (?:in|for|on|to|at|within|with) (?P<case>[^.;]+)", re.I)
# "... at matinées only": the same said after the case, read where no leading "only" is.
_LABELS_ONLY_RE = re.compile(r"\b(?:in|for|on|at|within|with) (?P<case>[^.;,]+?) only\b", re.I)


def _only_labels(text: str) -> re.Match[str] | None:
    return _ONLY_LABELS_RE.search(text) or _LABELS_ONLY_RE.search(text)


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
            match = _only_labels(sentence.text)
            if match is None or cell_of(sentence.text) is not None:
                continue
            if _bound_missed(fact, source, sentence.text, match, query):
                return Problem("condition_misapplied", sentence.text, index)
            shares_value = any(
                own.same_value(given) for own in fact.quantities for given in sentence.quantities
            )
            # The table's own labels ("Band A", "matinée") say where a value sits, not
            # which rule the fact states.
            rule = words - _label_stems(dimensions)
            if not shares_value and len(rule & sentence.stems) * 2 < max(1, len(rule)):
                continue  # not the rule the fact states
            for labels in dimensions:
                allowed = named(labels, match.group("case"))
                if not allowed or named(labels, fact.text) & allowed:
                    continue
                told = named(labels, query.text, query.told_quantities)
                if told and not told & allowed:
                    return Problem("condition_misapplied", sentence.text, index)
    return None


def _label_stems(dimensions: Sequence[Labels]) -> frozenset[str]:
    """Every word of the table's labels, and each part of a label token ("band#a")."""
    stems = set()
    for labels in dimensions:
        for full in labels.full:
            for token in full:
                stems.update((token, *token.split("#")))
    return frozenset(stems)


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
    # Asked once per fact of the same chunk: kept by the chunk's sentences.
    return dict(_examples_by_sentence(tuple(sentence.text for sentence in source.sentences)))


@lru_cache(maxsize=4096)
def _examples_by_sentence(texts: tuple[str, ...]) -> tuple[tuple[int, frozenset[str]], ...]:
    found = {}
    for position, text in enumerate(texts):
        match = _EXAMPLES_RE.search(text)
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
    return tuple((position, words - shared) for position, words in found.items() if words - shared)


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


# A table's head read as a sentence ("Size: Domestic: Europe: Worldwide."): names of
# columns, which say nothing of any thing.
_TABLE_HEAD_RE = re.compile(r"(?:[A-Za-z][\w' -]*:\s*){2,}[A-Za-z][\w' -]*\.?")


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
        and not _TABLE_HEAD_RE.fullmatch(sentence.text)
    ]
    if not saying or any(mine <= sentence.stems for _, sentence in saying):
        return None  # some sentence says it of the fact's own subject
    if _value_said_of(fact, mine, sources):
        # "Additional drivers cost £8 a day" of "Additional drivers are £8 a day each":
        # the predicate's words ("cost", "a day") may be another sentence's, but the
        # fact's value is said of its own subject.
        return None
    for index, sentence in saying:
        said = _saying_clause(sentence, predicate)
        theirs = _opening_subject(said)
        own_kind = mine - theirs
        if not theirs or not own_kind or theirs <= mine:
            continue  # the same thing, or what is said of all of it ("Cha" of "Derek Cha")
        if theirs <= KIND_STEMS:
            continue  # "Plans come on a 24-month contract": said of every plan
        if (theirs - mine) & fact.stems:
            continue  # the fact names the other kind too: it compares the two
        others = [other for other in sources[index].sentences if other is not sentence]
        # "Day lockers ... need your own padlock. Permanent lockers cost £7": the fact's
        # subject is the one another sentence opens on, beside this one's.
        if any(_opens_on(other, mine) for other in others):
            return Problem("contradicts_source", sentence.text, index)
        # "The 7.5-tonne truck needs a C1 entitlement" beside the table's row "Luton
        # van": a rule with no value, said of a thing the article's table has a row of
        # its own for. (A value the table gives the row is read by the table checks.)
        valued = any(not own.soft for own in fact.quantities)
        if not valued and any(mine <= _row_stems(other.text) for other in others):
            return Problem("contradicts_source", sentence.text, index)
    return None


def _row_stems(text: str) -> frozenset[str]:
    cell = cell_of(text)
    return frozenset(content_stems(cell.row)) if cell else frozenset()


def _value_said_of(fact: Fact, subject: frozenset[str], sources: Sequence[PreparedSource]) -> bool:
    """A source sentence naming the fact's subject states every value the fact gives."""
    values = [own for own in fact.quantities if not own.soft]
    return bool(values) and any(
        subject <= sentence.stems
        and all(any(own.same_value(theirs) for theirs in sentence.quantities) for own in values)
        for source in sources
        for sentence in source.sentences
    )


def _saying_clause(sentence: SourceSentence, predicate: frozenset[str]) -> str:
    """The clause of the sentence that says most of the predicate: in "X is narrated by
    A; B narrated Y" what is said of B has B for its subject, not X."""
    best = max(sentence.clauses, key=lambda clause: len(predicate & clause.stems), default=None)
    return best.text if best is not None else sentence.text


def _opens_on(sentence, subject: frozenset[str]) -> bool:
    return _opening_subject(sentence.text) == subject


# Where a sentence's opening subject ends: its verb, or a word that starts what is said
# of it ("Cats stay for £10", "Dogs must be kept on a lead").
_SUBJECT_END_RE = re.compile(
    rf"^(?:{VERB_RE.pattern}|stay|stays|pay|pays|travel|travels|go|goes|come|comes"
    r"|use|uses|visit|visits|for|at|in|on|with|and|or|to|from)$",
    re.IGNORECASE,
)
# "Yes, ...", "Similarly, the left atrium ...": what opens the statement, not its subject.
_ANSWER_OPENING_RE = re.compile(
    r"^\W*(?:yes|no|sure|ok|okay|similarly|likewise|however|also|additionally|moreover"
    r"|furthermore|in addition|by contrast|in contrast|meanwhile|instead|otherwise)\b\W*",
    re.IGNORECASE,
)


_AUXILIARY_RE = re.compile(
    r"^(?:can|could|may|might|must|will|would|should|shall|are|is|were|was|have|has|do|does"
    r"|cannot|can't|won't)$",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)
def _opening_subject(text: str) -> frozenset[str]:
    """The words a statement opens on before saying anything of them, up to four."""
    kept = []
    words = _ANSWER_OPENING_RE.sub("", text).split()[:5]
    for position, word in enumerate(words):
        bare = word.strip(",.;:!?")
        following = words[position + 1] if position + 1 < len(words) else ""
        if (
            kept
            and bare == word
            and _AUXILIARY_RE.match(following)
            and not _AUXILIARY_RE.match(bare)
        ):
            kept.append(bare)  # "NHS charges can be spread": a noun before its verb
            continue
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
_ACTOR = FirstLook(_ACTOR_RE)


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
            if (match := _ACTOR.search(sentence.text))
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
    amounts = _full_prices(fact)
    if not amounts or not query.text:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            match = _SHARE_OFF_RE.match(sentence.text)
            if match is None:
                continue
            who = subject_stems(frozenset(content_stems(match.group("who")))) - KIND_STEMS
            if not who or not who & query.stems or who & fact.stems:
                continue
            # "Gold members also get 10% off swimming lessons": a share of the lessons,
            # not of the monthly fee the fact gives.
            off = subject_stems(frozenset(content_stems(sentence.text[match.end() :]))) - KIND_STEMS
            if off and not off & (fact.stems | query.stems):
                continue
            if _priced_elsewhere(amounts, source, sentence):
                return Problem("condition_misapplied", sentence.text, index)
    return None


def _full_prices(fact: Fact) -> list[Quantity]:
    """The prices a fact gives as they stand: none when it names a share itself."""
    if any(own.kind == "percent" for own in fact.quantities):
        return []
    return [own for own in fact.quantities if own.kind == "amount" and not own.soft]


def _priced_elsewhere(
    amounts: Sequence[Quantity], source: PreparedSource, sentence: SourceSentence
) -> bool:
    """Another sentence of the source states one of the prices: the fact gives that
    sentence's price, not the one the rule's sentence makes of it."""
    return any(
        own.same_value(given)
        for own in amounts
        for other in source.sentences
        if other is not sentence
        for given in other.quantities
    )


# "Electric car charging is available in Leeds only", "only at the Harbour hotel".
_NAME_RUN = r"[A-Z][\w'-]*(?:\s+(?:and\s+|&\s+)?[A-Z][\w'-]*)*"
# "only at our Leeds, Manchester and Birmingham stores": a list of names of one kind.
_NAME_LIST = rf"{_NAME_RUN}(?:,\s+{_NAME_RUN})*"
_ONLY_NAMED_RE = re.compile(
    rf"\bonly (?:in|at|for|on|from) (?:the |our )?(?P<first>{_NAME_LIST})(?: (?P<kind>[a-z]+))?"
    rf"|\b(?:in|at|for|on|from) (?:the )?(?P<second>{_NAME_RUN}) only\b"
)
_ONLY_NAMED = FirstLook(_ONLY_NAMED_RE)
# "We do not deliver in Montclair", "isn't offered at our Leeds store": a rule the
# sentence denies for named places or things.
_NOT_NAMED_RE = first_char_regex(
    re.compile(
        rf"\b(?:not|never)\b[^.;]*?\b(?:in|at|for|on|from|to) (?:the |our )?(?P<names>{_NAME_LIST})"
        rf"|n't\b[^.;]*?\b(?:in|at|for|on|from|to) (?:the |our )?(?P<names2>{_NAME_LIST})"
    )
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
        for position, sentence in enumerate(source.sentences):
            match = _ONLY_NAMED.search(sentence.text)
            if match is None:
                continue
            allowed = _name_words(match.group("first") or match.group("second"))
            rule = subject_stems(sentence.stems) - allowed
            before = source.sentences[position - 1] if position else None
            if before is not None and not sentence.quantities and rule & before.stems:
                # "Our vans fit tyres at your home for £10 extra. Mobile fitting is available
                # only in ...": a sentence with no value of its own keeps the rule before it.
                rule |= subject_stems(before.stems)
            if not allowed or allowed & fact.stems or len(words & rule) * 2 < max(1, len(words)):
                continue
            told = _names_after_places(query.text) & named_in_source
            told |= _names_of_kind(query.text, match.group("kind"))
            if told and not told & allowed:
                return Problem("condition_misapplied", sentence.text, index)
        problem = _excluded_named(fact, source, index, words, named_in_source, query)
        if problem is not None:
            return problem
    return None


def _excluded_named(
    fact: Fact,
    source: PreparedSource,
    index: int,
    words: frozenset[str],
    named_in_source: frozenset[str],
    query: QueryContext,
) -> Problem | None:
    """The other side of a rule kept to named places: the source denies it for one
    ("We do not deliver in Montclair"), the question names that one, and the fact gives
    the rule as if it held there."""
    for position, sentence in enumerate(source.sentences):
        match = _NOT_NAMED_RE.search(sentence.text)
        if match is None:
            continue
        excluded = _name_words(match.group("names") or match.group("names2"))
        rule = subject_stems(sentence.stems) - excluded
        before = source.sentences[position - 1] if position else None
        if before is not None and not sentence.quantities and rule & before.stems:
            rule |= subject_stems(before.stems)  # a denial with no value of its own
        if not excluded or excluded & fact.stems or len(words & rule) * 2 < max(1, len(words)):
            continue  # a fact naming the place says what holds there itself
        if any(own.same_value(given) for own in fact.quantities for given in sentence.quantities):
            continue  # "not valid at Riverside, where the first 4 hours are free": its own rule
        told = _names_after_places(query.text) & (named_in_source | excluded)
        if told & excluded:
            return Problem("condition_misapplied", sentence.text, index)
    return None


def _names_of_kind(text: str, kind: str | None) -> frozenset[str]:
    """The names a question gives things of the kind a rule lists ("your Bristol store"
    beside "our Leeds and Manchester stores"), which need not be in the source."""
    if not kind or not text:
        return frozenset()
    kind_stem = stem(kind)
    found = frozenset()
    for match in re.finditer(rf"(?P<name>{_NAME_RUN})\s+(?P<kind>[a-z]+)", text):
        if stem(match.group("kind")) == kind_stem:
            found |= _name_words(match.group("name"))
    return found


def _name_words(text: str) -> frozenset[str]:
    return frozenset(content_stems(text or ""))


@lru_cache(maxsize=16384)
def _names_after_places(text: str) -> frozenset[str]:
    return frozenset().union(
        *(_name_words(match.group("name")) for match in _PLACE_RE.finditer(text or ""))
    )


# "30 days for either kind of claim", "both cost £5": one value said of two things.
_EITHER_RE = re.compile(r"\b(?:either|both)\b", re.IGNORECASE)
_AND_THINGS_RE = re.compile(r"\s+(?:and|or)\s+|,\s*", re.IGNORECASE)


def either_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The question asks about two things ("a home claim and a travel claim"), and the
    fact gives one value for either of them where the source gives one of them another
    ("Travel claims must be made within 28 days")."""
    hard = [own for own in fact.quantities if not own.soft and own.kind != "number"]
    if len(hard) != 1 or not _EITHER_RE.search(fact.text) or not query.text:
        return None
    value = hard[0]
    things = _asked_things(query.text)
    if len(things) < 2:
        return None
    shared = frozenset.intersection(*things)
    for thing in things:
        own = thing - shared
        if not own:
            continue
        for index, source in enumerate(sources):
            for sentence in source.sentences:
                if not own <= sentence.stems:
                    continue
                rivals = [q for q in sentence.quantities if q.comparable(value) and not q.soft]
                if rivals and not any(q.same_value(value) for q in rivals):
                    return Problem("contradicts_source", sentence.text, index)
    return None


def _asked_things(text: str) -> list[frozenset[str]]:
    """The things a question lists with "and" or "or", each by its words."""
    question = text.rsplit("?", 2)[-2] if "?" in text else text
    parts = [part for part in _AND_THINGS_RE.split(question) if part.strip()]
    if len(parts) < 2:
        return []
    things = [subject_stems(frozenset(content_stems(part))) for part in parts[-2:]]
    return [thing for thing in things if thing]


# "It cannot be combined with the staff discount", "can't be used with any other offer".
_NOT_COMBINED_RE = re.compile(
    r"\b(?:cannot|can't|can not|may not|must not|won't|will not)\s+(?:be\s+)?"
    r"(?:combined|used together|used alongside|used with|added to|stacked)\s+"
    r"(?:with\s+)?(?P<other>[^.;:]+)",
    re.IGNORECASE,
)
_NOT_COMBINED = FirstLook(_NOT_COMBINED_RE)
_PRONOUN_SUBJECT_RE = re.compile(r"^\W*(?:it|this|they|these|that)\W*$", re.IGNORECASE)


def combined_problem(fact: Fact, sources: Sequence[PreparedSource]) -> Problem | None:
    """The source says one thing cannot be combined with another ("It cannot be combined
    with the staff discount of 20%", said of the sibling discount), and the fact gives
    the customer both ("the 10% sibling discount as well as your 20% staff discount")."""
    if fact.negated:
        return None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            match = _NOT_COMBINED.search(sentence.text)
            if match is None:
                continue
            other = subject_stems(frozenset(content_stems(match.group("other"))))
            subject = _combined_subject(source, position, sentence.text[: match.start()])
            own, theirs = subject - other, other - subject
            if own and theirs and own <= fact.stems and theirs <= fact.stems:
                return Problem("condition_misapplied", sentence.text, index)
    return None


def _combined_subject(source: PreparedSource, position: int, before: str) -> frozenset[str]:
    """What cannot be combined: the words before the verb, or for "it" the subject of
    the sentence before, or else the chunk's heading ("Move-in offer.")."""
    if not _PRONOUN_SUBJECT_RE.match(before):
        return subject_stems(frozenset(content_stems(before)))
    for earlier in reversed(source.sentences[1:position]):
        found = _opening_subject(earlier.text)
        if found:
            return found
    heading = source.sentences[0] if source.sentences else None
    return subject_stems(heading.stems) if heading is not None and position else frozenset()


# "Items worth more than £500 must be listed on a valuation form before the move to be
# covered in full": who, what they must do, and what it gets them.
_REQUIREMENT_RE = re.compile(
    r"^(?P<who>.+?)\s+(?:must|need to|needs to|have to|has to)\s+(?P<needed>.+?)\s+"
    r"(?:to be|to get|to qualify for|to receive|to keep|in order to(?: be| get)?)\s+"
    r"(?P<outcome>[^.;,]+)",
    re.IGNORECASE,
)
# A clause the customer denies something in: "I haven't filled in any valuation form".
_DENIED_CLAUSE_RE = re.compile(
    r"(?:\b(?:not|never|no)\b|n't\b)\s*(?P<denied>[^.,;?!]*?)(?=\s+(?:and|but|so|because)\b|[.,;?!]|$)",
    re.IGNORECASE,
)


def unmet_requirement_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source sets a requirement for an outcome ("must be listed on a valuation form
    ... to be covered in full"), the customer says they are in its case and have not met
    it ("worth £3,000 and I haven't filled in any valuation form"), and the fact gives
    them the outcome ("your piano is covered in full")."""
    if fact.negated or not query.text or "n" not in query.text:
        return None
    denied = [
        subject_stems(frozenset(content_stems(match.group("denied"))))
        for match in _DENIED_CLAUSE_RE.finditer(query.text)
    ]
    if not any(denied):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            match = _REQUIREMENT_RE.search(sentence.text)
            if match is None:
                continue
            outcome = subject_stems(frozenset(content_stems(match.group("outcome"))))
            if not outcome or not outcome <= fact.stems:
                continue
            needed = subject_stems(frozenset(content_stems(match.group("needed"))))
            if not needed or not any(len(words & needed) * 2 >= len(needed) for words in denied):
                continue
            if _REQUIREMENT_RE.search(fact.text) and len(needed & fact.stems) * 2 >= len(needed):
                continue  # "items over £2,000 must be listed to be covered in full": the rule
            who = match.group("who")
            bound = Condition(who, frozenset(), tuple(extract_quantities(who)), any_of=False)
            if bound.quantities and window_exceeded(bound, query.told_quantities):
                continue  # the customer is outside the case the requirement is for
            return Problem("condition_misapplied", sentence.text, index)
    return None


# An age a doer must have: "Buggy drivers must be 21 or over", "Riders need to be at
# least 14", "Hirers must be over 25".
_REQUIRED_AGE_RE = re.compile(
    r"(?P<who>\b[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:must|need to|needs to|have to|has to)\s+be"
    r"\s+(?:aged\s+)?(?:(?P<or_over>\d{1,2})(?:\s+years(?:\s+old)?)?\s+or\s+(?:over|older|above)"
    r"|(?P<least>at least|over)\s+(?P<bound>\d{1,2}))\b",
    re.IGNORECASE,
)


# An age one must have to do a thing: "You must be 18 or over to ride an e-bike".
_AGE_TO_DO_RE = re.compile(
    r"\b(?:you|riders|hirers|drivers|guests|players|pupils|customers)\s+(?:must|need to|have to)"
    r"\s+be\s+(?:aged\s+)?(?P<or_over>\d{1,2})\s+or\s+(?:over|older|above)\s+to\s+"
    r"(?P<who>[\w'-]+(?:\s+[\w'-]+){0,3})",
    re.IGNORECASE,
)
# A thing kept from those under an age: "Contemporary is not taught to dancers under 11".
_DENIED_UNDER_AGE_RE = re.compile(
    r"(?P<who>\b[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:is|are)\s+not\s+(?:taught|offered|available"
    r"|open|sold)\s+(?:to|for)\s+(?:[\w'-]+\s+){0,2}?(?:under|younger than|below)\s+"
    r"(?P<under>\d{1,2})\b",
    re.IGNORECASE,
)
# A thing open only from an age: "General sessions are open to jumpers aged 5 and over".
_OPEN_FROM_AGE_RE = re.compile(
    r"(?P<who>\b[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:is|are)\s+(?:only\s+)?(?:open|available)"
    r"\s+(?:to|for)\s+(?:[\w'-]+\s+){0,2}?(?:aged\s+)?(?P<or_over>\d{1,2})(?:\s+years(?:\s+old)?)?"
    r"\s+(?:and|or)\s+(?:over|older|above|up)\b",
    re.IGNORECASE,
)
_YOU_MAY_RE = re.compile(
    r"\byou(?:'re| are)?\s+(?:can|may|(?:are |'re )?(?:able|allowed|welcome) to)\b", re.I
)


def _required_age(match: re.Match[str]) -> tuple[float, bool]:
    """The age a requirement reads and whether it is the lowest age allowed ("21 or
    over", "at least 14", "not ... under 11") rather than one to be over ("over 25")."""
    named = match.groupdict()
    if named.get("under"):
        return float(named["under"]), True
    if named.get("or_over"):
        return float(named["or_over"]), True
    return float(named["bound"]), named["least"].lower() != "over"


def underage_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The customer tells an age under the one a source requires of those who do the
    thing ("I'm 18" beside "Buggy drivers must be 21 or over and hold a full driving
    licence"), and the fact lets them do it, naming another requirement perhaps ("as
    long as you hold a full driving licence, you can drive the buggy") but not the age."""
    if fact.negated or not (fact.affirms or _YOU_MAY_RE.search(fact.text)):
        return None
    ages = [own for own in query.told_quantities if own.kind == "age" and not own.soft]
    if not ages:
        return None
    # A yes speaks of what the question asks about: "He certainly can!" to "Can my 9-year-old
    # try contemporary?".
    spoken = fact.stems | (query.stems if fact.affirms else frozenset())
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for match in (
                *_REQUIRED_AGE_RE.finditer(sentence.text),
                *_DENIED_UNDER_AGE_RE.finditer(sentence.text),
                *_AGE_TO_DO_RE.finditer(sentence.text),
                *_OPEN_FROM_AGE_RE.finditer(sentence.text),
            ):
                doers = subject_stems(frozenset(content_stems(match.group("who"))))
                # The words that tell these doers from the sentence's others: "vans" of
                # "small and medium cars only; large cars and vans can only be booked".
                rest = sentence.text[: match.start()] + " " + sentence.text[match.end() :]
                doers -= frozenset(content_stems(rest))
                if not doers or not doers & spoken:
                    continue
                bound, lowest = _required_age(match)
                if any(
                    own.kind in ("age", "number") and own.low == bound for own in fact.quantities
                ):
                    continue  # the fact states the age itself
                if all(age.high < bound if lowest else age.high <= bound for age in ages):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


# An offer kept for people who have never done a thing: "The offer is only for pupils who
# have never had a lesson with us before".
_NEVER_DONE_RE = re.compile(
    r"\bonly (?:for|open to|available to|for new)\s+(?:[\w'-]+\s+){0,3}?(?:who|that)\s+"
    r"(?:have|has)\s+never\s+(?P<done>[^.;,]+)",
    re.IGNORECASE,
)
# The customer says they have done it: "I had a couple of lessons with you last year".
_HAVE_DONE_RE = re.compile(
    r"\b(?:i|we)(?:'ve| have)?\s+(?:already\s+)?(?:had|done|taken|used|booked|bought)\b"
    r"(?P<what>[^.;?!]*)",
    re.IGNORECASE,
)


def done_before_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """A yes to an offer the source keeps for people who have never done a thing, to a
    customer who says they have done it ("I had a couple of lessons with you last year"
    beside "only for pupils who have never had a lesson with us before")."""
    if fact.negated or not fact.affirms or not query.text:
        return None
    told = [
        frozenset(content_stems(match.group("what")))
        for match in _HAVE_DONE_RE.finditer(query.text)
    ]
    if not any(told):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for match in _NEVER_DONE_RE.finditer(sentence.text):
                done = subject_stems(frozenset(content_stems(match.group("done"))))
                if done and any(done & words for words in told):
                    return Problem("condition_misapplied", sentence.text, index)
    return None


# A price rule for an age group: "Children's packages (under 12) are 50% of the Blue
# price", "Over-65s pay 30% less", "under-5s go free".
_AGE_BOUND_RE = re.compile(
    r"\b(?P<side>under|below|over|above|aged under|aged over)[ -](?P<age>\d{1,3})s?\b", re.I
)
_AGE_PRICE_RULE_RE = re.compile(
    r"\d+(?:\.\d+)?% (?:of|off|less|more)\b|\bhalf (?:the )?price\b|\bgo free\b|\bare free\b"
    r"|\bis free\b|\bfree of charge\b",
    re.IGNORECASE,
)


def unapplied_age_rule_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The customer tells an age inside a group a sentence prices otherwise ("My daughter
    is 10" beside "Children's packages (under 12) are 50% of the Blue price"), and the
    fact gives a price another sentence states, saying nothing of the group's rule."""
    ages = [own.low for own in query.told_quantities if own.kind == "age" and not own.soft]
    amounts = _full_prices(fact)
    if not ages or not amounts:
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            bound = _AGE_BOUND_RE.search(sentence.text)
            if bound is None or not _AGE_PRICE_RULE_RE.search(sentence.text):
                continue
            limit = float(bound.group("age"))
            under = bound.group("side").lower().endswith(("under", "below"))
            if not any(age < limit if under else age > limit for age in ages):
                continue
            # The group's own words, not the thing it shares with the question
            # ("Children's packages" of "a 1-day Black package").
            group = subject_stems(frozenset(content_stems(sentence.text[: bound.start()])))
            if (group - query.stems) & fact.stems or any(
                own.same_value(given) for own in amounts for given in sentence.quantities
            ):
                continue  # the fact speaks of the group, or gives the group's own price
            if _priced_elsewhere(amounts, source, sentence):
                return Problem("condition_misapplied", sentence.text, index)
    return None
