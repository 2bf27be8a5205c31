"""The sweep's rules (SPEC §4), sampling, the daily token budget, the status command
and page, run in this process against the loopback LLM server."""

from __future__ import annotations

import io
import threading
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from audits.judges.cache import JudgeCache
from audits.judges.llm import LLMJudge
from audits.judges.offline import OfflineJudge
from audits.models import Bot, BotDailyUsage, Evaluation, Interaction, SweepState
from audits.sweep.rules import judge_input_for
from audits.sweep.services import sweep_run
from tests.factories import BotFactory
from tests.helpers import judgement
from tests.llm_server import error_reply, estimate_tokens

pytestmark = pytest.mark.django_db


@pytest.fixture
def llm(llm_settings, llm_server):
    """The LLM judge against the loopback server, four calls at a time, no retries."""
    llm_settings.KBAUDIT_JUDGE_CONCURRENCY = 4
    llm_settings.KBAUDIT_JUDGE_MAX_RETRIES = 0
    llm_server.responder = lambda request: judgement()
    return llm_server


def statuses() -> dict[str, str]:
    return dict(Interaction.objects.values_list("external_id", "status"))


class CountingJudge:
    name, model, prompt_version = OfflineJudge.name, OfflineJudge.model, OfflineJudge.prompt_version

    def __init__(self):
        self.calls = 0
        self.inner = OfflineJudge()

    def judge(self, item):
        self.calls += 1
        return self.inner.judge(item)


# --- thumbs-down -------------------------------------------------------------------------


def test_a_thumbs_down_is_insufficient_with_no_call_to_the_model(llm, interaction_due):
    interaction = interaction_due(feedback="down")
    assert sweep_run().graded == 1
    evaluation = Evaluation.objects.get(interaction=interaction)
    assert (evaluation.verdict, evaluation.cause) == ("insufficient", "user_feedback")
    assert llm.calls == 0


def test_a_later_thumbs_down_upgrades_a_sufficient_verdict_on_the_next_sweep(
    llm, interaction_due, tmp_path
):
    interaction = interaction_due(external_id="int-late")
    sweep_run()
    assert Evaluation.objects.get(interaction=interaction).verdict == "sufficient"
    path = tmp_path / "feedback.jsonl"
    path.write_text('{"id": "int-late", "bot": "store-help", "feedback": "down"}\n')
    call_command("import_interactions", str(path), "--no-progress", stdout=io.StringIO())
    summary = sweep_run()
    assert summary.upgraded == 1 and llm.calls == 1  # no second call
    evaluation = Evaluation.objects.get(interaction=interaction)
    assert (evaluation.verdict, evaluation.cause) == ("insufficient", "user_feedback")
    assert (evaluation.original_verdict, evaluation.overridden_by_feedback) == ("sufficient", True)
    assert Evaluation.objects.count() == 1


def test_a_thumbs_up_never_turns_an_insufficient_verdict_sufficient(llm, interaction_due):
    llm.responder = lambda request: judgement("insufficient", "partial")
    interaction = interaction_due()
    sweep_run()
    Interaction.objects.filter(pk=interaction.pk).update(feedback="up")
    assert sweep_run().upgraded == 0
    evaluation = Evaluation.objects.get(interaction=interaction)
    assert (evaluation.verdict, evaluation.cause) == ("insufficient", "partial")
    assert llm.calls == 1


def test_a_thumbs_down_on_an_interaction_left_unsampled_grades_it(llm, bot, interaction_due):
    Bot.objects.filter(pk=bot.pk).update(sample_percent=0)
    interaction = interaction_due()
    sweep_run()
    assert statuses()[interaction.external_id] == "skipped"
    Interaction.objects.filter(pk=interaction.pk).update(feedback="down")
    sweep_run()
    assert Evaluation.objects.get(interaction=interaction).cause == "user_feedback"
    assert llm.calls == 0


# --- sampling ----------------------------------------------------------------------------


