"""The text tools look for a cheap hint before a costly search; a hint must never make
them miss what the search finds."""

from __future__ import annotations

import re
from re import _constants as constants
from re import _parser as parser

import pytest

from audits.judges.offline import arithmetic
from kbaudit.text import conditions, dialogue, quantities
from kbaudit.text.conditions import (
    governing_conditions,
    item_names,
    read_conditions,
    sentence_conditions,
)
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import (
    content_stems,
    digits_for_number_words,
    negation_targets,
    normalise,
    stem_set,
    word_start_regex,
    words,
)

SENTENCES = [
    "Returns are free of charge within 30 days.",
    "There is no delivery fee on orders over $35.",
    "You won't be charged for the replacement.",
    "It costs nothing to cancel before 5pm.",
    "Kids aged 6 to 11 travel at 50% of the adult fare.",
    "My daughter is 9 and my son's 12.",
    "I'm 23 and a student.",
    "Delivery takes 3-5 business days, or 2 hours by courier.",
    "The store opens at 10:30am and closes at 9 p.m.",
    "Offers end on 15 January or Feb 3rd.",
    "The Basic plan includes 5 GB and the Pro plan 2,048 MB.",
    "Orders ship on the 2nd of each month; the third order is free.",
    "Prices start at £7.50 per MB, or 20 percent off for members.",
    # Ages and times of day, one way of saying them each, so that each word of a hint
    # is needed by one sentence.
    "A 3-year-old travels free.",
    "Riders 4 yo travel free.",
    "Drivers between 21 and 24 pay more.",
    "We're both 30.",
    "Anyone 18 or older pays.",
    "Riders younger than 3 years ride free.",
    "Anyone who's at least 16 may ride.",
    "My son is 9.",
    "I am 23.",
    "Open until 6pm.",
    "Doors open at 06:30.",
    "The class starts at half past 6.",
    "It ends at a quarter to 8.",
    "Doors open at 9 o'clock.",
    "It closes at 6 in the evening.",
    "It opens at 9 in the morning.",
    "It opens at 3 in the afternoon.",
    "The clinic closes at 7 at night.",
    "Collection is at noon.",
]


@pytest.mark.parametrize("text", SENTENCES)
def test_each_extractors_hint_holds_wherever_the_extractor_finds_a_value(text):
    for extractor, hint in quantities._EXTRACTORS:
        if hint is not None and list(extractor(text)):
            assert hint.search(text), (extractor.__name__, text)


@pytest.mark.parametrize(
    "text, kind, low",
    [
        ("Returns are free of charge.", "amount", 0.0),
        ("You won't be charged for it.", "amount", 0.0),
        ("Passengers aged 6 to 11 pay £5.", "age", 6.0),
        ("Delivery takes 3-5 business days.", "duration", 3.0),
        ("Offers end on 15 January.", "date", 115.0),
        ("The plan includes 5 GB.", "number", 5120.0),
        ("It is 20 percent off.", "percent", 20.0),
        # No digit: only the extractors of values in words are run.
        ("No, it is the third time.", "ordinal", 3.0),
        ("Delivery is free.", "amount", 0.0),
    ],
)
def test_it_still_reads_each_kind_of_value(text, kind, low):
    found = [(quantity.kind, quantity.low) for quantity in extract_quantities(text)]
    assert (kind, low) in found


@pytest.mark.parametrize("extractor", [quantities._age, quantities._time_of_day])
def test_ages_and_times_are_not_looked_for_in_a_sentence_without_their_words(extractor):
    hint = dict(quantities._EXTRACTORS)[extractor]
    assert hint is not None
    assert not hint.search("Returns are accepted within 30 days for a refund.")


def test_round_the_clock_is_still_no_length_of_time():
    found = [
        (quantity.kind, quantity.low)
        for quantity in extract_quantities(
            "Chat is open 24/7 and we answer 24 hours a day; replies take 2 hours."
        )
    ]
    assert ("duration", 1.0) not in found
    assert ("duration", 2 / 24) in found


