"""A mean exactly at threshold is not below it, whatever floating point makes of the sum."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from audits.diagnostics.engine import evaluate
from audits.offline_runs.gate import GateCriteria, _metric_verdict
from content.analytics.rollups import rollup_update
from content.models import BotDayRollup
from content.review.flags import gap_severity, recovered
from kbaudit.lib.thresholds import at_or_above, below
from tests.factories import EvaluationFactory, InteractionFactory

AT_THRESHOLD = (4.0 + 5.6) / 12  # 0.7999999999999999


def test_the_sum_really_is_short_of_the_threshold_in_floating_point():
    assert AT_THRESHOLD < 0.8


def test_a_mean_at_threshold_is_not_below_it_but_one_a_hair_lower_is():
    assert not below(AT_THRESHOLD, 0.8) and at_or_above(AT_THRESHOLD, 0.8)
    assert below(0.7999, 0.8) and not at_or_above(0.7999, 0.8)
    assert not below(None, 0.8) and not at_or_above(None, 0.8)


def test_flags_do_not_call_an_article_at_threshold_a_content_gap():
    thresholds = dict.fromkeys(("source_precision", "groundedness", "source_query_coverage"), 0.8)
    at = dict.fromkeys(thresholds, AT_THRESHOLD)
    assert gap_severity(at, thresholds) is None
    assert gap_severity(dict.fromkeys(thresholds, 0.5), thresholds) == pytest.approx(0.3)
    assert recovered("content_gap", at, thresholds)


def test_diagnostics_read_a_metric_at_threshold_as_high_not_below():
    context = {"groundedness": AT_THRESHOLD, "thresholds": {"groundedness": 0.8}}
    assert evaluate({"metric": "groundedness", "is": "high"}, context) is True
    assert evaluate({"metric": "groundedness", "is": "below"}, context) is False


def test_the_gate_passes_a_candidate_mean_at_threshold():
    comparison = SimpleNamespace(
        metric="groundedness",
        threshold=0.8,
        candidate=SimpleNamespace(mean=AT_THRESHOLD),
        difference=SimpleNamespace(mean=0.0, low=0.0, high=0.0),
    )
    verdict = _metric_verdict(comparison, required=False, criteria=GateCriteria())
    assert verdict.problems == []


@pytest.mark.django_db
def test_the_share_below_threshold_counts_an_answer_at_threshold_as_meeting_it(bot):
    interaction = InteractionFactory(bot=bot)
    EvaluationFactory(interaction=interaction, groundedness=AT_THRESHOLD)
    EvaluationFactory(groundedness=0.79, interaction=InteractionFactory(bot=bot))
    rollup_update(bot=bot, days=[interaction.timestamp.date()])
    row = BotDayRollup.objects.get(bot=bot)
    assert (row.groundedness_n, row.groundedness_below) == (2, 1)
