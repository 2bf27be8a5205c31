"""Values a source ties to a condition ("If we shipped the wrong item, you have 45 days").

Groundedness has to catch logic failures, not only invented words (SPEC §3): an answer
that gives the special-case value to an ordinary case uses only the source's words.
So every value in a source sentence is read together with the clause that governs
it, and an answer may use a governed value only when the question or the answer
itself states that condition.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .quantities import Quantity, extract_quantities
from .tokens import content_stems, first_char_regex, stem, word_list, word_start_regex

# Markers that restrict a value to a special case. "unless" and "except" are left out
# on purpose: they carve the exception out, so the value they govern is the ordinary
# one; "once" and "after" order steps in time rather than pick a case.
_MARKERS = (
    r"\b(?:only if|if|when|whenever|provided (?:that )?|as long as|in case)\b"
    r"|\b(?:on|for) (?:all |any )?(?:orders?|purchases?|items?|baskets?|carts?|products?)"
    r" (?:over|above|under|below|of (?:more than|at least|less than)|exceeding|worth|totall?ing)\b"
    r"|\bfor (?:\w+ ){0,2}(?:members?|subscribers?|account holders?|customers in)\b"
    # Plans, tiers, regions and kinds of item that pick a case: "on the Pro plan",
    # "for Gold members", "in the EU", "for electronics", "with a Premium account".
    r"|\b(?:on|with|under) (?:the |a |an |your )?(?:\w+ ){1,2}(?:plans?|tiers?|accounts?"
    r"|memberships?|fares?|cards?|subscriptions?|packages?|bundles?)\b"
    r"|\bfor (?:\w+ ){0,2}(?:customers|users|passengers|travell?ers|cardholders|members"
    r"|students|businesses|residents|plans?|tiers?|fares?|cabins?|categor(?:y|ies)"
    r"|children|seniors|pensioners|infants|teenagers|veterans|carers|jobseekers"
    r"|households|families|drivers|tenants|owners|guests|visitors|patients|rooms?|suites?)\b"
    r"|\b(?:in|within|from|to|outside) (?:the )?(?:EU|UK|US|USA|European Union|United States"
    r"|United Kingdom|Canada|Australia|Europe|England|Scotland|Wales|Northern Ireland|Ireland"
    r"|London|Channel Islands|Isle of Man|Highlands|mainland \w+|France|Germany|Spain|Italy"
    r"|Portugal|Netherlands|Belgium|Switzerland|Norway|Sweden|Denmark|Poland|Austria|Greece"
    r"|Asia|Africa|North America|South America|New Zealand|India|China|Japan)\b"
    r"|\bif (?:the )?(?:damage|fault|problem|issue|delay|error) (?:is |was )?(?:caused|due)\b"
    r"|\bin any (?:month|year|week|period)\b|\bwaived (?:if|when|for|in)\b"
    r"|\b(?:aged?|ages) \d|\b(?:children|kids|passengers|customers|people|riders|guests|visitors"
    r"|pupils|students|players) (?:under|over) \d"
    # "free with a doctor's note", "with a valid blue badge": the evidence that picks a case.
    r"|\bwith (?:a |an |your )?(?:valid )?(?:[\w'-]+ ){0,2}(?:note|certificate|letter|receipt"
    r"|voucher|proof)\b"
    # "free for bookings of 4 or more people", "for groups of 10 or more": a threshold of
    # the size of the booking.
    r"|\bfor (?:all |any )?(?:orders?|bookings?|groups?|parties|teams|reservations?) of \d+"
    r" or (?:more|fewer|less)\b"
    # "£4.50 a week for contents worth up to £10,000": a band of what the thing is worth.
    r"|\bfor (?:[\w'-]+ ){1,2}(?:worth|valued at|weighing|costing)\b"
    # "Courses of 12 weeks or more include the books": a band of how long the thing lasts.
    r"|\bof \d+(?:\.\d+)? (?:minutes?|hours?|days?|nights?|weeks?|months?|years?)"
    r" or (?:more|longer|over|less|fewer|shorter|under)\b"
    # "subject to availability", "subject to status", but not "subject to a £10 fee":
    # what the case waits on.
    r"|\bsubject to (?!(?:a|an|the|our|these|this|its?)\b|[£$€\d]|(?:terms|conditions|fees?|charges?"
    r"|vat|tax)\b)"
    # "valid only on off-peak services", "only for orders placed online".
    r"|\bonly (?:for|on|in|to|at|during|outside|with|within|from|by|after|before|once)\b"
    # Times that pick a case: "on weekdays", "during peak hours", "at night", "out of hours".
    r"|\b(?:on|at|during|outside|out of|in|over)(?: the)? (?:weekdays?|weekends?|week ?nights?"
    r"|(?:bank|public|school) holidays?|term[- ]time|(?:off-)?peak(?: hours?| times?| periods?)?"
    r"|rush hours?|nights?|evenings?|(?:mon|tues|wednes|thurs|fri|satur|sun)days"
    r"|summer|winter|high season|low season|hours)\b"
    # What a case waits on at the end of a sentence: "where applicable", "on request",
    # "while stocks last", "where stock allows".
    r"|\bwhere (?:applicable|available|possible|relevant|appropriate|needed|necessary|required"
    r"|eligible|stock allows)\b|\b(?:on|upon|by) (?:request|arrangement|appointment)\b"
    r"|\bwhile (?:stocks?|supplies|the (?:offer|promotion|sale)) (?:last|lasts|runs?)\b"
    # "Once you have verified your email", "after your first year", "in your first month":
    # a stage reached picks a case; "once you submit" only orders steps.
    r"|\bonce you(?:'ve| have)\b|\b(?:after|from|in|during) (?:the|your) (?:first|second|third"
    r"|fourth|fifth|initial) (?:year|month|week|term|\d+)\b"
    # "Where your vehicle is written off", "Should you need to cancel", "In the event of":
    # clause openers that set a case.
    r"|^(?:where|should|assuming)\s|\bin the event (?:of|that)\b"
    # "for Blue Light card holders", "holders of a valid student ID", "members only".
    r"|\bfor (?:[\w'-]+ ){1,3}holders\b|\bholders of\b"
    r"|\b(?:members?|subscribers?|residents|adults|guests|customers|holders|staff|students) only\b"
    r"|\b(?:for|to) (?:the )?(?:[\w'-]+ ){0,3}[\w'-]+ only\b"
)
_MARKER_RE = word_start_regex(_MARKERS, "abcdfghikmoprstuvw", re.IGNORECASE)
# A sentence that opens on a group of customers or a kind of plan speaks of that case
# only: "Gold members can check 3 bags", "Business accounts get 2% cashback".
_GROUP_NOUNS = (
    r"members?|customers|users|subscribers|passengers|travell?ers|cardholders|account holders"
    r"|accounts?|plans?|tiers?|fares?|tickets?|students|applicants|drivers|renters|guests"
    r"|patients|employees|residents|owners|holders|buyers|sellers|borrowers|tenants|visitors"
    r"|children|adults|seniors|pupils|candidates|graduates|bookings|rentals|orders|claims"
    r"|infants|babies|toddlers|pets|dogs|cats|animals|vehicles|cars|items|bags|parcels"
    r"|delays|journeys|trips|stays|loans|deliveries|cancellations|changes|appointments|rates"
    r"|payments|applications|renewals|refunds|withdrawals|transfers|calls|households"
    r"|pensioners|veterans|carers|jobseekers|staff|retirees|apprentices|teachers|families"
)
# Groups that pick a case by the noun alone: "Pensioners travel free".
_SELF_GROUPS = (
    r"(?:pensioners|veterans|carers|jobseekers|students|seniors|retirees|apprentices|infants"
    r"|children|teenagers)"
)
_GROUP_VERBS = (
    r"can|get|gets|have|has|receive|receives|pay|pays|may|must|should|need|needs|enjoy|enjoys"
    r"|are|is|include|includes|allow|allows|come|comes|earn|earns|cost|costs|qualify|qualifies"
    r"|book|books|use|uses|visit|visits|bring|brings|cannot|can't|ship|ships|arrive|arrives"
    r"|park|parks|travel|travels|save|saves|enter|enters|join|joins|stay|stays|ride|rides"
    r"|will|won't|incur|incurs|keep|keeps"
)
_LEADING_GROUP_RE = re.compile(
    rf"^(?P<who>(?:the |our |all )?(?:[\w-]+ ){{1,2}}(?:{_GROUP_NOUNS})|{_SELF_GROUPS})"
    rf" (?:{_GROUP_VERBS})\b",
    re.IGNORECASE,
)
# A group narrowed by what follows its noun: "Students on a placement year pay ...",
# "International applicants who need a visa should apply by ...". The narrowing words
# are the case; the noun alone is everyone's.
_QUALIFIED_GROUP_RE = re.compile(
    rf"^(?:the |our |all |any )?(?:[\w-]+ ){{0,2}}(?:{_GROUP_NOUNS})"
    rf" (?P<qualifier>(?:on|with|in|from|under|over|aged|who|whose|that|of|taking|studying"
    rf"|renting|booking|travelling|traveling|receiving|accompanying"
    # "Claims made after 90 days", "Tickets bought on the day": a reduced relative.
    rf"|made|placed|bought|booked|sent|received|paid|left|submitted|purchased|ordered"
    rf"|returned|renewed|inactive|unused)\b[^,;]{{1,60}}?)"
    rf" (?:{_GROUP_VERBS})\b",
    re.IGNORECASE,
)
# "For premium and luxury cars the deposit is £1,000": a leading case without a comma,
# up to the determiner or pronoun that opens the main clause.
_LEADING_CASE_RE = re.compile(
    r"^(?:for|with|on|during|in)\s+(?!\d)(?!the\s+\d)(?P<case>(?:[\w'-]+\s+){1,5}?)"
    r"(?=(?:the|a|an|your|you|we|it|there|they|all|each|every|any)\b)",
    re.IGNORECASE,
)
# "..., except for medicine, which costs £42,000": the value of the relative clause is
# the exception's.
_EXCEPT_CASE_RE = re.compile(
    r"^(?:except|apart from|other than)\s+(?:for\s+|on\s+|in\s+)?(?P<case>.+)$", re.IGNORECASE
)
_RELATIVE_RE = re.compile(r"^(?:which|where|when|who|whose|in which case)\b", re.IGNORECASE)
# A sentence-initial "For large appliances, ..." or "With Express delivery, ...".
_LEADING_SCOPE_RE = re.compile(r"^(?:for|with|on|during|in)\s+(?!\d)(?!the\s+\d)", re.IGNORECASE)
_SEGMENT_BREAK_RE = first_char_regex(
    re.compile(
        r",\s+|;\s+|\s+-\s+|:\s+"
        # "cost £18 for adults and are free for children aged 2 to 17": a second predicate.
        r"|\s+(?=and (?:are|is|get|gets|pay|pays|cost|costs|come|comes)\s)"
        r"|\s+(?=(?:or|but)\s(?!more\b|fewer\b|less\b|over\b|under\b|longer\b|older\b|younger\b|above\b))",
        re.IGNORECASE,
    )
)
# Words that appear in every condition and do not tell one case from another.
_LIGHT = frozenset(
    stem(word)
    for word in word_list("""
    item items product products order orders buy purchase ship shipped send sent deliver
    delivered receive received get got make made place placed customer customers thing
    use used one case cases time also only
    """)
)
_MARKER_WORDS = frozenset(stem(word) for word in word_list("provided long case once member"))
_MEMBER = frozenset({stem("member")})


@dataclass(frozen=True)
class Condition:
    text: str
    key_stems: frozenset[str]
    quantities: tuple[Quantity, ...]
    any_of: bool  # "damaged or defective": one of the key words is enough

    def satisfied_by(self, stems: Iterable[str], quantities: Iterable[Quantity]) -> bool:
        """Whether a question or answer that says these words states this condition."""
        stated = set(stems)
        quantities = list(quantities)
        if self.quantities and any(
            given.same_value(own) for given in quantities for own in self.quantities
        ):
            return True
        if self.quantities and window_met(self, quantities):
            return True  # "I'm 67" states "aged 60 or over"
        if not self.key_stems:
            # A condition we cannot read is never held against an answer.
            return not self.quantities
        needed = 1 if self.any_of else min(2, _word_count(self.key_stems))
        return _word_count(self.key_stems & stated) >= needed


# Names an abbreviation is spelled out as ("EU" is "European Union"): one word each, so
# "Outside the EU" and "Rest of EU" share one word, not two.
_NAME_STEMS = tuple(
    frozenset(content_stems(name)) for name in ("European Union", "United States", "United Kingdom")
)


def _word_count(stems: frozenset[str]) -> int:
    return len(stems) - sum(len(name) - 1 for name in _NAME_STEMS if name <= stems)


# A clause that waives a value names when it does not apply, not when it does.
_WAIVER_RE = re.compile(
    r"^(?:waived|free|refunded|reduced|not charged)\b|^in any (?:month|year|week)", re.I
)


_NEXT_CLAUSE_RE = re.compile(
    r";\s+|,\s+(?:and|but|while|whereas)\s+|\s+(?:while|whereas)\s+"
    # "The monthly plan costs £8 and the annual plan costs £80": a subject of its own.
    r"|\s+and\s+(?=(?:the|a|an|your|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:costs?|is|are|gets?"
    r"|pays?|includes?|has|have)\b)"
)


def governing_conditions(text: str, quantities: list[Quantity]) -> dict[int, Condition]:
    """Map each governed quantity (by index in ``quantities``) to its condition.

    ``text`` must be the same (number-word converted) text the quantities came from.
    """
    segments = _segments(text)
    return _governed(text, segments, _segment_conditions(text, segments), quantities)


def sentence_conditions(text: str) -> tuple[Condition, ...]:
    """Every condition clause in a sentence, whether or not it governs a value."""
    segments = _segments(text)
    return tuple(condition for condition, _ in filter(None, _segment_conditions(text, segments)))


def read_conditions(
    text: str, quantities: list[Quantity]
) -> tuple[dict[int, Condition], tuple[Condition, ...]]:
    """``governing_conditions`` (empty without quantities) and ``sentence_conditions``
    of one sentence, each segment read once.

    The governing conditions are copies: a caller tells a value's own condition from
    the sentence's others by identity, as when the two were read apart.
    """
    segments = _segments(text)
    found = _segment_conditions(text, segments)
    conditions = tuple(condition for condition, _ in filter(None, found))
    if not quantities:
        return {}, conditions
    copies = [None if one is None else (_copy(one[0]), one[1]) for one in found]
    return _governed(text, segments, copies, quantities), conditions


def _copy(condition: Condition) -> Condition:
    return replace(condition, quantities=tuple(replace(own) for own in condition.quantities))


_Found = tuple[Condition, tuple[int, int]] | None


def _segment_conditions(text: str, segments: list[tuple[int, int]]) -> list[_Found]:
    return [_condition_in_segment(text, segments, position) for position in range(len(segments))]


def _governed(
    text: str, segments: list[tuple[int, int]], found: list[_Found], quantities: list[Quantity]
) -> dict[int, Condition]:
    governed: dict[int, Condition] = {}
    # An exception's own clause ("except for medicine, which costs ...") is read first:
    # a group opening the sentence speaks of the rest.
    excepted = [
        position
        for position in range(len(segments))
        if _EXCEPT_CASE_RE.match(text[segments[position][0] : segments[position][1]])
    ]
    others = [position for position in range(len(segments)) if position not in excepted]
    for position in [*excepted, *others]:
        if found[position] is None:
            continue
        condition, scope = found[position]
        if _WAIVER_RE.match(condition.text):
            continue  # "£15 a month, waived in any month you pay in £5,000": the £15 holds
        for index, quantity in enumerate(quantities):
            if scope[0] <= quantity.start < scope[1] and index not in governed:
                governed[index] = condition
    return governed


def _segments(text: str) -> list[tuple[int, int]]:
    bounds = [0]
    for match in _SEGMENT_BREAK_RE.finditer(text):
        bounds.extend((match.start(), match.end()))
    bounds.append(len(text))
    return [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]


def _condition_in_segment(
    text: str, segments: list[tuple[int, int]], position: int
) -> tuple[Condition, tuple[int, int]] | None:
    start, end = segments[position]
    segment = text[start:end]
    if position + 1 < len(segments):
        excepted = _EXCEPT_CASE_RE.match(segment)
        following = segments[position + 1]
        if excepted and _RELATIVE_RE.match(text[following[0] : following[1]]):
            return _condition(excepted.group("case")), following
    marker = _MARKER_RE.search(segment)
    if (
        marker is not None
        and not _CLAUSE_MARKER_RE.match(marker.group(0))
        and _EXCEPTED_BEFORE_RE.search(segment, 0, marker.start())
    ):
        # "10% cheaper, except on bank holidays": the exception is no case of the value;
        # "except when we close a gallery, in which case ..." opens a case of its own.
        marker = None
    if position == 0:
        qualified = _QUALIFIED_GROUP_RE.match(segment)
        # A marker inside the qualifier ("Members on a student plan pay ...") is part of
        # the group's case, not a case of its own for the words before it.
        inside = marker is None or (qualified is not None and marker.start() < qualified.end())
        if qualified is not None and inside:
            clause_end = _NEXT_CLAUSE_RE.search(text, start + qualified.end())
            scope_end = clause_end.start() if clause_end else len(text)
            return _qualifier_condition(qualified.group("qualifier")), (start, scope_end)
        case = _LEADING_CASE_RE.match(segment) if len(segments) == 1 else None
        if case is not None and marker is None:
            # "For suites and family rooms": each listed case is one.
            listed = bool(re.search(r"\s(?:and|or|&)\s|,", case.group("case")))
            return _condition(case.group(0), any_of=listed), (start + case.end(), end)
    # "Anytime members book classes free; Off-Peak members pay £4": a clause after a
    # semicolon may open on a named group of its own.
    after_semicolon = position > 0 and text[segments[position - 1][1] : start].strip() == ";"
    group = (
        _LEADING_GROUP_RE.match(segment)
        if position == 0 or (after_semicolon and segment[:1].isupper())
        else None
    )
    if group is not None and marker is None:
        # "Gold members can check 3 bags": the group governs the whole sentence.
        # "Plus and Unlimited plans include ...": each of the listed cases is one.
        # ... up to a clause of its own: "Flex fares include free seats, and Platinum
        # members also get extra legroom free" gives the second value to Platinum.
        clause_end = _NEXT_CLAUSE_RE.search(text, start + group.end())
        scope_end = clause_end.start() if clause_end else len(text)
        return _condition(text[start : start + group.end("who")], any_of=True, named=True), (
            start,
            scope_end,
        )
    leading = position == 0 and len(segments) > 1 and _LEADING_SCOPE_RE.match(segment)
    if marker is None and not leading:
        return None
    offset = 0 if leading or marker is None else marker.start()
    if offset > 0:
        # "You have 45 days if we shipped the wrong item": governs what precedes it.
        # "open 6am to 10pm on weekdays and 8am to 8pm at weekends": the case ends where
        # the next value opens a case of its own.
        clause = segment[offset:]
        next_value = _NEXT_VALUE_RE.search(clause)
        if next_value is not None:
            clause = clause[: next_value.start()]
        # "free in Scotland and Wales": each place, time or group listed is the case.
        return _condition(clause, any_of=bool(_LISTED_CASES_RE.match(clause))), (
            start,
            start + offset,
        )
    if position < len(segments) - 1:
        # "If we shipped the wrong item, you have 45 days": governs the rest.
        # "If you cancel late, or do not turn up, you ...": each alternative is the case.
        case_end, following = end, position + 1
        while following < len(segments) - 1 and _ALTERNATIVE_RE.match(
            text[segments[following][0] : segments[following][1]]
        ):
            case_end, following = segments[following][1], following + 1
        if case_end != end:
            return _condition(text[start:case_end], any_of=True), (case_end, len(text))
        return _condition(segment), (end, len(text))
    if position > 0:
        previous = segments[position - 1]
        return _condition(segment), previous
    # "If you cancel within 30 days you get a full refund": one clause, all of it the case.
    return _condition(segment), (start, end)


_ALTERNATIVE_RE = re.compile(r"^or\s", re.IGNORECASE)
_CLAUSE_MARKER_RE = re.compile(r"(?:if|when|whenever|where)\b", re.IGNORECASE)
_EXCEPTED_BEFORE_RE = re.compile(
    r"\b(?:except|excluding|apart from|other than|not including|but not)(?: for)?\s+$",
    re.IGNORECASE,
)
_LISTED_CASES_RE = re.compile(
    r"^(?:in|on|at|for|to|during|outside|within|from)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?"
    r"(?:,\s+[\w'-]+(?:\s+[\w'-]+)?)*,?\s+(?:and|&)\s+[\w'-]+(?:\s+[\w'-]+)?[.!?]?\s*$",
    re.IGNORECASE,
)
_NEXT_VALUE_RE = re.compile(
    r"\s+(?:and|or|but)\s+(?:(?:at|from|to|for|until|by|in|on)\s+)?(?=[£$€]?\d)", re.IGNORECASE
)
_UNIT_WORDS = frozenset(
    content_stems("day days week weeks month months year years hour hours minute minutes")
)


def _qualifier_condition(clause: str) -> Condition:
    """The case a group's qualifier names ("on a placement year", "who need a visa"):
    its own words, without the units every value of the sentence shares."""
    stems = set(content_stems(clause)) - _MARKER_WORDS - _UNIT_WORDS
    stems = {token for token in stems if not token[:1].isdigit()}
    return Condition(
        text=clause.strip(" ,;."),
        key_stems=frozenset(stems),
        quantities=tuple(q for q in extract_quantities(clause) if not q.soft),
        any_of=" or " in f" {clause.lower()} ",
    )


def _condition(clause: str, *, any_of: bool = False, named: bool = False) -> Condition:
    stems = set(content_stems(clause)) - _LIGHT
    # "for members only": the marker's noun is the case when nothing else names one.
    stems = (stems - _MARKER_WORDS) or (stems & _MEMBER)
    stems = {token for token in stems if not token[:1].isdigit()}
    if named and stems - KIND_STEMS:
        # "Flexi tickets": the name is the case; "ticket" alone names every fare.
        stems -= KIND_STEMS
    quantities = tuple(q for q in extract_quantities(clause) if not q.soft)
    # "if both parents earn the equivalent of 16 hours a week": the units of its bound
    # say what it measures, not which case it is ("15 hours a week" says them too).
    measures = _bound_units(clause, quantities)
    if stems - measures:
        stems -= measures
    return Condition(
        text=clause.strip(" ,;."),
        key_stems=frozenset(stems),
        quantities=quantities,
        any_of=any_of or " or " in f" {clause.lower()} ",
    )


_RATE_AFTER_RE = re.compile(r"\s*(?:a|an|per|each|every)\s+(\w+)", re.IGNORECASE)


def _bound_units(clause: str, quantities: Iterable[Quantity]) -> frozenset[str]:
    """The units of time a condition's values are counted in ("16 hours a week")."""
    found = set()
    for own in quantities:
        if own.kind != "duration":
            continue
        found.update(content_stems(own.text))
        rate = _RATE_AFTER_RE.match(clause, own.end)
        if rate:
            found.update(content_stems(rate.group(1)))
    return frozenset(found) & _UNIT_WORDS


