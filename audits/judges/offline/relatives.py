"""A denied modifier said two ways: "the unused days" and "the days you didn't use".

Both deny something of the noun ("days" not used), and neither is the claim's polarity:
"we'll refund the days you didn't use" affirms a refund that "we do not refund the
unused days" denies. When a fact's relative clause restates the source's "un-" word for
the same noun, both are read without their denial, so only the claim's own is compared.
"""

from __future__ import annotations

import re

from kbaudit.text.lexicon import UN_PARTICIPLES
from kbaudit.text.tokens import stem

_UN_BEFORE_NOUN_RE = re.compile(
    r"\bun(" + UN_PARTICIPLES.replace("un", "").replace(" ", "|") + r")\s+([a-z]+)\b",
    re.IGNORECASE,
)
# "the days (that) you didn't use", "any tickets they haven't redeemed".
_DENYING_RELATIVE_RE = re.compile(
    r"\b([a-z]+)\s+(?:that\s+|which\s+)?(?:you|we|they|I|he|she|it)\s+"
    r"(did not|didn't|do not|don't|does not|doesn't|have not|haven't|has not|hasn't"
    r"|had not|hadn't|never)\s+([a-z]+)\b",
    re.IGNORECASE,
)


def without_shared_denial(fact_text: str, source_text: str) -> tuple[str, str] | None:
    """Both texts without the denied modifier they share, or None when they share none:
    "refund the days you use" and "do not refund the used days"."""
    for relative in _DENYING_RELATIVE_RE.finditer(fact_text):
        noun, verb = stem(relative.group(1).lower()), stem(relative.group(3).lower())
        for modifier in _UN_BEFORE_NOUN_RE.finditer(source_text):
            if stem(modifier.group(1).lower()) != verb or stem(modifier.group(2).lower()) != noun:
                continue
            fact = fact_text[: relative.start(2)] + fact_text[relative.end(2) + 1 :]
            source = source_text[: modifier.start()] + source_text[modifier.start(1) :]
            return fact, source
    return None
