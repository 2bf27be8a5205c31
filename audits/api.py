"""JSON API (django-ninja): bots' pipelines post their logs here with a bearer token."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Schema, Status
from ninja.security import HttpBearer

from audits.ingest.service import BotNotAllowed, BotPolicy, interaction_import
from audits.ingest.summary import ImportSummary
from audits.models import ApiToken

router = Router(tags=["interactions"])


class BearerToken(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        return ApiToken.authenticate(token)


class RecordErrorOut(Schema):
    index: int
    id: str = ""
    error: str


class BatchErrorOut(Schema):
    detail: str
    errors: list[RecordErrorOut] = []


class ImportOut(Schema):
    imported: int
    duplicates: int
    feedback_updated: int
    rejected: int
    # Records whose id is stored with other content: kept as stored, this one not stored.
    conflicts: list[RecordErrorOut] = []


BATCH_DOC = {
    "requestBody": {
        "content": {
            "application/json": {
                "schema": {
                    "type": "array",
                    "maxItems": 1000,
                    "items": {"type": "object"},
                    "description": 'Records in the SPEC §2 contract (or {"records": [...]}).',
                }
            }
        },
        "required": True,
    }
}


def read_batch(request: HttpRequest) -> list[Any]:
    try:
        payload = json.loads(read_body(request) or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BatchError(f"body is not valid JSON: {exc}") from None
    except RecursionError:
        raise BatchError("body is not valid JSON: nested too deeply") from None
    if isinstance(payload, dict) and isinstance(payload.get("records"), list):
        payload = payload["records"]
    if not isinstance(payload, list):
        raise BatchError("body must be a JSON array of records")
    if len(payload) > settings.KBAUDIT_API_MAX_BATCH:
        raise BatchError(f"a batch holds at most {settings.KBAUDIT_API_MAX_BATCH} records")
    return payload


def read_body(request: HttpRequest) -> bytes:
    """The body, at most KBAUDIT_API_MAX_BODY_BYTES: refused from its Content-Length before
    reading, and while reading when it has none or lies (Django's own limit would answer
    with an HTML page)."""
    limit = settings.KBAUDIT_API_MAX_BODY_BYTES
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        raise BodyTooLarge(limit)
    parts, size = [], 0
    while chunk := request.read(64 * 1024):
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(limit)
        parts.append(chunk)
    return b"".join(parts)


class BatchError(Exception):
    pass


class BodyTooLarge(Exception):
    def __init__(self, limit: int):
        super().__init__(
            f"the body is larger than {limit:,} bytes (KBAUDIT_API_MAX_BODY_BYTES); "
            f"send at most {settings.KBAUDIT_API_MAX_BATCH:,} records per batch"
        )
        self.limit = limit


def record_errors(summary: ImportSummary, conflicts: bool = False) -> list[dict]:
    return [
        {"index": r.line - 1, "id": r.external_id, "error": r.reason}
        for r in summary.rejections
        if r.conflict == conflicts
    ]


@router.post(
    "/interactions",
    auth=BearerToken(),
    response={200: ImportOut, 400: BatchErrorOut, 403: BatchErrorOut, 413: BatchErrorOut},
    openapi_extra=BATCH_DOC,
    summary="Import a batch of interactions (all or nothing)",
)
def post_interactions(request: HttpRequest):
    """Same validation and idempotency as `manage.py import_interactions`. A batch with any
    invalid record is rejected whole (400, every error of each record) so it can be fixed
    and re-sent; re-sending records already stored counts them as duplicates, and a known
    id with other content is listed in `conflicts` (the stored record is kept). A body over
    KBAUDIT_API_MAX_BODY_BYTES gets a 413. A 200 means the records are committed to disk."""
    records = read_batch(request)
    token: ApiToken = request.auth
    policy = BotPolicy(create_missing=False, only=token.bot)
    try:
        with transaction.atomic():
            summary = interaction_import(
                rows=enumerate(records, start=1),
                policy=policy,
                default_bot=token.bot.slug,
                durable=True,  # a 200 means stored, even if the database crashes next
            )
            if summary.rejected:
                transaction.set_rollback(True)
    except BotNotAllowed as exc:
        detail = (
            f"record {exc.line - 1}: this token belongs to bot {token.bot.slug!r} "
            f"and cannot write interactions of bot {exc.bot!r}"
        )
        return Status(403, {"detail": detail})
    if summary.rejected:
        return Status(400, rejected_batch(summary))
    return Status(
        200,
        {**import_counts(summary), "rejected": 0, "conflicts": record_errors(summary, True)},
    )


def rejected_batch(summary: ImportSummary) -> dict:
    return {
        "detail": f"{summary.rejected} invalid record(s); nothing was stored",
        "errors": record_errors(summary),
    }


def import_counts(summary: ImportSummary) -> dict[str, int]:
    return {
        "imported": summary.imported,
        "duplicates": summary.duplicates,
        "feedback_updated": summary.feedback_updated,
    }
