"""A word added inside a passage's phrase: "the ancient arrows were made of pine".

A long fact may miss a word of the source's and still be supported: it said that word
otherwise ("strives" for "aims"). A word the fact puts between two words the passage
writes side by side ("arrows were made", "the most significant icons"), or two words
between an article and the noun the passage writes after one ("the small, rural town"
of "the Town of Hempstead"), replaces nothing: it is an addition, and the fact claims what it says ("ancient arrows") on
top of the passage's sentence.

Only content words count, so glue words, hedges and the words of the question do not;
adverbs in -ly ("typically", "mainly") shade how a thing is said more often than they
add a fact, and are spared too.
"""

from __future__ import annotations

from collections.abc import Iterable

from kbaudit.text.tokens import STOPWORDS, content_stems, stem, word_list, words

from .decompose import Fact
from .sources import PreparedSource


def inserted_words(
    fact: Fact, claimed: frozenset[str], source: PreparedSource, spared: Iterable[str] = ()
) -> list[str]:
    """The fact's claimed words the source lacks that sit, one word alone, between two
    words one of the source's sentences writes next to each other."""
    missing = claimed - source.stems - frozenset(spared)
    if not missing:
        return []
    missing -= _adverbs(fact.text)
    if not missing:
        return []
    sequence = [token for token in content_stems(fact.text) if token in claimed]
    pairs = _adjacent_pairs(source)
    inserted = []
    for index in range(1, len(sequence) - 1):
        before, token, after = sequence[index - 1 : index + 2]
        if token in missing and (before, after) in pairs:
            inserted.append(token)
    # "the ancient arrows" where the passage writes "the arrows": a word between an
    # article and a word the passage puts straight after one; or two ("the small,
    # rural town" of "the Town of Hempstead").
    tokens = words(fact.text)
    determined = _determined(source)
    for index in range(1, len(tokens) - 1):
        if tokens[index - 1] not in _DETERMINERS:
            continue
        run = tokens[index : index + ADDED_RUN + 1]
        for size in range(1, min(ADDED_RUN, len(run) - 1) + 1):
            added = [stem(token) for token in run[:size]]
            head = run[size]
            if not all(token in missing for token in added):
                break
            if head not in STOPWORDS and stem(head) in determined:
                inserted.extend(token for token in added if token not in inserted)
                break
    return inserted


# Up to this many words may be added in a row between an article and its noun.
ADDED_RUN = 2


_DETERMINERS = frozenset(word_list("the a an its their his her this these those our your my"))


def _determined(source: PreparedSource) -> frozenset[str]:
    found = set()
    for sentence in source.sentences:
        tokens = words(sentence.text)
        found.update(
            stem(token)
            for previous, token in zip(tokens, tokens[1:], strict=False)
            if previous in _DETERMINERS and token not in STOPWORDS
        )
    return frozenset(found)


def _adjacent_pairs(source: PreparedSource) -> frozenset[tuple[str, str]]:
    pairs: set[tuple[str, str]] = set()
    for sentence in source.sentences:
        tokens = content_stems(sentence.text)
        pairs.update(zip(tokens, tokens[1:], strict=False))
    return frozenset(pairs)


def _adverbs(text: str) -> frozenset[str]:
    found = set()
    for word in words(text):
        if len(word) > 4 and word.endswith("ly"):
            found.update(content_stems(word))
    return frozenset(found)
