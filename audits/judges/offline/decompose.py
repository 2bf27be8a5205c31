"""Atomic decomposition of the response (SPEC §3): facts, set apart from greetings,
pleasantries, redirects and refusals. The query's side is in :mod:`.questions`."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from kbaudit.text.conditions import governing_conditions
from kbaudit.text.dialogue import (
    CLAIM_INTRO_RE,
    LOOKUP_OPENER_RE,
    META_OPENER_RE,
    asks,
    asks_about_contact,
    asks_about_listener,
    asks_listener_habit,
    asks_listener_taste,
    asks_open_question,
    is_own_agreement,
    is_pointer,
    is_reaction,
    is_social_move,
    is_yes_no,
    lists_own_topics,
    piece_kind,
)
from kbaudit.text.lexicon import GENERAL_NOUN_RE
from kbaudit.text.quantities import Quantity, extract_quantities
from kbaudit.text.tokens import (
    FirstLook,
    content_stems,
    digits_for_number_words,
    has_negation,
    normalise,
    split_sentences,
)

from .questions import VERB_RE


@dataclass
class Fact:
    text: str
    stems: frozenset[str]
    quantities: list[Quantity]
    negated: bool
    # The fact states its own condition ("if we sent the wrong item, ..."), so its
    # value is not the general rule and cannot conflict with one.
    conditioned: bool = False
    # Told in the first person singular ("I love that series"): experience or opinion.
    personal: bool = False
    # A bare phrase with no verb ("Delhi", "Arthur's Magazine"): a direct short answer.
    bare: bool = False
    proper_nouns: frozenset[str] = frozenset()
    # The proper nouns written in capitals ("TV", "USB"): names of kinds of things.
    acronyms: frozenset[str] = frozenset()
    context: frozenset[str] = frozenset()
    # Speaks of things in general ("most items"), see lexicon.GENERAL_NOUN_RE.
    general: bool = False
    # Led by a remark set aside as no claim that says it restates ("In short: ...",
    # "Just to confirm, ..."): the remark is gone from the text, not what it said.
    restating: bool = False
    # Follows the answer's opening "Yes": it affirms the question as asked, whatever
    # of it the fact goes on to restate.
    affirms: bool = False
    # Said in a chat about reference passages, where "day", "year" or "business" away
    # from a value are words of the claim ("the day he died", "college is a business"),
    # not a value's unit as in a help centre's "5 working days".
    chat: bool = False


@dataclass
class ResponseParts:
    facts: list[Fact] = field(default_factory=list)
    # Non-fact pieces as (kind, text): greeting, pleasantry, redirect, refusal, question.
    others: list[tuple[str, str]] = field(default_factory=list)

    def kinds(self) -> set[str]:
        return {kind for kind, _ in self.others}


_UI_LABEL_RE = re.compile(r"(?<=\w )[A-Z][a-z]+ me\b")
# Capitalised words in a row are a name, whatever words it is made of ("My Own Worst
# Enemy", "Meadowbank Gold Mine"); a lone "I" is not one.
_NAME_RUN_RE = re.compile(r"\b[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*)+")
_FIRST_PERSON_RE = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)\b", re.IGNORECASE)
# "Did you know that X?" states X in a help centre's answer (in a chat it asks the listener).
_KNOW_THAT_RE = re.compile(
    r"^\W*(?:(?:and|so|but|well|oh),? )?(?:did|do) you know (?:that )?"
    r"(?!(?:what|where|when|who|why|how|which|if|whether|about|of)\b)(?P<claim>.+?)\s*\?$"
    # Written without its question mark, "did you know X" still tells X.
    r"|^\W*(?:(?:and|so|but|well|oh),? )?did you know (?:that )?"
    r"(?!(?:what|where|when|who|why|how|which|if|whether|about|of|any|anything|much|more)\b)"
    r"(?P<told>\w.+?)\s*[.!]*$"
    r"|^\W*you mean(?: like)? (?:that )?(?P<meant>.+?)\s*\?$",
    re.IGNORECASE,
)
_BULLET_RE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_CLAUSE_SPLIT_RE = re.compile(
    # "while" without a comma says when ("isn't allowed while the ban is on"), with one
    # it sets two statements side by side.
    r";\s+|,?\s+(?:and|but|whereas|although|though)\s+|,\s+while\s+|,\s+so\s+|,\s+or\s+(?=call|contact|email|visit|ring)|,\s+(?=(?:do|does|did|are|is|have|can) you\b)"
    # A comma splice: ", there are glaciers there too", ", it was founded in 1990".
    r"|,\s+(?=(?:there|it|they|he|she|you|we|this)(?:'s|'re| is| are| was| were| can| has| have| had)\s)",
    re.IGNORECASE,
)
_OPENER_RE = re.compile(
    r"^(?:sure(?: thing)?|of course|certainly|absolutely|great question|good question|thanks[^,.!]*"
    r"|no problem(?: at all)?|no worries|(?:happy|glad) to help|glad you asked|my pleasure"
    r"|thank you[^,.!]*|cheers for[^,.!]*|i'?m (?:sorry|afraid)|(?:so )?sorry|apologies|i'?m not sure"
    r"|(?:unfortunately|sadly|i'?m afraid) not|i'?m afraid so"
    r"|unfortunately|yes|no|not really"
    r"|not exactly|hi|hello|(?:good|bad|great) news(?: though| then| here| for you)?|the good news is|(?:the )?(?:short|quick) answer(?: is)?"
    r"|hey|(?:yes|yeah|yep|oh yes),? (?:it|that|they|he|she) (?:is|was|are|were|does|did))"
    r"\s*[,!:-]+\s+"
    # "It's interesting that ...": a remark on the claim that follows.
    r"|^(?:it'?s|it is) (?:really |so |very |quite )?(?:interesting|funny|amazing|fascinating"
    r"|cool|crazy|surprising|sad|great|wild|neat|incredible) (?:that|how)\s+"
    # "I'm sorry to say that Basic fares can't be changed": the courtesy, then the claim.
    r"|^(?:i'?m|i am|we'?re|we are) (?:sorry|sad|afraid|pleased|happy|glad) to (?:say|tell you|report|confirm)"
    r"(?: that)?\s+"
    # "yes they are based in Boston", "yeah and it's free": an assent run into the claim
    # without a comma still opens it, as "Yes, ..." does ("no" may be the claim's own
    # determiner: "no fee applies").
    r"|^(?:yes|yeah|yep|yup)\s+(?!(?:or|to|please)\b)(?:and\s+)?(?=[a-z])"
    # "Unfortunately pets aren't allowed in cabins": the speaker's attitude, then the claim.
    r"|^(?:unfortunately|sadly|regrettably|luckily|fortunately|thankfully|happily)\s+(?!not\b)(?=\w)"
    # "I'm afraid the clinic is closed on Sundays", "I'm afraid lessons missed without
    # notice aren't refunded": the regret, then the claim, whatever opens it; but "I'm
    # afraid I can't", "I'm afraid not", "I'm afraid so" and "afraid of" speak of the bot.
    r"|^i'?m afraid (?:that )?(?!(?:i|i'm|i've|not|so|of)\b)(?=[a-z])",
    re.IGNORECASE,
)
_PRONOUN_SUBJECT_RE = re.compile(r"^(?:they|it|he|she|these|those)\b", re.IGNORECASE)
# A fact that speaks of the last one's subject without naming it: a verb whose subject
# was left with the fact before ("... is announced 7 days ahead and is compensated
# too"), or "doing so" ("and there's no charge for doing so").
REFERS_BACK_RE = re.compile(
    r"^(?:is|are|isn't|aren't|was|were|can|can't|cannot|will|won't|must|costs?|gets?)\b"
    r"|\b(?:doing so|do so|for (?:that|this|it))\W*$",
    re.IGNORECASE,
)
_BETWEEN_NUMBERS_RE = re.compile(r"\d\s*$")
_PROPER_RE = re.compile(r"(?<!^)(?<![.!?]\s)\b([A-Z][\w'-]*[a-z][\w'-]*|[A-Z]{2,})\b")


def split_response(response: str, query: str = "", *, chat: bool = False) -> ResponseParts:
    """Facts of the response, with greetings, pleasantries, redirects and refusals set aside.

    In a ``chat`` about reference passages (see :func:`_speaks_for_itself`) what the bot
    says of itself is a claim of its own, as an opinion is; a reply made only of social
    moves (greeting, thanks, leave-taking, laughter, assent) has no fact at all."""
    contact_is_answer = asks_about_contact(query)
    about_listener = chat and asks_listener_habit(query)
    if chat and _only_social(response, query, about_listener):
        # "Haha, me too!", "You too, bye!", "I agree.": greeting, thanks, leave-taking,
        # laughter and assent say nothing checkable, of the passage or of the bot.
        return ResponseParts(others=[("pleasantry", normalise(response))])
    parts = ResponseParts()
    about_taste = chat and asks_listener_taste(query)
    taken_up: list[str] = []
    pending_yes_no: list[str] = []
    lead_in: frozenset[str] = frozenset()
    signed_off = False
    restating = False
    for raw in (response or "").splitlines():
        line = normalise(_LAYOUT_RE.sub("", raw))
        if _HEADING_RE.match(raw) and not has_verb(line) and not any(map(str.isdigit, line)):
            # "**Assembly service**", "## Late cancellations": how the answer is set out.
            parts.others.append(("meta", line.lstrip("# ")))
            continue
        if signed_off and _SIGNATURE_RE.match(line) and not has_verb(line):
            # "Best wishes,\nThe Library Team": who signs, not what is said.
            parts.others.append(("pleasantry", line))
            continue
        signed_off = not chat and line.endswith(",") and piece_kind(line) == "pleasantry"
        is_bullet = bool(_BULLET_RE.match(line))
        line = _BULLET_RE.sub("", line)
        if not is_bullet:
            lead_in = frozenset(content_stems(line)) if line.endswith(":") else frozenset()
            if line.endswith(":"):
                continue
        for known_kind, raw_piece in _pieces(line, chat=chat):
            piece = raw_piece.rstrip(" ,-")
            kind = known_kind or piece_kind(piece, contact_is_answer=contact_is_answer)
            if kind in ("fact", "pleasantry", "meta") and _MODAL_YES_RE.match(piece):
                kind = "yes_no"
            if kind == "redirect" and _states_policy_value(piece):
                # "Contact us within 60 days and we refund the charge": the window is
                # the policy's, a claim to check, not a redirect.
                kind = "fact"
            if (
                kind == "fact"
                and parts.others
                and parts.others[-1][0] == "redirect"
                and _STAFF_WILL_RE.match(piece)
            ):
                # "... give our reception team a call and they'll give you a price": what
                # the people pointed to will do is the redirect's, nothing answered.
                kind = "redirect"
            if chat and kind == "question" and (tag := _TAG_QUESTION_RE.search(piece)):
                # "Elvis was born in Tupelo, right?": the claim, asked to be agreed with.
                piece = piece[: tag.start()]
                kind = piece_kind(piece, contact_is_answer=contact_is_answer)
            if about_taste and kind in ("yes_no", "pleasantry") and _BARE_ANSWER_RE.match(piece):
                # "Do you like Elvis?" "Yes, he was a singer and actor": whether the bot
                # takes up the topic or only answers for itself, the rest tells.
                taken_up.append(piece)
            elif chat and _speaks_for_itself(kind, piece, about_listener):
                parts.facts.append(replace(_fact(piece, frozenset()), personal=True))
            elif kind == "question" and asks_about_listener(piece):
                # Small talk about the listener's tastes is the bot's own conversation,
                # as an opinion is: said, but in no source.
                parts.facts.append(replace(_fact(piece, frozenset()), personal=True))
            elif chat and kind == "fact" and _assents(piece, about_listener):
                parts.others.append(("pleasantry", piece))  # "I agree.", "That is true."
            elif kind == "fact":
                if about_listener and (ack := _BARE_ACKNOWLEDGEMENT_RE.match(piece)):
                    # "Did you read them all?" "yes harry potter and his friends": the
                    # yes speaks of the bot, the rest of the passage.
                    parts.facts.append(replace(_fact(ack.group(1), frozenset()), personal=True))
                    piece = piece[ack.end() :]
                context = lead_in if is_bullet else frozenset()
                if parts.facts and (
                    _PRONOUN_SUBJECT_RE.match(piece) or REFERS_BACK_RE.search(piece)
                ):
                    # "... but they can't remove anyone": "they" are the last fact's subject.
                    context = context | parts.facts[-1].stems
                elif query and _PRONOUN_SUBJECT_RE.match(piece):
                    # "No, those can't be cancelled either": the first fact's "those"
                    # are what the question asks about.
                    context = context | frozenset(content_stems(query))
                fact = _fact(piece, context)
                if not chat and _only_talk(fact, query):
                    # "That's everything the article covers on this.", "I've put the key
                    # points below.": words about the answer or the article, and nothing
                    # about the product, the policy or the customer's case.
                    parts.others.append(("meta", piece))
                    continue
                if is_own_agreement(piece) or (chat and _WE_RE.search(piece)):
                    # In a chat, "we" are the speakers, whom no reference passage speaks of.
                    fact = replace(fact, personal=True)
                if not (fact.stems or fact.quantities or fact.negated or fact.personal):
                    # "lol", "That's it.": no word, value or denial of anything to check.
                    parts.others.append(("pleasantry", piece))
                    continue
                if restating:
                    fact = replace(fact, restating=True)
                    restating = False
                if not parts.facts and any(map(_AFFIRMATIVE_RE.match, pending_yes_no)):
                    fact = replace(fact, affirms=True)
                parts.facts.append(fact)
            elif kind == "yes_no":
                pending_yes_no.append(piece)
            else:
                parts.others.append((kind, piece))
                restating = bool(parts.facts) and bool(_RESTATING_REMARK_RE.match(piece))
                if not chat and kind in ("pleasantry", "meta") and (told := _value_told(piece)):
                    # "Thanks for choosing our £9 Basic plan!": the courtesy is no claim,
                    # the value it mentions is one.
                    parts.facts.append(_fact(told, frozenset()))
    if parts.facts:
        # A bare yes to a question about the bot's tastes, before what the passage says
        # of the thing liked, takes the topic up; alone it answers for the bot.
        parts.others.extend(("pleasantry", piece) for piece in taken_up)
    else:
        parts.facts = [replace(_fact(piece, frozenset()), personal=True) for piece in taken_up]
    if chat and not parts.facts and parts.others:
        # A reply that says nothing of the passage at all ("Absolutely!", "I see, I wonder
        # who found it") is the bot's own conversation throughout.
        parts.facts = [replace(_fact(text, frozenset()), personal=True) for _, text in parts.others]
        parts.others = []
    if not parts.facts and pending_yes_no:
        # A bare "No." is the whole answer to a yes/no question; it claims the question.
        answer = _fact(pending_yes_no[0], frozenset(content_stems(query)))
        parts.facts.append(replace(answer, affirms=bool(_AFFIRMATIVE_RE.match(answer.text))))
    if chat:
        parts.facts = [replace(fact, chat=True) for fact in parts.facts]
    return parts


# What the people a redirect points to will do, with no value of its own: "they'll give
# you a price", "they can check that for you", "the team will confirm".
_STAFF_WILL_RE = re.compile(
    r"^(?:and\s+)?(?:they|he|she|someone|the team|our team|a colleague)(?:'ll|'d| will| can| could"
    r"| should| would)?(?: be (?:able|happy|glad) to)? (?:give you|tell you|confirm|quote|check"
    r"|help|sort|advise|let you know|explain|arrange|book|look into|go through)\b[^\d£$€%]*$",
    re.IGNORECASE,
)


# "Yes", "Yes, it is": the answer affirms what a yes/no question asks.
# A bare "yes" said with the question's own verb: "He certainly can!", "Of course you can!".
_MODAL_YES = (
    r"^\W*(?:of course )?(?:you|he|she|they|we|it)(?: certainly| definitely| absolutely"
    r"| sure| really| surely)? (?:can|do|does|will|may)\W*$"
)
_MODAL_YES_RE = re.compile(_MODAL_YES, re.IGNORECASE)
_AFFIRMATIVE_RE = re.compile(
    rf"^\W*(?:yes|yeah|yep|yup|correct|that'?s right)\b|{_MODAL_YES}", re.IGNORECASE
)


# A line that is only a heading: wholly in bold, or a Markdown heading.
_HEADING_RE = re.compile(r"^\s*(?:\*\*[^*]+\*\*|__[^_]+__|#{1,6}\s+\S.*?)\s*:?\s*$")
# Markdown emphasis ("**Fees:** £5 a month") and citation marks ("... for 1 week [1]."):
# how the answer is set out, not what it says.
_LAYOUT_RE = re.compile(r"\*\*|__|\s*\[\d+(?:\s*[,–-]\s*\d+)*\]")
# A name under a sign-off: "The Library Team", "Sam", "Customer Support", "the team".
_SIGNATURE_RE = re.compile(
    r"^(?:(?:[A-Z][\w'’&.-]*|the|team|of|and|&)(?:\s+|$)){1,6}$|^the [\w'’ -]{1,30} team$"
)
# Words about the conversation itself: the answer and how it is set out, the article or
# passage it draws on, asking and explaining. A sentence made only of them, with no value,
# name or denial, tells the customer nothing about the product, the policy or their case.
# Words such as "covers" or "everything" count only beside a word naming the answer or
# the article ("That's everything the article covers"): alone ("Everything is covered")
# they are the claim.
_TALK_NOUNS = frozenset(
    content_stems(
        """article articles passage passages page pages source sources document help centre
        center summary recap overview breakdown rundown point points information info
        answer answers question questions"""
    )
)
_TALK_WORDS = frozenset(
    content_stems(
        """key main detail details everything all cover covers covered say says said
        mention mentions answered note option options topic bit part things thing
        based link linked take taken drawn come comes came quoted copied"""
    )
)
# Words of a courtesy that say nothing of the case even alone: "Happy to explain.",
# "Please see below.", "Totally understandable!".
_COURTESY_WORDS = frozenset(
    content_stems(
        """explain explained explains summarise summarised summarize summarized clarify
        clarified below above here sure want make sense put happy glad understand
        understandable totally completely know see read find found think hope detail
        details ask asked break brief let"""
    )
)
# An article named by its topic ("our delivery guide", "the library's loans article"):
# the topic words name the article, they claim nothing.
_NAMED_ARTICLE_RE = re.compile(
    r"\b(?:the|our|this|that|a|an)\s+(?:[\w'’&-]+\s+){0,3}?(?:article|guide|page|section"
    r"|help cent(?:re|er)|faq)s?\b",
    re.IGNORECASE,
)


# Remarks that say the claim after them restates one before ("In short:", "To recap,").
_RESTATING_REMARK_RE = re.compile(
    r"^(?:in short|in summary|to sum up|to summari[sz]e|in a nutshell|to recap|recapping"
    r"|(?:just )?to confirm|to be clear|to reiterate|once again|again|in other words"
    r"|put simply|simply put|basically)\b",
    re.IGNORECASE,
)


def _only_talk(fact: Fact, query: str) -> bool:
    """Whether the fact speaks only of the answer, the article or the talk, in words the
    question does not use (where it asks "is it covered?", "covered" is the answer)."""
    if not fact.stems or fact.quantities or fact.negated:
        return False
    named = _NAMED_ARTICLE_RE.search(fact.text)
    rest = _NAMED_ARTICLE_RE.sub(" ", fact.text).strip()
    if _PROPER_RE.search(rest):
        return False  # a name outside the article's title is a claim about it
    stems = frozenset(content_stems(rest))
    about_talk = bool(named) or not stems.isdisjoint(_TALK_NOUNS)
    if about_talk:
        # "That's all the page says about opening times": the topic the article is on.
        stems = frozenset(content_stems(_TOPIC_RE.sub(r"\1", rest)))
    if not stems.isdisjoint(content_stems(query)):
        return False
    return stems <= (_TALK_NOUNS | _TALK_WORDS | _COURTESY_WORDS if about_talk else _COURTESY_WORDS)


_TOPIC_RE = re.compile(
    r"(\b(?:says?|said|covers?|covered|explains?|mentions?|goes into|has)\b.*?)\b(?:about|on"
    r"|regarding)\s+[^,.;:!?]{1,40}?[.!]*$",
    re.IGNORECASE,
)


# The noun phrase around a value a courtesy mentions: "our £9 Basic plan", "your refund
# of £40", "your free month".
_VALUE_PHRASE_RE = re.compile(
    r"(?:\b(?:your|our|the|a|an|their)\s+)(?P<phrase>(?:[\w'’£$€%.-]+\s+){0,4}?"
    r"(?P<value>[£$€]?\d[\d.,]*%?|free)\b[\w'’£$€%. -]*?)"
    r"(?=\s+(?:is|are|was|were|will|which|that|while|and|but|so|if|when|with|for you|today)\b"
    r"|[,!?;:]|\.(?!\d)|$)",
    re.IGNORECASE,
)


def _value_told(piece: str) -> str:
    """The value a courtesy mentions, in the noun phrase that holds it, or ""."""
    converted = digits_for_number_words(piece)
    if not any(
        quantity.kind in ("amount", "duration", "percent")
        for quantity in extract_quantities(converted)
    ):
        return ""
    match = _VALUE_PHRASE_RE.search(converted)
    if not match or not content_stems(match.group("phrase").replace(match.group("value"), " ")):
        return ""
    return match.group("phrase").strip()


def _states_policy_value(piece: str) -> bool:
    """A length of time, a price or a share, not a phone number or an opening hour."""
    if not any(character.isdigit() for character in piece) and not _NUMBER_WORD_HINT_RE.search(
        piece
    ):
        return False
    return any(
        quantity.kind in ("duration", "amount", "percent") and not quantity.soft
        for quantity in extract_quantities(digits_for_number_words(piece))
    )


_NUMBER_WORD_HINT_RE = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|sixty|ninety|a)"
    r" (?:\w+ )?(?:days?|weeks?|months?|years?|hours?)\b|\bfortnights?\b",
    re.IGNORECASE,
)


# "Sure!", "Yes.", "Of course": the acknowledgement a reply opens with.
_ACKNOWLEDGEMENT_RE = re.compile(
    r"^\W*(?:sure|yes|yeah|yep|yup|of course|absolutely|definitely|certainly|totally|indeed"
    r"|no|nope|not really|not yet|never)\b",
    re.IGNORECASE,
)


_WE_RE = re.compile(r"\b(?:we|we'(?:re|ve|d|ll))\b", re.IGNORECASE)
# "yes harry potter ...": an acknowledgement run into the sentence it opens.
_BARE_ACKNOWLEDGEMENT_RE = re.compile(
    r"^(yes|yeah|yep|yup|sure|no|nope|not really|never)\s+(?=\w)", re.IGNORECASE
)


# "It's interesting that ...": a remark opening the claim that follows, not a reaction.
_REMARK_ON_CLAIM_RE = re.compile(r"\b(?:that|how)\s*$", re.IGNORECASE)


def _assents(piece: str, about_listener: bool) -> bool:
    """A social move beside the reply's facts ("I agree. He was the team's best
    player."): it takes the partner's side and claims nothing. Agreeing about the
    speaker's own tastes ("Me too!") still tells of the bot, as a yes to a question
    about its doings does."""
    return (
        is_social_move(piece)
        and not is_own_agreement(piece)
        and not (about_listener and (is_yes_no(piece) or _BARE_ANSWER_RE.match(piece)))
    )


def _only_social(response: str, query: str, about_listener: bool) -> bool:
    """The whole reply is social moves (see :func:`is_social_move`). A yes or a no to a
    question is its answer ("Were both born in Ohio?" "Yes."), and to a question about
    the bot's own doings ("Do you ski?" "Yes!") it tells of the bot. A question for a
    thing or a name ("What about the director?" "No.") a yes or a no does not answer."""
    text = " ".join(normalise(response or "").split())
    if not text or not is_social_move(text):
        return False
    answers = is_yes_no(text) or bool(_BARE_ANSWER_RE.match(text))
    polar = asks(query) and not asks_open_question(query)
    return not (answers and (about_listener or polar))


# A reply of yes or no words alone: "Yeah!", "Oh well, yes", "No."
_BARE_ANSWER_RE = re.compile(
    r"^(?:(?:yes|yeah|yea|ya|yep|yup|no|nope|nah|sure|of course|absolutely|definitely"
    r"|certainly|indeed|oh|ah|well|haha+|lol)(?:[\s,.!]+|$))+$",
    re.IGNORECASE,
)


def _speaks_for_itself(kind: str, piece: str, about_listener: bool) -> bool:
    """In a chat grounded in reference passages, a piece that tells of the bot rather
    than of the passage: a question back ("Do you hunt?", "Oh, really?"), not knowing
    ("I'm not sure"), a reaction ("Wow, that's awesome!", "I didn't know that!") and a
    yes or a no to a question about the bot's own doings ("Do you ski?" "Sure!"). A help
    centre's clarifying question or "I don't have that information" stays a non-claim."""
    if kind in ("question", "refusal"):
        return True
    if kind not in ("pleasantry", "yes_no"):
        return False
    if is_reaction(piece) and not _REMARK_ON_CLAIM_RE.search(piece):
        return True
    return about_listener and bool(is_yes_no(piece) or _ACKNOWLEDGEMENT_RE.match(piece))


