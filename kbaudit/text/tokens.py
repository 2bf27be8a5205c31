"""Text normalisation for the offline judge: sentences, words, stems, number words.

Everything here is deterministic and cheap: regexes are compiled once at import and
stems are memoised, because the judge tokenises every source on every call.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache
from re import _constants as constants
from re import _parser as parser

from .lexicon import (
    ABBREVIATION_HINT_RE,
    ABBREVIATIONS,
    DEMONYMS,
    FIXED_STEMS,
    IRREGULAR,
    PHRASES,
    PLAYERS,
    PROHIBITIONS,
    SYNONYMS,
    UN_PARTICIPLES,
)
from .paraphrases import PHRASE_EQUIVALENTS, WORD_EQUIVALENTS


def word_list(text: str) -> list[str]:
    """Whitespace-separated words: keeps long vocabularies readable as prose blocks."""
    return text.split()


def required_literals(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """Lower-case strings one of which every match of ``pattern`` holds (lowered) in
    plain ASCII text, or () when none can be named.

    Read from the parsed pattern: a run of plain characters it must match in a row
    (through its groups), or one such run from each of a set of alternatives it must
    match one of, whichever names the longer strings. A run is matched character by
    character, and in ASCII text ignoring case means only what lowering does, so a
    text whose lowered form holds none of them cannot match.
    """
    try:
        return _required(parser.parse(pattern.pattern, pattern.flags))
    except (re.error, TypeError, ValueError):
        return ()


def _required(items) -> tuple[str, ...]:
    """What a sequence of parsed items must hold: see :func:`required_literals`."""
    spliced = list(_spliced(items))
    candidates = _runs(spliced)
    for op, argument in spliced:
        if op is constants.BRANCH:
            branches = [_required(branch) for branch in argument[1]]
            if all(branches):
                candidates.append(tuple(word for branch in branches for word in branch))
    return max(candidates, key=lambda words: min(map(len, words)), default=())


# Strings a run may stand for, at most: "check[- ](in|out)" is four.
_MOST_SPELLINGS = 16


def _runs(items) -> list[tuple[str, ...]]:
    """The runs of ASCII characters a sequence of parsed items must match in a row,
    lowered, each as the strings it may be: a plain character is one, a set of plain
    characters ("[- ]") or a choice of plain words ("(?:that|which)") several."""
    runs, run = [], {""}
    for op, argument in items:
        choices = _plain_choices(op, argument)
        if choices is not None and len(run) * len(choices) <= _MOST_SPELLINGS:
            run = {head + tail for head in run for tail in choices}
            continue
        if "" not in run:
            runs.append(tuple(sorted(run)))
        run = choices if choices is not None else {""}
    if "" not in run:
        runs.append(tuple(sorted(run)))
    return runs


def _plain_choices(op, argument) -> set[str] | None:
    """The lowered strings one parsed item matches when it is plain ASCII: a character,
    a set of characters, or alternatives of plain characters; None otherwise."""
    if op is constants.LITERAL:
        return {chr(argument).lower()} if argument < 128 else None
    if op is constants.IN:
        if all(kind is constants.LITERAL and code < 128 for kind, code in argument):
            return {chr(code).lower() for kind, code in argument}
        return None
    if op is constants.BRANCH:
        words = set()
        for branch in argument[1]:
            parts = [_plain_choices(kind, code) for kind, code in _spliced(branch)]
            if any(part is None or len(part) != 1 for part in parts):
                return None
            words.add("".join(next(iter(part)) for part in parts))
        return words
    return None


def _spliced(items):
    """The items of a sequence with its groups' items in their place: a group is
    matched where it stands, so its characters run on from those before it."""
    for op, argument in items:
        if op is constants.SUBPATTERN:
            yield from _spliced(argument[3])
        else:
            yield op, argument


class FirstLook:
    """A compiled pattern searched only when its text may hold a match: in plain ASCII
    text, only when the lowered text holds one of the strings every match holds (see
    :func:`required_literals`); any other text is searched as it is. What it finds is
    what the pattern finds."""

    __slots__ = ("pattern", "needed")

    def __init__(self, pattern: re.Pattern[str]):
        self.pattern = pattern
        self.needed = required_literals(pattern)

    def may_match(self, text: str) -> bool:
        if not self.needed or not text.isascii():
            return True
        lowered = text.lower()
        # A plain loop: a generator per call costs more than the tests themselves.
        for word in self.needed:  # noqa: SIM110
            if word in lowered:
                return True
        return False

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if self.may_match(text) else None


def word_start_regex(alternatives: str, letters: str, flags: int = 0) -> re.Pattern[str]:
    """``alternatives`` compiled so that a search tries them only where a word (or the
    text) starts with one of ``letters``.

    Every alternative must open with ``\\b`` or ``^`` and then one of ``letters``
    (tests/kbaudit/test_text_shortcuts.py checks each use): the matches are then exactly
    those of ``alternatives``, without each alternative being tried at every position.
    """
    return re.compile(rf"(?:\b|^)(?=[{letters}])(?:{alternatives})", flags)


def first_char_regex(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` with a look at the character a match must start with before anything
    else is tried at a position: its matches are exactly ``pattern``'s.

    The characters are read from the parsed pattern (the first each alternative must
    consume, past assertions and optional parts). A search then passes over a position
    with one test of a character set, where a long alternation opening with ``\\b``
    or a capture would be tried alternative by alternative (Python's engine skips ahead
    only for a pattern opening with a plain character or set, and not when it ignores
    case). ``pattern`` itself comes back when the set cannot be named (a match may be
    empty or open on any character) or the pattern would not read the same once wrapped.
    """
    if pattern.flags & re.VERBOSE:
        return pattern  # a comment at its end would swallow the closing bracket
    try:
        first = _first_chars(parser.parse(pattern.pattern, pattern.flags))
        if first is None or first[1]:
            return pattern
        items = "".join(dict.fromkeys(first[0]))
        return re.compile(f"(?=[{items}])(?:{pattern.pattern})", pattern.flags)
    except (re.error, TypeError, ValueError):
        return pattern


# Zero-width items: a match's first character is that of what follows them.
_ZERO_WIDTH = (constants.AT, constants.ASSERT, constants.ASSERT_NOT)
_CATEGORY_SYNTAX = {
    constants.CATEGORY_DIGIT: r"\d",
    constants.CATEGORY_NOT_DIGIT: r"\D",
    constants.CATEGORY_SPACE: r"\s",
    constants.CATEGORY_NOT_SPACE: r"\S",
    constants.CATEGORY_WORD: r"\w",
    constants.CATEGORY_NOT_WORD: r"\W",
}


