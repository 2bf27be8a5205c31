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


PROFILE_SAMPLE = 20_000


def bot_profile(bot):
    """The offline judge's picture of a bot's knowledge base, from what it retrieved.

    Built from the bot's most recent retrieved chunks (titles and texts), so it follows
    the knowledge base as the logs see it.
    """
    # audits.models imports this package (for judges.base): models and judges load here,
    # on first use, not when the package does.
    from audits.judges.offline import profile_from_texts  # noqa: I001
    from audits.models import RetrievedSource  # (see above)

    rows = (
        RetrievedSource.objects.filter(interaction__bot=bot)
        .order_by("-interaction__timestamp")
        .values_list("title", "text")[:PROFILE_SAMPLE]
    )
    seen: set[int] = set()
    documents = []
    for title, text in rows:
        key = hash((title, text))
        if key not in seen:
            seen.add(key)
            documents.append((title, text))
    documents.sort()
    return profile_from_texts(documents, domain=bot.domain_description)


def judge_for_bot(bot):
    """The configured judge for ``bot``: the LLM judge, or the offline judge with the
    bot's knowledge-base profile."""
    if judge_kind() == "llm":
        # Only the configured judge is loaded (see bot_profile for why not at the top).
        from audits.judges.llm import LLMJudge

        return LLMJudge.from_settings()
    from audits.judges.offline import OfflineJudge  # likewise

    return OfflineJudge(profile=bot_profile(bot))