@pytest.mark.parametrize(
    "text",
    [
        "Quote AB-12345 when you call.",
        # Beyond ASCII the digits are not looked for first.
        "Quote AB-12345 when you call the café.",
    ],
)
def test_a_long_reference_number_still_leaves_the_words(text):
    stems = content_stems(text)
    assert "12345" not in stems and "ab" not in stems
    assert "call" in stems


def test_a_possessive_still_loses_its_s():
    assert words("The customer's order and the shop’s stock") == [
        "the",
        "customer",
        "order",
        "and",
        "the",
        "shop",
        "stock",
    ]
    assert words("Orders ship daily") == ["orders", "ship", "daily"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Refunds take a fortnight.", "Refunds take 14 days."),
        ("Allow half an hour.", "Allow 30 minutes."),
        ("It ships within a week.", "It ships within 1 week."),
        ("Twenty-five seats and a couple of desks.", "25 seats and 2 desks."),
        ("Allow a couple of days.", "Allow 2 days."),
        # Beyond ASCII the words are not looked at first: the regex reads the text.
        ("Six days at £5.", "6 days at £5."),
        # ...as when a letter folds otherwise than lowering makes it ("İ" is an "i").
        ("Ready within a mİnute.", "Ready within 1 mİnute."),
        # ...and a number word written so is read as the word it matched.
        ("Allow ſix days.", "Allow 6 days."),
        ("Seventy-fİve pounds, fıve euros.", "75 pounds, 5 euros."),
        ("No number here.", "No number here."),
    ],
)
def test_number_words_are_still_turned_into_digits(text, expected):
    assert digits_for_number_words(text) == expected


@pytest.mark.parametrize(
    "text, negated",
    [
        ("We do not ship abroad.", True),
        ("Sale items can't be returned.", True),
        ("Returns aren’t accepted after 30 days.", True),
        ("Returns are accepted — nothing else applies.", True),
        ("You pay nothİng.", True),
        ("Returns are accepted within 30 days.", False),
        ("Knots and notes are fine.", False),
    ],
)
def test_negations_are_still_found(text, negated):
    assert bool(negation_targets(text)) is negated


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I 'm here , and it does n't  matter .", "I'm here, and it doesn't matter."),
        ("It does n't matter", "It doesn't matter"),
        ("Yes . It is", "Yes. It is"),
        ("Plain  text\tstays", "Plain text stays"),
    ],
)
def test_normalise_still_rejoins_detached_contractions_and_punctuation(text, expected):
    assert normalise(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("cor&shy;ner&shy;back Josh Norman", "cornerback Josh Norman"),
        ("the league&rsquo;s &ldquo;emphasis&rdquo;", 'the league\'s "emphasis"'),
        ("14&nbsp;days &amp; more, caf&#233;", "14 days & more, café"),
        ("cor\u00adner\u200bback", "cornerback"),
        ("R&D, Terms & Conditions, fish&chips;", "R&D, Terms & Conditions, fish&chips;"),
    ],
)
def test_normalise_reads_text_copied_out_of_a_web_page_as_written(text, expected):
    # A character reference is decoded only when complete, so a bare "&" stays.
    assert normalise(text) == expected


def test_a_word_a_web_page_broke_with_soft_hyphens_is_still_the_word():
    assert content_stems(normalise("cor&shy;ner&shy;backs")) == content_stems("cornerbacks")


def test_item_names_still_read_the_name_before_a_kind():
    assert item_names("The Basic plan includes 5 GB.") == frozenset({"basic"})
    assert item_names("Everything includes 5 GB.") == frozenset()


def test_condition_markers_are_still_found():
    (condition,) = sentence_conditions("You have 45 days if we shipped the wrong item.")
    assert condition.text == "if we shipped the wrong item"


def test_conditions_read_once_equal_those_read_apart_yet_stay_separate_objects():
    text = "If we shipped the wrong item, you have 45 days; otherwise you have 30 days."
    values = extract_quantities(text)
    governed, conditions = read_conditions(text, values)
    assert governed == governing_conditions(text, values)
    assert conditions == sentence_conditions(text)
    assert governed
    # A value's own condition is told from the sentence's others by identity.
    assert all(own is not other for own in governed.values() for other in conditions)
    assert read_conditions(text, []) == ({}, conditions)


