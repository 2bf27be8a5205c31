"""A follow-up turn read with its conversation (SPEC §3, conversation context).

"And for the yearly plan?" asks the previous question again about another thing;
"what about the other one?" names the other of two things the conversation spoke of;
"and the bigger one?" names the neighbour, in the retrieved text's own list, of the
thing asked about before ("a 2 GB add-on for £5 or a 10 GB add-on for £12"). The
follow-up is rewritten into the question it stands for, and the earlier questions'
words stay known, so a condition the customer stated two turns ago ("I'm a Gold
member") still counts as stated, while the case a follow-up moved away from ("on
Starter", once "and on Enterprise?" is asked) no longer does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kbaudit.text.conditions import ITEM_RE as _ITEM_RE
from kbaudit.text.conditions import told_case_spans
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import (
    STOPWORDS,
    content_stems,
    digits_for_number_words,
    normalise,
    split_sentences,
    stem,
)

from ..base import Turn
from .questions import VERB_RE

_FOLLOW_UP_RE = re.compile(
    r"^(?:and|also|plus|or|but)\b|^(?:what|how) about\b|^what if\b|^same (?:for|with)\b"
    r"|^(?:for|with|on|in) (?:the|a|an|my)\b|\bthe other (?:one|ones|plan|option)?\b"
    r"|^(?:and )?(?:that|this|it|they|those) (?:one|ones)?\b"
    # "Is it refundable?", "Does that apply to drivers over 25 too?", "How much?"
    r"|^(?:does|do|is|are|was|were|would|will|can|could|should)\s+(?:that|it|this|they|those"
    r"|these)\b|^(?:can|could|may) (?:i|we) \w+ (?:it|that|this|them)\b"
    r"|^how (?:much|long|many|soon|often)(?: \w+)?\W*$|\b(?:that|this) one\b"
    r"|\b(?:for|with|about|on|of|to|under) (?:that|it|this|them)(?: be)?\W*$"
    # "How many guest passes does it include?", "How long do they last?"
    r"|^(?:how|what|when|where|which)\b.*\b(?:does|do|did|is|are|will|can) (?:it|they)\b",
    re.IGNORECASE,
)
# A word that stands for what the previous question was about.
_PRONOUN_RE = re.compile(
    r"\b(?:(?:that|this) (?:one|plan|policy|option)|(?:it|that|this|they|them)\b(?!\s+(?:one|ones)\b))",
    re.IGNORECASE,
)
# What a question is about: its first noun phrase led by an article or a possessive
# ("the application fee" in "How much is the application fee?").
_SUBJECT_RE = re.compile(
    r"\b(?:the|a|an|my|your|our)\s+(?P<subject>(?:(?!(?:if|when|for|of|on|in|at|to|with|and|or"
    r"|is|are|do|does|can|will)\b)[\w'-]+\s+){0,3}(?!(?:if|when|for|of|on|in|at|to|with|and|or"
    r"|is|are|do|does|can|will)\b)[\w'-]+)",
    re.IGNORECASE,
)
_BARE_VALUE_RE = re.compile(r"^how (?:much|long|many(?: \w+)?|soon|often)$", re.IGNORECASE)
_OPENING_JOINER_RE = re.compile(r"^(?:and|also|so|but|ok|okay)[,]?\s+", re.IGNORECASE)
# A question whose subject is a pronoun: "Is it refundable?", "Can I get it waived?",
# "how much is it per day?".
_PRONOUN_QUESTION_RE = re.compile(
    r"^(?:does|do|is|are|was|were|would|will|can|could|should)\s+(?:that|it|this|they|those"
    r"|these)\b|^(?:can|could|may) (?:i|we) \w+ (?:it|that|this|them)\b"
    r"|^(?:how|what|when|where|which|why)\b"
    r"|^(?:is|are|does|do|can|could|will|would)\b.*\b(?:that|this) one\b"
    r"|^(?:is|are|does|do|can|could|will|would)\b.*\b(?:for|with|about|on|of|to) (?:that|it|this|them)$",
    re.IGNORECASE,
)
# "somewhere like Thailand", "a country such as Japan": a place, said loosely.
_LOOSE_PLACE_RE = re.compile(
    r"\b(?:somewhere|anywhere|someplace|a (?:country|place|destination))(?: else)?"
    r"(?:,)? (?:like|such as)\s+",
    re.IGNORECASE,
)
# "the next one up", "the bigger one", "the cheaper plan": a neighbour of the thing
# asked about before, in the order the retrieved text lists them.
_UP_WORDS = (
    r"next(?: one)?(?: up)?|bigger|larger|higher|longer|more expensive|pricier|dearer|better"
    r"|faster|premium|one (?:up|above)"
)
_DOWN_WORDS = r"smaller|lower|shorter|cheaper|less expensive|slower|basic|one (?:down|below)"
_NEIGHBOUR_RE = re.compile(
    rf"\b(?:the|a) (?P<word>{_UP_WORDS}|{_DOWN_WORDS}|previous(?: one)?)"
    r"(?: (?:one|ones|plan|option|tier|size|level|version|package|bundle|one up|one down))?\b",
    re.IGNORECASE,
)
_DOWN_RE = re.compile(rf"^(?:{_DOWN_WORDS}|previous(?: one)?)$", re.IGNORECASE)
_OTHER_RE = re.compile(r"\bthe other(?: one| ones)?\b", re.IGNORECASE)
_LEAD_RE = re.compile(
    r"^(?:and|also|plus|or|but|what about|how about|what if|same for|same with)\s+(?:for\s+|with\s+)?",
    re.IGNORECASE,
)
# A follow-up this short says too little to stand alone.
_SHORT_FOLLOW_UP = 5


def is_follow_up(query: str) -> bool:
    text = normalise(query)
    return bool(_FOLLOW_UP_RE.search(text)) and len(content_stems(text)) <= _SHORT_FOLLOW_UP


def items(text: str) -> list[str]:
    """Named things in order of mention, each once ("yearly plan", "Gold membership")."""
    found: list[str] = []
    for match in _ITEM_RE.finditer(normalise(text)):
        item = match.group("item").strip()
        if item.lower() not in (known.lower() for known in found):
            found.append(item)
    return found


# "And outside the EU?" after "... a parcel to the Rest of the EU?": a destination in
# place of the one the previous question sends it to.
_PLACE_QUALIFIER_RE = re.compile(r"^(?:outside|within|inside|in)\b", re.I)
_SUPPOSING_RE = re.compile(r"^(?:and |but |so )?(?:what |and )?(?:if|when|while)\b", re.I)
# A follow-up that adds a circumstance rather than a thing: "And at the airport?".
_QUALIFIER_RE = re.compile(
    r"^(?:and |but |so |what about |how about |(?:and )?what (?=if\b)"
    r"|(?:and )?(?:is|are|does|do|would|will) (?:that|it|this|they) (?:also )?(?:the same"
    r"|be the same)(?: too| as well)? |(?:and )?(?:the )?same )?"
    r"(?P<qualifier>(?:at|in|on|outside|abroad|during|when"
    r"|if|while|for|with|without|by|before|after|to)\b.*?)[?.!]*$",
    re.IGNORECASE,
)
# A circumstance naming a thing or a person ("for a compact car", "for members"), not a
# time or a place ("on weekdays", "in Spain").
_THING_CIRCUMSTANCE_RE = re.compile(r"^(?:for|with)\b|^(?:on|in) (?:the|a|an|my|your)\b", re.I)
# A follow-up naming only a thing: "And the clinic itself?", "what about the gym?".
_BARE_THING_RE = re.compile(
    r"^(?:and|but|so|what about|how about)\s+(?:(?:the|a|an|my|your)\s+[\w' -]+?|[\w'-]+(?: [\w'-]+)?)"
    r"\W*$",
    re.I,
)
# "And a large one?": the previous question's thing, of another sort.
_SORT_RE = re.compile(
    r"^(?:and |but |what about |how about )?(?:the |a |an )?(?P<sort>[\w-]+) ones?\W*$", re.I
)
_NOT_A_SORT = frozenset({"that", "this", "which", "other", "same", "each", "every", "any", "no"})
_TRAILING_TO_RE = re.compile(r"\s+to\s+(?P<first>[\w'-]+)(?:(?!\bto\b)[^?])*\?*$", re.IGNORECASE)
# The previous question's own circumstance, which the follow-up's replaces.
_TRAILING_CIRCUMSTANCE_RE = re.compile(
    # Within the last sentence: "I'm on Night Drive. What do I pay at 1am?" keeps the plan.
    r"\s+(?:if|when|while|at|in|on|for|during|outside|abroad)\b(?:[^?.!]|\.(?=\d))*\?*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Reading:
    """The question a turn stands for, and what of the previous question it replaced
    ("Starter" for "and on Enterprise?", "in Spain" for "and in the US?")."""

    query: str
    replaced: str = ""
    # The cases the customer told of themselves that the follow-up moves away from.
    left: tuple[str, ...] = ()


def resolve_follow_up(query: str, history: Sequence[Turn], sources: Sequence[str] = ()) -> str:
    """The question a follow-up stands for, else the query itself. Earlier follow-ups
    are resolved first, so "And in Thailand?" after "And in the US?" reaches back to
    the question both follow."""
    return read_turn(query, history, sources).query


# "And an hour?", "What about a week?": a follow-up asking for a length of time.
_LENGTH_FOLLOW_UP_RE = re.compile(
    r"^\s*(?:and|or|what about|how about)(?: for)? (?:a|an) (?:minute|hour|day|week|month|year"
    r"|night)\s*\?*\s*$",
    re.IGNORECASE,
)


def read_turn(query: str, history: Sequence[Turn], sources: Sequence[str] = ()) -> Reading:
    if history and _LENGTH_FOLLOW_UP_RE.match(query):
        # "And an hour?" after "a 45-minute lesson" asks for 1 hour, a value the earlier
        # question's value gives way to, not a thing called "the hour".
        query = digits_for_number_words(query)
    reading = _read_turn(query, history, sources)
    left = left_cases(query, history, sources)
    if not left:
        return reading
    return Reading(_without(reading.query, left), reading.replaced, left)


# Another person the question is now about ("for my husband", "my colleague on ..."), or
# the customer supposing they are not in the case they told ("if I weren't a member").
_OTHER_PERSON_RE = re.compile(
    r"\b(?:my|our|his|her|their)\s+(?:husband|wife|partner|spouse|colleague|colleagues"
    r"|friend|friends|son|daughter|child|children|kids?|mum|mother|dad|father|brother|sister"
    r"|boss|flatmate|housemate|roommate|neighbou?r|parents?|team ?mates?|grand\w+)\b"
    r"|\b(?:someone|everyone|anyone) else\b"
    r"|\bnon-?members?\b",
    re.IGNORECASE,
)
_NOT_IN_CASE_RE = re.compile(
    r"\b(?:I|we)\s*(?:weren't|wasn't|were not|was not|am not|'m not|aren't|are not|didn't have"
    r"|don't have|do not have|did not have)\b|\bwho (?:isn't|is not|aren't|are not)\b",
    re.IGNORECASE,
)
_ABOUT_ME_RE = re.compile(r"^(?:I'm|I am|I've|I have|we're|we are)\b", re.IGNORECASE)
# A name as the sources write it ("Fixed Desk", "Private Office"), not opening a sentence.
_SOURCE_NAME_RE = re.compile(r"(?<=[\w,|(] )[A-Z][\w+-]*(?: [A-Z][\w+-]*)*")


def left_cases(query: str, history: Sequence[Turn], sources: Sequence[str] = ()) -> tuple[str, ...]:
    """The cases the customer said they are in ("I'm on Hot Desk.") that a follow-up
    leaves behind: it asks for another person, supposes the customer is not in the case,
    or names another of the sources' cases ("and on a private office?")."""
    if not history or not is_follow_up(query):
        return ()
    told = [span for turn in history for span in told_case_spans(turn.query)]
    if _OTHER_PERSON_RE.search(query):
        # "I'm 65." or "I'm an adult member." tells of the customer, not of their son.
        about_me = [
            sentence.strip()
            for turn in history
            for sentence in split_sentences(normalise(turn.query))
            if (_ABOUT_ME_RE.match(sentence) or _ABOUT_SOMEONE_RE.match(sentence))
            and not sentence.rstrip().endswith("?")
        ]
        return tuple(dict.fromkeys([*about_me, *(phrase for phrase, _ in told)]))
    if not told:
        return ()
    if _NOT_IN_CASE_RE.search(query):
        return tuple(phrase for phrase, _ in told)
    asked = set(content_stems(query))
    named = {
        frozenset(content_stems(name))
        for source in sources
        for name in _SOURCE_NAME_RE.findall(source)
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", query, re.IGNORECASE)
    }
    left = []
    for phrase, names in told:
        if names <= asked:
            continue  # the follow-up names the told case itself
        if any(name and not name <= names and not names <= name for name in named):
            left.append(phrase)
    return tuple(left)