def _first_chars(items) -> tuple[list[str], bool] | None:
    """A sequence's first characters as set items in pattern syntax, and whether it may
    match nothing at all; None when they cannot be named."""
    found: list[str] = []
    for op, argument in items:
        if op in _ZERO_WIDTH:
            continue
        own = _first_of(op, argument)
        if own is None:
            return None
        found += own[0]
        if not own[1]:
            return found, False
    return found, True


def _first_of(op, argument) -> tuple[list[str], bool] | None:
    if op is constants.LITERAL:
        return [re.escape(chr(argument))], False
    if op is constants.IN:
        items = _set_items(argument)
        return None if items is None else (items, False)
    if op is constants.SUBPATTERN:
        _, added_flags, _, items = argument
        # A part that turns a flag on (ignoring case) matches what the set may not.
        return None if added_flags else _first_chars(items)
    if op is constants.ATOMIC_GROUP:
        return _first_chars(argument)
    if op in (constants.MAX_REPEAT, constants.MIN_REPEAT, constants.POSSESSIVE_REPEAT):
        least, _, items = argument
        own = _first_chars(items)
        return None if own is None else (own[0], own[1] or least == 0)
    if op is constants.BRANCH:
        found, empty = [], False
        for branch in argument[1]:
            own = _first_chars(branch)
            if own is None:
                return None
            found += own[0]
            empty = empty or own[1]
        return found, empty
    return None  # any character, a negated one, a back-reference


def _set_items(argument) -> list[str] | None:
    items = []
    for kind, code in argument:
        if kind is constants.LITERAL:
            items.append(re.escape(chr(code)))
        elif kind is constants.RANGE:
            items.append(f"{re.escape(chr(code[0]))}-{re.escape(chr(code[1]))}")
        elif kind is constants.CATEGORY and code in _CATEGORY_SYNTAX:
            items.append(_CATEGORY_SYNTAX[code])
        else:
            return None  # a negated set
    return items


# A compact English stopword list. Question words are included because they never
# carry the subject of a question; they are read separately to know what kind of
# answer a question expects.
STOPWORDS: frozenset[str] = frozenset(
    word_list("""
    a about above after again against all also am an and any are aren't as at be
    because been before being below between both but by can can't cannot could
    couldn't did didn't do does doesn't doing don't down during each either else
    etc even ever few for from further get gets getting got had hadn't has hasn't
    have haven't having he he'd he'll he's her here here's hers herself him himself
    his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself
    just let's like may me might mine more most much must mustn't my myself need
    needs neither no nor not now of off oh ok okay on once only or other ought our
    ours ourselves out over own per please quite rather really same shall shan't she
    she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're
    they've this those though through thus to too under until up upon us very via
    was wasn't we we'd we'll we're we've well were weren't what what's whatever when
    when's whenever where where's whereas wherever whether which while who who's
    whoever whom whose why why's will with within without won't would wouldn't yes
    yet you you'd you'll you're you've your yours yourself yourselves
    yeah yea yep yup nope hmm um uh ah well actually basically anyway indeed
    definitely certainly surely since hence therefore otherwise unless ago every
    it'll that'll there'll what'll it'd that'd there'd there're none nothing nothing's
    haha hahaha hahahaha hehe heh lol lmao rofl hmmm umm uhh ahh ooh oops wow yay
    """)
)

# Words that negate the clause they sit in. Contractions are kept whole by the
# tokenizer, so "don't" arrives as one token.
NEGATIONS: frozenset[str] = frozenset(
    word_list("""
    not no never none nobody nothing nothing's nobody's neither nor cannot can't don't
    doesn't didn't
    isn't aren't wasn't weren't won't wouldn't shouldn't couldn't haven't hasn't
    hadn't mustn't without unable
    """)
)

_VOWELS = frozenset("aeiouy")
_DOUBLES = frozenset("bdfgklmnprt")

_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
# The same tokens in lower-case ASCII text, where a letter or digit is one of these.
_ASCII_WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*")
_SENTENCE_END_RE = first_char_regex(re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)|\n+"))
_ABBREVIATIONS: frozenset[str] = frozenset(
    word_list(
        "e.g i.e etc vs mr mrs ms dr st approx inc ltd co jr sr u.s u.k dept est fig"
        " jan feb mar apr jun jul aug sep sept oct nov dec mt ft"
    )
)

_UNITS_0_19 = word_list(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen"
    " fourteen fifteen sixteen seventeen eighteen nineteen"
)
_TENS = word_list("twenty thirty forty fifty sixty seventy eighty ninety")
NUMBER_WORDS: dict[str, int] = {word: value for value, word in enumerate(_UNITS_0_19)}
NUMBER_WORDS.update({word: 20 + 10 * index for index, word in enumerate(_TENS)})
NUMBER_WORDS.update({"dozen": 12, "a": 1, "an": 1, "single": 1, "couple": 2})
_NUMBER_WORD_RE = re.compile(
    r"\b(?P<tens>" + "|".join(_TENS) + r")(?:[- ](?P<unit>" + "|".join(_UNITS_0_19[1:10]) + r"))?\b"
    r"|\b(?P<small>" + "|".join(_UNITS_0_19) + r")\b"
    # "within a week" is a duration, "on a business day" is not.
    r"|\b(?P<lead>within|in|for|about|around|up to|after|than|takes?|took|taking|lasts?|over"
    r"|under|least|once|twice|times|every|wait|allow)\s+(?:a|an|a single)\s+"
    r"(?P<article_unit>minute|hour|day|week|month|year|business day)\b"
    # "a week before the event", "a day after you order": a length of time before or after
    # a point.
    r"|\b(?:a|an)\s+(?P<rel_unit>minute|hour|day|week|month|year)\b"
    r"(?=\s+(?:before|after|in advance|beforehand|prior to)\b)"
    # "once per month" is how often, as "once a month" is.
    r"|\b(?P<per_lead>once|twice|times)\s+per\s+(?P<per_unit>minute|hour|day|week|month|year)\b"
    # "you have a month to send it back": a window given ("have a day pass" is no
    # duration, nor "get a week's worth").
    r"|\b(?P<given_lead>have|has|get|gets|got|given)\s+(?:a|an)\s+"
    r"(?P<given_unit>minute|hour|day|week|month|year)\b(?=\s+(?:to|from|after|in which)\b)"
    # "And an hour?", "Or for a week?": a follow-up asking for a length of time, the
    # question's whole text.
    r"|^\s*(?P<follow_lead>(?:and|or|what about|how about)(?: for)?)\s+(?:a|an)\s+"
    r"(?P<follow_unit>minute|hour|day|week|month|year|night)\b(?=\s*\?*\s*$)"
    r"|\ba couple of\b",
    re.IGNORECASE,
)


