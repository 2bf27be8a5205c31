"""Calibration arithmetic: judge labels against human labels."""

from __future__ import annotations

import pytest

from audits.calibration.agreement import (
    NEGATIVE_LABELS,
    calibration_stats,
    cohen_kappa,
    human_label,
    label_from_result,
)


def test_it_computes_agreement_precision_recall_f1_and_kappa_for_the_failure_class():
    pairs = (
        [("no", "no")] * 40 + [("no", "yes")] * 10 + [("yes", "no")] * 20 + [("yes", "yes")] * 30
    )

    stats = calibration_stats(pairs, negative="no")

    assert stats.n == 100
    assert stats.agreement == 0.7
    assert stats.precision == 0.8
    assert stats.recall == pytest.approx(40 / 60)
    assert stats.f1 == pytest.approx(2 * 0.8 * (40 / 60) / (0.8 + 40 / 60))
    # Expected agreement: 0.5 * 0.6 + 0.5 * 0.4 = 0.5, so kappa = (0.7 - 0.5) / 0.5.
    assert stats.kappa == pytest.approx(0.4)
    assert stats.confusion[("no", "yes")] == 10


def test_it_gives_kappa_one_for_perfect_agreement_over_two_labels():
    stats = calibration_stats([("yes", "yes"), ("no", "no"), ("no", "no")], negative="no")

    assert stats.agreement == 1.0
    assert stats.kappa == 1.0
    assert stats.f1 == 1.0


def test_it_leaves_kappa_undefined_when_both_sides_use_one_label():
    assert cohen_kappa({("yes", "yes"): 5}) is None


def test_it_counts_a_third_label_in_kappa_but_not_in_the_failure_class_scores():
    pairs = [("generic", "no"), ("no", "no"), ("yes", "yes"), ("yes", "generic")]

    stats = calibration_stats(pairs, negative="no")

    assert stats.precision == 1.0
    assert stats.recall == 0.5
    assert stats.agreement == 0.5
    assert stats.kappa == pytest.approx((0.5 - 5 / 16) / (1 - 5 / 16))


def test_it_leaves_scores_undefined_when_the_failure_class_never_occurs():
    stats = calibration_stats([("yes", "yes")], negative="no")

    assert stats.precision is None
    assert stats.recall is None
    assert stats.f1 is None


def test_it_returns_empty_statistics_for_no_pairs():
    stats = calibration_stats([], negative="no")

    assert stats.n == 0
    assert stats.agreement is None
    assert stats.kappa is None


@pytest.mark.parametrize(
    ("groundedness", "label"),
    [(1.0, "yes"), (0.8, "yes"), (0.75, "no"), (0.0, "no"), (None, "generic")],
)
def test_it_maps_groundedness_to_the_grounded_column(groundedness, label):
    metrics = {"groundedness": groundedness}

    assert label_from_result("grounded", metrics=metrics, verdict="sufficient") == label


@pytest.mark.parametrize(("coverage", "label"), [(1.0, "yes"), (0.5, "no"), (None, "no")])
def test_it_maps_source_query_coverage_to_the_sources_answer_column(coverage, label):
    metrics = {"source_query_coverage": coverage}

    assert label_from_result("sources_answer", metrics=metrics, verdict="sufficient") == label


def test_it_maps_the_verdict_to_sufficient_or_not():
    assert label_from_result("verdict", metrics={}, verdict="sufficient") == "sufficient"
    assert label_from_result("verdict", metrics={}, verdict="insufficient") == "insufficient"


def test_it_compares_at_the_threshold_it_is_given():
    metrics = {"groundedness": 0.6}

    assert label_from_result("grounded", metrics=metrics, verdict="", threshold=0.5) == "yes"
    assert label_from_result("grounded", metrics=metrics, verdict="", threshold=0.8) == "no"


def test_it_rejects_an_unknown_column():
    with pytest.raises(ValueError):
        label_from_result("helpful", metrics={}, verdict="sufficient")


def test_it_reads_a_cause_in_the_verdict_column_as_insufficient():
    assert human_label("verdict", "no_content") == "insufficient"
    assert human_label("verdict", " Sufficient ") == "sufficient"
    assert human_label("grounded", "YES") == "yes"


def test_it_names_the_failure_class_of_every_column():
    assert NEGATIVE_LABELS == {"grounded": "no", "verdict": "insufficient", "sources_answer": "no"}