def _without(text: str, phrases: Sequence[str]) -> str:
    """The text without the told cases: a sentence left saying nothing ("I'm.") goes."""
    for phrase in phrases:
        text = re.sub(rf"(?:\bas an? )?(?<!\w){re.escape(phrase)}(?!\w)", "", text, count=1)
    kept = [
        sentence
        for sentence in split_sentences(text)
        if not re.fullmatch(r"\W*(?:I'm|I am|we're|we are|I have|we have)\W*", sentence, re.I)
    ]
    return " ".join(" ".join(kept).split())


# "What happens after that?": the time the previous answer gave.
_AFTER_THAT_RE = re.compile(
    r"\b(?P<word>after|before|beyond|past|until|by|within) (?:that|then)\b", re.I
)


def _with_time_told(query: str, history: Sequence[Turn]) -> str:
    """ "And what happens after that?" after "We hold parcels for 14 days.": after 14 days.
    Only a previous answer giving one time, period or date says what "that" is."""
    found = _AFTER_THAT_RE.search(query)
    if found is None or not history:
        return query
    times = [
        value
        for value in extract_quantities(normalise(history[-1].response))
        if value.kind in {"duration", "time", "date"} and not value.soft
    ]
    if len({value.text.rstrip(".").lower() for value in times}) != 1:
        return query
    told = f"{found.group('word')} {times[0].text.rstrip('.')}"
    return f"{query[: found.start()]}{told}{query[found.end() :]}"


