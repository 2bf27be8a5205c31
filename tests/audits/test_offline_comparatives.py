"""The offline judge on a comparison of two names turned the other way round."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


MOONS = (
    "Northmoon is the largest moon of the planet Harbour. Northmoon has a diameter of "
    "5,268 km, about 8% larger than the planet Tide."
)


def test_it_flags_the_comparison_turned_round():
    query = "Is Northmoon larger than the planet Tide?"

    assert not grounded(judge(query, "No, Tide is larger than Northmoon.", MOONS))


def test_it_passes_the_comparison_the_way_the_passage_makes_it():
    query = "Is Northmoon larger than the planet Tide?"

    assert grounded(judge(query, "Yes, Northmoon is larger than Tide.", MOONS))
