"""The judge cache: a triplet already graded by the same model and prompt costs no call.

Entries live in :class:`~audits.models.JudgeCacheEntry`, keyed on the sha256 of a
canonical JSON of (query, the ordered source texts, response, bot domain, prompt
version, model, and the conversation's earlier turns when there are any): everything
the judge sees and everything that would change its answer. A first turn's key is
the same as before turns were part of it. An entry holds the normalised output and the tokens the original call spent.
Only usable results are stored; a failed call raises before it gets here.
"""

from __future__ import annotations

import hashlib
import json

from django.db.models import F

from audits.models import JudgeCacheEntry

from .base import JudgeInput, JudgeResult

# Bookkeeping of one particular call, not part of the judgement itself.
_PER_CALL_FIELDS = {"prompt_tokens", "completion_tokens", "latency_ms", "cached"}


def hashed_key(parts: dict) -> str:
    """A cache key: the SHA-256 of ``parts`` as canonical JSON."""
    canonical = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def cache_key(item: JudgeInput, *, model: str, prompt_version: str) -> str:
    parts = {
        "query": item.query,
        "sources": [source.text for source in item.sources],
        "response": item.response,
        "bot_domain": item.bot_domain,
        "prompt_version": prompt_version,
        "model": model,
    }
    if item.history:
        # The same follow-up in another conversation may mean something else.
        parts["history"] = [[turn.query, turn.response] for turn in item.history]
    return hashed_key(parts)


class JudgeCache:
    def get(self, item: JudgeInput, *, model: str, prompt_version: str) -> JudgeResult | None:
        """The stored result marked ``cached``, with no tokens or latency spent; counts
        the hit."""
        key = cache_key(item, model=model, prompt_version=prompt_version)
        entry = JudgeCacheEntry.objects.filter(key=key).first()
        if entry is None:
            return None
        JudgeCacheEntry.objects.filter(pk=entry.pk).update(hits=F("hits") + 1)
        result = JudgeResult.model_validate(entry.output)
        return result.model_copy(
            update={
                "cached": True,
                "prompt_tokens": 0,
                "completion_tokens": 0,
                "latency_ms": 0,
                "notes": {
                    **result.notes,
                    "original_call": {
                        "prompt_tokens": entry.prompt_tokens,
                        "completion_tokens": entry.completion_tokens,
                    },
                },
            }
        )

    def put(self, item: JudgeInput, result: JudgeResult) -> None:
        key = cache_key(item, model=result.model, prompt_version=result.prompt_version)
        # get_or_create: two workers grading the same triplet at once store it once.
        JudgeCacheEntry.objects.get_or_create(
            key=key,
            defaults={
                "judge": result.judge,
                "model": result.model,
                "prompt_version": result.prompt_version,
                "output": result.model_dump(mode="json", exclude=_PER_CALL_FIELDS),
                "prompt_tokens": result.prompt_tokens,
                "completion_tokens": result.completion_tokens,
            },
        )
