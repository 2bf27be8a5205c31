"""Atomic decomposition of the query (SPEC §3): sub-questions, what each is about, the
kind of answer it asks for, and the customer's own details in it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from kbaudit.text.dialogue import is_small_talk
from kbaudit.text.lexicon import RELATED_GROUPS
from kbaudit.text.tokens import (
    STOPWORDS,
    cased_words,
    content_stems,
    digits_for_number_words,
    first_char_regex,
    normalise,
    rewrite_phrases,
    split_sentences,
    stem,
    word_list,
)

_QUESTION_START_RE = re.compile(
    r"^(?:how|what|what's|whats|when|where|which|who|whom|whose|why|is|are|am|was|were|can"
    r"|could|do|does|did|will|would|should|shall|may|might|have|has|had|isn't|aren't|can't"
    r"|don't|doesn't|won't|tell me|explain|list|describe|name)\b",
    re.IGNORECASE,
)
_REQUEST_RE = re.compile(
    r"^(?:i|we) (?:want|would like|'d like|need|wish|am trying|'m trying|have been trying)\b"
    r"|^(?:please )?(?:help|tell|show|explain|let me know)\b|^looking for\b|^how to\b",
    re.IGNORECASE,
)
_WH_WORDS = r"how|what|what's|when|where|which|who|why"
_AUX_WORDS = r"is|are|was|were|can|could|do|does|did|will|would|should|may"
# Only pronouns: "... and is the second-largest" continues the same question, while
# "... and is there a fee" starts a new one.
_SUBJECTS = r"i|you|we|they|it|there|he|she|this|these|those|my|your|our|their|its"
# "... and is there a fee?": a conjunction followed by a question with its own subject.
_JOINED_QUESTION_RE = re.compile(
    # "for my husband, who isn't a member?": "who" and a verb after a comma says who the
    # person is; it asks nothing.
    rf"(?:,?\s+(?:and|also|plus|&)\s+(?:also\s+)?|;\s*"
    rf"|,\s+(?=(?:{_WH_WORDS})\b)(?!who(?:se)?\s+(?:is|isn't|are|aren't|was|wasn't|were"
    rf"|weren't|has|hasn't|have|haven't|'s|turns?|just)\b))"
    rf"(?=(?:{_WH_WORDS})\b|(?:{_AUX_WORDS})\s+(?:{_SUBJECTS})\b)"
    # "What's the return window, and is return postage free?": after a comma, "and"
    # with an auxiliary opens a new question whatever its subject.
    rf"|,\s+and\s+(?=(?:{_AUX_WORDS})\s)",
    re.IGNORECASE,
)
# "If I return it within the window, is there a restocking fee?": the leading clause
# sets the case; what is asked is the rest.
_LEADING_CONDITION_RE = re.compile(
    r"^(?:if|when|once|after|before|since)\b[^,?]*,\s*(?=\S)", re.IGNORECASE
)
_LEADING_JOINER_RE = re.compile(r"^(?:and|also|plus|oh and|ok and|so)\s+", re.IGNORECASE)
# Words that frame a question without naming what it is about.
QUESTION_FILLER = frozenset(
    stem(word)
    for word in word_list("""
    long much many soon quickly often take know tell want need like help get way
    possible able thing anything something please wonder curious question ask find
    worth good better best recommend idea sense fast quick see look view check back
    again put give instead
    """)
)


@lru_cache(maxsize=4096)
def asked_words(question: str) -> frozenset[str]:
    """What the question names and asks of: its words without the ones that frame it."""
    return frozenset(content_stems(question)) - QUESTION_FILLER - STOPWORDS


# Words that only say the answer is a time or a length of time ("how many days", "the
# return window", "can I still"): filler in a question asking for one, and nowhere else
# ("why are there 28 days in February?").
TIME_FILLER = frozenset(
    stem(word)
    for word in word_list("""
    still time limit deadline window period day days week weeks month months hour hours
    year years minute minutes
    """)
)
# What "how much" asks a measure of, not a price: "how much data", "how much power".
_MEASURED = (
    "data|storage|space|memory|bandwidth|weight|baggage|luggage|power|energy|electricity"
    "|capacity|fuel"
)
_EXPECTS = (
    (
        re.compile(
            # "How fast is Fibre 500?" asks a speed; "how fast will it arrive?" a time.
            r"\bhow (?:long|soon|quickly|fast(?! (?:is|are|was|were)\b)"
            r"|many (?:days|weeks|hours|months))\b"
            r"|\bhow (?:far (?:ahead|in advance)|early|much notice)\b"
            r"|\bhow much time\b|\btime limit\b|\bdeadline\b|\b(?:window|period)\b(?! of\b)"
            r"|\b(?:delivery|shipping|transit|processing|turnaround|waiting|repair|refund) times?\b"
            r"|\b(?:longest|shortest)\b"
        ),
        "duration",
    ),
    (
        re.compile(
            rf"\bhow much\b(?! (?:more |extra |less )?(?:{_MEASURED})\b)"
            r"|\bwhat\b.*\b(?:cost|price|fee|charge|surcharge)s?\b"
            # "what's the excess if I lose one?": an insurance excess is a sum to pay.
            r"|\bwhat(?:'s| is| would be| will be)? (?:the |my |your )?(?:\w+ )?excess\b"
            r"(?! (?:baggage|luggage|weight|bags?|kg|kilos?)\b)"
            r"|\b(?:have to|need to|must|do i) pay\b|\bis (?:it|there|\w+ \w+) free\b|\bcharged?\b"
            r"|\bwho pays\b"
        ),
        "amount",
    ),
    # "How old do I have to be?", "what age can juniors join?": an age, said as a
    # number ("18 or over", "aged 8 to 17").
    (re.compile(r"\bhow (?:old|young)\b|\bwhat age\b|\b(?:minimum|maximum) age\b"), "age"),
    (
        re.compile(
            r"\bhow many\b|\bwhat percent|\bcommission\b|\brate\b"
            # "how much more data": a quantity of the thing, compared or not.
            rf"|\bhow much (?:more |extra |less )?(?:{_MEASURED})\b"
            r"|\bhow (?:heavy|big|large|tall|wide)\b|\bweight limit\b|\bmaximum (?:weight|size)\b"
            r"|\bhow fast (?:is|are|was|were)\b"
        ),
        "number",
    ),
    # "Can I still return it?" asks whether a time limit has passed.
    (
        re.compile(r"\bwhen\b|\bwhat (?:time|year|date|day)\b|\bstill\b|\bhours\b|\blast day\b"),
        "time",
    ),
    (re.compile(rf"^(?:{_AUX_WORDS})\b"), "yesno"),
)
_TIMED = frozenset({"duration", "time"})
# Words that only say the answer is an age ("how old", "what age"): filler in a question
# asking for one.
_AGE_FILLER = frozenset(stem(word) for word in word_list("old young age aged"))
# Words that name the kind of value a question asks ("pay", "how long").
_VALUE_KIND_WORDS = (
    frozenset(stem(word) for word in word_list("cost price fee charge pay paid free long time"))
    | TIME_FILLER
)
# Words that open a noun phrase of the customer's own details ("my laptop", "on kitchen
# appliances", "to Germany", "return the coffee machine").
_POSSESSIVES = frozenset(word_list("my your our their his her"))
_PREPOSITIONS = frozenset(word_list("on for to in into from at with about"))
_DETERMINERS = frozenset(word_list("a an the this that these those"))
_MODALS = frozenset(word_list("will would can could does do did should may might must"))
# The value a question asks for is never an incidental detail of it ("do you charge a
# restocking fee" is about the fee), nor is a help-centre subject ("receive the money").
_CONCEPTS = frozenset(
    stem(word)
    for words in ("cost fee price charge commission rate percent tax duty", *RELATED_GROUPS)
    for word in word_list(words)
)


@dataclass(frozen=True)
class SubQuery:
    text: str
    stems: frozenset[str]
    # Stems of the statement or question this one leans on ("... and why?").
    context: frozenset[str] = frozenset()
    expects: str = "other"
    # The customer's own details (the product, the place), one set of stems per noun
    # phrase: a source or a fact about the question need not name them.
    specifics: tuple[frozenset[str], ...] = ()
    # Asked in the first or second person ("my laptop", "do you"): a customer's own
    # case, which a policy covers without naming it.
    personal: bool = False
    # One of two cases asked side by side ("in Europe and in the USA"): the words of
    # its own case, and of the other. A fact about the other case alone answers the
    # other part, not this one.
    contrast: frozenset[str] = frozenset()
    rivals: frozenset[str] = frozenset()

    @property
    def key_stems(self) -> frozenset[str]:
        filler = QUESTION_FILLER | TIME_FILLER if self.expects in _TIMED else QUESTION_FILLER
        if self.expects == "age":
            filler = filler | _AGE_FILLER
        own = self.stems - filler
        return own if own else (self.context - filler)

    @property
    def borrows_keys(self) -> bool:
        """Its key words are all the question's before it ("... and when do I get it
        back?"): only the kind of value it asks for tells it apart."""
        filler = QUESTION_FILLER | TIME_FILLER if self.expects in _TIMED else QUESTION_FILLER
        return not self.stems - filler and bool(self.context - filler)