def _class_members(argument) -> set[str]:
    """A character class's letters (lower case) and the categories it names ("\\d")."""
    members = set()
    for kind, value in argument:
        if kind is constants.LITERAL:
            members.add(chr(value).lower())
        elif kind is constants.CATEGORY and value is constants.CATEGORY_DIGIT:
            members.add("\\d")
        else:
            raise AssertionError(f"cannot tell what {kind} {value} holds")
    return members


def _first_letters(items) -> tuple[set[str], bool]:
    """The characters a match of the parsed ``items`` can start with, past the assertions
    of its start, and whether it may match nothing."""
    found: set[str] = set()
    for op, argument in items:
        if op in (constants.AT, constants.ASSERT, constants.ASSERT_NOT):
            continue
        if op is constants.LITERAL:
            return found | {chr(argument).lower()}, False
        if op is constants.IN:
            return found | _class_members(argument), False
        if op is constants.SUBPATTERN:
            inner, empty = _first_letters(argument[3])
        elif op is constants.BRANCH:
            results = [_first_letters(branch) for branch in argument[1]]
            inner = set().union(*(letters for letters, _ in results))
            empty = any(empty for _, empty in results)
        elif op in (constants.MAX_REPEAT, constants.MIN_REPEAT):
            inner, empty = _first_letters(argument[2])
            empty = empty or argument[0] == 0
        else:
            raise AssertionError(f"cannot tell how {op} starts")
        found |= inner
        if not empty:
            return found, False
    return found, True


def _opens_at_word_or_text_start(items) -> bool:
    if items and items[0][0] is constants.AT:
        return True
    if len(items) == 1 and items[0][0] is constants.BRANCH:
        return all(branch and branch[0][0] is constants.AT for branch in items[0][1][1])
    return False


@pytest.mark.parametrize(
    "pattern",
    [
        dialogue._PLEASANTRY_RE,
        dialogue._REFUSAL_RE,
        dialogue._REDIRECT_RE,
        dialogue._SELF_DESCRIPTION_RE,
        arithmetic._WORKED_OUT_RE,
        arithmetic._COMPARISON_RE,
        conditions._MARKER_RE,
        quantities._ORDINAL_RE,
    ],
)
def test_every_alternative_starts_a_word_with_a_letter_its_search_looks_for(pattern):
    wrapped = re.fullmatch(r"\(\?:\\b\|\^\)\(\?=\[(.*?)\]\)\(\?:(.*)\)", pattern.pattern, re.S)
    assert wrapped, "compiled by word_start_regex"
    letters, alternatives = wrapped.groups()
    items = list(parser.parse(alternatives, pattern.flags))
    assert _opens_at_word_or_text_start(items)
    first, may_be_empty = _first_letters(items)
    assert not may_be_empty
    ((_, looked_for),) = parser.parse(f"[{letters}]", pattern.flags)
    assert first <= _class_members(looked_for)


def test_a_word_start_regex_finds_what_its_alternatives_find():
    alternatives = r"\bno (?:fee|charge)|^sorry\b|\b'll be"
    plain = re.compile(alternatives, re.IGNORECASE)
    quick = word_start_regex(alternatives, "ns'", re.IGNORECASE)
    texts = ["Sorry, there is NO fee.", "We'll be there", "unsorry: no charge", "snow fee"]
    for text in texts:
        assert [m.span() for m in quick.finditer(text)] == [m.span() for m in plain.finditer(text)]


FIRST_CHAR_TEXTS = [
    *SENTENCES,
    "Nothing to pay, but (sadly) NO refunds; it's £5.",
    "Call 0800 123 4567 or +44 20 7946 0958 - 2 to 4 people, 23 kg.",
    "  \u212aeys are free\u2019s; unlimited! ſale",
]