_INTERJECTION_RE = re.compile(
    r"^(?:(?:well|oh|ah+|hmm+|um+|uh+|so|also|actually|anyway|haha+|hehe|lol|ooh|you know|i mean"
    r"|apparently|basically|honestly|interestingly|funnily enough|in fact|by the way|btw"
    r"|believe it or not)\b[,.!]*\s+|(?:fun fact|you see)\b\s*[,:!]+\s*)+"
    # "Oh my!", "Oh dear!", "Oh no, that's not what we want to hear!": the interjection
    # is the whole exclamation, dismay and no answer.
    r"(?=\w)(?!(?:my|dear|god|gosh|man|boy)\b)(?!(?<=oh )no\b)",
    re.IGNORECASE,
)


_TAG_QUESTION_RE = re.compile(
    r"(?<=\S),\s*(?:right|correct|no|huh|eh|yes|(?:is|was|are|were|does|did|do|has|have|can)n'?t"
    r" (?:it|he|she|they|there|that|you)|don'?t you think)\s*\?+$",
    re.IGNORECASE,
)
_TRAILING_LAUGHTER_RE = re.compile(r"(?<=\w)[,\s]+(?:lol|haha+|hehe|lmao)\W*$", re.IGNORECASE)
# "Tandems aren't allowed on board, I'm afraid.": the regret after the claim is no part
# of it.
_TRAILING_REGRET_RE = re.compile(
    r"(?<=\w),\s*(?:i'?m afraid|i'?m sorry to say|sadly|unfortunately|i fear)(?=[.!]?$)",
    re.IGNORECASE,
)


