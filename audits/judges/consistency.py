"""Do two knowledge-base articles contradict each other? One model call per pair.

The knowledge-base scan asks this about every candidate pair when a model is
configured. The reply is one JSON object validated with pydantic; a failed call or an
unusable reply raises :class:`JudgeError`, and the scan falls back to its
deterministic check. Answers are cached in :class:`~audits.models.JudgeCacheEntry`
under the two articles' version hashes and titles, the prompt version and the model,
so a pair neither of whose articles changed costs no call on the next scan.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Annotated, Any

import openai
from django.conf import settings
from django.db.models import F
from pydantic import BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema

from audits.judges.cache import hashed_key
from audits.judges.client import endpoint_settings, openai_client
from audits.models import JudgeCacheEntry

from .base import JudgeError
from .llm_call import token_limit
from .llm_schema import _strict, extract_json_object
from .prompts import prompt_files

logger = logging.getLogger(__name__)

PROMPT_VERSION = "consistency-v1"
JUDGE_NAME = "consistency"
# Long articles are cut: contradictions sit in the statements, which come early.
MAX_BODY_CHARS = 8_000
# A reply lists at most this many contradictions, each field bounded, and the call's
# max_tokens leaves room for exactly that: a model that loops stops early.
MAX_CONTRADICTIONS = 8
MAX_PASSAGE_CHARS = 600
MAX_FIELD_CHARS = 300
REPLY_FIXED_TOKENS = 100
REPLY_TOKENS_PER_CONTRADICTION = 400
MAX_COMPLETION_TOKENS = REPLY_FIXED_TOKENS + MAX_CONTRADICTIONS * REPLY_TOKENS_PER_CONTRADICTION


class RawContradiction(BaseModel):
    model_config = ConfigDict(extra="ignore")

    passage_a: Annotated[str, Field(max_length=MAX_PASSAGE_CHARS)]
    passage_b: Annotated[str, Field(max_length=MAX_PASSAGE_CHARS)]
    subject: Annotated[str, Field(max_length=MAX_FIELD_CHARS)] = ""
    value_a: Annotated[str, Field(max_length=MAX_FIELD_CHARS)] = ""
    value_b: Annotated[str, Field(max_length=MAX_FIELD_CHARS)] = ""
    explanation: Annotated[str, Field(max_length=MAX_FIELD_CHARS)] = ""
    confidence: Annotated[float, Field(ge=0, le=1), WithJsonSchema({"type": "number"})] = 0.7


class RawConsistency(BaseModel):
    model_config = ConfigDict(extra="ignore")

    contradictions: Annotated[list[RawContradiction], Field(max_length=MAX_CONTRADICTIONS)]


SCHEMA = _strict(RawConsistency.model_json_schema())


@dataclass(frozen=True)
class ArticlePair:
    """What the model reads: two articles, each with the hash of its version's body."""

    title_a: str
    body_a: str
    hash_a: str
    title_b: str
    body_b: str
    hash_b: str


@dataclass(frozen=True)
class Consistency:
    contradictions: Annotated[list[RawContradiction], Field(max_length=MAX_CONTRADICTIONS)]
    model: str
    prompt_version: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached: bool = False


def cache_key(pair: ArticlePair, *, model: str, prompt_version: str) -> str:
    return hashed_key(
        {
            "judge": JUDGE_NAME,
            "a": [pair.hash_a, pair.title_a],
            "b": [pair.hash_b, pair.title_b],
            "prompt_version": prompt_version,
            "model": model,
        }
    )


