from __future__ import annotations

import os
import uuid
from datetime import timedelta
from itertools import count

import pytest
import redis
from django.contrib.auth.models import Group
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from tests.factories import (
    BotFactory,
    InteractionFactory,
    RetrievedSourceFactory,
    TeamFactory,
    UserFactory,
)
from tests.helpers import celery_configure, judgement, require_service  # noqa: F401 - judgement for older imports
from tests.llm_server import LLMServer
from tests.processes import CeleryProcess, stop_all

# Tests hash passwords with MD5: PBKDF2 is slow on purpose, and hashing the users of the
# access tests took 100 of their 105 seconds. Production keeps Django's default hashers.
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True, scope="session")
def fast_password_hasher():
    with override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        yield


@pytest.fixture
def postgres():
    require_service(connection.vendor == "postgresql", "PostgreSQL (set DATABASE_URL)")
    return connection


@pytest.fixture
def team(db):
    return TeamFactory(name="Help Centre", slug="help-centre")


@pytest.fixture
def bot(team):
    return BotFactory(slug="store-help", name="Store help", team=team)


@pytest.fixture
def other_bot(db):
    outsiders = TeamFactory(name="Marketplace", slug="marketplace")
    return BotFactory(slug="seller-help", name="Seller help", team=outsiders)


def _member(username: str, group: str | None, team=None):
    user = UserFactory(username=username)
    if group:
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    if team is not None:
        team.members.add(user)
    return user


@pytest.fixture
def alice(team):
    """An editor of the Help Centre team."""
    return _member("alice", "editor", team)


@pytest.fixture
def bob(team):
    """A writer in the same team as alice."""
    return _member("bob", "writer", team)


@pytest.fixture
def charlie(db, other_bot):
    """A writer of another team: sees none of the Help Centre's bots."""
    return _member("charlie", "writer", other_bot.team)


@pytest.fixture
def llm_server():
    """A loopback OpenAI-compatible server with scripted replies (tests/llm_server.py)."""
    server = LLMServer().start()
    yield server
    server.stop()


@pytest.fixture
def llm_settings(settings, llm_server):
    """Settings that point the LLM judge at the loopback server, with short timeouts."""
    settings.OPENAI_BASE_URL = llm_server.base_url
    settings.OPENAI_API_KEY = "loopback-key"
    settings.KBAUDIT_JUDGE_MODEL = "loopback-judge"
    settings.KBAUDIT_JUDGE = "llm"
    settings.KBAUDIT_JUDGE_TIMEOUT = 5.0
    settings.KBAUDIT_JUDGE_MAX_RETRIES = 2
    settings.KBAUDIT_JUDGE_RESPONSE_FORMAT = "json_schema"
    return settings


# --- Celery: in process by default, real workers where a test asks for them ------------

CELERY_IN_PROCESS = {"task_always_eager": True, "task_eager_propagates": True}


@pytest.fixture(autouse=True)
def no_background_sweep(settings):
    """An API import grades nothing behind a test's back (a thread of its own would
    still be writing when the test's tables are flushed); the tests of that background
    grading turn it on."""
    settings.KBAUDIT_BACKGROUND_SWEEP = False


@pytest.fixture(autouse=True)
def celery_in_process():
    """Tasks run in the test process whatever REDIS_URL says (CI sets it), so an ordinary
    test never publishes to a broker that no worker reads. ``celery_cluster`` turns this
    off for the tests that start real workers."""
    replaced = celery_configure(**CELERY_IN_PROCESS)
    yield
    celery_configure(**replaced)


