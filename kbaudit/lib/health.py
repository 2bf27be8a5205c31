from __future__ import annotations

import redis
from django.conf import settings
from django.db import connection


def redis_status() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1).ping()
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return f"unavailable: {exc.__class__.__name__}"
    return "ok"


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return f"error: {exc.__class__.__name__}"
    return "ok"


def health_check() -> dict:
    """The database and, when REDIS_URL is set, the broker; ``down`` names what is not
    answering (the health view answers 503 then)."""
    database, redis_state = database_status(), redis_status()
    down = [
        name
        for name, ok in (
            ("database", database == "ok"),
            ("redis", redis_state in {"ok", "not configured"}),
        )
        if not ok
    ]
    return {
        "status": "degraded" if down else "ok",
        "database": database,
        "redis": redis_state,
        "down": down,
    }
