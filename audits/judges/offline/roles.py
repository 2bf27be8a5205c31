"""Whom a passage gives a role, read from the phrase that gives it.

A passage saying "directed by Robert Zemeckis and written by Neil Gaiman" names both,
each for a role of its own; "refunds are approved by Northgate Billing and paid by
Harbour Pay" likewise. An answer giving Neil Gaiman as the director, or saying Harbour
Pay approves refunds, uses a name the passage gives for a role the passage gives
another. Only names are read so: "the billing team" may be said in other words.
So a name a fact puts after a role phrase ("directed by", "approved by", "best known
for"), or gives as the answer to a question asking for one ("directed by whom?"), is
read against the passage's own uses of that phrase, as is a name said to do it
actively ("Neil Gaiman directed Beowulf"): when the passage completes the
phrase with other names only, and never with the fact's, the fact moved the name; so
it did when the passage gives no one the fact's role and the name another, in a
sentence using the fact's word for something else ("recorded in London and produced
by ...").

A passage may give a role to several names at once ("founded by A and B"), and a
question pick one of them by what it says of it ("which Olympic rower founded it?"):
the fact must name the one the passage says that of.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kbaudit.text.tokens import STOPWORDS, content_stems, stem, word_list

from .decompose import Fact
from .questions import QUESTION_FILLER
from .sources import PreparedSource, lower_case_stems
from .values import Problem, subject_stems

# "directed by", "approved by", "known for": a word and the preposition that
# introduces whom (or what) the role is given to.
# A short adjunct may stand between them: "built in 1320 by", "destroyed in 1650 by".
# "founded in July 2003 by", "opened on 4 May 1901 by": a date may say day and month.
_ADJUNCT = (
    r"(?:\s+(?:in|on|around|about)\s+(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?(?:\d{1,2},?\s+)?\d{4}"
    r"|\s+[a-z]+ly)?"
)
_ROLE_RE = re.compile(rf"\b(?P<head>[A-Za-z][\w-]*){_ADJUNCT}\s+(?P<preposition>by|for)\s+(?=\S)")
# What completes a fact's role phrase ends at a clause break or where the next role
# begins; in a passage only the next role ends it, as a list of names may run on past
# commas and "and" ("founded by Ann Reed, a chemist, and Tom Hale").
_OBJECT_END_RE = re.compile(
    r"[,;:.()\"“”!?]|\s+(?:and|or|but|which|who|that|while|with|in|on|at|from|to)\s+(?=[a-z])"
    rf"|\s+[A-Za-z][\w-]*{_ADJUNCT}\s+(?:by|for)\s+"
)
_PASSAGE_OBJECT_END_RE = re.compile(
    rf"[;!?]|\s+[A-Za-z][\w-]*{_ADJUNCT}\s+(?:by|for)\s+"
    # "... and starring Ines Varga", ", based on ...": another verb's phrase begins.
    r"|(?:,\s*|\s+and\s+)(?=[a-z]{3,}(?:ing|ed)\b)"
    # "directed by Bong Joon-ho, who co-wrote it with Han Jin-won": what a relative
    # clause says of the name is no more of the role.
    r"|,\s*(?=(?:who|whose|whom)\b)"
    # "..., and Elon Musk joined as chairman": a name with a verb of its own opens a clause.
    r"|,?\s+and\s+(?=(?:[A-Z][\w'’.-]*\s+){1,3}(?:[a-z]{3,}ed|became|was|is)\b)"
    # "painted by Michelangelo between 1508 and 1512 under the patronage of Pope Julius
    # II": a phrase of when or how after the names says no more of who.
    r"|\s+(?:between|under|during|until|since|throughout)\s+"
)
# A question asking for the one a role is given to: "directed by whom?".
_ASKED_ROLE_RE = re.compile(
    r"\b(?P<head>[A-Za-z][\w-]*)\s+(?P<preposition>by|for)\s+(?:who|whom|what|which)\b",
    re.IGNORECASE,
)
# A question asking who did it: "Who directed ...?", "Which studio produced ...?".
_ASKED_AGENT_RE = re.compile(
    r"\W*(?:who|(?:what|which)\s+[\w'’-]+)\s+(?P<head>[a-z][\w-]*)\s", re.IGNORECASE
)
# A role is given by a verb's participle ("directed", "written", "known"): a noun
# before "for" names a case ("departure for Flex fares"), not a role.
_IRREGULAR_PARTICIPLES = frozenset(
    word_list("""
    known run held won sung led made built drawn shot taught sold bought told kept set
    hit put brought found fought thought sent spent lent paid laid said read heard
    met left lost struck wound
    wrote drew sang began took gave chose spoke broke rode grew flew threw
    """)
)
# Up to this many words complete a role phrase.
OBJECT_WORDS = 8
# An active sentence gives the role too ("Robert Zemeckis directed it"): the role's
# word this many words after the name.
ACTIVE_WINDOW = 3


@dataclass(frozen=True)
class Role:
    head: str  # the stem of the role's word
    preposition: str
    names: frozenset[str]  # the stems of the names completing it
    # Each name completing it as a whole, its stems in order ("Kamal Shalorus").
    runs: tuple[tuple[str, ...], ...] = ()


def role_problem(fact: Fact, sources: Sequence[PreparedSource], question: str) -> Problem | None:
    """The fact gives a name a role the passage gives only to others."""
    if fact.negated or not sources:
        return None
    for role in _fact_roles(fact, question):
        problem = _given_to_others(role, sources)
        if problem is not None:
            return problem
    # "Who wrote the lyrics?": the answer is the one the passage's "lyrics by" gives,
    # when it gives them to anyone ("The music was composed by ..." says it otherwise).
    credit = _ASKED_CREDIT_RE.match(question)
    if _short_answer(fact) and credit and credit.group("noun").lower() in _CREDIT_NOUNS:
        names = name_stems(fact.text)
        if names:
            role = Role(_head_stem(credit.group("noun").lower()), "by", names)
            return _given_to_others(role, sources, otherwise=False)
    return None


def _fact_roles(fact: Fact, question: str) -> list[Role]:
    roles = [*_roles(fact.text), *_active_roles(fact.text)]
    if _short_answer(fact):
        # "Neil Gaiman" for "... directed by who?": the answer completes the question's phrase.
        names = name_stems(fact.text)
        for match in _ASKED_ROLE_RE.finditer(question):
            head = match.group("head").lower()
            if names and _participle(head):
                roles.append(Role(_head_stem(head), match.group("preposition").lower(), names))
        # "Who directed Salt Roads?": the answer is the one the passage's "directed by" gives.
        asked = _ASKED_AGENT_RE.match(question)
        if names and asked and _participle(asked.group("head").lower()):
            roles.append(Role(_head_stem(asked.group("head").lower()), "by", names))
    return roles


@lru_cache(maxsize=16384)
def _roles(text: str, *, passage: bool = False) -> tuple[Role, ...]:
    """The role phrases of a text, each with the names completing it (none when only
    common words do: "known for its beaches"); ``passage``: every name up to the next
    role phrase completes it."""
    found = []
    for match in _ROLE_RE.finditer(text):
        head = match.group("head").lower()
        if not _participle(head) and head not in _CREDIT_NOUNS:
            continue
        rest = text[match.end() :]
        end = (_PASSAGE_OBJECT_END_RE if passage else _OBJECT_END_RE).search(rest)
        completion = rest[: end.start() if end else len(rest)]
        if not passage:
            completion = " ".join(completion.split()[:OBJECT_WORDS])
        names = name_stems(completion)
        runs = tuple(
            run
            for match in _NAME_RUN_RE.finditer(completion)
            if (run := content_stems(match.group()))
        )
        if names or passage:
            preposition = match.group("preposition").lower()
            for own in (head, *_joined_heads(text[: match.start("head")])):
                found.append(Role(_head_stem(own), preposition, names, runs))
    return tuple(found)


# "Ines Varga produced Salt Roads": a name, then the role's verb in the past, said
# actively; "Ines Varga was produced by" or "... produced for" is read above.
_ACTIVE_ROLE_RE = re.compile(
    r"(?:^|(?<=[\s\"“(]))(?P<name>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})"
    r"\s+(?:also\s+|later\s+|then\s+)?(?P<head>[a-z][\w-]*)\b(?!\s+(?:by|for)\b)"
)


# "Tomas Berg known for ...": no act of the name's; "read", "set", "put" may be the
# present tense, a general statement rather than a role given.
_NO_ACT = frozenset(word_list("known read set put hit"))


@lru_cache(maxsize=16384)
def _active_roles(text: str) -> tuple[Role, ...]:
    """The roles a fact gives names in active sentences ("Neil Gaiman directed Beowulf"
    gives Neil Gaiman the role "directed by" names), read against the passage's own."""
    found = []
    for match in _ACTIVE_ROLE_RE.finditer(text):
        head = match.group("head")
        if not _participle(head) or head in _NO_ACT:
            continue
        names = name_stems(match.group("name"))
        if names:
            found.append(Role(_head_stem(head), "by", names, (content_stems(match.group("name")),)))
    return tuple(found)


