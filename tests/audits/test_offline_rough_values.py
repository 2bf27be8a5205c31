"""The offline judge on values said roughly: "about 400 miles" may stand for 386, never
"about 386 miles" for 375."""

from __future__ import annotations

from audits.judges.offline.values import _rounder
from kbaudit.text.quantities import extract_quantities
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge


def test_a_rough_value_must_be_rounder_than_the_exact_one():
    exact = extract_quantities("375 mi")[0]

    assert not _rounder(extract_quantities("386 miles")[0], exact)
    assert _rounder(extract_quantities("400 miles")[0], exact)
    assert _rounder(extract_quantities("10 pounds")[0], extract_quantities("£9.99")[0])


RIVER = "Rivers. The Powder River is 375 miles long."


def test_approximately_a_rounder_length_is_supported():
    result = judge("How long is the Powder River?", "It is about 380 miles long.", RIVER)

    assert grounded(result)


def test_approximately_a_length_no_rounder_than_the_stated_one_is_not_supported():
    result = judge("How long is the Powder River?", "It is about 386 miles long.", RIVER)

    assert not grounded(result)
