"""OpenTelemetry traces in: the real SDK and OTLP exporter, the JSON encoding, the file."""

from __future__ import annotations

import gzip
import json

import orjson
import pytest
from django.core.management import call_command
from openinference.semconv.trace import (
    DocumentAttributes,
    OpenInferenceSpanKindValues,
    SpanAttributes,
)
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

from audits.models import ApiToken, Interaction, TraceSpan
from tests.factories import ArticleFactory, ArticleVersionFactory

KIND = SpanAttributes.OPENINFERENCE_SPAN_KIND
DOCS = SpanAttributes.RETRIEVAL_DOCUMENTS
QUESTION = "Can I change my flight for free within 24 hours?"
ANSWER = "Yes. You can change or cancel within 24 hours of booking at no charge."
CHUNK = "Changes made within 24 hours of booking are free of charge."


@pytest.fixture
def token(bot):
    return ApiToken.issue(bot=bot, name="traces")[1]


def _provider(url: str, token: str, compression=Compression.NoCompression) -> TracerProvider:
    provider = TracerProvider(resource=Resource.create({"service.name": "airline-bot"}))
    exporter = OTLPSpanExporter(
        endpoint=f"{url}/api/v1/otel/v1/traces",
        headers={"Authorization": f"Bearer {token}"},
        compression=compression,
        timeout=30,
    )
    # Each span is exported as it ends: the retriever and the LLM call before the chain.
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider


def _rag_turn(tracer, *, session: str, question: str = QUESTION, answer: str = ANSWER) -> None:
    with tracer.start_as_current_span("rag-chain") as chain:
        chain.set_attribute(KIND, OpenInferenceSpanKindValues.CHAIN.value)
        chain.set_attribute(SpanAttributes.INPUT_VALUE, question)
        chain.set_attribute(SpanAttributes.SESSION_ID, session)
        chain.set_attribute(SpanAttributes.USER_ID, "customer-7")
        with tracer.start_as_current_span("retrieve") as retriever:
            retriever.set_attribute(KIND, OpenInferenceSpanKindValues.RETRIEVER.value)
            prefix = f"{DOCS}.0."
            retriever.set_attribute(prefix + DocumentAttributes.DOCUMENT_ID, "kb-changes")
            retriever.set_attribute(prefix + DocumentAttributes.DOCUMENT_CONTENT, CHUNK)
            retriever.set_attribute(prefix + DocumentAttributes.DOCUMENT_SCORE, 0.91)
            retriever.set_attribute(
                prefix + DocumentAttributes.DOCUMENT_METADATA,
                json.dumps({"title": "Changing a booking", "url": "https://help.example/changes"}),
            )
        with tracer.start_as_current_span("llm") as llm:
            llm.set_attribute(KIND, OpenInferenceSpanKindValues.LLM.value)
            llm.set_attribute(SpanAttributes.LLM_MODEL_NAME, "gpt-4o-mini")
            llm.set_attribute(SpanAttributes.OUTPUT_VALUE, answer)
        with tracer.start_as_current_span("http-framework-span"):
            pass  # a span neither convention describes
        chain.set_attribute(SpanAttributes.OUTPUT_VALUE, answer)


@pytest.mark.parametrize("compression", [Compression.NoCompression, Compression.Gzip])
def test_the_real_otlp_exporter_turns_a_trace_into_one_interaction(
    live_server, transactional_db, bot, token, compression
):
    provider = _provider(live_server.url, token, compression)
    _rag_turn(provider.get_tracer("test"), session="conv-9")
    provider.shutdown()

    interaction = Interaction.objects.get(bot=bot)
    assert interaction.query == QUESTION
    assert interaction.response == ANSWER
    assert interaction.conversation.external_id == "conv-9"
    assert interaction.metadata["user_id"] == "customer-7"
    assert interaction.metadata["service_name"] == "airline-bot"
    source = interaction.sources.get()
    assert (source.article_key, source.text, source.score) == ("kb-changes", CHUNK, 0.91)
    assert source.title == "Changing a booking"
    assert interaction.external_id == TraceSpan.objects.filter(bot=bot).first().trace_id
    # The spans keep only their ids once the trace is an interaction.
    assert not TraceSpan.objects.filter(bot=bot).exclude(attributes={}).exists()
    assert TraceSpan.objects.filter(bot=bot, kind="").count() == 1


def test_a_wrong_token_is_refused(live_server, transactional_db, bot):
    provider = _provider(live_server.url, "kba_wrong")
    _rag_turn(provider.get_tracer("test"), session="c")
    provider.shutdown()
    assert not Interaction.objects.exists()
    assert not TraceSpan.objects.exists()


