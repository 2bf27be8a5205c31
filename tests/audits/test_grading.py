from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from audits.judges.base import JudgeError
from audits.judges.offline import OfflineJudge
from audits.models import Evaluation, Interaction
from audits.sweep.rules import (
    conversation_histories,
    evaluation_store,
    feedback_overrides_apply,
    interaction_grade,
    judge_input_for,
)
from audits.sweep.services import interactions_claim, sweep_run
from tests.factories import InteractionFactory, RetrievedSourceFactory

pytestmark = pytest.mark.django_db

RETURNS = (
    "You can return most items within 30 days of delivery. If we shipped the wrong item, "
    "you have 45 days to return it."
)


class CountingJudge:
    """The offline judge, counting how often it is asked."""

    name, model, prompt_version = OfflineJudge.name, OfflineJudge.model, OfflineJudge.prompt_version

    def __init__(self):
        self.calls = 0
        self.inner = OfflineJudge()

    def judge(self, item):
        self.calls += 1
        return self.inner.judge(item)


class BrokenJudge:
    name, model, prompt_version = "llm", "m", "v"

    def judge(self, item):
        raise JudgeError("endpoint answered 500")


def returns_interaction(bot, **kwargs):
    interaction = InteractionFactory(bot=bot, **kwargs)
    RetrievedSourceFactory(interaction=interaction, rank=1, text=RETURNS)
    Interaction.objects.filter(pk=interaction.pk).update(n_sources=1)
    interaction.refresh_from_db()
    return interaction


def test_a_thumbs_down_is_insufficient_without_asking_the_judge(bot):
    interaction = returns_interaction(bot, feedback="down")
    judge = CountingJudge()
    outcome = interaction_grade(interaction=interaction, judge=judge)
    assert judge.calls == 0
    evaluation = outcome.evaluation
    assert (evaluation.verdict, evaluation.cause, evaluation.judge) == (
        "insufficient",
        "user_feedback",
        "feedback",
    )
    assert Interaction.objects.get(pk=interaction.pk).status == "graded"


def test_a_turn_without_a_user_question_is_sufficient_by_definition(bot):
    interaction = returns_interaction(bot, query="", response="Hi! Ask me about orders.")
    judge = CountingJudge()
    evaluation = interaction_grade(interaction=interaction, judge=judge).evaluation
    assert judge.calls == 0
    assert (evaluation.verdict, evaluation.cause, evaluation.judge) == ("sufficient", None, "rule")


def test_small_talk_is_skipped_without_a_judge_call(bot):
    interaction = returns_interaction(bot, query="thanks, that's all!", response="You're welcome!")
    judge = CountingJudge()
    outcome = interaction_grade(interaction=interaction, judge=judge)
    assert (outcome.kind, judge.calls) == ("skipped", 0)
    interaction.refresh_from_db()
    assert (interaction.status, interaction.skip_reason) == ("skipped", "small_talk")
    assert not Evaluation.objects.exists()


def test_the_judge_grades_an_ordinary_question_and_stores_its_working(bot):
    interaction = returns_interaction(
        bot,
        query="How long do I have to return headphones?",
        response="You can return headphones within 45 days of delivery.",
    )
    evaluation = interaction_grade(interaction=interaction, judge=CountingJudge()).evaluation
    assert (
        evaluation.judge == "offline" and evaluation.prompt_version == OfflineJudge.prompt_version
    )
    assert evaluation.groundedness == 0.0
    assert evaluation.details["unsupported"][0]["reason"] == "condition_misapplied"
    assert evaluation.n_facts == 1 and evaluation.n_unsupported == 1
    assert evaluation.n_sub_queries == len(evaluation.details["sub_queries"]) == 1


def test_a_verdict_is_written_once(bot):
    interaction = returns_interaction(bot)
    first = interaction_grade(interaction=interaction, judge=CountingJudge()).evaluation
    again = evaluation_store(
        interaction=interaction, result=None, judge="rule", verdict="insufficient"
    )
    assert again.pk == first.pk and again.verdict == first.verdict
    assert Evaluation.objects.count() == 1


def test_a_later_thumbs_down_upgrades_a_sufficient_verdict_and_never_the_reverse(bot):
    good = returns_interaction(
        bot, response="You can return most items within 30 days of delivery."
    )
    assert interaction_grade(interaction=good, judge=CountingJudge()).evaluation.verdict == (
        "sufficient"
    )
    flagged = returns_interaction(bot, feedback="down")
    interaction_grade(interaction=flagged, judge=CountingJudge())
    Interaction.objects.filter(pk=good.pk).update(feedback="down")
    Interaction.objects.filter(pk=flagged.pk).update(feedback="up")
    upgraded = feedback_overrides_apply()
    assert [e.interaction_id for e in upgraded] == [good.pk]
    evaluation = Evaluation.objects.get(interaction=good)
    assert (evaluation.verdict, evaluation.cause) == ("insufficient", "user_feedback")
    assert evaluation.overridden_by_feedback and evaluation.original_verdict == "sufficient"
    # a thumbs-up never turns an insufficient verdict sufficient
    assert Evaluation.objects.get(interaction=flagged).verdict == "insufficient"
    assert feedback_overrides_apply() == []


def test_a_failed_call_leaves_the_interaction_ungraded_and_backs_off(bot, settings):
    settings.KBAUDIT_MAX_ATTEMPTS = 3
    interaction = returns_interaction(bot)
    for attempt in (1, 2):
        outcome = interaction_grade(interaction=interaction, judge=BrokenJudge())
        interaction.refresh_from_db()
        assert outcome.kind == "retry"
        assert (interaction.status, interaction.attempts) == ("pending", attempt)
        assert interaction.last_error == "endpoint answered 500"
        assert interaction.next_attempt_at > timezone.now()
    outcome = interaction_grade(interaction=interaction, judge=BrokenJudge())
    interaction.refresh_from_db()
    assert outcome.kind == "failed" and interaction.status == "failed"
    assert not Evaluation.objects.exists()


