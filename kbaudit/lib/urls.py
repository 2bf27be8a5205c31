"""Absolute links for what leaves the app (emails, downloaded briefs)."""

from __future__ import annotations

from django.conf import settings


def absolute_url(path: str) -> str:
    """``/items/3/`` → ``https://kbaudit.example.com/items/3/`` (from ``SITE_URL``)."""
    return f"{settings.SITE_URL.rstrip('/')}{path}"