def _attr(key: str, value) -> dict:
    if isinstance(value, float):
        return {"key": key, "value": {"doubleValue": value}}
    if isinstance(value, int):
        return {"key": key, "value": {"intValue": str(value)}}
    return {"key": key, "value": {"stringValue": value}}


def _span(trace: str, span: str, parent: str, start: int, **attributes) -> dict:
    return {
        "traceId": trace,
        "spanId": span,
        "parentSpanId": parent,
        "name": span,
        "startTimeUnixNano": str(1_764_000_000_000_000_000 + start),
        "endTimeUnixNano": str(1_764_000_000_000_000_000 + start + 10),
        "attributes": [_attr(k, v) for k, v in attributes.items()],
    }


def _export(*spans: dict) -> dict:
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": [_attr("service.name", "bank-bot")]},
                "scopeSpans": [{"spans": list(spans)}],
            }
        ]
    }


TRACE = "5b8efff798038103d269b633813fc60c"


def _retriever(trace: str = TRACE) -> dict:
    return _span(
        trace,
        "eee19b7ec3c1b174",
        "aaa19b7ec3c1b174",
        1,
        **{
            KIND: "RETRIEVER",
            f"{DOCS}.0.document.id": "kb-card-fees",
            f"{DOCS}.0.document.content": "Foreign payments cost 2.75%.",
        },
    )


def _root(trace: str = TRACE, **extra) -> dict:
    return _span(
        trace,
        "aaa19b7ec3c1b174",
        "",
        0,
        **{
            KIND: "CHAIN",
            "input.value": json.dumps({"question": "What does paying abroad cost?"}),
            "output.value": "Paying abroad costs 2.75% of the amount.",
            "session.id": "bank-conv-1",
            **extra,
        },
    )


def _post(client, token: str, payload: dict, *, gzipped: bool = False):
    body = orjson.dumps(payload)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    if gzipped:
        body = gzip.compress(body)
        headers["HTTP_CONTENT_ENCODING"] = "gzip"
    return client.post("/api/v1/otel/v1/traces", body, content_type="application/json", **headers)


def test_a_trace_sent_in_two_exports_is_assembled_once_and_resending_duplicates_nothing(
    client, bot, token
):
    first = _post(client, token, _export(_retriever()))
    assert first.status_code == 200
    assert json.loads(first["X-Kbaudit-Summary"])["pending_traces"] == 1
    assert not Interaction.objects.exists()

    second = _post(client, token, _export(_root()), gzipped=True)
    assert second.status_code == 200
    assert json.loads(second["X-Kbaudit-Summary"])["interactions"] == 1
    interaction = Interaction.objects.get()
    assert interaction.query == "What does paying abroad cost?"
    assert [s.article_key for s in interaction.sources.all()] == ["kb-card-fees"]

    again = _post(client, token, _export(_retriever(), _root()))
    counts = json.loads(again["X-Kbaudit-Summary"])
    assert (counts["duplicate_spans"], counts["interactions"]) == (2, 0)
    assert Interaction.objects.count() == 1


def test_a_span_arriving_after_its_trace_was_assembled_is_counted_late(client, bot, token):
    _post(client, token, _export(_root()))
    late = _span(TRACE, "fff19b7ec3c1b174", "aaa19b7ec3c1b174", 5, **{KIND: "LLM"})
    counts = json.loads(_post(client, token, _export(late))["X-Kbaudit-Summary"])
    assert counts["late_spans"] == 1
    assert Interaction.objects.count() == 1


def test_genai_spans_are_read_and_missing_document_text_comes_from_the_kb(client, bot, token):
    article = ArticleFactory(external_id="kb-roaming")
    ArticleVersionFactory(article=article, body="Roaming in the EU costs nothing extra.")
    chat = _span(
        "1" * 32,
        "1" * 16,
        "",
        0,
        **{
            "gen_ai.operation.name": "chat",
            "gen_ai.conversation.id": "tel-1",
            "gen_ai.input.messages": json.dumps(
                [
                    {"role": "system", "parts": [{"type": "text", "content": "Be brief."}]},
                    {"role": "user", "parts": [{"type": "text", "content": "Is EU roaming free?"}]},
                ]
            ),
            "gen_ai.output.messages": json.dumps(
                [{"role": "assistant", "parts": [{"type": "text", "content": "Yes, it is."}]}]
            ),
        },
    )
    retrieval = _span(
        "1" * 32,
        "2" * 16,
        "1" * 16,
        1,
        **{
            "gen_ai.operation.name": "retrieval",
            "gen_ai.retrieval.documents": json.dumps([{"id": "kb-roaming", "score": 0.7}]),
        },
    )
    assert _post(client, token, _export(retrieval, chat)).status_code == 200
    interaction = Interaction.objects.get()
    assert (interaction.query, interaction.response) == ("Is EU roaming free?", "Yes, it is.")
    assert interaction.conversation.external_id == "tel-1"
    assert interaction.sources.get().text == "Roaming in the EU costs nothing extra."