# Things a help centre tells apart by name: "the yearly plan", "Gold membership".
_KINDS = (
    r"plans?|tiers?|cards?|accounts?|memberships?|bags?|fares?|packages?|bundles?"
    r"|subscriptions?|options?|class|cabins?|rooms?|policy|policies|services?|models?"
    r"|devices?|phones?|routers?|loans?|mortgages?|orders?|tickets?|flights?|lines?|boxes"
    r"|box|licen[cs]es?|seats?|editions?|versions?|levels?|members?|transfers?|payments?|rates?"
)
ITEM_RE = re.compile(
    rf"\b(?:the\s+|a\s+|an\s+|my\s+|our\s+|your\s+|this\s+|that\s+)?"
    rf"(?P<item>(?:(?!the\b|a\b|an\b|my\b|your\b|and\b|or\b|for\b|of\b|on\b|what\b|about\b"
    rf"|per\b|in\b|at\b|to\b|by\b|with\b|from\b|any\b|each\b|every\b|all\b)"
    rf"[\w'-]+\s+){{1,2}}(?:{_KINDS}))\b",
    re.IGNORECASE,
)
# Every item name ends on a kind after a space: a cheap first look for one.
_KIND_HINT_RE = re.compile(rf"\s(?:{_KINDS})\b", re.IGNORECASE)
KIND_STEMS = frozenset(content_stems(" ".join(word.replace("?", "") for word in _KINDS.split("|"))))


