"""Claims read against rules whose case is a whole group: "homes where everyone is a
full-time student are exempt" holds only when every one of them is; a customer who says
they are not one is outside it, however many of the others are. And "Members get one
free repair a year" is the members' only: a customer who says they are not one, or have
left, is outside it.

The check returns a :class:`~.values.Problem` or None, as the checks of :mod:`.support`
do, and is one of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kbaudit.text.conditions import denied_stems
from kbaudit.text.tokens import content_stems, negation_targets, stem

from .decompose import Fact
from .sources import PreparedSource
from .values import Problem, subject_stems

if TYPE_CHECKING:
    from .support import QueryContext

# "where everyone is a full-time student", "if all the travellers are under 18", "when
# every adult in the home is a pensioner": a case every member must be in.
_EVERY_MEMBER_RE = re.compile(
    r"\b(?:where|if|when|as long as|provided)\s+(?:everyone|everybody|all (?:of )?(?:the |your )?"
    r"[\w-]+(?: [\w-]+)?|every [\w-]+(?: [\w-]+)?)\s+(?:is|are)\s+(?P<case>[^.;,]+)",
    re.IGNORECASE,
)
# The fact gives the customer the outcome, not only the rule: "so there's nothing to
# pay", "your home is exempt".
_APPLIED_RE = re.compile(r",?\s+so\b|\b(?:you|your|you're|yours)\b", re.IGNORECASE)


def every_member_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The source keeps an outcome to a group every member of which is in a case, the
    customer says they are not in it ("I'm not a student"), and the fact gives them the
    outcome."""
    denied = denied_stems(query.text)
    if not denied or not _APPLIED_RE.search(fact.text):
        return None
    words = subject_stems(fact.stems)
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            match = _EVERY_MEMBER_RE.search(sentence.text)
            if match is None or len(words & sentence.stems) * 2 < len(words):
                continue
            if not _negates_as_source(fact.text, sentence.text):
                continue  # "you're not exempt": the fact denies the outcome
            case = subject_stems(frozenset(content_stems(match.group("case"))))
            if case & denied:
                return Problem("condition_misapplied", sentence.text, index)
    return None


def _negates_as_source(fact_text: str, source_text: str) -> bool:
    """Every negation of the fact is one the source makes too ("there's no council tax
    to pay" of "pay no council tax")."""
    said = negation_targets(source_text)
    return all(any(target & own for own in said) for target in negation_targets(fact_text))


# "Members get ...", "Care Plan members pay ...": a sentence whose subject is the
# holders of a membership gives its values to them.
_HOLDERS_RE = re.compile(
    r"^(?:[A-Z][\w+-]*\s+){0,3}(?P<holders>(?i:members|subscribers|cardholders|account holders))\s+"
    r"(?:get|pay|can|receive|have|enjoy|are)\b"
)


def holders_only_problem(
    fact: Fact, sources: Sequence[PreparedSource], query: QueryContext
) -> Problem | None:
    """The fact gives a value a source gives the holders of a membership ("Members get
    1 free screen replacement a year") to a customer who says they are not one ("I'm not
    a member", "I cancelled my membership")."""
    denied = denied_stems(query.text)
    hard = [own for own in fact.quantities if not own.soft]
    if not denied or not hard or fact.negated:
        return None
    found = None
    for index, source in enumerate(sources):
        for sentence in source.sentences:
            if not all(any(own.same_value(given) for given in sentence.quantities) for own in hard):
                continue
            match = _HOLDERS_RE.match(sentence.text)
            holders = stem(match.group("holders").split()[-1].lower()) if match else ""
            if not holders:
                return None  # another sentence gives the value too ("Orders over £50 ship free")
            if holders in denied and holders not in fact.stems and found is None:
                # "members get it, but you are not one" names them: not given to the customer.
                found = Problem("condition_misapplied", sentence.text, index)
    return found
