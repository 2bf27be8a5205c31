"""Which article version a retrieval saw."""

from __future__ import annotations

from datetime import datetime

from content.models import ArticleVersion


def version_for_source(article_key: str, moment: datetime) -> ArticleVersion | None:
    """The version of article ``article_key`` that was live at ``moment``."""
    return (
        ArticleVersion.objects.filter(article__external_id=article_key, live_from__lte=moment)
        .order_by("-live_from", "-number")
        .first()
    )