# "written and directed by ...", "produced, written and directed by ...": each role
# is given to the names after "by".
_JOINED_HEAD_RE = re.compile(r"\b(?P<head>[A-Za-z][\w-]*)\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)$")


def _joined_heads(before: str) -> list[str]:
    heads = []
    # A capitalised word is a name ("... by Ann Reed, and scored by ..."), not a role.
    while (match := _JOINED_HEAD_RE.search(before)) and match.group("head").islower():
        if not _participle(match.group("head")):
            break
        heads.append(match.group("head"))
        before = before[: match.start()]
    return heads


def _head_stem(head: str) -> str:
    """ "co-written" gives the role "written" does, shared."""
    return stem(head.removeprefix("co-"))


_NAME_RUN_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


# The parts of a work a credit gives by "by" without a verb: "with music by Ann Reed and
# lyrics by Tom Hale", "a libretto by ...".
_CREDIT_NOUNS = frozenset(
    word_list("music lyrics libretto screenplay script choreography illustrations artwork")
)
# A question asking who made one of those parts: "Who wrote the lyrics of ...?".
_ASKED_CREDIT_RE = re.compile(
    r"\W*who\s+(?:wrote|composed|created|penned|provided|did)\s+(?:the\s+)?(?P<noun>[a-z]+)\b",
    re.IGNORECASE,
)


