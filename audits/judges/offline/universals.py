"""A claim about every case of a kind, against a source that denies it for some.

"Boilers of any age are replaced if we can't repair them" where the source says "Boilers
over 15 years old are covered for repairs but not for replacement": the answer's "any"
takes in the boilers the source leaves out, so the fact contradicts it, though the
sentence closest to it in words ("... under 7 years old, we replace it") agrees.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kbaudit.text.tokens import content_stems, negation_targets

from .decompose import Fact
from .sources import PreparedSource
from .values import subject_stems

# "of any age", "whatever the size", "regardless of", "all boilers", "every plan".
_UNIVERSAL_RE = re.compile(
    r"\b(?:of|at|in|for) any (?:age|size|length|value|price|time|kind|type|level)\b"
    r"|\bwhatever (?:the |its |their |your )?\w+|\bregardless of\b|\bno matter\b"
    r"|\b(?:all|every|any) (?!of\b|time\b|questions?\b|more\b|other\b)[a-z]+",
    re.IGNORECASE,
)
# The case a fact's claim is made in ("if we can't repair them") holds its own "not".
_TRAILING_CASE_RE = re.compile(r",?\s+\b(?:if|when|unless|once|as long as)\b.*$", re.IGNORECASE)
_LEADING_CASE_RE = re.compile(r"^\W*(?:if|when|unless|once)\b[^,]*,\s*", re.IGNORECASE)
# The denying sentence must share this many of the fact's words.
SHARED_WORDS = 2


def universal_problem(fact: Fact, sources: Sequence[PreparedSource]) -> tuple[int, str] | None:
    """The source sentence denying, for some of the kind, what the fact says of all."""
    if _UNIVERSAL_RE.search(fact.text) is None:
        return None
    claim = _LEADING_CASE_RE.sub("", _TRAILING_CASE_RE.sub("", fact.text))
    if negation_targets(claim):
        return None  # "no boiler of any age is replaced" denies for all: another reading
    words = subject_stems(frozenset(content_stems(claim)))
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            # The sentence picks out some of the kind by a measure ("over 15 years old",
            # "orders under £20"), not by a bare count.
            if not sentence.negated or not any(own.kind != "number" for own in sentence.quantities):
                continue
            if any(own.same_value(mine) for own in sentence.quantities for mine in fact.quantities):
                continue  # the fact bounds its claim by the sentence's own value
            denied = frozenset().union(*negation_targets(sentence.text))
            if words & denied and len(words & sentence.stems) >= SHARED_WORDS:
                return index, sentence.text
    return None