def test_a_trace_without_its_root_is_assembled_once_idle(client, bot, token, settings):
    from audits.traces.services import traces_assemble

    llm_only = _span(
        "2" * 32,
        "3" * 16,
        "9" * 16,
        0,
        **{KIND: "LLM", "input.value": "Hi, what is the fee?", "output.value": "It is 5 euros."},
    )
    _post(client, token, _export(llm_only))
    assert not Interaction.objects.exists()
    settings.KBAUDIT_TRACE_IDLE_SECONDS = -1
    assert traces_assemble(bot=bot).interactions == 1
    assert Interaction.objects.get().response == "It is 5 euros."


def test_bad_payloads_get_a_clear_400(client, bot, token):
    response = _post(client, token, {"resourceSpans": [{"scopeSpans": [{"spans": [{}]}]}]})
    assert response.status_code == 400
    assert "traceId: missing" in response.json()["message"]
    not_proto = client.post(
        "/api/v1/otel/v1/traces",
        b"\xff\xfe not protobuf",
        content_type="application/x-protobuf",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert not_proto.status_code == 400


def test_a_complete_trace_without_an_answer_is_reported_not_stored(client, bot, token):
    bad = _root(trace="3" * 32)
    bad["attributes"] = [a for a in bad["attributes"] if a["key"] != "output.value"]
    counts = json.loads(_post(client, token, _export(bad))["X-Kbaudit-Summary"])
    assert counts["rejected"] and "no span carries the bot's answer" in counts["rejected"][0]
    assert not Interaction.objects.exists()


def test_a_nul_character_in_a_span_refuses_its_trace_whole_or_sent_in_parts(client, bot, token):
    retriever = _retriever(trace="4" * 32)
    retriever["attributes"][2]["value"]["stringValue"] = "Foreign payments\x00 cost 2.75%."
    first = json.loads(_post(client, token, _export(retriever))["X-Kbaudit-Summary"])
    assert first["pending_traces"] == 1  # stored until its root arrives
    second = json.loads(_post(client, token, _export(_root(trace="4" * 32)))["X-Kbaudit-Summary"])
    assert second["interactions"] == 0
    assert second["rejected"] == [
        f"trace {'4' * 32}: span eee19b7ec3c1b174 {DOCS}.0.document.content: "
        "contains a NUL character (\\u0000)"
    ]
    whole = json.loads(
        _post(client, token, _export(retriever | {"traceId": "6" * 32}, _root(trace="6" * 32)))[
            "X-Kbaudit-Summary"
        ]
    )
    assert whole["interactions"] == 0 and "contains a NUL character" in whole["rejected"][0]
    assert not Interaction.objects.exists()


def test_import_traces_reads_collector_file_exports(tmp_path, bot, capsys):
    lines = [
        orjson.dumps(_export(_retriever())).decode(),
        "this is not json",
        orjson.dumps(_export(_root())).decode(),
        orjson.dumps(_export(_retriever("4" * 32))).decode(),  # a trace with no answer
    ]
    path = tmp_path / "traces.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(SystemExit) as exit_code:
        call_command("import_traces", str(path), "--bot", bot.slug)
    assert exit_code.value.code == 1
    err = capsys.readouterr()
    assert "line 2: body is not valid JSON" in err.err
    assert "no span carries the bot's answer" in err.err
    assert "interactions 1" in err.out
    assert Interaction.objects.get().external_id == TRACE
    # Running the same file again stores nothing twice.
    with pytest.raises(SystemExit):
        call_command("import_traces", str(path), "--bot", bot.slug)
    assert Interaction.objects.count() == 1


def test_a_trace_can_say_the_customer_was_handed_to_a_person(client, bot, token):
    root = _root(**{"kbaudit.human_reply": "Paying abroad costs 1.5% on the Plus plan."})
    root["attributes"].append({"key": "kbaudit.escalated", "value": {"boolValue": True}})
    assert _post(client, token, _export(_retriever(), root)).status_code == 200
    interaction = Interaction.objects.get()
    assert interaction.escalated is True
    assert interaction.human_reply == "Paying abroad costs 1.5% on the Plus plan."
