"""The LLM judge's prompt: a versioned pair of files (``prompts/llm-vN.*``) filled with
one interaction, its earlier turns as context when the version has a place for them,
and the schema spelt out when the server is not given it."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .base import JudgeInput
from .llm_schema import SCHEMA
from .prompts import prompt_files, prompt_part

# The earlier turns shown to the judge, and how much of each.
MAX_HISTORY_TURNS = 3
MAX_TURN_CHARS = 600


@dataclass(frozen=True)
class Prompt:
    version: str
    system: str
    user: str
    # Optional parts of the version: the earlier turns, the schema spelt out in the prompt.
    history: str | None = None
    schema: str | None = None

    def messages(self, item: JudgeInput, *, schema_in_prompt: bool = False) -> list[dict[str, str]]:
        """The chat messages; ``schema_in_prompt`` when the server is not given the schema."""
        fields = {
            "bot_domain": item.bot_domain.strip() or "(not stated)",
            "query": item.query.strip() or "(none)",
            "sources": _numbered_sources(item),
            "response": item.response.strip() or "(empty)",
        }
        if "{history}" in self.user:
            fields["history"] = self._history(item)
        system = self.system
        if schema_in_prompt and self.schema:
            compact = json.dumps(SCHEMA, separators=(",", ":"))
            system = f"{system}\n\n{self.schema.replace('{schema}', compact)}"
        user = self.user.format(**fields)
        return [{"role": "system", "content": system}, {"role": "user", "content": user}]

    def _history(self, item: JudgeInput) -> str:
        turns = list(item.history)[-MAX_HISTORY_TURNS:]
        if not turns or not self.history:
            return ""
        shown = "\n".join(
            f"[turn {number}] Customer: {_clipped(turn.query)}\n"
            f"[turn {number}] Bot: {_clipped(turn.response)}"
            for number, turn in enumerate(turns, 1)
        )
        return self.history.replace("{turns}", shown) + "\n\n"


def load_prompt(version: str) -> Prompt:
    system, user = prompt_files(version)
    return Prompt(
        version=version,
        system=system,
        user=user,
        history=prompt_part(version, "history"),
        schema=prompt_part(version, "schema"),
    )


def _clipped(text: str) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= MAX_TURN_CHARS else text[: MAX_TURN_CHARS - 1] + "…"


def _numbered_sources(item: JudgeInput) -> str:
    # Numbered by position, the order the matrices use; only the text is shown, so the
    # cache key (query, source texts, answer, domain) covers everything the judge sees.
    if not item.sources:
        return "(no sources retrieved)"
    return "\n\n".join(
        f"[{number}] {source.text.strip()}" for number, source in enumerate(item.sources, 1)
    )
