"""How the content side reacts to what audits stores."""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import receiver

from audits.signals import conversation_forgotten, evaluations_written, interactions_imported
from content.models import Article

log = logging.getLogger(__name__)


@receiver(interactions_imported)
def create_stub_articles(sender, *, article_refs: dict[str, tuple[str, str]], **kwargs) -> None:
    """Articles the logs cite but the KB export lacks become stubs, known by title/url."""
    if not article_refs:
        return
    known = set(
        Article.objects.filter(external_id__in=list(article_refs)).values_list(
            "external_id", flat=True
        )
    )
    Article.objects.bulk_create(
        [
            Article(external_id=key, title=title[:500], url=url[:1000], is_stub=True)
            for key, (title, url) in sorted(article_refs.items())
            if key not in known
        ],
        ignore_conflicts=True,
    )


@receiver(evaluations_written)
def refresh_rollups(sender, *, days: dict[int, list], **kwargs) -> None:
    """Rollups follow the sweep: only the days it touched are recomputed."""
    from content.tasks import rollups_refresh

    for bot_id, touched in days.items():
        iso = sorted({day.isoformat() for day in touched})

        def enqueue(bot_id=bot_id, iso=iso) -> None:
            try:
                rollups_refresh.delay(bot_id, iso)
            except Exception:  # the broker is down: the hourly catch-up will redo these days
                log.exception("could not queue the rollup refresh of bot %s", bot_id)

        transaction.on_commit(enqueue)


@receiver(conversation_forgotten)
def scrub_forgotten_conversation(
    sender, *, bot_id: int, interaction_ids: list[int], texts: list[str], **kwargs
) -> None:
    """An erased conversation's words leave the evidence, suggestions and findings too."""
    from content.retention.erasure import forgotten_text_scrub

    forgotten_text_scrub(bot_id=bot_id, interaction_ids=interaction_ids, texts=texts)
