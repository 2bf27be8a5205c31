"""Two readings that keep a claim with the thing it is said of:

- a word two of the passage's names share ("Corps" of "Jaeger Corps" and "Frogman
  Corps") names neither alone, so a sentence
  opening on one of those names is not about the other;
- "the first single", "your second month": a place in a series, which a source giving
  the thing another place ("the third single") contradicts.
"""

from __future__ import annotations

import pytest

from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

CORPS = (
    "SOKOM was set up in 2014 to unite the Jaeger Corps and the Frogman Corps under one "
    "command. The Jaeger Corps is an elite special forces unit, formerly of the Royal "
    "Danish Army, based at Aalborg Air Base."
)
SINGLES = (
    '"Harbour Lights" is the third single from the band\'s second album, "Low Tide". The '
    "album was released on 4 May 2019."
)
TRIAL = "Trial. On the Plus plan your second month is free. After that Plus costs £5 a month."


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Which unit was formerly of the Royal Danish Army?",
            "The Frogman Corps was formerly of the Royal Danish Army.",
            CORPS,
        ),
    ],
)
def test_a_claim_moved_to_a_name_sharing_a_word_is_flagged(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Which unit was formerly of the Royal Danish Army?",
            "The Jaeger Corps was formerly of the Royal Danish Army.",
            CORPS,
        ),
    ],
)
def test_the_name_the_sentence_opens_on_keeps_its_claim(query, response, source):
    assert grounded(judge(query, response, source))


def test_a_name_written_otherwise_in_the_sentence_is_still_its_subject():
    source = (
        "The Mach 5 is the racing car Speed Racer drives in the series. Mach Go is the "
        "name of the original show."
    )
    result = judge(
        "What kind of car is the Mach Five?",
        "The Mach Five is the racing car Speed Racer drives in the series.",
        source,
    )

    assert grounded(result), result.rationale


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Which single is Harbour Lights?",
            '"Harbour Lights" is the first single from "Low Tide".',
            SINGLES,
        ),
        ("Is any month free on Plus?", "Yes, your first month is free on the Plus plan.", TRIAL),
    ],
)
def test_another_place_in_the_series_contradicts_the_source(query, response, source):
    result = judge(query, response, source)

    assert not grounded(result)
    assert [item.reason for item in result.unsupported] == ["contradicts_source"]


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Which single is Harbour Lights?",
            '"Harbour Lights" is the third single from "Low Tide".',
            SINGLES,
        ),
        ("Is any month free on Plus?", "Yes, your second month is free on the Plus plan.", TRIAL),
        # A place in another series ("second album") is not the single's place.
        ("Which album is it from?", '"Harbour Lights" is from the band\'s second album.', SINGLES),
    ],
)
def test_the_place_the_source_gives_is_supported(query, response, source):
    assert grounded(judge(query, response, source))


def test_first_and_second_are_places_only_after_a_determiner():
    read = [
        (quantity.low, quantity.unit, quantity.soft)
        for quantity in extract_quantities("Your first month is free; the second bag costs more.")
    ]

    assert (1.0, "month", True) in read
    assert (2.0, "bag", True) in read
    assert extract_quantities("First, log in. A second later it opens.") == []
    assert extract_quantities("Cancel within the first 30 days.")[0].kind == "duration"


def test_a_place_the_source_says_is_not_contradicted_by_another_sentence_of_the_series():
    source = (
        "Low Tide debuted at number one on the album chart and sold 52,000 copies in its "
        "first week, well above its predicted debut. In its second week the album sold "
        "12,900 more copies."
    )
    result = judge(
        "How well did Low Tide sell?",
        "Low Tide debuted at number one on the album chart and sold 52,000 copies in its "
        "first week, in its second week the album sold 12,900 more copies.",
        source,
    )

    assert grounded(result), result.rationale