def item_names(text: str) -> frozenset[str]:
    """Stems of the words that tell named things apart ("basic" in "the Basic plan"),
    without the kind of thing they name."""
    if not _KIND_HINT_RE.search(text):
        return frozenset()
    return frozenset(
        token
        for match in ITEM_RE.finditer(text)
        for token in content_stems(match.group("item"))
        if token not in KIND_STEMS and not token[:1].isdigit()
    )


# Who caused the problem, as a condition names it and as a customer tells it.
_COMPANY_CAUSE_RE = re.compile(
    r"\b(?:our (?:side|end|fault|mistake|error)|(?:we|our (?:team|courier|staff)) (?:made|caused|sent|shipped)"
    # "If our team damages an item", and as the customer tells it: "your movers dropped it".
    r"|(?:our|your) (?:team|staff|movers?|drivers?|couriers?|engineers?|technicians?|crew|porters?"
    r"|fitters?|installers?|cleaners?|builders?|painters?|workers?|delivery team)"
    r" (?:damage[sd]?|broke|break|breaks|dropped|drop|drops|lost|lose|loses|scratched|dented)"
    r"|fault(?:y)? (?:on our|of ours)|manufactur\w*|defect\w*|faulty(?! packing)"
    r"|arrived (?:damaged|broken)"
    r"|wrong item|our error|technical fault|through no fault of (?:yours|your own))\b",
    re.IGNORECASE,
)
_CUSTOMER_CAUSE_RE = first_char_regex(
    re.compile(
        r"\b(?:caused by you|your (?:fault|mistake|error)|you (?:caused|damaged|broke|dropped|lost)"
        r"|(?:i|we) (?:dropped|broke|spilled|damaged|cracked|lost|sat on|stepped on|scratched"
        r"|scraped|dented|stained|tore|ripped|knocked over)|accident\w*"
        r"|misuse|mishandl\w*|water damage|changed (?:my|your) mind|my (?:fault|mistake)"
        # "faulty packing you did yourself", "I didn't pack my own box properly".
        r"|(?:packing|packed|moved|fitted|installed|assembled) (?:you did |it |them )?yourself"
        r"|(?:i|we) (?:didn'?t|did not) (?:pack|move|fit|install|assemble|secure|wrap)"
        r"|(?:i|we) (?:packed|moved|fitted|installed) (?:it|them|the \w+|my|our) \w*\s*"
        r"(?:badly|poorly|wrongly|myself|ourselves)"
        # "boxes I stacked myself", "shelves we put up ourselves".
        r"|(?:packed|stacked|loaded|stored|fitted|installed|assembled|put up) (?:\w+ )?(?:myself|ourselves)"
        # "something's come up and I can't make it": the customer's own plans changed.
        r"|(?:i|we) (?:can't|cannot|can not|won't be able to|am unable to|are unable to|couldn't)"
        r" (?:make it|come|attend|go|travel|visit)|something(?:'s| has) come up"
        r"|changed (?:my|our) plans"
        # "I want to cancel", "we had to cancel our trip": the customer calling it off, not
        # the company ("if we cancel your coach" in a source).
        r"|(?:i|we) (?:want|need|needed|would like|have|had|wish) to (?:cancel|call off)"
        r"|(?:i|we)'d (?:like|rather|prefer) to (?:cancel|call off)"
        r"|(?:i|we)(?:'ve| have)? (?:cancelled|canceled)|(?:i'm|i am|we're|we are) cancell?ing"
        # "If I cancel my lesson tomorrow", "can I cancel it now?".
        r"|(?:if|when|once|should|can|could|may) i cancel)\b",
        re.IGNORECASE,
    )
)
# What the company does, as its own articles say it: "when we close a gallery", "if we
# cancel your class", "if our staff ...", "a fault in our building". Read only in a
# source's words, where "we" is the company (in a question "we" is the customer).
_COMPANY_ACT_RE = re.compile(
    r"\b(?:if|when|where|unless|once) we (?:close|closed|cancel|cancelled|canceled|postpone"
    r"|postponed|reschedule|rescheduled)\b"
    r"|\b(?:if|when|where) our (?:staff|team|drivers?|couriers?|engineers?|movers?|crew)\b"
    r"|\b(?:fault|defect|failure|leak) (?:in|with|of|on) our\b",
    re.IGNORECASE,
)
# A window a condition sets: "within 30 days of signing up", "up to 24 hours before".
_WINDOW_RE = re.compile(
    r"\b(?:within|up to|no later than|less than|in the first|during the first)\b", re.I
)


