from __future__ import annotations

import io
import json
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse

from audits.judges.base import METRICS
from audits.models import Evaluation, EvaluationRun, Interaction
from audits.offline_runs import bootstrap
from audits.offline_runs.baselines import baseline_for
from audits.offline_runs.bootstrap import mean_estimate, paired_estimates, unpaired_estimates
from audits.offline_runs.comparison import Graded, evaluations_compare, pairs_match, run_comparison
from audits.sweep.services import sweep_run
from content.analytics.rollups import rollup_rebuild
from content.models import ArticleDayRollup, BotDayRollup, ReviewItem, TopicDayRollup
from content.review.flags import content_flags_update, failing_topic
from tests.audits.replays import graded_answer, question
from tests.factories import (
    BASE_TIME,
    ArticleFactory,
    ArticleVersionFactory,
    EvaluationFactory,
)

# --- the bootstrap ------------------------------------------------------------------------


def test_the_bootstrap_gives_the_same_interval_for_the_same_values():
    rng = random.Random(3)
    values = [rng.choice([0, 0.5, 1]) for _ in range(200)]
    first, again = mean_estimate(values=values), mean_estimate(values=values)
    assert first == again
    assert first.low < first.mean < first.high and first.n == 200
    assert mean_estimate(values=values, seed=1) != first  # another stream, other draws


def test_the_interval_narrows_as_the_sample_grows():
    rng = random.Random(5)
    small = mean_estimate(values=[rng.random() for _ in range(50)])
    large = mean_estimate(values=[rng.random() for _ in range(5000)])
    assert large.high - large.low < (small.high - small.low) / 5
    assert 0.48 < large.mean < 0.52


def test_counting_distinct_values_resamples_like_drawing_rows(monkeypatch):
    """The shortcut for few distinct values draws from the same distribution as
    resampling the rows one by one: both give the same interval, to sampling error."""
    rng = random.Random(7)
    values = [rng.choice([0, 1 / 3, 0.5, 2 / 3, 1]) for _ in range(400)]
    by_counts = mean_estimate(values=values, resamples=20000)
    monkeypatch.setattr(bootstrap, "FEW_DISTINCT", 10**9)
    by_rows = mean_estimate(values=values, resamples=20000)
    assert by_counts.mean == by_rows.mean
    assert by_counts.low == pytest.approx(by_rows.low, abs=0.004)
    assert by_counts.high == pytest.approx(by_rows.high, abs=0.004)


def test_the_paired_difference_is_the_difference_of_the_means():
    baseline = [0.5, 1.0, 0.5, 1.0] * 10
    candidate = [1.0, 1.0, 0.5, 1.0] * 10
    before, after, difference = paired_estimates(baseline=baseline, candidate=candidate)
    assert difference.mean == pytest.approx(after.mean - before.mean) == pytest.approx(0.125)
    assert difference.above_zero and difference.n == 40
    with pytest.raises(ValueError):
        paired_estimates(baseline=[1.0], candidate=[])


def test_an_unpaired_comparison_leaves_nulls_out_and_needs_both_sides():
    before, after, difference = unpaired_estimates(before=[0.5, None, 0.7], after=[0.9, 0.9])
    assert before.n == 2 and before.mean == pytest.approx(0.6)
    assert difference.mean == pytest.approx(0.3) and difference.n == 4
    assert unpaired_estimates(before=[None], after=[1.0])[2].mean is None
    assert mean_estimate(values=[]).mean is None and mean_estimate(values=[0.4]).low == 0.4


# --- pairing ------------------------------------------------------------------------------


def answer(interaction_id: int, when: int, *, bot_id: int = 1, key: str = "k", sp: float = 1.0):
    return Graded(
        interaction_id=interaction_id,
        bot_id=bot_id,
        query_key=key,
        occurred_at=BASE_TIME + timedelta(days=when),
        verdict="sufficient",
        judge="offline",
        metrics=(sp, *([1.0] * (len(METRICS) - 1))),
    )


def test_a_candidate_pairs_with_the_most_recent_baseline_answer_to_its_question():
    baseline = [answer(1, 0), answer(2, 5), answer(3, 2), answer(4, 9, key="other")]
    pairs, unpaired = pairs_match(candidates=[answer(10, 6), answer(11, 6)], baseline=baseline)
    assert [(p.candidate.interaction_id, p.baseline.interaction_id) for p in pairs] == [
        (10, 2),
        (11, 2),
    ]
    assert unpaired == []
    # the order rows come in does not matter
    assert (
        pairs_match(candidates=[answer(11, 6), answer(10, 6)], baseline=baseline[::-1])[0] == pairs
    )


