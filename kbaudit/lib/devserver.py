"""``make run``'s server: start ``runserver``, wait until it answers, then say where it
is and how to log in (a message printed before the server listens sends people to a
page that does not load yet).

    python -m kbaudit.lib.devserver 127.0.0.1:8000 --ready "kbaudit on … — log in as …"
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def answers(url: str) -> bool:
    """Any HTTP answer counts (a 503 health check is the server speaking)."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, OSError):
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address", nargs="?", default="127.0.0.1:8000")
    parser.add_argument("--ready", default="", help="printed once the server answers")
    parser.add_argument("--timeout", type=float, default=120.0)
    args, runserver_options = parser.parse_known_args(argv)
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", args.address, *runserver_options], cwd=ROOT
    )
    try:
        deadline = time.monotonic() + args.timeout
        while not answers(f"http://{args.address}/health/"):
            if server.poll() is not None:
                return server.returncode
            if time.monotonic() > deadline:
                print(f"the server did not answer within {args.timeout:.0f}s", file=sys.stderr)
                server.terminate()
                return 1
            time.sleep(0.2)
        if args.ready:
            print(args.ready, flush=True)
        return server.wait()
    except KeyboardInterrupt:
        # Ctrl-C reached the server too (same terminal): let it finish.
        return server.wait()


if __name__ == "__main__":
    sys.exit(main())