# "What about me? I'm 45." after "... for my 15-year-old?": the person asked about.
_PERSON_FOLLOW_UP_RE = re.compile(
    r"^(?:and |but |so )?(?:(?:what|how) about |for |(?<=and |but ))(?P<who>me|myself|him|her|us|them"
    r"|(?:my|our) (?:[\w-]+ ){0,2}?[\w-]+)\s*(?P<sep>[?,])\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_PEOPLE = (
    r"\d+-year-old|son|daughter|child|kid|baby|husband|wife|partner|spouse|mum|mother|dad"
    r"|father|brother|sister|friend|colleague|neighbou?r|parents?|grand(?:parent|child|son"
    r"|daughter|mother|father|ma|pa)s?"
)
# "My daughter is 3.": what the customer told of someone else.
_ABOUT_SOMEONE_RE = re.compile(
    rf"^(?:my|our) (?:[\w-]+ )?(?:{_PEOPLE})(?:'s| is| are| was| has)\b", re.IGNORECASE
)
_PERSON_ASKED_RE = re.compile(
    rf"\b(?:for|of|with) (?:my|our) (?:[\w-]+ )?(?:{_PEOPLE})\b|\bfor (?:me|us)\b", re.IGNORECASE
)
_PERSON_NOUN_RE = re.compile(rf"\b(?:{_PEOPLE})$", re.IGNORECASE)