def test_a_question_is_paired_only_within_its_bot():
    pairs, unpaired = pairs_match(
        candidates=[answer(10, 0, bot_id=2), answer(11, 0, key="")],
        baseline=[answer(1, 0, bot_id=1), answer(2, 0, bot_id=2, key="")],
    )
    assert pairs == [] and [row.interaction_id for row in unpaired] == [10, 11]


@pytest.mark.django_db
def test_queries_pair_by_their_normalised_text_through_the_importer(bot, tmp_path):
    def record(external_id: str, query: str) -> dict:
        return {
            "id": external_id,
            "bot": bot.slug,
            "timestamp": "2026-11-02T14:03:11Z",
            "query": query,
            "response": "You can return headphones within 30 days of delivery.",
            "sources": [{"article_id": "kb-returns", "text": "30 days."}],
        }

    production = tmp_path / "production.jsonl"
    production.write_text(
        json.dumps(record("p-1", "How long do I have to return headphones?")) + "\n"
    )
    replay = tmp_path / "replay.jsonl"
    replay.write_text(json.dumps(record("r-1", "how long do i have to return headphones")) + "\n")
    call_command("import_interactions", str(production), "--no-progress", stdout=io.StringIO())
    call_command(
        "import_interactions", str(replay), "--run", "r", "--no-progress", stdout=io.StringIO()
    )
    original = Interaction.objects.get(run__isnull=True)
    replayed = Interaction.objects.get(run__name="r")
    assert original.query_key == replayed.query_key != ""
    for interaction in (original, replayed):
        EvaluationFactory(interaction=interaction)
    run = EvaluationRun.objects.get(name="r")
    comparison = run_comparison(run=run, baseline=baseline_for(run=run, bot_ids=[bot.pk]))
    assert comparison.n_pairs == 1 and comparison.pairs[0].baseline.interaction_id == original.pk


@pytest.mark.django_db
def test_rule_and_thumbs_down_grades_are_left_out_and_a_later_thumbs_down_keeps_the_judge_verdict(
    bot,
):
    run = EvaluationRun.objects.create(name="r")
    graded_answer(bot=bot, query=question(0), judge="feedback", metrics=dict.fromkeys(METRICS))
    graded_answer(bot=bot, query=question(0), run=run)
    overridden = graded_answer(bot=bot, query=question(1))
    Evaluation.objects.filter(interaction=overridden).update(
        verdict="insufficient", original_verdict="sufficient", overridden_by_feedback=True
    )
    graded_answer(bot=bot, query=question(1), run=run)
    comparison = run_comparison(run=run, baseline=baseline_for(run=run, bot_ids=[bot.pk]))
    assert comparison.n_pairs == 1 and comparison.unpaired == 1
    assert comparison.pairs[0].baseline.verdict == "sufficient"


# --- the baseline window ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_default_window_is_the_month_before_the_run_through_its_last_answer(bot):
    run = EvaluationRun.objects.create(name="r")
    graded_answer(bot=bot, query=question(0), run=run, timestamp=BASE_TIME)
    graded_answer(bot=bot, query=question(0), run=run, timestamp=BASE_TIME + timedelta(days=2))
    inside = graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME - timedelta(days=10))
    graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME - timedelta(days=40))
    graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME + timedelta(days=5))
    baseline = baseline_for(run=run, bot_ids=[bot.pk])
    assert baseline.since.date() == (BASE_TIME - timedelta(days=30)).date()
    assert baseline.until.date() == (BASE_TIME + timedelta(days=3)).date()
    assert baseline.describe() == (
        "production 2026-10-03 to 2026-11-04 "
        "(default: 30 days before the run's first answer to its last)"
    )
    comparison = run_comparison(run=run, baseline=baseline)
    assert {p.baseline.interaction_id for p in comparison.pairs} == {inside.pk}


@pytest.mark.django_db
def test_without_production_in_the_window_all_production_is_the_baseline(bot):
    run = EvaluationRun.objects.create(name="r")
    graded_answer(bot=bot, query=question(0), run=run, timestamp=BASE_TIME)
    old = graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME - timedelta(days=100))
    baseline = baseline_for(run=run, bot_ids=[bot.pk])
    assert baseline.since is None and baseline.until is None
    assert baseline.describe().startswith("all production (no production traffic in the 30 days")
    comparison = run_comparison(run=run, baseline=baseline)
    assert comparison.pairs[0].baseline.interaction_id == old.pk


