"""Reading a catalogue line: does a sentence's condition reading hold what it is labelled with.

A label is ``none`` (the sentence states no case), words that one condition's key words
must hold ("blue badge"), ``=N`` for a bound one condition must carry as a value
("=50" for "on orders over £50"), or ``!words`` for an exception that must not be read
as the case the sentence's values hold for ("except the garden suites").
"""

from __future__ import annotations

from pathlib import Path

from kbaudit.text.conditions import _LIGHT, Condition, sentence_conditions
from kbaudit.text.tokens import content_stems, digits_for_number_words

DATA = Path(__file__).parent / "data"


def catalogue(name: str) -> list[tuple[str, str]]:
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            sentence, label = line.split("\t")
            rows.append((sentence, label))
    return rows


def _holds(condition: Condition, label: str) -> bool:
    if label.startswith("="):
        bound = label[1:]
        return any(bound in own.text for own in condition.quantities)
    # Words every condition shares ("time", "order") are no part of what tells it apart.
    return frozenset(content_stems(label)) - _LIGHT <= condition.key_stems


def read_as_labelled(sentence: str, label: str) -> bool:
    conditions = sentence_conditions(digits_for_number_words(sentence))
    if label == "none":
        return not conditions
    if label.startswith("!"):
        excepted = frozenset(content_stems(label[1:]))
        return not any(excepted & condition.key_stems for condition in conditions)
    return any(_holds(condition, label) for condition in conditions)