# A verb of a clause, for telling a clause from a noun phrase (both sides use it). A
# word joined by a hyphen is part of a name or a compound ("Han Jin-won", "custom-made").
VERB_RE = first_char_regex(
    re.compile(
        r"(?<!-)\b(?:am|i'm|is|are|was|were|will|won't|can|can't|cannot|could|may|might|must|should|would|has"
        r"|have|had|does|do|did|don't|doesn't|didn't|isn't|aren't|takes?|took|costs?|gets?"
        r"|ships?|arrives?|includes?|offers?|accepts?|applies|apply|needs?|allows?|requires?"
        r"|becomes?|became|provides?|gives?|gave|lasts?|starts?|ends?|runs?|opens?|closes?"
        r"|charges?|covers?|receives?|received|sends?|sent|issued?|processed|refunded|returned"
        r"|delivered|shipped|made|born|died|founded|released|published|played|won|lost|expires?)\b(?!-)",
        re.IGNORECASE,
    )
)


def split_sub_queries(query: str) -> list[SubQuery]:
    """Atomic questions in the query; statements only lend context to the next question."""
    clauses = [
        clause
        for sentence in split_sentences(normalise(query))
        if not is_small_talk(sentence)
        for listed in _listed_questions(sentence)
        for clause in _JOINED_QUESTION_RE.split(listed)
        if clause and clause.strip()
    ]
    clauses = [_LEADING_JOINER_RE.sub("", clause.strip()) for clause in clauses]
    cases: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    clauses = [part for clause in clauses for part in _side_by_side(clause, cases)]
    clauses = [part for clause in clauses for part in _two_things(clause)]
    if any(_is_question(clause) for clause in clauses):
        return [
            replace(sub_query, contrast=cases[sub_query.text][0], rivals=cases[sub_query.text][1])
            if sub_query.text in cases
            else sub_query
            for sub_query in _questions_with_context(clauses, _is_question)
        ]
    if any(_is_request(clause) for clause in clauses):
        # "I want to return my TV" asks something; beside a real question it is context.
        return _questions_with_context(clauses, _is_request)
    text = " ".join(clause for clause in clauses if content_stems(clause))
    return [_sub_query(text, frozenset())] if text else []