def test_sampling_grades_the_same_share_of_interactions_on_every_run(bot, interaction_due):
    Bot.objects.filter(pk=bot.pk).update(sample_percent=25)
    for n in range(200):
        interaction_due(external_id=f"s-{n}")
    judge = CountingJudge()
    sweep_run(judge_factory=lambda bot: judge)
    first = statuses()
    sampled = {key for key, status in first.items() if status == "graded"}
    assert 30 <= len(sampled) <= 70 and judge.calls == len(sampled)
    assert (
        set(
            Interaction.objects.filter(skip_reason="not_sampled").values_list(
                "external_id", flat=True
            )
        )
        == set(first) - sampled
    )

    Evaluation.objects.all().delete()
    Interaction.objects.update(status="pending", skip_reason="")
    sweep_run(judge_factory=lambda bot: CountingJudge())
    assert statuses() == first


def test_sampling_never_skips_what_costs_no_call(bot, interaction_due):
    Bot.objects.filter(pk=bot.pk).update(sample_percent=0)
    down = interaction_due(feedback="down")
    opener = interaction_due(query="")
    asked = interaction_due()
    judge = CountingJudge()
    sweep_run(judge_factory=lambda bot: judge)
    assert statuses() == {
        down.external_id: "graded",
        opener.external_id: "graded",
        asked.external_id: "skipped",
    }
    assert judge.calls == 0


# --- the daily token budget --------------------------------------------------------------


def test_the_sweep_stops_calling_the_judge_when_the_daily_budget_is_spent(
    llm, bot, interaction_due
):
    for _ in range(10):
        interaction_due()
    per_call = _tokens_of_one_call(llm)
    Bot.objects.filter(pk=bot.pk).update(daily_token_budget=int(3.5 * per_call))

    summary = sweep_run()
    # Calls start only while the tokens spent, plus what the calls in flight will cost,
    # stay under the budget: the fourth call crosses it, no fifth one starts.
    assert llm.calls == 4 and summary.graded == 4 and summary.deferred > 0
    usage = BotDailyUsage.objects.get(bot=bot, day=timezone.localdate())
    assert usage.calls == 4 and usage.tokens == 4 * per_call
    pending = Interaction.objects.filter(status="pending")
    assert pending.count() == 6
    assert not pending.exclude(attempts=0).exists()  # waiting, not failing
    assert not pending.exclude(claim_token="").exists()

    assert sweep_run().graded == 0 and llm.calls == 4  # the bot is left alone today
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)
    assert "budget reached" in out.getvalue()

    with time_machine.travel(timezone.now() + timedelta(days=1)):
        assert sweep_run().graded == 4 and llm.calls == 8


def _tokens_of_one_call(llm) -> int:
    """What one judge call of these interactions costs, as the loopback server counts."""
    sample = Interaction.objects.first()
    result = LLMJudge.from_settings(use_cache=False).judge(judge_input_for(sample))
    llm.reset()
    llm.responder = lambda request: judgement()
    assert result.prompt_tokens > 0
    return result.prompt_tokens + result.completion_tokens


def test_tokens_are_counted_per_bot_and_day(llm, bot, other_bot, interaction_due):
    interaction_due()
    interaction_due(on_bot=other_bot)
    sweep_run()
    usage = {u.bot_id: u for u in BotDailyUsage.objects.all()}
    assert set(usage) == {bot.pk, other_bot.pk}
    assert all(
        u.calls == 1 and u.prompt_tokens > 0 and u.completion_tokens > 0 for u in usage.values()
    )
    assert sum(u.tokens for u in usage.values()) == llm.prompt_tokens + llm.completion_tokens


# --- the judge cache and the judge threads -----------------------------------------------