_PUNCT_MAP = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "“": '"',
        "”": '"',
        "–": "-",
        "—": " - ",
        # Soft hyphens and zero-width marks break a word for layout only ("cor\u00adner").
        "\u00ad": None,
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\u2060": None,
        "\ufeff": None,
    }
)
# Text copied out of a web page keeps its character references ("cor&shy;ner&shy;back",
# "the league&rsquo;s"); only a complete reference, closed by its semicolon, is one, so
# "R&D" and "Terms & Conditions" stay as written.
_CHARACTER_REFERENCE_RE = re.compile(r"&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});", re.I)


# Pre-tokenised logs write "I 'm" and "do n't"; rejoin them so contractions read whole.
_DETACHED_CONTRACTION_RE = re.compile(r"(\w) (n't|'(?:m|s|re|ve|d|ll))\b", re.IGNORECASE)
# ...and "Yes . It is , too": punctuation set off by a space goes back on its word.
_DETACHED_PUNCTUATION_RE = re.compile(r"(?<=[\w\"')]) +([,.!?;:]+)(?=\s|$)")
_DETACHED_HINT_RE = re.compile(r" [,.!?;:]")
# A quotation mark written as an apostrophe and run into the words around it: "the'Plastics
# '", "so-called'comedies'found". An apostrophe inside a word has at most two letters on
# one side of it: "don't", "they're", "O'Brien", "rock'n'roll", "Qur'an".
# The quote opens the pattern, so a search jumps from quote to quote; the letters
# before it are read behind the quote itself.
_GLUED_QUOTE_RE = re.compile(r"'(?<=[^\W\d_]{3}')(?=[^\W\d_]{3})")


# Pure functions of a text that every check calls on the same sentences: kept.
@lru_cache(maxsize=65536)
def normalise(text: str) -> str:
    """Character references decoded, NFKC, straight quotes and dashes, layout-only marks
    dropped, rejoined contractions and punctuation, collapsed whitespace."""
    text = text or ""
    if "&" in text:
        text = _CHARACTER_REFERENCE_RE.sub(lambda match: html.unescape(match.group()), text)
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():  # every character the map replaces is beyond ASCII
        text = text.translate(_PUNCT_MAP)
    # Most text has nothing set off by a space: a plain look first spares the searches.
    if " '" in text or " n'" in text or " N'" in text:
        text = _DETACHED_CONTRACTION_RE.sub(r"\1\2", text)
    if "'" in text:
        text = _GLUED_QUOTE_RE.sub(" ' ", text)
    if _DETACHED_HINT_RE.search(text):
        text = _DETACHED_PUNCTUATION_RE.sub(r"\1", text)
    # str.split() breaks on exactly the whitespace \s matches: the collapsed, stripped text.
    return " ".join(text.split())


def words(text: str) -> list[str]:
    """Lower-case word tokens; contractions stay whole ("don't"), possessives drop "'s"."""
    # Both apostrophes join a word alike, so the curly one is straightened beforehand.
    lowered = text.lower().replace("’", "'")
    tokens = (_ASCII_WORD_RE if lowered.isascii() else _WORD_RE).findall(lowered)
    if "'s" not in lowered:
        return tokens  # no possessive to drop: most text, spared a pass over its tokens
    return [token[:-2] if token.endswith("'s") else token for token in tokens]


def cased_words(text: str) -> list[str]:
    """Word tokens as written (case kept), for reading a phrase's structure."""
    return [match.group().replace("’", "'") for match in _WORD_RE.finditer(text)]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix stripper: plurals, -ing/-ed, common derivations, then synonyms.

    It is not Porter; it only has to map the forms a help centre uses for one idea
    ("return", "returns", "returned", "returnable") onto one key, consistently.
    """
    if word in FIXED_STEMS:
        return FIXED_STEMS[word]
    if word in IRREGULAR:
        return stem(IRREGULAR[word])
    base = _base(word)
    return _FOLDED.get(base, base)


def _base(word: str) -> str:
    """The key ``stem`` looks a word's synonyms up by: its stem before the folding."""
    if len(word) <= 3 or not word.isalpha():
        return word
    return _strip_final(_strip_derivation(_strip_inflection(word)))


@lru_cache(maxsize=65536)
def plain_stem(word: str) -> str:
    """The stem without the synonym folding, for matching a label word for word."""
    if word in FIXED_STEMS:
        return FIXED_STEMS[word]
    if word in IRREGULAR or len(word) <= 3 or not word.isalpha():
        return word
    return _strip_final(_strip_derivation(_strip_inflection(word)))


def _strip_inflection(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ied") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ingly", "edly", "ing", "ed"):
        rest = word[: -len(suffix)]
        if word.endswith(suffix) and len(rest) >= 3 and _VOWELS & set(rest):
            return _undouble(rest)
    return word


def _strip_derivation(word: str) -> str:
    if word.endswith("ation") and len(word) <= 8:
        return word[:-3]  # "location" -> "locat", as "located" -> "locat"
    for suffix in (
        "ations",
        "ation",
        "ments",
        "ment",
        "ness",
        "able",
        "ible",
        "fully",
        "ful",
        "ly",
    ):
        rest = word[: -len(suffix)]
        # "-ly" needs a longer base so "apply" and "reply" keep their last letters.
        shortest = 4 if suffix == "ly" else 3
        if word.endswith(suffix) and len(rest) >= shortest and _VOWELS & set(rest):
            return _undouble(rest)
    return word


def _strip_final(word: str) -> str:
    if len(word) > 4 and word.endswith("y"):
        return word[:-1]
    if len(word) > 3 and word.endswith("e") and not word.endswith("ee"):
        return word[:-1]
    return word


def _undouble(word: str) -> str:
    doubled = len(word) >= 3 and word[-1] == word[-2] and word[-1] in _DOUBLES
    # "cancelled" -> "cancel", but "called" keeps "call"; "added" keeps "add", as a
    # word of a vowel and a doubled letter is written with both ("ebbed", "erred").
    if doubled and len(word) == 3 and word[0] in _VOWELS:
        return word
    if doubled and (word[-1] != "l" or len(word) > 4):
        return word[:-1]
    return word