def _other_person(query: str, previous: str) -> Reading | None:
    """ "What about me? I'm 45." after "Is treatment free for my 15-year-old?": the
    question is asked again for the new person, and what the customer adds is told."""
    found = _PERSON_FOLLOW_UP_RE.match(normalise(query))
    if found is None:
        return None
    who = found.group("who")
    if who.lower().startswith(("my ", "our ")) and not _PERSON_NOUN_RE.search(who):
        return None  # "what about my order?" asks of a thing
    said = {"me": "me", "myself": "me"}.get(who.lower(), who)
    text = normalise(previous)
    rest = found.group("rest").strip()
    if found.group("sep") == ",":
        # "And for my husband, who isn't a member?": what follows says who he is.
        said, rest = f"{said}, {rest.rstrip('?. ')}", ""
    old = _PERSON_ASKED_RE.search(text)
    if old is None:
        # "How much is a late book?" then "And for my son?": the same question, for him.
        if not _PERSON_NOUN_RE.search(who):
            return None
        return Reading(f"{text.rstrip('?. ')} for {said}? {rest}".strip())
    asked = f"{text[: old.start()]}for {said}{text[old.end() :]}"
    return Reading(f"{asked} {rest}".strip(), old.group())


def _read_turn(query: str, history: Sequence[Turn], sources: Sequence[str] = ()) -> Reading:
    previous = ""
    for index, turn in enumerate(history):
        if turn.query.strip():
            previous = (
                resolve_follow_up(turn.query, history[:index], sources) if index else turn.query
            )
    if not previous or not is_follow_up(query):
        return Reading(query)
    timed = _with_time_told(query, history)
    # "And what happens after 14 days?": a question of its own once "that" is read.
    told_time = timed != query
    query = _LOOSE_PLACE_RE.sub("in ", timed)
    # "What if I had extenuating circumstances?" adds a case; it swaps no thing.
    supposing = _SUPPOSING_RE.match(normalise(query)) is not None
    person = _other_person(query, previous)
    if person is not None:
        return person
    value = _other_value(query, previous)
    if value is not None:
        return value
    neighbour = (
        _other_of_two(query, previous)
        or _period(query, previous)
        or _neighbour(query, previous, sources, history)
        or (None if supposing else _swap_label(query, previous, sources))
        or (None if supposing else _swap(query, previous, sources))
    )
    if neighbour is not None:
        return neighbour
    qualifier = _QUALIFIER_RE.match(normalise(query))
    if qualifier and not items(query) and not _OTHER_RE.search(query):
        stripped = normalise(previous).rstrip("?. ")
        trailing = _TRAILING_CIRCUMSTANCE_RE.search(stripped)
        if qualifier.group("qualifier").lower().startswith("to ") or (
            trailing is None and _PLACE_QUALIFIER_RE.match(qualifier.group("qualifier"))
        ):
            # "... a small parcel to zone 2?" then "And to zone 3?": the last "to", not
            # the "to" of "cost to send".
            trailing = _TRAILING_TO_RE.search(stripped)
            if trailing and VERB_RE.fullmatch(trailing.group("first")):
                trailing = None
        base = stripped[: trailing.start()] if trailing else stripped
        replaced = trailing.group().strip(" ?") if trailing else ""
        said = qualifier.group("qualifier")
        # "... if I don't have Plus?", then "And with it?": it is Plus.
        named = items(replaced) or _case_names(f" {replaced}")
        pronoun = _PRONOUN_RE.search(said)
        if pronoun and named:
            said = f"{said[: pronoun.start()]}{named[-1]}{said[pronoun.end() :]}"
        return Reading(f"{base} {said}?", replaced)
    sort = _SORT_RE.match(normalise(query))
    subject = _SUBJECT_RE.search(normalise(previous))
    if (
        sort
        and subject
        and not _OTHER_RE.search(query)
        and sort.group("sort").lower() not in _NOT_A_SORT
        and len(_without_verb(subject.group()).split()) >= 3
    ):
        # "a small parcel" then "And a large one?": a large parcel.
        old = _without_verb(subject.group())
        words = old.split()
        new = " ".join([words[0], sort.group("sort"), words[-1]])
        text = normalise(previous)
        return Reading(text[: subject.start()] + new + text[subject.start() + len(old) :], old)
    answer = history[-1].response if history else ""
    pronoun = _pronoun_reading(query, previous, answer, sources)
    if pronoun is not None:
        return pronoun
    asked = items(previous) or _case_names(previous)
    new = _named_in(query, history, asked)
    if new and asked:
        pattern = re.compile(re.escape(asked[0]), re.IGNORECASE)
        replacement = new if items(previous) else _case_names(new)[0] if _case_names(new) else new
        return Reading(pattern.sub(replacement, normalise(previous), count=1), asked[0])
    stripped = normalise(previous).rstrip("?. ")
    trailing = _TRAILING_CIRCUMSTANCE_RE.search(stripped)
    if new and trailing and not asked and _THING_CIRCUMSTANCE_RE.match(trailing.group().strip()):
        # "... fee for a compact car?" then "what about SUVs?": the new thing takes the
        # place of the old one, after the same preposition.
        old = trailing.group().strip(" ?")
        preposition = old.split()[0]
        return Reading(f"{stripped[: trailing.start()]} {preposition} {new}?", old)
    subject = _SUBJECT_RE.search(stripped)
    if new and subject and not asked and _BARE_THING_RE.match(normalise(query)):
        # "When does the pharmacy open?" then "And the clinic itself?": the new thing
        # is what the question is now about.
        old = _without_verb(subject.group())
        end = subject.start() + len(old)
        return Reading(f"{stripped[: subject.start()]}the {new}{stripped[end:]}?", old)
    if new:
        return Reading(f"{normalise(previous).rstrip('?. ')} for the {new}?")
    own = _own_full_question(query, previous)
    if own is not None:
        return own
    if told_time:
        opening = _OPENING_JOINER_RE.sub("", normalise(query))
        return Reading(f"{opening[:1].upper()}{opening[1:]}")
    return Reading(f"{normalise(previous).rstrip('?. ')}: {normalise(query)}")