def test_judge_threads_leave_the_database_to_the_sweeping_thread(llm, interaction_due, monkeypatch):
    threads = set()
    for method in ("get", "put"):
        original = getattr(JudgeCache, method)

        def spy(self, *args, _original=original, **kwargs):
            threads.add(threading.current_thread().name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(JudgeCache, method, spy)
    for _ in range(8):
        interaction_due()
    assert sweep_run().graded == 8
    assert threads == {threading.current_thread().name}
    assert llm.calls == 8


def test_a_triplet_already_judged_costs_no_call_and_no_tokens(llm, bot, interaction_due):
    interaction_due(query="Can I return headphones?")
    sweep_run()
    interaction_due(query="Can I return headphones?")
    sweep_run()
    assert llm.calls == 1
    assert list(Evaluation.objects.order_by("id").values_list("cached", flat=True)) == [
        False,
        True,
    ]
    assert BotDailyUsage.objects.get(bot=bot).calls == 1


def test_a_triplet_repeated_within_one_sweep_costs_one_call(llm, llm_settings, interaction_due):
    llm_settings.KBAUDIT_JUDGE_CONCURRENCY = 1  # one after the other
    for _ in range(3):
        interaction_due(query="Can I return headphones?")
    assert sweep_run().graded == 3
    assert llm.calls == 1


def test_an_unexpected_judge_error_is_recorded_and_the_others_are_graded(interaction_due):
    class FragileJudge(CountingJudge):
        def judge(self, item):
            if "order 2?" in item.query:
                raise RuntimeError("judge bug")
            return super().judge(item)

    interactions = [interaction_due() for _ in range(3)]
    summary = sweep_run(judge_factory=lambda bot: FragileJudge())
    assert (summary.graded, summary.retried) == (2, 1)
    broken = Interaction.objects.get(pk=interactions[1].pk)
    assert (broken.status, broken.attempts) == ("pending", 1)
    assert "RuntimeError('judge bug')" in broken.last_error


def test_calls_run_concurrently_up_to_the_configured_limit(llm, interaction_due, llm_settings):
    llm_settings.KBAUDIT_JUDGE_CONCURRENCY = 4
    in_flight, peak, lock = [0], [0], threading.Lock()

    def slow(request):
        with lock:
            in_flight[0] += 1
            peak[0] = max(peak[0], in_flight[0])
        threading.Event().wait(0.2)
        with lock:
            in_flight[0] -= 1
        return judgement()

    llm.responder = slow
    for _ in range(12):
        interaction_due()
    assert sweep_run().graded == 12
    assert peak[0] == 4


# --- failures ----------------------------------------------------------------------------


def test_after_the_last_attempt_an_interaction_shows_as_failed(llm, llm_settings, interaction_due):
    llm_settings.KBAUDIT_MAX_ATTEMPTS = 2
    llm.responder = lambda request: error_reply(503, "upstream unavailable")
    interaction = interaction_due()
    assert sweep_run().retried == 1
    Interaction.objects.filter(pk=interaction.pk).update(next_attempt_at=timezone.now())
    assert sweep_run().failed == 1
    interaction.refresh_from_db()
    assert (interaction.status, interaction.attempts) == ("failed", 2)
    assert "503" in interaction.last_error and not Evaluation.objects.exists()


# --- the command -------------------------------------------------------------------------


def test_sweep_status_prints_counts_errors_tokens_last_sweep_and_heartbeat(
    llm, bot, interaction_due
):
    Bot.objects.filter(pk=bot.pk).update(daily_token_budget=1_000_000)
    broken = interaction_due()  # the oldest: swept first
    interaction_due()
    interaction_due(query="thanks!")
    llm.script(error_reply(500, "the model is overloaded"))
    llm.responder = None
    sweep_run(max_batches=1, batch_size=1)  # the first: the failing call
    llm.responder = lambda request: judgement()
    sweep_run()
    SweepState.worker_alive("worker-1@host")
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)
    text = out.getvalue()
    assert "pending 1 (retrying after a failed call: 1)" in text
    assert "graded 1" in text and "skipped 1 (small_talk 1)" in text and "failed 0" in text
    assert f"store-help/{broken.external_id} [pending, attempt 1]" in text
    assert "500" in text and "the model is overloaded" in text
    used = BotDailyUsage.objects.get(bot=bot).tokens
    assert f"store-help: {used} of 1000000" in text
    assert "last sweep: 20" in text and "graded 1" in text
    assert "worker: none needed" in text  # tests run tasks in process


