"""Fixtures shared by the content tests: planted data and the digest's beat."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from audits.models import BotDailyUsage
from content.analytics.rollups import rollup_update
from content.models import ReviewItem
from content.tasks import digests_dispatch
from tests.factories import ArticleFactory, ArticleVersionFactory
from tests.helpers import BAD, GOOD, SITE, returns_gap_plant, traffic


def plant_traffic(bot, day: datetime, key: str, metrics: dict | None, n: int) -> None:
    for i in range(n):
        traffic(bot, day=day + timedelta(minutes=i), article_keys=[key], metrics=metrics)


@pytest.fixture
def beat(django_capture_on_commit_callbacks):
    """One beat of the digest schedule, with its on-commit sends run as after a commit."""

    def run() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return digests_dispatch()

    return run


@pytest.fixture
def returns_gap(bot):
    """The returns article failing 24 times on 20–21 Nov, with its content-gap item."""
    return returns_gap_plant(bot)


@pytest.fixture
def week(bot, returns_gap, settings):
    """A week with news: a new content gap (the returns article, failing 24 times on
    20–21 Nov), the shipping article's traffic tripled and its item resolved (the answers
    after the resolution are good), and a judge budget spent beyond its limit one day."""
    settings.SITE_URL = SITE
    ReviewItem.objects.update(created_at=datetime(2026, 11, 20, 12, tzinfo=UTC))
    shipping = ArticleFactory(external_id="kb-shipping", title="Shipping times")
    ArticleVersionFactory(article=shipping)
    plant_traffic(bot, datetime(2026, 11, 12, 9, tzinfo=UTC), "kb-shipping", BAD, 5)
    plant_traffic(bot, datetime(2026, 11, 20, 9, tzinfo=UTC), "kb-shipping", GOOD, 15)
    rollup_update(bot=bot, days=[datetime(2026, 11, d).date() for d in range(9, 23)])
    ReviewItem.objects.create(
        bot=bot, article=shipping, reason="content_gap", status="resolved", priority=3,
        created_at=datetime(2026, 11, 1, tzinfo=UTC),
        closed_at=datetime(2026, 11, 19, 15, tzinfo=UTC),
    )  # fmt: skip
    bot.daily_token_budget = 100_000
    bot.save()
    BotDailyUsage.objects.create(
        bot=bot, day=datetime(2026, 11, 18).date(), prompt_tokens=100_000, completion_tokens=20_000
    )
    BotDailyUsage.objects.create(
        bot=bot, day=datetime(2026, 11, 19).date(), prompt_tokens=25_000, completion_tokens=5_000
    )
    return bot
