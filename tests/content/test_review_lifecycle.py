"""The item lifecycle: closed items stay closed, undo is short and one's own, priority is
traffic × how far below."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from content.analytics.rollups import rollup_update
from content.models import ReviewItem
from content.review import lifecycle as review
from content.review.flags import content_flags_update
from tests.factories import ArticleFactory, ArticleVersionFactory
from tests.helpers import BAD, traffic

pytestmark = pytest.mark.django_db
DAY = datetime(2026, 11, 20, 10, tzinfo=UTC)


def an_item(bot, **kwargs):
    article = ArticleFactory(external_id=kwargs.pop("key", "kb-returns"), title="Returns policy")
    return ReviewItem.objects.create(
        bot=bot, article=article, reason="content_gap", priority=10.0, topic="returns",
        evidence={"traffic": 40, "metrics": {}, "thresholds": {}}, **kwargs,
    )  # fmt: skip


def act(client, item, action, **data):
    return client.post(reverse("content:item_action", args=[item.pk, action]), data)


@pytest.mark.parametrize("status", ["dismissed", "resolved"])
@pytest.mark.parametrize("action", ["start", "claim"])
def test_claiming_or_starting_a_closed_item_does_not_reopen_it(client, bob, bot, status, action):
    item = an_item(bot, status=status, dismissed_reason="Legal owns it" * (status == "dismissed"))
    client.force_login(bob)
    response = act(client, item, action)
    assert response.status_code == 302
    item.refresh_from_db()
    assert (item.status, item.assignee) == (status, None)
    assert not item.events.exists()
    with pytest.raises(review.ActionError):
        getattr(review, f"item_{action}")(item=item, user=bob)


def test_a_dismissal_can_be_undone_by_its_author_within_the_toasts_seconds(client, bob, bot):
    item = an_item(bot)
    client.force_login(bob)
    with time_machine.travel(DAY, tick=False):
        act(client, item, "dismiss", reason="Covered by the legal page")
    with time_machine.travel(DAY + timedelta(seconds=review.UNDO_SECONDS - 1), tick=False):
        act(client, item, "undo")
    item.refresh_from_db()
    assert item.status == "open"
    assert [e.action for e in item.events.order_by("id")] == ["dismissed", "undo"]


def test_a_dismissal_older_than_the_toast_is_final(client, bob, bot):
    item = an_item(bot)
    client.force_login(bob)
    with time_machine.travel(DAY, tick=False):
        act(client, item, "dismiss", reason="Covered by the legal page")
    with time_machine.travel(DAY + timedelta(seconds=review.UNDO_SECONDS + 1), tick=False):
        html = client.post(
            reverse("content:item_action", args=[item.pk, "undo"]), HTTP_HX_REQUEST="true"
        ).content.decode()
    assert "Nothing to undo" in html
    item.refresh_from_db()
    assert item.status == "dismissed"


def test_the_toast_says_how_long_undo_is_offered(client, bob, bot):
    item = an_item(bot)
    client.force_login(bob)
    html = client.post(
        reverse("content:item_action", args=[item.pk, "claim"]),
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET=f"item-{item.pk}",
    ).content.decode()
    assert f'data-undo-seconds="{review.UNDO_SECONDS}"' in html


def test_next_is_followed_on_this_site_only(client, bob, bot):
    item = an_item(bot)
    client.force_login(bob)
    evil = act(client, item, "start", next="https://evil.example/phish")
    assert evil.status_code == 302 and evil.url == item.get_absolute_url()
    sneaky = act(client, an_item(bot, key="kb-b"), "claim", next="//evil.example/")
    assert "evil.example" not in sneaky.url
    home = act(client, an_item(bot, key="kb-c"), "claim", next="/?status=active")
    assert home.url == "/?status=active"


def test_the_bulk_brief_download_keeps_next_on_this_site(client, bob, bot):
    client.force_login(bob)
    response = client.post(reverse("content:queue_briefs"), {"next": "https://evil.example"})
    assert response.status_code == 302 and response.url == reverse("home")


def _article_days(bot, key, graded_every: int) -> None:
    days = set()
    for i in range(24):
        moment = DAY + timedelta(hours=3 * i)
        traffic(bot, day=moment, article_keys=[key], metrics=BAD if i % graded_every == 0 else None)
        days.add(moment.date())
    rollup_update(bot=bot, days=days)


def test_priority_follows_traffic_not_the_number_of_graded_answers(bot):
    for key in ("kb-all-graded", "kb-half-graded"):
        ArticleVersionFactory(article=ArticleFactory(external_id=key, title=key), number=1)
    _article_days(bot, "kb-all-graded", graded_every=1)  # 24 retrievals, 24 graded
    _article_days(bot, "kb-half-graded", graded_every=2)  # 24 retrievals, 12 graded
    content_flags_update(bot=bot, min_sample=10)
    items = {i.article.external_id: i for i in ReviewItem.objects.filter(reason="content_gap")}
    assert items["kb-all-graded"].evidence["graded"] == 24
    assert items["kb-half-graded"].evidence["graded"] == 12
    assert items["kb-all-graded"].priority == pytest.approx(items["kb-half-graded"].priority)
    assert items["kb-all-graded"].priority == pytest.approx(24 * items["kb-all-graded"].severity)