# A courtesy set off by a comma, a colon or a dash before the claim: "Great to hear you're
# joining us, the fee is £15", "I hope this helps, and remember ...", "Hope that helps:
# refunds take 5 days".
_RELATIVE_RE = re.compile(r"(?:which|who|whose|whom|where|that)\b", re.IGNORECASE)
_COURTESY_HEAD_RE = re.compile(
    r"^(?P<head>[^,:;—–]{3,80}?)\s*(?:[,:;]|\s[—–-])\s+(?:(?:and|but|so)\s+)?(?=\w)"
)


# Pictographs and the characters that join or tone them: "🐾", "👍🏽", "❤️".
_PICTOGRAPH_MARKS = frozenset("\u200d\ufe0e\ufe0f\u20e3")


def _without_leading_pictographs(sentence: str) -> str:
    if sentence.isascii():
        return sentence
    start = 0
    while start < len(sentence) and (
        sentence[start].isspace()
        or sentence[start] in _PICTOGRAPH_MARKS
        or unicodedata.category(sentence[start]) == "So"
        or "\U0001f3fb" <= sentence[start] <= "\U0001f3ff"
    ):
        start += 1
    return sentence[start:] if start < len(sentence) else sentence


# An opener said to someone, and the name it is said to when nothing else follows.
_COURTESY_OPENER_RE = re.compile(
    r"^(?:thanks|thank you|cheers|great question|good question|hi|hello|hey|no problem"
    r"|no worries|(?:happy|glad) to help|my pleasure)\b",
    re.IGNORECASE,
)
_VOCATIVE_RE = re.compile(r"^[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?\s*[!.,]+[^\w]*$")


