from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from content.models import ReviewItem, ReviewItemEvent
from content.review.flags import content_flags_update
from content.review.lifecycle import UNDO_WINDOW
from tests.factories import ArticleFactory, ArticleVersionFactory
from tests.helpers import BAD, days_of, make_item

pytestmark = pytest.mark.django_db


def post(client, item, action, htmx=True, **data):
    url = reverse("content:item_action", args=[item.pk, action])
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": f"item-{item.pk}"} if htmx else {}
    return client.post(url, data, **headers)


def test_the_queue_is_the_home_page_and_lists_items_by_priority(client, bob, bot):
    make_item(bot, "kb-a", "Low", priority=1)
    make_item(bot, "kb-b", "High", priority=50)
    client.force_login(bob)
    html = client.get(reverse("home")).content.decode()
    assert html.index("High") < html.index("Low")


def test_anonymous_visitors_are_sent_to_log_in(client, bot):
    response = client.get(reverse("home"))
    assert response.status_code == 302 and reverse("login") in response.url


def test_an_outsider_sees_none_of_another_teams_items(client, charlie, bot):
    item = make_item(bot)
    client.force_login(charlie)
    assert "Returns policy" not in client.get(reverse("home")).content.decode()
    assert client.get(item.get_absolute_url()).status_code == 404
    assert post(client, item, "claim").status_code == 404
    assert (
        client.get(reverse("content:queue_export") + "?format=csv").content.decode().count("\n")
        == 1
    )


def test_filters_and_topic_chips_narrow_the_queue(client, bob, bot, other_bot):
    make_item(bot, "kb-a", "Returns", topic="returns")
    make_item(bot, "kb-b", "Shipping", topic="delivery", reason="partial_coverage")
    client.force_login(bob)
    html = client.get(reverse("home"), {"topic": "delivery"}).content.decode()
    assert "Shipping" in html and ">Returns<" not in html
    assert "returns: 1" in html and "delivery: 1" in html
    html = client.get(reverse("home"), {"reason": "content_gap"}).content.decode()
    assert ">Returns<" in html and "Shipping" not in html


def test_a_filter_change_returns_only_the_list_fragment(client, bob, bot):
    make_item(bot)
    client.force_login(bob)
    fragment = client.get(
        reverse("home"), {"status": "active"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'id="queue"' in fragment and "<html" not in fragment and "<nav" not in fragment


def test_claiming_assigns_the_item_and_offers_undo(client, bob, bot):
    item = make_item(bot)
    client.force_login(bob)
    response = post(client, item, "claim")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert f'id="item-{item.pk}"' in html and 'id="toast"' in html and "Undo" in html
    item.refresh_from_db()
    assert (item.status, item.assignee) == ("in_progress", bob)
    event = item.events.get()
    assert (event.actor, event.action) == (bob, "claimed")
    assert event.detail["from"]["status"] == "open" and event.detail["to"]["assignee"] == bob.pk


def test_undo_restores_the_item_as_it_was(client, bob, bot):
    item = make_item(bot)
    client.force_login(bob)
    post(client, item, "claim")
    post(client, item, "undo")
    item.refresh_from_db()
    assert (item.status, item.assignee) == ("open", None)
    assert [e.action for e in item.events.all()] == ["claimed", "undo"]


def test_only_the_author_may_undo_and_only_for_a_while(client, alice, bob, bot):
    item = make_item(bot)
    client.force_login(bob)
    post(client, item, "resolve")
    client.force_login(alice)
    assert "Nothing to undo" in post(client, item, "undo").content.decode()
    ReviewItemEvent.objects.update(created_at=timezone.now() - UNDO_WINDOW - timedelta(minutes=1))
    client.force_login(bob)
    assert "Nothing to undo" in post(client, item, "undo").content.decode()
    item.refresh_from_db()
    assert item.status == "resolved"


def test_a_dismissal_needs_a_reason_and_stays_final_when_flags_run_again(client, bob, bot):
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=article)
    days_of(bot, "kb-returns", BAD)
    content_flags_update(bot=bot, min_sample=10)
    item = ReviewItem.objects.get()
    client.force_login(bob)
    assert "Say why" in post(client, item, "dismiss", reason="  ").content.decode()
    post(client, item, "dismiss", reason="Policy under review by legal")
    item.refresh_from_db()
    assert (item.status, item.dismissed_reason) == ("dismissed", "Policy under review by legal")
    assert item.closed_at is not None
    assert content_flags_update(bot=bot, min_sample=10).held_dismissed == 1
    assert ReviewItem.objects.get().status == "dismissed"


def test_a_writer_cannot_take_over_someone_elses_item_but_an_editor_can(client, alice, bob, bot):
    item = make_item(bot, assignee=alice, status="in_progress")
    client.force_login(bob)
    assert "assigned to alice" in post(client, item, "claim").content.decode()
    assert "assigned to alice" in post(client, item, "resolve").content.decode()
    assert "Only editors" in post(client, item, "assign", assignee="bob").content.decode()
    item.refresh_from_db()
    assert (item.assignee, item.status) == (alice, "in_progress")
    client.force_login(alice)
    post(client, item, "assign", assignee="bob")
    item.refresh_from_db()
    assert item.assignee == bob


def test_an_editor_cannot_assign_outside_the_bots_team(client, alice, charlie, bot):
    item = make_item(bot)
    client.force_login(alice)
    assert "not in the team" in post(client, item, "assign", assignee="charlie").content.decode()
    assert ReviewItem.objects.get().assignee is None


def test_actions_without_javascript_redirect_back(client, bob, bot):
    item = make_item(bot)
    client.force_login(bob)
    response = post(client, item, "resolve", htmx=False)
    assert response.status_code == 302 and response.url == item.get_absolute_url()


def test_htmx_posts_need_the_csrf_token(bob, bot):
    item = make_item(bot)
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    assert post(client, item, "claim").status_code == 403
    page = client.get(reverse("home"))
    token = page.cookies["csrftoken"].value
    assert 'hx-headers=\'{"X-CSRFToken": "' in page.content.decode()
    url = reverse("content:item_action", args=[item.pk, "claim"])
    assert client.post(url, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token).status_code == 200


def test_the_queue_paginates(client, bob, bot):
    article = ArticleFactory(external_id="kb-many", title="Many")
    ReviewItem.objects.bulk_create(
        [ReviewItem(bot=bot, article=article, reason="content_gap", priority=i, status="resolved")
         for i in range(120)]
    )  # fmt: skip
    client.force_login(bob)
    html = client.get(reverse("home"), {"status": "resolved", "page": 3}).content.decode()
    assert "Page 3 of 3" in html and "120 items" in html


def test_the_queue_exports_its_filtered_items_as_csv(client, bob, bot):
    make_item(bot, "kb-a", "Returns", topic="returns")
    make_item(bot, "kb-b", "Shipping", topic="delivery")
    client.force_login(bob)
    response = client.get(reverse("content:queue_export"), {"format": "csv", "topic": "delivery"})
    lines = response.content.decode().splitlines()
    assert response["Content-Type"].startswith("text/csv")
    assert lines[0].startswith("article_id,title,reason") and len(lines) == 2
    assert lines[1].startswith("kb-b,Shipping")
