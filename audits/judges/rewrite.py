"""Rewrite suggestions from a language model: what to change in an article, given why it
was flagged. Reached through the same OpenAI-compatible endpoint as the judge."""

from __future__ import annotations

import time
from dataclasses import dataclass

import openai

from audits.judges.base import JudgeError
from audits.judges.client import endpoint_settings, openai_client
from audits.judges.llm_call import token_limit
from audits.judges.prompts import prompt_files

PROMPT_VERSION = "rewrite-v1"
# Article bodies can be long; the model needs the gist and the sections the evidence names.
MAX_BODY_CHARS = 12_000
# The suggestion is an outline ("be concrete and brief"): a reply longer than this is a
# model that does not stop, and is cut off rather than paid for to the context's end.
MAX_COMPLETION_TOKENS = 1_500


@dataclass(frozen=True)
class Rewrite:
    markdown: str
    model: str
    prompt_version: str
    prompt_tokens: int
    completion_tokens: int
    latency_ms: int


class RewriteWriter:
    def __init__(
        self,
        *,
        model: str,
        base_url: str | None,
        api_key: str | None,
        timeout: float,
        max_retries: int,
    ) -> None:
        self.model = model
        # The key under which what the endpoint accepts is remembered (as the judge's).
        self.endpoint = base_url or "default"
        self.system, self.user = prompt_files(PROMPT_VERSION)
        self.client = openai_client(
            base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )

    @classmethod
    def from_settings(cls) -> RewriteWriter:
        return cls(**endpoint_settings())

    def write(self, *, title: str, body: str, evidence: str) -> Rewrite:
        messages = [
            {"role": "system", "content": self.system},
            {
                "role": "user",
                "content": self.user.format(
                    title=title, body=body[:MAX_BODY_CHARS], evidence=evidence
                ),
            },
        ]
        started = time.perf_counter()
        try:
            completion = self.client.chat.completions.create(
                model=self.model,
                messages=messages,
                temperature=0.2,
                **token_limit(self.endpoint, self.model, MAX_COMPLETION_TOKENS),
            )
        except (openai.OpenAIError, ValueError) as exc:
            raise JudgeError(f"the rewrite call failed: {exc}") from exc
        latency = round((time.perf_counter() - started) * 1000)
        try:
            choice = completion.choices[0]
            text = choice.message.content or ""
        except (AttributeError, IndexError, TypeError) as exc:
            raise JudgeError("the rewrite reply has no message") from exc
        if getattr(choice, "finish_reason", None) == "length":
            # Half a suggestion reads as a whole one: fall back to the evidence instead.
            raise JudgeError("the rewrite reply was cut off (finish_reason=length)")
        if not text.strip():
            raise JudgeError("the rewrite reply is empty")
        usage = getattr(completion, "usage", None)
        return Rewrite(
            markdown=text.strip(),
            model=self.model,
            prompt_version=PROMPT_VERSION,
            prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
            completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
            latency_ms=latency,
        )
