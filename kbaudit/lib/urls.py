"""Absolute links for what leaves the app (emails, downloaded briefs), and the checks on
links that come in (``next=``, URLs from logs and articles)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.http import url_has_allowed_host_and_scheme

WEB_SCHEMES = ("http", "https")
# Browsers drop these inside a scheme ("java\tscript:"): a URL holding one is refused.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def absolute_url(path: str) -> str:
    """``/items/3/`` → ``https://kbaudit.example.com/items/3/`` (from ``SITE_URL``)."""
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def safe_next(request, fallback: str) -> str:
    """The request's ``next`` (POST, else GET) when it stays on this site, else ``fallback``.

    Every view that redirects to ``next`` goes through here, so ``next=https://evil.example``
    never sends anyone off the site."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if candidate and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return fallback


def is_web_url(url: str) -> bool:
    """An http(s) URL, or a relative one (no scheme at all): the only links kbaudit keeps.

    ``javascript:``, ``data:``, ``vbscript:`` and every other scheme are refused, also
    when hidden behind case, spaces or control characters that browsers ignore."""
    if not url:
        return True
    if _CONTROL.search(url):
        return False
    if url.startswith(("https://", "http://")):  # the common case, without parsing
        host = url.split("//", 1)[1]
        return bool(host) and host[0] not in "/\\"
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    if parts.scheme:
        return parts.scheme.lower() in WEB_SCHEMES and bool(parts.netloc)
    # No scheme: a path, or "//host/…" (the page's own scheme, so http(s) here).
    return ":" not in url.split("/", 1)[0]


def web_url_or_empty(url: str) -> str:
    return url if url and is_web_url(url) else ""