def _spans(pattern: re.Pattern[str], text: str) -> list:
    return [(match.span(), match.groups()) for match in pattern.finditer(text)]


@pytest.mark.parametrize(
    "pattern",
    [
        quantities._FREE_RE,
        quantities._MONEY_AFTER_RE,
        quantities._PLAIN_RE,
        quantities._PHONE_RE,
        conditions._CUSTOMER_CAUSE_RE,
        re.compile(r"(?<!\w)(?:\d+|[£$])|\bno\b", re.IGNORECASE),
        re.compile(r"(?:an? )?(?-i:[a-z]+)s\b", re.IGNORECASE),
        re.compile(r"\s*(?:,|;)\s+(?:but|and)?\s*not"),
    ],
)
def test_a_first_char_regex_finds_what_its_pattern_finds(pattern):
    from kbaudit.text.tokens import first_char_regex

    quick = first_char_regex(pattern)
    assert quick.pattern.startswith("(?=[")
    for text in FIRST_CHAR_TEXTS:
        for case in (text, text.upper(), text.lower()):
            assert _spans(quick, case) == _spans(pattern, case), (pattern.pattern, case)
            assert quick.sub("#", case) == pattern.sub("#", case)


@pytest.mark.parametrize(
    "written",
    [r"a*", r"(?:free)?", r"[^a]bc", r".ee", r"(?i:fee)s", r"\bfee(?# a comment)"],
)
def test_a_first_char_regex_keeps_a_pattern_whose_first_character_is_open(written):
    """An empty match, any character or a negated set, a part that turns ignoring case
    on: no set of first characters can be named, so the pattern is kept as it is."""
    from kbaudit.text.tokens import first_char_regex

    pattern = re.compile(written)
    kept = first_char_regex(pattern)
    if written.endswith("comment)"):
        assert kept.pattern.startswith("(?=[")  # a comment group consumes nothing
    else:
        assert kept is pattern


def test_phrase_rewrites_read_with_a_first_look_rewrite_as_the_lexicon_writes_them():
    from kbaudit.text import tokens
    from kbaudit.text.lexicon import PHRASES
    from kbaudit.text.paraphrases import PHRASE_EQUIVALENTS

    written = (*PHRASES, *PHRASE_EQUIVALENTS)
    looked = [pattern for _, pattern, _ in tokens._PHRASES]
    assert any(pattern.pattern.startswith("(?=[") for pattern in looked)
    for (_, pattern, replacement), quick in zip(written, looked, strict=True):
        for text in FIRST_CHAR_TEXTS:
            assert quick.sub(replacement, text) == pattern.sub(replacement, text)


def test_own_copy_is_an_equal_value_of_its_own():
    (value,) = extract_quantities("It costs £5.")
    copied = value.own_copy()
    assert copied == value and copied is not value
    assert hash(copied) == hash(value)


@pytest.mark.parametrize(
    "text", ["Members pay nothing.", "You don't pay anything for it.", "Cars don't pay a penny."]
)
def test_paying_nothing_is_a_free_price_past_the_cheap_first_look(text):
    from kbaudit.text.quantities import extract_quantities

    values = extract_quantities(text)
    assert [(value.kind, value.low, value.soft) for value in values] == [("amount", 0.0, True)]


@pytest.mark.parametrize(
    "text",
    [
        "you can send the kettle back and get your money back within 30 days",
        "orders to the US ship in 2024 with reference AB-12345 and returns are interest-free",
        "the the returns returned returning are accepted",
        "",
    ],
)
def test_a_passages_stem_set_is_the_set_of_its_content_stems(text):
    assert stem_set(text) == frozenset(content_stems(text))


HINTS = [
    hint
    for table in (quantities._EXTRACTORS, quantities._WORD_EXTRACTORS)
    for _, hint in table
    if hint is not None
] + [quantities._FREE_HINT]

