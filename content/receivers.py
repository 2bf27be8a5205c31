"""How the content side reacts to what audits stores."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Max
from django.db.models.signals import post_save
from django.dispatch import receiver

from audits.models import Bot, RetrievedSource
from audits.signals import (
    conversation_forgotten,
    evaluations_written,
    interactions_imported,
    source_texts_wanted,
)
from content.alerts.services import alert_defaults_ensure
from content.models import Article, BotKnowledgeBase
from content.retention.erasure import forgotten_text_scrub

log = logging.getLogger(__name__)


@receiver(post_save, sender="audits.Bot")
def link_new_bot(sender, *, instance, created: bool, raw: bool = False, **kwargs) -> None:
    """A new bot answers from its team's default knowledge base (the install's without one)."""
    if created and not raw:
        BotKnowledgeBase.objects.link(instance)


@receiver(post_save, sender=BotKnowledgeBase)
def rebuild_rollups_of_a_relinked_bot(sender, *, instance, created: bool, raw=False, **kwargs):
    """A bot moved to another knowledge base: its sources now resolve to that one's
    articles, so its article rollups are recomputed."""
    if created or raw:
        return
    # Here, not at the top: the tasks pull in the analytics, the scan and numpy.
    from content.tasks import rollups_rebuild

    bot_id, knowledge_base_id = instance.bot_id, instance.knowledge_base_id
    cited = (
        RetrievedSource.objects.filter(bot_id=bot_id)
        .order_by()
        .values("article_key")
        .annotate(title=Max("title"), url=Max("url"))
        .values_list("article_key", "title", "url")
    )
    Article.objects.stubs_create(
        {(knowledge_base_id, key): (title, url) for key, title, url in cited}
    )
    transaction.on_commit(lambda: rollups_rebuild.delay(bot_id))


@receiver(interactions_imported)
def create_stub_articles(
    sender, *, article_refs: dict[tuple[int, str], tuple[str, str]], **kwargs
) -> None:
    """Articles the logs cite but the bot's knowledge base lacks become stubs there, known
    by title/url. ``article_refs`` is keyed by (bot id, article key)."""
    if not article_refs:
        return
    kb_of = BotKnowledgeBase.objects.for_bots({bot_id for bot_id, _ in article_refs})
    wanted: dict[tuple[int, str], tuple[str, str]] = {}
    for (bot_id, key), ref in sorted(article_refs.items()):
        wanted.setdefault((kb_of[bot_id], key), ref)
    Article.objects.stubs_create(wanted)


@receiver(evaluations_written)
def refresh_rollups(sender, *, days: dict[int, list], **kwargs) -> None:
    """Rollups follow the sweep: only the days it touched are recomputed."""
    # Here, not at the top: the tasks pull in the analytics, the scan and numpy (0.8 s
    # of start-up for every command, an import of a file among them).
    from content.tasks import rollups_refresh

    for bot_id, touched in days.items():
        iso = sorted({day.isoformat() for day in touched})

        def enqueue(bot_id=bot_id, iso=iso) -> None:
            try:
                rollups_refresh.delay(bot_id, iso)
            except Exception:  # the broker is down: the hourly catch-up will redo these days
                log.exception("could not queue the rollup refresh of bot %s", bot_id)

        transaction.on_commit(enqueue)


@receiver(source_texts_wanted)
def article_texts(sender, *, bot, keys: list[str], **kwargs) -> dict[str, str]:
    """The current text of the articles of the bot's knowledge base a trace retrieved by
    id only."""
    knowledge_base_id = BotKnowledgeBase.objects.for_bots([bot.pk])[bot.pk]
    articles = Article.objects.filter(knowledge_base_id=knowledge_base_id, external_id__in=keys)
    texts: dict[str, str] = {}
    for article in articles.prefetch_related("versions"):
        version = max(article.versions.all(), key=lambda v: v.number, default=None)
        if version is not None:
            texts[article.external_id] = version.body
    return texts


@receiver(post_save, sender=Bot)
def default_alert_rules(sender, *, instance: Bot, **kwargs) -> None:
    """A team's first bot turns on the default alert rules (editors change them later)."""
    if instance.team_id is not None:
        alert_defaults_ensure(team=instance.team)


@receiver(conversation_forgotten)
def scrub_forgotten_conversation(
    sender, *, bot_id: int, interaction_ids: list[int], texts: list[str], **kwargs
) -> None:
    """An erased conversation's words leave the evidence, suggestions and findings too."""
    forgotten_text_scrub(bot_id=bot_id, interaction_ids=interaction_ids, texts=texts)
