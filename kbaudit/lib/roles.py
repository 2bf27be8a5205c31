"""The three roles (Django groups): admin, editor, writer."""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied

ADMIN, EDITOR, WRITER = "admin", "editor", "writer"


def _groups(user) -> set[str]:
    if not user.is_authenticated:
        return set()
    cached = getattr(user, "_kbaudit_groups", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True))
        user._kbaudit_groups = cached
    return cached


def is_admin(user) -> bool:
    return user.is_authenticated and (user.is_superuser or ADMIN in _groups(user))


def is_editor(user) -> bool:
    """Editors (and admins) assign work, set thresholds and export briefs."""
    return is_admin(user) or EDITOR in _groups(user)


def editor_required(view):
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not is_editor(request.user):
            raise PermissionDenied("Only editors can do this.")
        return view(request, *args, **kwargs)

    return wrapped