def _folded_synonyms() -> dict[str, str]:
    """``SYNONYMS`` with the help-centre paraphrases of ``paraphrases.WORD_EQUIVALENTS``:
    each variant's key maps where its line's first word does ("swapped" to "exchang")."""
    folded = dict(SYNONYMS)
    # A people's adjective reads as its country, a player's word as the instrument.
    for word, base in (*DEMONYMS.items(), *PLAYERS.items()):
        folded.setdefault(_base(word), _base(base))
    # A variant whose key is a word of its own ("costly" strips to "cost") is never
    # folded: the word would go with it.
    kept = set(SYNONYMS.values()) | {
        _base(IRREGULAR.get(canonical, canonical)) for canonical, _ in WORD_EQUIVALENTS
    }
    for canonical, variants in WORD_EQUIVALENTS:
        target = _base(IRREGULAR.get(canonical, canonical))
        target = SYNONYMS.get(target, target)
        for variant in word_list(variants):
            key = _base(IRREGULAR.get(variant, variant))
            if key not in kept:
                folded.setdefault(key, target)
    return folded


_FOLDED = _folded_synonyms()


@lru_cache(maxsize=65536)
def content_stems(text: str) -> tuple[str, ...]:
    """Stems of the non-stopword tokens, in order (duplicates kept).

    Abbreviations and help-centre phrases are rewritten first (see ``lexicon``), so "the
    US" keeps its country and "send it back" reads as a return. Cached: a source's
    sentences, clauses and names are read by several checks, and an immutable tuple is
    safe to share between them.
    """
    tokens = words(text)
    rewritten = _rewrite(text, tokens)
    if rewritten is not text:
        tokens = words(rewritten)
    return tuple([stem(token) for token in tokens if token not in STOPWORDS])


def stem_set(text: str) -> frozenset[str]:
    """The stems :func:`content_stems` gives, as a set, for a long passage read once (a
    chunk's words): each distinct word is stemmed once, and the passage is not kept."""
    tokens = words(text)
    rewritten = _rewrite(text, tokens)
    if rewritten is not text:
        tokens = words(rewritten)
    return frozenset(map(stem, set(tokens) - STOPWORDS))


# Each phrase's pattern with a look at its first character: it is tried on every text
# that holds its trigger word.
_PHRASES = tuple(
    (frozenset(word_list(needed)), first_char_regex(pattern), replacement)
    for needed, pattern, replacement in (*PHRASES, *PHRASE_EQUIVALENTS)
)
# What each phrase must hold as written ("in order to", "boarding card"): its trigger
# word is common, the phrase is not, so a plain look spares most of its searches.
_PHRASE_LITERALS = tuple(
    required_literals(pattern) for _, pattern, _ in (*PHRASES, *PHRASE_EQUIVALENTS)
)


# For each word, the phrases (by position) that need it: a text's tokens pick the few
# phrases worth a search without testing every phrase against them.
def _phrases_by_word() -> dict[str, tuple[int, ...]]:
    index: dict[str, tuple[int, ...]] = {}
    for position, (needed, _, _) in enumerate(_PHRASES):
        for word in needed:
            index[word] = (*index.get(word, ()), position)
    return index


_PHRASES_BY_WORD = _phrases_by_word()
_PHRASE_WORDS = frozenset(_PHRASES_BY_WORD)
# A token of four digits or more ("2024") can only come from a run of four digits, in
# text of plain ASCII (where no other character counts as a digit).
_FOUR_DIGITS_RE = re.compile(r"[0-9]{4}")


# Tokens an abbreviation leaves ("U.S." gives "u"); only then is the text searched.
_ABBREVIATION_TOKENS = frozenset(word_list("u us usa uk eu britain europe"))


def rewrite_phrases(text: str) -> str:
    return _rewrite(text, words(text))


def _rewrite(text: str, tokens: list[str]) -> str:
    """``text`` with its abbreviations and phrases rewritten; the same object when it
    holds none (the common case, checked on its tokens rather than searched)."""
    present = set(tokens)
    # Read before the abbreviations are spelled out: the tokens are the text's own.
    may_hold_year = not text.isascii() or _FOUR_DIGITS_RE.search(text) is not None
    if not _ABBREVIATION_TOKENS.isdisjoint(present) and ABBREVIATION_HINT_RE.search(text):
        for pattern, replacement in ABBREVIATIONS:
            text = pattern.sub(replacement, text)
    if may_hold_year and any(len(token) >= 4 and token.isdigit() for token in present):
        present.add("#")
    triggers = _PHRASE_WORDS.intersection(present)
    if not triggers:
        return text
    lowered = text.lower() if text.isascii() else None
    for position in _phrases_wanted(triggers):
        needed = _PHRASE_LITERALS[position]
        if lowered is not None and needed:
            # A plain loop: a generator per phrase costs more than the tests themselves.
            for word in needed:
                if word in lowered:
                    break
            else:
                continue  # it cannot match: the text lacks what the phrase must hold
        _, pattern, replacement = _PHRASES[position]
        rewritten = pattern.sub(replacement, text)
        if rewritten is not text:
            text = rewritten
            lowered = text.lower() if text.isascii() else None
    return text


# Texts share their few trigger words ("in", "order", "back"): the phrases they call
# for are worked out once per set of them.
@lru_cache(maxsize=4096)
def _phrases_wanted(triggers: frozenset[str]) -> tuple[int, ...]:
    """The positions of the phrases these words call for, in the table's order, as each
    rewrite may feed the next."""
    return tuple(sorted({position for token in triggers for position in _PHRASES_BY_WORD[token]}))


_NEGATION_RE = first_char_regex(
    re.compile(
        r"(?<![-\w'])(?:"
        + "|".join(sorted((re.escape(w) for w in NEGATIONS), key=len, reverse=True))
        + r")(?![-\w'])",
        re.IGNORECASE,
    )
)
_SENTENCE_START_RE = re.compile(r"(?:^|[.!?:;]\s*)$")
# A capitalised word after a capitalised negation: the words of a title, not a denial.
_TITLE_WORD_RE = re.compile(r"\s+(?!I\b)[A-Z][a-z]")
# What _NEGATION_RE matches is a whole run of these characters.
_NEGATION_RUN_RE = re.compile(r"[-\w']+")


def _may_negate(text: str) -> bool:
    """False only when ``text`` surely holds no negation word (see _may_hold_number_words
    for why only ASCII text is looked at so); most sentences hold none."""
    if not text.isascii():
        return True
    return not NEGATIONS.isdisjoint(_NEGATION_RUN_RE.findall(text.lower()))