def _is_pictograph(char: str) -> bool:
    # Past the arrows and the signs of measure ("°", "→"): "⛳", "✅", "🐾".
    return char >= "\u2300" and unicodedata.category(char) == "So"


def _at_pictographs(sentences: list[str]) -> list[str]:
    """Sentences ended by a pictograph instead of a full stop: "Thanks for getting in
    touch ⛳ Good news - jeans are fine ..." is a courtesy, then a claim."""
    split: list[str] = []
    for sentence in sentences:
        if sentence.isascii():
            split.append(sentence)
            continue
        start = 0
        for index, char in enumerate(sentence):
            if not _is_pictograph(char) or index < 2 or not sentence[index - 1].isspace():
                continue
            end = index + 1
            while end < len(sentence) and (
                _is_pictograph(sentence[end]) or sentence[end] in _PICTOGRAPH_MARKS
            ):
                end += 1
            rest = sentence[end:]
            if rest[:1].isspace() and rest.strip()[:1].isupper():
                split.append(sentence[start:end].strip())
                start = end
        split.append(sentence[start:].strip())
    return [piece for piece in split if piece]


def _pieces(line: str, *, chat: bool = False) -> list[tuple[str | None, str]]:
    """A line's pieces, each with its kind where its shape already tells it. A help
    centre's courtesy may open the claim it leads into ("Great to hear you're joining
    us, the fee is £15"); in a chat it is the speaker's own."""
    courtesy_heads = not chat
    pieces: list[tuple[str | None, str]] = []
    for sentence in _at_pictographs(split_sentences(line)):
        # "Well, yes ...", "Oh sure ...": the interjection opens the sentence and says nothing.
        sentence = _TRAILING_LAUGHTER_RE.sub("", _INTERJECTION_RE.sub("", sentence, count=1))
        sentence = _TRAILING_REGRET_RE.sub("", sentence)
        # "Hi there! 🐾 Sorry, we're closed ...": a pictograph carried over from the
        # greeting before opens the sentence and says nothing.
        sentence = _without_leading_pictographs(sentence)
        # "No, I'm sorry, the clinic is closed": openers one after another.
        while (opener := _OPENER_RE.match(sentence)) and len(sentence) > opener.end():
            pieces.append((_opener_kind(sentence[: opener.end()]), sentence[: opener.end()]))
            sentence = sentence[opener.end() :]
            if _COURTESY_OPENER_RE.match(pieces[-1][1]) and _VOCATIVE_RE.match(sentence):
                # "Thanks for asking, Tom!", "Great question, Sam! 🛶": the name the
                # courtesy is said to.
                pieces.append(("greeting", sentence))
                sentence = ""
                break
        if not sentence.strip():
            continue
        while courtesy_heads and (head := _COURTESY_HEAD_RE.match(sentence)):
            rest = sentence[head.end() :]
            told = head.group("head")
            if piece_kind(told) not in ("pleasantry", "greeting", "meta") and not _only_talk(
                _fact(told, frozenset()), ""
            ):
                break
            if not has_verb(rest) or _RELATIVE_RE.match(rest):
                break  # "..., which includes 30 lessons" goes on about the courtesy's words
            if piece_kind(sentence) != "fact" and not extract_quantities(
                digits_for_number_words(rest)
            ):
                # "I hope this helps, and do get back to us if ...": a courtesy throughout,
                # unless what follows the courtesy gives a value.
                break
            pieces.append(("pleasantry", told))
            sentence = rest[:1].upper() + rest[1:]
        meta = (
            META_OPENER_RE.match(sentence)
            or LOOKUP_OPENER_RE.match(sentence)
            or CLAIM_INTRO_RE.match(sentence)
        )
        if meta and len(sentence) > meta.end():
            pieces.append(("meta", sentence[: meta.end()].strip()))
            # "I went through our parking page, and parking costs £18": the "and" joins
            # the remark to the claim and belongs to neither.
            sentence = re.sub(r"^and\s+", "", sentence[meta.end() :], flags=re.IGNORECASE)
            sentence = sentence[:1].upper() + sentence[1:]
        claim = _KNOW_THAT_RE.match(sentence)
        if claim and chat:
            # "Did you know the Tower of Babel was a real building?": in a chat, the
            # speaker asks what the listener knows, as any question back does; it
            # states nothing the passage can be checked for.
            pieces.append(("question", sentence))
            continue
        if claim:
            sentence = claim.group("claim") or claim.group("meant") or claim.group("told")
        # "Dresses are priced in store, so bring yours in for a quote": the pointer
        # the fact leads to is no part of it.
        pointer = _SO_RE.search(sentence)
        if pointer and is_pointer(sentence[pointer.end() :]):
            pieces.extend((None, clause) for clause in _clauses(sentence[: pointer.start()]))
            pieces.append(("redirect", sentence[pointer.end() :]))
            continue
        if lists_own_topics(sentence):
            # "I can answer questions about passes: who can get one, applying and
            # replacing a lost pass": the topics listed are the bot's, whole.
            pieces.append((None, sentence))
            continue
        pieces.extend((None, clause) for clause in _clauses(sentence))
    return pieces


