"""Building an offline judge makes full garbage collections rarer, and only that."""

from __future__ import annotations

import gc

import pytest

from audits.judges.offline import OfflineJudge
from audits.judges.offline.judge import OLDEST_GENERATION_THRESHOLD


@pytest.fixture
def thresholds():
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_building_a_judge_collects_the_oldest_generation_less_often(thresholds):
    gc.set_threshold(700, 10, 10)
    OfflineJudge()
    assert gc.get_threshold() == (700, 10, OLDEST_GENERATION_THRESHOLD)


def test_a_higher_threshold_the_process_set_is_kept(thresholds):
    gc.set_threshold(1000, 20, 500)
    OfflineJudge()
    OfflineJudge()
    assert gc.get_threshold() == (1000, 20, 500)


def test_a_judge_built_again_grades_as_the_first(thresholds):
    from audits.judges.base import JudgeInput, SourceText

    item = JudgeInput(
        query="How long does the ferry crossing take?",
        response="The crossing takes 90 minutes.",
        sources=[SourceText(rank=1, text="The ferry crossing takes 90 minutes.", title="Ferry")],
    )
    first = OfflineJudge().judge(item).model_dump(exclude={"latency_ms"})
    assert OfflineJudge().judge(item).model_dump(exclude={"latency_ms"}) == first
