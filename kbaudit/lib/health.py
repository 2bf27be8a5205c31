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


def health_check() -> dict[str, str]:
    database, redis_state = database_status(), redis_status()
    ok = database == "ok" and redis_state in {"ok", "not configured"}
    return {"status": "ok" if ok else "degraded", "database": database, "redis": redis_state}