_SO_RE = re.compile(r",? so (?=\w)", re.IGNORECASE)


_OPENER_AND_RE = re.compile(r"\s+and\s*$", re.IGNORECASE)


def _opener_kind(opener: str) -> str:
    """An opener never carries a claim of its own, whatever it looks like."""
    kind = piece_kind(_OPENER_AND_RE.sub("", opener))
    return kind if kind in ("yes_no", "refusal") else "pleasantry"


def split_clauses(sentence: str) -> list[str]:
    """A sentence's statements, split as an answer's facts are."""
    return _clauses(sentence)


_HALF_RE = re.compile(r"an? half\b", re.IGNORECASE)


def _clauses(sentence: str) -> list[str]:
    """Split at ";", "and", "but" only where both sides are clauses with their own verb."""
    clauses: list[str] = []
    start = 0
    for match in _CLAUSE_SPLIT_RE.finditer(sentence):
        left, right = sentence[start : match.start()], sentence[match.end() :]
        # A semicolon always joins two statements; "and"/"but" only when both sides are
        # clauses ("returns are free and refunds take 5 days", not "Visa and PayPal").
        # ", or call us on ..." sets a way to reach a person apart from what precedes it.
        if match.group().strip() == "," and _SUBORDINATE_OPENING_RE.match(left.strip()):
            continue  # "If you're 20 minutes late, you can claim 25%": one statement
        if _joins_conditions(match.group(), left, right):
            continue  # "If it's under 7 years old and can't be repaired, we replace it"
        semicolon = match.group().strip() in (";", ", or")
        both = _is_statement if semicolon else _is_clause
        # "lasts an hour and a half": one length of time, not two statements.
        opens = (semicolon or _opens_clause(right)) and not _HALF_RE.match(right)
        if both(left) and both(right) and opens and not _BETWEEN_NUMBERS_RE.search(left):
            clauses.append(left)
            start = match.end()
    clauses.append(sentence[start:])
    return [clause.strip(" ,;") for clause in clauses if clause.strip(" ,;.")]


