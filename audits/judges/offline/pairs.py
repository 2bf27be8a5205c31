"""What a fact says of the things a question names together: "both", "only one", "in
common".

Asked whether two things are both so ("Are the Team and Business plans both billed
yearly?"), an answer may say both are where the passage says it of one ("both plans
are billed yearly", naming them only as the question did), or say only one is where
the passage says it of each ("only the Team plan is billed yearly"); asked what they
have in common, it may give what only one has. Each thing's own sentences settle it:
those naming it, or going on about it from the sentence before. A word of what is said
of both that only one thing's sentences say ("Canadian indie rock band" beside
"American rock band" for "both American rock bands") is said of one; and a "Yes" to
such a question says of both whatever the question asks, however little of it the
answer restates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems, has_negation

from .decompose import Fact
from .events import NAME_RE
from .sources import PreparedSource, SourceSentence
from .values import Problem, subject_stems

# A sentence about a thing saying this share of what the fact says of it says it of
# that thing.
BOTH_SAID = 0.5

_PRONOUN_RE = re.compile(r"\b(?:he|she|it|they|his|her|its|their)\b", re.IGNORECASE)
# "both plans are ...", "both of them": "both" naming nothing the question did not.
_BOTH_RE = re.compile(r"^\W*(?:both|each)\b", re.IGNORECASE)
# "only the Team plan is ...": one thing said to be so, against the others.
_ONLY_RE = re.compile(r"^\W*only\s+(?P<rest>.+)$", re.IGNORECASE)
# A question's opening word is capitalised without naming anything.
_OPENING_RE = re.compile(r"^\W*(?:are|is|were|was|do|does|did|have|has|can|will)\s+", re.I)


def said_of_subject(
    subject: frozenset[str], predicate: frozenset[str], sources: Sequence[PreparedSource]
) -> tuple[float, tuple[int, SourceSentence] | None]:
    """The share of the predicate the best sentence about the subject says: one naming
    it, or going on about it from the sentence before ("In 2007, he was ...")."""
    best, found = 0.0, None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            about = subject <= sentence.stems
            if not about and position and _PRONOUN_RE.search(sentence.text):
                about = subject <= source.sentences[position - 1].stems
            share = len(predicate & sentence.stems) / len(predicate)
            if about and (found is None or share > best):
                best, found = share, (index, sentence)
    return best, found


def question_subjects(question: str, sources: Sequence[PreparedSource]) -> list[frozenset[str]]:
    """The things a question names that the passage speaks of, each as its stems."""
    text = _OPENING_RE.sub("", question)
    subjects: list[frozenset[str]] = []
    for match in NAME_RE.finditer(text):
        own = frozenset(content_stems(match.group()))
        if own and own not in subjects and any(own <= source.stems for source in sources):
            subjects.append(own)
    return subjects


def both_unnamed_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """ "Both plans are billed yearly" for the two the question names, where a sentence
    about one says so and none about the other does."""
    if fact.negated or not _BOTH_RE.match(fact.text):
        return None
    subjects = question_subjects(question, sources)
    if len(subjects) != 2 or any(subject <= fact.stems for subject in subjects):
        return None  # the fact names them itself, as the check on "both X and Y" reads
    predicate = subject_stems(fact.stems) - frozenset().union(*subjects)
    if len(predicate) < 2:
        return None
    said = [said_of_subject(subject, predicate, sources) for subject in subjects]
    if any(found is None for _, found in said):
        return None
    best = max(said, key=lambda found: found[0])
    if best[0] >= BOTH_SAID and min(share for share, _ in said) < BOTH_SAID:
        index, sentence = best[1]
        return Problem("contradicts_source", sentence.text, index)
    return one_sided_problem(subjects, predicate & said_of_both(fact.text), sources)


def said_of_both(text: str) -> frozenset[str]:
    """The words after a fact's "both" (or its verb): what it says of both things, not
    the noun naming them ("both plans", "the Team and Business plans")."""
    both = _BOTH_WORD_RE.search(text)
    verb = _VERB_RE.search(text)
    ends = [match.end() for match in (both, verb) if match is not None]
    return frozenset(content_stems(text[max(ends) :])) if ends else frozenset()


_BOTH_WORD_RE = re.compile(r"\b(?:both|each)\b", re.IGNORECASE)
_VERB_RE = re.compile(r"\b(?:is|are|was|were|have|has|had|do|does|did|can|will)\b", re.I)


def affirmed_both_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """ "Yes" to "Are the Team and Business plans both billed yearly?" says both are,
    whatever the words after it restate ("Yes, both plans are billed"): what the question
    asks of the two it names must hold of each."""
    if not fact.affirms or fact.negated or not _BOTH_ASKED_RE.search(question):
        return None
    asked = _asked_of_two(question, " ".join(source.plain for source in sources))
    if asked is None:
        return None
    subjects, predicate = asked
    return one_sided_problem(subjects, predicate, sources) if predicate else None


# "Are A and B both ...?", "Are both A and B ...?", "Do A and B each ...?".
_BOTH_ASKED_RE = re.compile(r"\b(?:both|each)\b", re.IGNORECASE)


def _asked_of_two(
    question: str, passage: str
) -> tuple[list[frozenset[str]], frozenset[str]] | None:
    """The two names a question joins with "and" (each as far as the passage writes it:
    "Kings of Leon" of "Kings of Leon American"), and the words it asks of them, after
    the second."""
    text = _OPENING_RE.sub("", question)
    found = []
    for match in NAME_RE.finditer(text):
        words = match.group().split()
        while words and not _written(words, passage):
            words.pop()
        if words:
            found.append((match.start(), match.start() + len(" ".join(words)), words))
    for first, second in zip(found, found[1:], strict=False):
        if not text[first[1] : second[0]].endswith(" and "):
            continue
        subjects = [frozenset(content_stems(" ".join(own[2]))) for own in (first, second)]
        if not all(subjects) or subjects[0] == subjects[1]:
            return None
        rest = text[second[1] :]
        # "Are the Team and Business plans both billed yearly?": "plans" names the two.
        both = _BOTH_WORD_RE.search(rest)
        asked = frozenset(content_stems(rest[both.end() :] if both else rest))
        return subjects, subject_stems(asked) - subjects[0] - subjects[1]
    return None


def _written(words: Sequence[str], passage: str) -> bool:
    """The passage writes the name, maybe with an aside in it ("Cid (Sidney) Corman")."""
    aside = r"\s+(?:\([^)]*\)\s+)?"
    pattern = aside.join(re.escape(word) for word in words)
    return re.search(rf"\b{pattern}\b", passage, re.IGNORECASE) is not None


def one_sided_problem(
    subjects: Sequence[frozenset[str]],
    predicate: frozenset[str],
    sources: Sequence[PreparedSource],
) -> Problem | None:
    """A word of what is said of both things that the sentences about one of them say and
    those about the other never do ("Canadian indie rock band" beside "American rock
    band" for "both American rock bands")."""
    about = [_sentences_about(subject, sources) for subject in subjects]
    if not all(about):
        return None
    for word in sorted(predicate):
        holders = [[found for found in own if word in found[1].stems] for own in about]
        if any(holders) and not all(holders):
            index, sentence = next(found for found in holders if found)[0]
            return Problem("contradicts_source", sentence.text, index)
    return None


def _sentences_about(
    subject: frozenset[str], sources: Sequence[PreparedSource]
) -> list[tuple[int, SourceSentence]]:
    """The sentences naming the subject, or going on about it from the one before."""
    found = []
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            about = subject <= sentence.stems
            if not about and position and _PRONOUN_RE.search(sentence.text):
                about = subject <= source.sentences[position - 1].stems
            if about:
                found.append((index, sentence))
    return found


def only_one_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """ "Only the Team plan is billed yearly" of two things the question names, where a
    sentence about the other says so as fully as any about the one named."""
    match = _ONLY_RE.match(fact.text)
    if fact.negated or match is None:
        return None
    subjects = question_subjects(question, sources)
    named = [subject for subject in subjects if subject <= fact.stems]
    if len(subjects) != 2 or len(named) != 1:
        return None
    other = next(subject for subject in subjects if subject not in named)
    predicate = subject_stems(fact.stems) - named[0] - other
    if not predicate:
        return None
    own, _ = said_of_subject(named[0], predicate, sources)
    share, found = said_of_subject(other, predicate, sources)
    if found is not None and share >= BOTH_SAID and share >= own:
        return Problem("contradicts_source", found[1].text, found[0])
    return None


def said_of_other_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """ "Manettia is edible" of two things the question names ("Are Manettia and Fragaria
    both edible?"), where the sentences about the one the clause names say none of it
    and a sentence about the other says it: the passage says it of the other one. Each
    affirming clause of the fact is read so ("Manettia is edible; Fragaria isn't")."""
    if not sources:
        return None
    subjects = question_subjects(question, sources)
    if len(subjects) != 2:
        return None
    for clause in _CLAUSE_RE.split(fact.text):
        if has_negation(clause):
            continue
        stems = frozenset(content_stems(clause))
        named = [subject for subject in subjects if subject <= stems]
        if len(named) != 1:
            continue
        other = next(subject for subject in subjects if subject not in named)
        predicate = subject_stems(stems) - named[0] - other
        if not predicate:
            continue
        own = _said_apart(named[0], other, predicate, sources)
        theirs = _said_apart(other, named[0], predicate, sources)
        if own is None or theirs is None or own[0] or theirs[0] < BOTH_SAID:
            continue
        index, sentence = theirs[1]
        return Problem("contradicts_source", sentence.text, index)
    return None


def _said_apart(
    subject: frozenset[str],
    other: frozenset[str],
    predicate: frozenset[str],
    sources: Sequence[PreparedSource],
) -> tuple[float, tuple[int, SourceSentence]] | None:
    """The share of the predicate the best sentence about the subject and not about the
    other says: a sentence naming the other thing ("Fragaria ... their edible fruits")
    speaks of that one, whatever its pronouns."""
    best = None
    for index, sentence in _sentences_about(subject, sources):
        if other <= sentence.stems:
            continue
        share = len(predicate & sentence.stems) / len(predicate)
        if best is None or share > best[0]:
            best = (share, (index, sentence))
    return best


# Where a fact's clauses about two things part: "A is edible; B isn't", "A is, but B".
_CLAUSE_RE = re.compile(r";|,\s*(?:but|while|whereas)\b|\s+but\s+", re.IGNORECASE)


# A question asking what two things have in common: "What profession do A and B share?".
_SHARED_RE = re.compile(r"\b(?:share|shared|in common)\b", re.IGNORECASE)
_ITEMS_RE = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", re.IGNORECASE)


def shared_problem(fact: Fact, sources: Sequence[PreparedSource], question: str) -> Problem | None:
    """A short answer to what two things have in common ("Photographer and crime
    novelist") giving something a sentence about one says and none about the other."""
    if not fact.bare or fact.negated or not _SHARED_RE.search(question):
        return None
    subjects = question_subjects(question, sources)
    if len(subjects) != 2:
        return None
    for item in _ITEMS_RE.split(fact.text.strip(" .!?")):
        words = subject_stems(frozenset(content_stems(item))) - subjects[0] - subjects[1]
        if not words:
            continue
        said = [said_of_subject(subject, words, sources) for subject in subjects]
        if any(found is None for _, found in said):
            return None
        shares = sorted(share for share, _ in said)
        if shares == [0.0, 1.0]:
            index, sentence = max(said, key=lambda found: found[0])[1]
            return Problem("contradicts_source", sentence.text, index)
    return None


# "Which guitarist was a member of both The Yardbirds and Led Zeppelin?": a question
# asking for the one thing said of both.
_ASKS_OF_BOTH_RE = re.compile(
    r"^\W*(?:who|whom|which|what)\b.*\bboth\s+(?P<pair>.+)$", re.IGNORECASE | re.DOTALL
)
_FACT_NAME_RE = re.compile(r"\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*")


def named_with_both_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A short answer to a question asking who (or which one) is so of both things it
    names ("Which guitarist was a member of both The Yardbirds and Led Zeppelin?") that
    the sentences about one of them name and those about the other never do: the
    passage gives it of one only ("guitarists included Eric Clapton" of the first band
    alone)."""
    asked = _ASKS_OF_BOTH_RE.match(question)
    if fact.negated or asked is None or not sources:
        return None
    two = _asked_of_two("Are " + asked.group("pair"), " ".join(s.plain for s in sources))
    if two is None:
        return None
    subjects, _ = two
    opening = _FACT_NAME_RE.match(fact.text.strip(' "“'))
    if opening is None:
        return None
    answer = frozenset(content_stems(opening.group())) - subjects[0] - subjects[1]
    if not answer:
        return None
    about = [_sentences_about(subject, sources) for subject in subjects]
    if not all(about):
        return None
    holders = [[found for found in own if _names(answer, *found, sources)] for own in about]
    if any(holders) and not all(holders):
        index, sentence = next(found for found in holders if found)[0]
        return Problem("contradicts_source", sentence.text, index)
    return None


def _names(
    answer: frozenset[str],
    index: int,
    sentence: SourceSentence,
    sources: Sequence[PreparedSource],
) -> bool:
    """The sentence names the answer, or goes on about it from the one before ("... hosted
    by Bob Barker. He is known for hosting ...")."""
    if answer <= sentence.stems:
        return True
    if not sentence.position or not _PRONOUN_RE.search(sentence.text):
        return False
    return answer <= sources[index].sentences[sentence.position - 1].stems
