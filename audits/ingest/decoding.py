"""JSONL lines decoded straight into typed structs (msgspec) and validated to the very
records ``parse_record`` gives (the parallel file import's reader).

Decoding into a dict and then checking each field in Python cost the reader more than
PostgreSQL spent storing the rows. msgspec checks the JSON types while it decodes, so
what is left here is the few checks it cannot express (lengths, NUL, edge spaces,
timestamps, URLs). The fast path only ever accepts: any line it is not sure about (a
wrong type, an unknown field kept as metadata, a feedback-only or escalation record,
bad JSON) is decoded again with orjson and validated by ``parse_record``, so every
rejection reads word for word as the in-process importer's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
import orjson
from msgspec import UNSET, Struct, UnsetType

from audits.ingest.readers import json_reason
from audits.ingest.records import (
    FEEDBACK_VALUES,
    MAX_ID,
    MAX_TITLE,
    EscalationRecord,
    FeedbackRecord,
    InteractionRecord,
    RecordError,
    SourceRecord,
    _check_metadata,
    checked_text,
    checked_url,
    limits,
    parse_record,
    parse_timestamp,
)

Parsed = tuple[int, "InteractionRecord | FeedbackRecord | EscalationRecord | RecordError", str]

# URLs repeat (one per article): remembered once checked, up to this many.
_URL_CACHE_SIZE = 50_000
_web_urls: dict[str, bool] = {}


class _Source(Struct, gc=False):
    # Unknown fields of a source are ignored by parse_record too.
    article_id: str | None = None
    title: str | None = None
    url: str | None = None
    text: str | None = None
    score: float | None = None


class _Record(Struct, forbid_unknown_fields=True, gc=False):
    # UNSET: absent, which parse_record tells apart from null for the content fields.
    id: str | None | UnsetType = UNSET
    bot: str | None | UnsetType = UNSET
    conversation_id: str | None | UnsetType = UNSET
    timestamp: str | None | UnsetType = UNSET
    query: str | None | UnsetType = UNSET
    response: str | None | UnsetType = UNSET
    sources: list[_Source] | None | UnsetType = UNSET
    feedback: str | None | UnsetType = UNSET
    metadata: dict[str, Any] | None | UnsetType = UNSET
    escalated: bool | None | UnsetType = UNSET
    human_reply: str | None | UnsetType = UNSET


_decode = msgspec.json.Decoder(_Record).decode


def decoded_records(
    lines: Iterable[bytes], *, first_line: int = 1, default_bot: str | None = None
) -> Iterator[Parsed]:
    """(line number, record or the RecordError that rejects it, its id) for each
    non-blank line, numbered from ``first_line``; the same as jsonl_rows followed by
    parse_record, line for line."""
    for number, raw in enumerate(lines, start=first_line):
        if number == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        try:
            record = _fast(_decode(raw), number, default_bot)
        except Exception:  # noqa: BLE001 - bad JSON, a wrong type, too deep: the slow
            record = None  # path below decides, and words the rejection
        if record is not None:
            yield number, record, record.external_id
        elif raw.strip():
            yield _slow(raw, number, default_bot)


def _slow(raw: bytes, number: int, default_bot: str | None) -> Parsed:
    """The line through orjson and parse_record, as the in-process importer reads it."""
    try:
        decoded = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        return number, RecordError(f"bad JSON: {json_reason(exc)}"), ""
    try:
        record = parse_record(decoded, line=number, default_bot=default_bot)
    except RecordError as exc:
        external_id = decoded.get("id", "") if isinstance(decoded, dict) else ""
        return number, exc, str(external_id or "")
    return number, record, record.external_id


def _plain_id(value) -> bool:
    """identifier()'s common case: the value is the identifier as it stands."""
    return (
        value is not None
        and value is not UNSET
        and 0 < len(value) <= MAX_ID
        and value.isascii()
        and not value[0].isspace()
        and not value[-1].isspace()
        and "\x00" not in value
    )


def _plain_text(value, name: str, limit: int) -> str:
    """_text()'s result for a string or null (RecordError for the slow path otherwise)."""
    if value is None or value is UNSET:
        return ""
    if len(value) <= limit and value.isascii() and "\x00" not in value:
        return value
    return checked_text(value, name, limit)


def _fast(r: _Record, line: int, default_bot: str | None) -> InteractionRecord | None:
    """The InteractionRecord parse_record would give, or None (or RecordError) when the
    slow path must decide."""
    bot = r.bot
    if (bot is None or bot is UNSET or bot == "") and default_bot:
        bot = default_bot
    if not (_plain_id(r.id) and _plain_id(bot)):
        return None
    if (
        r.query is UNSET
        and r.response is UNSET
        and r.sources is UNSET
        and r.conversation_id is UNSET
    ):
        return None  # feedback-only or escalation record
    if r.human_reply is not None and r.human_reply is not UNSET:
        return None
    feedback = r.feedback
    if feedback is UNSET or feedback == "":
        feedback = None
    elif feedback is not None:
        feedback = FEEDBACK_VALUES.get(feedback.strip().lower())
        if feedback is None:
            return None
    conversation_id = r.conversation_id
    if conversation_id is None or conversation_id is UNSET or conversation_id == "":
        conversation_id = r.id
    elif not _plain_id(conversation_id):
        return None
    if type(r.timestamp) is not str:
        return None
    current = limits()
    metadata = r.metadata
    if metadata is None or metadata is UNSET:
        metadata = {}
    elif metadata:
        _check_metadata(metadata)
    sources = _sources(r.sources, current.source_text) if r.sources else []
    if sources is None:
        return None
    escalated = None if r.escalated is UNSET else r.escalated
    return InteractionRecord(
        line,
        bot,
        r.id,
        conversation_id,
        parse_timestamp(r.timestamp),
        _plain_text(r.query, "query", current.text),
        _plain_text(r.response, "response", current.text),
        sources,
        feedback,
        metadata,
        escalated,
        None,
    )


def _sources(items: list[_Source], text_limit: int) -> list[SourceRecord] | None:
    sources = []
    for index, s in enumerate(items):
        key, title, url, text = s.article_id, s.title, s.url, s.text
        if not _plain_id(key):
            return None
        if title is None:
            title = ""
        elif not (title.isascii() and "\x00" not in title):
            title = checked_text(title, f"sources[{index}].title")
        if url is None:
            url = ""
        elif not _web_url(url):
            return None
        if text is None:
            text = ""
        elif not (len(text) <= text_limit and text.isascii() and "\x00" not in text):
            text = checked_text(text, f"sources[{index}].text", text_limit)
        sources.append(SourceRecord(index + 1, key, title[:MAX_TITLE], url, text, s.score))
    return sources


def _web_url(url: str) -> bool:
    """checked_url() accepts the URL as it is."""
    known = _web_urls.get(url)
    if known is None:
        try:
            checked_url(url, "url")
            known = True
        except RecordError:
            known = False
        if len(_web_urls) >= _URL_CACHE_SIZE:
            _web_urls.clear()
        _web_urls[url] = known
    return known
