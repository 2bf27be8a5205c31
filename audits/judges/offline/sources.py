"""Retrieved sources read once per call: sentences, stems, values and their conditions."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from kbaudit.text.conditions import Condition, item_names, read_conditions
from kbaudit.text.lexicon import GENERAL_NOUN_RE
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import (
    content_stems,
    digits_for_number_words,
    first_char_regex,
    negation_targets,
    normalise,
    split_sentences,
    stem,
    stem_set,
    word_list,
)

from ..base import SourceText

# Polarity is read per clause: "within 30 days, but sale items cannot be returned"
# holds one positive and one negative statement.
CLAUSE_BREAK_RE = first_char_regex(
    re.compile(
        r";\s+|,?\s+but\s+|,\s+(?:and|although|though|whereas|while)\s+|:\s+|,\s+(?=not\s)"
        # "... are not valid in the Riverside car park, where badge holders get 4 hours free"
        r"|,\s+(?=where\s)"
        # "Delivery costs £39, or nothing on orders over £1,000": the value for another case.
        r"|,\s+or\s+(?=(?:nothing|free|no charge)\b)",
        re.IGNORECASE,
    )
)


# "While they do not burrow themselves, they seek shelter in burrows": the opening
# subordinate clause has its own polarity.
_LEADING_SUBORDINATE_RE = re.compile(
    r"^((?:while|although|though|whereas|since|because|unless)\b[^,]*),\s+(.*)$",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True)
class SourceClause:
    text: str
    stems: frozenset[str]
    negations: tuple[frozenset[str], ...]  # what each negation in the clause applies to
    # Words of the clause before, read as this one's subject ("... but not refunded").
    borrowed: frozenset[str] = frozenset()


class SourceSentence:
    """One sentence of a source, read for the checks.

    Its words, values and negation are read at once: every check looks at them. Its
    conditions, clauses and item names are read when a check first asks for them, as
    most checks pass over most sentences on their words alone; a reading is the same
    whenever it is made (the sentence is never mutated), so reading it late changes
    nothing but when the work is done. Once read, each is a plain attribute.
    """

    __hash__ = None  # type: ignore[assignment]  # compared by value, never hashed

    def __init__(
        self,
        position: int,  # index within its source; neighbours usually share a subject
        text: str,  # number words already turned into digits; quantity offsets refer to it
        stems: frozenset[str],
        quantities: list[Quantity],
        negations: tuple[frozenset[str], ...],
        common: frozenset[str] = frozenset(),
    ):
        self.position = position
        self.text = text
        self.stems = stems
        self.quantities = quantities
        self.negated = bool(negations)
        self._negations = negations
        # The chunk's lower-case words, which tell a name from an ordinary word.
        self._common = common

    @cached_property
    def _conditions_read(self) -> tuple[dict[int, Condition], tuple[Condition, ...]]:
        return read_conditions(self.text, self.quantities)

    @cached_property
    def governed(self) -> dict[int, Condition]:
        """Each governed value's condition, by the value's index in ``quantities``."""
        return self._conditions_read[0]

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        """Every condition the sentence names, governing a value or not."""
        return self._conditions_read[1]

    @cached_property
    def clauses(self) -> list[SourceClause]:
        return _clauses_of(self.text, self._negations)

    @cached_property
    def item_stems(self) -> frozenset[str]:
        """The names of the things it speaks of ("basic" in "the Basic plan includes
        5 GB")."""
        return _items(self.text, self._common) if self.quantities else frozenset()

    def _reading(self) -> tuple:
        return (
            self.position,
            self.text,
            self.stems,
            self.quantities,
            self.negated,
            self.governed,
            self.clauses,
            self.conditions,
            self.item_stems,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceSentence):
            return NotImplemented
        return self is other or self._reading() == other._reading()

    def __repr__(self) -> str:
        return f"SourceSentence(position={self.position!r}, text={self.text!r})"

    def condition_of(self, quantity: Quantity) -> Condition | None:
        for index, own in enumerate(self.quantities):
            if own is quantity:
                return self.governed.get(index)
        return None


@dataclass
class PreparedSource:
    rank: int
    title: str
    article: str  # article key, else title: chunks of one article share it
    score: float | None
    sentences: list[SourceSentence]
    stems: frozenset[str]
    # What the source is about, by its own account: the heading of the section the
    # chunk opens with, else (an article's opening text) the article title.
    topic: frozenset[str] = frozenset()
    # The article title above a section that names its own subject: a weaker hint.
    context: frozenset[str] = frozenset()
    # Speaks of things in general ("most items", "every order"), as a policy does.
    general: bool = False
    # The chunk's text, for reading a word in the light of the whole passage.
    plain: str = ""

    def located_quantities(self) -> list[tuple[SourceSentence, Quantity]]:
        return [
            (sentence, quantity) for sentence in self.sentences for quantity in sentence.quantities
        ]


def prepare_sources(sources: Sequence[SourceText]) -> list[PreparedSource]:
    prepared = [prepare_source(source) for source in sources]
    _own_sentences(prepared)
    return prepared


def _own_sentences(prepared: Sequence[PreparedSource]) -> None:
    """Chunks of different text never share a sentence object within one call.

    Sentence readings are kept per sentence, so two chunks that overlap may be handed the
    same object; the checks tell sentences (and their values and conditions) apart by
    identity, so a later chunk gets its own copy, as it had when each chunk was read
    whole. Chunks of the same text share their reading, as they always have.
    """
    holders: dict[int, str] = {}
    for source in prepared:
        for index, sentence in enumerate(source.sentences):
            holder = holders.setdefault(id(sentence), source.plain)
            if holder != source.plain:
                source.sentences[index] = copy.deepcopy(sentence)


# Markdown in article chunks: headings, list markers, emphasis and table rules.
_MARKDOWN_LINE_RE = re.compile(r"^\s*(?:#{1,6}\s+|[-*+•]\s+|\d+[.)]\s+|>\s*)")
_EMPHASIS_RE = re.compile(r"(\*\*|__|`)")
_TABLE_RULE_RE = re.compile(r"^\s*\|?\s*:?-{2,}")


def plain_lines(text: str) -> list[str]:
    """Article text as plain lines: a heading, list item or table row is a line of its own.

    A table (markdown rows, or rows written as sentences: "Fee | Everyday | Premier.
    Monthly fee | £0 | £15.") becomes one line per cell, each naming its row and its
    column: "For Premier, Monthly fee: £15." A value is then read with the case its
    column header gives it, as a sentence would state it.
    """
    lines: list[str] = []
    header: list[str] | None = None
    for raw in (text or "").splitlines():
        if _TABLE_RULE_RE.match(raw):
            continue
        line = _EMPHASIS_RE.sub("", _MARKDOWN_LINE_RE.sub("", raw))
        line = _JOINED_SENTENCES_RE.sub(" ", line)
        if "|" not in line:
            header = None
            if line.strip():
                lines.append(normalise(line))
            continue
        markdown = line.strip().startswith("|")
        if not markdown:
            header = None  # a table written as sentences is one line
        pieces = [line] if markdown else split_sentences(line)
        for piece in pieces:
            if "|" not in piece:
                header = None
                lines.append(normalise(piece))
                continue
            cells = [
                cell.strip().rstrip(".").strip() for cell in piece.strip().strip("|").split("|")
            ]
            if header is None and len(cells) >= 2 and _names_columns(piece):
                header = cells
                lines.append(normalise(": ".join(cells) + "."))
                continue
            lines.extend(normalise(cell) for cell in _table_cells(header, cells))
    return lines


def _names_columns(row: str) -> bool:
    """A table's first row names its columns when it states no value: a bare number
    may still be part of a column's name ("Zone 1 | Zone 2"), and so may a band of
    distances or times ("Property size | Up to 20 miles | Over 20 miles", "Age band |
    Half day (8am to 1pm)") when the first cell, the rows' own label, states none and no
    cell states a price or a share."""
    found = extract_quantities(row)
    if all(quantity.kind == "number" and not quantity.unit for quantity in found):
        return True
    first = row.strip().strip("|").split("|")[0]
    return not extract_quantities(first) and not any(
        quantity.kind in ("amount", "percent") for quantity in found
    )


# Passages pasted together without a space: "...in the 19th century.First for Women is".
_JOINED_SENTENCES_RE = re.compile(
    r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z]{2})|(?<=[a-z][.!?][\"”])(?=[A-Z][a-z]{2})"
)


def _table_cells(header: list[str] | None, cells: list[str]) -> list[str]:
    """One row of a table as one sentence per cell under its column's name."""
    if header is None or len(cells) != len(header) or not cells[0]:
        return [": ".join(cells) + "."]
    label = cells[0]
    return [
        f"For {_column_name(column)}, {label}: {cell}." if column else f"{label}: {cell}."
        for column, cell in zip(header[1:], cells[1:], strict=True)
        if cell
    ]


def _column_name(column: str) -> str:
    """A column's name as its cells write it: a name listing its cases with commas
    ("Evening, weekend or bank holiday") lists them with slashes, since the comma after
    the name is where a cell's column ends and its row begins. Commas in brackets
    ("Concession (over 60s, students)") are read inside them."""
    written, depth = [], 0
    for char in column:
        depth += (char == "(") - (char == ")")
        written.append(" /" if char == "," and depth <= 0 else char)
    return "".join(written)


def prepare_source(source: SourceText) -> PreparedSource:
    sentences = list(_read(source.text))
    topic, context = _topic(source.title, source.text)
    stems: set[str] = set()
    for sentence in sentences:
        stems.update(sentence.stems)
    return PreparedSource(
        rank=source.rank,
        title=source.title,
        article=source.article_key or source.title,
        score=source.score,
        sentences=sentences,
        stems=frozenset(stems),
        topic=topic,
        context=context,
        general=bool(GENERAL_NOUN_RE.search(source.text or "")),
        plain=source.text or "",
    )


_HEADING_RE = re.compile(r"^\s*#{1,6}\s+(.+)$", re.MULTILINE)
# Heading words that name no subject of their own ("What you need", "Conditions"):
# such a section is about whatever its article is about.
_GENERIC_HEADING = frozenset(
    stem(word)
    for word in word_list("""
    what how why when where who which need needs include included condition conditions
    report know good note notes detail details overview option options question
    questions answer answers step steps process tip tips more information info help
    work works start started basic basics thing things get getting general
    """)
)


@lru_cache(maxsize=4096)
def _topic(title: str, text: str) -> tuple[frozenset[str], frozenset[str]]:
    # A section is about its heading, read under the article title when the heading
    # continues the title's subject or names none ("What you need" in *Verifying your
    # seller account* is about verifying). A heading with a subject of its own keeps
    # the title as context only: "Prices and currency" in *Payment methods* is not,
    # by itself, an answer to "which payment methods?".
    title_stems = frozenset(content_stems(normalise(title)))
    heading = _HEADING_RE.match(text or "")
    if heading is None:
        # Opening text, or a passage from a page without sections: the title names what
        # the whole page is about, which says nothing of what this passage answers.
        return frozenset(), frozenset()
    heading_stems = frozenset(content_stems(normalise(heading.group(1))))
    if heading_stems & title_stems or heading_stems <= _GENERIC_HEADING:
        return heading_stems | title_stems, frozenset()
    return heading_stems, title_stems


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[SourceSentence, ...]:
    """The sentences of a chunk; the same chunks come back on many interactions, and
    reading one is most of the cost of grading, so the result is kept (never mutated)."""
    texts = [
        said
        for line in plain_lines(text)
        for sentence in split_sentences(_GLUED_STOP_RE.sub(". ", line))
        for said in (sentence, *_spelled_out(sentence))
    ]
    common = lower_case_stems(text or "")
    return tuple(_sentence(position, raw, common) for position, raw in enumerate(texts))


# "Guests have read-only access to the shared calendar": what read-only means, which
# an answer says in so many words ("they can look at it but can't change it").
_READ_ONLY_RE = re.compile(
    r"(?P<who>\b[\w' -]{2,60}?) (?:have|has|get|gets|are given|is given) (?:a )?"
    r"(?:read|view)[- ]only (?:access|rights|permission)s? (?:to|on|for) (?P<what>[^.;,]+)",
    re.IGNORECASE,
)


def _spelled_out(sentence: str) -> list[str]:
    """Sentences a sentence implies in plainer words, read beside it."""
    if "only" not in sentence:
        return []
    match = _READ_ONLY_RE.search(sentence)
    if match is None:
        return []
    who, what = match.group("who").strip(), match.group("what").strip()
    return [f"{who} cannot edit or change {what}.", f"{who} can view {what}."]


# Text pasted together loses the space after a full stop ("founded in 1987.Hot Rod is
# a ..."): the stop still ends the sentence. Not inside "e.g.The" or "U.S.Army".
_GLUED_STOP_RE = first_char_regex(re.compile(r"(?<!\.[a-z])(?<=[a-z\d)\]\"”’])\.(?=[A-Z][a-z])"))


@lru_cache(maxsize=4096)
def lower_case_stems(passage: str) -> frozenset[str]:
    """Stems of the words a passage writes in lower case: a capitalised word among them
    is an ordinary word at a sentence's start, not a name."""
    return stem_set(" ".join(_LOWER_CASE_WORD_RE.findall(passage)))


_LOWER_CASE_WORD_RE = first_char_regex(re.compile(r"\b[a-z][a-z+-]*"))


# Capitalised words: names of plans, tiers and products when the chunk never writes them
# in lower case ("Starter costs $12", "Team costs $25").
_CAPITALISED_RE = re.compile(r"\b[A-Z][A-Za-z+-]+")


def _named(text: str, common: frozenset[str]) -> frozenset[str]:
    return frozenset(
        token
        for word in _CAPITALISED_RE.findall(text)
        for token in content_stems(word)
        if token not in common
    )


# A chunk's sentences recur in other chunks (overlapping windows, a paragraph reused
# with a line added), so each sentence's reading is kept too (never mutated).
@lru_cache(maxsize=32768)
def _sentence(position: int, raw: str, common: frozenset[str] = frozenset()) -> SourceSentence:
    text = digits_for_number_words(raw)
    stems = frozenset(content_stems(text))
    return SourceSentence(
        position=position,
        text=text,
        stems=stems | _life_span(text),
        quantities=extract_quantities(text),
        negations=tuple(negation_targets(text)),
        common=common,
    )


def _clauses_of(text: str, negations: tuple[frozenset[str], ...]) -> list[SourceClause]:
    # Most sentences are one clause: its words and negations are the sentence's own
    # (its words as written: a life span's "born" and "died" are the sentence's only).
    whole = SourceClause(text.strip(), frozenset(content_stems(text)), negations)
    return _with_elided_subjects(
        [
            whole if part == text else _clause(part)
            for clause in CLAUSE_BREAK_RE.split(text)
            for part in _subordinate_apart(clause)
            if part.strip()
        ]
    )


# "Prescription sunglasses can be exchanged but not refunded": the clause after "but"
# opens with its denial and leaves its subject to the clause before; so does one opening
# with its verb ("Stark fights Stane, but is outmatched without his reactor").
_ELIDED_DENIAL_RE = re.compile(
    r"^(?:not|never|(?:can|cannot|can't|could|may|might|must|will|won't|would|should|is|are|was"
    r"|were|isn't|aren't|wasn't|weren't|has|have|had|hasn't|haven't|does|doesn't|did|didn't)\b)",
    re.IGNORECASE,
)
_AUXILIARY_RE = re.compile(
    r"\b(?:can|cannot|can't|could|may|might|must|will|won't|would|should|is|are|was|were"
    r"|has|have|had|do|does|don't|doesn't)\b",
    re.IGNORECASE,
)


def _with_elided_subjects(clauses: list[SourceClause]) -> list[SourceClause]:
    """Clauses, each denial without a subject of its own given the subject of the clause
    before it (the words before that clause's verb)."""
    for index in range(1, len(clauses)):
        if not _ELIDED_DENIAL_RE.match(clauses[index].text):
            continue
        verb = _AUXILIARY_RE.search(clauses[index - 1].text)
        if verb is None:
            continue
        subject = frozenset(content_stems(clauses[index - 1].text[: verb.start()]))
        clause = clauses[index]
        clauses[index] = SourceClause(
            clause.text, clause.stems | subject, clause.negations, subject - clause.stems
        )
    return clauses


# "Jane Doe (4 May 1901 – 2 June 1980) was ...": two years in brackets after a name are
# when the person was born and died, as the sentence would say in words.
_LIFE_SPAN_RE = re.compile(r"\([^()]*\b\d{4}\s*[–—-]\s*[^()]*\b\d{4}\s*\)")
_LIFE_SPAN_STEMS = frozenset(content_stems("born died birth death"))


def _life_span(text: str) -> frozenset[str]:
    return _LIFE_SPAN_STEMS if _LIFE_SPAN_RE.search(text) else frozenset()


# A table cell as plain_lines writes it: "For Premier, Monthly fee: £15."
_CELL_RE = re.compile(r"^For (?P<column>[^,:]+), (?P<row>[^:]+): ")


def table_row(text: str) -> str | None:
    """The row a table cell's sentence belongs to ("Monthly fee"), None for prose."""
    cell = _CELL_RE.match(text)
    return cell.group("row") if cell else None


def _items(text: str, common: frozenset[str]) -> frozenset[str]:
    """The named things a sentence gives values to; a table cell's is its column's
    (its row says what the value is: "Monthly fee", "Towel hire")."""
    cell = _CELL_RE.match(text)
    if cell is not None:
        text = cell.group("column")
    return item_names(text) | _named(text, common)


def _subordinate_apart(clause: str) -> tuple[str, ...]:
    match = _LEADING_SUBORDINATE_RE.match(clause.strip())
    return match.groups() if match else (clause,)


def _clause(text: str) -> SourceClause:
    return SourceClause(text.strip(), frozenset(content_stems(text)), tuple(negation_targets(text)))
