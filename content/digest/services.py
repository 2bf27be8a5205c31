"""The weekly digest (SPEC §6): what happened last week on the bots a person follows.

Each subscription names a weekday and an hour in the person's time zone; ``next_send_at``
holds that moment in UTC. The beat claims a due subscription by moving ``next_send_at``
on with an optimistic update, then takes the week's ``DigestDelivery`` row, unique per
person and ISO week: a second beat, a retried beat or ``send_digests --now`` finds the
row taken and sends nothing. The delivery is then sent by a task that claims each
attempt in turn (``attempts``), records failures and retries with a countdown.

The digest covers the seven days before it is sent: the review items raised and resolved
in those 7 × 24 hours, and the daily figures (traffic, topics, abstention, judge tokens)
of the seven whole days before the sending day.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from audits.models import Bot
from content.digest.week import WEEK, BotWeek, bot_week
from content.models import DigestDelivery, DigestSubscription
from kbaudit.lib.urls import absolute_url

log = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "kbaudit.digest.unsubscribe"
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


class DigestSendError(Exception):
    """Sending failed; the delivery records why and the task tries again later."""


# --- when ----------------------------------------------------------------------------------


def subscription_zone(subscription: DigestSubscription | None) -> ZoneInfo:
    try:
        return ZoneInfo(subscription.time_zone if subscription else "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def subscription_next_send(subscription: DigestSubscription, *, after: datetime) -> datetime:
    """The first of the subscriber's weekly moments (weekday, hour, their time zone)
    strictly after ``after``, in UTC. Daylight saving moves it in UTC, not locally."""
    zone = subscription_zone(subscription)
    local = after.astimezone(zone)
    day = local.date() + timedelta(days=(subscription.weekday - local.weekday()) % 7)
    for weeks in (0, 1):
        moment = datetime.combine(day + timedelta(weeks=weeks), time(subscription.hour), zone)
        if moment.astimezone(UTC) > after:
            return moment.astimezone(UTC)
    raise AssertionError("a weekly moment always falls within eight days")  # pragma: no cover


def week_key(moment: datetime, zone: ZoneInfo) -> str:
    year, week, _ = moment.astimezone(zone).isocalendar()
    return f"{year}-W{week:02d}"


def subscription_save(*, subscription: DigestSubscription, now: datetime | None = None) -> None:
    """Save a subscription with its next sending moment (none while it is off)."""
    now = now or timezone.now()
    subscription.next_send_at = (
        subscription_next_send(subscription, after=now) if subscription.enabled else None
    )
    subscription.save()


# --- claiming ------------------------------------------------------------------------------


def delivery_claim(*, user, week: str, now: datetime) -> DigestDelivery | None:
    """This week's delivery for ``user``, or None when the week's digest is already claimed."""
    try:
        with transaction.atomic():
            return DigestDelivery.objects.create(user=user, week=week, created_at=now)
    except IntegrityError:
        return None


def digest_claim(*, subscription: DigestSubscription, now: datetime) -> DigestDelivery | None:
    """Claim a due subscription: move ``next_send_at`` on from the value this process read
    (only one process can), then take the week's delivery (only once a week)."""
    seen = subscription.next_send_at
    moment = seen if seen is not None and seen <= now else now
    upcoming = subscription_next_send(subscription, after=now)
    won = DigestSubscription.objects.filter(
        pk=subscription.pk, enabled=True, next_send_at=seen
    ).update(next_send_at=upcoming)
    if not won:
        return None
    subscription.next_send_at = upcoming
    week = week_key(moment, subscription_zone(subscription))
    return delivery_claim(user=subscription.user, week=week, now=now)


def subscriptions_ensure() -> int:
    """Everyone gets a weekly digest (SPEC §1): a person with an email address and no
    subscription yet gets the default one (Monday 08:00 UTC, every bot they can see),
    which they can change or switch off; a switched-off one stays off."""
    people = get_user_model().objects.filter(is_active=True, digest_subscription__isnull=True)
    created = DigestSubscription.objects.bulk_create(
        [DigestSubscription(user=person) for person in people.exclude(email="")],
        ignore_conflicts=True,
    )
    return len(created)


