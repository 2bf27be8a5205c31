"""Over a whole demo, graded by the offline judge, no verdict contradicts its metrics."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from audits.judges.offline.rubric import GROUNDEDNESS_FLOOR
from audits.models import Evaluation

pytestmark = pytest.mark.django_db


def test_no_sufficient_verdict_sits_beside_a_metric_that_forces_insufficient(tmp_path):
    call_command("make_demo_data", "--out", str(tmp_path), "--n", "300", stdout=io.StringIO())
    call_command("sweep", "--now", "--all", stdout=io.StringIO())

    graded = Evaluation.objects.filter(judge="offline")
    assert graded.count() >= 100
    contradicting = []
    for evaluation in graded.filter(verdict="sufficient"):
        notes = (evaluation.details or {}).get("notes") or {}
        if notes.get("off_topic"):
            continue  # a clean decline of an off-topic question stands (SPEC §3)
        unsupported = (
            evaluation.groundedness is not None
            and evaluation.groundedness < GROUNDEDNESS_FLOOR
            and not notes.get("grounded_negative")
        )
        answers_nothing = (
            evaluation.n_facts > 0
            and evaluation.response_query_coverage == 0
            and bool(evaluation.source_query_coverage)
        )
        if unsupported or answers_nothing:
            contradicting.append((evaluation.interaction_id, evaluation.rationale))
    assert contradicting == []
    # "Answers all N parts" is said only of an answer covering every part.
    for evaluation in graded.filter(rationale__startswith="Answers all"):
        assert evaluation.response_query_coverage == 1
