"""Run manage.py with the given arguments and report this process's peak RSS on exit."""

import atexit
import resource
import runpy
import sys
from pathlib import Path


def _report() -> None:
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"\nPEAK_RSS_KB={peak_kb}\n")


atexit.register(_report)
root = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root))
manage = root / "manage.py"
sys.argv = [str(manage), *sys.argv[1:]]
runpy.run_path(str(manage), run_name="__main__")
