from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from audits.models import Team
from content.digest.services import (
    digest_build,
    digest_claim,
    digest_message,
    digest_retry_countdown,
    digests_claim_due,
    subscription_next_send,
    subscription_save,
    unsubscribe_token,
)
from content.models import DigestDelivery, DigestSubscription, ReviewItem
from content.tasks import digest_deliver
from demo.setup import demo_people_setup
from tests.factories import DigestSubscriptionFactory, UserFactory
from tests.helpers import MONDAY, SITE, subscribe

pytestmark = pytest.mark.django_db
# --- what it says ----------------------------------------------------------------------------


def test_the_digest_reports_the_week_on_each_bot(alice, week):
    digest = digest_build(user=alice, end=MONDAY, subscription=subscribe(alice))
    assert (digest.first.isoformat(), digest.last.isoformat()) == ("2026-11-16", "2026-11-22")
    [report] = digest.bots
    assert report.new_total == 1 and report.new_items[0][0].article.title == "Returns policy"
    assert [(r.article.title, r.traffic, r.previous) for r in report.risers] == [
        ("Returns policy", 24, 0),
        ("Shipping times", 15, 5),
    ]
    assert report.risers[1].change == pytest.approx(2.0)
    [resolution] = report.resolved
    assert resolution.item.article.title == "Shipping times" and resolution.recovered is True
    sp = resolution.changes[0]
    assert (sp.short, sp.before, sp.after) == ("SP", 0.5, 1.0)
    assert report.topics[0]["topic"] == "returns policy" and report.topics[0]["failing"] == 24
    assert report.abstention_gap is not None and report.abstention_gap > 0
    assert (report.budget.tokens, report.budget.days_over) == (150_000, 1)
    assert report.budget.share == pytest.approx(150_000 / 700_000)
    assert not digest.quiet


