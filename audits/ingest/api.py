"""JSON API (django-ninja): bots' pipelines post their logs here with a bearer token."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Schema, Status
from ninja.security import HttpBearer
from pydantic import ConfigDict, Field

from audits.ingest.service import BotNotAllowed, BotPolicy, interaction_import
from audits.ingest.summary import ImportSummary
from audits.models import ApiToken
from audits.sweep.background import sweep_after_api_import

router = Router(tags=["interactions"])


class BearerToken(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        return ApiToken.authenticate(token)


class RecordErrorOut(Schema):
    index: int = Field(description="The record's position in the batch, from 0.")
    id: str = Field("", description="The record's `id`, when it had one.")
    error: str = Field(description="The field at fault and why, e.g. `feedback: must be up…`.")


class BatchErrorOut(Schema):
    detail: str = Field(description="What was wrong with the batch as a whole.")
    errors: list[RecordErrorOut] = Field([], description="One entry per invalid record.")


class ImportOut(Schema):
    imported: int = Field(description="Records stored for the first time.")
    duplicates: int = Field(description="Records already stored (same bot and `id`): unchanged.")
    feedback_updated: int = Field(description="Interactions whose feedback this batch set.")
    escalations_updated: int = Field(
        default=0, description="Interactions whose escalation or agent reply this batch set."
    )
    rejected: int = Field(description="Always 0: a batch with an invalid record is refused.")
    # Records whose id is stored with other content: kept as stored, this one not stored.
    conflicts: list[RecordErrorOut] = Field(
        default=[], description="Records whose `id` is stored with other content: not stored."
    )


# --- The records, as the OpenAPI document describes them -------------------------------
# The API validates a batch with the importer's own checks (audits/ingest/records.py), so
# a record is accepted or rejected, with the same message, whichever way it arrives;
# these schemas document that contract for clients and for /api/v1/docs.

README_INTERACTION = {
    "id": "int-000123",
    "bot": "store-help",
    "conversation_id": "c-42",
    "timestamp": "2026-11-02T14:03:11Z",
    "query": "How long do I have to return headphones? Is there a restocking fee?",
    "response": "You can return headphones within 30 days of delivery.",
    "sources": [
        {
            "article_id": "kb-returns",
            "title": "Returns policy",
            "url": "https://help.example.com/returns",
            "text": "<retrieved chunk>",
            "score": 0.83,
        }
    ],
    "feedback": "down",
    "metadata": {},
}
README_FEEDBACK = {"id": "int-000123", "bot": "store-help", "feedback": "down"}
Feedback = Literal["up", "down", "thumbs_up", "thumbs_down"]
FEEDBACK_DOC = "`up`, `down` or null (`thumbs_up` and `thumbs_down` are read as up and down)."


class SourceIn(Schema):
    """One retrieved source, in rank order (the first is the retriever's best)."""

    model_config = ConfigDict(json_schema_extra={"examples": [README_INTERACTION["sources"][0]]})

    article_id: str = Field(
        min_length=1,
        max_length=200,
        description="The article's id in the knowledge base (the `id` of the articles import).",
    )
    title: str | None = Field(None, description="The article's title, as the bot showed it.")
    url: str | None = Field(None, description="The article's address (http or https).")
    text: str | None = Field(
        None, description="The chunk the model was given: what groundedness is judged against."
    )
    score: float | None = Field(
        None, description="Retrieval relevance as the retriever reported it (optional)."
    )


ESCALATED_DOC = "True when the customer was handed to a person after this turn."
HUMAN_REPLY_DOC = (
    "What the person answered in that conversation; read against the knowledge base for "
    "what it does not say. Implies `escalated`."
)


class InteractionIn(Schema):
    """One turn of a conversation: the question, the sources retrieved for it, the answer.
    Fields not listed here are kept in `metadata`."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [README_INTERACTION]})

    id: str = Field(
        min_length=1,
        max_length=200,
        description="Idempotency key within the bot: a record sent twice is stored once.",
    )
    bot: str | None = Field(
        None, description="The bot's slug; with a token it defaults to the token's bot."
    )
    conversation_id: str | None = Field(
        None,
        description="Groups the turns of one conversation (defaults to `id`); a conversation "
        "is graded once it has been quiet for KBAUDIT_IDLE_MINUTES.",
    )
    timestamp: datetime = Field(
        description="When the bot answered: ISO 8601, UTC when it carries no offset."
    )
    query: str = Field("", description="The customer's question; empty when the bot spoke first.")
    response: str = Field("", description="The bot's answer.")
    sources: list[SourceIn] = Field(
        [], description="The retrieved sources in rank order; may be empty."
    )
    feedback: Feedback | None = Field(None, description=FEEDBACK_DOC)
    metadata: dict[str, Any] = Field({}, description="Anything else worth keeping (an object).")
    escalated: bool | None = Field(None, description=ESCALATED_DOC)
    human_reply: str | None = Field(None, description=HUMAN_REPLY_DOC)


class FeedbackIn(Schema):
    """Feedback, an escalation or an agent's reply that arrives after its interaction: a
    record with no query, response, sources or conversation_id. A thumbs-down after a
    sufficient verdict upgrades it."""

    model_config = ConfigDict(json_schema_extra={"examples": [README_FEEDBACK]})

    id: str = Field(min_length=1, max_length=200, description="The rated interaction's `id`.")
    bot: str | None = Field(
        None, description="The bot's slug; with a token it defaults to the token's bot."
    )
    feedback: Feedback | None = Field(None, description=FEEDBACK_DOC)
    escalated: bool | None = Field(None, description=ESCALATED_DOC)
    human_reply: str | None = Field(None, description=HUMAN_REPLY_DOC)


def batch_doc(*models: type[Schema], what: str) -> dict:
    """The request body of a batch endpoint: an array of ``models`` (or ``{"records":
    [...]}``), described by the schemas the API adds to the document's components."""
    refs = [{"$ref": f"#/components/schemas/{model.__name__}"} for model in models]
    items = refs[0] if len(refs) == 1 else {"anyOf": refs}
    array = {
        "type": "array",
        "maxItems": settings.KBAUDIT_API_MAX_BATCH,
        "items": items,
        "description": f"Up to {settings.KBAUDIT_API_MAX_BATCH} {what}, stored whole or "
        "not at all.",
    }
    wrapped = {
        "type": "object",
        "properties": {"records": array},
        "required": ["records"],
        "description": "The same batch under a `records` key.",
    }
    examples = [m.model_config["json_schema_extra"]["examples"][0] for m in models]
    return {
        "requestBody": {
            "content": {
                "application/json": {
                    "schema": {"anyOf": [array, wrapped]},
                    "example": examples,
                }
            },
            "required": True,
        }
    }


BATCH_DOC = batch_doc(InteractionIn, FeedbackIn, what="interactions or late feedback records")
# Added to the OpenAPI document's components by kbaudit.api.
REQUEST_SCHEMAS: list[type[Schema]] = [InteractionIn, SourceIn, FeedbackIn]


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
    if summary.imported or summary.feedback_updated or summary.escalations_updated:
        sweep_after_api_import(bot_id=token.bot_id)
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
        "escalations_updated": summary.escalations_updated,
    }