@pytest.mark.django_db
def test_since_and_until_choose_the_window_until_inclusive(bot):
    run = EvaluationRun.objects.create(name="r")
    graded_answer(bot=bot, query=question(0), run=run, timestamp=BASE_TIME)
    first_day = graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME - timedelta(days=3))
    graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME - timedelta(days=1))
    day = (BASE_TIME - timedelta(days=3)).date()
    baseline = baseline_for(run=run, bot_ids=[bot.pk], since=day, until=day)
    assert baseline.describe() == f"production {day} to {day}"
    comparison = run_comparison(run=run, baseline=baseline)
    assert comparison.pairs[0].baseline.interaction_id == first_day.pk


# --- what changed -------------------------------------------------------------------------


@pytest.mark.django_db
def test_verdict_changes_regressions_and_retrieved_articles(bot):
    run = EvaluationRun.objects.create(name="r")
    graded_answer(bot=bot, query=question(0), articles=("kb-returns", "kb-newsletter"))
    worse = graded_answer(
        bot=bot,
        query=question(0),
        run=run,
        verdict="insufficient",
        metrics={"groundedness": 0.2, "source_precision": 0.7},
        articles=("kb-returns", "kb-returns-howto"),
    )
    graded_answer(bot=bot, query=question(1), verdict="insufficient")
    graded_answer(
        bot=bot,
        query=question(1),
        run=run,
        metrics={"response_query_coverage": 0.5},
        articles=("kb-returns", "kb-returns-howto"),
    )
    graded_answer(bot=bot, query=question(2))
    graded_answer(bot=bot, query=question(2), run=run)
    comparison = run_comparison(run=run, baseline=baseline_for(run=run, bot_ids=[bot.pk]))
    verdicts = comparison.verdicts
    assert [p.candidate.interaction_id for p in verdicts.worse] == [worse.pk]
    assert len(verdicts.better) == 1 and verdicts.still_sufficient == 1
    first, second = comparison.regressions
    assert first.pair.candidate.interaction_id == worse.pk
    assert first.metric == "groundedness" and first.drop == pytest.approx(0.7)
    assert first.total == pytest.approx(0.9) and first.query == question(0)
    assert second.metric == "response_query_coverage"
    assert [(s.article_key, s.change) for s in comparison.gained] == [("kb-returns-howto", 2)]
    assert [(s.article_key, s.change) for s in comparison.lost] == [("kb-newsletter", -1)]
    assert comparison.queries[worse.pk] == question(0)


# --- a run stays out of production --------------------------------------------------------

RETURNS = (
    "You can return most items within 30 days of delivery. If we shipped the wrong item, "
    "you have 45 days to return it."
)


def import_bad_answers(bot, path, *args: str, count: int = 24) -> None:
    """Answers that give an ordinary return the wrong-item window, with a stray source,
    imported through the importer: enough of them flag the returns article."""
    records = [
        {
            "id": f"{path.stem}-{i}",
            "bot": bot.slug,
            "timestamp": (BASE_TIME + timedelta(hours=i)).isoformat(),
            "query": "How long do I have to return headphones? Is there a restocking fee?",
            "response": "You can return it within 45 days. There is no restocking fee.",
            "sources": [
                {"article_id": "kb-returns", "title": "Returns policy", "text": RETURNS},
                {
                    "article_id": "kb-newsletter",
                    "title": "Newsletter",
                    "text": "Subscribe to our newsletter for offers. Unsubscribe any time.",
                },
            ],
        }
        for i in range(count)
    ]
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    call_command("import_interactions", str(path), "--no-progress", *args, stdout=io.StringIO())


def rollup_rows() -> list:
    """Every rollup row, without the ids a rebuild renews."""
    return [
        sorted(
            repr(sorted((k, v) for k, v in row.items() if k != "id"))
            for row in model.objects.values()
        )
        for model in (ArticleDayRollup, BotDayRollup, TopicDayRollup)
    ]