# "non-refundable", "non-transferable": "not refundable", a denial of what can be done.
# Other "non-" words name a group ("non-members", "non-EU") and deny nothing.
_NON_ABLE_RE = re.compile(r"\bnon-?(\w+(?:able|ible))\b", re.IGNORECASE)
# "returned unused": "not used", a denial of what was done to the item.
_UN_PARTICIPLE_RE = first_char_regex(
    re.compile(
        r"\bun(" + UN_PARTICIPLES.replace("un", "").replace(" ", "|") + r")\b", re.IGNORECASE
    )
)
# "Pets are banned": a denial of their being allowed, read as "not allowed".
_PROHIBITION_HINT_RE = re.compile(
    "|".join(word for needed, _, _ in PROHIBITIONS for word in word_list(needed)), re.IGNORECASE
)
# The same words in plain ASCII text, where lowering folds case as the search does.
_PROHIBITION_HINT_WORDS = tuple(word for needed, _, _ in PROHIBITIONS for word in word_list(needed))


def _prohibition_hinted(text: str) -> bool:
    """Whether ``_PROHIBITION_HINT_RE`` finds a word in ``text``, by substring tests
    when the text is plain ASCII."""
    if not text.isascii():
        return _PROHIBITION_HINT_RE.search(text) is not None
    lowered = text.lower()
    return any(word in lowered for word in _PROHIBITION_HINT_WORDS)


# "no more than their face value", "no later than 6pm": a bound on a value, not a denial.
_NOT_A_NEGATION_RE = re.compile(
    r"\bnot (?:only|just|merely|simply)\b|\bno (?:doubt|matter)\b"
    r"|\bno (?:more|less|fewer|later|earlier|sooner|longer) than\b",
    re.I,
)


def has_negation(text: str) -> bool:
    """Whether the text negates its claim.

    "not-for-profit", "not only", and a title-case "Not" inside a name ("the Not Ready
    for Prime Time Players") are not negations of the sentence.
    """
    return bool(negation_targets(text))


# An aside in parentheses, or one left open to the end of the text.
_PARENTHESIS_RE = re.compile(r"\([^()]*(?:\)|$)")
# "even if the crosswalk is not marked", "assuming no amendments to the law": a
# concession or an assumption beside a claim; what it denies is not the claim's.
_CONCESSION_RE = re.compile(
    r"\b(?:even if|even though|even when|whether or not|assuming)\b[^,;.()]*", re.IGNORECASE
)
NEGATION_REACH = 2


# A negation reaches no further than its clause: in "there's no fee when a payment is
# declined" the fee is denied, not the payment.
_SUBORDINATE_RE = re.compile(
    r"\b(?:when|whenever|if|because|unless|since|while|whereas|although|though|once)\b",
    re.IGNORECASE,
)
# Nor past a second predicate of the same subject after "and": "don't need a booking and
# cost £12", "aren't refundable and are valid for a year", "isn't free and it takes a day".
_NEXT_PREDICATE_RE = re.compile(
    r"\band\s+(?:(?:it|they|we|you|he|she)\s+\w+"
    r"|(?:is|are|was|were|can|will|must|may|should|has|have)\b"
    r"|(?:costs?|charges?|takes?|lasts?|pays?)\s+(?=[£$€\d]))",
    re.IGNORECASE,
)


def negation_targets(text: str) -> list[frozenset[str]]:
    """For each negation, the stems of the few content words it applies to.

    Asides in parentheses are left out: "(which does not stand for ...)" says nothing
    about the main claim.
    """
    return list(_negation_targets(text))


@lru_cache(maxsize=65536)
def _negation_targets(text: str) -> tuple[frozenset[str], ...]:
    text = text.replace("’", "'")
    if not text.isascii() or "non" in text.lower():
        text = _NON_ABLE_RE.sub(r"not \1", text)
    if "un" in text.lower():
        text = _UN_PARTICIPLE_RE.sub(r"not \1", text)
    if _prohibition_hinted(text):
        for _, pattern, denial in PROHIBITIONS:
            text = pattern.sub(denial, text)
    if not _may_negate(text) or not _NEGATION_RE.search(text):
        return ()
    text = _NOT_A_NEGATION_RE.sub(" ", _CONCESSION_RE.sub(" ", _PARENTHESIS_RE.sub(" ", text)))
    targets = []
    for match in _NEGATION_RE.finditer(text):
        title_case = match.group()[0].isupper()
        if title_case and not _SENTENCE_START_RE.search(text[: match.start()]):
            continue
        if title_case and _TITLE_WORD_RE.match(text, match.end()):
            continue  # "Can't Get You Out of My Head", "No Time to Die": a title
        reach = _SUBORDINATE_RE.split(text[match.end() : match.end() + 80], maxsplit=1)[0]
        reach = _NEXT_PREDICATE_RE.split(reach, maxsplit=1)[0]
        following = content_stems(reach)
        target = set(following[:NEGATION_REACH])
        if _COPULA_NEGATION_RE.search(
            text[max(0, match.start() - 8) : match.end()]
        ) and not _ELIDED_SUBJECT_RE.search(text[max(0, match.start() - 12) : match.start()]):
            # "Unarranged overdrafts aren't available": what is not available is the
            # subject before the verb, as in "we do not offer unarranged overdrafts".
            # The subject is the clause's own: in "Tell us within 3 days if you are not
            # happy" it is "you", not the days.
            before = _CLAUSE_OPENING_RE.split(text[max(0, match.start() - 80) : match.start()])[-1]
            target.update(content_stems(before)[-NEGATION_REACH:])
        targets.append(frozenset(target))
    return tuple(targets)


# Where the clause holding a negated "be" begins: a comma or bracket, or a subordinator.
_CLAUSE_OPENING_RE = re.compile(
    r"[,;:()]|\b(?:if|when|whenever|unless|because|once|while|whereas|although|though)\b",
    re.IGNORECASE,
)


# "... stays active until the end of the month and is not refunded": the negated "be"
# shares its subject with the predicate before "and"; the words of that predicate are
# not what is denied.
_ELIDED_SUBJECT_RE = re.compile(r"\b(?:and|but)\s+(?:(?:is|are|was|were)\s+)?$", re.I)
# A negated "be": what follows describes the subject before it.
_COPULA_NEGATION_RE = re.compile(
    r"(?:\b(?:is|are|was|were) not|\b(?:isn't|aren't|wasn't|weren't))$", re.IGNORECASE
)


def split_sentences(text: str) -> list[str]:
    """Sentences and lines, without breaking on abbreviations, initials or decimals."""
    text = (text or "").replace("\r", "")
    pieces: list[str] = []
    start = 0
    for match in _SENTENCE_END_RE.finditer(text):
        if match.group().startswith(".") and _is_abbreviation(text, match.start()):
            continue
        pieces.append(text[start : match.end()])
        start = match.end()
    pieces.append(text[start:])
    return [clean for piece in pieces if (clean := " ".join(piece.split()))]