# Values said without a digit, one way each of the first look before any extractor.
WORDED_VALUES = [
    "Parking is FREE for visitors.",
    "There is no joining charge.",
    "You have nothing more to pay.",
    "You won't pay an admission charge.",
    "Members never need to pay for guests.",
    "Guests pay nothing at the door.",
    "Residents don't have to pay a penny.",
    "Children are not being billed.",
    "Entry costs you nothing.",
    "Parking doesn't cost you a thing.",
    "The shop closes at Midday; the bar at MIDNIGHT.",
    "Allow a full week for delivery.",
    "Refunds take a whole month.",
    "Allow an entire day.",
    "It takes a complete year.",
    "Statements are sent Fortnightly, reports Quarterly and bills Annually.",
    "Backups run daily, weekly, monthly and yearly.",
    "Your first month is half price; the second costs more.",
]


@pytest.mark.parametrize(
    "text",
    [
        *SENTENCES,
        *(sentence.upper() for sentence in SENTENCES),
        "Renewal is on 3 MAY; you may cancel. Sept 4th, DECEMBER 1st and 2 A.M. too.",
        "The 5 GB plan costs NOTHING for 12 MONTHS at 10 PER CENT off, free till NOON.",
        # Beyond ASCII the pattern itself is searched.
        "Allow ſix days at 5 ﬁve per cent.",
        "Ready within a mİnute on the 3rd of Jaﬆ.",
    ],
)
def test_a_hints_plain_words_find_whatever_its_pattern_finds(text):
    for hint in HINTS:
        if hint.pattern.search(text):
            assert hint.search(text), (hint.pattern.pattern, text)


@pytest.mark.parametrize("text", WORDED_VALUES)
def test_a_value_said_in_words_passes_the_first_look_and_is_read(text):
    assert quantities._MAY_HOLD_VALUE_RE.search(text)
    assert quantities._MAY_HOLD_VALUE_HINT.search(text)
    assert extract_quantities(text)


@pytest.mark.parametrize(
    "text",
    [
        *WORDED_VALUES,
        *(sentence.upper() for sentence in WORDED_VALUES),
        *(sentence for sentence in SENTENCES if not re.search(r"\d", sentence)),
        # Beyond ASCII the pattern itself is searched.
        "Entry is ﬁne and ﬀree.",
        "Parking is ſecond to none.",
    ],
)
def test_without_a_digit_the_value_first_look_finds_whatever_its_pattern_finds(text):
    if quantities._MAY_HOLD_VALUE_RE.search(text):
        assert quantities._MAY_HOLD_VALUE_HINT.search(text), text


def test_a_sentence_without_a_digit_or_a_value_word_is_not_searched_for_values():
    assert not quantities._MAY_HOLD_VALUE_HINT.search("Returns are accepted by post.")
    assert extract_quantities("Returns are accepted by post.") == []


@pytest.mark.parametrize(
    "text",
    [
        "Allow a fortnight.",
        "Paid QUARTERLY.",
        "Bought two years ago.",
        "Half the fee.",
        "A day's notice, an hour's wait, a week's rent.",
        "A minute's walk, a month's fee and a year's cover.",
        "An hour-long walk, a week-long course.",
        "Nothing fixed here.",
        # Beyond ASCII the pattern itself is searched.
        "A day’s notice.",
        "Allow a ﬁfth of a fortnight.",
    ],
)
def test_the_fixed_phrase_first_look_finds_whatever_its_pattern_finds(text):
    from kbaudit.text import tokens

    found = tokens._FIXED_PHRASE_HINT_RE.search(text) is not None
    assert tokens._fixed_phrase_hinted(text, text.lower()) == found


def test_a_fixed_phrase_is_still_rewritten_past_the_first_look():
    assert digits_for_number_words("Allow a fortnight.") == "Allow 14 days."
    assert digits_for_number_words("Allow a month.") == "Allow 1 month."


class _Unsearched:
    def search(self, text):
        raise AssertionError("ASCII text is read by its words, not searched")


def test_ascii_text_is_looked_at_through_plain_words_beyond_it_through_the_pattern():
    hint = quantities._Hint(_Unsearched(), words=("day",), cased=("May",))
    assert hint.search("Allow 3 DAYS.")
    assert hint.search("Ends in May.")
    assert not hint.search("Ends in may.")
    pattern_hint = quantities._Hint(re.compile("day", re.IGNORECASE), words=())
    assert pattern_hint.search("Allow 3 dayſ, café")