# "And how much are guest passes for me?": a question with its own verb and thing.
_FULL_QUESTION_RE = re.compile(
    r"^(?!(?:what|how) about\b|what if\b)(?:how|what|when|where|which|who|why|is|are|do|does"
    r"|can|could|will|would|should)\b",
    re.IGNORECASE,
)


def _own_full_question(query: str, previous: str) -> Reading | None:
    """A follow-up that asks its own question of a thing the previous one did not name
    keeps what the customer told about themselves ("I'm an Anytime member."), not the
    previous question."""
    opening = _OPENING_JOINER_RE.sub("", normalise(query)).rstrip(" ?.!")
    if not _FULL_QUESTION_RE.match(opening) or _PRONOUN_RE.search(opening):
        return None
    asked_before = set(content_stems(previous))
    if not VERB_RE.search(opening) or not set(content_stems(opening)) - asked_before:
        return None
    told = [s for s in split_sentences(normalise(previous)) if not s.rstrip().endswith("?")]
    return Reading(" ".join([*told, f"{opening[:1].upper()}{opening[1:]}?"]))


def _without_verb(phrase: str) -> str:
    """A noun phrase cut before its verb: "the pharmacy open" -> "the pharmacy"."""
    kept: list[str] = []
    for index, word in enumerate(phrase.split()):
        if index > 1 and VERB_RE.fullmatch(word):
            break
        kept.append(word)
    return " ".join(kept)


# "Which travel policy can I buy?": a question the answer names the thing of.
_WHICH_RE = re.compile(r"\b(?:which|what (?:kind|type|sort) of)\b", re.IGNORECASE)


def _chosen(answer: str, sources: Sequence[str]) -> list[str]:
    """The things an answer names: its items ("the yearly plan"), else the names a
    source's table heads its columns with ("Single trip") that it says."""
    found = items(answer)
    if found:
        return found
    cells = [
        cell.strip(" .")
        for source in sources
        for line in re.findall(r"[^.]*\|[^.]*", source)[:1]
        for cell in line.split("|")[1:]
    ]
    said = normalise(answer).lower()
    return [
        cell
        for cell in cells
        if cell and re.search(rf"(?<!\w){re.escape(cell.lower())}(?!\w)", said)
    ]


def _pronoun_reading(
    query: str, previous: str, answer: str = "", sources: Sequence[str] = ()
) -> Reading | None:
    """ "Is it refundable?" after "How much is the application fee?": the pronoun stands
    for what the previous question was about; a bare "How much?" asks it of that. After
    "Which policy can I buy?" it is the one the answer named ("single trip cover")."""
    named = items(previous) or _case_names(previous)
    chosen = _chosen(answer, sources) if _WHICH_RE.search(previous) else []
    if chosen:
        named = chosen[:1]
    subject = _SUBJECT_RE.search(normalise(previous))
    if subject is None and not named or items(query) or _OTHER_RE.search(query):
        return None
    phrase = named[-1] if named else _without_verb(subject.group())
    opening = _OPENING_JOINER_RE.sub("", normalise(query)).rstrip(" ?.!")
    if _BARE_VALUE_RE.match(opening):
        return Reading(f"{opening} is {phrase}?")
    found = _PRONOUN_RE.search(opening)
    if found is None or not _PRONOUN_QUESTION_RE.match(opening):
        return None
    return Reading(f"{opening[: found.start()]}{phrase}{opening[found.end() :]}?")


def earlier_questions(
    query: str, history: Sequence[Turn], sources: Sequence[str] = ()
) -> list[str]:
    """The customer's earlier questions as they still hold: the case a later follow-up
    moved away from is no longer told ("What's the limit on Starter?" then "and on
    Enterprise?": the customer is not asking about Starter any more)."""
    readings = [
        read_turn(turn.query, history[:index], sources) for index, turn in enumerate(history)
    ]
    readings.append(read_turn(query, history, sources))
    held = []
    for index, turn in enumerate(history):
        text = normalise(turn.query)
        for later in readings[index + 1 :]:
            if later.replaced:
                text = re.sub(
                    rf"(?<!\w){re.escape(later.replaced)}(?!\w)", " ", text, flags=re.IGNORECASE
                )
            if later.left:
                text = _without(text, later.left)
        held.append(" ".join(text.split()))
    return held


# A value with its unit ("2 GB", "£10", "30 days"): a neighbour of a value is a value.
_VALUE_RE = re.compile(r"(?:[£$€]\s?)?\d+(?:[.,]\d+)?(?:\s?(?:[A-Za-z%]+))?")
_NAME_RE = re.compile(r"\b[A-Z][\w+-]*")


