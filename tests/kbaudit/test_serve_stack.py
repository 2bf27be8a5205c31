"""`make serve` for real: gunicorn, a celery worker and beat under honcho, on loopback
ports, a queue of their own and the test PostgreSQL database. A batch posted through the
API is graded by the worker and shown on a page that gunicorn serves."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from audits.models import ApiToken, Interaction
from tests.conftest import _forget_queue, database_url, require_service
from tests.processes import ROOT, free_port, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Through the TLS proxy, as in production: the stack trusts X-Forwarded-Proto and
# redirects plain HTTP.
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}


class ServeStack:
    def __init__(self, *, redis_url: str, log_dir: Path):
        self.port = free_port()
        self.queue = f"kbaudit-serve-{uuid.uuid4().hex[:12]}"
        self.redis_url = redis_url
        self.log = log_dir / "serve.log"
        self.base_url = f"http://127.0.0.1:{self.port}"
        bin_dir = Path(sys.executable).parent
        self.command = ["make", "serve", "INSTALL=", f"BIN={bin_dir}"]
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KBAUDIT_"))},
            "DATABASE_URL": database_url(connection.settings_dict),
            "REDIS_URL": redis_url,
            "CELERY_QUEUE": self.queue,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": str(log_dir / "static"),
            "KBAUDIT_BEAT_SCHEDULE": str(log_dir / "celerybeat-schedule"),
            "KBAUDIT_TRUST_X_FORWARDED_PROTO": "1",
            "SECURE_SSL_REDIRECT": "1",
            "SESSION_COOKIE_SECURE": "1",
            "KBAUDIT_JUDGE": "offline",
            "KBAUDIT_SWEEP_EVERY_MINUTES": "0.05",
            "KBAUDIT_HEARTBEAT_SECONDS": "1",
            "WEB_CONCURRENCY": "1",
            "CELERY_CONCURRENCY": "2",
            "PYTHONUNBUFFERED": "1",
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> ServeStack:
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(self._up, timeout=180, every=0.5, what="make serve to answer on /health/")
        return self

    def _up(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(
                f"make serve exited ({self.process.returncode}):\n{self.output()[-6000:]}"
            )
        try:
            return self.request("GET", "/health/")[0] == 200
        except (urllib.error.URLError, ConnectionError):
            return False

    def request(self, method: str, path: str, *, body=None, headers=None) -> tuple[int, bytes]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.base_url + path,
            data=data,
            method=method,
            headers={**PROXY_HEADERS, "Content-Type": "application/json", **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        _forget_queue(self.redis_url, self.queue)


@pytest.fixture
def serve_stack(postgres, transactional_db, redis_url, tmp_path):
    for tool in ("make", "honcho", "gunicorn", "celery"):
        found = shutil.which(tool) or (Path(sys.executable).parent / tool).exists()
        require_service(bool(found), tool)
    stack = ServeStack(redis_url=redis_url, log_dir=tmp_path)
    try:
        yield stack.start()
    finally:
        stack.stop()


def test_make_serve_grades_a_posted_batch_on_its_worker_and_shows_it(
    serve_stack, bot, alice, client
):
    # Plain HTTP (no proxy header) is sent to HTTPS; the health probe is not.
    status, location = plain_http_status(serve_stack.base_url + "/accounts/login/")
    assert status == 301 and location.startswith("https://")
    assert plain_http_status(serve_stack.base_url + "/health/")[0] == 200

    token = ApiToken.issue(bot=bot, name="pipeline")[1]
    quiet_since = (timezone.now() - timedelta(hours=2)).isoformat()
    batch = [
        {
            "id": f"int-serve-{n}",
            "conversation_id": f"c-serve-{n}",
            "timestamp": quiet_since,
            "query": f"How long do I have to return order {n}?",
            "response": "You can return headphones within 30 days of delivery.",
            "sources": [{"article_id": "kb-returns", "text": "Returns: 30 days of delivery."}],
        }
        for n in range(3)
    ]
    status, body = serve_stack.request(
        "POST", "/api/v1/interactions", body=batch, headers={"Authorization": f"Bearer {token}"}
    )
    assert status == 200, body
    assert json.loads(body)["imported"] == 3

    # A page fetched through gunicorn with alice's session shows the worker's verdict.
    client.force_login(alice)
    cookie = {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
    interaction = Interaction.objects.get(external_id="int-serve-0")
    path = f"/interactions/{interaction.pk}/"

    def verdict_shown():
        status, page = serve_stack.request("GET", path, headers=cookie)
        return status == 200 and b'class="verdict ' in page and page

    page = wait_for(verdict_shown, timeout=180, every=0.5, what="the verdict on the page")
    assert b"How long do I have to return order 0?" in page
    wait_for(
        lambda: Interaction.objects.filter(bot=bot, status="graded").count() == 3,
        timeout=180,
        every=0.5,
        what="the whole batch graded",
    )
    log = serve_stack.output()
    # Graded by the stack's celery worker (not in a web process), and logged as JSON.
    assert "grade_batch" in log and "succeeded" in log
    access = [
        json.loads(line.split("| ", 1)[1])
        for line in log.splitlines()
        if "gunicorn.access" in line and "/api/v1/interactions" in line
    ]
    assert access and access[0]["status"] == 200 and access[0]["method"] == "POST"


def plain_http_status(url: str) -> tuple[int, str]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=30) as response:
            return response.status, ""
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Location", "")
