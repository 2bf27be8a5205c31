"""Reading an import file from disk (or stdin) with a byte-based progress bar."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tqdm import tqdm

from audits.ingest.readers import Row, csv_rows, jsonl_rows


class _CountingReader(io.RawIOBase):
    """Feeds a progress bar from the bytes actually read."""

    def __init__(self, raw, bar: tqdm):
        self._raw = raw
        self._bar = bar

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        count = self._raw.readinto(buffer)
        if count:
            self._bar.update(count)
        return count


@contextmanager
def open_rows(
    path: str, *, fmt: str = "jsonl", progress: bool | None = None
) -> Iterator[Iterator[Row]]:
    """Yield an iterator of (line, decoded record) for ``path`` ('-' for stdin)."""
    if path == "-":
        raw, total = sys.stdin.buffer, None
    else:
        file = Path(path)
        if not file.is_file():
            raise FileNotFoundError(f"{path}: no such file")
        raw, total = open(file, "rb"), os.path.getsize(file)  # noqa: SIM115
    disable = (not sys.stderr.isatty()) if progress is None else not progress
    bar = tqdm(total=total, unit="B", unit_scale=True, desc=Path(path).name, disable=disable)
    try:
        buffered = io.BufferedReader(_CountingReader(raw, bar), buffer_size=1 << 20)
        if fmt == "jsonl":
            yield jsonl_rows(buffered)
        else:
            # Undecodable bytes in a CSV cell are kept as lone surrogates, which the
            # validation reports on their line, rather than stopping the file or being
            # silently replaced.
            text = io.TextIOWrapper(
                buffered, encoding="utf-8-sig", errors="surrogateescape", newline=""
            )
            yield csv_rows(text)
    finally:
        bar.close()
        if raw is not sys.stdin.buffer:
            raw.close()


def report(stream, message: str) -> None:
    """Write a line (to the command's stderr) without tearing the progress bar."""
    with tqdm.external_write_mode(file=sys.stderr):
        stream.write(message)