KINDS = ("amount", "percent", "duration", "time", "ordinal", "number", "age", "date")


def _kinds_compatible_as_sets(fact, source):
    """The rule as it reads in words: pairs of kinds, then the bare number's echoes."""
    if fact.kind == source.kind:
        return fact.kind != "amount" or not fact.unit or not source.unit or fact.unit == source.unit
    if {fact.kind, source.kind} == {"number", "ordinal"}:
        return True
    if fact.kind == "age" and source.kind == "number" and not source.unit:
        return True
    return fact.kind == "number" and source.kind in ("duration", "amount", "percent", "age")


@pytest.mark.parametrize("fact_kind", KINDS)
@pytest.mark.parametrize("source_kind", KINDS)
@pytest.mark.parametrize("units", [("", ""), ("usd", ""), ("", "kg"), ("usd", "gbp")])
def test_kinds_compare_as_the_rule_says_without_building_sets(fact_kind, source_kind, units):
    fact = quantities.Quantity(fact_kind, 1.0, 1.0, units[0])
    source = quantities.Quantity(source_kind, 1.0, 1.0, units[1])
    expected = _kinds_compatible_as_sets(fact, source)
    assert quantities._kinds_compatible(fact, source) == expected


PHRASE_SENTENCES = [
    "Please check-in online and check out by 11am.",
    "You can post the lamp back to us; we give your money back.",
    "In order to renew, get in touch with the front desk.",
    "Your parcel has been delivered to the porter.",
    "We will issue you a refund once the tools come back to the depot.",
    "Pick it up from the kiosk, or we can hand it to your neighbour.",
    "As long as you keep the receipt, you can swap it for a larger size.",
    "A number of pitches are closed owing to the flood.",
    "Make a payment at the checkout and show your boarding card.",
    "Interest-free months apply; the money you put in is yours.",
    "Once you reach us, we get there within the hour or turn up the next day.",
    "REFERENCE AB-12345 IS DATED BACK TO 2019.",
    "Nothing here calls for a phrase.",
    # Beyond ASCII every phrase its words call for is searched.
    "Return the café key back to the desk, in order to get your £5 deposit back.",
]


def _rewritten_phrase_by_phrase(text):
    """Every phrase a text's words call for, searched in the table's order."""
    from kbaudit.text import tokens

    present = set(words(text))
    if any(len(token) >= 4 and token.isdigit() for token in present):
        present.add("#")
    wanted = sorted(
        {position for token in present for position in tokens._PHRASES_BY_WORD.get(token, ())}
    )
    for position in wanted:
        _, pattern, replacement = tokens._PHRASES[position]
        text = pattern.sub(replacement, text)
    return text


@pytest.mark.parametrize("text", PHRASE_SENTENCES)
def test_phrases_are_rewritten_as_when_each_is_searched(text):
    from kbaudit.text.tokens import rewrite_phrases

    assert rewrite_phrases(text) == _rewritten_phrase_by_phrase(text)


@pytest.mark.parametrize("text", [*PHRASE_SENTENCES, *SENTENCES])
def test_a_phrase_found_holds_what_its_first_look_asks_for(text):
    from kbaudit.text import tokens

    for (_, pattern, _), needed in zip(tokens._PHRASES, tokens._PHRASE_LITERALS, strict=True):
        if needed and text.isascii() and pattern.search(text):
            assert any(word in text.lower() for word in needed), (pattern.pattern, text)


