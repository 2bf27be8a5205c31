"""Settings read from the environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.db import connection


def database_settings(**env: str) -> dict:
    code = "import json; from kbaudit import settings; print(json.dumps(settings.DATABASES['default'], default=str))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "SECRET_KEY": "x", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_postgresql_connections_turn_jit_off_unless_asked():
    url = "postgres://kb@db.example:5432/kbaudit"
    assert database_settings(DATABASE_URL=url)["OPTIONS"]["options"] == "-c jit=off"
    assert "options" not in database_settings(DATABASE_URL=url, DATABASE_JIT="on").get(
        "OPTIONS", {}
    )


def test_an_empty_database_url_means_the_sqlite_default():
    assert database_settings(DATABASE_URL="")["ENGINE"] == "django.db.backends.sqlite3"


@pytest.mark.django_db
def test_the_connection_has_jit_off_on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL setting")
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"


def test_beat_runs_the_rollup_catch_up_every_hour():
    from django.conf import settings

    from content.tasks import rollups_catch_up

    entry = settings.CELERY_BEAT_SCHEDULE["rollups-catch-up"]
    assert entry["task"] == rollups_catch_up.name == "content.tasks.rollups_catch_up"
    assert entry["schedule"].minute == {17} and len(entry["schedule"].hour) == 24
