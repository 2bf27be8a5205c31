"""The sweep on real Celery workers: separate processes, Redis, PostgreSQL, and the
judge over HTTP (the loopback LLM server). Every test here has its own queue."""

from __future__ import annotations

import io
import json
import logging
import shutil
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from audits.models import Evaluation, Interaction, SweepState
from audits.tasks import sweep_dispatch
from tests.helpers import judgement, require_service
from tests.llm_server import Reply, completion_reply, error_reply
from tests.processes import RedisServer, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def graded_count() -> int:
    return Interaction.objects.filter(status="graded").count()


def sweep_until(condition, *, timeout: float, what: str):
    """Send a sweep every second until ``condition`` holds, as beat would (faster)."""

    def check():
        if condition():
            return True
        sweep_dispatch.delay()
        return False

    return wait_for(check, timeout=timeout, every=1.0, what=what)


def test_a_worker_grades_idle_conversations_and_leaves_fresh_ones(
    celery_cluster, llm_server, interaction_due
):
    llm_server.responder = lambda request: judgement()
    # A loaded machine may answer the loopback call late: no call may time out and be
    # asked again here, or the count of calls says nothing about the fresh interaction.
    celery_cluster.configure(KBAUDIT_JUDGE_TIMEOUT=60.0)
    idle = [interaction_due() for _ in range(3)]
    fresh = interaction_due(idle=timedelta(minutes=1))
    worker = celery_cluster.worker()
    sweep_dispatch.delay()
    wait_for(lambda: graded_count() == 3, timeout=30, what="the idle interactions graded")
    assert set(Evaluation.objects.values_list("interaction_id", flat=True)) == {i.pk for i in idle}
    fresh.refresh_from_db()
    assert fresh.status == "pending" and llm_server.calls == 3
    # the worker said it was alive, and the sweep recorded itself
    state = SweepState.load()
    assert state.worker_name.startswith(worker.name)
    assert state.last_sweep_at is not None
    out = io.StringIO()
    call_command("sweep", "--status", stdout=out)
    assert "pending 1 (" in out.getvalue() and "graded 3" in out.getvalue()
    assert f"({worker.name}@" in out.getvalue() and ", alive" in out.getvalue()


def test_a_batch_whose_worker_was_killed_is_graded_exactly_once_by_another(
    celery_cluster, llm_server, interaction_due
):
    celery_cluster.configure(KBAUDIT_SWEEP_BATCH_SIZE=10, KBAUDIT_JUDGE_CONCURRENCY=4)
    llm_server.responder = lambda request: completion_reply(judgement(), delay=0.5)
    interactions = [interaction_due() for _ in range(20)]
    first = celery_cluster.worker()
    sweep_dispatch.delay()
    wait_for(lambda: Evaluation.objects.count() >= 4, timeout=30, what="the first verdicts stored")
    first.kill()
    calls_at_kill = llm_server.calls
    stored_at_kill = Evaluation.objects.count()
    assert stored_at_kill < 20, "the batch finished before the worker could be killed"
    # Every call whose verdict was stored made exactly one evaluation; the others were
    # in flight (asked, answer not yet stored) when the worker died, and are lost.
    in_flight_at_kill = calls_at_kill - stored_at_kill
    assert in_flight_at_kill > 0

    second = celery_cluster.worker()
    sweep_until(
        lambda: graded_count() == 20, timeout=60, what="the second worker to finish the batch"
    )
    evaluated = list(Evaluation.objects.values_list("interaction_id", flat=True))
    assert sorted(evaluated) == sorted(i.pk for i in interactions)  # once each
    # The second worker waited for the dead worker's lease to run out, then judged only
    # what had no verdict: one call per interaction, plus the calls lost in flight.
    assert 20 <= llm_server.calls <= 20 + in_flight_at_kill
    assert "grade_batch" in second.output()
    assert not Interaction.objects.exclude(claim_token="").exists()