def digests_claim_due(*, now: datetime) -> list[DigestDelivery]:
    """What one beat does: subscribe newcomers, schedule new subscriptions, claim the due ones."""
    subscriptions_ensure()
    for subscription in DigestSubscription.objects.filter(enabled=True, next_send_at__isnull=True):
        DigestSubscription.objects.filter(pk=subscription.pk, next_send_at__isnull=True).update(
            next_send_at=subscription_next_send(subscription, after=now)
        )
    due = DigestSubscription.objects.filter(enabled=True, next_send_at__lte=now).select_related(
        "user"
    )
    claimed = [digest_claim(subscription=subscription, now=now) for subscription in due]
    return [delivery for delivery in claimed if delivery is not None]


# --- what ----------------------------------------------------------------------------------


@dataclass
class Digest:
    user: object
    first: date
    last: date
    start: datetime
    end: datetime
    bots: list[BotWeek]
    settings_url: str
    unsubscribe_url: str
    home_url: str

    @property
    def quiet(self) -> bool:
        return all(week.quiet for week in self.bots)

    @property
    def new_total(self) -> int:
        return sum(week.new_total for week in self.bots)

    @property
    def resolved_total(self) -> int:
        return sum(len(week.resolved) for week in self.bots)

    @property
    def label(self) -> str:
        if self.first.month == self.last.month:
            return f"{self.first.day}–{self.last.day} {self.last:%b %Y}"
        return f"{self.first.day} {self.first:%b} – {self.last.day} {self.last:%b %Y}"


def digest_bots(user, subscription: DigestSubscription | None):
    """The bots a digest covers: those chosen that the person can still see; all they can
    see when none is chosen (or none of the chosen is visible any more)."""
    visible = Bot.objects.visible_to(user)
    if subscription is None or subscription.pk is None:
        return visible
    chosen = visible.filter(pk__in=subscription.bots.values("pk"))
    return chosen if chosen.exists() else visible


def digest_build(
    *, user, end: datetime, subscription: DigestSubscription | None = None
) -> Digest | None:
    """The digest ``user`` gets at ``end``; None if they can see no bot at all."""
    bots = list(digest_bots(user, subscription).order_by("slug"))
    if not bots:
        return None
    zone = subscription_zone(subscription)
    last = end.astimezone(zone).date() - timedelta(days=1)
    first = last - timedelta(days=6)
    start = end - WEEK
    return Digest(
        user=user,
        first=first,
        last=last,
        start=start,
        end=end,
        bots=[bot_week(bot, first, last, start, end) for bot in bots],
        settings_url=absolute_url(reverse("content:digest_settings")),
        unsubscribe_url=absolute_url(
            reverse("content:digest_unsubscribe", args=[unsubscribe_token(user)])
        ),
        home_url=absolute_url(reverse("home")),
    )


# --- the message ---------------------------------------------------------------------------


def unsubscribe_token(user) -> str:
    """A signed, dated token: each digest carries a fresh one, and it lapses after
    ``KBAUDIT_UNSUBSCRIBE_MAX_AGE_DAYS``."""
    return signing.TimestampSigner(salt=UNSUBSCRIBE_SALT).sign_object({"u": user.pk})


class UnsubscribeTokenExpired(Exception):
    """The token was genuine but is older than the unsubscribe links live."""


def unsubscribe_user(token: str):
    """The person a signed unsubscribe token names, or None if it was tampered with;
    UnsubscribeTokenExpired when it is too old."""
    from django.contrib.auth import get_user_model

    max_age = timedelta(days=settings.KBAUDIT_UNSUBSCRIBE_MAX_AGE_DAYS)
    try:
        data = signing.TimestampSigner(salt=UNSUBSCRIBE_SALT).unsign_object(token, max_age=max_age)
    except signing.SignatureExpired:
        raise UnsubscribeTokenExpired from None
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(data, dict):
        return None
    return get_user_model().objects.filter(pk=data.get("u")).first()


