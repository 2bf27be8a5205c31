"""The JSON API at /api/v1/ (OpenAPI schema at /api/v1/openapi.json)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import NinjaAPI, Schema

from audits.api import BatchError, BodyTooLarge
from audits.api import router as interactions_router
from content.api import router as articles_router
from kbaudit.lib.health import health_check

api = NinjaAPI(
    title="kbaudit API",
    version="1",
    description="Post chatbot interactions and knowledge-base articles (SPEC §2 contract). "
    "Authenticate with `Authorization: Bearer <token>` (`manage.py create_api_token BOT`).",
    urls_namespace="api",
    docs_url=None,
)
api.add_router("", interactions_router)
api.add_router("", articles_router)


class HealthOut(Schema):
    status: str
    database: str
    redis: str


@api.exception_handler(BatchError)
def batch_error(request: HttpRequest, exc: BatchError):
    return api.create_response(request, {"detail": str(exc), "errors": []}, status=400)


@api.exception_handler(BodyTooLarge)
def body_too_large(request: HttpRequest, exc: BodyTooLarge):
    return api.create_response(
        request, {"detail": str(exc), "errors": [], "limit_bytes": exc.limit}, status=413
    )


@api.get("/health", response=HealthOut, summary="Liveness and dependencies", tags=["health"])
def health(request: HttpRequest):
    return health_check()
