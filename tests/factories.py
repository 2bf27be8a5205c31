from __future__ import annotations

from datetime import UTC, datetime, timedelta

import factory
from django.contrib.auth import get_user_model

from audits.models import Bot, Conversation, Evaluation, Interaction, RetrievedSource, Team
from content.models import BEGINNING, Article, ArticleVersion, body_hash

BASE_TIME = datetime(2026, 11, 2, 14, 0, tzinfo=UTC)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password("correct horse battery staple")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Team {n}")
    slug = factory.Sequence(lambda n: f"team-{n}")


class BotFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Bot
        django_get_or_create = ("slug",)

    slug = factory.Sequence(lambda n: f"bot-{n}")
    name = factory.LazyAttribute(lambda b: b.slug.replace("-", " ").title())
    domain_description = "Customer help for an online store: orders, shipping, returns, payments."


class ConversationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Conversation

    bot = factory.SubFactory(BotFactory)
    external_id = factory.Sequence(lambda n: f"c-{n}")
    started_at = BASE_TIME
    last_activity_at = BASE_TIME


class InteractionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Interaction

    bot = factory.SubFactory(BotFactory)
    conversation = factory.SubFactory(
        ConversationFactory,
        bot=factory.SelfAttribute("..bot"),
        started_at=factory.SelfAttribute("..timestamp"),
        last_activity_at=factory.SelfAttribute("..timestamp"),
    )
    external_id = factory.Sequence(lambda n: f"int-{n}")
    timestamp = factory.Sequence(lambda n: BASE_TIME + timedelta(minutes=n))
    query = "How long do I have to return headphones?"
    response = "You can return headphones within 30 days of delivery."


class RetrievedSourceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RetrievedSource

    interaction = factory.SubFactory(InteractionFactory)
    rank = factory.Sequence(lambda n: n + 1)
    article_key = "kb-returns"
    title = "Returns policy"
    url = "https://help.example.com/returns"
    text = "You can return most items within 30 days of delivery."
    score = 0.8
    bot = factory.SelfAttribute("interaction.bot")
    occurred_at = factory.SelfAttribute("interaction.timestamp")


class EvaluationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Evaluation

    interaction = factory.SubFactory(InteractionFactory)
    bot = factory.SelfAttribute("interaction.bot")
    occurred_at = factory.SelfAttribute("interaction.timestamp")
    judge = "offline"
    verdict = "sufficient"
    source_precision = 1.0
    source_query_coverage = 1.0
    response_precision = 1.0
    response_query_coverage = 1.0
    groundedness = 1.0
    self_distinctness = 1.0


def help_centre_knowledge_base():
    """The default knowledge base of the conftest ``team`` (Help Centre): the one the
    ``bot`` fixture answers from, so an article made without a KB is that bot's."""
    from content.models import KnowledgeBase

    team = TeamFactory(name="Help Centre", slug="help-centre")
    return KnowledgeBase.objects.default_for_team(team)


class ArticleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Article
        django_get_or_create = ("knowledge_base", "external_id")

    knowledge_base = factory.LazyFunction(help_centre_knowledge_base)
    external_id = factory.Sequence(lambda n: f"kb-{n}")
    title = factory.Sequence(lambda n: f"Article {n}")
    url = factory.LazyAttribute(lambda a: f"https://help.example.com/{a.external_id}")


class ArticleVersionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ArticleVersion

    article = factory.SubFactory(ArticleFactory)
    number = 1
    title = factory.SelfAttribute("article.title")
    body = "You can return most items within 30 days of delivery."
    body_hash = factory.LazyAttribute(lambda v: body_hash(v.body))
    published_at = BASE_TIME
    live_from = BEGINNING


class KnowledgeBaseFactory(factory.django.DjangoModelFactory):
    """A team's knowledge base; ``is_default`` makes the team's new bots answer from it."""

    class Meta:
        model = "content.KnowledgeBase"
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Knowledge base {n}")
    slug = factory.Sequence(lambda n: f"kb-{n}")
    team = factory.SubFactory(TeamFactory)
    is_default = False


class EvaluationRunFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "audits.EvaluationRun"

    name = factory.Sequence(lambda n: f"run-{n}")


class ReviewItemFactory(factory.django.DjangoModelFactory):
    """An open content-gap item of the returns article, with the evidence the pages read."""

    class Meta:
        model = "content.ReviewItem"

    bot = factory.SubFactory(BotFactory)
    article = factory.SubFactory(ArticleFactory, external_id="kb-returns", title="Returns policy")
    reason = "content_gap"
    priority = 10.0
    topic = "returns"
    evidence = factory.LazyFunction(lambda: {"traffic": 40, "metrics": {}, "thresholds": {}})


class DigestSubscriptionFactory(factory.django.DjangoModelFactory):
    """Mondays at 08:00 UTC, saved as is (``subscription_save`` also sets ``next_send_at``)."""

    class Meta:
        model = "content.DigestSubscription"
        django_get_or_create = ("user",)

    user = factory.SubFactory(UserFactory)
    weekday = 0
    hour = 8
    time_zone = "UTC"


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "content.Season"

    name = "Holiday peak"
    slug = factory.LazyAttribute(lambda s: s.name.lower().replace(" ", "-"))
    start_month = 11
    start_day = 20
    end_month = 12
    end_day = 31


class ArticleFindingFactory(factory.django.DjangoModelFactory):
    """A duplicate pair found by the knowledge-base scan."""

    class Meta:
        model = "content.ArticleFinding"

    kind = "duplicate"
    article_a = factory.SubFactory(ArticleFactory)
    article_b = factory.SubFactory(ArticleFactory)
