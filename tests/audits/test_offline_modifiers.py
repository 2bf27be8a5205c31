"""The offline judge on compound modifiers a passage writes straight before one name
("EU-hosted Business", "award-winning "Desert Caravan"") given to another."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Plans")


PLANS = "We offer three plans: Starter, EU-hosted Business and Enterprise. Starter suits teams of up to five."
FILMS = (
    'Ines Varga wrote the films "Salt Roads", "Winter Harbour" and award-winning "Desert Caravan".'
)


def test_it_flags_a_modifier_moved_to_another_plan():
    result = judge("Which plan is EU-hosted?", "Starter is an EU-hosted plan.", PLANS)

    assert not grounded(result)


def test_it_passes_the_modifier_on_its_own_plan():
    result = judge("Which plan is EU-hosted?", "Business is an EU-hosted plan.", PLANS)

    assert grounded(result)


def test_it_flags_a_modifier_moved_to_another_film():
    result = judge(
        "Which award-winning film did Ines Varga write?",
        "Winter Harbour was an award-winning film Ines Varga wrote.",
        FILMS,
    )

    assert not grounded(result)


def test_it_passes_the_modifier_on_its_own_film():
    result = judge(
        "Which award-winning film did Ines Varga write?",
        "Desert Caravan was an award-winning film Ines Varga wrote.",
        FILMS,
    )

    assert grounded(result)
