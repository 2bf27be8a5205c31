"""An article body read as passages: its sentences, each with its section and its words.

The scan compares articles passage by passage, so a body (Markdown or HTML) is reduced
to plain sentences that remember the heading they sit under. Each passage carries two
stem sets: ``stems`` (every content word, numbers included) says how alike two passages
are; ``subject`` (the same without numbers and units) says what a passage is about, so
"within 45 days" and "within 30 days" of the same thing share a subject.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from kbaudit.text.conditions import Condition, governing_conditions, sentence_conditions
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import (
    content_stems,
    digits_for_number_words,
    normalise,
    split_sentences,
    stem,
    word_list,
)

# Units and currencies belong to a value, not to what the value is about.
UNIT_STEMS = frozenset(
    stem(word)
    for word in word_list("""
    minute minutes min mins hour hours hr hrs day days week weeks month months year years
    business working calendar dollar dollars usd eur euro euros gbp pound pounds cent cents
    percent per
    """)
)

_HTML_RE = re.compile(r"<(?:p|div|h[1-6]|li|ul|ol|br|table|tr|td)\b", re.IGNORECASE)
_HTML_HEADING_RE = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.IGNORECASE | re.DOTALL)
_HTML_BREAK_RE = re.compile(r"</(?:p|div|li|tr|table|ul|ol)>|<br\s*/?>", re.IGNORECASE)
_TAG_RE = re.compile(r"<[^>]+>")
_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_LIST_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_IMAGE_RE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK_RE = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EMPHASIS_RE = re.compile(r"(\*{1,3}|_{2,3}|`+)")
_TABLE_RULE_RE = re.compile(r"^\s*\|?\s*:?-{3,}")


@dataclass(frozen=True, slots=True)
class Passage:
    """One sentence of an article, in reading order.

    Its stems are kept as tuples, which take a fraction of a set's memory, so a full scan
    holds every article it reads; the sets are built when a comparison needs them.
    """

    index: int
    section: str
    text: str
    words: tuple[str, ...]  # the subject's stems, each once
    values: tuple[str, ...] = ()  # numbers and units
    # Names in the sentence: model numbers ("X12") and capitalised words past its start
    # ("Kuno", "Orders"). Two sentences naming different things are about different
    # things, however alike their other words.
    name_words: tuple[str, ...] = ()

    @property
    def subject(self) -> frozenset[str]:
        return frozenset(self.words)

    @property
    def stems(self) -> frozenset[str]:
        return frozenset(self.words + self.values)

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.name_words)

    def names_differ(self, other: Passage) -> bool:
        if not self.name_words or not other.name_words:
            return False
        mine, theirs = self.names, other.names
        return bool(mine - theirs) and bool(theirs - mine)

    @property
    def weight(self) -> int:
        return len(self.words) + len(self.values)


@dataclass
class ArticleText:
    """An article version as the scan reads it."""

    article_id: int
    version_id: int
    title: str
    passages: list[Passage]
    _values: dict[int, ValuedPassage] = field(default_factory=dict, repr=False)

    @cached_property
    def weight(self) -> int:
        return sum(passage.weight for passage in self.passages)

    @cached_property
    def title_stems(self) -> frozenset[str]:
        return title_words(self.title)

    def context(self, passage: Passage) -> frozenset[str]:
        """What the passage is about as its writer labelled it: title and section."""
        return self.title_stems | _heading_stems(passage.section)

    def postings(self) -> dict[str, list[int]]:
        """Subject stem -> the indices of the passages that hold it (built on demand:
        kept, it would cost more memory than the passages themselves)."""
        found: dict[str, list[int]] = {}
        for passage in self.passages:
            for word in passage.words:
                if word in found:
                    found[word].append(passage.index)
                else:
                    found[word] = [passage.index]
        return found

    def valued(self, passage: Passage) -> ValuedPassage:
        """The passage's values and the conditions that govern them (read once)."""
        found = self._values.get(passage.index)
        if found is None:
            found = self._values[passage.index] = read_values(passage)
        return found


def shared_subjects(a: ArticleText, b: ArticleText) -> dict[tuple[int, int], int]:
    """(passage of a, passage of b) -> how many subject stems they share, for the
    passage pairs that share any: the work grows with the overlap, not with the
    product of the two articles' lengths."""
    counts: dict[tuple[int, int], int] = {}
    ours, theirs = a.postings(), b.postings()
    for word in ours.keys() & theirs.keys():
        for index in ours[word]:
            for other in theirs[word]:
                key = (index, other)
                counts[key] = counts.get(key, 0) + 1
    return counts


