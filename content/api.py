"""JSON API for knowledge-base articles."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Schema, Status
from pydantic import ConfigDict, Field

from audits.api import (
    BatchErrorOut,
    BearerToken,
    ImportOut,
    batch_doc,
    import_counts,
    read_batch,
    rejected_batch,
)
from content.ingest import article_import

router = Router(tags=["articles"])

README_ARTICLE = {
    "id": "kb-returns",
    "title": "Returns policy",
    "url": "https://help.example.com/returns",
    "body": "You can return most items within 30 days of delivery.",
    "updated_at": "2026-11-01T09:00:00Z",
}


class ArticleIn(Schema):
    """A knowledge-base article as it stands now: a changed body becomes a new version."""

    model_config = ConfigDict(json_schema_extra={"examples": [README_ARTICLE]})

    id: str = Field(
        min_length=1,
        max_length=200,
        description="The article's id: what interactions name as a source's `article_id`.",
    )
    title: str | None = Field(None, description="The article's title.")
    url: str | None = Field(None, description="Where readers find it (http or https).")
    body: str = Field(min_length=1, description="The article's text, Markdown or HTML.")
    updated_at: datetime | None = Field(
        None,
        description="When this body was published, ISO 8601 (UTC without an offset); "
        "defaults to the time of the import.",
    )


ARTICLES_DOC = batch_doc(ArticleIn, what="articles")


@router.post(
    "/articles",
    auth=BearerToken(),
    response={200: ImportOut, 400: BatchErrorOut},
    openapi_extra=ARTICLES_DOC,
    summary="Import a batch of knowledge-base articles (all or nothing)",
)
def post_articles(request: HttpRequest):
    """Articles as `manage.py import_articles` takes them: a changed body is a new version."""
    records = read_batch(request)
    with transaction.atomic():
        summary = article_import(rows=enumerate(records, start=1))
        if summary.rejected:
            transaction.set_rollback(True)
    if summary.rejected:
        return Status(400, rejected_batch(summary))
    return Status(200, {**import_counts(summary), "rejected": 0})