def _is_abbreviation(text: str, dot: int) -> bool:
    head = text[max(0, dot - 12) : dot]
    token = head.split()[-1].lower() if head.split() else ""
    token = token.lstrip("(\"'")
    # "e.g", "D.C", "U.S.A": a period inside the token marks an abbreviation; one
    # inside a number ("9.9%", "£2.50") does not.
    if _NUMBER_TOKEN_RE.match(token):
        return False
    return token in _ABBREVIATIONS or (len(token) == 1 and token.isalpha()) or "." in token


_NUMBER_TOKEN_RE = re.compile(r"^[$€£¥]?\d[\d.,]*%?$")


# What follows a count of times that says how often: "twice a year", "3 times per week".
_HOW_OFTEN = r"(?:a|an|per|every|each|in|within|daily|weekly|monthly|yearly|annually)\b"
# Durations and amounts said in words of their own ("a fortnight", "half an hour",
# "a hundred"), rewritten before the number words so they compare by value.
_FIXED_PHRASES = (
    (re.compile(r"\b(?:a |one )?fortnight\b", re.IGNORECASE), "14 days"),
    (re.compile(r"\b(?:two|2) fortnights\b", re.IGNORECASE), "28 days"),
    (re.compile(r"\bthree quarters of an hour\b", re.IGNORECASE), "45 minutes"),
    (
        re.compile(r"\b(?:an?|one) (minute|hour|day|week|month|year) ago\b", re.IGNORECASE),
        r"1 \1 ago",
    ),
    (re.compile(r"\ban hour and a half\b", re.IGNORECASE), "90 minutes"),
    # "the hour-long walk", "a half-hour lesson", "the hour-and-a-half class": lengths
    # written as one word before their noun.
    (re.compile(r"\bhour-and-a-half\b", re.IGNORECASE), "90-minute"),
    (re.compile(r"\bhalf-hour\b", re.IGNORECASE), "30-minute"),
    (re.compile(r"\b(minute|hour|day|week|month|year)-long\b", re.IGNORECASE), r"1-\1"),
    (re.compile(r"\bhalf an? hour\b", re.IGNORECASE), "30 minutes"),
    (re.compile(r"\bhalf a day\b", re.IGNORECASE), "12 hours"),
    (re.compile(r"\bhalf a year\b", re.IGNORECASE), "6 months"),
    (re.compile(r"\ba quarter of an hour\b", re.IGNORECASE), "15 minutes"),
    # "once a quarter", "every quarter": three months, not a share.
    (
        re.compile(
            r"\b(once|twice|times|every|each|per)\s+(?:a\s+)?quarter\b(?!\s+(?:of|off|past|to)\b)",
            re.IGNORECASE,
        ),
        r"\1 3 months",
    ),
    # "a month's notice", "a year's warranty": one of the unit.
    (
        re.compile(r"\b(?:an?|one) (minute|hour|day|week|month|year)(['’]s)(?= \w)", re.IGNORECASE),
        r"1 \1\2",
    ),
)
# Every fixed phrase holds one of these words: one search rules them all out, as most
# sentences need.
_FIXED_PHRASE_HINT_RE = re.compile(
    r"fortnight|quarter|ago|half|(?:minute|hour|day|week|month|year)(?:['’]s|-long)",
    re.IGNORECASE,
)
# The same words in plain ASCII, where lowering folds case as the search does and no
# curly apostrophe can be written.
_FIXED_PHRASE_HINT_WORDS = (
    *("fortnight", "quarter", "ago", "half"),
    *("minute's", "hour's", "day's", "week's", "month's", "year's"),
    *("minute-long", "hour-long", "day-long", "week-long", "month-long", "year-long"),
)


def _fixed_phrase_hinted(text: str, lowered: str) -> bool:
    """Whether ``_FIXED_PHRASE_HINT_RE`` finds a word in ``text`` (``lowered`` is it
    lowered), by substring tests when the text is plain ASCII."""
    if not text.isascii():
        return _FIXED_PHRASE_HINT_RE.search(text) is not None
    return any(word in lowered for word in _FIXED_PHRASE_HINT_WORDS)


# Counts, shares and frequencies said in words of their own, each tried only when the
# word it needs is in the text (lowered): "half a dozen", "a decade", "twice a year".
_WORD_PHRASES = (
    ("dozen", re.compile(r"\bhalf a dozen\b", re.IGNORECASE), "6"),
    ("decade", re.compile(r"\b(?:a|one) decade\b", re.IGNORECASE), "10 years"),
    ("half", re.compile(r"\bhalf a (?:percent|per cent)(?:age point)?\b", re.IGNORECASE), "0.5%"),
    # "half a litre", "half a kilo": half of one measure.
    (
        "half",
        re.compile(
            r"\bhalf an? (litre|liter|kilo|kilogram|kilogramme|metre|meter|mile|kilometre"
            r"|kilometer|pint|gallon|inch|foot)\b",
            re.IGNORECASE,
        ),
        r"0.5 \1s",
    ),
    # "half off", "half-price tickets": a share taken off, as "50% off" is.
    ("half", re.compile(r"\bhalf[- ](?:off|price)\b", re.IGNORECASE), "50% off"),
    # "twice a year" is "2 times a year", "one time per month" is "once per month": each
    # frequency said one way, so a count of times compares with another. Only how
    # often: "twice the price" is worked out, not a count to find.
    ("twice", re.compile(rf"\btwice (?={_HOW_OFTEN})", re.IGNORECASE), "2 times "),
    ("thrice", re.compile(rf"\bthrice (?={_HOW_OFTEN})", re.IGNORECASE), "3 times "),
    ("time ", re.compile(rf"\b(?:one|1) time (?={_HOW_OFTEN})", re.IGNORECASE), "once "),
    # "under-18s", "over-65s": the people on that side of an age.
    ("r-", re.compile(r"\b(under|over)-(\d+)s\b", re.IGNORECASE), r"\1 \2"),
)
_HUNDRED_RE = re.compile(
    # "twelve hundred", "fifteen hundred pounds": hundreds counted past ten.
    r"\b(?P<count>a|one|two|three|four|five|six|seven|eight|nine|[1-9]\d?)\s+hundred"
    r"(?:\s+(?:and\s+)?(?P<rest>\d+))?\b",
    re.IGNORECASE,
)