def _neighbour(
    query: str, previous: str, sources: Sequence[str], history: Sequence[Turn] = ()
) -> Reading | None:
    """ "and the bigger one?" after "how much is a 2 GB add-on?": the thing the source
    lists next to the one asked about, in the same words ("a 10 GB add-on"), one up or
    one down; numbered things go by their numbers, named ones by the source's order.
    "The other one", when the conversation named only one, is the source's other."""
    match = _NEIGHBOUR_RE.search(query)
    other = _OTHER_RE.search(query)
    if other is not None and sources and not _others_in(history, previous):
        match = other
    elif match is None or not sources:
        return None
    down = match is not other and bool(_DOWN_RE.match(match.group("word")))
    for anchor in _anchors(previous):
        for text in sources:
            listed = _siblings(anchor, text)
            if len(listed) < 2:
                continue
            ordered = [name for name, _ in sorted(listed, key=lambda pair: pair[1])]
            lowered = [name.lower() for name in ordered]
            if anchor.lower() not in lowered:
                continue
            position = lowered.index(anchor.lower())
            if match is other:
                target = next(i for i in range(len(ordered)) if i != position)
            else:
                target = position - 1 if down else position + 1
            if not 0 <= target < len(ordered):
                return None
            return _replaced(query, previous, match, anchor, ordered[target])
    if match is other:
        # "a single trip policy", then "the other one": the source's other policy.
        for asked in items(previous):
            kind = asked.split()[-1].lower().rstrip("s")
            for text in sources:
                for item in items(text):
                    if (
                        item.lower() != asked.lower()
                        and item.split()[-1].lower().rstrip("s") == kind
                    ):
                        return _replaced(query, previous, match, asked, item)
    return None


def _other_of_two(query: str, previous: str) -> Reading | None:
    """ "I'm choosing between Standard and Premium. How many screens does Standard
    allow?", then "and the other one?": the thing the customer named before and left
    out of the question itself."""
    other = _OTHER_RE.search(query)
    sentences = split_sentences(normalise(previous))
    if other is None or len(sentences) < 2:
        return None
    asked = _case_names(sentences[-1])
    named = {name.lower() for name in asked}
    before = [name for text in sentences[:-1] for name in _case_names(f" {text}")]
    others = list(dict.fromkeys(name for name in before if name.lower() not in named))
    if len(asked) != 1 or len(others) != 1:
        return None
    question = re.sub(rf"(?<!\w){re.escape(asked[0])}(?!\w)", others[0], sentences[-1], count=1)
    return Reading(" ".join([*sentences[:-1], question]), asked[0])


# Kinds of value a follow-up may put in the place of the previous question's.
_SWAPPED_KINDS = frozenset({"duration", "amount", "age", "percent"})


def _other_value(query: str, previous: str) -> Reading | None:
    """ "Our wedding is 14 months away - what would we lose?", then "What if we wait
    until it's 4 months away?": the follow-up names one value of the kind the previous
    question named one of, which it takes the place of; the question stays the same."""
    text = normalise(previous)
    new = [q for q in extract_quantities(normalise(query)) if not q.soft]
    old = [q for q in extract_quantities(text) if not q.soft]
    if len(new) != 1 or new[0].kind not in _SWAPPED_KINDS:
        return None
    same_kind = [q for q in old if q.kind == new[0].kind and q.unit == new[0].unit]
    if len(same_kind) != 1 or same_kind[0].same_value(new[0]):
        return None
    told = same_kind[0]
    start, said = told.start, new[0].text or text[told.start : told.end]
    # "after 30 days" then "and within 14 days?": the bound comes with the value.
    bound = _VALUE_BOUND_RE.search(normalise(query)[: new[0].start])
    if bound is not None:
        own = _VALUE_BOUND_RE.search(text[: told.start])
        start = own.start() if own is not None else told.start
        said = f"{bound.group().strip()} {said}"
    return Reading(f"{text[:start]}{said}{text[told.end :]}", text[start : told.end])


# A bound said right before a value: "within", "after", "more than", "under".
_VALUE_BOUND_RE = re.compile(
    r"\b(?:within|after|before|over|under|above|below|more than|less than|fewer than|up to"
    r"|at least|at most|longer than|shorter than)\s+$",
    re.IGNORECASE,
)


# How often a price is paid: "a month", "per year", "monthly", "the yearly plan".
_PERIOD_RE = re.compile(
    r"\b(?:(?:a|per|each|every)\s+(?P<noun>day|week|month|year)"
    r"|(?P<adjective>daily|weekly|monthly|yearly|annual|annually))\b",
    re.IGNORECASE,
)
_PERIOD_UNITS = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}


def _period_unit(match: re.Match) -> str:
    word = (match.group("noun") or match.group("adjective")).lower()
    return "year" if word.startswith("annual") else _PERIOD_UNITS.get(word, word)


def _period(query: str, previous: str) -> Reading | None:
    """ "How much is Premium a month?", then "and for the yearly plan?": the follow-up
    changes how often the same thing is paid for, not which thing it is."""
    new = _PERIOD_RE.search(normalise(query))
    old = _PERIOD_RE.search(normalise(previous))
    if new is None or old is None or _period_unit(new) == _period_unit(old):
        return None
    text = normalise(previous)
    # Said as the previous question says it: "the monthly plan" becomes "the yearly
    # plan", "a month" becomes "a year".
    unit = _period_unit(new)
    said = _ADJECTIVES[unit] if old.group("adjective") else f"a {unit}"
    return Reading(f"{text[: old.start()]}{said}{text[old.end() :]}", old.group())


