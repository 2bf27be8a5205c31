"""JSON API for knowledge-base articles."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Schema, Status
from pydantic import ConfigDict, Field

from audits.ingest.api import (
    BatchErrorOut,
    BearerToken,
    ImportOut,
    batch_doc,
    import_counts,
    read_batch,
    rejected_batch,
)
from audits.models import ApiToken
from content.articles.ingest import article_import
from content.models import BotKnowledgeBase

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
    response={200: ImportOut, 400: BatchErrorOut, 403: BatchErrorOut},
    openapi_extra=ARTICLES_DOC,
    summary="Import a batch of knowledge-base articles (all or nothing)",
)
def post_articles(request: HttpRequest):
    """Articles as `manage.py import_articles` takes them: a changed body is a new version.
    They go into the knowledge base the token's bot answers from, and nowhere else: an id
    another knowledge base also uses is another article. A bot without a team writes no
    articles (403): nobody but an admin could read them."""
    records = read_batch(request)
    token: ApiToken = request.auth
    if token.bot.team_id is None:
        detail = (
            f"this token's bot {token.bot.slug!r} has no team, so it cannot write articles; "
            f"give it one with: python manage.py create_api_token {token.bot.slug} --team TEAM-SLUG"
        )
        return Status(403, {"detail": detail})
    with transaction.atomic():
        knowledge_base = BotKnowledgeBase.objects.link(token.bot).knowledge_base
        summary = article_import(knowledge_base=knowledge_base, rows=enumerate(records, start=1))
        if summary.rejected:
            transaction.set_rollback(True)
    if summary.rejected:
        return Status(400, rejected_batch(summary))
    return Status(200, {**import_counts(summary), "rejected": 0})