# Whether the customer is new or already one: "for new customers only" as a condition
# says it, and as a customer tells it ("I already rent a unit", "I've never ordered").
_NEW_CUSTOMER_RE = re.compile(
    r"\bnew (?:customers?|members?|subscribers?|users?|accounts?|joiners?)\b"
    r"|\b(?:i'm|i am|we're|we are) new\b|\bfirst[- ]time (?:customers?|buyers?|users?)\b"
    r"|\b(?:i|we)(?:'ve| have)? never (?:rented|used|bought|ordered|booked|had|been|joined"
    r"|signed up|shopped|stored|subscribed)\b",
    re.IGNORECASE,
)
_EXISTING_CUSTOMER_RE = re.compile(
    r"\b(?:existing|current|returning) (?:customers?|members?|subscribers?|users?)\b"
    r"|\b(?:i|we)(?:'m|'re| am| are)? already (?:rent|have|use|hold|own|pay|subscribe|bank"
    r"|a member|a customer|with you|signed up|registered)\b"
    r"|\b(?:i|we) (?:already )?(?:have been|'ve been) (?:a customer|a member|with you)\b",
    re.IGNORECASE,
)


def customer_status(text: str) -> str:
    """'new', 'existing' or '' for whether a text speaks of a new customer or one who
    already is one."""
    new = bool(_NEW_CUSTOMER_RE.search(text or ""))
    existing = bool(_EXISTING_CUSTOMER_RE.search(text or ""))
    return "" if new == existing else ("new" if new else "existing")


