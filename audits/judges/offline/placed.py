"""A short answer taken from the passage's sentence that does not say what was asked.

Asked "Who was the first Secretary-General of the United Nations?" over "Trygve Lie
... served as the first Secretary-General of the United Nations from 1946 to 1952. He
was succeeded by Dag Hammarskjöld of Sweden.", the answer "Dag Hammarskjöld" is a
name of the passage, so every check of a name passes; but the sentence naming him
says nothing the question asks that the other sentence does not say too, and the
other says more of it ("first", "Secretary-General") of someone else. So is "Sucre"
for "the seat of government of Bolivia" where one sentence calls Sucre the
constitutional capital and the seat of the judiciary and the next calls La Paz the seat
of government, and "20" for "How old was he when he died?" where the age at his death
is 32 and 20 the age he became king.

Only a question asking for one thing directly is read so ("Who was ...?", "In what
year were ...?"): one that reaches its answer through another ("the explorer who led
...", "the band that recorded ...") asks in one sentence what the next one answers,
and its answer's sentence may well say less of the question than the bridge's does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words

from .decompose import Fact
from .questions import asked_words
from .roles import name_stems
from .sources import PreparedSource, SourceSentence, lower_case_stems
from .values import Problem

# A question asking for one thing directly: it opens with its question word.
_DIRECT_RE = re.compile(
    r"^\W*(?:who|what|which|when|where|in\s+(?:what|which)\s+\w+|how\s+(?:old|many|much))\b",
    re.IGNORECASE,
)
# A question reaching its answer through something else it describes.
# "the band that recorded", "the film in which", "James Miller's wife", "the pacemaker
# used by the 34th President", "the man also known as ...".
_BRIDGE_RE = re.compile(
    r"\b(?:who|whom|whose|that|which|where|when)\b|\b(?:in|on|at|by|for|from|of|with)\s+which\b"
    r"|\w['’]s?\s|\b[a-z]{3,}ed\s+(?:by|for|in|at|on|to|from|with)\b|\bknown\s+as\b",
    re.IGNORECASE,
)
# A sentence opening with a word that speaks again of what the one before named.
_PRONOUN_RE = re.compile(r"^\W*(?:he|she|it|they|his|her|its|their)\b", re.IGNORECASE)
# The bare answers read: a name or a number, a few words at most.
MOST_WORDS = 4
_WORD_RE = re.compile(r"[^\W_][\w'’.-]*")
_NUMBER_RE = re.compile(r"\b\d[\d,.]*\b")
# How many more of the question's words the other sentence must say.
MORE_ASKED = 2
_MONTHS = frozenset(
    content_stems(
        "January February March April May June July August September October November December"
    )
)


def placed_answer_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A bare name or number whose sentences say of the question only what another
    sentence, naming something else, says too, and less than it."""
    if fact.negated or not sources or not _direct(question):
        return None
    words = _WORD_RE.findall(fact.text)
    if not words or len(words) > MOST_WORDS:
        return None
    numbers = frozenset(_NUMBER_RE.findall(fact.text))
    names = name_stems(fact.text)
    if not numbers and not names:
        return None
    asked = asked_words(question)
    for index, source in enumerate(sources):
        common = lower_case_stems(source.plain)
        own_names = names - common - asked
        if names and not own_names:
            continue  # a common word of the passage, or one the question names itself
        mine, others = [], []
        for sentence in source.sentences:
            if numbers:
                said = numbers & frozenset(_NUMBER_RE.findall(sentence.text))
                (mine if said == numbers else others).append(sentence)
            else:
                (mine if own_names & sentence.stems else others).append(sentence)
        if not mine or not others:
            continue
        asked_here = asked - own_names
        best_mine = max(
            (
                asked_here & (sentence.stems | carried_subject(sentence, source))
                for sentence in mine
            ),
            key=len,
        )
        mine_names = frozenset().union(*(name_stems(sentence.text) for sentence in mine))
        follows_mine = {sentence.position + 1 for sentence in mine}
        for sentence in others:
            if sentence.position in follows_mine and _PRONOUN_RE.search(sentence.text):
                # "R Adams Cowley was an American surgeon. He invented a pacemaker used
                # by ...": the next sentence goes on about the answer.
                continue
            theirs = asked_here & sentence.stems
            if not best_mine < theirs or len(theirs - best_mine) < MORE_ASKED:
                continue
            rivals = name_stems(sentence.text) - own_names - asked - common - _MONTHS
            if numbers:
                if not frozenset(_NUMBER_RE.findall(sentence.text)) - numbers:
                    continue
            elif not rivals:
                continue
            if rivals & mine_names:
                # "Mount Elbert is the highest summit ... Mount Elbert is located in
                # Colorado": the answer's sentence goes on about what the other names.
                continue
            return Problem("contradicts_source", sentence.text, index)
    return None


def _direct(question: str) -> bool:
    if not _DIRECT_RE.match(question):
        return False
    opening = _DIRECT_RE.match(question).end()
    return not _BRIDGE_RE.search(question[opening:])


_SUBJECT_RUN_RE = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'’-]*)*")


def carried_subject(sentence: SourceSentence, source: PreparedSource) -> frozenset[str]:
    """The name a sentence opening with a pronoun goes on about: the one the sentence
    before opens with ("Ann Reed was a Welsh painter born in Tenby. She ... died in
    Mougins" says Mougins of Ann Reed)."""
    if not sentence.position or not _PRONOUN_RE.match(sentence.text):
        return frozenset()
    before = source.sentences[sentence.position - 1].text
    subject = _SUBJECT_RUN_RE.match(before.strip())
    return frozenset(content_stems(subject.group())) if subject else frozenset()


# A question asking for a value: a year, a date, a count, an age or a length of time.
_ASKS_VALUE_RE = re.compile(
    r"\b(?:(?:which|what)\s+year|when|how\s+(?:many|old|long))\b", re.IGNORECASE
)


def echoed_value_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """A bare value answering a question for a value with one the question itself gives
    ("1912" for "The liner that sank in April 1912 was launched in which year?") while
    the passage gives another of its kind: the echo answers nothing."""
    if fact.negated or not sources or not _ASKS_VALUE_RE.search(question):
        return None
    if len(_WORD_RE.findall(fact.text)) > MOST_WORDS or len(fact.quantities) != 1:
        return None
    (own,) = fact.quantities
    if own.soft:
        return None  # "Yes, it's free": a price of nothing is said, not counted
    told = extract_quantities(digits_for_number_words(question))
    if not any(own.same_value(given) for given in told):
        return None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if any(
                other.kind == own.kind
                and not other.same_value(own)
                and not any(other.same_value(given) for given in told)
                for other in sentence.quantities
            ):
                return Problem("contradicts_source", sentence.text, index)
    return None