def test_the_sweep_grades_idle_conversations_only(bot, settings):
    settings.KBAUDIT_IDLE_MINUTES = 30
    now = timezone.now()
    idle = returns_interaction(bot, timestamp=now - timedelta(hours=2))
    fresh = returns_interaction(bot, timestamp=now - timedelta(minutes=5))
    summary = sweep_run(idle_minutes=30, judge_factory=lambda bot: CountingJudge())
    assert summary.graded == 1
    assert Evaluation.objects.filter(interaction=idle).exists()
    assert not Evaluation.objects.filter(interaction=fresh).exists()


def test_a_failed_interaction_waits_for_its_backoff_before_the_next_sweep(bot):
    interaction = returns_interaction(bot)
    assert sweep_run(judge_factory=lambda bot: BrokenJudge()).retried == 1
    assert sweep_run(judge_factory=lambda bot: CountingJudge()).graded == 0
    Interaction.objects.filter(pk=interaction.pk).update(next_attempt_at=timezone.now())
    assert sweep_run(judge_factory=lambda bot: CountingJudge()).graded == 1


def test_two_sweeps_never_claim_the_same_rows(bot):
    for _ in range(5):
        returns_interaction(bot)
    first = interactions_claim(token="a" * 32, limit=3, idle_minutes=None)
    second = interactions_claim(token="b" * 32, limit=10, idle_minutes=None)
    assert len(first) == 3 and len(second) == 2
    assert not set(first) & set(second)


def test_export_evaluations_writes_one_line_per_evaluated_interaction(bot, tmp_path):
    returns_interaction(bot, external_id="int-a")
    returns_interaction(bot, external_id="int-b", feedback="down")
    returns_interaction(bot, external_id="int-c", query="hello!")
    sweep_run(judge_factory=lambda bot: CountingJudge())
    path = tmp_path / "out.jsonl"
    call_command("export_evaluations", str(path), stdout=io.StringIO())
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [row["id"] for row in rows] == ["int-a", "int-b"]
    assert list(rows[0]) == [
        "id",
        "bot",
        "source_precision",
        "source_query_coverage",
        "response_precision",
        "response_query_coverage",
        "groundedness",
        "self_distinctness",
        "verdict",
        "cause",
        "rationale",
        "topic",
        "judge",
    ]
    assert rows[1]["cause"] == "user_feedback" and rows[1]["source_precision"] is None


def test_the_interaction_page_shows_the_judges_working(client, bot, bob):
    interaction = returns_interaction(
        bot,
        query="How long do I have to return headphones? How long does a refund take?",
        response="You can return headphones within 45 days of delivery.",
    )
    interaction_grade(interaction=interaction, judge=CountingJudge())
    client.force_login(bob)
    page = client.get(interaction.get_absolute_url()).content.decode()
    assert "Sub-questions" in page and "How long does a refund take?" in page
    assert 'class="uncovered"' in page
    assert "applies a value outside its condition" in page
    assert "Offline judge" in page


def conversation_turns(bot, queries):
    """Interactions of one conversation, a minute apart, in the order given."""
    first = returns_interaction(bot, query=queries[0], response="Answer 0.")
    turns = [first]
    for n, query in enumerate(queries[1:], start=1):
        turns.append(
            returns_interaction(
                bot,
                conversation=first.conversation,
                query=query,
                response=f"Answer {n}.",
                timestamp=first.timestamp + timedelta(minutes=n),
            )
        )
    return turns


def test_the_judge_sees_the_last_three_earlier_turns_of_the_conversation(bot):
    turns = conversation_turns(bot, ["Q0?", "Q1?", "Q2?", "Q3?", "Q4?"])
    other = returns_interaction(bot, query="Elsewhere?")

    item = judge_input_for(turns[4])

    assert [turn.query for turn in item.history] == ["Q1?", "Q2?", "Q3?"]
    assert [turn.response for turn in item.history] == ["Answer 1.", "Answer 2.", "Answer 3."]
    assert judge_input_for(turns[0]).history == ()
    assert judge_input_for(other).history == ()


def test_histories_for_a_batch_are_read_in_one_query(bot, django_assert_num_queries):
    turns = conversation_turns(bot, ["Q0?", "Q1?", "Q2?"])

    with django_assert_num_queries(1):
        histories = conversation_histories(turns)

    assert [t.query for t in histories[turns[2].pk]] == ["Q0?", "Q1?"]
    assert histories[turns[0].pk] == ()


def test_the_interaction_page_shows_the_context_and_non_claims_the_judge_saw(client, bot, bob):
    first, follow_up = conversation_turns(
        bot,
        [
            "How long do I have to return headphones?",
            "And if you shipped the wrong item?",
        ],
    )
    Interaction.objects.filter(pk=follow_up.pk).update(
        response="Great question! If we shipped the wrong item, you have 45 days to return it."
    )
    follow_up.refresh_from_db()
    interaction_grade(interaction=follow_up, judge=CountingJudge())
    client.force_login(bob)

    page = client.get(follow_up.get_absolute_url()).content.decode()

    assert "Conversation the judge saw" in page
    assert "How long do I have to return headphones?" in page
    assert "Not counted as facts" in page and "Great question" in page
    assert "How the verdict follows from the metrics" in page