def digest_subject(digest: Digest) -> str:
    text = render_to_string("emails/digest-subject.txt", {"digest": digest})
    return " ".join(text.split())


def digest_message(*, digest: Digest) -> EmailMultiAlternatives:
    context = {"digest": digest, "user": digest.user, "site_url": settings.SITE_URL}
    message = EmailMultiAlternatives(
        subject=digest_subject(digest),
        body=re.sub(r"\n{3,}", "\n\n", render_to_string("emails/digest-body.txt", context)),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[digest.user.email],
        headers={
            # RFC 8058: mail clients offer their own unsubscribe button, one POST, no login.
            "List-Unsubscribe": f"<{digest.unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    message.attach_alternative(render_to_string("emails/digest-body.html", context), "text/html")
    return message


# --- sending -------------------------------------------------------------------------------


def digest_send(*, delivery: DigestDelivery) -> str:
    """Send a claimed delivery once; returns its status.

    Each attempt is claimed by moving ``attempts`` on from the value read, so a duplicate
    task message finds nothing to do; a sent or skipped delivery is never sent again.
    """
    claimed = (
        DigestDelivery.objects.filter(pk=delivery.pk, attempts=delivery.attempts)
        .exclude(status__in=[DigestDelivery.Status.SENT, DigestDelivery.Status.SKIPPED])
        .update(attempts=F("attempts") + 1, status=DigestDelivery.Status.SENDING)
    )
    delivery.refresh_from_db()
    if not claimed:
        return delivery.status
    user = delivery.user
    subscription = DigestSubscription.objects.filter(user=user).first()
    try:
        digest = digest_build(user=user, end=delivery.created_at, subscription=subscription)
        if digest is None or not user.email:
            return _finish(delivery, DigestDelivery.Status.SKIPPED)
        digest_message(digest=digest).send()
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:2000]
        DigestDelivery.objects.filter(pk=delivery.pk).update(
            status=DigestDelivery.Status.FAILED, last_error=error
        )
        log.warning(
            "digest %s for %s failed (attempt %s): %s",
            delivery.week,
            user.email,
            delivery.attempts,
            error,
        )
        raise DigestSendError(error) from exc
    return _finish(delivery, DigestDelivery.Status.SENT)


def _finish(delivery: DigestDelivery, status: str) -> str:
    sent_at = timezone.now() if status == DigestDelivery.Status.SENT else None
    DigestDelivery.objects.filter(pk=delivery.pk).update(status=status, sent_at=sent_at)
    delivery.status, delivery.sent_at = status, sent_at
    log.info("digest %s for %s: %s", delivery.week, delivery.user.email, status)
    return status


def digest_retry_countdown(retries: int) -> int:
    """Seconds before the next attempt: 1, 2, 4, 8… minutes, at most an hour."""
    return min(60 * 2**retries, 3600)


def digest_send_now(
    *, user, now: datetime | None = None, force: bool = False
) -> DigestDelivery | None:
    """Send ``user``'s digest at once (``send_digests --now``), still once a week unless
    ``force``; None when this week's was already claimed."""
    now = now or timezone.now()
    subscription = DigestSubscription.objects.filter(user=user).first()
    week = week_key(now, subscription_zone(subscription))
    delivery = delivery_claim(user=user, week=week, now=now)
    if delivery is None:
        if not force:
            return None
        delivery = DigestDelivery.objects.get(user=user, week=week)
        DigestDelivery.objects.filter(pk=delivery.pk).update(
            status=DigestDelivery.Status.SENDING, created_at=now, last_error=""
        )
        delivery.refresh_from_db()
    digest_send(delivery=delivery)
    return delivery
