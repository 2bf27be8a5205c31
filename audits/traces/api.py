"""The OTLP/HTTP trace receiver: ``POST /api/v1/otel/v1/traces``.

Point an OpenTelemetry exporter at ``<kbaudit>/api/v1/otel`` (it appends ``/v1/traces``)
with the header ``Authorization: Bearer <the bot's token>``. Both OTLP encodings are read
(``application/x-protobuf`` and ``application/json``), gzip or not; the reply is an
``ExportTraceServiceResponse`` in the request's encoding, and the header
``X-Kbaudit-Summary`` carries what was done, as JSON.
"""

from __future__ import annotations

import orjson
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import Router
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceResponse,
)

from audits.ingest.api import BearerToken
from audits.models import ApiToken
from audits.traces.otlp import TracePayloadError, decompress, spans_from_json, spans_from_protobuf
from audits.traces.services import trace_spans_receive

router = Router(tags=["traces"])
PROTOBUF = "application/x-protobuf"

OTLP_DOC = {
    "requestBody": {
        "content": {
            PROTOBUF: {"schema": {"type": "string", "format": "binary"}},
            "application/json": {
                "schema": {
                    "type": "object",
                    "description": "An OTLP ExportTraceServiceRequest in the OTLP JSON encoding.",
                }
            },
        },
        "required": True,
    }
}


@router.post(
    "/otel/v1/traces",
    auth=BearerToken(),
    summary="Receive OpenTelemetry traces (OTLP/HTTP, protobuf or JSON)",
    openapi_extra=OTLP_DOC,
    include_in_schema=True,
)
def otlp_traces(request: HttpRequest):
    """One trace becomes one interaction of the token's bot (OpenInference or GenAI spans);
    re-sent spans are duplicates; a trace's spans may come in several exports."""
    token: ApiToken = request.auth
    content_type = (request.content_type or "").lower()
    as_json = content_type == "application/json"
    limit = settings.KBAUDIT_OTLP_MAX_BYTES
    declared = int(request.META.get("CONTENT_LENGTH") or 0)
    if declared > limit:
        return _error(413, f"the body is larger than {limit} bytes", as_json)
    try:
        raw = request.read(limit + 1)
        if len(raw) > limit:
            return _error(413, f"the body is larger than {limit} bytes", as_json)
        data = decompress(raw, request.headers.get("Content-Encoding", ""), limit=limit)
        if as_json:
            spans = spans_from_json(data)
        elif content_type in (PROTOBUF, "application/protobuf", ""):
            spans = spans_from_protobuf(data)
        else:
            return _error(415, f"Content-Type {content_type!r}: send {PROTOBUF} or JSON", as_json)
    except TracePayloadError as exc:
        return _error(400, str(exc), as_json)
    summary = trace_spans_receive(bot=token.bot, spans=spans)
    return _reply(summary.as_dict(), as_json)


def _reply(counts: dict, as_json: bool) -> HttpResponse:
    rejected = len(counts["rejected"])
    message = "; ".join(counts["rejected"][:5])
    if as_json:
        body: dict = {"partialSuccess": {}}
        if rejected:
            body["partialSuccess"] = {"rejectedSpans": str(rejected), "errorMessage": message}
        response = HttpResponse(orjson.dumps(body), content_type="application/json")
    else:
        reply = ExportTraceServiceResponse()
        if rejected:
            reply.partial_success.rejected_spans = rejected
            reply.partial_success.error_message = message
        response = HttpResponse(reply.SerializeToString(), content_type=PROTOBUF)
    response["X-Kbaudit-Summary"] = orjson.dumps(counts).decode()
    return response


def _error(status: int, message: str, as_json: bool) -> HttpResponse:
    # OTLP/HTTP carries errors as a google.rpc.Status; its message field is what clients log.
    if as_json:
        return HttpResponse(
            orjson.dumps({"code": 3, "message": message}),
            status=status,
            content_type="application/json",
        )
    return HttpResponse(_rpc_status(3, message), status=status, content_type=PROTOBUF)


def _rpc_status(code: int, message: str) -> bytes:
    """A google.rpc.Status message (code = field 1, message = field 2), encoded by hand:
    the two fields do not justify a dependency on the googleapis protos."""
    text = message.encode()
    return b"\x08" + _varint(code) + b"\x12" + _varint(len(text)) + text


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)
