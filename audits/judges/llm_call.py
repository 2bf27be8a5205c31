"""The LLM judge's call: how long a reply may be, what an endpoint was found to accept,
and a failed call as a :class:`JudgeError` of its kind with what it cost.

What an endpoint accepts (a weaker response format, the name of the token limit) is
learnt from its 400s and remembered for the rest of the process, keyed on the endpoint
and the model.
"""

from __future__ import annotations

import logging
import re
import threading

import openai

from .base import JudgeError, JudgeInput
from .llm_schema import MAX_FACTS, MAX_SOURCES, MAX_SUB_QUERIES

logger = logging.getLogger(__name__)

# (endpoint, model, configured format) -> the weaker format the endpoint accepts, and
# (endpoint, model, "token_limit") -> the name it wants for max_tokens.
_formats_remembered: dict[tuple[str, str, str], str] = {}
_formats_lock = threading.Lock()


def remembered(key: tuple[str, str, str], default: str) -> str:
    return _formats_remembered.get(key, default)


def token_limit(endpoint: str, model: str, tokens: int) -> dict[str, int]:
    """The completion cap as the endpoint was found to want it named: every call is
    bounded, so a model that loops stops at ``tokens``."""
    return {remembered((endpoint, model, "token_limit"), "max_tokens"): tokens}


def remember(key: tuple[str, str, str], value: str) -> None:
    with _formats_lock:
        _formats_remembered[key] = value


def response_formats_forget() -> None:
    """Forget what endpoints were found to accept (tests; a server upgraded in place)."""
    with _formats_lock:
        _formats_remembered.clear()


_RESPONSE_FORMAT_ERROR = re.compile(
    r"response_format|json[_ ]?schema|json[_ ]?object|structured output|grammar", re.IGNORECASE
)


def about_response_format(exc: openai.BadRequestError) -> bool:
    return bool(_RESPONSE_FORMAT_ERROR.search(error_message(exc)))


def error_message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        return str(body.get("message") or body)
    return str(body or exc)


def call_error(exc: openai.OpenAIError) -> JudgeError:
    """A failed call as a JudgeError of its kind, with any usage the error body reports."""
    logger.warning("judge call failed: %s", exc)
    if isinstance(exc, openai.APITimeoutError):
        kind = "timeout"
    elif isinstance(exc, openai.APIConnectionError):
        kind = "connection"
    elif isinstance(exc, openai.APIStatusError):
        kind = f"http_{exc.status_code}"
    else:
        kind = type(exc).__name__
    prompt_tokens, completion_tokens = _error_usage(exc)
    return JudgeError(
        f"the judge call failed: {exc}",
        kind=kind,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
    )


def _error_usage(exc: openai.OpenAIError) -> tuple[int, int]:
    # Some servers report what a rejected or aborted request consumed beside the error.
    response = getattr(exc, "response", None)
    try:
        body = response.json() if response is not None else None
    except ValueError:
        body = None
    usage = body.get("usage") if isinstance(body, dict) else None
    if not isinstance(usage, dict):
        return 0, 0
    return tuple(  # type: ignore[return-value]
        value if isinstance(value, int) and value >= 0 else 0
        for value in (usage.get("prompt_tokens"), usage.get("completion_tokens"))
    )


# --- how long a reply may be -------------------------------------------------------------

# Tokens of the reply: its fixed part (keys, verdict, rationale, topic), each fact (text,
# its redundant_of entry, maybe an unsupported entry), each sub-query, each matrix cell
# (generously: some servers pretty-print the arrays).
REPLY_FIXED_TOKENS = 300
REPLY_TOKENS_PER_FACT = 80
REPLY_TOKENS_PER_SUB_QUERY = 40
REPLY_TOKENS_PER_CELL = 4
MIN_COMPLETION_TOKENS = 512
MAX_COMPLETION_TOKENS = 4096
_SENTENCE = re.compile(r"[^.!?;\n]*\w[^.!?;\n]*")
_JOINED_PART = re.compile(r"\b(?:and|or|also|plus)\b|,", re.IGNORECASE)


def completion_budget(item: JudgeInput) -> int:
    """``max_tokens`` for judging ``item``: what a complete reply of its size needs,
    with room to spare, and no more, so a model that loops stops early.

    Facts are counted as two per sentence of the answer, sub-queries as one per sentence
    of the question plus one per joined part ("and", "or", a comma), each within the
    schema's bounds.
    """
    n_sources = min(len(item.sources), MAX_SOURCES)
    n_facts = min(max(1, 2 * _sentences(item.response)), MAX_FACTS)
    n_parts = _sentences(item.query) + len(_JOINED_PART.findall(item.query))
    n_queries = min(max(1, n_parts), MAX_SUB_QUERIES)
    cells = n_sources * n_queries + n_facts * n_queries + n_facts * n_sources
    tokens = (
        REPLY_FIXED_TOKENS
        + REPLY_TOKENS_PER_FACT * n_facts
        + REPLY_TOKENS_PER_SUB_QUERY * n_queries
        + REPLY_TOKENS_PER_CELL * cells
    )
    return max(MIN_COMPLETION_TOKENS, min(tokens, MAX_COMPLETION_TOKENS))


def _sentences(text: str) -> int:
    return len(_SENTENCE.findall(text or ""))