# Words ending as participles do that are not ones ("the need for", "a hundred").
_NOT_PARTICIPLES = frozenset(word_list("need speed seed feed breed bed red shed hundred indeed"))


# A verb the decomposer's list may lack: "Ines Varga starred in the film" is no name.
_SOME_VERB_RE = re.compile(r"\b(?:is|are|was|were|has|have|had|[a-z]{2,}ed)\b")


def _short_answer(fact: Fact) -> bool:
    """The fact is a bare name or phrase answering the question, not a sentence."""
    return fact.bare and not _SOME_VERB_RE.search(fact.text)


def _participle(word: str) -> bool:
    if word in STOPWORDS or word in _NOT_PARTICIPLES:
        return False
    return word.endswith(("ed", "en")) or word in _IRREGULAR_PARTICIPLES


_CAPITALISED_RE = re.compile(r"\b[^\W\d_][\w'’-]*")


@lru_cache(maxsize=16384)
def name_stems(text: str) -> frozenset[str]:
    """The stems of the capitalised words of ``text``, in any alphabet."""
    return frozenset(
        token
        for word in _CAPITALISED_RE.findall(text)
        if word[0].isupper()
        for token in content_stems(word)
    )


def same_person(given: frozenset[str], named: frozenset[str], said: frozenset[str]) -> bool:
    """The names of a role's holder and the fact's name speak of one person, unless
    they share a surname alone and the sentence giving the role writes the fact's whole
    name beside the holder's ("directed by Christopher Nolan, who co-wrote it with his
    brother Jonathan Nolan"): two people of one family."""
    shared = given & named
    if not shared:
        return False
    if named <= given or given <= named or len(shared) > 1:
        return True
    return not named <= said


def _given_to_others(
    role: Role, sources: Sequence[PreparedSource], *, otherwise: bool = True
) -> Problem | None:
    others = None
    for index, source in enumerate(sources):
        common = lower_case_stems(source.plain)
        names = role.names - common
        if not names:
            return None  # the fact's "name" is a word the passage uses as a common word
        if _active(role, names, source.plain):
            return None
        for sentence in source.sentences:
            for own in _roles(sentence.text, passage=True):
                if own.head != role.head or own.preposition != role.preposition:
                    continue
                if same_person(own.names, role.names, sentence.stems):
                    return None  # the passage gives the role to the fact's name too
                if not own.names - common and (
                    role.preposition == "for" or not names <= source.stems
                ):
                    # A kind of thing may take the role in ("for other fares"), unless
                    # the fact's name is one the passage gives elsewhere ("handled by
                    # your card issuer" beside "paid by Northgate Billing").
                    return None
                others = others or Problem("contradicts_source", sentence.text, index)
    if others or not otherwise:
        return others
    return _given_another_role(role, sources)


