"""A count a passage gives by naming the things it counts.

"The Bee Gees were formed by the brothers Barry, Robin and Maurice Gibb" never writes
"three", yet it answers "How many brothers formed the Bee Gees?": the list of names
is the count. So a bare count answering a "how many" question is supported by a
sentence about what the question asks of that lists exactly so many names, joined by
commas and a last "and" ("Belgium, France, Italy, Luxembourg, the Netherlands and West
Germany" is six). A sentence opening with the group's name and the names set off
after it ("The Reed Poets, Ann, Bea and Cara, were ...") counts the names only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kbaudit.text.quantities import Quantity
from kbaudit.text.tokens import content_stems, stem, word_list

from .sources import PreparedSource

_HOW_MANY_RE = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
# One listed name: capitalised words, with "the" or a short joining word inside
# ("the Netherlands", "Isle of Man").
_NAME = r"(?:the\s+)?[A-Z][\w'’.-]*(?:\s+(?:of\s+|de\s+|van\s+|von\s+)?[A-Z][\w'’.-]*){0,3}"
_LIST_RE = re.compile(rf"(?<![\w'’-])(?:{_NAME},\s+)+{_NAME},?\s+and\s+{_NAME}(?![\w'’-])")
_ITEM_SPLIT_RE = re.compile(r",?\s+and\s+|,\s+")
# Question words that say nothing of what is counted.
_ASKING = frozenset(
    stem(word) for word in word_list("how many much did does do is are was were have has had")
)
# The most names a count is read from: longer runs are tables of contents, not groups.
MOST_LISTED = 12


def listed_count(quantity: Quantity, question: str, sources: Sequence[PreparedSource]) -> bool:
    """Whether ``quantity``, a bare count asked for by "how many", is the number of
    names a source sentence about the question's subject lists."""
    if quantity.kind != "number" or quantity.low != quantity.high or quantity.unit:
        return False
    count = quantity.low
    if count != int(count) or not 2 <= count <= MOST_LISTED:
        return False
    if not _HOW_MANY_RE.search(question):
        return False
    asked = frozenset(content_stems(question)) - _ASKING
    if not asked:
        return False
    return any(
        int(count) in _list_sizes(sentence.text)
        for source in sources
        for sentence in source.sentences
        if asked & sentence.stems
    )


@lru_cache(maxsize=4096)
def _list_sizes(text: str) -> frozenset[int]:
    """How many names each list of names in ``text`` holds."""
    sizes = set()
    for match in _LIST_RE.finditer(text):
        items = [item for item in _ITEM_SPLIT_RE.split(match.group()) if item]
        if not text[: match.start()].strip() and text[match.end() : match.end() + 1] == ",":
            # "The Reed Poets, Ann, Bea and Cara, were ...": the sentence opens with the
            # group's name and the names after it, set off by commas, say who they are.
            items = items[1:]
        if 2 <= len(items) <= MOST_LISTED:
            sizes.add(len(items))
    return frozenset(sizes)


# The count a fact gives of the list it goes on to make: "We've got three: a Safety
# Check, a Full Service and an Overhaul", "two options: by card or by bank transfer".
_OWN_LIST_RE = re.compile(r"\s*(?:[a-z]+\s+){0,2}?[a-z]*\s*:\s*(?P<items>[^.;!?]+)")
_OWN_ITEM_SPLIT_RE = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)


def counts_own_list(quantity: Quantity, text: str) -> bool:
    """Whether ``quantity`` counts the items of the list right after it, set off by a
    colon: that count is what the items say, and they are checked themselves."""
    if quantity.kind != "number" or quantity.low != quantity.high:
        return False
    if not 2 <= quantity.low <= MOST_LISTED:
        return False
    listed = _OWN_LIST_RE.match(text, quantity.end)
    if listed is None:
        return False
    items = [item for item in _OWN_ITEM_SPLIT_RE.split(listed.group("items")) if item.strip()]
    return len(items) == quantity.low