def test_judge_failures_leave_rows_ungraded_with_the_error_until_the_server_recovers(
    celery_cluster, llm_server, interaction_due
):
    # Backoff long enough to look at the failures before the retries start.
    celery_cluster.configure(KBAUDIT_JUDGE_TIMEOUT=1.0, KBAUDIT_RETRY_BACKOFF_SECONDS=4)
    llm_server.script(
        error_reply(500, "the model is overloaded"),
        completion_reply(judgement(), delay=2.5),  # slower than the timeout
        Reply(body=b"<html>502 Bad Gateway</html>"),  # not JSON
    )
    interactions = [interaction_due() for _ in range(3)]
    celery_cluster.worker()
    sweep_dispatch.delay()

    def all_failed_once():
        rows = Interaction.objects.filter(pk__in=[i.pk for i in interactions])
        return all(r.attempts == 1 and r.last_error for r in rows) and list(rows)

    rows = wait_for(all_failed_once, timeout=30, what="three failed calls recorded")
    assert {row.status for row in rows} == {"pending"}
    assert all(row.next_attempt_at > row.imported_at for row in rows)
    errors = " | ".join(row.last_error for row in rows)
    assert "500" in errors and "timed out" in errors.lower()
    assert not Evaluation.objects.exists()

    llm_server.responder = lambda request: judgement()
    sweep_until(lambda: graded_count() == 3, timeout=30, what="the retries to succeed")
    assert Evaluation.objects.count() == 3
    assert llm_server.calls == 6  # one failure and one success each
    assert set(Interaction.objects.values_list("last_error", flat=True)) == {""}


def test_two_workers_share_the_batches_and_grade_each_interaction_once(
    celery_cluster, llm_server, interaction_due
):
    celery_cluster.configure(KBAUDIT_SWEEP_BATCH_SIZE=5, KBAUDIT_SWEEP_FANOUT=4)
    llm_server.responder = lambda request: completion_reply(judgement(), delay=0.1)
    for _ in range(40):
        interaction_due()
    workers = [celery_cluster.worker(), celery_cluster.worker()]
    sweep_dispatch.delay()
    wait_for(lambda: graded_count() == 40, timeout=60, what="40 interactions graded")
    assert Evaluation.objects.count() == 40 and llm_server.calls == 40
    # A worker logs a task's success after its last verdict is stored: wait for the line.
    wait_for(
        lambda: all("grade_batch" in w.output() and "succeeded" in w.output() for w in workers),
        timeout=30,
        what="both workers to report a graded batch",
    )


def test_sweep_without_now_queues_the_sweep_and_returns_at_once(
    celery_cluster, llm_server, interaction_due
):
    llm_server.responder = lambda request: judgement()
    interaction_due()
    out = io.StringIO()
    call_command("sweep", stdout=out)  # returns with no worker running: nothing waits on it
    assert "queued" in out.getvalue()
    assert celery_cluster.queue_length() == 1  # no worker yet: the sweep waits in Redis
    assert graded_count() == 0
    celery_cluster.worker()
    wait_for(lambda: graded_count() == 1, timeout=30, what="the queued sweep to run")


def test_with_redis_down_an_import_stores_everything_and_the_sweep_catches_up(
    celery_cluster, llm_server, tmp_path, caplog
):
    require_service(shutil.which("redis-server") is not None, "redis-server")
    llm_server.responder = lambda request: judgement()
    redis = RedisServer().start()  # never the shared Redis: this one is stopped
    celery_cluster.use_broker(redis.url)
    celery_cluster.worker()
    celery_cluster.beat()  # a sweep every 3 seconds
    redis.stop()

    path = tmp_path / "log.jsonl"
    quiet_since = timezone.now() - timedelta(hours=2)
    path.write_text(
        "".join(
            json.dumps(
                {
                    "id": f"int-{n}",
                    "bot": "store-help",
                    "conversation_id": f"c-{n}",
                    "timestamp": quiet_since.isoformat(),
                    "query": f"How long do I have to return order {n}?",
                    "response": "You can return headphones within 30 days of delivery.",
                    "sources": [{"article_id": "kb-returns", "text": "Returns: 30 days."}],
                }
            )
            + "\n"
            for n in range(12)
        )
    )
    out = io.StringIO()
    with caplog.at_level(logging.WARNING, logger="audits.tasks"):
        call_command("import_interactions", str(path), "--no-progress", stdout=out)
    assert Interaction.objects.count() == 12 and graded_count() == 0
    assert "sweep not queued" in caplog.text

    RedisServer(port=redis.port).start()  # back, empty: the queue and the beat's sweeps lost
    wait_for(lambda: graded_count() == 12, timeout=60, what="the sweep to catch up")
    assert Evaluation.objects.count() == 12 and llm_server.calls == 12