class ConsistencyJudge:
    def __init__(
        self,
        *,
        model: str,
        base_url: str | None,
        api_key: str | None,
        timeout: float,
        max_retries: int,
        response_format: str = "json_schema",
        prompt_version: str = PROMPT_VERSION,
        use_cache: bool = True,
    ) -> None:
        self.model = model
        # The key under which what the endpoint accepts is remembered (as the judge's).
        self.endpoint = base_url or "default"
        self.prompt_version = prompt_version
        self.response_format = response_format
        self.use_cache = use_cache
        self.client = openai_client(
            base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )

    @classmethod
    def from_settings(cls, **overrides: Any) -> ConsistencyJudge:
        options: dict[str, Any] = {
            **endpoint_settings(),
            "response_format": settings.KBAUDIT_JUDGE_RESPONSE_FORMAT,
        }
        options.update(overrides)
        return cls(**options)

    def check(self, pair: ArticlePair) -> Consistency:
        """One pair; raises JudgeError when the call fails or the reply is unusable."""
        result = self.check_many([pair], concurrency=1)[0]
        if isinstance(result, JudgeError):
            raise result
        return result

    def check_many(
        self, pairs: list[ArticlePair], *, concurrency: int
    ) -> list[Consistency | JudgeError]:
        """Every pair, in order: cached answers first, the rest asked ``concurrency`` at a
        time. The threads only talk HTTP; this thread reads and writes the cache."""
        keys = [cache_key(p, model=self.model, prompt_version=self.prompt_version) for p in pairs]
        known = self._cached_many(set(keys)) if self.use_cache else {}
        missing: dict[str, ArticlePair] = {}
        for key, pair in zip(keys, pairs, strict=True):
            if key not in known:
                missing.setdefault(key, pair)
        asked = self._ask_many(missing, concurrency)
        if self.use_cache:
            self._remember(asked)
        return [known[key] if key in known else asked[key] for key in keys]

    def _cached_many(self, keys: set[str]) -> dict[str, Consistency]:
        found: dict[str, Consistency] = {}
        stale: list[int] = []
        for entry in JudgeCacheEntry.objects.filter(key__in=keys):
            try:
                contradictions = RawConsistency.model_validate(entry.output).contradictions
            except ValidationError:  # unusable: ask again, and store the new answer
                stale.append(entry.pk)
                continue
            found[entry.key] = Consistency(
                contradictions=contradictions,
                model=entry.model,
                prompt_version=entry.prompt_version,
                cached=True,
            )
        if stale:
            JudgeCacheEntry.objects.filter(pk__in=stale).delete()
        if found:
            JudgeCacheEntry.objects.filter(key__in=found).update(hits=F("hits") + 1)
        return found

    def _ask_many(
        self, pairs: dict[str, ArticlePair], concurrency: int
    ) -> dict[str, Consistency | JudgeError]:
        if concurrency <= 1 or len(pairs) <= 1:
            return {key: self._ask_or_error(pair) for key, pair in pairs.items()}
        # audits.sweep.calls (the sweep's side) imports the judges package; the judges do not
        # import it back at load time, only for its shared thread pool here.
        from audits.sweep.calls import judge_executor

        executor = judge_executor(concurrency)
        futures = {key: executor.submit(self._ask_or_error, pair) for key, pair in pairs.items()}
        return {key: future.result() for key, future in futures.items()}

    def _ask_or_error(self, pair: ArticlePair) -> Consistency | JudgeError:
        try:
            return self._ask(pair)
        except JudgeError as exc:
            return exc

    def _remember(self, asked: dict[str, Consistency | JudgeError]) -> None:
        JudgeCacheEntry.objects.bulk_create(
            [
                JudgeCacheEntry(
                    key=key,
                    judge=JUDGE_NAME,
                    model=self.model,
                    prompt_version=self.prompt_version,
                    output={"contradictions": [c.model_dump() for c in result.contradictions]},
                    prompt_tokens=result.prompt_tokens,
                    completion_tokens=result.completion_tokens,
                )
                for key, result in asked.items()
                if isinstance(result, Consistency)
            ],
            ignore_conflicts=True,
        )

    def _ask(self, pair: ArticlePair) -> Consistency:
        system, user = prompt_files(self.prompt_version)
        messages = [
            {"role": "system", "content": system},
            {
                "role": "user",
                "content": user.format(
                    title_a=pair.title_a,
                    body_a=pair.body_a[:MAX_BODY_CHARS],
                    title_b=pair.title_b,
                    body_b=pair.body_b[:MAX_BODY_CHARS],
                ),
            },
        ]
        started = time.perf_counter()
        completion = self._complete(messages)
        logger.debug("consistency call took %.0f ms", (time.perf_counter() - started) * 1000)
        content, usage = _read(completion)
        try:
            parsed = RawConsistency.model_validate(extract_json_object(content))
        except ValidationError as exc:
            raise JudgeError(f"the consistency reply does not fit the schema: {exc}") from exc
        return Consistency(
            contradictions=parsed.contradictions,
            model=self.model,
            prompt_version=self.prompt_version,
            prompt_tokens=usage[0],
            completion_tokens=usage[1],
        )

    def _complete(self, messages: list[dict[str, str]]) -> Any:
        options: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": 0,
            **token_limit(self.endpoint, self.model, MAX_COMPLETION_TOKENS),
        }
        if self.response_format == "json_schema":
            options["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "article_consistency", "strict": True, "schema": SCHEMA},
            }
        elif self.response_format == "json_object":
            options["response_format"] = {"type": "json_object"}
        try:
            return self.client.chat.completions.create(**options)
        except (openai.OpenAIError, ValueError) as exc:
            logger.warning("consistency call failed: %s", exc)
            raise JudgeError(f"the consistency call failed: {exc}") from exc


def _read(completion: Any) -> tuple[str | None, tuple[int, int]]:
    try:
        choice = completion.choices[0]
        content = choice.message.content
    except (AttributeError, IndexError, TypeError) as exc:
        raise JudgeError("the consistency reply has no message") from exc
    if getattr(choice, "finish_reason", None) == "length":
        raise JudgeError("the consistency reply was cut off (finish_reason=length)")
    usage = getattr(completion, "usage", None)
    tokens = tuple(
        value if isinstance(value := getattr(usage, name, 0), int) and value >= 0 else 0
        for name in ("prompt_tokens", "completion_tokens")
    )
    return (content if isinstance(content, str) else None), (tokens[0], tokens[1])
