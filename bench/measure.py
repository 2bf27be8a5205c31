"""Run manage.py with the given arguments and report, on exit, this process's peak RSS
and the CPU seconds it, its children and its PostgreSQL backend spent."""

import atexit
import os
import resource
import runpy
import sys
from pathlib import Path

_backend_cpu = [0.0]


def _measure_backends_before_closing() -> None:
    """A management command closes its connections as it returns: read the CPU of their
    PostgreSQL backends first (when the server runs on this machine)."""
    from django.db.utils import ConnectionHandler

    close_all = ConnectionHandler.close_all

    def measured_close_all(handler) -> None:
        for connection in handler.all(initialized_only=True):
            if connection.vendor == "postgresql" and connection.connection is not None:
                try:
                    pid = connection.connection.info.backend_pid
                    _backend_cpu[0] += process_cpu_seconds(pid)
                except OSError:
                    pass
        close_all(handler)

    ConnectionHandler.close_all = measured_close_all


def process_cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _report() -> None:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    sys.stderr.write(
        f"\nPEAK_RSS_KB={own.ru_maxrss}\nCPU_SELF={own.ru_utime + own.ru_stime:.2f}\n"
        f"CPU_CHILDREN={children.ru_utime + children.ru_stime:.2f}\n"
        f"CPU_BACKEND={_backend_cpu[0]:.2f}\n"
    )


if __name__ == "__main__":
    atexit.register(_report)
    _measure_backends_before_closing()
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    manage = root / "manage.py"
    sys.argv = [str(manage), *sys.argv[1:]]
    runpy.run_path(str(manage), run_name="__main__")
