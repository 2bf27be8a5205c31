from __future__ import annotations

from django.conf import settings


def kbaudit_context(request) -> dict:
    from audits.judges import judge_description

    return {"judge_description": judge_description(), "site_url": settings.SITE_URL}
