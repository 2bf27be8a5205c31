from __future__ import annotations

import os

import pytest
from django.contrib.auth.models import Group

from tests.factories import BotFactory, TeamFactory, UserFactory

IN_CI = bool(os.environ.get("CI"))


def require_service(available: bool, what: str) -> None:
    """Skip a test whose service is missing on a laptop; fail it in CI."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI but unreachable")
    pytest.skip(f"{what} unreachable")


@pytest.fixture
def postgres():
    from django.db import connection

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
    from tests.llm_server import LLMServer

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
