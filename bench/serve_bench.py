"""Serve benchmark: the first-verdict latency of the `make serve` stack.

`make serve` (gunicorn, a celery worker and beat under honcho) runs against a scratch
PostgreSQL database and Redis, with the offline judge. Each round posts one interaction
of a finished conversation through the API and polls its page through gunicorn (every
20 ms, logged in) until the verdict shows: post → verdict visible. Each round stands
for a bot's first import in a minute, whose commit queues a sweep at once (later ones
within the minute wait for beat's next sweep, `KBAUDIT_SWEEP_EVERY_MINUTES`).

Usage: python bench/serve_bench.py [--n 10]   (REDIS_URL, default redis://127.0.0.1:6379/0)
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (  # noqa: E402
    ROOT,
    bench_database_url,
    django_for,
    env_for,
    manage,
    percentile,
    recreate_database,
)

POLL = 0.02  # seconds between page fetches


class Stack:
    def __init__(self, *, url: str, redis_url: str, work: Path):
        from tests.processes import free_port

        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.queue = f"kbaudit-serve-bench-{uuid.uuid4().hex[:8]}"
        self.redis_url = redis_url
        self.log = work / "serve.log"
        self.env = env_for(
            url,
            REDIS_URL=redis_url,
            CELERY_QUEUE=self.queue,
            CELERY_TASK_ALWAYS_EAGER="0",
            HOST="127.0.0.1",
            PORT=str(self.port),
            STATIC_ROOT=str(work / "static"),
            KBAUDIT_BEAT_SCHEDULE=str(work / "celerybeat-schedule"),
            KBAUDIT_JUDGE="offline",
            OPENAI_BASE_URL="",
            OPENAI_API_KEY="",
            WEB_CONCURRENCY="2",
            CELERY_CONCURRENCY="2",
            PYTHONUNBUFFERED="1",
        )
        self.process: subprocess.Popen | None = None

    def start(self) -> float:
        from tests.processes import wait_for

        started = time.perf_counter()
        command = ["make", "serve", "INSTALL=", f"BIN={Path(sys.executable).parent}"]
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip
        wait_for(lambda: self.get("/health/")[0] == 200, timeout=180, every=0.2, what="serve")
        # The worker is up once it has said so (the sweep it is sent must find it).
        wait_for(lambda: " ready." in self.log.read_text(), timeout=120, what="the worker")
        return time.perf_counter() - started

    def get(self, path: str, headers: dict | None = None) -> tuple[int, bytes]:
        return self.request(urllib.request.Request(self.base_url + path, headers=headers or {}))

    def post(self, path: str, body, token: str) -> tuple[int, bytes]:
        request = urllib.request.Request(
            self.base_url + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        return self.request(request)

    @staticmethod
    def request(request) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()
        except (urllib.error.URLError, ConnectionError):
            return 0, b""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        import redis

        client = redis.Redis.from_url(self.redis_url)
        keys = list(client.scan_iter(match=f"{self.queue}*"))
        if keys:
            client.delete(*keys)


def setup_people():
    """A bot with a token, and a session cookie of one of its team's people."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from audits.models import ApiToken, Bot, Team

    team = Team.objects.create(name="Bench team", slug="bench-team")
    bot = Bot.objects.create(slug="serve-bot", name="Serve bot", team=team)
    user = get_user_model().objects.create_user("bench-writer", password="x")
    team.members.add(user)
    client = Client()
    client.force_login(user)
    return bot, ApiToken.issue(bot=bot, name="bench")[1], client.cookies["sessionid"].value


def one_round(stack: Stack, *, bot, token: str, cookie: str, n: int) -> float:
    from django.utils import timezone

    from audits.models import Interaction, SweepState

    # As the first import of the minute: its commit queues a sweep at once.
    SweepState.objects.update(import_sweep_after=None)
    record = {
        "id": f"serve-{n}",
        "conversation_id": f"serve-c-{n}",
        "timestamp": (timezone.now() - timedelta(hours=2)).isoformat(),
        "query": f"How long do I have to return order {n}? Is there a restocking fee?",
        "response": "You can return headphones within 30 days of delivery.",
        "sources": [{"article_id": "kb-returns", "text": "You can return most items within "
                     "30 days of delivery. There is no restocking fee."}],
    }  # fmt: skip
    started = time.perf_counter()
    status, body = stack.post("/api/v1/interactions", [record], token)
    assert status == 200, body
    pk = Interaction.objects.get(bot=bot, external_id=record["id"]).pk
    headers = {"Cookie": f"sessionid={cookie}"}
    deadline = started + 120
    while time.perf_counter() < deadline:
        status, page = stack.get(f"/interactions/{pk}/", headers)
        if status == 200 and b'class="verdict ' in page:
            return time.perf_counter() - started
        time.sleep(POLL)
    raise SystemExit(f"no verdict on the page after 120 s; see {stack.log}")


def run(n: int = 10) -> dict:
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    url = bench_database_url("kbaudit_serve_bench")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    with django_for(url), tempfile.TemporaryDirectory(prefix="kbaudit-serve-bench-") as work:
        bot, token, cookie = setup_people()
        stack = Stack(url=url, redis_url=redis_url, work=Path(work))
        try:
            start_seconds = stack.start()
            latencies = [
                one_round(stack, bot=bot, token=token, cookie=cookie, n=i) for i in range(n)
            ]
        finally:
            stack.stop()
    figures = {
        "n": n,
        "stack_start_s": round(start_seconds, 1),
        "first_verdict_median_s": round(statistics.median(latencies), 3),
        "first_verdict_p95_s": round(percentile(latencies, 0.95), 3),
        "first_verdict_max_s": round(max(latencies), 3),
        "first_verdict_min_s": round(min(latencies), 3),
    }
    print(
        f"  make serve up in {figures['stack_start_s']:.1f}s; post → verdict on the page "
        f"({n} rounds, offline judge): median {figures['first_verdict_median_s']:.2f}s, "
        f"p95 {figures['first_verdict_p95_s']:.2f}s, min {figures['first_verdict_min_s']:.2f}s, "
        f"max {figures['first_verdict_max_s']:.2f}s"
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10)
    args = parser.parse_args()
    run(args.n)


if __name__ == "__main__":
    main()