# "2 point 7 5" (from "two point seven five") -> "2.75".
_DECIMAL_RE = re.compile(r"\b(\d+) point((?: \d)+)\b", re.IGNORECASE)
# Fractions said in words, as shares: "you save a fifth" is 20%.
_FRACTIONS = {"half": "50%", "third": "33%", "quarter": "25%", "fifth": "20%", "tenth": "10%"}
_FRACTION_RE = re.compile(
    # "2 and a half" is a number of its own, not a share.
    r"(?<!\d and )\b(?:a|one) (half|third|quarter|fifth|tenth)\b(?!-\w)"
    r"(?! (?:of )?(?:an? |the )?(?:hour|day|year|month|week)s?\b)"
    # "a quarter to 6": a time of day.
    r"(?! (?:past|to) \d{1,2}\b(?![.,:]?\d|%))"
    # "a half head of highlights", "a half term": a word of a name, not a share; a share
    # goes on with a function word or stops ("a third of", "a quarter off", "half.").
    r"(?! (?!(?:of|off|back|more|less|as|the|then|now|and|or|but|if|when|for|on|in|at|to"
    r"|with|is|was|will|you|your|their|its|our|a|an)\b)[a-z])",
    re.IGNORECASE,
)
_FRACTION = FirstLook(_FRACTION_RE)


# "two thirds of the cost", "3 quarters" (number words already digits): shares of
# several parts, rounded to a whole percent as "a third" (33%) is. Not "3 quarters of
# the year", which counts quarters of time.
_SHARES_RE = re.compile(
    r"\b(?P<count>[2-9]) (?P<part>thirds|quarters|fifths|tenths)\b"
    r"(?! of (?:the|a|an|each|every) (?:year|financial|hour|day))(?!-\w)",
    re.IGNORECASE,
)
_PARTS = {"thirds": 3, "quarters": 4, "fifths": 5, "tenths": 10}


def _shares(match: re.Match[str]) -> str:
    count, parts = int(match.group("count")), _PARTS[_word_key(match.group("part"))]
    if count >= parts:
        return match.group()
    return f"{round(100 * count / parts)}%"


# "a pound per use", "costs a euro": one of the currency, as "one pound" is.
_A_POUND_RE = re.compile(r"\ba (pound|euro|dollar)\b(?! of\b)", re.IGNORECASE)


# "you pay half the fee", "half of your deposit": a share, as "50% of the fee" is.
_HALF_OF_RE = re.compile(
    r"\bhalf (?:of )?(?=(?:the|your|its|their|this|that|our|any) (?!time\b|way\b|hour\b|day\b)"
    # "half of what's left", "half of what you paid".
    r"|what(?:'s|’s| is| you| remains)\b)",
    re.IGNORECASE,
)


_ORDINAL_UNITS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
}
_ORDINAL_WORDS = {
    **_ORDINAL_UNITS,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30,
    **{f"twenty{joiner}{unit}": 20 + value for unit, value in _ORDINAL_UNITS.items() for joiner in ("-", " ")},
    "thirty-first": 31, "thirty first": 31,
}  # fmt: skip
_ORDINAL_HINT_RE = re.compile(r"(?:first|second|third|th) of ")
_MONTH_NAMES = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
)
# A day of the month said in words: "the twentieth of the month", "the twenty-first of
# June". Only before "of" and a month: "the first week" and "the third time" stay words.
_DAY_ORDINAL_RE = re.compile(
    r"\b(?P<word>"
    + "|".join(sorted((re.escape(word) for word in _ORDINAL_WORDS), key=len, reverse=True))
    + rf")(?= of (?:the (?:month|following month|month before|previous month)|each month|every month"
    rf"|(?:{_MONTH_NAMES})\b))",
    re.IGNORECASE,
)


def _day_ordinal(match: re.Match[str]) -> str:
    value = _ORDINAL_WORDS[" ".join(match.group("word").lower().split())]
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


@lru_cache(maxsize=65536)
def digits_for_number_words(text: str) -> str:
    """'thirty days' -> '30 days', 'a week' -> '1 week', 'a fortnight' -> '14 days',
    'five hundred' -> '500', so numbers compare by value."""
    # The words the rewrites below look for are in the text as given (lowered once), so
    # each rewrite is tried only when its word is there.
    lowered = text.lower()
    if _fixed_phrase_hinted(text, lowered):
        for pattern, replacement in _FIXED_PHRASES:
            if pattern.search(text):
                text = pattern.sub(replacement, text)
    for word, pattern, replacement in _WORD_PHRASES:
        if word in lowered:
            text = pattern.sub(replacement, text)
    if " of " in lowered and _ORDINAL_HINT_RE.search(lowered):
        text = _DAY_ORDINAL_RE.sub(_day_ordinal, text)
    if _may_hold_number_words(text):
        text = _NUMBER_WORD_RE.sub(_number_word_value, text)
    if "hundred" in lowered:
        text = _HUNDRED_RE.sub(_hundreds, text)
    if "thousand" in lowered:
        text = _THOUSAND_RE.sub(_thousands, text)
    if "dozen" in lowered:
        text = _DOZEN_RE.sub(_dozens, text)
    if "k" in lowered and _THOUSANDS_SUFFIX_HINT_RE.search(text):
        text = _THOUSANDS_SUFFIX_RE.sub(_thousands_suffix, text)
    if " point " in text:
        text = _DECIMAL_RE.sub(lambda m: f"{m.group(1)}.{m.group(2).replace(' ', '')}", text)
    if "half" in lowered:
        text = _AND_A_HALF_RE.sub(_and_a_half, text)
    if _FRACTION.search(text):
        text = _FRACTION_RE.sub(lambda m: _FRACTIONS[_word_key(m.group(1))], text)
    if "half" in lowered:
        text = _HALF_OF_RE.sub("50% of ", text)
    if "thirds" in lowered or "quarters" in lowered or "fifths" in lowered or "tenths" in lowered:
        text = _SHARES_RE.sub(_shares, text)
    if "a pound" in lowered or "a euro" in lowered or "a dollar" in lowered:
        text = _A_POUND_RE.sub(r"1 \1", text)
    if _MAIN_AND_CENTS.search(text):
        text = _MAIN_AND_CENTS_RE.sub(r"\1.\3 \2", text)
    return text


# "two and a half days" is 2.5 days, "a day and a half" 1.5 days.
_AND_A_HALF_RE = re.compile(
    r"(?<![£$€\d.,])\b(?P<count>\d+) and a half (?P<unit>minutes?|hours?|days?|weeks?|months?|years?)\b"
    r"|\b(?:an?|1) (?P<one>minute|hour|day|week|month|year) and a half\b"
    # "2 and a half percent" is 2.5%.
    r"|(?<![£$€\d.,])\b(?P<share>\d+) and a half (?P<percent>percent|per cent)\b",
    re.IGNORECASE,
)


