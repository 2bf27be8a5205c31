"""Grading in the web process, for the zero-setup mode (no Redis, tasks run in process).

There is no worker and no beat then, so what the API imports would wait for someone to
press *Run a sweep now*. Instead, once the import commits, a thread of the web process
sweeps that bot. One thread at a time: bots posted while it runs are swept in its next
round. The sweep's claims make it safe beside a sweep started by hand.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connection, transaction

from audits.sweep.services import sweep_run
from audits.tasks import sweep_dispatch

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_waiting: set[int] = set()
_thread: threading.Thread | None = None


def in_process() -> bool:

    return bool(sweep_dispatch.app.conf.task_always_eager)


def sweep_after_api_import(*, bot_id: int) -> None:
    """Without a broker, grade the bot's interactions in the background once the
    import commits (with one, the import has queued a sweep on the workers already)."""
    if settings.KBAUDIT_BACKGROUND_SWEEP and in_process():
        transaction.on_commit(lambda: sweep_in_background(bot_ids=[bot_id]))


def sweep_in_background(*, bot_ids: list[int]) -> None:
    global _thread
    with _lock:
        _waiting.update(bot_ids)
        if _thread is not None:
            return  # the running thread takes them in its next round
        _thread = threading.Thread(target=_sweep_rounds, name="kbaudit-sweep", daemon=True)
        _thread.start()


def background_sweep_wait(timeout: float = 60) -> bool:
    """Wait for the background sweep to finish; False if it is still running."""
    thread = _thread
    if thread is not None:
        thread.join(timeout)
        return not thread.is_alive()
    return True


def _sweep_rounds() -> None:
    global _thread

    try:
        while True:
            with _lock:
                if not _waiting:
                    _thread = None
                    return
                bot_ids = sorted(_waiting)
                _waiting.clear()
            try:
                summary = sweep_run(idle_minutes=None, bot_ids=bot_ids)
                logger.info("background sweep of bots %s: %s", bot_ids, summary.line())
            except Exception:
                # Nothing is lost: the rows stay pending for the next sweep.
                logger.exception("background sweep of bots %s failed", bot_ids)
    finally:
        connection.close()