_ADJECTIVES = {"day": "daily", "week": "weekly", "month": "monthly", "year": "yearly"}


def _replaced(query: str, previous: str, match: re.Match, old: str, new: str) -> Reading:
    own_question = _own_question(query, match)
    if own_question:
        return Reading(own_question.replace(match.group(), new, 1), old)
    pattern = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)", re.IGNORECASE)
    return Reading(pattern.sub(new, normalise(previous), count=1), old)


def _others_in(history: Sequence[Turn], previous: str) -> list[str]:
    asked = {item.lower() for item in items(previous) or _case_names(previous)}
    spoken = [item for turn in history for item in items(f"{turn.query} {turn.response}")]
    return [item for item in spoken if item.lower() not in asked]


# A table row as a source writes it: "Web Development | £6,000 | £550 a month".
_ROW_LABEL_RE = re.compile(r"(?:^|[.!?]\s+)([A-Z][^.|!?]{0,40}?)\s*\|")


def _swap_label(query: str, previous: str, sources: Sequence[str]) -> Reading | None:
    """ "And Data Science?" after "What's the Web Development course fee?": both are
    rows of one table, so the new row's label takes the old one's place whole, however
    many words each has."""
    asked, told = normalise(query).lower(), normalise(previous)
    for text in sources:
        labels = [label.strip() for label in _ROW_LABEL_RE.findall(text)]
        if len(labels) < 3:
            continue  # a header and at least two rows
        rows = labels[1:]
        new = [label for label in rows if _says_whole(label, asked)]
        old = [label for label in rows if _says_whole(label, told.lower()) and label not in new]
        if len(new) == 1 and len(old) == 1 and not _says_whole(old[0], asked):
            pattern = re.compile(rf"(?<!\w){re.escape(old[0])}(?!\w)", re.IGNORECASE)
            return Reading(pattern.sub(new[0], told, count=1), old[0])
        headed = _swap_label_head(asked, told, rows)
        if headed is not None:
            return headed
    return None


def _label_head(label: str) -> str:
    """A row label without what it says of the row in brackets or after a comma:
    "Motorcycle (class 1 and 2)" -> "Motorcycle", "Car, up to 8 passenger seats" -> "Car"."""
    return re.split(r"\s*[(,]", label, maxsplit=1)[0].strip()


def _swap_label_head(asked: str, told: str, rows: Sequence[str]) -> Reading | None:
    """ "And for my motorbike?" after "How much is a car MOT?" over "Motorcycle (class 1
    and 2) | £29.65. Car, up to 8 passenger seats (class 4) | £54.85": each row named by
    the head of its label, in the customer's own words for it."""
    heads = [_label_head(row) for row in rows]
    asked_stems, told_stems = frozenset(content_stems(asked)), frozenset(content_stems(told))
    keyed = [
        (head, frozenset(content_stems(head))) for head in heads if 1 <= len(head.split()) <= 2
    ]
    new = [head for head, key in keyed if key and key <= asked_stems and not key <= told_stems]
    old = [head for head, key in keyed if key and key <= told_stems and not key <= asked_stems]
    if len(new) != 1 or len(old) != 1:
        return None
    old_key = dict(keyed)[old[0]]
    said = next(
        (
            word
            for word in re.findall(r"[\w'-]+", told)
            if (stems := frozenset(content_stems(word))) and stems <= old_key
        ),
        None,
    )
    if said is None:
        return None
    pattern = re.compile(rf"(?<!\w){re.escape(said)}(?!\w)", re.IGNORECASE)
    return Reading(pattern.sub(new[0], told, count=1), said)


def _says_whole(label: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(label.lower())}(?!\w)", text) is not None


def _swap(query: str, previous: str, sources: Sequence[str]) -> Reading | None:
    """ "and with Premium?" after "what's the excess with Basic protection?", "and for
    postgraduates?" after "when do undergraduate applications close?": the follow-up
    names a thing the source writes as it writes one the previous question named
    ("Basic protection" / "Premium protection", "Undergraduate applications" /
    "Postgraduate applications"); the new thing takes the old one's place."""
    asked = [w for w in re.findall(r"[\w'-]+", normalise(previous)) if w.lower() not in STOPWORDS]
    new = [
        w
        for w in re.findall(r"[\w'-]+", _LEAD_RE.sub("", normalise(query)))
        if w.lower() not in STOPWORDS and stem(w.lower()) not in {stem(a.lower()) for a in asked}
    ]
    # A word the follow-up still says ("a missed hygienist appointment" after "I missed
    # my appointment") is kept, not swapped out.
    kept = {stem(w.lower()) for w in re.findall(r"[\w'-]+", normalise(query))}
    asked = [a for a in asked if stem(a.lower()) not in kept]
    for text in sources:
        # "Basic protection" / "Premium protection"; "per cubic metre of water" / "per
        # cubic metre of wastewater".
        for neighbours in (_following_words(text), _preceding_words(text)):
            for word in new:
                for spelled, after in neighbours.get(stem(word.lower()), ()):
                    for old in asked:
                        if after in {a for _, a in neighbours.get(stem(old.lower()), ())}:
                            pattern = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)")
                            return Reading(pattern.sub(spelled, normalise(previous), count=1), old)
    return None


