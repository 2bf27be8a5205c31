"""The JSON API at /api/v1/ (OpenAPI schema at /api/v1/openapi.json, interactive docs
at /api/v1/docs)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import NinjaAPI, Schema, Status, Swagger
from pydantic import Field
from pydantic.json_schema import models_json_schema

from audits.ingest.api import REQUEST_SCHEMAS as INTERACTION_SCHEMAS
from audits.ingest.api import BatchError, BodyTooLarge
from audits.ingest.api import router as interactions_router
from audits.traces.api import router as traces_router
from content.articles.api import ArticleIn
from content.articles.api import router as articles_router
from kbaudit.lib.health import health_check

REF_TEMPLATE = "#/components/schemas/{model}"


class KbauditAPI(NinjaAPI):
    """Adds the request records' schemas to the document's components: the batch
    endpoints read their body themselves (see audits/ingest/api.py), so ninja does not."""

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        models = [(model, "validation") for model in [*INTERACTION_SCHEMAS, ArticleIn]]
        _, definitions = models_json_schema(models, ref_template=REF_TEMPLATE)
        schema.setdefault("components", {}).setdefault("schemas", {}).update(definitions["$defs"])
        return schema


# Swagger UI from django-ninja's own static files (no CDN), with no inline script: the
# settings travel as a JSON data block read by ninja's swagger-ui-init.js. No call to
# validator.swagger.io either.
docs = Swagger(settings={"validatorUrl": None, "persistAuthorization": True})
docs.template = "api/docs.html"

api = KbauditAPI(
    title="kbaudit API",
    version="1",
    description="Post chatbot interactions and knowledge-base articles (SPEC §2 contract). "
    "Authenticate with `Authorization: Bearer <token>` (`manage.py create_api_token BOT`). "
    "A batch is validated as the command-line importers validate a file and is stored "
    "whole or not at all. An example client: `examples/send_interactions.py`.",
    urls_namespace="api",
    docs=docs,
    docs_url="/docs",
)
api.add_router("", interactions_router)
api.add_router("", articles_router)
api.add_router("", traces_router)


class HealthOut(Schema):
    status: str = Field(description="`ok`, or `degraded` when something is down.")
    database: str = Field(description="`ok` or the error the database gave.")
    redis: str = Field(description="`ok`, `not configured` (no REDIS_URL) or the error.")
    down: list[str] = Field([], description="What is not answering: `database`, `redis`.")


@api.exception_handler(BatchError)
def batch_error(request: HttpRequest, exc: BatchError):
    return api.create_response(request, {"detail": str(exc), "errors": []}, status=400)


@api.exception_handler(BodyTooLarge)
def body_too_large(request: HttpRequest, exc: BodyTooLarge):
    return api.create_response(
        request, {"detail": str(exc), "errors": [], "limit_bytes": exc.limit}, status=413
    )


@api.get(
    "/health",
    response={200: HealthOut, 503: HealthOut},
    summary="Liveness and dependencies",
    tags=["health"],
)
def health(request: HttpRequest):
    result = health_check()
    return Status(503 if result["down"] else 200, result)
