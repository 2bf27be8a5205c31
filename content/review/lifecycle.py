"""What people do to review items: claim, assign, start, resolve, dismiss, undo.

Every action is checked against the person's role and recorded in the item's history
with the state before and after.

The lifecycle: open → in progress → resolved, or dismissed. Claiming or starting acts
only on an active item (open or in progress): it never reopens a resolved or dismissed
one. A dismissal is final — flags and scans never reopen it — with one exception, the
undo: a person may take back their own last action (a dismissal too) while the toast
that offers it shows, ``UNDO_SECONDS``, checked here on the server; the undo itself is
recorded in the history. After that, nothing undoes a dismissal.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from audits.models import Bot
from content.models import ReviewItem, ReviewItemEvent
from kbaudit.lib.roles import is_editor

# How long the toast offers "Undo" (static/js/kbaudit.js hides it then); the server
# refuses an undo after it, whatever the page shows.
UNDO_SECONDS = 10
UNDO_WINDOW = timedelta(seconds=UNDO_SECONDS)
UNDOABLE = {"claimed", "assigned", "unassigned", "started", "resolved", "dismissed"}
Status = ReviewItem.Status


class ActionError(Exception):
    """The action is not allowed, or makes no sense in the item's state."""


def _state(item: ReviewItem) -> dict:
    return {
        "status": item.status,
        "assignee": item.assignee_id,
        "dismissed_reason": item.dismissed_reason,
    }


def _record(item: ReviewItem, user, action: str, before: dict, **detail) -> ReviewItemEvent:
    now = timezone.now()
    item.updated_at = now
    if item.status in (Status.RESOLVED, Status.DISMISSED) and before["status"] not in (
        Status.RESOLVED,
        Status.DISMISSED,
    ):
        item.closed_at = now
    elif item.status in ReviewItem.ACTIVE:
        item.closed_at = None
    item.save()
    return ReviewItemEvent.objects.create(
        item=item, actor=user, action=action, detail={"from": before, "to": _state(item), **detail}
    )


def _require_active(item: ReviewItem) -> None:
    if not item.is_active:
        raise ActionError(f"This item is {item.get_status_display().lower()}.")


def _may_touch(item: ReviewItem, user) -> None:
    """Writers may act on unassigned items and their own; only editors on others'."""
    if item.assignee_id not in (None, user.pk) and not is_editor(user):
        raise ActionError(
            f"This item is assigned to {item.assignee}; ask an editor to reassign it."
        )


@transaction.atomic
def item_claim(*, item: ReviewItem, user) -> ReviewItemEvent:
    _require_active(item)
    if item.assignee_id == user.pk:
        raise ActionError("You already have this item.")
    _may_touch(item, user)
    before = _state(item)
    item.assignee = user
    item.status = Status.IN_PROGRESS
    return _record(item, user, "claimed", before)


def assignable_users(bot: Bot):
    """People who may be given a bot's items: its team's members."""
    users = get_user_model().objects.filter(is_active=True)
    if bot.team_id is None:
        return users.filter(is_superuser=True)
    return users.filter(kbaudit_teams=bot.team_id).order_by("username")


@transaction.atomic
def item_assign(*, item: ReviewItem, user, assignee) -> ReviewItemEvent:
    _require_active(item)
    if not is_editor(user):
        raise ActionError("Only editors assign items to other people.")
    if assignee is None:
        before = _state(item)
        item.assignee = None
        item.status = Status.OPEN
        return _record(item, user, "unassigned", before)
    if not assignable_users(item.bot).filter(pk=assignee.pk).exists():
        raise ActionError(f"{assignee} is not in the team that owns {item.bot}.")
    before = _state(item)
    item.assignee = assignee
    return _record(item, user, "assigned", before, assignee=assignee.get_username())


@transaction.atomic
def item_start(*, item: ReviewItem, user) -> ReviewItemEvent:
    _require_active(item)
    _may_touch(item, user)
    if item.status == Status.IN_PROGRESS:
        raise ActionError("This item is already in progress.")
    before = _state(item)
    item.status = Status.IN_PROGRESS
    item.assignee = item.assignee or user
    return _record(item, user, "started", before)


@transaction.atomic
def item_resolve(*, item: ReviewItem, user, note: str = "") -> ReviewItemEvent:
    _require_active(item)
    _may_touch(item, user)
    before = _state(item)
    item.status = Status.RESOLVED
    return _record(item, user, "resolved", before, note=note.strip()[:2000])


@transaction.atomic
def item_dismiss(*, item: ReviewItem, user, reason: str) -> ReviewItemEvent:
    """Dismiss for good: kbaudit never reopens a dismissed item."""
    _require_active(item)
    _may_touch(item, user)
    reason = (reason or "").strip()
    if not reason:
        raise ActionError("Say why you dismiss it: the reason stays with the item.")
    before = _state(item)
    item.status = Status.DISMISSED
    item.dismissed_reason = reason[:2000]
    return _record(item, user, "dismissed", before, reason=item.dismissed_reason)


def last_undoable(item: ReviewItem, user) -> ReviewItemEvent | None:
    event = item.events.order_by("-created_at", "-id").first()
    if (
        event is None
        or event.actor_id != user.pk
        or event.action not in UNDOABLE
        or timezone.now() - event.created_at > UNDO_WINDOW
    ):
        return None
    return event


@transaction.atomic
def item_undo(*, item: ReviewItem, user) -> ReviewItemEvent:
    """Put the item back as it was before the person's own last action."""
    item = ReviewItem.objects.select_for_update().get(pk=item.pk)
    event = last_undoable(item, user)
    if event is None:
        raise ActionError(
            f"Nothing to undo: only your own last action, within {UNDO_SECONDS} seconds."
        )
    before = _state(item)
    previous = event.detail["from"]
    item.status = previous["status"]
    item.assignee_id = previous["assignee"]
    item.dismissed_reason = previous.get("dismissed_reason", "")
    return _record(item, user, "undo", before, undid=event.action, event=event.pk)
