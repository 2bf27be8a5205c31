"""Streaming readers: one decoded record at a time, with its line number."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

import orjson

from audits.ingest.records import RecordError

# A reader yields (line number, record) where record is a decoded object or the
# RecordError explaining why the line could not be decoded.
Row = tuple[int, Any]

CSV_JSON_COLUMNS = ("sources", "metadata")


def jsonl_rows(lines: Iterable[str | bytes]) -> Iterator[Row]:
    """Decode JSON lines (text or raw bytes; bytes must be UTF-8)."""
    for number, line in enumerate(lines, start=1):
        if number == 1:
            line = line.removeprefix(b"\xef\xbb\xbf" if isinstance(line, bytes) else "\ufeff")
        if not line.strip():
            continue
        try:
            yield number, orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            yield number, RecordError(f"bad JSON: {json_reason(exc)}")


def json_reason(exc: orjson.JSONDecodeError) -> str:
    if "utf-8" in str(exc).lower():
        return "not valid UTF-8"
    if "surrogate" in str(exc).lower():
        return f"a lone surrogate (an unpaired \\ud800–\\udfff escape) at column {exc.colno}"
    return f"{exc.msg} at column {exc.colno}"


def csv_rows(stream: TextIO) -> Iterator[Row]:
    """CSV with the JSONL columns; ``sources`` and ``metadata`` hold JSON strings."""
    reader = csv.DictReader(stream)
    if reader.fieldnames is None:
        return
    start = reader.line_num + 1
    try:
        for row in reader:
            yield start, _csv_record(row)
            start = reader.line_num + 1
    except csv.Error as exc:
        yield start, RecordError(f"bad CSV: {exc}")


def _csv_record(row: dict[str | None, Any]) -> dict | RecordError:
    if None in row:
        return RecordError("bad CSV: more cells than columns")
    record: dict[str, Any] = {}
    for name, value in row.items():
        if value is None or value == "":
            continue  # an empty cell is an absent field
        if name in CSV_JSON_COLUMNS:
            try:
                value = json.loads(value)
            except json.JSONDecodeError as exc:
                return RecordError(f"{name}: bad JSON in CSV cell: {exc.msg}")
        record[name] = value
    return record
