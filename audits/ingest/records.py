"""Validation of one log record against the input contract (SPEC §2).

Hand-written rather than a schema library: the importer validates tens of thousands of
records a second and every rejection must name the field that is wrong.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from django.conf import settings

from kbaudit.lib.urls import is_web_url

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
        "escalated",
        "human_reply",
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
    """A record that does not follow the contract; the message names the field.

    ``errors`` holds every problem found in the record (the message joins them)."""

    def __init__(self, *errors: str):
        self.errors = list(errors)
        super().__init__("; ".join(self.errors))


class _Problems:
    """Collects a record's problems so that all of them are reported, not the first.

    ``_Problems.FIRST`` collects nothing: the first problem is raised at once (the fast
    path for the common, valid record)."""

    FIRST: _Problems

    def __init__(self, *, first: bool = False):
        self.errors: list[str] = []
        self.first = first

    def check(self, parse, *args, default=None):
        if self.first:
            return parse(*args)
        try:
            return parse(*args)
        except RecordError as exc:
            self.errors.extend(exc.errors)
            return default

    def add(self, message: str) -> None:
        if self.first:
            raise RecordError(message)
        self.errors.append(message)

    def raise_any(self) -> None:
        if self.errors:
            raise RecordError(*self.errors)


_Problems.FIRST = _Problems(first=True)


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
    # Handed to a person, and what the person answered (SPEC §2); applied after the insert.
    escalated: bool | None = None
    human_reply: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.bot, self.external_id)

    def escalation(self) -> EscalationRecord | None:
        if self.escalated is None and self.human_reply is None:
            return None
        return EscalationRecord(
            self.line, self.bot, self.external_id, self.escalated, self.human_reply
        )

    @property
    def query_key(self) -> str:
        return query_key(self.query)

    def content(self) -> tuple:
        """What must match for a re-sent id to be the same record (feedback may change)."""
        return content_of(
            self.conversation_id,
            self.timestamp,
            self.query,
            self.response,
            [(s.article_key, s.title, s.url, s.text, s.score) for s in self.sources],
            self.metadata,
        )


def content_of(conversation_id, timestamp, query, response, sources, metadata) -> tuple:
    return (
        conversation_id,
        timestamp.astimezone(UTC) if timestamp is not None else None,
        query,
        response,
        tuple(tuple(source) for source in sources),
        orjson.dumps(metadata or {}, option=orjson.OPT_SORT_KEYS),
    )


def content_differences(a: tuple, b: tuple) -> list[str]:
    names = ("conversation_id", "timestamp", "query", "response", "sources", "metadata")
    return [name for name, x, y in zip(names, a, b, strict=True) if x != y]


@dataclass(slots=True)
class FeedbackRecord:
    line: int
    bot: str
    external_id: str
    feedback: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.bot, self.external_id)


@dataclass(slots=True)
class EscalationRecord:
    """``escalated`` and/or ``human_reply`` for a stored interaction (maybe with feedback)."""

    line: int
    bot: str
    external_id: str
    escalated: bool | None
    human_reply: str | None
    feedback: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.bot, self.external_id)

    def feedback_record(self) -> FeedbackRecord | None:
        if self.feedback is None:
            return None
        return FeedbackRecord(self.line, self.bot, self.external_id, self.feedback)


def record_parts(
    record: InteractionRecord | FeedbackRecord | EscalationRecord,
) -> tuple[InteractionRecord | None, FeedbackRecord | None, EscalationRecord | None]:
    """The interaction a record stores (if any), and the feedback and escalation it
    brings to a stored interaction, applied after the chunk's insert."""
    if isinstance(record, FeedbackRecord):
        return None, record, None
    if isinstance(record, EscalationRecord):
        return None, record.feedback_record(), record
    return record, None, record.escalation()


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


def checked_text(text: str, name: str, limit: int | None = None) -> str:
    """The text as it came, or RecordError naming the field: PostgreSQL cannot store a
    NUL or a lone surrogate, and kbaudit does not change what a log says to make it fit."""
    if limit is not None and len(text) > limit:
        raise RecordError(f"{name}: longer than {limit:,} characters ({len(text):,})")
    if text.isascii():
        if "\x00" in text:
            raise RecordError(f"{name}: contains a NUL character (\\u0000)")
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(
            f"{name}: contains a lone surrogate (an unpaired \\ud800–\\udfff), or bytes "
            "that are not UTF-8"
        ) from None
    if "\x00" in text:
        raise RecordError(f"{name}: contains a NUL character (\\u0000)")
    return text


def checked_url(url: str, name: str) -> str:
    url = checked_text(url, name)
    if len(url) > MAX_URL:
        raise RecordError(f"{name}: longer than {MAX_URL} characters")
    if not is_web_url(url):
        raise RecordError(f"{name}: only http(s) or relative URLs are kept (got {url[:40]!r})")
    return url