# A clause opening on one of these is the case of the clause after its comma.
_SUBORDINATE_OPENING_RE = re.compile(
    r"(?:if|when|whenever|once|unless|as long as|provided|after|before|until|because|since)\b",
    re.IGNORECASE,
)


def _joins_conditions(joiner: str, left: str, right: str) -> bool:
    """An "and" or "but" inside an opening "If ..." before its comma joins two parts of
    the case, not two statements: the statement comes after the comma."""
    if joiner.strip(" ,") not in ("and", "but"):
        return False
    return bool(_SUBORDINATE_OPENING_RE.match(left.strip())) and "," not in left and "," in right


def has_verb(text: str) -> bool:
    return bool(VERB_RE.search(text) or _STATE_VERB.search(text))


# Verbs of staying the same or changing, which VERB_RE (kept for splitting questions)
# leaves out: "Your PIN stays the same", "the price remains £5".
_STATE_VERB_RE = re.compile(
    r"\b(?:stays?|stayed|remains?|remained|keeps?|kept|changes?|changed|comes?|came|goes|went)\b",
    re.IGNORECASE,
)
_STATE_VERB = FirstLook(_STATE_VERB_RE)


def _is_statement(text: str) -> bool:
    return len(text.split()) >= 3


def _is_clause(text: str) -> bool:
    return len(text.split()) >= 3 and bool(VERB_RE.search(text))


