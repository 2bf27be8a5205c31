"""Webhook URLs and signing secrets, encrypted at rest with a key derived from SECRET_KEY.

A Slack incoming-webhook URL is itself a credential, so it is kept like the secret.
Rotating SECRET_KEY makes stored destinations unreadable: they must be entered again
(the delivery log then says so).
"""

from __future__ import annotations

import base64
import hashlib
import secrets as random

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings


class SecretUnreadable(Exception):
    """Stored with another SECRET_KEY: enter the destination again."""


def _fernet() -> Fernet:
    digest = hashlib.sha256(f"kbaudit-alert-secrets:{settings.SECRET_KEY}".encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def encrypt(value: str) -> str:
    return _fernet().encrypt(value.encode()).decode() if value else ""


def decrypt(token: str) -> str:
    if not token:
        return ""
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken:
        raise SecretUnreadable("stored with another SECRET_KEY: enter it again") from None


def new_signing_secret() -> str:
    return "whsec_" + random.token_urlsafe(32)
