"""Who a help centre gives a benefit to when it names a narrower holder beside a plain
one: "Gold Friends also get two free drinks vouchers" beside "Friends membership costs
£40 a year"; "Deluxe suite dogs get a third walk" beside "Every dog gets two walks".

The source sets the narrower holder apart by a word the plain one lacks ("Gold",
"Deluxe"). A fact that gives what only the narrower holder gets to the plain holder
("Friends get two free drinks vouchers"), or to the plain holder under another name
("Dogs in a Standard suite get a daily play session"), moved it, though every word of
what it gives is the source's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.conditions import denied_stems
from kbaudit.text.tokens import content_stems, stem, word_list

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem

# The verb a holder's clause opens its predicate with: "Gold Friends pay ...", "Every
# dog gets ...", "Dogs in a Standard suite get ...".
_HOLDER_VERB_RE = re.compile(
    r"\b(?:get|gets|receive|receives|pay|pays|have|has|enjoy|enjoys|earn|earns|give|gives"
    r"|cost|costs|include|includes|are given|is given|are entitled to|is entitled to)\b",
    re.IGNORECASE,
)
_CLAUSE_RE = re.compile(r";\s+")
# Words that say how or when, not what is given.
_PREDICATE_LIGHT = frozenset(
    stem(word)
    for word in word_list("also too free extra each every day a the per and plus with their own")
)
# Words of a holder phrase that name no holder: "every dog", "all members".
_HOLDER_LIGHT = frozenset(stem(word) for word in word_list("every all each any our your the"))
# Words of the narrower holder's own gift that the fact must repeat.
GIFT_WORDS = 2


# A holder named with a list ("Standard and Flex fares", "Students in China, India and
# Nigeria") or a clause of its own ("Because your workspace was created ...") is no
# holder set apart by a word.
_NOT_ONE_HOLDER_RE = re.compile(
    r",|\b(?:and|or|because|if|when|as|since|once|unless|while)\b", re.IGNORECASE
)
# "Every new workspace", "All members": the holder every case is, not a narrower one.
_EVERY_RE = re.compile(r"^\s*(?:every|all|each|any)\b", re.IGNORECASE)


def _holder_and_gift(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The holder's words (before its verb) and the gift's (after it) of one clause."""
    verb = _HOLDER_VERB_RE.search(text)
    if verb is None or _NOT_ONE_HOLDER_RE.search(text[: verb.start()]):
        return None
    holder = frozenset(content_stems(text[: verb.start()])) - _HOLDER_LIGHT
    gift = frozenset(content_stems(text[verb.end() :])) - _PREDICATE_LIGHT
    return holder, gift


def _clauses(sources: Sequence[PreparedSource]):
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            for clause in _CLAUSE_RE.split(sentence.text):
                read = _holder_and_gift(clause)
                if read is not None and read[0]:
                    yield index, sentence, read, bool(_EVERY_RE.match(clause))


# "I'm a Friend, not Gold", "on Basic, not Premium": a name the customer says is not theirs.
_NOT_NAMED_RE = re.compile(r"\bnot\s+(?:an?\s+|on\s+|the\s+)?(?P<name>[A-Z][\w'-]+)")


def _denied(query_text: str) -> frozenset[str]:
    named = " ".join(match["name"] for match in _NOT_NAMED_RE.finditer(query_text))
    return denied_stems(query_text) | frozenset(content_stems(named))


def narrower_holder_problem(
    fact: Fact, sources: Sequence[PreparedSource], query_text: str = ""
) -> Problem | None:
    """The fact gives the plain holder what the source gives only a narrower one."""
    read = _holder_and_gift(fact.text)
    if read is None:
        return None
    holder, gift = read
    if not fact.text[: _HOLDER_VERB_RE.search(fact.text).start()].strip() and fact.context:
        holder = frozenset(fact.context) - _HOLDER_LIGHT  # "... and gives priority booking"
    if not holder or not gift:
        return None
    clauses = list(_clauses(sources))
    denied = _denied(query_text)
    for index, sentence, (theirs, their_gift), every in clauses:
        head = theirs & holder
        narrower = theirs - holder
        if every or not head or not narrower:
            continue
        # The fact names another holder the source sets apart ("Fibre 500" beside "Fibre
        # 100"): its own, not the plain one.
        if any(
            other != theirs and other - head and other <= holder for _, _, (other, _), _ in clauses
        ):
            continue
        # The plain holder the source speaks of apart: "Friends membership", "Every dog".
        plain = [
            other_gift
            for _, _, (other, other_gift), _ in clauses
            if head & other and not narrower & other
        ]
        if not plain:
            continue
        if fact.negated and not sentence.negated:
            continue  # "Friends get no drinks vouchers": what the narrower holder alone gets
        own = (their_gift & gift) - frozenset().union(*plain)
        if len(own) >= GIFT_WORDS or (own and narrower & denied):
            return Problem("contradicts_source", sentence.text, index)
    return None
