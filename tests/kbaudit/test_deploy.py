"""Running in production: the documented variables, the proxy, error pages, logs, health."""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

from kbaudit.lib.logs import JsonFormatter

ROOT = Path(__file__).resolve().parents[2]


def documented_production_env() -> dict[str, str]:
    """The variables of the README's production environment file (section Deploying)."""
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```sh\n# /etc/kbaudit\.env.*?\n(.*?)```", readme, re.S)
    assert block, "the README's Deploying section lists the production variables"
    pairs = re.findall(r"^([A-Z][A-Z0-9_]*)=(\S*)", block.group(1), re.M)
    return dict(pairs)


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # The browser tests' process allows Django's sync calls under Playwright's event loop
    # (DJANGO_ALLOW_ASYNC_UNSAFE); a deployment never does, and check --deploy says so.
    left_out = {*documented_production_env(), "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in left_out}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def production_env(**overrides: str) -> dict[str, str]:
    env = documented_production_env()
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return {**env, **overrides}


def test_check_deploy_passes_with_the_documented_production_variables():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **production_env())
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_without_them():
    result = manage("check", "--deploy", "--fail-level", "WARNING", SECRET_KEY="x" * 60)
    assert result.returncode != 0
    for warning in ("W004", "W008", "W012", "W016"):
        assert warning in result.stderr


def settings_in_child(*names: str, **env: str) -> dict:
    code = (
        "import json; from django.conf import settings; import django; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {list(names)!r}}}, default=str))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "kbaudit.settings", "SECRET_KEY": "x", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_x_forwarded_proto_is_trusted_only_when_told_to():
    assert settings_in_child("SECURE_PROXY_SSL_HEADER")["SECURE_PROXY_SSL_HEADER"] is None
    told = settings_in_child("SECURE_PROXY_SSL_HEADER", KBAUDIT_TRUST_X_FORWARDED_PROTO="1")
    assert told["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_the_manifest_storage_and_json_logs_are_chosen_from_the_environment():
    default = settings_in_child("STORAGES", "LOG_FORMAT")
    assert "Manifest" not in default["STORAGES"]["staticfiles"]["BACKEND"]
    chosen = settings_in_child("STORAGES", KBAUDIT_STATIC_MANIFEST="1")
    assert chosen["STORAGES"]["staticfiles"]["BACKEND"] == (
        "whitenoise.storage.CompressedManifestStaticFilesStorage"
    )


@pytest.mark.django_db
def test_behind_the_proxy_plain_http_is_redirected_and_https_is_secure(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    plain = client.get("/accounts/login/")
    assert plain.status_code == 301 and plain.url == "https://testserver/accounts/login/"
    secure = client.get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200 and secure.wsgi_request.is_secure()
    # The load balancer's probe is answered over plain HTTP.
    assert client.get("/health/").status_code == 200


@pytest.mark.django_db
def test_without_trusting_the_proxy_its_header_does_not_make_a_request_secure(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 301


@pytest.mark.django_db
def test_an_unknown_page_gets_the_styled_404(client, bob):
    client.force_login(bob)
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page and "css/kbaudit.css" in page and "/no-such-page/" in page


def test_a_server_error_gets_the_styled_500_without_a_request_context():
    response = server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in page and "css/kbaudit.css" in page


@pytest.mark.django_db
def test_health_is_503_naming_the_broker_when_redis_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["down"] == ["redis"]
    assert response.json()["database"] == "ok"
    api = client.get("/api/v1/health")
    assert api.status_code == 503 and api.json()["down"] == ["redis"]


@pytest.mark.django_db
def test_health_is_503_naming_the_database_when_it_is_down(client, monkeypatch):
    from kbaudit.lib import health

    def broken(*args, **kwargs):
        raise health.connection.OperationalError("gone")

    monkeypatch.setattr(health.connection, "cursor", broken)
    response = client.get("/health/")
    assert response.status_code == 503 and response.json()["down"] == ["database"]


def test_json_logs_carry_the_extra_fields_and_the_traceback():
    try:
        raise ValueError("bad line")
    except ValueError:
        record = logging.LogRecord(
            "audits.sweep",
            logging.ERROR,
            __file__,
            1,
            "sweep of %s failed",
            ("store-help",),
            sys.exc_info(),
        )
    record.bot_id = 7
    entry = json.loads(JsonFormatter().format(record))
    assert entry["level"] == "ERROR" and entry["logger"] == "audits.sweep"
    assert entry["message"] == "sweep of store-help failed" and entry["bot_id"] == 7
    assert "ValueError: bad line" in entry["exception"]


def test_gunicorn_access_lines_become_fields():
    atoms = {
        "h": "10.0.0.1",
        "m": "POST",
        "U": "/api/v1/interactions",
        "q": "",
        "s": "200",
        "B": "76",
        "M": "41",
        "a": "curl/8",
    }
    record = logging.LogRecord("gunicorn.access", logging.INFO, "", 0, "%(m)s %(U)s", (), None)
    record.args = atoms
    entry = json.loads(JsonFormatter().format(record))
    assert entry["path"] == "/api/v1/interactions" and entry["status"] == 200
    assert entry["duration_ms"] == 41 and entry["method"] == "POST"


def test_with_log_format_json_a_command_logs_json_lines_to_stdout():
    code = "import logging; logging.getLogger('kbaudit.check').warning('hello %s', 'there')"
    result = manage("shell", "-c", code, SECRET_KEY="x", LOG_FORMAT="json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout.strip().splitlines()[-1])
    assert entry["message"] == "hello there" and entry["logger"] == "kbaudit.check"