def test_the_text_and_html_parts_carry_the_news_with_absolute_links(alice, week):
    digest = digest_build(user=alice, end=MONDAY, subscription=subscribe(alice))
    message = digest_message(digest=digest)
    item = ReviewItem.objects.get(reason="content_gap", status="open")
    assert message.subject == "kbaudit weekly, 16–22 Nov 2026: 1 new review item, 1 resolved"
    text, (html, mimetype) = message.body, message.alternatives[0]
    assert mimetype == "text/html"
    for part in (text, html):
        assert f"{SITE}/items/{item.pk}/" in part
        assert "Returns policy" in part and "Shipping times" in part
        assert "returns policy" in part and "24 failing of 24 asked" in part
        assert f"{SITE}/unsubscribe/" in part and f"{SITE}/settings/digest/" in part
    assert "recovered (no new version; traffic either side of the resolution)" in text
    assert "SP 0.50 -> 1.00" in text and "+200% on 5" in text
    assert "Judge tokens: 150,000 of 100,000 a day (21% of the week's budget)" in text
    assert "the budget ran out on 1 day" in text
    assert message.extra_headers["List-Unsubscribe"] == f"<{digest.unsubscribe_url}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "<script" not in html and "{{" not in text + html


def test_a_quiet_week_gets_a_short_all_quiet_digest(alice, bot, settings):
    settings.SITE_URL = SITE
    digest = digest_build(user=alice, end=MONDAY, subscription=subscribe(alice))
    assert digest.quiet
    message = digest_message(digest=digest)
    assert message.subject == "kbaudit weekly, 16–22 Nov 2026: all quiet"
    assert "All quiet for the week of 16–22 Nov 2026" in message.body
    assert "New review items" not in message.body
    assert f"{SITE}/unsubscribe/" in message.body
    assert len(message.body.splitlines()) < 15


def test_chosen_bots_narrow_the_digest_and_never_widen_what_one_can_see(
    alice, charlie, bot, other_bot
):
    Team.objects.get(slug="marketplace").members.add(alice)
    both = digest_build(user=alice, end=MONDAY, subscription=subscribe(alice))
    assert [week.bot for week in both.bots] == [other_bot, bot]
    DigestSubscription.objects.all().delete()
    chosen = digest_build(user=alice, end=MONDAY, subscription=subscribe(alice, bots=[bot]))
    assert [week.bot for week in chosen.bots] == [bot]
    # charlie picks a bot he cannot see: he gets his own bots, never the Help Centre's
    outside = digest_build(user=charlie, end=MONDAY, subscription=subscribe(charlie, bots=[bot]))
    assert [week.bot for week in outside.bots] == [other_bot]


def test_someone_who_sees_no_bot_is_skipped(beat, bot, time_machine):
    loner = UserFactory(username="dora")
    subscribe(loner)
    time_machine.move_to(MONDAY, tick=False)
    beat()
    assert mail.outbox == []
    assert DigestDelivery.objects.get(user=loner).status == "skipped"


# --- when ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("created", "due_at"),
    [
        (datetime(2027, 1, 3, 12, tzinfo=UTC), datetime(2027, 1, 4, 13, tzinfo=UTC)),  # EST
        (datetime(2027, 7, 4, 12, tzinfo=UTC), datetime(2027, 7, 5, 12, tzinfo=UTC)),  # EDT
    ],
    ids=["winter", "summer"],
)
def test_monday_8am_in_new_york_is_due_at_its_hour_in_utc(
    beat, alice, bot, time_machine, created, due_at
):
    time_machine.move_to(created, tick=False)
    subscription = subscribe(alice, now=created, time_zone="America/New_York")
    assert subscription.next_send_at == due_at
    for moment in (created + timedelta(hours=1), due_at - timedelta(minutes=1)):  # Sunday, early
        time_machine.move_to(moment, tick=False)
        assert beat() == 0
    assert mail.outbox == []
    time_machine.move_to(due_at, tick=False)
    assert beat() == 1
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    subscription.refresh_from_db()
    assert subscription.next_send_at == due_at + timedelta(days=7)


def test_the_next_digest_keeps_its_local_hour_across_the_clock_change(alice):
    subscription = subscribe(alice, time_zone="America/New_York")
    # US clocks go forward on 14 March 2027: 08:00 is 13:00 UTC before, 12:00 after.
    after = datetime(2027, 3, 8, 13, tzinfo=UTC)
    assert subscription_next_send(subscription, after=after) == datetime(
        2027, 3, 15, 12, tzinfo=UTC
    )


def test_a_subscription_without_a_schedule_gets_one_at_the_next_beat(
    beat, alice, bot, time_machine
):
    time_machine.move_to(datetime(2027, 1, 6, 9, tzinfo=UTC), tick=False)  # a Wednesday
    DigestSubscriptionFactory(user=alice, weekday=3, hour=10)  # Thursdays 10:00 UTC
    assert beat() == 0
    assert DigestSubscription.objects.get().next_send_at == datetime(2027, 1, 7, 10, tzinfo=UTC)


# --- never twice ---------------------------------------------------------------------------


def test_two_beats_at_the_same_moment_send_one_digest(beat, alice, bob, bot, time_machine):
    subscribe(alice)
    subscribe(bob)
    time_machine.move_to(MONDAY + timedelta(minutes=3), tick=False)
    assert beat() == 2
    assert beat() == 0
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.com", "bob@example.com"]
    assert DigestDelivery.objects.filter(status="sent", week="2026-W48").count() == 2


def test_two_processes_reading_the_same_due_subscription_claim_it_once(alice, bot):
    subscribe(alice)
    first, second = DigestSubscription.objects.get(), DigestSubscription.objects.get()
    assert digest_claim(subscription=first, now=MONDAY) is not None
    assert digest_claim(subscription=second, now=MONDAY) is None
    assert DigestDelivery.objects.count() == 1


def test_a_rescheduled_subscription_gets_no_second_digest_that_week(beat, alice, bot, time_machine):
    subscription = subscribe(alice)
    time_machine.move_to(MONDAY, tick=False)
    beat()
    # alice moves her digest to Friday: the week's digest went out already
    subscription.weekday = 4
    subscription_save(subscription=subscription, now=MONDAY)
    time_machine.move_to(datetime(2026, 11, 27, 8, tzinfo=UTC), tick=False)
    assert beat() == 0
    assert len(mail.outbox) == 1
    time_machine.move_to(datetime(2026, 12, 4, 8, tzinfo=UTC), tick=False)  # the next Friday
    assert beat() == 1 and len(mail.outbox) == 2


def test_a_repeated_task_message_sends_nothing_more(beat, alice, bot, time_machine):
    subscribe(alice)
    time_machine.move_to(MONDAY, tick=False)
    beat()
    delivery = DigestDelivery.objects.get()
    assert digest_deliver.delay(delivery.pk).get() == "sent"
    assert len(mail.outbox) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("sent", 1)


def test_retries_wait_longer_each_time_up_to_an_hour():
    assert [digest_retry_countdown(n) for n in range(8)] == [
        60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]  # fmt: skip


# --- unsubscribing -------------------------------------------------------------------------


def test_the_signed_link_unsubscribes_without_login(alice, bot):
    subscribe(alice)
    url = reverse("content:digest_unsubscribe", args=[unsubscribe_token(alice)])
    anonymous = Client()
    page = anonymous.get(url)
    assert page.status_code == 200 and "Unsubscribe from the weekly digest" in page.content.decode()
    assert "alice@example.com" not in page.content.decode()  # whoever holds the link
    assert DigestSubscription.objects.get().enabled  # a link scanner's GET changes nothing
    done = anonymous.post(url)
    assert done.status_code == 200 and "You are unsubscribed" in done.content.decode()
    assert "alice@example.com" not in done.content.decode()
    subscription = DigestSubscription.objects.get()
    assert not subscription.enabled and subscription.next_send_at is None


def test_an_unsubscribe_link_expires_after_ninety_days(alice, bot):
    subscribe(alice)
    with time_machine.travel(datetime(2026, 1, 1, 9, tzinfo=UTC), tick=False):
        url = reverse("content:digest_unsubscribe", args=[unsubscribe_token(alice)])
    with time_machine.travel(datetime(2026, 3, 31, 9, tzinfo=UTC), tick=False):  # day 89
        assert Client().get(url).status_code == 200
    with time_machine.travel(datetime(2026, 4, 2, 9, tzinfo=UTC), tick=False):  # day 91
        response = Client().post(url)
    assert response.status_code == 400 and "expired" in response.content.decode()
    assert DigestSubscription.objects.get().enabled


def test_every_digest_carries_a_fresh_unsubscribe_token(alice, bot):
    with time_machine.travel(datetime(2026, 1, 1, 9, tzinfo=UTC), tick=False):
        first = unsubscribe_token(alice)
    with time_machine.travel(datetime(2026, 1, 8, 9, tzinfo=UTC), tick=False):
        second = unsubscribe_token(alice)
    assert first != second


def test_mail_clients_unsubscribe_in_one_post_without_a_csrf_token(alice, bot):
    subscribe(alice)
    url = reverse("content:digest_unsubscribe", args=[unsubscribe_token(alice)])
    response = Client(enforce_csrf_checks=True).post(
        url, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200 and not DigestSubscription.objects.get().enabled


@pytest.mark.parametrize(
    "change",
    [lambda t: t[:-1] + ("A" if t[-1] != "A" else "B"), lambda t: t.replace(t[2], "x", 1), "junk"],
)
def test_a_tampered_link_is_refused(alice, bob, bot, change):
    subscribe(alice)
    token = unsubscribe_token(alice)
    forged = change(token) if callable(change) else change
    response = Client().post(reverse("content:digest_unsubscribe", args=[forged]))
    assert response.status_code == 400 and "does not work" in response.content.decode()
    assert DigestSubscription.objects.get().enabled


def test_another_persons_token_cannot_be_made_from_mine(alice, bob, bot):
    subscribe(bob)
    mine = unsubscribe_token(alice)
    payload, signature = mine.rsplit(":", 1)
    bobs = unsubscribe_token(bob).rsplit(":", 1)[0]
    url = reverse("content:digest_unsubscribe", args=[f"{bobs}:{signature}"])
    assert Client().post(url).status_code == 400
    assert DigestSubscription.objects.get(user=bob).enabled and payload != bobs


# --- the settings page -----------------------------------------------------------------------


def test_the_account_menu_links_to_the_digest_settings(client, bob, bot):
    client.force_login(bob)
    assert reverse("content:digest_settings") in client.get(reverse("home")).content.decode()


def test_the_settings_page_saves_the_schedule_and_the_bots(
    client, bob, bot, other_bot, time_machine
):
    time_machine.move_to(datetime(2027, 1, 5, 9, tzinfo=UTC), tick=False)  # a Tuesday
    client.force_login(bob)
    page = client.get(reverse("content:digest_settings")).content.decode()
    assert "Store help" in page and "Seller help" not in page and "save to start" in page
    data = {"enabled": "on", "weekday": "4", "hour": "7", "time_zone": "Asia/Tokyo"}
    response = client.post(reverse("content:digest_settings"), {**data, "bots": [bot.pk]})
    assert response.status_code == 302
    subscription = DigestSubscription.objects.get(user=bob)
    assert (subscription.weekday, subscription.hour, subscription.time_zone) == (4, 7, "Asia/Tokyo")
    assert list(subscription.bots.all()) == [bot]
    # Friday 07:00 in Tokyo is Thursday 22:00 UTC
    assert subscription.next_send_at == datetime(2027, 1, 7, 22, tzinfo=UTC)
    refused = client.post(reverse("content:digest_settings"), {**data, "bots": [other_bot.pk]})
    assert refused.status_code == 200 and list(subscription.bots.all()) == [bot]


def test_turning_the_digest_off_clears_its_schedule(client, bob, bot):
    subscribe(bob)
    client.force_login(bob)
    client.post(
        reverse("content:digest_settings"), {"weekday": "0", "hour": "8", "time_zone": "UTC"}
    )
    subscription = DigestSubscription.objects.get()
    assert not subscription.enabled and subscription.next_send_at is None
    assert "You get no digest" in client.get(reverse("content:digest_settings")).content.decode()


def test_the_settings_page_needs_a_login(client):
    response = client.get(reverse("content:digest_settings"))
    assert response.status_code == 302 and reverse("login") in response.url


# --- the command -----------------------------------------------------------------------------


def test_send_digests_now_sends_once_a_week_unless_forced(alice, bob, bot, time_machine):
    subscribe(alice)
    subscribe(bob)
    time_machine.move_to(datetime(2026, 11, 25, 15, tzinfo=UTC), tick=False)  # a Wednesday
    out = io.StringIO()
    call_command("send_digests", "--now", stdout=out)
    assert len(mail.outbox) == 2 and "alice@example.com: sent" in out.getvalue()
    out = io.StringIO()
    call_command("send_digests", "--now", stdout=out)
    assert len(mail.outbox) == 2 and "went out already" in out.getvalue()
    call_command("send_digests", "--now", "--user", "ALICE@example.com", "--force", stdout=out)
    assert [m.to for m in mail.outbox[2:]] == [["alice@example.com"]]
    assert DigestDelivery.objects.get(user=alice).attempts == 2


def test_send_digests_without_now_sends_the_due_ones(alice, bob, bot, time_machine):
    subscribe(alice)
    subscribe(bob, hour=9)
    time_machine.move_to(MONDAY + timedelta(minutes=5), tick=False)
    out = io.StringIO()
    call_command("send_digests", stdout=out)
    assert out.getvalue().strip() == "due 1, sent 1" and len(mail.outbox) == 1


def test_send_digests_names_what_it_cannot_do(alice, bot):
    with pytest.raises(CommandError, match="nobody"):
        call_command("send_digests", "--now", "--user", "nobody@example.com")
    with pytest.raises(CommandError, match="no digest subscription"):
        call_command("send_digests", "--now", "--user", "alice@example.com")
    with pytest.raises(CommandError, match="go with --now"):
        call_command("send_digests", "--force")


def test_the_demo_people_get_a_monday_digest_in_london(db):
    demo_people_setup()
    subscriptions = DigestSubscription.objects.select_related("user").order_by("user__username")
    assert [(s.user.username, s.weekday, s.hour, s.time_zone) for s in subscriptions] == [
        ("alice", 0, 8, "Europe/London"),
        ("bob", 0, 8, "Europe/London"),
    ]
    assert all(s.next_send_at for s in subscriptions)


def test_everyone_with_an_email_address_gets_a_digest_unless_they_switch_it_off(db):
    keen = UserFactory(username="dana", email="dana@example.com")
    quiet = UserFactory(username="erin", email="erin@example.com")
    DigestSubscriptionFactory(user=quiet, enabled=False)
    UserFactory(username="nomail", email="")
    digests_claim_due(now=datetime(2026, 11, 29, 12, tzinfo=UTC))
    subscription = DigestSubscription.objects.get(user=keen)
    assert subscription.enabled and subscription.next_send_at is not None
    assert not DigestSubscription.objects.get(user=quiet).enabled
    assert not DigestSubscription.objects.filter(user__username="nomail").exists()
