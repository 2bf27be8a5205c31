"""Shared plumbing for the benchmarks: a scratch database, Django setup, timing."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/test"


def bench_database_url(name: str | None = None) -> str:
    """A scratch database beside the configured one (PostgreSQL), never the real one:
    ``<configured name>_bench`` unless named, so that two checkouts sharing a server do
    not drop each other's."""
    url = os.environ.get("DATABASE_URL", DEFAULT_URL)
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        sys.exit("The benchmarks need PostgreSQL: set DATABASE_URL=postgres://…")
    configured = parts.path.lstrip("/") or "kbaudit"
    if name is None:
        name = f"{configured}_bench"
    elif configured not in ("test", "kbaudit"):
        name = f"{name}_{configured}"  # two checkouts on one server bench apart
    return urlunsplit(parts._replace(path=f"/{name}"))


def recreate_database(url: str) -> None:
    # psycopg only for the sections that recreate a database.
    import psycopg

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    name = parts.path.lstrip("/")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def env_for(url: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": env.get("SECRET_KEY", "bench"),
            "REDIS_URL": "",
            "ALLOWED_HOSTS": "testserver,localhost,127.0.0.1",
        }
    )
    env.update(extra)
    return env


def manage(url: str, *args: str, **extra_env: str) -> tuple[float, int, str]:
    """Run a manage.py command in a child; return (seconds, peak RSS in MB, stdout)."""
    seconds, peak_mb, out, _ = manage_measured(url, *args, **extra_env)
    return seconds, peak_mb, out


def manage_measured(url: str, *args: str, **extra_env: str) -> tuple[float, int, str, dict]:
    """As manage(), plus the CPU seconds the command spent: its own ("self"), its child
    processes' ("children") and its PostgreSQL backend's ("backend", 0 when the server
    runs elsewhere)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "measure.py"), *args],
        cwd=ROOT,
        env=env_for(url, **extra_env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = proc.communicate()
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write(err[-4000:])
        raise SystemExit(f"manage.py {' '.join(args)} failed ({proc.returncode})")
    peak_kb = int(err.rsplit("PEAK_RSS_KB=", 1)[1].split()[0])
    cpu = {
        name.lower(): float(err.rsplit(f"CPU_{name}=", 1)[1].split()[0])
        for name in ("SELF", "CHILDREN", "BACKEND")
    }
    return seconds, peak_kb // 1024, out, cpu


@contextmanager
def django_for(url: str):
    """Set up Django in this process against ``url``."""
    os.environ.update(env_for(url))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kbaudit.settings")
    sys.path.insert(0, str(ROOT))
    # after the environment above is set: settings read it at import.
    import django

    django.setup()
    yield


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]
