"""Failed judge calls in the sweep, against the loopback server: their tokens count in
the bot's daily budget, and a bot whose calls keep failing one way is left alone for
the rest of the sweep (the breaker), as sweep --status and the status page say."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from audits.judges.llm_call import response_formats_forget
from audits.models import Bot, BotDailyUsage, Evaluation, Interaction, JudgeBreaker
from audits.sweep.services import sweep_run
from tests.conftest import judgement
from tests.llm_server import error_reply, looping_reply

pytestmark = pytest.mark.django_db


@pytest.fixture
def llm(llm_settings, llm_server):
    """The LLM judge against the loopback server, one call at a time, no retries."""
    llm_settings.KBAUDIT_JUDGE_CONCURRENCY = 1
    llm_settings.KBAUDIT_JUDGE_MAX_RETRIES = 0
    llm_settings.KBAUDIT_JUDGE_MAX_TOKENS = 0
    llm_settings.KBAUDIT_JUDGE_BREAKER_FAILURES = 5
    llm_settings.KBAUDIT_JUDGE_BREAKER_WINDOW = 8
    response_formats_forget()
    llm_server.responder = lambda request: judgement()
    yield llm_server
    response_formats_forget()


def usage_today(bot) -> BotDailyUsage:
    return BotDailyUsage.objects.get(bot=bot, day=timezone.localdate())


# --- tokens of failed calls ----------------------------------------------------------------


def test_a_cut_off_reply_leaves_the_interaction_pending_and_counts_its_tokens(
    llm, bot, interaction_due
):
    interaction = interaction_due()
    llm.responder = lambda request: looping_reply()

    summary = sweep_run()

    assert (summary.graded, summary.retried) == (0, 1)
    interaction.refresh_from_db()
    assert (interaction.status, interaction.attempts) == ("pending", 1)
    assert "cut off" in interaction.last_error
    assert not Evaluation.objects.exists()
    usage = usage_today(bot)
    spent = llm.prompt_tokens + llm.completion_tokens
    assert llm.completion_tokens == llm.requests[0]["max_tokens"]  # ran to the limit
    assert (usage.calls, usage.tokens) == (1, spent)
    assert (usage.failed_calls, usage.failed_tokens) == (1, spent)


def test_an_unparseable_reply_is_never_sufficient_and_counts_its_tokens(llm, bot, interaction_due):
    interaction_due()
    llm.responder = lambda request: "The answer is sufficient."

    sweep_run()

    assert Interaction.objects.get().status == "pending"
    assert not Evaluation.objects.filter(verdict="sufficient").exists()
    assert usage_today(bot).failed_tokens == llm.prompt_tokens + llm.completion_tokens > 0


def test_graded_and_failed_calls_are_counted_apart(llm, bot, interaction_due):
    interaction_due()
    interaction_due()
    llm.script(looping_reply())

    sweep_run()

    usage = usage_today(bot)
    assert (usage.calls, usage.failed_calls) == (2, 1)
    assert usage.tokens == llm.prompt_tokens + llm.completion_tokens
    assert 0 < usage.failed_tokens < usage.tokens


def test_failed_calls_spend_the_daily_budget(llm, bot, interaction_due):
    for _ in range(10):
        interaction_due()
    llm.responder = lambda request: looping_reply()
    sweep_run(max_batches=1, batch_size=1)
    per_call = usage_today(bot).tokens
    Interaction.objects.update(next_attempt_at=None)
    Bot.objects.filter(pk=bot.pk).update(daily_token_budget=int(2.5 * per_call))

    summary = sweep_run()

    # The first failed call is already counted; two more fit, the third crosses the budget.
    assert llm.calls == 3 and summary.deferred > 0
    assert usage_today(bot).failed_calls == 3 == usage_today(bot).calls
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)
    assert "budget reached" in out.getvalue()


def test_sweep_status_shows_what_failed_calls_cost(llm, bot, interaction_due):
    interaction_due()
    interaction_due()
    llm.script(looping_reply())
    sweep_run()
    usage = usage_today(bot)

    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)

    line = (
        f"store-help: {usage.tokens} (no budget) ({usage.failed_tokens} of them in 1 failed calls)"
    )
    assert line in out.getvalue()


def test_the_status_page_shows_failed_calls_per_bot(client, alice, llm, bot, interaction_due):
    interaction_due()
    llm.script(looping_reply())
    sweep_run()
    client.force_login(alice)

    page = client.get(reverse("audits:sweep_status")).content.decode()

    assert "Failed calls" in page
    assert f"({usage_today(bot).failed_tokens:,} tokens)" in page


# --- the breaker ---------------------------------------------------------------------------


def test_the_sweep_stops_calling_a_bot_whose_calls_keep_failing_one_way(llm, bot, interaction_due):
    for _ in range(12):
        interaction_due()
    llm.responder = lambda request: error_reply(400, "the request exceeds the context size")

    summary = sweep_run()

    assert llm.calls == 5  # the fifth failure of one kind opens the breaker
    assert (summary.retried, summary.halted, summary.graded) == (5, 7, 0)
    pending = Interaction.objects.filter(status="pending")
    assert pending.count() == 12
    assert pending.filter(attempts=0).count() == 7  # not called: no attempt counted
    assert not pending.exclude(claim_token="").exists()  # free for the next sweep
    breaker = JudgeBreaker.objects.get(bot=bot)
    assert (breaker.error_kind, breaker.failures, breaker.window) == ("http_400", 5, 5)
    assert "context size" in breaker.error
    assert "judge calls stopped for store-help" in summary.line()


def test_failures_of_different_kinds_do_not_open_the_breaker(llm, interaction_due):
    for _ in range(10):
        interaction_due()
    replies = iter([looping_reply(), error_reply(400, "bad request")] * 5)
    llm.responder = lambda request: next(replies)

    summary = sweep_run()

    assert llm.calls == 10 and summary.halted == 0
    assert not JudgeBreaker.objects.exists()


def test_a_judge_that_fails_every_other_call_keeps_being_called(llm, interaction_due):
    for _ in range(12):
        interaction_due()
    replies = iter([looping_reply(), judgement()] * 6)
    llm.responder = lambda request: next(replies)

    summary = sweep_run()

    # Never more than 4 failures among any 8 calls.
    assert llm.calls == 12 and (summary.graded, summary.halted) == (6, 0)
    assert not JudgeBreaker.objects.exists()


def test_the_breaker_leaves_other_bots_alone(llm, bot, other_bot, interaction_due):
    for _ in range(6):
        interaction_due()
    for _ in range(3):
        interaction_due(on_bot=other_bot, response="Our sellers ship within 2 days.")

    def reply(request):
        text = request["messages"][1]["content"]
        return judgement() if "sellers ship" in text else error_reply(400, "bad request")

    llm.responder = reply

    summary = sweep_run()

    assert summary.graded == 3 and summary.halted == 1
    assert list(JudgeBreaker.objects.values_list("bot__slug", flat=True)) == ["store-help"]


def test_the_status_page_and_sweep_status_say_which_judge_was_stopped_and_why(
    client, alice, llm, bot, interaction_due
):
    for _ in range(6):
        interaction_due()
    llm.responder = lambda request: error_reply(400, "the request exceeds the context size")
    sweep_run()
    client.force_login(alice)

    page = client.get(reverse("audits:sweep_status")).content.decode()
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)

    assert "Judge calls for Store help stopped" in page
    assert "5 of its last 5 calls failed the same way" in page
    assert "http_400" in page and "the request exceeds the context size" in page
    text = out.getvalue()
    assert "judge calls stopped for store-help" in text
    assert "(http_400)" in text and "left for the next sweep" in text


def test_the_next_sweep_tries_again_and_a_success_closes_the_breaker(llm, bot, interaction_due):
    for _ in range(6):
        interaction_due()
    llm.responder = lambda request: error_reply(400, "bad request")
    sweep_run()
    assert JudgeBreaker.objects.filter(bot=bot).exists()
    Interaction.objects.update(next_attempt_at=None)
    llm.responder = lambda request: judgement()

    summary = sweep_run()

    assert summary.graded == 6
    assert not JudgeBreaker.objects.exists()
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)
    assert "judge calls stopped" not in out.getvalue()


def test_a_breaker_opened_by_a_parallel_batch_of_the_sweep_stops_this_one_too(
    llm, bot, interaction_due
):
    for _ in range(6):
        interaction_due()
    opened = []

    def another_batch_opens_the_breaker(summary):
        # Stands in for a batch graded beside this one on another worker.
        if not opened:
            opened.append(
                JudgeBreaker.objects.create(
                    bot=bot,
                    opened_at=timezone.now(),
                    error_kind="timeout",
                    error="the judge call failed: Request timed out.",
                    failures=5,
                    window=5,
                )
            )

    summary = sweep_run(batch_size=2, on_batch=another_batch_opens_the_breaker)

    assert summary.graded == 2 and llm.calls == 2  # the first batch, then no more claims
    assert Interaction.objects.filter(status="pending", attempts=0).count() == 4
    # This sweep's successes do not clear what a batch beside it found.
    assert JudgeBreaker.objects.filter(bot=bot, error_kind="timeout").exists()
