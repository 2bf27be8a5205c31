"""OTLP trace payloads (protobuf or JSON) decoded into flat spans.

Both encodings of an ``ExportTraceServiceRequest`` become the same :class:`Span` list:
attributes flattened to plain Python values, the resource's attributes kept beside the
span's own, ids as lower-case hex (the OTLP JSON encoding already writes them so; the
protobuf one carries bytes).
"""

from __future__ import annotations

import base64
import gzip
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest


class TracePayloadError(ValueError):
    """The payload is not a readable OTLP trace export; the message says why."""


@dataclass(frozen=True)
class Span:
    trace_id: str
    span_id: str
    parent_span_id: str
    name: str
    start: datetime | None
    end: datetime | None
    attributes: dict[str, Any]
    resource: dict[str, Any] = field(default_factory=dict)
    events: tuple[tuple[str, dict[str, Any]], ...] = ()

    @property
    def is_root(self) -> bool:
        return not self.parent_span_id


def decompress(body: bytes, encoding: str, *, limit: int) -> bytes:
    """The body as sent before ``Content-Encoding``; at most ``limit`` bytes of it."""
    encoding = (encoding or "identity").strip().lower()
    if encoding in ("", "identity"):
        data = body
    elif encoding in ("gzip", "deflate"):
        wbits = 16 + zlib.MAX_WBITS if encoding == "gzip" else zlib.MAX_WBITS
        inflater = zlib.decompressobj(wbits)
        try:
            data = inflater.decompress(body, limit + 1)
        except zlib.error as exc:
            raise TracePayloadError(f"body is not valid {encoding}: {exc}") from None
    else:
        raise TracePayloadError(f"Content-Encoding {encoding!r} is not supported (gzip, deflate)")
    if len(data) > limit:
        raise TracePayloadError(f"the decoded body is larger than {limit} bytes")
    return data


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data)


def spans_from_protobuf(data: bytes) -> list[Span]:
    request = ExportTraceServiceRequest()
    try:
        request.ParseFromString(data)
    except DecodeError as exc:
        raise TracePayloadError(f"body is not an OTLP protobuf trace export: {exc}") from None
    spans: list[Span] = []
    for resource_spans in request.resource_spans:
        resource = _proto_attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                spans.append(
                    Span(
                        trace_id=span.trace_id.hex(),
                        span_id=span.span_id.hex(),
                        parent_span_id=span.parent_span_id.hex(),
                        name=span.name,
                        start=_from_nanos(span.start_time_unix_nano),
                        end=_from_nanos(span.end_time_unix_nano),
                        attributes=_proto_attributes(span.attributes),
                        resource=resource,
                        events=tuple(
                            (event.name, _proto_attributes(event.attributes))
                            for event in span.events
                        ),
                    )
                )
    return spans


def _proto_attributes(attributes) -> dict[str, Any]:
    return {item.key: _proto_value(item.value) for item in attributes}


def _proto_value(value) -> Any:
    kind = value.WhichOneof("value")
    if kind is None:
        return None
    if kind == "array_value":
        return [_proto_value(v) for v in value.array_value.values]
    if kind == "kvlist_value":
        return {item.key: _proto_value(item.value) for item in value.kvlist_value.values}
    if kind == "bytes_value":
        return base64.b64encode(value.bytes_value).decode()
    return getattr(value, kind)


def spans_from_json(data: bytes | str | dict) -> list[Span]:
    """One ``ExportTraceServiceRequest`` in the OTLP JSON encoding (lowerCamelCase keys)."""
    if isinstance(data, dict):
        payload = data
    else:
        try:
            payload = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            raise TracePayloadError(f"body is not valid JSON: {exc.msg}") from None
    if not isinstance(payload, dict):
        raise TracePayloadError("an OTLP JSON trace export must be an object with resourceSpans")
    resource_spans = _get(payload, "resourceSpans", "resource_spans")
    if not isinstance(resource_spans, list):
        raise TracePayloadError("resourceSpans: missing or not a list")
    return list(_json_spans(resource_spans))


def _json_spans(resource_spans: Iterable[Any]) -> Iterator[Span]:
    for index, block in enumerate(resource_spans):
        if not isinstance(block, dict):
            raise TracePayloadError(f"resourceSpans[{index}]: must be an object")
        resource = _json_attributes((block.get("resource") or {}).get("attributes"))
        for scope in _get(block, "scopeSpans", "scope_spans") or []:
            for raw in (scope or {}).get("spans") or []:
                yield _json_span(raw, resource)


def _json_span(raw: Any, resource: dict[str, Any]) -> Span:
    if not isinstance(raw, dict):
        raise TracePayloadError("spans: every span must be an object")
    trace_id = _hex_id(_get(raw, "traceId", "trace_id"), "traceId")
    span_id = _hex_id(_get(raw, "spanId", "span_id"), "spanId")
    parent = _get(raw, "parentSpanId", "parent_span_id")
    return Span(
        trace_id=trace_id,
        span_id=span_id,
        parent_span_id=_hex_id(parent, "parentSpanId") if parent else "",
        name=str(raw.get("name") or ""),
        start=_from_nanos(_get(raw, "startTimeUnixNano", "start_time_unix_nano")),
        end=_from_nanos(_get(raw, "endTimeUnixNano", "end_time_unix_nano")),
        attributes=_json_attributes(raw.get("attributes")),
        resource=resource,
        events=tuple(
            (str(event.get("name") or ""), _json_attributes(event.get("attributes")))
            for event in raw.get("events") or []
            if isinstance(event, dict)
        ),
    )


def _get(mapping: dict, camel: str, snake: str) -> Any:
    return mapping[camel] if camel in mapping else mapping.get(snake)


def _hex_id(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise TracePayloadError(f"{name}: missing")
    text = value.strip().lower()
    try:
        bytes.fromhex(text)
    except ValueError:
        raise TracePayloadError(f"{name}: not a hex id ({value[:40]!r})") from None
    return text


def _json_attributes(items: Any) -> dict[str, Any]:
    if not isinstance(items, list):
        return {}
    return {
        str(item.get("key")): _json_value(item.get("value") or {})
        for item in items
        if isinstance(item, dict) and item.get("key")
    }


def _json_value(value: dict) -> Any:
    if not isinstance(value, dict):
        return value
    if "stringValue" in value:
        return value["stringValue"]
    if "boolValue" in value:
        return bool(value["boolValue"])
    if "intValue" in value:
        return int(value["intValue"])  # int64 travels as a JSON string
    if "doubleValue" in value:
        return float(value["doubleValue"])
    if "arrayValue" in value:
        return [_json_value(v) for v in (value["arrayValue"] or {}).get("values") or []]
    if "kvlistValue" in value:
        return _json_attributes((value["kvlistValue"] or {}).get("values"))
    if "bytesValue" in value:
        return value["bytesValue"]
    return None


def _from_nanos(value: Any) -> datetime | None:
    try:
        nanos = int(value or 0)
    except (TypeError, ValueError):
        return None
    if nanos <= 0:
        return None
    return datetime.fromtimestamp(nanos / 1e9, tz=UTC)
