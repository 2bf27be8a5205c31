"""Articles that contradict each other: one subject, different values, no condition.

The deterministic check reads every pair of sentences, one from each article, that
talk about the same subject and state values of the same kind (durations, amounts,
percentages, times of day, counts of one thing). Different values are a contradiction
unless a condition tells them apart: "45 days if we shipped the wrong item" beside
"30 days" is a special case, not a conflict, and so is "bought between 1 November and
24 December, returnable until 31 January". A value the other sentence also states
("instead of the usual 30 days") is no conflict either. A pair of sentences that say
the same thing, one of them negated, is a yes/no contradiction.
"""

from __future__ import annotations

from dataclasses import dataclass

from kbaudit.text.conditions import sentence_conditions
from kbaudit.text.quantities import Quantity
from kbaudit.text.tokens import has_negation, stem, word_list, words

from .passages import ArticleText, Passage, ValuedPassage, shared_subjects
from .scope import GENERIC, out_of_scope, title_scopes

# Sentences talk about the same subject at this Jaccard similarity of their subjects,
# and share at least one word that is not common to every help-centre sentence.
SUBJECT_SIMILARITY = 0.4
# Words that say what happens to the subject rather than what the subject is: two
# sentences that differ only in these ("valid for 12 months", "expires after 24 months")
# may still be about one thing.
PREDICATES = frozenset(
    stem(word)
    for word in word_list("""
    valid expire expires last lasts take takes cost costs charge charged process
    processed arrive arrives request requested allow allowed accept accepted need needs
    must keep apply applies require required offer offered available possible free pay
    paid refund refunded return returned exchange exchanged book booked submit open
    """)
)
# A negation contradicts its positive only when the two say nearly the same words.
POLARITY_SIMILARITY = 0.75
POLARITY_MIN_SHARED = 3
COMPARED_KINDS = frozenset({"duration", "amount", "percent", "time", "number"})


@dataclass(frozen=True)
class Conflict:
    a: str
    b: str
    subject: tuple[str, ...]
    value_a: str
    value_b: str
    kind: str
    # Subject similarity for the deterministic check; the model's own confidence.
    similarity: float
    explanation: str = ""

    def as_passage(self) -> dict:
        passage = {
            "a": self.a,
            "b": self.b,
            "similarity": round(self.similarity, 2),
            "subject": " ".join(self.subject),
            "kind": self.kind,
            "values": [self.value_a, self.value_b],
            # The sentences cut around their values, so a page can highlight them.
            "a_parts": marked(self.a, self.value_a),
            "b_parts": marked(self.b, self.value_b),
        }
        if self.explanation:
            passage["explanation"] = self.explanation
        return passage

    @property
    def confidence(self) -> float:
        if self.kind == "llm":
            return round(self.similarity, 2)
        base = 0.5 if self.kind == "polarity" else 0.6
        return round(min(0.95, base + 0.4 * self.similarity), 2)


def subject_words(text: str, stems: frozenset[str]) -> tuple[str, ...]:
    """The sentence's own words for the shared stems, in its order ("exchange delivery")."""
    seen: dict[str, str] = {}
    for word in words(text):
        key = stem(word)
        if key in stems and key not in seen:
            seen[key] = word
    return tuple(seen.values())


def marked(text: str, value: str) -> list[list]:
    """[[text, is_value], ...]: the sentence with its first mention of ``value`` apart."""
    start = text.lower().find(value.lower()) if value else -1
    if start < 0 or value.lower() in {"yes", "no"}:
        return [[text, False]]
    end = start + len(value)
    parts = [[text[:start], False], [text[start:end], True], [text[end:], False]]
    return [part for part in parts if part[0]]


def subject_similarity(first: Passage, second: Passage) -> float:
    """Jaccard similarity of the two subjects; 0 when they name different things."""
    shared = first.subject & second.subject
    if not shared - GENERIC or first.names_differ(second):
        return 0.0
    own_first = first.subject - second.subject - GENERIC - PREDICATES
    own_second = second.subject - first.subject - GENERIC - PREDICATES
    if own_first and own_second:
        return 0.0  # "return shipping for a kettle" and "... for a router"
    return len(shared) / len(first.subject | second.subject)


