"""The example client (examples/send_interactions.py) against the live test server, and
grading in the background of the web process when there is no broker."""

from __future__ import annotations

import importlib.util
import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from django.utils import timezone

from audits.models import ApiToken, Evaluation, Interaction
from audits.sweep.background import background_sweep_wait
from tests.processes import wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]


def load_client():
    spec = importlib.util.spec_from_file_location(
        "send_interactions", ROOT / "examples" / "send_interactions.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


send_interactions = load_client()


@pytest.fixture(autouse=True)
def background_sweeps_finish(settings):
    """API imports are graded in the background here; a sweep thread of the live server
    must be done before the tables are flushed."""
    settings.KBAUDIT_BACKGROUND_SWEEP = True
    yield
    assert background_sweep_wait(timeout=60)


@pytest.fixture
def token(bot):
    return ApiToken.issue(bot=bot, name="pipeline")[1]


def line(n: int, **fields) -> str:
    record = {
        "id": f"int-{n}",
        "conversation_id": f"c-{n}",
        "timestamp": (timezone.now() - timedelta(hours=2)).isoformat(),
        "query": f"How long do I have to return order {n}?",
        "response": "You can return headphones within 30 days of delivery.",
        "sources": [{"article_id": "kb-returns", "text": "Returns: 30 days of delivery."}],
        **fields,
    }
    return json.dumps(record) + "\n"


@pytest.fixture
def log_file(tmp_path):
    def write(*lines: str) -> str:
        path = tmp_path / "interactions.jsonl"
        path.write_text("".join(lines))
        return str(path)

    return write


class FlakyProxy:
    """Answers the first requests with the given statuses, then forwards to the server."""

    def __init__(self, target: str, failures: list[int]):
        self.target, self.failures, self.seen = target, list(failures), []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                proxy.seen.append(self.path)
                if proxy.failures:
                    status = proxy.failures.pop(0)
                    self.send_response(status)
                    if status == 429:
                        self.send_header("Retry-After", "0")
                    self.end_headers()
                    return
                forwarded = Request(
                    proxy.target + self.path, data=body, method="POST", headers=dict(self.headers)
                )
                with urlopen(forwarded, timeout=30) as answer:
                    payload = answer.read()
                    self.send_response(answer.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_the_client_sends_a_jsonl_file_in_batches(live_server, bot, token, log_file, capsys):
    path = log_file(*(line(n) for n in range(5)), "\n", line(0))
    status = send_interactions.main(
        [path, "--url", live_server.url, "--token", token, "--batch-size", "2"]
    )
    assert status == 0
    # (On SQLite the background sweep may hold the write lock: the client then retries.)
    assert "imported 5, duplicates 1, feedback updated 0, refused 0 (3 batches," in (
        capsys.readouterr().out
    )
    assert Interaction.objects.filter(bot=bot).count() == 5


def test_the_client_retries_429_and_5xx_with_backoff_and_stores_each_record_once(
    live_server, bot, token, log_file, capsys
):
    proxy = FlakyProxy(live_server.url, failures=[503, 429, 502])
    try:
        path = log_file(*(line(n) for n in range(3)))
        status = send_interactions.main(
            [path, "--url", proxy.url, "--token", token, "--backoff", "0.01"]
        )
    finally:
        proxy.close()
    assert status == 0
    captured = capsys.readouterr()
    assert "(1 batches, 3 retries)" in captured.out
    assert "HTTP 503; retrying" in captured.err and "HTTP 429; retrying" in captured.err
    assert len(proxy.seen) == 4
    assert Interaction.objects.filter(bot=bot).count() == 3


def test_the_client_gives_up_after_its_retries(live_server, token, log_file):
    proxy = FlakyProxy(live_server.url, failures=[503] * 3)
    try:
        client = send_interactions.Client(proxy.url, token, max_retries=2, backoff=0.01)
        with pytest.raises(send_interactions.urllib.error.HTTPError):
            client.post("interactions", [json.loads(line(1))])
    finally:
        proxy.close()
    assert len(proxy.seen) == 3 and not Interaction.objects.exists()


def test_the_client_reports_a_refused_batch_by_line_and_goes_on(
    live_server, bot, token, log_file, capsys
):
    path = log_file(line(1), line(2, feedback="meh"), line(3))
    status = send_interactions.main(
        [path, "--url", live_server.url, "--token", token, "--batch-size", "2"]
    )
    assert status == 1
    captured = capsys.readouterr()
    assert "lines 1-2 refused" in captured.err
    assert 'line 2: feedback: must be up, down or null (got "meh")' in captured.err
    assert "imported 1," in captured.out and "refused 2" in captured.out
    assert list(Interaction.objects.values_list("external_id", flat=True)) == ["int-3"]


def test_without_a_broker_an_api_import_is_graded_in_the_background(live_server, bot, token):
    request = Request(
        f"{live_server.url}/api/v1/interactions",
        data=json.dumps([json.loads(line(n)) for n in range(4)]).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urlopen(request, timeout=30) as response:
        assert json.loads(response.read())["imported"] == 4
    # Nobody presses "Run a sweep now": the web process grades the batch by itself.
    wait_for(
        lambda: Interaction.objects.filter(bot=bot, status="graded").count() == 4,
        timeout=60,
        what="the background sweep",
    )
    assert background_sweep_wait(timeout=60)
    assert Evaluation.objects.filter(interaction__bot=bot).count() == 4


def test_the_background_sweep_and_a_sweep_by_hand_grade_each_interaction_once(
    live_server, bot, token, caplog, postgres
):
    # Two sweeps writing at once: the test suite's in-memory SQLite database serialises
    # them with "table is locked" (make run's file database waits instead), so this
    # concurrency is proven on PostgreSQL.
    import logging
    import re

    from audits.sweep.services import sweep_run

    request = Request(
        f"{live_server.url}/api/v1/interactions",
        data=json.dumps([json.loads(line(n)) for n in range(60)]).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with caplog.at_level(logging.INFO, logger="audits.sweep.background"):
        with urlopen(request, timeout=30) as response:
            assert json.loads(response.read())["imported"] == 60
        by_hand = sweep_run(idle_minutes=None, batch_size=5)  # while the thread sweeps
        assert background_sweep_wait(timeout=60)
    in_background = sum(
        int(n) for n in re.findall(r"background sweep of bots \[\d+\]: graded (\d+)", caplog.text)
    )
    sweep_lines = [r.getMessage() for r in caplog.records if r.name.startswith("audits")]
    assert not [line for line in sweep_lines if "failed" in line.replace("failed 0", "")]
    assert by_hand.graded + in_background == 60
    assert Evaluation.objects.filter(interaction__bot=bot).count() == 60
    assert not Interaction.objects.filter(bot=bot).exclude(status="graded").exists()
