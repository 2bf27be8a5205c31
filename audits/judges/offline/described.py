"""An answer the passage never gives the numbered description the question asks by.

"Which 30th President ...?" asks for the one the passage calls the 30th President;
"What Category 5 hurricane ...?" for the storm it says reached Category 5. Where a
sentence of the passage gives that description ("John Calvin Coolidge Jr. ... was the
30th President") to a name of its own, an answer naming another of the passage's
names ("Franklin Delano Roosevelt", from the sentence before) fails the description:
the passage gives it the number of no such thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import STOPWORDS, stem

from .decompose import Fact
from .placed import carried_subject
from .questions import asked_words
from .roles import name_stems
from .sources import PreparedSource, SourceSentence, lower_case_stems
from .values import Problem

# "which 30th President", "what Category 5 hurricane", "which famous 2011 film": the
# asking word, at most one plain word, then a number with the word it numbers, a
# label written in capitals before it or a noun after it. A verb after the asking word
# ("what was Agenda 21") asks about the numbered thing, not for one so described.
_NUMBERED_ASK_RE = re.compile(
    r"\b(?i:what|which)\s+(?!(?i:is|are|was|were|do|does|did|has|have|had)\b)(?:[a-z][\w'’-]*\s+)?"
    r"(?:(?P<label>[A-Z][a-z]{2,})\s+(?P<labelled>\d+)\b"
    r"|(?P<number>\d+(?:st|nd|rd|th)?)\s+(?P<noun>[A-Za-z]{3,}))"
)
# How many words may stand between a number and the word it numbers in the passage
# ("the 30th President", "a 2011 epic historical drama").
NUMBERED_GAP = 3
_WORD_RE = re.compile(r"[\w'’-]+")


def numbered_description_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str
) -> Problem | None:
    """The fact names, for what the question describes by a number, a name of the
    passage that its sentences giving that number do not name, while they name
    another."""
    if fact.negated or not sources:
        return None
    described = _numbered_description(question)
    if described is None:
        return None
    number, word = described
    asked = asked_words(question)
    names = name_stems(fact.text) - asked
    if not names:
        return None
    for index, source in enumerate(sources):
        own = names - lower_case_stems(source.plain)
        if not own or not own & source.stems:
            continue  # a name the passage does not give: the word checks read it
        giving = [sentence for sentence in source.sentences if _gives(sentence.text, number, word)]
        if not giving:
            continue
        said = frozenset().union(
            *(sentence.stems | carried_subject(sentence, source) for sentence in giving)
        )
        if own & said:
            return None
        rivals = _rivals(giving, source) - asked - names
        if rivals:
            return Problem("contradicts_source", giving[0].text, index)
    return None


def _numbered_description(question: str) -> tuple[str, str] | None:
    """The number the question asks by and the word it numbers, as stems."""
    match = _NUMBERED_ASK_RE.search(question)
    if match is None:
        return None
    if match.group("label"):
        word, number = match.group("label"), match.group("labelled")
    else:
        number, word = match.group("number"), match.group("noun")
    if word.lower() in STOPWORDS:
        return None
    return number.lower(), stem(word.lower())


def _gives(text: str, number: str, word: str) -> bool:
    """The sentence writes the number within a few words of the word it numbers."""
    words = [token.lower() for token in _WORD_RE.findall(text)]
    for position, token in enumerate(words):
        if token != number:
            continue
        near = words[max(0, position - 1) : position + NUMBERED_GAP + 1]
        if any(stem(other) == word for other in near):
            return True
    return False


def _rivals(sentences: Sequence[SourceSentence], source: PreparedSource) -> frozenset[str]:
    """The names the sentences giving the description speak of."""
    common = lower_case_stems(source.plain)
    return frozenset().union(
        *(
            (name_stems(sentence.text) | carried_subject(sentence, source)) - common
            for sentence in sentences
        )
    )
