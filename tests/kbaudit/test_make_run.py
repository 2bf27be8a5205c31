"""make run's polish: the login is printed once the server answers; the sweep's --now
shows a progress bar."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import urllib.request

import pytest
from django.core.management import call_command

from audits.models import Interaction
from tests.processes import ROOT, free_port

READY = "kbaudit is ready: log in as alice"


def test_the_login_is_printed_only_once_the_server_answers(tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "REDIS_URL": "",
    }
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kbaudit.lib.devserver",
            f"127.0.0.1:{port}",
            "--ready",
            READY,
            "--noreload",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        for line in server.stdout:  # until the banner, however long the start takes
            if READY in line:
                break
        else:
            pytest.fail(f"the server exited ({server.wait()}) without the banner")
        # Asked at once, with no wait: the banner came after the server's first answer.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=10) as answer:
            assert answer.status == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


@pytest.mark.django_db
def test_sweep_now_shows_a_progress_bar_when_asked(interaction_due, capsys):
    for _ in range(3):
        interaction_due()
    out = io.StringIO()
    call_command("sweep", "--now", "--all", "--progress", stdout=out)
    bar = capsys.readouterr().err
    assert "grading" in bar and "100%" in bar and "3/3" in bar
    assert "graded 3" in out.getvalue()
    assert Interaction.objects.filter(status="graded").count() == 3


@pytest.mark.django_db
def test_sweep_now_shows_no_bar_with_no_progress(interaction_due, capsys):
    interaction_due()
    call_command("sweep", "--now", "--all", "--no-progress", stdout=io.StringIO())
    assert "grading" not in capsys.readouterr().err