def redis_reachable(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    require_service(redis_reachable(url), f"Redis at {url} (set REDIS_URL)")
    return url


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL for child processes that reaches the test database."""
    user = settings_dict["USER"] or ""
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    host = settings_dict["HOST"] or "127.0.0.1"
    port = settings_dict["PORT"] or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


# Small numbers so the worker tests run in seconds; a test may override any of them.
SWEEP_TEST_SETTINGS = {
    "KBAUDIT_JUDGE": "llm",
    "KBAUDIT_JUDGE_MODEL": "loopback-judge",
    "KBAUDIT_JUDGE_TIMEOUT": 2.0,
    "KBAUDIT_JUDGE_MAX_RETRIES": 0,
    "KBAUDIT_JUDGE_RESPONSE_FORMAT": "json_schema",
    "KBAUDIT_IDLE_MINUTES": 30.0,
    "KBAUDIT_SWEEP_BATCH_SIZE": 10,
    "KBAUDIT_SWEEP_FANOUT": 4,
    "KBAUDIT_SWEEP_LEASE_SECONDS": 3,
    "KBAUDIT_JUDGE_CONCURRENCY": 4,
    "KBAUDIT_RETRY_BACKOFF_SECONDS": 1,
    "KBAUDIT_MAX_ATTEMPTS": 5,
    "KBAUDIT_SWEEP_EVERY_MINUTES": 0.05,
    "KBAUDIT_HEARTBEAT_SECONDS": 1,
}


class CeleryCluster:
    """Real ``celery -A kbaudit`` workers (and beat) for one test, on a queue of its own.

    They reach the test database (committed rows: ``transaction=True``), the test Redis
    and the loopback LLM server. This process sends its tasks to the same queue, so
    ``sweep`` and ``sweep_dispatch.delay()`` reach them. ``configure`` sets a sweep
    setting both here and for the processes started after it.
    """

    def __init__(self, *, settings, broker_url: str, llm_server, log_dir):
        self.settings = settings
        self.broker_url = broker_url
        self.log_dir = log_dir
        self.queue = f"kbaudit-test-{uuid.uuid4().hex[:12]}"
        self.processes = []
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "kbaudit.settings",
            "SECRET_KEY": settings.SECRET_KEY,
            "DATABASE_URL": database_url(connection.settings_dict),
            "REDIS_URL": broker_url,
            "CELERY_QUEUE": self.queue,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "OPENAI_BASE_URL": llm_server.base_url,
            "OPENAI_API_KEY": "loopback-key",
            "PYTHONUNBUFFERED": "1",
        }
        self.configure(
            OPENAI_BASE_URL=llm_server.base_url,
            OPENAI_API_KEY="loopback-key",
            **SWEEP_TEST_SETTINGS,
        )
        self.replaced = celery_configure(
            task_always_eager=False, broker_url=broker_url, task_default_queue=self.queue
        )

    def use_broker(self, url: str) -> None:
        """Another Redis (a throwaway one), for this process and those started after."""
        self.broker_url = url
        self.env["REDIS_URL"] = url
        celery_configure(broker_url=url)

    def queue_length(self) -> int:
        return redis.Redis.from_url(self.broker_url).llen(self.queue)

    def configure(self, **values) -> None:
        for name, value in values.items():
            setattr(self.settings, name, value)
            self.env[name] = str(value)

    def worker(self, *options: str):
        options = options or ("--pool", "threads", "--concurrency", "2")
        process = CeleryProcess("worker", dict(self.env), self.log_dir, *options)
        self.processes.append(process)
        return process.start()

    def beat(self):
        process = CeleryProcess("beat", dict(self.env), self.log_dir)
        self.processes.append(process)
        return process.start()

    def close(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        celery_configure(**self.replaced)
        _forget_queue(self.broker_url, self.queue)


def _forget_queue(broker_url: str, queue: str) -> None:
    """Drop what this test's queue left in a shared Redis."""
    try:
        client = redis.Redis.from_url(broker_url, socket_connect_timeout=1)
        keys = list(client.scan_iter(match=f"{queue}*"))
        if keys:
            client.delete(*keys)
    except redis.RedisError:
        pass


@pytest.fixture
def celery_cluster(postgres, transactional_db, redis_url, llm_server, settings, tmp_path):
    """See :class:`CeleryCluster`. Needs PostgreSQL (the workers are other processes)."""
    cluster = CeleryCluster(
        settings=settings, broker_url=redis_url, llm_server=llm_server, log_dir=tmp_path
    )
    try:
        yield cluster
    finally:
        cluster.close()
        stop_all()


@pytest.fixture
def interaction_due(bot):
    """Make an interaction with one source whose conversation went quiet ``idle`` ago.

    Each asks a different question, so the judge cache never answers for another.
    """
    numbers = count(1)

    def make(*, idle=timedelta(hours=2), on_bot=None, **fields):
        fields.setdefault("timestamp", timezone.now() - idle)
        fields.setdefault("query", f"How long do I have to return order {next(numbers)}?")
        interaction = InteractionFactory(bot=on_bot or bot, n_sources=1, **fields)
        RetrievedSourceFactory(interaction=interaction, rank=1)
        return interaction

    return make
