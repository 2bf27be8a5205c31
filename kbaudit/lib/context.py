from __future__ import annotations

from django.conf import settings

from audits.judges import judge_description


def kbaudit_context(request) -> dict:
    return {"judge_description": judge_description(), "site_url": settings.SITE_URL}
