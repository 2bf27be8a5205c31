"""Run a producer in a background thread, a bounded number of items ahead."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
_DONE = object()


def prefetched(items: Iterable[T], *, depth: int = 2) -> Iterator[T]:
    """Yield ``items`` while a thread computes the next ones.

    Worth it when producing is CPU work (parsing) and consuming mostly waits on I/O
    (the database): the wait releases the GIL. At most ``depth`` items are held, so
    memory stays bounded. The producer stops when the consumer stops early.
    """
    buffer: queue.Queue = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def produce() -> None:
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        buffer.put((item, None), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            buffer.put((_DONE, None))
        except BaseException as exc:  # re-raised in the consumer
            buffer.put((_DONE, exc))

    thread = threading.Thread(target=produce, name="prefetch", daemon=True)
    thread.start()
    try:
        while True:
            item, error = buffer.get()
            if item is _DONE:
                if error is not None:
                    raise error
                return
            yield item
    finally:
        stop.set()