_CLAUSE_OPENING_WORDS = 6
# "... but i know that ...": a pronoun subject opens a clause whatever its verb.
_SUBJECT_PRONOUN_RE = re.compile(r"(?:i|we|you|they|he|she|it)(?:'\w+)?", re.IGNORECASE)


def _opens_clause(text: str) -> bool:
    """The text starts a clause of its own: a verb soon, before any comma. "...in the EU
    and UK and 4-7 business days in the US, counted from when it ships" continues the
    sentence before it, though a verb comes at last."""
    opening = re.split(r"[,;:]", text, maxsplit=1)[0].split()[:_CLAUSE_OPENING_WORDS]
    return bool(VERB_RE.search(" ".join(opening))) or bool(
        opening and _SUBJECT_PRONOUN_RE.fullmatch(opening[0])
    )


# The business's own people as a body ("our team inspects it", "our staff will check"):
# the "we" of the help centre, no word of its own for a source to give.
_OWN_PEOPLE_RE = re.compile(r"\bour (?:team|staff|colleagues|people)\b", re.IGNORECASE)


def _fact(text: str, context: frozenset[str]) -> Fact:
    converted = digits_for_number_words(text)
    quantities = extract_quantities(converted)
    stems = frozenset(
        content_stems(_OWN_PEOPLE_RE.sub("we", _without_spoken_times(converted, quantities)))
    )
    return Fact(
        text=text.strip(),
        stems=stems,
        quantities=quantities,
        negated=has_negation(converted),
        conditioned=bool(quantities and governing_conditions(converted, quantities)),
        personal=_speaks_in_first_person(text),
        bare=not VERB_RE.search(text),
        proper_nouns=frozenset(
            proper for match in _PROPER_RE.finditer(text) for proper in _proper_stems(match.group())
        ),
        acronyms=frozenset(
            proper
            for match in _PROPER_RE.finditer(text)
            if match.group().isupper()
            for proper in content_stems(match.group())
        ),
        context=context - stems,
        general=bool(GENERAL_NOUN_RE.search(text)),
    )


# A quotation or a title in quotes ("How You Remind Me") is someone else's words.
_QUOTED_RE = re.compile(r'"[^"]*"|“[^”]*”')


def _speaks_in_first_person(text: str) -> bool:
    plain = _QUOTED_RE.sub(" ", _NAME_RUN_RE.sub(" ", _UI_LABEL_RE.sub(" ", text)))
    return bool(_FIRST_PERSON_RE.search(plain))


def _proper_stems(name: str) -> tuple[str, ...]:
    """A name's stems; a country's letters ("US", "UK") read as the name they stand for,
    which their lexicon gives only after "the"."""
    return content_stems(name) or (content_stems(f"the {name}") if name.isupper() else ())


_SPOKEN_TIME_WORD_RE = re.compile(r"[a-z]{3,}", re.IGNORECASE)


def _without_spoken_times(text: str, quantities: list[Quantity]) -> str:
    """ "Half past 5 in the afternoon" is a value, compared as one: its words are not
    words of the claim that a source must also use."""
    for quantity in reversed(quantities):
        if quantity.kind == "time" and _SPOKEN_TIME_WORD_RE.search(quantity.text):
            text = text[: quantity.start] + " " + text[quantity.end :]
    return text
