"""One trace's spans read as one interaction record of the SPEC §2 contract.

Two conventions are read:

- **OpenInference** (Arize Phoenix, Langfuse, the OpenInference instrumentors of LangChain,
  LlamaIndex, DSPy…): ``openinference.span.kind`` CHAIN/AGENT/LLM/RETRIEVER;
  ``input.value``/``output.value`` (plain text or JSON), ``llm.input_messages.N.message.*``
  and ``llm.output_messages.N.message.*``, ``retrieval.documents.N.document.id|content|
  score|metadata``, ``session.id``, ``user.id``.
- **OpenTelemetry GenAI** semantic conventions: ``gen_ai.operation.name`` (``chat``,
  ``text_completion``, ``generate_content``, ``retrieval``), the messages as
  ``gen_ai.input.messages``/``gen_ai.output.messages`` (JSON) or the indexed
  ``gen_ai.prompt.N.*``/``gen_ai.completion.N.*`` attributes, and retrieved documents as
  ``gen_ai.retrieval.documents`` (JSON list of ``{id, score, content?}``) or the
  OpenInference document attributes; ``gen_ai.conversation.id`` as the conversation.

A handover to a person is read from ``kbaudit.escalated`` (bool) and
``kbaudit.human_reply`` (the agent's answer) on any span of the trace.

The question is the outermost chain's input (else the last user message of the LLM call),
the answer the outermost chain's output (else the LLM call's last output message), the
sources every retriever span's documents in the order retrieved.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from audits.traces.otlp import Span

KIND = "openinference.span.kind"
ANSWERING_KINDS = ("CHAIN", "AGENT")
GENAI_LLM_OPERATIONS = ("chat", "text_completion", "generate_content")
GENAI_RETRIEVAL_OPERATIONS = ("retrieval", "retrieve", "search")
# Keys under which a JSON input or output usually carries the text.
TEXT_KEYS = ("question", "query", "input", "user_input", "message", "content", "text")
ANSWER_KEYS = ("answer", "output", "result", "response", "content", "text", "output_text")
_DOCUMENT = re.compile(r"^retrieval\.documents\.(\d+)\.document\.(id|content|score|metadata)$")
_INDEXED = re.compile(r"^(llm\.(?:input|output)_messages|gen_ai\.(?:prompt|completion))\.(\d+)\.")


def span_kind(span: Span) -> str:
    """LLM, RETRIEVER, CHAIN, AGENT… or "" for a span neither convention describes."""
    kind = span.attributes.get(KIND)
    if isinstance(kind, str) and kind:
        return kind.upper()
    operation = str(span.attributes.get("gen_ai.operation.name") or "").lower()
    if operation in GENAI_LLM_OPERATIONS:
        return "LLM"
    if operation in GENAI_RETRIEVAL_OPERATIONS:
        return "RETRIEVER"
    if operation in ("invoke_agent", "create_agent"):
        return "AGENT"
    return ""


def trace_record(spans: Sequence[Span]) -> dict[str, Any] | None:
    """The interaction record of a trace, or None while it has no question and answer yet."""
    ordered = sorted(spans, key=lambda s: (s.start is None, s.start, s.span_id))
    known = [s for s in ordered if span_kind(s)]
    if not known:
        return None
    chain = _outermost_chain(known)
    llm_spans = [s for s in known if span_kind(s) == "LLM"]
    query = (_input_text(chain) if chain else "") or _llm_question(llm_spans)
    response = (_output_text(chain) if chain else "") or _llm_answer(llm_spans)
    if not response:
        return None
    first = ordered[0]
    record: dict[str, Any] = {
        "id": first.trace_id,
        "query": query,
        "response": response,
        "sources": _sources([s for s in known if span_kind(s) == "RETRIEVER"]),
        "metadata": _metadata(ordered),
    }
    conversation = _first_attribute(ordered, "session.id", "gen_ai.conversation.id")
    if conversation:
        record["conversation_id"] = str(conversation)
    timestamps = [s.start for s in ordered if s.start is not None]
    if timestamps:
        record["timestamp"] = min(timestamps).isoformat()
    escalated = _first_attribute(ordered, "kbaudit.escalated")
    if isinstance(escalated, bool):
        record["escalated"] = escalated
    reply = _first_attribute(ordered, "kbaudit.human_reply")
    if isinstance(reply, str):
        record["human_reply"] = reply
    return record


def _outermost_chain(spans: Sequence[Span]) -> Span | None:
    chains = [s for s in spans if span_kind(s) in ANSWERING_KINDS]
    if not chains:
        return None
    ids = {s.span_id for s in chains}
    # The chain whose parent is not itself a chain: the whole request, not a sub-step.
    outer = [s for s in chains if s.parent_span_id not in ids]
    return (outer or chains)[0]


def _input_text(span: Span) -> str:
    return _text_of(span.attributes.get("input.value"), TEXT_KEYS)


def _output_text(span: Span) -> str:
    return _text_of(span.attributes.get("output.value"), ANSWER_KEYS)


def _text_of(value: Any, keys: Sequence[str]) -> str:
    """Plain text, or the text a JSON value holds under one of ``keys``."""
    if value is None:
        return ""
    if isinstance(value, str):
        stripped = value.strip()
        if not stripped.startswith(("{", "[")):
            return stripped
        try:
            value = json.loads(stripped)
        except ValueError:
            return stripped
    return _find_text(value, keys)


def _find_text(value: Any, keys: Sequence[str]) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, dict):
        for key in keys:
            if key in value:
                found = _find_text(value[key], keys)
                if found:
                    return found
        if "messages" in value:
            return _last_message(value["messages"], ("user", "human"))
        return ""
    if isinstance(value, list) and value:
        if all(isinstance(item, dict) and "role" in item for item in value):
            return _last_message(value, ("user", "human"))
        return _find_text(value[-1], keys)
    return ""


def _llm_question(spans: Sequence[Span]) -> str:
    for span in reversed(spans):
        messages = _messages(span, "input")
        text = _last_message(messages, ("user", "human"))
        if text:
            return text
        text = _input_text(span)
        if text:
            return text
    return ""


def _llm_answer(spans: Sequence[Span]) -> str:
    for span in reversed(spans):
        messages = _messages(span, "output")
        if messages:
            text = _message_text(messages[-1])
            if text:
                return text
        text = _output_text(span)
        if text:
            return text
        for name, attributes in span.events:
            if name in ("gen_ai.choice", "gen_ai.content.completion"):
                text = _text_of(
                    attributes.get("message") or attributes.get("gen_ai.completion"), ANSWER_KEYS
                )
                if text:
                    return text
    return ""


def _messages(span: Span, direction: str) -> list[dict]:
    """A span's messages of one direction, from whichever attributes carry them."""
    attributes = span.attributes
    as_json = attributes.get(f"gen_ai.{direction}.messages")
    if isinstance(as_json, str):
        try:
            parsed = json.loads(as_json)
        except ValueError:
            parsed = None
        if isinstance(parsed, list):
            return [m for m in parsed if isinstance(m, dict)]
    prefixes = (
        ("llm.input_messages", "gen_ai.prompt")
        if direction == "input"
        else ("llm.output_messages", "gen_ai.completion")
    )
    indexed: dict[tuple[str, int], dict] = {}
    for key, value in attributes.items():
        match = _INDEXED.match(key)
        if not match or match.group(1) not in prefixes:
            continue
        rest = key[match.end() :].removeprefix("message.")
        indexed.setdefault((match.group(1), int(match.group(2))), {})[rest] = value
    if not indexed:
        messages = []
        for name, event in span.events:
            if direction == "input" and name in ("gen_ai.user.message", "gen_ai.content.prompt"):
                messages.append({"role": "user", "content": event.get("content") or ""})
        return messages
    return [indexed[key] for key in sorted(indexed)]


