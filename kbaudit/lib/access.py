"""The one checkpoint for who sees what: bots, knowledge bases and their articles.

A user sees the bots of their teams, and reads the articles of the knowledge bases their
teams own or their teams' bots answer from; admins see everything. Every view, export
and command that shows an article goes through here, so a rule changes in one place.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404

from kbaudit.lib.roles import is_admin


def bots_for_user(user) -> QuerySet:
    from audits.models import Bot

    return Bot.objects.visible_to(user)


def get_bot_for_user(user, slug: str):
    bot = bots_for_user(user).filter(slug=slug).first()
    if bot is None:
        raise Http404("No such bot")
    return bot


def knowledge_bases_for_user(user) -> QuerySet:
    from content.models import KnowledgeBase

    if not user.is_authenticated:
        return KnowledgeBase.objects.none()
    if is_admin(user):
        return KnowledgeBase.objects.all()
    teams = user.kbaudit_teams.all()
    return KnowledgeBase.objects.filter(
        Q(team__in=teams) | Q(bot_links__bot__team__in=teams)
    ).distinct()


def get_knowledge_base_for_user(user, slug: str):
    knowledge_base = knowledge_bases_for_user(user).filter(slug=slug).first()
    if knowledge_base is None:
        raise Http404("No such knowledge base")
    return knowledge_base


def articles_for_user(user) -> QuerySet:
    from content.models import Article

    if is_admin(user):
        return Article.objects.all()
    return Article.objects.filter(knowledge_base__in=knowledge_bases_for_user(user).values("pk"))


def get_article_for_user(user, pk: int):
    article = articles_for_user(user).select_related("knowledge_base").filter(pk=pk).first()
    if article is None:
        raise Http404("No such article")
    return article


def bots_answering_from(user, knowledge_base_id: int) -> QuerySet:
    """The user's bots whose sources resolve to the articles of this knowledge base."""
    return bots_for_user(user).filter(knowledge_base_link__knowledge_base_id=knowledge_base_id)