def identifier(value: Any, name: str) -> str:
    # The common case first, without building a message nobody reads.
    if (
        type(value) is str
        and 0 < len(value) <= MAX_ID
        and value.isascii()  # others are checked below (a lone surrogate cannot be stored)
        and not value[0].isspace()
        and not value[-1].isspace()
        and "\x00" not in value
    ):
        return value
    if value is None or value == "":
        raise RecordError(f"{name}: missing")
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RecordError(f"{name}: must be a string (got {kind_of(value)})")
    text = checked_text(str(value), name).strip()
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
    return checked_text(value, name, limits().text)


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
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    earliest, latest = timestamp_bounds()
    if not earliest <= moment <= latest:
        raise RecordError(
            f"{name}: {value.strip()[:40]!r} is outside {earliest:%Y-%m-%d} to {latest:%Y-%m-%d}"
            " (KBAUDIT_TIMESTAMP_MIN, KBAUDIT_TIMESTAMP_MAX_AHEAD_DAYS)"
        )
    return moment


@dataclass(frozen=True, slots=True)
class Limits:
    text: int
    source_text: int
    metadata_bytes: int
    json_depth: int
    timestamp_min: str
    max_ahead_days: int


_limits: tuple[object, Limits | None] = (None, None)


def limits() -> Limits:
    """The KBAUDIT_* limits, read once per settings object rather than per field (the
    importer validates tens of thousands of records a second)."""
    global _limits
    current = object.__getattribute__(settings, "_wrapped")  # no LazySettings lookup
    if _limits[0] is not current or _limits[1] is None:
        _limits = (
            current,
            Limits(
                text=settings.KBAUDIT_MAX_TEXT_CHARS,
                source_text=settings.KBAUDIT_MAX_SOURCE_TEXT_CHARS,
                metadata_bytes=settings.KBAUDIT_MAX_METADATA_BYTES,
                json_depth=settings.KBAUDIT_MAX_JSON_DEPTH,
                timestamp_min=settings.KBAUDIT_TIMESTAMP_MIN,
                max_ahead_days=settings.KBAUDIT_TIMESTAMP_MAX_AHEAD_DAYS,
            ),
        )
    return _limits[1]


def timestamp_bounds() -> tuple[datetime, datetime]:
    """The sane range of a log's timestamps: a year 1 or 9999 would be stored by
    PostgreSQL and then break every page and sweep that reads it back."""
    global _bounds
    current = limits()
    key = (
        current.timestamp_min,
        current.max_ahead_days,
        int(time.time()),  # "now" moves on each second, not each record
    )
    if _bounds[0] != key:
        earliest = datetime.fromisoformat(key[0])
        if earliest.tzinfo is None:
            earliest = earliest.replace(tzinfo=UTC)
        latest = datetime.now(UTC) + timedelta(days=key[1])
        _bounds = (key, (earliest, latest))
    return _bounds[1]


_bounds: tuple[tuple | None, tuple[datetime, datetime] | None] = (None, None)


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
    limit = limits().source_text
    try:  # the common case: every source is fine
        return [_parse_source(item, index, limit) for index, item in enumerate(value)]
    except RecordError:
        pass
    problems = _Problems()  # one is not: report every source's problems
    for index, item in enumerate(value):
        problems.check(_parse_source, item, index, limit)
    problems.raise_any()
    return []


def _parse_source(item: Any, index: int, text_limit: int) -> SourceRecord:
    if type(item) is dict:
        key, score = item.get("article_id"), item.get("score")
        title, url, text = item.get("title"), item.get("url"), item.get("text")
        # The common case first: a well-formed source is read without the checks below.
        if (
            type(key) is str
            and 0 < len(key) <= MAX_ID
            and key.isascii()
            and not key[0].isspace()
            and not key[-1].isspace()
            and "\x00" not in key
            and (score is None or (type(score) is float and math.isfinite(score)))
            and (title is None or (type(title) is str and title.isascii() and "\x00" not in title))
            and (url is None or (type(url) is str and url.startswith("https://") and url.isascii()))
            and (url is None or (len(url) <= MAX_URL and is_web_url(url)))
            and (text is None or (type(text) is str and text.isascii() and "\x00" not in text))
            and (text is None or len(text) <= text_limit)
        ):
            return SourceRecord(
                index + 1, key, (title or "")[:MAX_TITLE], url or "", text or "", score
            )
    return _checked_source(item, index, text_limit)


