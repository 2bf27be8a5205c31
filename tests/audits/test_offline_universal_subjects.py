"""The offline judge on "of any age" said of a claim's subject ("dogs of any age can
travel"): the claim is what follows the marker, and a source denying it for some of
them ("dogs under 6 months are not allowed to travel") contradicts it."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

FERRY = (
    "Ferry pets. Dogs may travel on the car deck for up to 12 hours. Dogs under 6 months "
    "are not allowed to travel."
)
CYCLE_PATH = (
    "Cycle path. Riders of all ages can use the riverside cycle path. Cars are not allowed "
    "on the cycle path."
)


SPA = (
    "Guest passes. Members may bring a guest to the spa up to 4 times in any month. Guests "
    "must be signed in at reception. Members are responsible for their guests' behaviour, "
    "and guests under 16 are not allowed to use the spa."
)


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can my puppy come on the ferry?",
            "Yes, dogs of any age can travel on the car deck for up to 12 hours.",
            FERRY,
        ),
        (
            "Can my 14-year-old nephew come to the spa with me?",
            "Yes, guests of any age can use the spa up to 4 times in any month if they're "
            "signed in at reception.",
            SPA,
        ),
    ],
)
def test_a_subject_of_any_age_is_contradicted_by_an_age_the_source_denies(query, response, source):
    assert not grounded(judge(query, response, source))


@pytest.mark.parametrize(
    ("query", "response", "source"),
    [
        (
            "Can my dog come on the ferry?",
            "Yes, dogs can travel on the car deck for up to 12 hours.",
            FERRY,
        ),
        (
            "Can my kids use the cycle path?",
            "Yes, riders of any age can use the riverside cycle path.",
            CYCLE_PATH,
        ),
    ],
)
def test_a_claim_no_source_denies_for_some_stays_supported(query, response, source):
    assert grounded(judge(query, response, source))