def cause_of(text: str, *, company_voice: bool = False) -> str:
    """'company', 'customer' or '' for who a text says caused the problem;
    ``company_voice``: the text is the company's own (a source's condition), where "we"
    and "our" are the company."""
    company = bool(_COMPANY_CAUSE_RE.search(text or "")) or (
        company_voice and bool(_COMPANY_ACT_RE.search(text or ""))
    )
    customer = bool(_CUSTOMER_CAUSE_RE.search(text or ""))
    return "" if company == customer else ("company" if company else "customer")


_AT_LEAST_RE = re.compile(
    r"\b(?:at least|minimum(?: of)?|more than|over|above|longer than|older than|exceeding)\s*$"
    r"|^\s*(?:or more|or over|or longer|or older|and (?:over|above|up))\b",
    re.IGNORECASE,
)
_AT_MOST_RE = re.compile(
    r"\b(?:within|up to|no later than|less than|under|below|no more than|maximum(?: of)?|in the first"
    r"|during the first|shorter than|younger than"
    # "If you register by 31 March", "sign up before 1 June": a date or time the case ends.
    r"|by|before|until|till)\s*$|^\s*(?:or less|or fewer|or under|or younger|or earlier)\b",
    re.IGNORECASE,
)


def window_exceeded(condition: Condition, quantities: Iterable[Quantity]) -> bool:
    """The customer states a value the condition's bound rules out: past the window
    ("I signed up 3 months ago" against "within 30 days of signing up"), under the
    threshold ("we're 4 users" against "10 or more users"), outside a range ("she's 9"
    against "aged 12 to 15")."""
    given = [value for value in quantities if not value.soft]
    # Each bound is judged on the customer's values of its measure: it is missed when
    # none of them meets it ("an hour ago" meets "within 24 hours", "in three weeks"
    # meets "at least 7 days").
    for own in condition.quantities:
        at_least, at_most = _bound(condition.text, own)
        if not (at_least or at_most or own.high > own.low):
            if _kind_length_missed(own, given):
                return True  # "a 12-week course" is not one of the "24-week courses"
            continue
        measured = [value for value in given if _same_measure(value, own, condition.text)]
        if measured and not any(
            _meets(value, own, at_least=at_least, at_most=at_most) for value in measured
        ):
            if _alternative_met(condition, own, given):
                continue
            return True
    return False


