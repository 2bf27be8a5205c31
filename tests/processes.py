"""Real Celery workers, beat and throwaway Redis servers as child processes, for tests
and benchmarks.

A :class:`CeleryProcess` runs ``celery -A kbaudit worker`` (or ``beat``) from the
repository root with the environment it is given (database, broker, queue, judge
endpoint, sweep settings), waits until it says it is ready, and is stopped (or
SIGKILLed) on request; :func:`stop_all` kills whatever is left.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition, *, timeout: float, every: float = 0.1, what: str = "condition"):
    """Poll ``condition`` until it returns something truthy; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(every)


class CeleryProcess:
    """``celery -A kbaudit worker|beat`` in its own process group, logging to a file."""

    def __init__(self, kind: str, env: dict[str, str], log_dir: Path, *options: str):
        self.kind = kind
        self.name = f"{kind}-{uuid.uuid4().hex[:8]}"
        self.log = log_dir / f"{self.name}.log"
        self.env = env
        self.options = options
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        base = [sys.executable, "-m", "celery", "-A", "kbaudit", self.kind, "-l", "INFO"]
        if self.kind == "worker":
            return [
                *base,
                "-n",
                f"{self.name}@%h",
                "-Q",
                self.env["CELERY_QUEUE"],
                "--without-mingle",
                "--without-gossip",
                "--without-heartbeat",
                "--logfile",
                str(self.log),
                *self.options,
            ]
        schedule = self.log.with_suffix(".schedule")
        return [*base, "-s", str(schedule), "--logfile", str(self.log), *self.options]

    def start(self, *, timeout: float = 60) -> CeleryProcess:
        self.log.touch()
        self.process = subprocess.Popen(
            self.command(),
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.log.with_suffix(".err").open("w"),
            start_new_session=True,
        )
        _running.append(self)
        ready = " ready." if self.kind == "worker" else "beat: Starting..."
        try:
            wait_for(
                lambda: self._check_alive() and ready in self.log.read_text(errors="replace"),
                timeout=timeout,
                what=f"celery {self.kind} to start",
            )
        except TimeoutError:
            self.kill()
            raise
        return self

    def _check_alive(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            err = self.log.with_suffix(".err").read_text(errors="replace")[-3000:]
            raise RuntimeError(f"celery {self.kind} exited ({self.process.returncode}):\n{err}")
        return True

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, nothing acknowledged, nothing cleaned up."""
        self._signal(signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=10)

    def stop(self, *, timeout: float = 15) -> None:
        if not self.alive:
            return
        self._signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def _signal(self, signum: int) -> None:
        if self.alive:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signum)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


class RedisServer:
    """A throwaway ``redis-server`` on a free port: it may be stopped and started again,
    which the machine's shared Redis must never be."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        _running.append(self)
        wait_for(self.ping, timeout=10, what="redis-server to start")
        return self

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        if self.alive:
            self.process.terminate()
            self.process.wait(timeout=10)

    def kill(self) -> None:
        if self.alive:
            self.process.kill()
            self.process.wait(timeout=10)


_running: list[CeleryProcess | RedisServer] = []


def stop_all() -> None:
    """Kill every process started here that is still running."""
    while _running:
        _running.pop().kill()