def _preceding_words(text: str) -> dict[str, list[tuple[str, str]]]:
    """For each word of a text (by stem), how it is spelled and the word before it
    across an "of" ("metre" for "metre of water")."""
    found: dict[str, list[tuple[str, str]]] = {}
    for match in re.finditer(r"([\w'-]+)\s+of\s+(?:the\s+|an?\s+)?([\w'-]+)", text):
        before, word = match.group(1).lower(), match.group(2)
        if word.lower() in STOPWORDS or before in STOPWORDS:
            continue
        found.setdefault(stem(word.lower()), []).append((word, stem(before)))
    return found


def _following_words(text: str) -> dict[str, list[tuple[str, str]]]:
    """For each word of a text (by stem), how it is spelled and the word or mark that
    follows it ("Basic" -> "protection", "Lite" -> ":")."""
    found: dict[str, list[tuple[str, str]]] = {}
    for match in re.finditer(r"([\w'-]+)(?:\s*(:)|\s+([\w'-]+))", text):
        word, after = match.group(1), match.group(2) or (match.group(3) or "").lower()
        if word.lower() in STOPWORDS or not after or after in STOPWORDS:
            continue
        found.setdefault(stem(word.lower()), []).append(
            (word, stem(after) if after != ":" else after)
        )
    return found


def _anchors(question: str) -> list[str]:
    """What a question may name that a source lists beside its kind: values with
    their units first ("2 GB"), then capitalised names ("Lite")."""
    text = normalise(question)
    values = [m.group().strip() for m in _VALUE_RE.finditer(text) if m.group().strip()]
    names = [name for name in _case_names(text) if not name.isupper() or len(name) > 3]
    return [*dict.fromkeys([*values, *names])]


def _siblings(anchor: str, text: str) -> list[tuple[str, tuple]]:
    """The things a source text lists in the same shape as ``anchor`` and followed by
    the same word or mark ("Lite:", "Plus:"; "2 GB add-on", "10 GB add-on"), each with
    its sort key: its number when it has one, else its place in the text."""
    found = re.search(rf"(?<!\w){re.escape(anchor)}(?!\w)", text, re.IGNORECASE)
    if found is None:
        return []
    after = re.match(r"([^\w\s]*)\s*([\w-]+)?", text[found.end() :])
    mark, word = after.group(1), after.group(2) or ""
    if _VALUE_RE.fullmatch(anchor):
        unit = re.sub(r"^(?:[£$€]\s?)?\d+(?:[.,]\d+)?\s?", "", anchor)
        currency = re.match(r"[£$€]", anchor)
        shape = (
            "(?P<name>"
            + (re.escape(currency.group()) + r"\s?" if currency else "")
            + r"(?P<number>\d+(?:[.,]\d+)?)"
            + (r"\s?" + re.escape(unit) if unit else "")
            + ")"
        )
    elif _NAME_RE.fullmatch(anchor):
        shape = r"\b(?P<name>[A-Z][\w+-]*)"
    else:
        return []
    follow = re.escape(mark) if mark else r"\s+" + re.escape(word) if word else ""
    if not follow:
        return []
    listed: list[tuple[str, tuple]] = []
    for place, sibling in enumerate(re.finditer(shape + follow + r"(?!\w)", text)):
        name = sibling.group("name").strip()
        if _VALUE_RE.fullmatch(anchor):
            key = (float(sibling.group("number").replace(",", ".")),)
        else:
            key = (place,)
        if name.lower() not in (known.lower() for known, _ in listed):
            listed.append((name, key))
    return listed


_OWN_QUESTION_RE = re.compile(
    r"^(?:and|also|plus|or|but|so)?\s*(?!(?:what|how) about\b|what if\b)"
    r"(?P<question>(?:how|what|when|which|is|are|does|do|can)\b.*)$",
    re.IGNORECASE,
)


def _own_question(query: str, match: re.Match) -> str:
    """The follow-up's own question, when it asks one ("and how much is the next one
    up?"), without its opening "and"."""
    text = normalise(query)
    found = _OWN_QUESTION_RE.match(text)
    if found is None:
        return ""
    question = found.group("question")
    return question if match.group() in question else ""


def _named_in(query: str, history: Sequence[Turn], asked: list[str]) -> str:
    if _OTHER_RE.search(query):
        spoken = [item for turn in history for item in items(f"{turn.query} {turn.response}")]
        others = [item for item in spoken if item.lower() not in {a.lower() for a in asked}]
        if others:
            return others[-1]
    named = items(query)
    if named:
        return named[0]
    rest = _LEAD_RE.sub("", normalise(query)).strip(" ?.!")
    rest = re.sub(r"^(?:the|a|an|my)\s+", "", rest, flags=re.IGNORECASE)
    return rest if 0 < len(rest.split()) <= 3 and not _OTHER_RE.search(rest) else ""


_CASE_NAME_RE = re.compile(r"(?<=\w )([A-Z][\w+-]*)")


# A capitalised determiner opens a name ("The Vault", "Our Signature package"); it is
# not the name.
_NAME_OPENERS = frozenset({"I", "The", "A", "An", "Our", "My", "Your", "This", "That"})


def _case_names(text: str) -> list[str]:
    """Capitalised names of cases inside a sentence ("Starter" in "the limit on Starter")."""
    return [
        match.group(1)
        for match in _CASE_NAME_RE.finditer(normalise(text))
        if match.group(1) not in _NAME_OPENERS
    ]
