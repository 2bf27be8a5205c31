from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from content.digest.services import DigestSendError, digest_send, digest_send_now, digests_claim_due
from content.models import DigestDelivery, DigestSubscription


class Command(BaseCommand):
    help = (
        "Send the weekly digests that are due (what the beat does every quarter hour), or "
        "with --now every subscriber's at once. Each person gets one digest per ISO week "
        "unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="send now, whatever the schedule")
        parser.add_argument("--user", metavar="EMAIL", help="only this subscriber")
        parser.add_argument(
            "--force", action="store_true", help="send even if this week's digest went out"
        )

    def handle(self, *args, now: bool, user: str | None, force: bool, **options):
        if not now:
            if user or force:
                raise CommandError("--user and --force go with --now")
            self._send_due()
            return
        subscriptions = DigestSubscription.objects.filter(enabled=True).select_related("user")
        if user:
            person = get_user_model().objects.filter(email__iexact=user).first()
            if person is None:
                raise CommandError(f"nobody has the address {user}")
            subscriptions = subscriptions.filter(user=person)
            if not subscriptions.exists():
                raise CommandError(f"{user} has no digest subscription, or turned it off")
        for subscription in subscriptions.order_by("user__email", "pk"):
            self._send_now(subscription.user, force)

    def _send_now(self, person, force: bool) -> None:
        try:
            delivery = digest_send_now(user=person, force=force)
        except DigestSendError as exc:
            self.stderr.write(f"{person.email}: failed: {exc}")
            return
        if delivery is None:
            self.stdout.write(f"{person.email}: this week's digest went out already (--force)")
        else:
            self.stdout.write(f"{person.email}: {delivery.get_status_display().lower()}")

    def _send_due(self) -> None:
        deliveries = digests_claim_due(now=timezone.now())
        for delivery in deliveries:
            try:
                digest_send(delivery=delivery)
            except DigestSendError as exc:
                self.stderr.write(f"{delivery.user.email}: failed: {exc}")
        sent = DigestDelivery.objects.filter(
            pk__in=[d.pk for d in deliveries], status=DigestDelivery.Status.SENT
        ).count()
        self.stdout.write(f"due {len(deliveries)}, sent {sent}")
