"""Validation of one log record against the input contract (SPEC §2).

Hand-written rather than a schema library: the importer validates tens of thousands of
records a second and every rejection must name the field that is wrong.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson

KNOWN_FIELDS = frozenset(
    {
        "id",
        "bot",
        "conversation_id",
        "timestamp",
        "query",
        "response",
        "sources",
        "feedback",
        "metadata",
    }
)
# A record carrying none of these is a feedback-only record.
CONTENT_FIELDS = ("query", "response", "sources", "conversation_id")
FEEDBACK_VALUES = {"up": "up", "down": "down", "thumbs_up": "up", "thumbs_down": "down"}
MAX_ID = 200
MAX_TITLE = 500
MAX_URL = 1000
_WS = re.compile(r"\s+")
_EDGE_PUNCT = re.compile(r"^[\W_]+|[\W_]+$")


class RecordError(ValueError):
    """A record that does not follow the contract; the message names the field."""


@dataclass(slots=True)
class SourceRecord:
    rank: int
    article_key: str
    title: str
    url: str
    text: str
    score: float | None


@dataclass(slots=True)
class InteractionRecord:
    line: int
    bot: str
    external_id: str
    conversation_id: str
    timestamp: datetime
    query: str
    response: str
    sources: list[SourceRecord]
    feedback: str | None
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str]:
        return (self.bot, self.external_id)

    @property
    def query_key(self) -> str:
        return query_key(self.query)


@dataclass(slots=True)
class FeedbackRecord:
    line: int
    bot: str
    external_id: str
    feedback: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.bot, self.external_id)


def query_key(query: str) -> str:
    """Normalised query hash: pairs a replayed query with its production original."""
    # Equal to _EDGE_PUNCT.sub("", _WS.sub(" ", query.strip().lower())), which the keys
    # already stored were made with, at a fraction of the cost: the trailing-punctuation
    # pattern was tried at every position of the query. [\W_] is exactly "not isalnum()".
    normalised = " ".join(query.lower().split())
    start, end = 0, len(normalised)
    while start < end and not normalised[start].isalnum():
        start += 1
    while end > start and not normalised[end - 1].isalnum():
        end -= 1
    if start == end:
        return ""
    return hashlib.sha1(normalised[start:end].encode()).hexdigest()


def clean_text(text: str) -> str:
    # PostgreSQL text cannot hold NUL; a stray one would fail a whole batch.
    return text.replace("\x00", "") if "\x00" in text else text


def identifier(value: Any, name: str) -> str:
    # The common case first, without building a message nobody reads.
    if (
        type(value) is str
        and 0 < len(value) <= MAX_ID
        and not value[0].isspace()
        and not value[-1].isspace()
        and "\x00" not in value
    ):
        return value
    if value is None or value == "":
        raise RecordError(f"{name}: missing")
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RecordError(f"{name}: must be a string (got {kind_of(value)})")
    text = clean_text(str(value)).strip()
    if not text:
        raise RecordError(f"{name}: missing")
    if len(text) > MAX_ID:
        raise RecordError(f"{name}: longer than {MAX_ID} characters")
    return text


def _text(record: dict, name: str) -> str:
    value = record.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RecordError(f"{name}: must be a string (got {kind_of(value)})")
    return clean_text(value)


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    if isinstance(value, int | float):
        return "number"
    return "string"


def parse_timestamp(value: Any, name: str = "timestamp") -> datetime:
    if value is None or value == "":
        raise RecordError(f"{name}: missing")
    if not isinstance(value, str):
        raise RecordError(f"{name}: must be an ISO 8601 date-time string (got {kind_of(value)})")
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        raise RecordError(f"{name}: not an ISO 8601 date-time ({value[:40]!r})") from None
    # A timestamp without an offset is taken as UTC, the convention of every log shipper.
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def parse_feedback(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lower() in FEEDBACK_VALUES:
        return FEEDBACK_VALUES[value.strip().lower()]
    raise RecordError(f"feedback: must be up, down or null (got {json.dumps(value)[:40]})")


def parse_sources(value: Any) -> list[SourceRecord]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(f"sources: must be a list (got {kind_of(value)})")
    return [_parse_source(item, index) for index, item in enumerate(value)]


def _parse_source(item: Any, index: int) -> SourceRecord:
    if type(item) is dict:
        key, score = item.get("article_id"), item.get("score")
        title, url, text = item.get("title"), item.get("url"), item.get("text")
        # The common case first: a well-formed source is read without the checks below.
        if (
            type(key) is str
            and 0 < len(key) <= MAX_ID
            and not key[0].isspace()
            and not key[-1].isspace()
            and "\x00" not in key
            and (score is None or (type(score) is float and score == score))
            and (title is None or type(title) is str)
            and (url is None or type(url) is str)
            and (text is None or type(text) is str)
        ):
            return SourceRecord(
                index + 1,
                key,
                clean_text(title or "")[:MAX_TITLE],
                clean_text(url or "")[:MAX_URL],
                clean_text(text or ""),
                score,
            )
    return _checked_source(item, index)


def _checked_source(item: Any, index: int) -> SourceRecord:
    where = f"sources[{index}]"
    if not isinstance(item, dict):
        raise RecordError(f"{where}: must be an object (got {kind_of(item)})")
    article_key = identifier(item.get("article_id"), f"{where}.article_id")
    score = item.get("score")
    if score is not None:
        if isinstance(score, bool) or not isinstance(score, int | float):
            raise RecordError(f"{where}.score: must be a number (got {kind_of(score)})")
        score = float(score)
        if score != score:  # NaN
            raise RecordError(f"{where}.score: must be a number (got NaN)")
    for name in ("title", "url", "text"):
        if item.get(name) is not None and not isinstance(item[name], str):
            raise RecordError(f"{where}.{name}: must be a string (got {kind_of(item[name])})")
    return SourceRecord(
        rank=index + 1,
        article_key=article_key,
        title=clean_text(item.get("title") or "")[:MAX_TITLE],
        url=clean_text(item.get("url") or "")[:MAX_URL],
        text=clean_text(item.get("text") or ""),
        score=score,
    )


def parse_record(
    record: Any, *, line: int, default_bot: str | None = None
) -> InteractionRecord | FeedbackRecord:
    """Validate one decoded record; raise RecordError naming the offending field."""
    if not isinstance(record, dict):
        raise RecordError(f"record: must be a JSON object (got {kind_of(record)})")
    external_id = identifier(record.get("id"), "id")
    bot_value = record.get("bot")
    if (bot_value is None or bot_value == "") and default_bot:
        bot_value = default_bot
    bot = identifier(bot_value, "bot")
    feedback = parse_feedback(record.get("feedback"))
    if not any(name in record for name in CONTENT_FIELDS):
        if feedback is None:
            raise RecordError("feedback: a feedback-only record needs feedback up or down")
        return FeedbackRecord(line=line, bot=bot, external_id=external_id, feedback=feedback)
    return InteractionRecord(
        line=line,
        bot=bot,
        external_id=external_id,
        conversation_id=(
            identifier(record["conversation_id"], "conversation_id")
            if record.get("conversation_id") not in (None, "")
            else external_id
        ),
        timestamp=parse_timestamp(record.get("timestamp")),
        query=_text(record, "query"),
        response=_text(record, "response"),
        sources=parse_sources(record.get("sources")),
        feedback=feedback,
        metadata=_metadata(record),
    )


def _metadata(record: dict) -> dict[str, Any]:
    metadata = record.get("metadata")
    if metadata is None:
        metadata = {}
    elif not isinstance(metadata, dict):
        raise RecordError(f"metadata: must be an object (got {kind_of(metadata)})")
    # Unknown fields are kept, never dropped (SPEC §2).
    if KNOWN_FIELDS.issuperset(record):  # the common case, checked without a Python loop
        merged = metadata
    else:
        extra = {key: value for key, value in record.items() if key not in KNOWN_FIELDS}
        merged = {**metadata, **extra}
    return _without_nul(merged) if merged and _may_hold_nul(merged) else merged


def _may_hold_nul(value: dict) -> bool:
    """One serialisation (C) instead of walking the tree in Python for a NUL that is
    almost never there; orjson writes NUL as \\u0000 and refuses what it cannot write."""
    try:
        return b"\\u0000" in orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return True


def _without_nul(value: Any) -> Any:
    """jsonb cannot hold NUL either, anywhere in the tree."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(str(k)): _without_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_nul(v) for v in value]
    return value
