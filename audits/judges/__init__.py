"""The judges: every call to a language model goes through this package."""

from __future__ import annotations

from django.conf import settings


def llm_configured() -> bool:
    return bool(settings.OPENAI_BASE_URL or settings.OPENAI_API_KEY)


def judge_kind() -> str:
    """'llm' or 'offline', from KBAUDIT_JUDGE ('auto' picks llm when an endpoint is set)."""
    choice = settings.KBAUDIT_JUDGE
    if choice in {"llm", "offline"}:
        return choice
    return "llm" if llm_configured() else "offline"


def judge_description() -> str:
    if judge_kind() == "llm":
        return f"LLM judge ({settings.KBAUDIT_JUDGE_MODEL})"
    return "Offline judge (deterministic rules, no language model)"
