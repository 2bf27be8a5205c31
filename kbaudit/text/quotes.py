"""Quotations in an answer that the retrieved text does not contain (SPEC §7)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .tokens import normalise

_QUOTE_RE = re.compile(
    r'"([^"\n]{3,300}?)"|“([^”\n]{3,300}?)”|‘([^’\n]{3,300}?)’'
    r"|(?<![\w'])'([^'\n]{3,120}?)'(?![\w'])"
)
# Typewriter quotes of pre-tokenised text: ``like this''.
_TEX_QUOTES_RE = re.compile(r"``\s*|\s*''")
_NON_WORD_RE = re.compile(r"[\W_]+", re.UNICODE)


def quotes_not_in_sources(response: str, sources: Iterable) -> list[str]:
    """Quoted passages of two words or more that no retrieved text contains.

    ``sources`` are objects with a ``text`` attribute. Compared after folding case,
    whitespace and punctuation, so a quote that only drops a comma still counts as found.
    """
    haystack = " | ".join(_fold(source.text) for source in sources)
    missing = []
    for match in _QUOTE_RE.finditer(_TEX_QUOTES_RE.sub('"', response or "")):
        quoted = next(group for group in match.groups() if group)
        folded = _fold(quoted)
        if len(folded.split()) >= 2 and f" {folded} " not in f" {haystack} ":
            missing.append(quoted.strip())
    return missing


def _fold(text: str) -> str:
    return _NON_WORD_RE.sub(" ", normalise(text).casefold()).strip()