_PERSON_RE = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|we|our|you|your)\b", re.IGNORECASE)
_PLUS_RE = re.compile(r"\s+\+\s+")


# "What does roaming cost in Europe and in the USA?": one question about two cases,
# each led by the same preposition.
_SIDE_BY_SIDE_RE = re.compile(
    r"^(?P<head>.*?\b)(?P<prep>in|to|for|on|at|from|with|by|during|outside)\s+(?P<first>[^,?]+?)"
    r",?\s+(?:and|or|&|vs\.?|versus)\s+(?P=prep)\s+(?P<second>[^,?]+?)(?P<tail>\s*\?*)$",
    re.IGNORECASE,
)


# A question comparing the two cases asks one thing of both.
_COMPARING_RE = re.compile(
    r"\b(?:between|differ\w*|compar\w*|versus|vs|which|whether|better|worse|cheaper|dearer"
    r"|more|less|both|same|either)\b",
    re.IGNORECASE,
)


# "What's the standing charge, and the unit rate outside the cheap hours?": one
# question opening, two things asked.
_TWO_THINGS_RE = re.compile(
    r"^(?P<head>(?:what's|what is|what are|what're|how much is|how much are|when is|where is)\s+)"
    r"(?P<first>[^,?]+),\s+(?:and|plus)\s+(?P<second>(?:the|a|an|your|my|its)\s+[^,?]+?)\s*\?*$",
    re.IGNORECASE,
)