def _last_message(messages: Any, roles: Sequence[str]) -> str:
    if not isinstance(messages, list):
        return ""
    for message in reversed(messages):
        if isinstance(message, dict) and str(message.get("role", "")).lower() in roles:
            text = _message_text(message)
            if text:
                return text
    return ""


def _message_text(message: dict) -> str:
    content = message.get("content")
    if isinstance(content, str) and content.strip():
        return content.strip()
    parts = message.get("parts") if isinstance(message.get("parts"), list) else content
    if isinstance(parts, list):
        texts = [
            str(part.get("content") or part.get("text") or "")
            for part in parts
            if isinstance(part, dict) and part.get("type", "text") == "text"
        ]
        return " ".join(t.strip() for t in texts if t.strip())
    return ""


def _sources(retrievers: Sequence[Span]) -> list[dict[str, Any]]:
    sources: list[dict[str, Any]] = []
    seen: set[str] = set()
    for span in retrievers:
        for document in _documents(span):
            key = document.get("article_id") or ""
            if not key or key in seen:
                continue
            seen.add(key)
            sources.append(document)
    return sources


def _documents(span: Span) -> list[dict[str, Any]]:
    by_index: dict[int, dict[str, Any]] = {}
    for key, value in span.attributes.items():
        match = _DOCUMENT.match(key)
        if match:
            by_index.setdefault(int(match.group(1)), {})[match.group(2)] = value
    raw = [by_index[i] for i in sorted(by_index)]
    listed = span.attributes.get("gen_ai.retrieval.documents")
    if not raw and isinstance(listed, str):
        try:
            parsed = json.loads(listed)
        except ValueError:
            parsed = []
        raw = [d for d in parsed if isinstance(d, dict)] if isinstance(parsed, list) else []
    return [_document(d) for d in raw]


def _document(raw: dict[str, Any]) -> dict[str, Any]:
    metadata = raw.get("metadata")
    if isinstance(metadata, str):
        try:
            metadata = json.loads(metadata)
        except ValueError:
            metadata = {}
    metadata = metadata if isinstance(metadata, dict) else {}
    identifier = raw.get("id") or metadata.get("article_id") or metadata.get("id") or ""
    source: dict[str, Any] = {"article_id": str(identifier).strip()}
    title = metadata.get("title")
    url = metadata.get("url") or metadata.get("source")
    if isinstance(title, str) and title:
        source["title"] = title
    if isinstance(url, str) and url.startswith(("http://", "https://", "/")):
        source["url"] = url
    content = raw.get("content")
    if isinstance(content, str):
        source["text"] = content
    score = raw.get("score")
    if isinstance(score, int | float) and not isinstance(score, bool):
        source["score"] = float(score)
    return source


def _metadata(spans: Sequence[Span]) -> dict[str, Any]:
    first = spans[0]
    metadata: dict[str, Any] = {"trace_id": first.trace_id}
    user = _first_attribute(spans, "user.id")
    if user:
        metadata["user_id"] = str(user)
    service = first.resource.get("service.name")
    if service:
        metadata["service_name"] = str(service)
    model = _first_attribute(spans, "llm.model_name", "gen_ai.request.model")
    if model:
        metadata["model"] = str(model)
    return metadata


def _first_attribute(spans: Sequence[Span], *names: str) -> Any:
    for span in sorted(spans, key=lambda s: (not s.is_root,)):
        for name in names:
            value = span.attributes.get(name)
            if value not in (None, ""):
                return value
    return None