@pytest.mark.parametrize(
    "pattern, expected",
    [
        (r"\bmoney back\b", ("money back",)),
        # A set of characters and a choice of words run on from the letters before.
        (r"\b(check)[- ](in|out)\b", ("check in", "check out", "check-in", "check-out")),
        (
            r"\b([a-z]+) (?:that|which) (?:is|are)\b",
            (" that are", " that is", " which are", " which is"),
        ),
        (r"\bowing to\b|\bas a result of\b", ("owing to", "as a result of")),
        # What a pattern must not be followed by is nothing it must hold.
        (r"\b(?!(?:those|ones)\b)\w+ that\b", (" that",)),
        (r"\b[A-Za-z]{1,4}-?\d{4,}\b", ()),
        (r"(?i:Gift) Card", ("gift card",)),
    ],
)
def test_a_patterns_required_strings_are_read_from_it(pattern, expected):
    from kbaudit.text.tokens import required_literals

    assert required_literals(re.compile(pattern, re.IGNORECASE)) == expected


def _first_looks():
    from audits.judges.offline import arithmetic, decompose, scopes
    from kbaudit.text import tokens

    return [
        tokens._FRACTION,
        tokens._MAIN_AND_CENTS,
        scopes._ACTOR,
        scopes._ONLY_NAMED,
        scopes._NOT_COMBINED,
        arithmetic._COMPARISON,
        arithmetic._AGAINST,
        decompose._STATE_VERB,
    ]


FIRST_LOOK_SENTENCES = [
    "Allow a third of the time; two quarters of the seats are taken.",
    "It costs 12 pounds 50 or 3 Euros 20.",
    "If the plumber damaged the boiler, we pay.",
    "Parking is for residents only, and only at the Leeds depot.",
    "Vouchers cannot be combined or used together with other offers.",
    "The coach is cheaper than the train and as long as the ferry.",
    "Fares are cheaper: £5 against £9 for the train.",
    "Your PIN stays the same; the fee REMAINS £5.",
    "Nothing of the kind here.",
    # Beyond ASCII the pattern itself is searched.
    "The café is dearer than the kiosk; a ﬁfth stays free.",
]


@pytest.mark.parametrize("text", [*FIRST_LOOK_SENTENCES, *SENTENCES, *PHRASE_SENTENCES])
def test_a_first_look_finds_what_its_pattern_finds(text):
    for look in _first_looks():
        found, looked = look.pattern.search(text), look.search(text)
        assert (found and found.span()) == (looked and looked.span()), look.pattern.pattern


def test_each_first_look_has_strings_to_look_for_and_finds_a_match():
    for look in _first_looks():
        assert look.needed
        assert any(look.search(text) for text in FIRST_LOOK_SENTENCES), look.pattern.pattern


@pytest.mark.parametrize(
    "text",
    [
        *SENTENCES,
        "Gate B12 opens at 0630; don't queue, we'll call rock'n'roll fans first.",
        "The chef's menu and the diners' table_plan.",
        # Beyond ASCII, and text whose lowering is ASCII ("K", the kelvin sign).
        "Ein Café für 5 € — 20 K and naïve señor’s plan.",
    ],
)
def test_words_in_ascii_text_are_the_tokens_the_unicode_pattern_reads(text):
    from kbaudit.text import tokens

    lowered = text.lower().replace("’", "'")
    expected = [
        token[:-2] if token.endswith("'s") else token for token in tokens._WORD_RE.findall(lowered)
    ]
    assert words(text) == expected


GLUED_QUOTES = [
    "the'Plastics' and so-called'comedies'found",
    "don't, they're, O'Brien, rock'n'roll, Qur'an",
    "abc'def ghi'jk lm'nop 123'456 abc'1de",
    "café'déjà and naïve'señor",
    "'start and end'",
]


@pytest.mark.parametrize("text", GLUED_QUOTES)
def test_a_glued_quote_is_found_where_the_letters_around_it_say(text):
    from kbaudit.text import tokens

    letters_around = re.compile(r"(?<=[^\W\d_]{3})'(?=[^\W\d_]{3})")
    assert tokens._GLUED_QUOTE_RE.sub(" ' ", text) == letters_around.sub(" ' ", text)


def test_every_character_the_punctuation_map_replaces_is_beyond_ascii():
    from kbaudit.text import tokens

    assert all(code >= 128 for code in tokens._PUNCT_MAP)
    assert normalise("“Quoted” – and ‘single’") == "\"Quoted\" - and 'single'"