def _two_things(clause: str) -> list[str]:
    match = _TWO_THINGS_RE.match(clause)
    if match is None:
        return [clause]
    head = match.group("head")
    return [f"{head}{match.group('first').strip()}?", f"{head}{match.group('second').strip()}?"]


def _side_by_side(clause: str, cases: dict[str, tuple[frozenset[str], frozenset[str]]]):
    """A question asking the same thing of two cases, as two questions, each with the
    words of its case and of the other (in ``cases``, by question text)."""
    match = _SIDE_BY_SIDE_RE.match(clause)
    if match is None or not _is_question(clause) or _COMPARING_RE.search(match.group("head")):
        return [clause]
    head, prep, tail = match.group("head"), match.group("prep"), match.group("tail") or "?"
    first, second = match.group("first").strip(), match.group("second").strip()
    own = [frozenset(content_stems(digits_for_number_words(case))) for case in (first, second)]
    if not all(own) or own[0] & own[1]:
        return [clause]
    parts = [f"{head}{prep} {case}{tail}" for case in (first, second)]
    cases[parts[0]] = (own[0], own[1])
    cases[parts[1]] = (own[1], own[0])
    return parts


def _listed_questions(sentence: str) -> list[str]:
    """ "cancel order + refund time?" asks two things, each a question."""
    parts = _PLUS_RE.split(sentence)
    if len(parts) == 1 or not sentence.rstrip().endswith("?"):
        return parts
    return [part if part.rstrip().endswith("?") else f"{part.rstrip()}?" for part in parts]


def _questions_with_context(clauses: list[str], asks: Callable[[str], bool]) -> list[SubQuery]:
    sub_queries: list[SubQuery] = []
    context: set[str] = set()
    details: list[frozenset[str]] = []
    for clause in clauses:
        if not asks(clause):
            converted = digits_for_number_words(clause)
            context.update(content_stems(converted))
            details.extend(_specifics(converted))
            continue
        previous = sub_queries[-1] if sub_queries else None
        sub_query = _sub_query(clause, frozenset(context), previous, tuple(details))
        if all(existing.text.lower() != sub_query.text.lower() for existing in sub_queries):
            sub_queries.append(sub_query)
        context, details = set(), []
    return sub_queries


