"""Which article version a retrieval saw."""

from __future__ import annotations

from datetime import datetime

from content.models import ArticleVersion, KnowledgeBase


def version_for_source(
    article_key: str, moment: datetime, knowledge_base: KnowledgeBase | None = None
) -> ArticleVersion | None:
    """The version of article ``article_key`` of ``knowledge_base`` (the install's default
    when not given) that was live at ``moment``."""
    knowledge_base = knowledge_base or KnowledgeBase.objects.install_default()
    return (
        ArticleVersion.objects.filter(
            article__knowledge_base=knowledge_base,
            article__external_id=article_key,
            live_from__lte=moment,
        )
        .order_by("-live_from", "-number")
        .first()
    )