@pytest.mark.django_db
def test_a_run_of_bad_answers_changes_no_rollup_and_raises_no_review_item(
    bot, tmp_path, settings, django_capture_on_commit_callbacks
):
    settings.KBAUDIT_JUDGE = "offline"
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=article, body=RETURNS)
    graded_answer(bot=bot, query=question(0), timestamp=BASE_TIME)
    rollup_rebuild(bot=bot)
    before = rollup_rows()
    # graded by the sweep, whose signal refreshes the rollups and flags of the days it
    # touched (the run's days are production's days too)
    with django_capture_on_commit_callbacks(execute=True):
        import_bad_answers(bot, tmp_path / "replay.jsonl", "--run", "bad")
        sweep_run(idle_minutes=None, bot_ids=[bot.pk])
    bad = Evaluation.objects.filter(interaction__run__name="bad")
    assert bad.count() == 24 and not bad.filter(verdict="sufficient").exists()
    content_flags_update(bot=bot, min_sample=10)
    assert rollup_rows() == before
    assert not ReviewItem.objects.exists()
    # the same answers as production traffic raise an item: a leak would have shown
    with django_capture_on_commit_callbacks(execute=True):
        import_bad_answers(bot, tmp_path / "production.jsonl")
        sweep_run(idle_minutes=None, bot_ids=[bot.pk])
    content_flags_update(bot=bot, min_sample=10)
    assert rollup_rows() != before
    assert ReviewItem.objects.filter(article=article).exists()


@pytest.mark.django_db
def test_a_review_items_topic_comes_from_production_answers_only(bot):
    article = ArticleFactory(external_id="kb-returns")
    run = EvaluationRun.objects.create(name="r")
    for i, (topic, on_run) in enumerate([("returns", False)] + [("pricing", True)] * 3):
        interaction = graded_answer(
            bot=bot,
            query=question(i),
            run=run if on_run else None,
            verdict="insufficient",
            timestamp=BASE_TIME + timedelta(minutes=i),
        )
        Evaluation.objects.filter(interaction=interaction).update(topic=topic)
    day = BASE_TIME.date().isoformat()
    assert failing_topic(bot, article.pk, [day, day]) == "returns"


# --- the check after a rewrite ------------------------------------------------------------


@pytest.mark.django_db
def test_evaluations_compare_takes_querysets_or_lists(bot):
    for value in (0.5, 0.7):
        graded_answer(bot=bot, query=question(0), metrics={"groundedness": value})
    evaluations = Evaluation.objects.all()
    shifts = evaluations_compare(before=evaluations, after=list(evaluations))
    groundedness = next(s for s in shifts if s.metric == "groundedness")
    assert groundedness.before.mean == pytest.approx(0.6) and groundedness.after.n == 2
    assert groundedness.difference.mean == pytest.approx(0)


@pytest.fixture
def rewritten(bot):
    """kb-returns rewritten on BASE_TIME: 30 answers before at groundedness 0.5 or 0.7
    (mean 0.6), 25 after at 1.0 or 0.9 (mean 0.952)."""
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=article, live_from=BASE_TIME - timedelta(days=90))
    ArticleVersionFactory(article=article, number=2, body="New text", live_from=BASE_TIME)
    for i in range(30):
        graded_answer(
            bot=bot,
            query=question(i),
            timestamp=BASE_TIME - timedelta(days=1, hours=i),
            metrics={"groundedness": 0.5 if i % 2 else 0.7},
        )
    for i in range(25):
        graded_answer(
            bot=bot,
            query=question(i),
            timestamp=BASE_TIME + timedelta(hours=i),
            metrics={"groundedness": 0.9 if i % 2 else 1.0},
        )
    return article


@pytest.mark.django_db
def test_the_article_page_shows_the_recovery_with_intervals_and_sample_sizes(
    client, bob, bot, rewritten
):
    client.force_login(bob)
    response = client.get(reverse("content:article_detail", args=[rewritten.pk]))
    html = response.content.decode()
    assert "Did the rewrite help?" in html
    assert "30 graded answers before, 25 after" in html
    recovery = response.context["recovery"]
    row = next(r for r in recovery.rows() if r["metric"] == "groundedness")
    assert (row["before"].n, row["after"].n) == (30, 25)
    assert row["delta"].mean == pytest.approx(0.952 - 0.6) and row["delta"].above_zero
    assert recovery.before["groundedness"] == pytest.approx(0.6)  # the window's mean, as before
    assert "Before [95% CI]" in html and "Change [95% CI]" in html
    assert f"[{row['before'].low:.2f}, {row['before'].high:.2f}]" in html
    assert f"[{row['delta'].low:.2f}, {row['delta'].high:.2f}]" in html
    assert '<td class="num">30</td>' in html and '<td class="num">25</td>' in html
