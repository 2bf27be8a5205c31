"""Log records as JSON lines, for the log collector of a production deployment."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

# Attributes every LogRecord has; anything else was passed in ``extra`` and is kept.
_STANDARD = frozenset(
    vars(logging.LogRecord("", logging.INFO, "", 0, "", None, None)).keys()
    | {"message", "asctime", "taskName"}
)


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, the ``extra`` fields,
    and the traceback when there is one. gunicorn's access lines become fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        if record.name == "gunicorn.access" and isinstance(record.args, dict):
            entry.update(_access_fields(record.args))
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = _plain(value)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)


def _access_fields(atoms: dict) -> dict:
    """gunicorn passes an access line's parts as a dict of atoms (``h``, ``m``, ``s``…)."""
    return {
        "remote": atoms.get("h"),
        "method": atoms.get("m"),
        "path": atoms.get("U"),
        "query": atoms.get("q") or None,
        "status": _int(atoms.get("s")),
        "bytes": _int(atoms.get("B")),
        "duration_ms": _int(atoms.get("M")),
        "user_agent": atoms.get("a"),
    }


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _plain(value):
    """Values JSON can hold as they are; others (a request, a socket) by their repr."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return repr(value)