def _checked_source(item: Any, index: int, text_limit: int) -> SourceRecord:
    where = f"sources[{index}]"
    if not isinstance(item, dict):
        raise RecordError(f"{where}: must be an object (got {kind_of(item)})")
    problems = _Problems()
    article_key = problems.check(identifier, item.get("article_id"), f"{where}.article_id")
    score = item.get("score")
    if score is not None:
        if isinstance(score, bool) or not isinstance(score, int | float):
            problems.add(f"{where}.score: must be a number (got {kind_of(score)})")
        elif not _finite(score):
            problems.add(f"{where}.score: must be a finite number (got {str(score)[:20]})")
        else:
            score = float(score)
    fields = {}
    for name in ("title", "url", "text"):
        value = item.get(name)
        if value is not None and not isinstance(value, str):
            problems.add(f"{where}.{name}: must be a string (got {kind_of(value)})")
            continue
        value = value or ""
        if name == "url":
            fields[name] = problems.check(checked_url, value, f"{where}.url")
        elif name == "text":
            fields[name] = problems.check(checked_text, value, f"{where}.text", text_limit)
        else:
            fields[name] = (problems.check(checked_text, value, f"{where}.title") or "")[:MAX_TITLE]
    problems.raise_any()
    return SourceRecord(
        rank=index + 1,
        article_key=article_key,
        title=fields["title"],
        url=fields["url"],
        text=fields["text"],
        score=score,
    )


def _finite(number: int | float) -> bool:
    try:
        return math.isfinite(number)
    except OverflowError:  # an integer too large for a float
        return False


def parse_record(
    record: Any, *, line: int, default_bot: str | None = None
) -> InteractionRecord | FeedbackRecord:
    """Validate one decoded record; raise RecordError naming every offending field."""
    if not isinstance(record, dict):
        raise RecordError(f"record: must be a JSON object (got {kind_of(record)})")
    try:  # the common case, field after field; only a bad record is read again below
        return _parse_record(record, line, default_bot, _Problems.FIRST)
    except RecordError:
        pass
    problems = _Problems()
    _parse_record(record, line, default_bot, problems)
    problems.raise_any()
    raise AssertionError("a record that failed once passed the second time")  # pragma: no cover


def _parse_record(record: dict, line: int, default_bot: str | None, problems: _Problems):
    external_id = problems.check(identifier, record.get("id"), "id")
    bot_value = record.get("bot")
    if (bot_value is None or bot_value == "") and default_bot:
        bot_value = default_bot
    bot = problems.check(identifier, bot_value, "bot")
    feedback = problems.check(parse_feedback, record.get("feedback"))
    escalated = problems.check(parse_escalated, record.get("escalated"))
    human_reply = problems.check(_optional_text, record, "human_reply")
    if not any(name in record for name in CONTENT_FIELDS):
        if (escalated is not None or human_reply is not None) and not problems.errors:
            return EscalationRecord(line, bot, external_id, escalated, human_reply, feedback)
        if feedback is None and not problems.errors:
            problems.add(
                "feedback: a feedback-only record needs feedback up or down "
                "(or escalated / human_reply)"
            )
        problems.raise_any()
        return FeedbackRecord(line=line, bot=bot, external_id=external_id, feedback=feedback)
    conversation_id = external_id
    if record.get("conversation_id") not in (None, ""):
        conversation_id = problems.check(identifier, record["conversation_id"], "conversation_id")
    parsed = InteractionRecord(
        line=line,
        bot=bot,
        external_id=external_id,
        conversation_id=conversation_id,
        timestamp=problems.check(parse_timestamp, record.get("timestamp")),
        query=problems.check(_text, record, "query"),
        response=problems.check(_text, record, "response"),
        sources=problems.check(parse_sources, record.get("sources")),
        feedback=feedback,
        metadata=problems.check(_metadata, record),
        escalated=escalated,
        human_reply=human_reply,
    )
    problems.raise_any()
    return parsed


def parse_escalated(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise RecordError(f"escalated: must be true, false or null (got {kind_of(value)})")


def _optional_text(record: dict, name: str) -> str | None:
    return None if record.get(name) is None else _text(record, name)


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
    if merged:
        _check_metadata(merged)
    return merged


def _check_metadata(metadata: dict) -> None:
    """Depth, size, and what jsonb cannot hold (NUL, lone surrogates), all reported."""
    current = limits()
    pending: list[tuple[Any, int]] = [(metadata, 1)]
    # An upper bound of the JSON's size (a character is at most 6 bytes escaped), so that
    # the usual few small fields need no encoding to be measured.
    bound = 0
    while pending:
        value, depth = pending.pop()
        if depth > current.json_depth:
            raise RecordError(f"metadata: nested deeper than {current.json_depth} levels")
        bound += 24
        if isinstance(value, str):
            checked_text(value, "metadata")
            bound += 6 * len(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                checked_text(str(key), "metadata")
                bound += 6 * len(str(key)) + 8
                pending.append((item, depth + 1))
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int) and not -(2**63) <= value < 2**64:
            raise RecordError(f"metadata: integer out of range (got {str(value)[:20]}…)")
        elif isinstance(value, float) and not math.isfinite(value):
            raise RecordError(f"metadata: numbers must be finite (got {value})")
    if bound <= current.metadata_bytes:
        return
    try:
        size = len(orjson.dumps(metadata))
    except (TypeError, orjson.JSONEncodeError) as exc:
        raise RecordError(f"metadata: not storable as JSON ({exc})") from None
    if size > current.metadata_bytes:
        raise RecordError(f"metadata: larger than {current.metadata_bytes:,} bytes ({size:,})")