def test_sweep_now_all_grades_recent_conversations_too(interaction_due, settings):
    settings.KBAUDIT_JUDGE = "offline"
    interaction_due(idle=timedelta(minutes=1))
    out = io.StringIO()
    call_command("sweep", "--now", stdout=out, stderr=io.StringIO())
    assert "graded 0" in out.getvalue()
    call_command("sweep", "--now", "--all", stdout=out, stderr=io.StringIO())
    assert Interaction.objects.get().status == "graded"


# --- the status page ---------------------------------------------------------------------


@pytest.fixture
def two_bots(bot, other_bot, interaction_due, settings):
    settings.KBAUDIT_JUDGE = "offline"
    Bot.objects.filter(pk=other_bot.pk).update(daily_token_budget=10)
    BotDailyUsage.add(
        bot_id=other_bot.pk, day=timezone.localdate(), prompt_tokens=9, completion_tokens=3
    )
    interaction_due()
    interaction_due(on_bot=other_bot)
    return bot, other_bot


def test_the_status_page_shows_an_editor_their_bots_and_the_run_button(client, alice, two_bots):
    client.force_login(alice)
    page = client.get(reverse("audits:sweep_status")).content.decode()
    assert "Store help" in page and "Seller help" not in page
    assert "Run a sweep now" in page
    assert 'href="/sweep/"' in page  # the nav links here


def test_a_writer_sees_the_page_without_the_run_button_and_cannot_post(client, bob, two_bots):
    client.force_login(bob)
    page = client.get(reverse("audits:sweep_status")).content.decode()
    assert "Store help" in page and "Run a sweep now" not in page
    assert client.post(reverse("audits:sweep_run")).status_code == 403
    assert Interaction.objects.filter(status="pending").count() == 2


def test_an_outsider_sees_only_their_own_bot_and_its_spent_budget(client, charlie, two_bots):
    client.force_login(charlie)
    page = client.get(reverse("audits:sweep_status")).content.decode()
    assert "Seller help" in page and "Store help" not in page
    assert "spent today&#x27;s judge budget" in page or "spent today's judge budget" in page


def test_an_editor_runs_a_sweep_from_the_page(
    client, alice, two_bots, django_capture_on_commit_callbacks
):
    store, seller = two_bots
    client.force_login(alice)
    # the sweep is queued once the request's writes commit
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("audits:sweep_run"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("audits:sweep_status")
    assert "Sweep started" in response.content.decode()
    # tasks run in process here; only the bots alice can see were swept
    assert dict(Interaction.objects.values_list("bot_id", "status")) == {
        store.pk: "graded",
        seller.pk: "pending",
    }


def test_the_page_refreshes_its_counts_as_a_fragment(client, alice, two_bots):
    client.force_login(alice)
    fragment = client.get(reverse("audits:sweep_status"), HTTP_HX_REQUEST="true")
    body = fragment.content.decode()
    assert 'id="sweep-status"' in body and "<html" not in body and "Run a sweep now" not in body


def test_the_page_needs_a_login(client):
    response = client.get(reverse("audits:sweep_status"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_sample_rate_and_budget_are_set_in_the_admin(admin_client, bot):
    page = admin_client.get(reverse("admin:audits_bot_change", args=[bot.pk])).content.decode()
    assert 'name="sample_percent"' in page and 'name="daily_token_budget"' in page


def test_a_deterministic_sample_depends_on_bot_and_id_only(db):
    first = BotFactory(slug="a-bot", sample_percent=50)
    ids = [f"int-{n}" for n in range(400)]
    picked = [first.is_sampled(i) for i in ids]
    assert picked == [Bot(slug="a-bot", sample_percent=50).is_sampled(i) for i in ids]
    assert 160 <= sum(picked) <= 240
    other = [Bot(slug="b-bot", sample_percent=50).is_sampled(i) for i in ids]
    assert picked != other
    assert all(Bot(slug="a-bot", sample_percent=100).is_sampled(i) for i in ids)
    assert not any(Bot(slug="a-bot", sample_percent=0).is_sampled(i) for i in ids)
    assert estimate_tokens("abcd") == 1