def _and_a_half(match: re.Match[str]) -> str:
    if match.group("share"):
        return f"{match.group('share')}.5 {match.group('percent')}"
    if match.group("one"):
        return f"1.5 {match.group('one')}s"
    return f"{match.group('count')}.5 {match.group('unit').rstrip('s')}s"


# "12 pounds 50" (from "twelve pounds fifty") is 12.50 pounds, not 12 pounds and a 50.
_MAIN_AND_CENTS_RE = re.compile(
    r"\b(\d+) (pounds?|euros?|dollars?) (?:and )?(\d{2})\b(?! ?(?:%|per\b|an?\b|each\b))",
    re.IGNORECASE,
)
_MAIN_AND_CENTS = FirstLook(_MAIN_AND_CENTS_RE)


# Every match of _NUMBER_WORD_RE has one of these as a whole word: a number word, the
# unit after "a" ("within a week") or "couple".
_NUMBER_WORD_TRIGGERS = frozenset(
    [*_UNITS_0_19, *_TENS, *word_list("minute hour day week month year couple")]
)
_WORD_RUN_RE = first_char_regex(re.compile(r"\w+"))


def _may_hold_number_words(text: str) -> bool:
    """False only when ``text`` surely has no number word: its whole words, lowered,
    miss every trigger. Only ASCII text is looked at so: beyond it, lowering may not
    fold a letter as the regex's ignore-case does ("ſ" for "s")."""
    if not text.isascii():
        return True
    return not _NUMBER_WORD_TRIGGERS.isdisjoint(_WORD_RUN_RE.findall(text.lower()))


# Words after which "one" stands for a thing already named ("that one's £12").
_PRONOUN_ONE_RE = re.compile(
    r"\b(?:that|this|which|each|every|any|no|the|other|another|either|neither|next|previous"
    r"|bigger|larger|smaller|cheaper|higher|lower|same)\s+$"
    # "a monthly one £170", "a lower-level one, such as ...": an article and an adjective.
    r"|\b(?:a|an|the)\s+[a-z][\w-]*\s+$",
    re.IGNORECASE,
)
# "one of the World Pass countries": one among several, not a count.
_ONE_OF_RE = re.compile(r"\s+of\s+(?:the|these|those|our|your|its|their|my)\b", re.IGNORECASE)
# ...and before which it does ("that one's £12", "the next one up", "on that one too");
# before a noun
# it counts ("that one book").
_AFTER_PRONOUN_ONE_RE = re.compile(
    r"\s*(?:$|[^\w\s']|'s\b|(?:is|was|are|costs?|has|had|comes?|includes?|lasts?|gives?"
    r"|gets?|up|down|of|for|with|in|on|at|that|which|and|or|but|then|would|will|can|could"
    r"|does|do|you|i|we|too|also|either|instead|again|as|here|there|now|please)\b"
    # "before the current one ends", "the old one expired": a verb, which no count
    # of one thing is followed by.
    r"|[a-z]+(?<!s)s\b|[a-z]{3,}ed\b)",
    re.IGNORECASE,
)
_THOUSAND_RE = re.compile(
    r"\b(?P<count>a|one|\d+)\s+thousand\b"
    # "2 thousand 500" (from "two thousand five hundred"), "a thousand and 50".
    r"(?:,?\s+(?:(?P<and>and)\s+)?(?P<rest>\d{1,3})\b(?![.,]\d|[-/]\w|\s?%))?",
    re.IGNORECASE,
)


def _thousands(match: re.Match[str]) -> str:
    count = match.group("count").lower()
    value = (int(count) if count.isdigit() else 1) * 1000
    rest = match.group("rest")
    if rest and (match.group("and") or len(rest) == 3):
        return str(value + int(rest))
    said = match.group()
    return str(value) + said[said.lower().index("thousand") + len("thousand") :]


# "a dozen", "two dozen" (number words already digits): twelve of each.
_DOZEN_RE = re.compile(r"\b(?P<count>a|one|\d+)\s+dozen\b(?!\s+or\s+so)", re.IGNORECASE)


def _dozens(match: re.Match[str]) -> str:
    count = match.group("count").lower()
    return str((int(count) if count.isdigit() else 1) * 12)


# "1.5k points", "2k minutes": thousands said with a "k", as prices are ("£2k").
_THOUSANDS_SUFFIX_RE = re.compile(r"(?<![\w.,])(?P<num>\d+(?:\.\d+)?)k\b")
_THOUSANDS_SUFFIX_HINT_RE = re.compile(r"\dk\b")


def _thousands_suffix(match: re.Match[str]) -> str:
    value = float(match.group("num")) * 1000
    return str(int(value)) if value == int(value) else str(value)


def _hundreds(match: re.Match[str]) -> str:
    count = match.group("count").lower()
    value = int(count) if count.isdigit() else 1
    return str(value * 100 + int(match.group("rest") or 0))


# The letters the regexes' ignore-case matches to ASCII ones that lowering does not turn
# into them: "ſix" is matched as "six", so it is looked up as "six".
_IGNORECASE_FOLD = str.maketrans({"\u017f": "s", "\u0131": "i", "\u0130": "i", "\u212a": "k"})


def _word_key(word: str) -> str:
    """A matched number word as its table knows it."""
    return word.translate(_IGNORECASE_FOLD).lower()


def _number_word_value(match: re.Match[str]) -> str:
    if match.group("tens"):
        value = NUMBER_WORDS[_word_key(match.group("tens"))]
        unit = match.group("unit")
        return str(value + (NUMBER_WORDS[_word_key(unit)] if unit else 0))
    if match.group("small"):
        if match.group("small").lower() == "one" and (
            _PRONOUN_ONE_RE.search(match.string, 0, match.start())
            and _AFTER_PRONOUN_ONE_RE.match(match.string, match.end())
            or _ONE_OF_RE.match(match.string, match.end())
        ):
            return match.group()  # "that one", "the next one": a thing, not a number
        return str(NUMBER_WORDS[_word_key(match.group("small"))])
    if match.group("article_unit"):
        return f"{match.group('lead')} 1 {match.group('article_unit')}"
    if match.group("rel_unit"):
        return f"1 {match.group('rel_unit')}"
    if match.group("per_unit"):
        return f"{match.group('per_lead')} 1 {match.group('per_unit')}"
    if match.group("given_unit"):
        return f"{match.group('given_lead')} 1 {match.group('given_unit')}"
    if match.group("follow_unit"):
        return f"{match.group('follow_lead')} 1 {match.group('follow_unit')}"
    return "2"