@dataclass(frozen=True)
class ValuedPassage:
    text: str  # normalised, number words as digits: the offsets of ``quantities``
    quantities: tuple[Quantity, ...]
    conditions: dict[int, Condition]  # index in ``quantities`` -> its condition
    stems: frozenset[str]


@lru_cache(maxsize=65_536)
def title_words(title: str) -> frozenset[str]:
    """A title's stems, and its model numbers as written ("Q1143"), which tell sibling
    pages of two products apart however the stemmer reads them."""
    numbers = (name for name in names_in(title) if any(ch.isdigit() for ch in name))
    return frozenset(content_stems(title)).union(numbers)


@lru_cache(maxsize=4096)
def _heading_stems(heading: str) -> frozenset[str]:
    return frozenset(content_stems(heading))


def article_text(*, article_id: int, version_id: int, title: str, body: str) -> ArticleText:
    return ArticleText(article_id, version_id, title, passages_of(body))


def passages_of(body: str) -> list[Passage]:
    passages: list[Passage] = []
    for section, block in _blocks(body):
        for sentence in split_sentences(block):
            stems = dict.fromkeys(content_stems(sentence))
            if not stems:
                continue
            words = tuple(s for s in stems if s not in UNIT_STEMS and not s[:1].isdigit())
            values = tuple(s for s in stems if s in UNIT_STEMS or s[:1].isdigit())
            names = tuple(names_in(sentence))
            passages.append(Passage(len(passages), section, sentence, words, values, names))
    return passages


_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_SENTENCE_OPENING_RE = re.compile(r"[.!?:;]\s*$|^\W*$")


def names_in(sentence: str) -> frozenset[str]:
    """Model numbers and capitalised words that do not open the sentence or a clause."""
    return frozenset(
        match.group().lower()
        for match in _TOKEN_RE.finditer(sentence)
        if _is_name(match.group(), sentence[: match.start()])
    )


def _is_name(token: str, before: str) -> bool:
    has_digit = any(ch.isdigit() for ch in token)
    if has_digit:
        return any(ch.isalpha() for ch in token)  # "X12", not "30"
    return token[:1].isupper() and token != "I" and not _SENTENCE_OPENING_RE.search(before)


def _blocks(body: str) -> list[tuple[str, str]]:
    """(section heading, paragraph) pairs; list items and table rows are paragraphs."""
    if _HTML_RE.search(body):
        body = _html_to_markdown(body)
    section, blocks, paragraph = "", [], []

    def flush() -> None:
        if paragraph:
            blocks.append((section, _inline(" ".join(paragraph))))
            paragraph.clear()

    for line in body.replace("\r", "").split("\n"):
        heading = _HEADING_RE.match(line)
        if heading:
            flush()
            section = _inline(heading.group(1))
        elif not line.strip() or _TABLE_RULE_RE.match(line):
            flush()
        elif _LIST_RE.match(line) or line.lstrip().startswith("|"):
            flush()
            paragraph.append(_LIST_RE.sub("", line).strip().strip("|").replace("|", ";"))
            flush()
        else:
            paragraph.append(line.strip())
    flush()
    return blocks


def _html_to_markdown(body: str) -> str:
    body = _HTML_HEADING_RE.sub(lambda m: f"\n\n## {_TAG_RE.sub('', m.group(1))}\n\n", body)
    body = _HTML_BREAK_RE.sub("\n\n", body)
    return html.unescape(_TAG_RE.sub("", body))


def _inline(text: str) -> str:
    text = _LINK_RE.sub(r"\1", _IMAGE_RE.sub("", text))
    return normalise(_EMPHASIS_RE.sub("", text))


def read_values(passage: Passage) -> ValuedPassage:
    text = digits_for_number_words(normalise(passage.text))
    quantities = tuple(extract_quantities(text))
    conditions = governing_conditions(text, list(quantities)) if quantities else {}
    scope = heading_condition(passage.section) if quantities else None
    if scope is not None:
        for index in range(len(quantities)):
            conditions.setdefault(index, scope)
    return ValuedPassage(text, quantities, conditions, passage.stems)


def heading_condition(heading: str) -> Condition | None:
    """A heading such as "If we sent the wrong item" or "For large appliances" governs
    every value of its section; a question ("When does the refund start?") does not."""
    if not heading or heading.rstrip().endswith("?"):
        return None
    # Read as the opening clause of a sentence, the way a heading scopes its section.
    found = sentence_conditions(f"{digits_for_number_words(heading)}, this applies")
    return found[0] if found else None
