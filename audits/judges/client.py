"""The one way kbaudit reaches a language model: an OpenAI-compatible endpoint."""

from __future__ import annotations

from typing import Any

import openai
from django.conf import settings


def openai_client(
    *, base_url: str | None, api_key: str | None, timeout: float, max_retries: int
) -> openai.OpenAI:
    # Local servers (vLLM, Ollama) ignore the key, but the client insists on one.
    return openai.OpenAI(
        base_url=base_url or None,
        api_key=api_key or "not-needed",
        timeout=timeout,
        max_retries=max_retries,
    )


def endpoint_settings() -> dict[str, Any]:
    """The endpoint, model, timeout and retries every model client is built with."""
    return {
        "model": settings.KBAUDIT_JUDGE_MODEL,
        "base_url": settings.OPENAI_BASE_URL,
        "api_key": settings.OPENAI_API_KEY,
        "timeout": settings.KBAUDIT_JUDGE_TIMEOUT,
        "max_retries": settings.KBAUDIT_JUDGE_MAX_RETRIES,
    }