# A length written as a kind of thing: "24-week courses", "a 12-month contract".
_KIND_LENGTH_RE = re.compile(r"^\d+-(?:day|week|month|year)$", re.IGNORECASE)


def _kind_length_missed(own: Quantity, given: list[Quantity]) -> bool:
    """The condition names a kind of thing by its length ("24-week courses") and the
    customer names theirs by another ("my 12-week course")."""
    if not _KIND_LENGTH_RE.match(own.text):
        return False
    theirs = [
        value
        for value in given
        if _KIND_LENGTH_RE.match(value.text) and (value.kind, value.unit) == (own.kind, own.unit)
    ]
    return bool(theirs) and not any(value.same_value(own) for value in theirs)


def _alternative_met(condition: Condition, missed: Quantity, given: list[Quantity]) -> bool:
    """Another bound of the same measure that the customer's values meet, and that no
    value could meet together with the missed one: "aged 16 to 26 and seniors aged 60
    and over" lists two cases, so "I'm 63" meets the condition though not "16 to 26"."""
    missed_span = _span(condition.text, missed)
    for other in condition.quantities:
        if other is missed or other.kind != missed.kind:
            continue
        at_least, at_most = _bound(condition.text, other)
        if not (at_least or at_most or other.high > other.low):
            continue
        low, high = _span(condition.text, other)
        if not (high < missed_span[0] or missed_span[1] < low):
            continue  # "over 18 and under 65": both bounds of one window
        measured = [value for value in given if _same_measure(value, other, condition.text)]
        if any(_meets(value, other, at_least=at_least, at_most=at_most) for value in measured):
            return True
    return False


