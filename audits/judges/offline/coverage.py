"""Which sub-query does a source or a fact address (SPEC §3: SP, SQC, RP, RQC).

A sub-query is reduced to its key words (what it is about), weighted by how specific
they are to the knowledge base, each with the related words a customer or an article
may use instead ("delivery" for "shipping", see ``lexicon.RELATED_GROUPS``). The
customer's own details ("my laptop", "to Germany") are optional keys when they are the
customer's case: they count where they are found and are not missed where they are
not, because a policy is written for every product (see :class:`Keys`).

A source addresses a sub-query when a passage of it, read with the source's topic (its
section heading; the article title as weaker context), carries most of the key words
and the kind of answer asked for ("how long" wants a duration). A fact addresses it
when it carries most of the key words, and the kind of value asked for when one is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from kbaudit.text.lexicon import RELATED_GROUPS
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import content_stems, digits_for_number_words, stem, word_list

from .decompose import Fact
from .questions import SubQuery
from .sources import PreparedSource, SourceSentence

# Share of a sub-query's key words a fact must carry.
MATCH_THRESHOLD = 0.5
# Share of a sub-query's key words a source passage must carry when its words alone
# say it answers the sub-query: a passage on the question's topic often shares half
# its words without giving the answer ("what are the biggest Mexican exports by
# value?" against a passage on where Mexican exports go). A source supplying a fact
# that answers the question addresses it whatever its words (see the judge's matches).
SOURCE_MATCH_THRESHOLD = 0.6
# A key word only the article title names (not the section) counts this much.
WEAK_MATCH = 0.5
# Knowing what kind of answer was asked for ("how long" -> a duration) and seeing
# one is worth part of a word match.
EXPECTED_VALUE_BONUS = 0.25
# Words common to every help-centre question; they count half.
_LIGHT = frozenset(
    stem(word)
    for word in word_list("""
    item items product products order orders purchase purchases buy device devices thing
    things way work use account time
    make get have do need day days store shop online show reach receive accept allow
    offer provide available possible
    """)
)
EXPECTED_KINDS = {
    "duration": ("duration",),
    "amount": ("amount", "percent"),
    "number": ("number", "percent", "amount", "duration"),
    "age": ("number", "duration"),
    "time": ("time", "duration", "number", "ordinal"),
}
# What a passage may give for each kind of question: a cut-off time ("order before
# 10 pm") answers "how long until it ships" as well as a number of days does.
_PASSAGE_KINDS = {**EXPECTED_KINDS, "duration": ("duration", "time")}
_DATE_WORDS_ANSWER = frozenset({"time"})
# The words a question asks a price with, which a price answers whatever its words.
_PRICE_WORDS = frozenset(stem(word) for word in word_list("cost costs price prices charge fee"))
# Questions whose answer is a value of a definite kind: a fact without one does not
# answer them, however many words it shares with them.
_VALUE_REQUIRED = frozenset({"duration", "amount"})
_DATE_WORD_RE = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow"
    r"|weekends?|weekdays?|immediately|same day|next day|straight away)\b",
    re.IGNORECASE,
)


# The measure a unit counts in, as a question names it ("how much power": "5.6kW").
_UNIT_MEASURES = {
    unit: frozenset(stem(word) for word in word_list(measures))
    for unit, measures in (
        ("kw", "power output"),
        ("mw", "power output"),
        ("kva", "power output"),
        ("hp", "power"),
        ("bhp", "power"),
        ("kwh", "energy electricity"),
        ("mwh", "energy electricity"),
        ("mah", "capacity"),
        ("mph", "speed"),
        ("kph", "speed"),
        ("mb", "data storage"),
        ("weight", "weight"),
        ("length", "length distance"),
        ("volume", "volume capacity"),
    )
}
# An end point answers how long something lasts as a length of time does: "lasts until
# the end of your billing month", "valid until you cancel".
_END_POINT_RE = re.compile(
    r"\b(?:until|till|up until|through to|expires? (?:at|on|when|after))\s+(?:the\s+)?\w+",
    re.IGNORECASE,
)
_END_POINT_ANSWERS = frozenset({"duration", "time"})


def _related_stems() -> dict[str, frozenset[str]]:
    related: dict[str, set[str]] = {}
    for group in RELATED_GROUPS:
        stems = {stem(word) for word in word_list(group)}
        for token in stems:
            related.setdefault(token, set()).update(stems)
    return {token: frozenset(others) for token, others in related.items()}


RELATED: dict[str, frozenset[str]] = _related_stems()


def light_factor(token: str) -> float:
    return 0.5 if token in _LIGHT else 1.0


@dataclass(frozen=True)
class Key:
    token: str
    weight: float
    # The token and the words that name the same subject.
    alternatives: frozenset[str]
    # A detail of the customer's own (a product, a place): optional, see Keys.
    detail: bool = False


@dataclass(frozen=True)
class Keys:
    """A sub-query's key words with their weights (specificity in the knowledge base).

    Details count only where they are found when they are the customer's own case (the
    question is asked in the first or second person, or put to a help centre that
    writes to its customers) or the text speaks of things in general ("most items",
    "every order"); otherwise "in Scary Movie" is as much the question as "who plays".
    """

    keys: tuple[Key, ...] = ()
    customer_case: bool = False

    @property
    def tokens(self) -> frozenset[str]:
        """Every word that would count as naming one of the keys."""
        return frozenset().union(*(key.alternatives for key in self.keys))

    def share(
        self, stems: frozenset[str], weak: frozenset[str] = frozenset(), *, general: bool = False
    ) -> float:
        """Weighted share of the keys named in ``stems``; a key named only in ``weak``
        (what a passage's context says, not the passage) counts half."""
        details_optional = self.customer_case or general
        total = found = 0.0
        for key in self.keys:
            hit = 1.0 if not key.alternatives.isdisjoint(stems) else 0.0
            if not hit and not key.alternatives.isdisjoint(weak):
                hit = WEAK_MATCH
            if key.detail and details_optional and not hit:
                continue
            total += key.weight
            found += key.weight * hit
        return found / total if total else 0.0

    def __bool__(self) -> bool:
        return bool(self.keys)


def answerable_keys(
    sub_query: SubQuery,
    source_stems: frozenset[str],
    known_words: frozenset[str],
    specificity: Callable[[str], float],
    title_subjects: Sequence[frozenset[str]] = (),
    *,
    help_centre: bool = False,
) -> Keys:
    """The sub-query's key words, less the customer's own specifics nobody writes about.

    "Return policy for my smartwatch?" is answered by the returns policy, which never
    names smartwatches. A word is dropped only when neither the sources nor the
    knowledge base use it, and only while most of the question remains, so "is there a
    restocking fee?" does not shrink to "fee" when no article mentions restocking.
    Words in the customer's own details are kept as optional keys, unless they name
    what a whole article is about ("my gift card": *Gift cards*).
    """
    tokens = sub_query.key_stems
    unknown = tokens - source_stems - known_words
    kept = tokens - unknown
    if unknown and sum(map(light_factor, kept)) > sum(map(light_factor, tokens)) / 2:
        tokens = kept
    optional = _optional(sub_query, tokens, title_subjects)
    if optional >= tokens:
        optional = frozenset()  # nothing but details: they are the question

    def weigh(token: str) -> float:
        # Specific words count for more, but only up to twice a common one: a rare
        # product name must not outweigh what the question asks about it.
        return light_factor(token) * min(2.0, 1.0 + (specificity(token) - 1.0) / 4)

    return Keys(
        tuple(
            Key(token, weigh(token), RELATED.get(token, frozenset()) | {token}, token in optional)
            for token in sorted(tokens)
        ),
        customer_case=sub_query.personal or help_centre,
    )


def _optional(
    sub_query: SubQuery, tokens: frozenset[str], title_subjects: Sequence[frozenset[str]]
) -> frozenset[str]:
    optional: set[str] = set()
    for phrase in sub_query.specifics:
        if not any(subject and subject <= phrase for subject in title_subjects):
            optional.update(phrase)
    return tokens & optional


# An age limit as answers give it: "18 or over", "aged 8 to 17", "under 12s", "over-65s".
_AGE_STEMS = frozenset(content_stems("year years old aged age"))
_AGE_LIMIT_RE = re.compile(
    r"\b(?:aged?|ages|under|over|from|older than|younger than)[ -]\d{1,3}s?\b"
    r"|\b\d{1,3}(?:\+| or (?:over|older|above|under|younger)| and (?:over|under|above)"
    r"|[ -]years?[ -]old)(?!\w)",
    re.IGNORECASE,
)


def fact_addresses(fact: Fact, sub_query: SubQuery, keys: Keys, *, only_question: bool) -> bool:
    if sub_query.expects == "age":
        # "How old do I have to be?" is answered by an age limit, and only by one,
        # whatever else the question's earlier part was about.
        return bool(_AGE_LIMIT_RE.search(fact.text))
    said = fact.stems | fact.context
    if sub_query.contrast and not said & sub_query.contrast and said & sub_query.rivals:
        # "Roaming in Europe costs £2.50" answers "... in Europe", not "... in the USA".
        return False
    gives_expected = _fact_gives(fact, sub_query.expects)
    if (
        not only_question
        and sub_query.borrows_keys
        and sub_query.expects in EXPECTED_KINDS
        and not gives_expected
        and not (sub_query.expects in _DATE_WORDS_ANSWER and _DATE_WORD_RE.search(fact.text))
    ):
        # "How much is the deposit, and when do I get it back?": a fact on the deposit
        # with no time in it answers the first part only.
        return False
    if sub_query.expects in _VALUE_REQUIRED and not gives_expected:
        # "What does express delivery cost?" is not answered by its delivery time.
        return False
    if not keys:
        return gives_expected or sub_query.expects in ("other", "yesno")
    if (
        gives_expected
        and sub_query.stems <= _PRICE_WORDS
        and sub_query.context & (fact.stems | fact.context)
    ):
        # "What are your service levels and what do they cost?": a price for the things
        # the question's first part names answers "what do they cost", in any words.
        return True
    said = fact.stems | fact.context | _measures_given(fact)
    if _AGE_LIMIT_RE.search(fact.text) and _tells_age(sub_query.text):
        # "Does a 16-year-old need anything signed?" answered by "anyone under 18 needs a
        # parent to sign": the age limit speaks of the customer's age, whatever its number.
        said |= sub_query.stems & _AGE_STEMS | {
            token for token in sub_query.stems if token[:1].isdigit()
        }
    score = keys.share(said, general=fact.general)
    if gives_expected:
        score += EXPECTED_VALUE_BONUS
    if score >= MATCH_THRESHOLD:
        return True
    # A short direct answer ("Delhi", "2006") to the only question answers it.
    return only_question and fact.bare and len(fact.stems) <= 3


@lru_cache(maxsize=4096)
def _tells_age(text: str) -> bool:
    """The question tells someone's age ("a 16-year-old", "my son is 10", "aged 70")."""
    return any(own.kind == "age" for own in extract_quantities(digits_for_number_words(text)))


def _measures_given(fact: Fact) -> frozenset[str]:
    """What the fact's values measure, named by their units: "5.6kW" gives power."""
    return frozenset().union(
        *(_UNIT_MEASURES.get(quantity.unit, frozenset()) for quantity in fact.quantities)
    )


def gives_expected_value(fact: Fact, sub_query: SubQuery) -> bool:
    return sub_query.expects in EXPECTED_KINDS and _fact_gives(fact, sub_query.expects)


def value_required(sub_query: SubQuery) -> bool:
    return sub_query.expects in _VALUE_REQUIRED


def _fact_gives(fact: Fact, expects: str) -> bool:
    kinds = EXPECTED_KINDS.get(expects)
    if kinds is None:
        return False
    if expects in _END_POINT_ANSWERS and _END_POINT_RE.search(fact.text):
        return True
    return any(quantity.kind in kinds for quantity in fact.quantities)


def source_addresses(source: PreparedSource, sub_query: SubQuery, keys: Keys) -> bool:
    """A passage of the source, read with its topic, is about the sub-query and carries
    the kind of answer asked."""
    if not keys:
        return False  # a question too vague to say what it is about
    # With two key words one is often the customer's own thing ("return headphones"),
    # which a policy for every product never names: half of them is enough.
    needed = MATCH_THRESHOLD if len(keys.keys) <= 2 else SOURCE_MATCH_THRESHOLD
    for window in _windows(source.sentences):
        stems = source.topic.union(*(sentence.stems for sentence in window))
        share = keys.share(stems, source.context, general=source.general)
        if share >= needed and _window_gives(window, sub_query.expects):
            return True
    return False


def _windows(sentences: Sequence[SourceSentence]) -> list[Sequence[SourceSentence]]:
    # Two neighbouring sentences: a policy often names its subject in one sentence and
    # gives the value in the next.
    if len(sentences) <= 2:
        return [sentences]
    return [sentences[index : index + 2] for index in range(len(sentences) - 1)]


def _window_gives(window: Sequence[SourceSentence], expects: str) -> bool:
    kinds = _PASSAGE_KINDS.get(expects)
    if kinds is None:
        return True
    if any(quantity.kind in kinds for sentence in window for quantity in sentence.quantities):
        return True
    if expects in _END_POINT_ANSWERS and any(_END_POINT_RE.search(s.text) for s in window):
        return True
    return expects in _DATE_WORDS_ANSWER and any(
        _DATE_WORD_RE.search(sentence.text) for sentence in window
    )
