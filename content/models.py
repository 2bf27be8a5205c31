"""The documentation side: knowledge-base articles and their versions."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from django.db import models
from django.db.models.functions import Now
from django.urls import reverse

# The first version of an article is live from the beginning of time: logs usually
# predate the first export of the knowledge base.
BEGINNING = datetime(1970, 1, 1, tzinfo=UTC)


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


class ArticleQuerySet(models.QuerySet):
    def real(self) -> ArticleQuerySet:
        return self.filter(is_stub=False)


class Article(models.Model):
    """A knowledge-base article, identified by its id in the KB (``external_id``)."""

    external_id = models.CharField(max_length=200, unique=True)
    title = models.CharField(max_length=500, blank=True)
    url = models.CharField(max_length=1000, blank=True)
    # Referenced by the logs but never imported: known only from a source's title/url.
    is_stub = models.BooleanField(default=False)
    created_at = models.DateTimeField(db_default=Now())
    updated_at = models.DateTimeField(db_default=Now())

    objects = ArticleQuerySet.as_manager()

    class Meta:
        ordering = ["title"]

    def __str__(self) -> str:
        return self.title or self.external_id

    def get_absolute_url(self) -> str:
        return reverse("content:article_detail", args=[self.pk])

    def current_version(self) -> ArticleVersion | None:
        return self.versions.order_by("-number").first()

    def version_at(self, moment: datetime) -> ArticleVersion | None:
        """The version that was live at ``moment``."""
        return self.versions.filter(live_from__lte=moment).order_by("-live_from", "-number").first()


class ArticleVersion(models.Model):
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    title = models.CharField(max_length=500, blank=True)
    body = models.TextField()
    body_hash = models.CharField(max_length=64)
    # The article's own ``updated_at`` from the import.
    published_at = models.DateTimeField()
    # The span during which this version answered the bot's questions.
    live_from = models.DateTimeField()
    live_until = models.DateTimeField(null=True, blank=True)
    imported_at = models.DateTimeField(db_default=Now())

    class Meta:
        ordering = ["article", "number"]
        constraints = [
            models.UniqueConstraint(fields=["article", "number"], name="version_unique_number")
        ]
        indexes = [models.Index(fields=["article", "live_from"], name="version_live_from")]

    def __str__(self) -> str:
        return f"{self.article} v{self.number}"
