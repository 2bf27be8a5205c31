"""OTLP ingest benchmark: N OpenInference traces posted to the receiver as protobuf exports.

Each trace is a RAG turn of four spans (chain, retriever with three documents, LLM call,
one span neither convention describes); exports of 100 traces go through the receiver's
view (decoding, staging, assembly, the interaction import) on PostgreSQL. Printed:
spans/s and traces/s, and the share of the time the view spent outside the import.
"""

from __future__ import annotations

import random
import time

from bench.common import bench_database_url, django_for, manage, recreate_database

TRACES_PER_EXPORT = 100
WORDS = ["baggage", "refund", "seat", "upgrade", "lounge", "miles", "checked", "carry-on", "fare", "change", "cancel", "delay"]  # fmt: skip


def _value(value):
    from opentelemetry.proto.common.v1.common_pb2 import AnyValue

    if isinstance(value, float):
        return AnyValue(double_value=value)
    return AnyValue(string_value=str(value))


def _span(trace: bytes, span: bytes, parent: bytes, start: int, attributes: dict):
    from opentelemetry.proto.common.v1.common_pb2 import KeyValue
    from opentelemetry.proto.trace.v1.trace_pb2 import Span

    return Span(
        trace_id=trace,
        span_id=span,
        parent_span_id=parent,
        name="span",
        start_time_unix_nano=start,
        end_time_unix_nano=start + 1000,
        attributes=[KeyValue(key=k, value=_value(v)) for k, v in attributes.items()],
    )


def exports(n: int, *, seed: int = 1) -> list[bytes]:
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
        ExportTraceServiceRequest,
    )
    from opentelemetry.proto.trace.v1.trace_pb2 import ResourceSpans, ScopeSpans

    rng = random.Random(seed)
    bodies = []
    base = 1_764_000_000_000_000_000
    for first in range(0, n, TRACES_PER_EXPORT):
        spans = []
        for i in range(first, min(n, first + TRACES_PER_EXPORT)):
            trace = rng.randbytes(16)
            root, retriever, llm, other = (rng.randbytes(8) for _ in range(4))
            start = base + i * 1_000_000_000
            text = " ".join(rng.choice(WORDS) for _ in range(120))
            documents = {}
            for d in range(3):
                prefix = f"retrieval.documents.{d}.document."
                documents[prefix + "id"] = f"kb-{rng.randrange(500)}"
                documents[prefix + "content"] = text
                documents[prefix + "score"] = rng.random()
            spans += [
                _span(
                    trace,
                    retriever,
                    root,
                    start + 1,
                    {"openinference.span.kind": "RETRIEVER", **documents},
                ),  # fmt: skip
                _span(
                    trace,
                    llm,
                    root,
                    start + 2,
                    {"openinference.span.kind": "LLM", "output.value": text[:300]},
                ),  # fmt: skip
                _span(trace, other, root, start + 3, {"http.route": "/chat"}),
                _span(
                    trace,
                    root,
                    b"",
                    start,
                    {
                        "openinference.span.kind": "CHAIN",
                        "input.value": f"How do I {rng.choice(WORDS)}? {i}",
                        "output.value": text[:300],
                        "session.id": f"s-{i // 3}",
                    },
                ),  # fmt: skip
            ]
        request = ExportTraceServiceRequest(
            resource_spans=[ResourceSpans(scope_spans=[ScopeSpans(spans=spans)])]
        )
        bodies.append(request.SerializeToString())
    return bodies


def run(n: int = 20_000) -> dict:
    url = bench_database_url("kbaudit_bench_otlp")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    bodies = exports(n)
    with django_for(url):
        from django.test import Client

        from audits.models import ApiToken, Bot, Interaction

        bot = Bot.objects.create(slug="otlp-bench", name="OTLP bench")
        token = ApiToken.issue(bot=bot, name="bench")[1]
        client = Client()
        start = time.perf_counter()
        for body in bodies:
            response = client.post(
                "/api/v1/otel/v1/traces",
                body,
                content_type="application/x-protobuf",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            assert response.status_code == 200, response.content[:200]
        seconds = time.perf_counter() - start
        stored = Interaction.objects.filter(bot=bot).count()
    result = {
        "traces": n,
        "spans": 4 * n,
        "interactions": stored,
        "seconds": round(seconds, 2),
        "traces_per_s": round(n / seconds, 1),
        "spans_per_s": round(4 * n / seconds, 1),
    }
    print(
        f"  OTLP protobuf, {TRACES_PER_EXPORT} traces per export: {n} traces ({4 * n} spans) "
        f"in {seconds:.1f} s = {result['traces_per_s']:.0f} traces/s, "
        f"{result['spans_per_s']:.0f} spans/s; interactions stored {stored}"
    )
    return result
