"""Who does what: a duty the source gives one party, said of another.

"The landlord repairs the structure, the roof and the boiler. Tenants are responsible
for replacing smoke alarm batteries and unblocking sinks they have blocked." An answer
saying "the landlord will take care of unblocking it" of a sink the tenant blocked uses
the source's own words, but gives the tenants' duty to the landlord: the clause that says
what the fact says is another party's, and the fact's party has a clause of its own that
says none of it (SPEC §3: an attribute moved to another entity is not supported).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kbaudit.text.tokens import STOPWORDS, content_stems

from .decompose import Fact
from .questions import VERB_RE
from .sources import PreparedSource, SourceSentence
from .values import subject_stems

# A clause opening on its party and its verb: "The landlord repairs ...", "Tenants are
# ...", "the landlord will replace it". A name ("Mauna Kea is ...") or an opening that is
# no party ("Perhaps his ...", "Standing 4,207 m ...") is not read.
_PARTY_RE = re.compile(
    r"^\W*(?P<determiner>(?:[Tt]he|[Oo]ur|[Yy]our|[Aa]n?)\s+)?(?P<word>[A-Za-z][\w'-]*)\s+(?P<verb>[a-z']+)\b"
)
_THIRD_PERSON_VERB_RE = re.compile(r"^[a-z]+[^s]s$")
# A pronoun object ("will replace it") stands for what the question asked about.
_OBJECT_PRONOUN_RE = re.compile(r"\b(?:it|that|them|this|one)\b", re.IGNORECASE)
# The duty must be said by this many more words in the other party's clause than in the
# fact's party's own clauses.
MARGIN_WORDS = 2


@dataclass(frozen=True)
class _Clause:
    party: str
    stems: frozenset[str]
    text: str


def party_problem(
    fact: Fact, sources: Sequence[PreparedSource], asked_stems: frozenset[str]
) -> tuple[int, str] | None:
    """The source and clause whose party does what the fact gives its own party to do,
    when the fact's party has clauses of its own in that source that say less of it."""
    if fact.quantities:
        return None  # values are read by the value checks
    party = _party(fact.text)
    if party is None:
        return None
    duty = subject_stems(fact.stems) - {party}
    if _OBJECT_PRONOUN_RE.search(fact.text):
        duty |= subject_stems(asked_stems) - {party}
    if len(duty) < MARGIN_WORDS:
        return None
    for index, source in enumerate(sources):
        clauses = _clauses(source.sentences)
        own = [clause for clause in clauses if clause.party == party]
        if not own:
            continue
        said_by_own = max(len(duty & clause.stems) for clause in own)
        for clause in clauses:
            if party in clause.stems or clause.party in fact.stems:
                continue  # the clause names the fact's party too ("Gold and Platinum members")
            if len(duty & clause.stems) >= said_by_own + MARGIN_WORDS:
                return index, clause.text
    return None


def _party(text: str) -> str | None:
    match = _PARTY_RE.match(text)
    if match is None:
        return None
    word, verb = match.group("word"), match.group("verb")
    if word.lower() in STOPWORDS or not (
        VERB_RE.fullmatch(verb) or _THIRD_PERSON_VERB_RE.match(verb)
    ):
        return None
    # A role is a common noun: written in lower case after its determiner, or opening
    # the sentence as a plural ("Tenants are ...").
    if (match.group("determiner") or not word.endswith("s")) and not word.islower():
        return None
    found = content_stems(word)
    return found[0] if found else None


def _clauses(sentences: Sequence[SourceSentence]) -> list[_Clause]:
    return [
        _Clause(party, sentence.stems, sentence.text)
        for sentence in sentences
        if (party := _party(sentence.text)) is not None
    ]