def _span(text: str, own: Quantity) -> tuple[float, float]:
    """The values a bound admits: "aged 60 and over" is 60 upwards."""
    at_least, at_most = _bound(text, own)
    if at_least:
        return own.low, float("inf")
    if at_most:
        return float("-inf"), own.high
    return own.low, own.high


def window_met(condition: Condition, quantities: Iterable[Quantity]) -> bool:
    """The customer states values inside every bound of the condition they measure: "I'm
    67" is "aged 60 or over", "my 12-year-old" is "aged 2 to 17" and "under 16"."""
    given = [value for value in quantities if not value.soft]
    if not given:
        return False
    met = False
    for own in condition.quantities:
        at_least, at_most = _bound(condition.text, own)
        if not (at_least or at_most or own.high > own.low):
            continue
        measured = [value for value in given if _same_measure(value, own, condition.text)]
        if not measured:
            continue
        if not any(_meets(value, own, at_least=at_least, at_most=at_most) for value in measured):
            if _alternative_met(condition, own, given):
                continue
            return False
        met = True
    return met


def _bound(text: str, own: Quantity) -> tuple[bool, bool]:
    """Whether the condition sets the value as a lower bound, an upper bound (neither
    for an exact value or a range)."""
    before = text[max(0, own.start - 25) : own.start]
    after = text[own.end : own.end + 20]
    at_least = bool(_AT_LEAST_RE.search(before) or _AT_LEAST_RE.search(after))
    at_most = bool(_AT_MOST_RE.search(before) or _AT_MOST_RE.search(after))
    return at_least, at_most


def _meets(value: Quantity, own: Quantity, *, at_least: bool, at_most: bool) -> bool:
    if at_least:
        return value.high >= own.low * 0.999999
    if at_most:
        return value.low <= own.high * 1.000001
    return own.low <= value.low <= own.high


# "if you are under 16" bounds an age with a bare number.
_AGE_BOUND_RE = re.compile(r"\b(?:under|over|aged?|ages|years?|older|younger)\b", re.IGNORECASE)


def _same_measure(value: Quantity, own: Quantity, text: str = "") -> bool:
    if text and {value.kind, own.kind} <= {"age", "number"} and not (value.unit or own.unit):
        # An age said as a bare number ("I'm 67 and ...") against an age bound.
        return bool(_AGE_BOUND_RE.search(text))
    if text and value.kind == "age" and own.kind == "number" and not value.unit:
        # "Children under 4 stay free" reads "4 stay" as a count; it bounds an age.
        return bool(_AGE_BOUND_RE.search(text))
    if value.kind != own.kind:
        return False
    if value.kind == "amount":
        return not value.unit or not own.unit or value.unit == own.unit
    return value.kind != "number" or (bool(value.unit) and value.unit == own.unit)


# Named cases: "on the Starter plan", "Gold and Platinum Skyclub members", "for Lite
# customers", "on Team and Enterprise". Names are capitalised; the kind word is optional.
_NAME = r"[A-Z][\w+-]*(?: [A-Z][\w+-]*)?"
_NAMES = rf"{_NAME}(?:(?:, | and | or | & ){_NAME})*"
_CASE_KINDS = (
    r"plans?|fares?|tiers?|accounts?|memberships?|cards?|packages?|contracts?|customers|members?"
    r"|cardholders|subscribers|users|workspaces|passengers|editions?|levels?|cabins?|class"
)
_NAMED_CASE_RE = re.compile(
    rf"(?:\b(?:[Oo]n|[Ww]ith|[Ff]or|[Uu]nder|[Ii]n|[Tt]o) (?:the |a |an |my |our |your )?)(?P<after>{_NAMES})"
    rf"(?: (?P<kind1>{_CASE_KINDS}))?\b"
    rf"|(?P<before>{_NAMES}) (?P<kind2>{_CASE_KINDS})\b"
)
# Capitalised words that name no case: days, months, sentence openers.
_NOT_CASE_NAMES = frozenset(
    content_stems(
        "monday tuesday wednesday thursday friday saturday sunday january february march april"
        " may june july august september october november december settings the our your"
        " a an if you we it they this that these those every each all any"
    )
)


@dataclass(frozen=True)
class NamedCase:
    names: frozenset[str]
    kind: str


