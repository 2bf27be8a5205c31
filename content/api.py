"""JSON API for knowledge-base articles."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Status

from audits.api import (
    BATCH_DOC,
    BatchErrorOut,
    BearerToken,
    ImportOut,
    import_counts,
    read_batch,
    rejected_batch,
)
from content.ingest import article_import

router = Router(tags=["articles"])


@router.post(
    "/articles",
    auth=BearerToken(),
    response={200: ImportOut, 400: BatchErrorOut},
    openapi_extra=BATCH_DOC,
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
