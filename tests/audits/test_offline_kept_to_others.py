"""A rule kept to named cases ("available on Flex fares only") says the other cases go
without, so a denial for names no source gives ("It isn't part of Light or Classic") is
supported; a denial of the named case itself, or of a thing another sentence gives
every case, is not."""

from __future__ import annotations

import pytest

from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

FARES = (
    "Boarding and seats. Priority boarding is available on Flex fares only. Once you have "
    "priority, you board first with one cabin bag. Seat selection is available on every fare."
)


@pytest.mark.parametrize(
    "response",
    [
        "Priority boarding is available on Flex fares only. It isn't part of Light or Classic.",
        "Priority boarding isn't available on Light or Classic fares.",
    ],
)
def test_a_denial_for_cases_an_only_rule_leaves_out_is_supported(response):
    assert grounded(judge("Do I get priority boarding on a Light fare?", response, FARES))


@pytest.mark.parametrize(
    "response",
    [
        "Priority boarding isn't available on Flex fares.",
        "Seat selection isn't available on Light fares.",
    ],
)
def test_a_denial_of_the_named_case_or_of_what_every_case_gets_is_not(response):
    assert not grounded(judge("Do I get priority boarding on a Light fare?", response, FARES))
