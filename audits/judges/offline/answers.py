"""What a short answer to a question names and picks, read against the passage.

An answer built from a passage's own words can still claim what the passage never
says: a name pieced together from the halves of two names it gives ("Lake Erie State
Park" beside "Presque Isle State Park" and "Lake Erie"), a title it never writes ("Brer
Rabbit's Adventure" beside "The Adventures of Brer Rabbit"), or, asked to choose between
things the question names, the one the passage does not say it of.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kbaudit.text.tokens import content_stems, word_list

from .decompose import Fact
from .questions import QUESTION_FILLER
from .sources import PreparedSource, SourceSentence, lower_case_stems
from .values import Problem, subject_stems

# "In 2007, he was inducted ...": a sentence going on about what the one before names.
_PRONOUN_RE = re.compile(r"\b(?:he|she|it|they|his|her|its|their)\b", re.IGNORECASE)


# Two or more capitalised words in a row, with the small words a title writes between
# them: "Lake Erie State Park", "Rainbow Estate", "The Best of Harbour Lights".
_NAME_RUN_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:(?:of|the|and|de)\s+)*[A-Z][\w'’-]*)+")


def names_written(fact: Fact, sources: Sequence[PreparedSource], question: str) -> bool:
    """Each name of several words the fact gives is one the sources or the question
    give: written so, its words in that order, or made of names they give whole ("the
    Lite Europe rate" of "Lite" and "Europe"). Words no source uses are left to the
    other checks ("Elvis Presley" beside "Presley", the customer's "Studio Backlot
    Tour" beside "the Backlot Tour"). A title it gives whole must be written too (see
    :func:`_title_written`)."""
    texts = [source.plain for source in sources] + [question]
    known = frozenset().union(*(source.stems for source in sources))
    for match in _NAME_RUN_RE.finditer(fact.text):
        name = tuple(token for token in content_stems(match.group()) if token in known)
        if len(name) < 2 or any(written(name, text) for text in texts):
            continue
        if any(_shortened(name, run) for run in _name_runs(tuple(texts[:-1]))):
            continue
        pieces = _whole_names(tuple(texts[:-1])) | _whole_names((question,), words=False)
        if not _made_of(name, pieces):
            return False
    return all(_title_written(title, texts) for title in _titles(fact))


# A title in quotation marks: "Brer Rabbit's Adventure", “Export all data”.
_QUOTED_RE = re.compile(r"[\"“]([^\"“”]{3,80})[\"”]")
# Words a title writes in lower case between its capitalised ones ("The Lord of the Rings").
_TITLE_GLUE = frozenset(word_list("a an and at by for in of on or the to with"))


def _titles(fact: Fact) -> list[tuple[str, bool]]:
    """The titles a fact gives whole, each with whether it is quoted: a quoted one must
    be written so, a bare answer written as a title ("The Singer and the Producer") may
    be made of names the passage gives whole."""
    titles = [(match.group(1), True) for match in _QUOTED_RE.finditer(fact.text)]
    words = fact.text.strip(" .!?").split()
    title_case = all(word[:1].isupper() or word.lower() in _TITLE_GLUE for word in words)
    if fact.bare and len(words) > 1 and not titles and title_case:
        titles.append((" ".join(words), False))
    return titles


def _title_written(title: tuple[str, bool], texts: Sequence[str]) -> bool:
    """The sources or the question write the title, its words in that order; one not
    quoted may be made of names they give whole ("Anna Kowalski" of "Anna" and
    "Kowalski"), but not of the passage's lower-case words ("The Singer and the
    Producer" beside "a singer" and "The Producers")."""
    text, quoted = title
    name = content_stems(text)
    if len(name) < 2 or any(written(name, own) for own in texts):
        return True
    return not quoted and _made_of(name, _whole_names(tuple(texts), words=False))


def _shortened(name: tuple[str, ...], run: tuple[str, ...]) -> bool:
    """The name is one of the passage's with words left out of its middle: "Kurt Cobain"
    of "Kurt Donald Cobain", its first and last words the run's and the rest in order."""
    if len(run) <= len(name) or name[0] != run[0] or name[-1] != run[-1]:
        return False
    remaining = iter(run[1:-1])
    return all(token in remaining for token in name[1:-1])


@lru_cache(maxsize=4096)
def _name_runs(texts: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    return frozenset(
        content_stems(match.group())
        for text in texts
        for match in _CAPITALISED_RUN_RE.finditer(text)
    )


@lru_cache(maxsize=65536)
def written(name: tuple[str, ...], text: str) -> bool:
    """The text has the name's words in that order, one after another."""
    stems = content_stems(text)
    if not name or name[0] not in stems:
        return False
    size = len(name)
    return any(
        stems[start : start + size] == name for start, token in enumerate(stems) if token == name[0]
    )


@lru_cache(maxsize=4096)
def _whole_names(texts: tuple[str, ...], *, words: bool = True) -> frozenset[tuple[str, ...]]:
    """The names the texts give, each as a whole (a run of capitalised words), and with
    ``words``, for a text written all in lower case (which names nothing), each of its
    words as a piece a name may be made of. A passage that writes its names in capitals
    and a word in lower case gives no name of that word: "Lake Erie Peninsula" is not
    pieced from "Lake Erie" and "a sandy peninsula". A question's words are never
    pieces: the customer's "state park" makes no name of "Lake Erie State Park"."""
    names: set[tuple[str, ...]] = set()
    for text in texts:
        runs = {content_stems(match.group()) for match in _CAPITALISED_RUN_RE.finditer(text)}
        capitalised = frozenset(token for run in runs for token in run)
        names |= runs
        if words and not _NAME_INSIDE_RE.search(text):
            names |= {(token,) for token in lower_case_stems(text) - capitalised}
    return frozenset(names)


# A capitalised word inside a sentence, as names are written.
_NAME_INSIDE_RE = re.compile(r"[^.!?\s]\s+[A-Z]")


_CAPITALISED_RUN_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


def _made_of(name: tuple[str, ...], pieces: frozenset[tuple[str, ...]]) -> bool:
    """The name splits into consecutive pieces, each one of ``pieces``."""
    ends = {0}
    for end in range(1, len(name) + 1):
        if any(name[start:end] in pieces for start in ends if start < end):
            ends.add(end)
    return len(name) in ends


# A question choosing between things it names: "X or Y?", "between X and Y, which ...".
_CHOICE_RE = re.compile(r"\b(?:or|between|which one|which of)\b", re.IGNORECASE)
# Up to this share of the question's words, the sentences about a thing do not say
# what the question asks of it.
CHOICE_UNSAID = 0.5
# A sentence about the other thing saying this share of what the question asks says it
# of that one, when the sentences about the one picked say none of it.
CHOICE_MOSTLY = 0.8


def choice_problem(
    fact: Fact, sources: Sequence[PreparedSource], question: str, question_stems: frozenset[str]
) -> Problem | None:
    """The question asks which of the things it names is so ("which airport is in
    Tennessee, X or Y?") and the fact picks one whose sentences do not say so, while a
    sentence about the other says all of it (or most of it, where the picked one's
    sentences say none): the passage says it of the other one."""
    if fact.negated or not _CHOICE_RE.search(question):
        return None
    options = options_offered(question)
    picked = [option for option in options if written(option, fact.text)]
    if len(picked) != 1:
        return None
    named = frozenset(token for option in options for token in option)
    # "X and Y are both weeklies, but which one is owned by Z?": what it asks is Z's.
    asking = list(_WH_WORD_RE.finditer(question))
    words = frozenset(content_stems(question[asking[-1].start() :])) if asking else question_stems
    asked = subject_stems(words) - named - QUESTION_FILLER
    if not asked:
        return None
    others = [option for option in options if option != picked[0]]
    said_of_picked, _ = _said_of(picked[0], others, asked, sources, continued=True)
    for other in others:
        said, passage = _said_of(other, [picked[0]], asked, sources, continued=True)
        if (said == 1.0 and said_of_picked <= CHOICE_UNSAID) or (
            said >= CHOICE_MOSTLY and not said_of_picked
        ):
            return Problem("contradicts_source", passage[1].text, passage[0])
    return None


_WH_WORD_RE = re.compile(r"\b(?:what|which|who|whose|where)\b", re.IGNORECASE)


def options_offered(question: str) -> list[tuple[str, ...]]:
    """The things a question offers to choose from: names (runs of capitalised words,
    with the small words a name writes between them: "Statue of Liberty") joined by "or"
    or "and" ("David Lee Roth or Cia Berg", "the Eiffel Tower or the Statue of
    Liberty", '"Friends" or "Seinfeld"')."""
    runs = list(_OPTION_RUN_RE.finditer(question))
    pairs = {"or": [], "and": []}
    for first, second in zip(runs, runs[1:], strict=False):
        joined = _JOINED_RE.fullmatch(question[first.end() : second.start()])
        if joined:
            pairs[joined.group(1).lower()].append((first, second))
    # "Rock and Roll Hall of Fame, David Lee Roth or Cia Berg": "or" offers the choice.
    found: list[tuple[str, ...]] = []
    for match in (match for pair in pairs["or"] or pairs["and"] for match in pair):
        option = content_stems(match.group())
        if option and option not in found:
            found.append(option)
    return found


_JOINED_RE = re.compile(r"[\"”]?,?\s+(or|and)\s+(?:the\s+)?[\"“]?", re.IGNORECASE)
# A name in a question: capitalised words, with "of", "the", "de" between them.
_OPTION_RUN_RE = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:(?:of|the|de|du|von|van)\s+)*[A-Z][\w'’-]*)*")


def _said_of(
    option: tuple[str, ...],
    others: Sequence[tuple[str, ...]],
    asked: frozenset[str],
    sources: Sequence[PreparedSource],
    *,
    continued: bool = False,
) -> tuple[float, tuple[int, SourceSentence] | None]:
    """The share of the asked words the best sentence naming the option (and none of
    the others) says, and that sentence; ``continued``: a sentence going on about it
    ("In 2007, he was inducted ...") counts too."""
    best, found = 0.0, None
    for index, source in enumerate(sources):
        for position, sentence in enumerate(source.sentences):
            about = written(option, sentence.text)
            if not about and continued and position and _PRONOUN_RE.search(sentence.text):
                previous = source.sentences[position - 1].text
                # The sentence before names the option and none of the others.
                about = written(option, previous) and not any(
                    written(other, previous) for other in others
                )
            if not about or any(written(other, sentence.text) for other in others):
                continue
            share = len(asked & (sentence.stems - set(option))) / len(asked)
            if found is None or share > best:
                best, found = share, (index, sentence)
    return best, found