def _given_another_role(role: Role, sources: Sequence[PreparedSource]) -> Problem | None:
    """The passage gives no one the fact's role, and gives the fact's name another one
    in a sentence using the fact's word otherwise ("the album was recorded in London
    and produced by The Twilite Tone" for "recorded by The Twilite Tone"). A sentence
    without the word may say the role in other words ("processed by" for "handled by")."""
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if role.head not in sentence.stems:
                continue
            for own in _roles(sentence.text, passage=True):
                if own.preposition == role.preposition and own.names & role.names:
                    return Problem("contradicts_source", sentence.text, index)
    return None


def _active(role: Role, names: frozenset[str], text: str) -> bool:
    """The passage gives the role in so many words after one of the names: "Zemeckis,
    who directed it", "the billing team approves refunds" (not "... and approved by").
    A participle after a comma says more of what the sentence is about, not of the name
    before it: "a film directed by Martin Scorsese, starring Robert De Niro"."""
    text = _COMMA_PARTICIPLE_RE.sub(",", text)
    words = [word.lower() for word in _WORD_RE.findall(text)]
    stems = [stem(word) for word in words]
    for position, token in enumerate(stems):
        if token not in names:
            continue
        for after in range(position + 1, min(position + 1 + ACTIVE_WINDOW, len(stems))):
            passive = after + 1 < len(words) and words[after + 1] == role.preposition
            if stems[after] == role.head and not passive:
                return True
    return False


_WORD_RE = re.compile(r"[^\W_][\w'’-]*")
_COMMA_PARTICIPLE_RE = re.compile(r",\s+[a-z]+ing\b")


# Up to this share of the question's words, the sentences about a name do not say what
# the question asks of it.
UNSAID = 0.5


def co_named_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """The passage gives a role to several names at once ("founded by Kamal Shalorus
    and Matthew Granahan") and the question picks one by what it says of it ("which
    Lightweight fighter founded it?"): the fact names one the passage does not say
    that of, while a sentence about another of them says all of it."""
    if fact.negated or not sources:
        return None
    question_stems = frozenset(content_stems(question))
    for role in _fact_roles(fact, question) or _answer_roles(fact, question_stems, sources):
        asked = subject_stems(question_stems) - fact.stems - QUESTION_FILLER - {role.head}
        for source in sources:
            for sentence in source.sentences:
                # What the question says of the one it asks for, beyond the sentence
                # giving the role ("Lightweight" beside "founded by A and B").
                described = asked - sentence.stems
                if len(described) < 2:
                    continue
                for own in _roles(sentence.text, passage=True):
                    if own.head != role.head or not own.names & role.names:
                        continue
                    problem = _picked_otherwise(role.names, own.runs, described, sources)
                    if problem is not None:
                        return problem
    return None


def _answer_roles(
    fact: Fact, question_stems: frozenset[str], sources: Sequence[PreparedSource]
) -> list[Role]:
    """For a short answer, the passage's roles the question uses the word of ("which
    fighter founded ...?" and "founded by ...")."""
    names = name_stems(fact.text)
    if not _short_answer(fact) or not names:
        return []
    return [
        Role(own.head, own.preposition, names)
        for source in sources
        for sentence in source.sentences
        for own in _roles(sentence.text, passage=True)
        if own.head in question_stems and own.names & names
    ]


def _picked_otherwise(
    names: frozenset[str],
    runs: Sequence[tuple[str, ...]],
    asked: frozenset[str],
    sources: Sequence[PreparedSource],
) -> Problem | None:
    others = [frozenset(run) for run in runs if not names & set(run) and len(run) > 1]
    if not others:
        return None
    said_of_named, _ = _said_of(names, others, asked, sources)
    if said_of_named > UNSAID:
        return None
    for other in others:
        said, found = _said_of(other, [names], asked, sources)
        if said == 1.0 and found is not None:
            return Problem("contradicts_source", found[1].text, found[0])
    return None


def _said_of(
    name: frozenset[str],
    others: Sequence[frozenset[str]],
    asked: frozenset[str],
    sources: Sequence[PreparedSource],
):
    """The share of the asked words the best sentence naming the name and none of the
    others says, and that sentence."""
    best, found = 0.0, None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not name <= sentence.stems or any(other <= sentence.stems for other in others):
                continue
            share = len(asked & sentence.stems) / len(asked)
            if found is None or share > best:
                best, found = share, (index, sentence)
    return best, found