def conflicts(
    a: ArticleText, b: ArticleText, *, shared: dict[tuple[int, int], int] | None = None
) -> list[Conflict]:
    """Every pair of sentences of ``a`` and ``b`` that contradict each other. ``shared``
    is :func:`shared_subjects` of the pair, when already counted."""
    found: list[tuple[int, int, Conflict]] = []
    scope_a, scope_b = title_scopes(a, b)
    shared = shared if shared is not None else shared_subjects(a, b)
    for (i, j), count in shared.items():
        pa, pb = a.passages[i], b.passages[j]
        if count < SUBJECT_SIMILARITY * (len(pa.words) + len(pb.words) - count):
            continue  # cheaper than the full similarity, and it rules out most pairs
        similarity = subject_similarity(pa, pb)
        if similarity < SUBJECT_SIMILARITY or not _about_it(a, pa, b, pb):
            continue
        if out_of_scope(scope_a, pb) or out_of_scope(scope_b, pa):
            continue
        conflict = _value_conflict(a, pa, b, pb, similarity) or _polarity_conflict(
            pa, pb, similarity
        )
        if conflict is not None:
            found.append((i, j, conflict))
    return [conflict for _, _, conflict in sorted(found, key=lambda item: item[:2])]


def _about_it(a: ArticleText, pa: Passage, b: ArticleText, pb: Passage) -> bool:
    """The words the two sentences share include what both passages are about: a word of
    each one's title or section heading. "Offers are valid for 14 days" in a newsletter
    article and "your student code is valid for 12 months" share words, not a subject."""
    shared = pa.subject & pb.subject
    return bool(shared & a.context(pa) & b.context(pb))


def _value_conflict(
    a: ArticleText, pa: Passage, b: ArticleText, pb: Passage, similarity: float
) -> Conflict | None:
    va, vb = a.valued(pa), b.valued(pb)
    for ia, qa in enumerate(va.quantities):
        if qa.kind not in COMPARED_KINDS:
            continue
        for ib, qb in enumerate(vb.quantities):
            if not qa.comparable(qb) or _same(qa, qb):
                continue
            if _states(vb.quantities, qa) or _states(va.quantities, qb):
                continue  # "45 days, instead of the usual 30 days"
            if _distinguished(va, ia, vb) or _distinguished(vb, ib, va):
                continue
            subject = subject_words(pa.text, pa.subject & pb.subject)
            return Conflict(pa.text, pb.text, subject, qa.text, qb.text, qa.kind, similarity)
    return None


def _same(first: Quantity, second: Quantity) -> bool:
    return first.same_value(second) or second.same_value(first)


def _states(quantities: tuple[Quantity, ...], value: Quantity) -> bool:
    return any(other.comparable(value) and _same(other, value) for other in quantities)


def _distinguished(own: ValuedPassage, index: int, other: ValuedPassage) -> bool:
    """The value is governed by a condition the other sentence does not state."""
    condition = own.conditions.get(index)
    return condition is not None and not condition.satisfied_by(other.stems, other.quantities)


def _polarity_conflict(pa: Passage, pb: Passage, similarity: float) -> Conflict | None:
    shared = pa.subject & pb.subject
    if similarity < POLARITY_SIMILARITY or len(shared) < POLARITY_MIN_SHARED:
        return None
    negated_a, negated_b = has_negation(pa.text), has_negation(pb.text)
    if negated_a == negated_b:
        return None
    for own, other in ((pa, pb), (pb, pa)):
        if any(not c.satisfied_by(other.stems, ()) for c in sentence_conditions(own.text)):
            return None
    value_a = "no" if negated_a else "yes"
    value_b = "no" if negated_b else "yes"
    subject = subject_words(pa.text, shared)
    return Conflict(pa.text, pb.text, subject, value_a, value_b, "polarity", similarity)