_DENIED_RE = re.compile(r"\b(?:not|n't|no|never)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def told_cases(text: str) -> tuple[list[NamedCase], frozenset[str]]:
    """The cases a customer says they are in, and the names they say they are not
    ("I'm not a Skyclub member")."""
    told, denied = [], set()
    for match in _NAMED_CASE_RE.finditer(text or ""):
        case = _case(match)
        if case is None:
            continue
        if _DENIED_RE.search(text[max(0, match.start() - 20) : match.start()]):
            denied.update(case.names)
        else:
            told.append(case)
    return told, frozenset(denied)


# "my husband, who isn't a member", "if I weren't on the plan", "non-members": the case
# the customer says someone is not in.
_NOT_IN_RE = first_char_regex(
    re.compile(
        r"\b(?:who|I|we|he|she|they)(?:'m|'re|'s|\s+(?:am|is|are|was|were))(?:n't|\s+not)\s+"
        r"(?:(?:a|an|the|on|in|part of|one of)\s+)*"
        r"(?P<case>[\w'-]+(?:\s+(?!and\b|or\b|but\b|so\b)[\w'-]+){0,2})"
        r"|\bnon-(?P<non>[\w'-]+)"
        # "I cancelled my Care Plan membership", "we've ended our subscription": a case the
        # customer was in and has left, with the kind of thing it was.
        r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:cancelled|canceled|ended|left|stopped|given up)\s+"
        r"(?:my|our)\s+(?P<ended>(?:[\w'-]+\s+){0,3}(?:membership|subscription|plan|account))\b",
        re.IGNORECASE,
    )
)


def denied_stems(text: str) -> frozenset[str]:
    """The words of the cases a customer says they, or the person asked about, are not
    in: "who isn't a member" does not state the members' case."""
    found: set[str] = set()
    for match in _NOT_IN_RE.finditer(text or ""):
        found.update(
            content_stems(match.group("case") or match.group("non") or match.group("ended") or "")
        )
    # "membership" says who holds it: a customer who left one is no longer a member.
    found.update(stem(word[: -len("ship")]) for word in list(found) if word.endswith("ship"))
    return frozenset(found)


_NAME_TAIL_RE = re.compile(rf"(?: [A-Z][\w+-]*)*(?: (?i:{_CASE_KINDS}))?\b(?<=\w)")


def leading_group(text: str) -> frozenset[str]:
    """The words naming the group of customers a sentence opens on ("Dashly Plus
    members pay ..."), without the group noun; empty when it opens on none."""
    found = _LEADING_GROUP_RE.match(text or "")
    if found is None:
        return frozenset()
    words = found.group("who").split()[:-1]
    return frozenset(content_stems(" ".join(words))) - _NOT_CASE_NAMES


def told_case_spans(text: str) -> list[tuple[str, frozenset[str]]]:
    """The words of each case a customer says they are in ("on Hot Desk", "Plus member"),
    with the case's names."""
    spans = []
    for match in _NAMED_CASE_RE.finditer(text or ""):
        case = _case(match)
        if case is not None and not _DENIED_RE.search(
            text[max(0, match.start() - 20) : match.start()]
        ):
            # "on the Pet Care Plan": the name runs on through its capitalised words.
            rest = _NAME_TAIL_RE.match(text, match.end())
            spans.append((match.group(0) + (rest.group(0) if rest else ""), case.names))
    return spans


def _case(match: re.Match[str]) -> NamedCase | None:
    names_text = match.group("after") or match.group("before") or ""
    kind = match.group("kind1") or match.group("kind2") or ""
    names = frozenset(content_stems(names_text)) - _NOT_CASE_NAMES
    return NamedCase(names, stem(kind.rstrip("s")) if kind else "") if names else None


def named_cases(text: str, context: str = "") -> list[NamedCase]:
    """The named cases a text speaks of, each with the kind of thing it names.

    A capitalised word opening the text is a name only if ``context`` (the passage
    around it) never writes it in lower case: "Credit card fees" names no case.
    """
    found = []
    for match in _NAMED_CASE_RE.finditer(text or ""):
        if match.start() == 0 and context:
            first = (match.group("after") or match.group("before") or "").split()[0]
            if re.search(rf"\b{re.escape(first.lower())}\b", context):
                continue
        names_text = match.group("after") or match.group("before") or ""
        kind = match.group("kind1") or match.group("kind2") or ""
        names = frozenset(content_stems(names_text)) - _NOT_CASE_NAMES
        if names:
            found.append(NamedCase(names, stem(kind.rstrip("s")) if kind else ""))
    return found


_CATCH_ALL_RE = re.compile(
    r"\b(?:other|all|any|every|each)\s+(?:\w+\s+)?(?:" + _CASE_KINDS + r")\b", re.I
)


def other_case(rule: list[NamedCase], told: list[NamedCase], text: str = "") -> bool:
    """The customer names a case of the same kind as the rule's, and none of the rule's:
    "We're on the Starter plan" against "available on the Team and Enterprise plans".
    A rule that also speaks of every other case ("48 hours for other fares") covers all."""
    if not rule or not told or _CATCH_ALL_RE.search(text):
        return False
    allowed = frozenset().union(*(case.names for case in rule))
    kinds = {_kind_root(case.kind) for case in rule}
    for case in told:
        if case.names & allowed:
            return False
    return any(case.kind and _kind_root(case.kind) in kinds for case in told)


def _kind_root(kind: str) -> str:
    """One kind however a text says it: "members" and "membership" are one kind of case."""
    kind = kind.lower().rstrip("s")
    return kind.removesuffix("hip").removesuffix("s") if kind.endswith("ship") else kind