def _sub_query(
    text: str,
    context: frozenset[str],
    previous: SubQuery | None = None,
    details: tuple[frozenset[str], ...] = (),
) -> SubQuery:
    condition = _LEADING_CONDITION_RE.match(text)
    if condition is not None:
        asked = digits_for_number_words(text[condition.end() :])
        if content_stems(asked):
            case = digits_for_number_words(condition.group())
            context = context | frozenset(content_stems(case))
            details = (*details, *_specifics(case))
            text = text[: condition.start()] + text[condition.end() :]
    converted = digits_for_number_words(text)
    stems = frozenset(content_stems(converted))
    expects = _expects(text)
    # A yes/no question's object is its point ("Do you ship to Canada?"), unless it is
    # the customer's own ("Do you offer financing for my laptop?").
    own_only = expects == "yesno"
    specifics = (*_specifics(converted, possessive_only=own_only), *details)
    if previous is not None:
        # "... for my headphones? How many days?": the follow-up leans on the question
        # before it, details included; not on the kind of value that one asked for
        # ("do I have to pay to send it back, and how many days do I have?").
        inherited = previous.stems | previous.context
        if expects != previous.expects:
            inherited -= _VALUE_KIND_WORDS
        context |= inherited
        specifics = (*specifics, *previous.specifics)
    return SubQuery(
        text=text,
        stems=stems,
        context=context - stems,
        expects=expects,
        specifics=specifics,
        personal=bool(_PERSON_RE.search(text)) or (previous is not None and previous.personal),
    )


def _specifics(text: str, *, possessive_only: bool = False) -> list[frozenset[str]]:
    """Stems of the noun phrases that name the customer's own details: after a
    possessive, a preposition, or an article that follows a content word."""
    tokens = cased_words(rewrite_phrases(text))
    lowered = [token.lower() for token in tokens]
    found: list[frozenset[str]] = []
    index = 0
    while index < len(tokens):
        opens = (
            lowered[index] in _POSSESSIVES
            if possessive_only
            else _opens_details(tokens, lowered, index)
        )
        if not opens:
            index += 1
            continue
        end = index + 1
        while end < len(tokens) and lowered[end] in _DETERMINERS | _POSSESSIVES:
            end += 1
        phrase: list[str] = []
        while end < len(tokens) and lowered[end] not in STOPWORDS and len(phrase) < 3:
            token = stem(lowered[end])
            if token in QUESTION_FILLER or token in TIME_FILLER or _is_verb(lowered[end]):
                break  # "my speaker arrived broken": the phrase ends at its verb
            phrase.append(token)
            end += 1
        if phrase and not _CONCEPTS.intersection(phrase):
            found.append(frozenset(phrase))
        index = max(end, index + 1)
    return found


def _is_verb(word: str) -> bool:
    return bool(VERB_RE.fullmatch(word)) or (len(word) > 4 and word.endswith("ed"))


def _opens_details(tokens: list[str], lowered: list[str], index: int) -> bool:
    word = lowered[index]
    if word in _POSSESSIVES:
        return True
    if word in _DETERMINERS:
        # "return the kettle", "when will a kettle be back": an object or a subject; not
        # "what's the return window" or "is there a fee", which name the question.
        return index > 0 and (lowered[index - 1] not in STOPWORDS or lowered[index - 1] in _MODALS)
    if word not in _PREPOSITIONS or index + 1 >= len(tokens):
        return False
    following = tokens[index + 1]
    # "to" opens a place ("to Germany", "to the UK"), not a verb ("to return").
    return word != "to" or (
        following.lower() in _DETERMINERS | _POSSESSIVES
        or following[:1].isupper()
        or following[:1].isdigit()
    )


def _is_question(clause: str) -> bool:
    return clause.rstrip().endswith("?") or bool(_QUESTION_START_RE.match(clause))


def _is_request(clause: str) -> bool:
    return bool(_REQUEST_RE.match(clause))


def _expects(text: str) -> str:
    lowered = text.lower()
    return next((kind for pattern, kind in _EXPECTS if pattern.search(lowered)), "other")


# A button or link named in the first person ("select Notify me") is not the bot
# speaking of itself.
