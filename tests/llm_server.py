"""A loopback OpenAI-compatible server for tests and benchmarks.

A real HTTP server (stdlib ``ThreadingHTTPServer`` on 127.0.0.1, a free port) that
answers ``POST /v1/chat/completions`` and ``GET /v1/models`` the way an
OpenAI-compatible endpoint does, so the judge is exercised through the real ``openai``
client, its retries and its timeouts. Other processes (a Celery worker) reach it over
HTTP at :attr:`LLMServer.base_url`.

What it answers is scripted: a queue of :class:`Reply` objects is consumed first, then
the responder function (request JSON -> reply), if any. A reply is completion text, an
HTTP error status, a delay before answering, or raw bytes. Everything is counted:
calls, the tokens reported in ``usage`` and the requests received.

Like a real server it honours ``max_tokens``: a reply longer than that is cut there with
``finish_reason: "length"`` (:func:`looping_reply` is a model that never stops). It can
refuse response formats it does not support (``unsupported_formats``, a 400 naming
``response_format``, as llama.cpp builds or older vLLM do), and an error reply may report
the usage its request consumed.

Usage is estimated as the servers we target roughly report it: about four characters
per token, over the text of every message for the prompt and over the reply for the
completion.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CHARS_PER_TOKEN = 4


@dataclass
class Reply:
    """One scripted answer.

    ``content`` is the assistant message; ``status`` other than 200 sends an OpenAI-style
    error body instead; ``delay`` seconds pass before anything is written (longer than the
    client's timeout provokes a timeout); ``body`` sends these raw bytes as a 200 reply.
    """

    content: str | None = ""
    status: int = 200
    delay: float = 0.0
    body: bytes | None = None
    finish_reason: str = "stop"
    headers: dict[str, str] = field(default_factory=dict)
    # (prompt, completion) tokens to report instead of the estimate; on an error reply,
    # reported beside the error (None: none reported).
    usage: tuple[int, int] | None = None


ReplyLike = Reply | str | dict
Responder = Callable[[dict], ReplyLike]


def completion_reply(output: dict, **options: Any) -> Reply:
    """A valid scripted completion whose message is ``output`` as JSON."""
    return Reply(content=json.dumps(output), **options)


def judgement(
    sub_queries: list[str],
    facts: list[str],
    *,
    source_query: list[list[int]],
    response_query: list[list[int]],
    response_source: list[list[int]],
    redundant_of: list[int | None] | None = None,
    unsupported: list[dict] | None = None,
    verdict: str = "sufficient",
    cause: str | None = None,
    rationale: str = "Answers the question from the sources.",
    topic: str = "returns",
) -> dict:
    """A judge output in the shape the LLM judge's schema asks for."""
    return {
        "sub_queries": sub_queries,
        "facts": facts,
        "source_query": source_query,
        "response_query": response_query,
        "response_source": response_source,
        "redundant_of": redundant_of if redundant_of is not None else [None] * len(facts),
        "unsupported": unsupported or [],
        "verdict": verdict,
        "cause": cause,
        "rationale": rationale,
        "topic": topic,
    }


def error_reply(status: int, message: str = "", **options: Any) -> Reply:
    return Reply(status=status, content=message or f"scripted error {status}", **options)


def looping_reply(**options: Any) -> Reply:
    """What a model too small to judge writes: it loops inside the first array and never
    closes the object, so only ``max_tokens`` stops it."""
    loop = '"How long do I have to return my headphones?", ' * 5000
    return Reply(content='{"sub_queries": [' + loop, **options)


def estimate_tokens(text: str) -> int:
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


def message_text(request: dict) -> str:
    """All the text of a chat request's messages, as the usage estimate counts it."""
    parts = []
    for message in request.get("messages") or []:
        content = message.get("content") or ""
        if isinstance(content, list):
            content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
        parts.append(str(content))
    return "".join(parts)


class LLMServer:
    """The server and its script; thread-safe, reusable after :meth:`reset`."""

    def __init__(
        self,
        responder: Responder | None = None,
        *,
        retry_after_ms: int | None = 5,
        model_ids: tuple[str, ...] = ("loopback-judge",),
    ) -> None:
        self.responder = responder
        # Error replies carry retry-after-ms so the client's retries do not slow tests.
        self.retry_after_ms = retry_after_ms
        self.model_ids = model_ids
        # response_format types answered with a 400, as a server without them answers.
        self.unsupported_formats: set[str] = set()
        # Cut a reply at the request's max_tokens, as every real server does.
        self.honour_max_tokens = True
        self._lock = threading.Lock()
        self._queue: deque[ReplyLike] = deque()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.reset()

    # --- lifecycle ------------------------------------------------------------------
    def start(self) -> LLMServer:
        handler = type("Handler", (_Handler,), {"llm_server": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._stopping.clear()
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        # Wakes handlers sleeping on a scripted delay so shutdown is immediate.
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> LLMServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("the loopback server is not running")
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # --- script ---------------------------------------------------------------------
    def script(self, *replies: ReplyLike) -> LLMServer:
        with self._lock:
            self._queue.extend(replies)
        return self

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self.calls = 0
            self.prompt_tokens = 0
            self.completion_tokens = 0
            self.requests: list[dict] = []

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def last_request(self) -> dict:
        with self._lock:
            return self.requests[-1]

    def _next_reply(self, request: dict) -> tuple[int, Reply]:
        """(call number, reply) for a request, recorded and counted."""
        with self._lock:
            self.calls += 1
            number = self.calls
            self.requests.append(request)
            kind = (request.get("response_format") or {}).get("type")
            if kind in self.unsupported_formats:
                # Refused before any script is used, as a server refuses a bad request.
                message = f"response_format type '{kind}' is not supported by this server"
                return number, error_reply(400, message)
            scripted = self._queue.popleft() if self._queue else None
        if scripted is None and self.responder is not None:
            scripted = self.responder(request)
        if scripted is None:
            # 400 rather than 5xx: the client must not retry a missing script.
            return number, error_reply(400, "loopback server: no reply scripted")
        return number, self._bounded(request, _as_reply(scripted))

    def _bounded(self, request: dict, reply: Reply) -> Reply:
        limit = request.get("max_tokens", request.get("max_completion_tokens"))
        content = reply.content or ""
        if (
            self.honour_max_tokens
            and isinstance(limit, int)
            and reply.status == 200
            and reply.body is None
            and estimate_tokens(content) > limit
        ):
            return replace(
                reply, content=content[: limit * CHARS_PER_TOKEN], finish_reason="length"
            )
        return reply

    def _count_usage(self, prompt_tokens: int, completion_tokens: int) -> None:
        with self._lock:
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens

    def _wait(self, seconds: float) -> bool:
        """Sleep for a scripted delay; False when the server is stopping meanwhile."""
        return not self._stopping.wait(seconds)


def _as_reply(value: ReplyLike) -> Reply:
    if isinstance(value, Reply):
        return value
    if isinstance(value, dict):
        return completion_reply(value)
    return Reply(content=value)


def completion_body(request: dict, reply: Reply, number: int) -> dict:
    prompt_tokens = estimate_tokens(message_text(request))
    completion_tokens = estimate_tokens(reply.content or "")
    if reply.usage is not None:
        prompt_tokens, completion_tokens = reply.usage
    return {
        "id": f"chatcmpl-loopback-{number}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model") or "loopback-judge",
        "system_fingerprint": "loopback",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply.content, "refusal": None},
                "finish_reason": reply.finish_reason,
                "logprobs": None,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def error_body(reply: Reply) -> dict:
    kind = "rate_limit_exceeded" if reply.status == 429 else "server_error"
    if reply.status < 500 and reply.status != 429:
        kind = "invalid_request_error"
    body: dict = {"error": {"message": reply.content, "type": kind, "param": None, "code": kind}}
    if reply.usage is not None:
        prompt_tokens, completion_tokens = reply.usage
        body["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
    return body


class _Handler(BaseHTTPRequestHandler):
    llm_server: LLMServer
    # HTTP/1.0: one request per connection, so nothing lingers after stop().
    protocol_version = "HTTP/1.0"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # keep test output clean

    def do_GET(self) -> None:
        if self.path.rstrip("/") != "/v1/models":
            self._send_json(404, {"error": {"message": "not found", "type": "not_found"}})
            return
        models = [
            {"id": model_id, "object": "model", "created": 0, "owned_by": "kbaudit-tests"}
            for model_id in self.llm_server.model_ids
        ]
        self._send_json(200, {"object": "list", "data": models})

    def do_POST(self) -> None:
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send_json(404, {"error": {"message": "not found", "type": "not_found"}})
            return
        length = int(self.headers.get("Content-Length") or 0)
        try:
            request = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._send_json(400, {"error": {"message": "request is not JSON"}})
            return
        server = self.llm_server
        number, reply = server._next_reply(request)
        if reply.delay and not server._wait(reply.delay):
            return
        # The client may have given up (timeout) before the reply is written.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._answer(request, reply, number)

    def _answer(self, request: dict, reply: Reply, number: int) -> None:
        server = self.llm_server
        if reply.body is not None:
            self._send(200, reply.body, "application/json", reply.headers)
        elif reply.status != 200:
            headers = dict(reply.headers)
            if server.retry_after_ms is not None:
                headers.setdefault("retry-after-ms", str(server.retry_after_ms))
            if reply.usage is not None:
                server._count_usage(*reply.usage)
            self._send_json(reply.status, error_body(reply), headers)
        else:
            body = completion_body(request, reply, number)
            usage = body["usage"]
            server._count_usage(usage["prompt_tokens"], usage["completion_tokens"])
            self._send_json(200, body, reply.headers)

    def _send_json(self, status: int, payload: dict, headers: dict | None = None) -> None:
        self._send(status, json.dumps(payload).encode(), "application/json", headers or {})

    def _send(self, status: int, body: bytes, content_type: str, headers: dict) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


# --- a typical interaction: three ~600-character chunks and a three-sentence answer ----

TYPICAL_QUERY = "How long do I have to return my headphones, and when will I get my refund?"
TYPICAL_SOURCES = (
    "Returns policy. You can return most items within 30 days of delivery for a full "
    "refund, as long as they are unused and in their original packaging with all "
    "accessories, manuals and free gifts included. Headphones, earbuds and other in-ear "
    "audio products can only be returned if the hygiene seal is unbroken. If we shipped "
    "you the wrong item, or the item arrived damaged or faulty, you have 45 days from "
    "delivery to return it and we cover the return postage. To start a return, open "
    "Orders in your account, choose the item and select Return item; we email you a "
    "prepaid label and a QR code for drop-off at any partner location.",
    "Refunds. Once your return reaches our warehouse we inspect it within 2 working days. "
    "Approved refunds go back to the original payment method: card refunds take 3 to 5 "
    "working days to appear on your statement, PayPal refunds usually arrive within 24 "
    "hours, and gift card balances are restored immediately. We email you when the refund "
    "is issued, with the amount and the reference number. Delivery charges are refunded "
    "only when the whole order is returned or the item was faulty. If your refund has not "
    "arrived after 10 working days, contact us with your order number so we can trace it.",
    "Restocking fees and exceptions. Opened software, downloadable content, gift cards and "
    "personalised items cannot be returned unless they are faulty. Large appliances that "
    "have been installed carry a restocking fee of 15 percent of the price. Items bought in "
    "a clearance sale can be returned within 14 days rather than 30. Marketplace items "
    "sold by other sellers follow the seller's own returns policy, shown on the product "
    "page under Sold by. Returns sent without a return label may be refused at the "
    "warehouse, so always start your return online before sending the parcel.",
)
TYPICAL_RESPONSE = (
    "You can return your headphones within 30 days of delivery, as long as the hygiene "
    "seal is unbroken and they are in their original packaging. Once the return reaches "
    "our warehouse it is inspected within 2 working days. Card refunds then take 3 to 5 "
    "working days to appear on your statement."
)
TYPICAL_DOMAIN = "Brightcart, an online electronics store: orders, delivery, returns, refunds."


def typical_output() -> dict:
    """What a judge would answer for the typical interaction: sufficient."""
    return judgement(
        ["How long do I have to return headphones?", "When will I get my refund?"],
        [
            "Headphones can be returned within 30 days of delivery.",
            "The hygiene seal must be unbroken and the original packaging kept.",
            "Returns are inspected within 2 working days of arrival.",
            "Card refunds take 3 to 5 working days to appear.",
        ],
        source_query=[[1, 0], [0, 1], [0, 0]],
        response_query=[[1, 0], [1, 0], [0, 1], [0, 1]],
        response_source=[[1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 0]],
        rationale="Answers both the return window and the refund timing from the sources.",
        topic="returns",
    )
