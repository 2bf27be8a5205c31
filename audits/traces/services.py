"""trace_spans_receive and traces_assemble: OpenTelemetry traces become interactions.

Spans are staged per bot, keyed on (trace id, span id), so a re-sent export is a
duplicate and spans of one trace may arrive in any order and any number of exports.
A trace is assembled into one interaction through the same validation and storage as
``import_interactions`` once its root span is in (the root ends last, so its children
were exported before it or with it), or once it has been idle for
``KBAUDIT_TRACE_IDLE_SECONDS`` (a trace whose root never comes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from audits.ingest.service import BotPolicy, interaction_import
from audits.models import Bot, Interaction, TraceSpan
from audits.signals import source_texts_wanted
from audits.traces.mapping import span_kind, trace_record
from audits.traces.otlp import Span


@dataclass
class TraceSummary:
    spans: int = 0
    ignored: int = 0
    duplicates: int = 0
    late: int = 0
    interactions: int = 0
    pending_traces: int = 0
    rejected: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "spans": self.spans,
            "ignored_spans": self.ignored,
            "duplicate_spans": self.duplicates,
            "late_spans": self.late,
            "interactions": self.interactions,
            "pending_traces": self.pending_traces,
            "rejected": self.rejected,
        }

    def line(self) -> str:
        return (
            f"spans {self.spans} (ignored {self.ignored}, duplicates {self.duplicates}, "
            f"late {self.late}), interactions {self.interactions}, "
            f"traces waiting for more spans {self.pending_traces}, rejected {len(self.rejected)}"
        )


def trace_spans_receive(
    *, bot: Bot, spans: Sequence[Span], assemble_all: bool = False
) -> TraceSummary:
    """Stage an export's spans and assemble the traces they complete.

    A trace that arrives whole in one export (the usual case: the root ends last and
    the batch processor sends it with its children) is imported straight from the
    export; its spans are stored by id only.
    """
    summary = TraceSummary(spans=len(spans))
    by_trace: dict[str, list[Span]] = {}
    for span in spans:
        by_trace.setdefault(span.trace_id, []).append(span)
    with transaction.atomic():
        existing = _existing_spans(bot, list(by_trace))
        assembled = set(
            TraceSpan.objects.filter(bot=bot, trace_id__in=list(by_trace), assembled=True)
            .values_list("trace_id", flat=True)
            .distinct()
        )
        seen_before = {trace_id for trace_id, _ in existing}
        whole = {
            trace_id
            for trace_id, trace_spans in by_trace.items()
            if trace_id not in seen_before and any(s.is_root for s in trace_spans)
        }
        rows = []
        for trace_id, trace_spans in by_trace.items():
            late = trace_id in assembled
            for span in trace_spans:
                kind = span_kind(span)
                summary.ignored += not kind
                if (trace_id, span.span_id) in existing:
                    summary.duplicates += 1
                    continue
                existing.add((trace_id, span.span_id))
                summary.late += late and bool(kind)
                done = late or trace_id in whole
                rows.append(_row(bot, span, kind, keep=bool(kind) and not done, done=done))
        TraceSpan.objects.bulk_create(rows, ignore_conflicts=True)
        _import(bot, _records(sorted(whole), by_trace, summary), summary)
    pending = [t for t in by_trace if t not in assembled and t not in whole]
    traces_assemble(bot=bot, trace_ids=pending, summary=summary, force=assemble_all)
    return summary


def _records(trace_ids, spans_of, summary: TraceSummary) -> list[tuple[str, dict]]:
    ready = []
    for trace_id in trace_ids:
        known = [s for s in spans_of[trace_id] if span_kind(s)]
        nul = [(s.span_id, keys) for s in known if (keys := _nul_keys(s.attributes))]
        if nul:
            # PostgreSQL cannot store the character: the trace is refused, as a log line
            # with one is, rather than imported with its text changed.
            where = "; ".join(f"span {span_id} {', '.join(keys)}" for span_id, keys in nul)
            summary.rejected.append(
                f"trace {trace_id}: {where}: contains a NUL character (\\u0000)"
            )
            continue
        record = trace_record(known) if known else None
        if record is None:
            summary.rejected.append(f"trace {trace_id}: no span carries the bot's answer")
        else:
            ready.append((trace_id, record))
    return ready


def traces_assemble(
    *,
    bot: Bot,
    trace_ids: Iterable[str] | None = None,
    idle_before: datetime | None = None,
    force: bool = False,
    summary: TraceSummary | None = None,
) -> TraceSummary:
    """Assemble the bot's complete (or long idle) traces into interactions."""
    summary = summary or TraceSummary()
    idle_before = idle_before or timezone.now() - timedelta(
        seconds=settings.KBAUDIT_TRACE_IDLE_SECONDS
    )
    staged = TraceSpan.objects.filter(bot=bot, assembled=False)
    if trace_ids is not None:
        staged = staged.filter(trace_id__in=list(trace_ids))
    by_trace: dict[str, list[TraceSpan]] = {}
    for row in staged.order_by("trace_id", "start", "span_id"):
        by_trace.setdefault(row.trace_id, []).append(row)
    settled: dict[str, list[Span]] = {}
    for trace_id, rows in by_trace.items():
        complete = any(not r.parent_span_id for r in rows)
        idle = max(r.received_at for r in rows) < idle_before
        if complete or idle or force:
            settled[trace_id] = [_span(r) for r in rows if r.kind]
        else:
            summary.pending_traces += 1
    with transaction.atomic():
        _import(bot, _records(list(settled), settled, summary), summary)
        _mark_assembled(bot, list(settled))
    return summary


def pending_bots() -> list[Bot]:
    """Bots with staged spans: the beat task's work list."""
    ids = TraceSpan.objects.filter(assembled=False).values_list("bot_id", flat=True).distinct()
    return list(Bot.objects.filter(pk__in=list(ids)))


def _import(bot: Bot, ready: list[tuple[str, dict]], summary: TraceSummary) -> None:
    """Store the assembled records in one import: the same checks as import_interactions."""
    if not ready:
        return
    _fill_missing_texts(bot, [record for _, record in ready])
    result = interaction_import(
        rows=[(line, record) for line, (_, record) in enumerate(ready, start=1)],
        policy=BotPolicy(create_missing=False, only=bot),
        default_bot=bot.slug,
    )
    for rejection in result.rejections:
        summary.rejected.append(f"trace {ready[rejection.line - 1][0]}: {rejection.reason}")
    summary.interactions += result.imported


def _mark_assembled(bot: Bot, trace_ids: list[str]) -> None:
    # The interaction holds what the spans said; their ids stay to recognise re-sends.
    if trace_ids:
        TraceSpan.objects.filter(bot=bot, trace_id__in=trace_ids).update(
            assembled=True, attributes={}, resource={}, events=[]
        )


def _fill_missing_texts(bot: Bot, records: list[dict]) -> None:
    """GenAI retrieval spans often name documents by id only: read them from the KB."""
    sources = [s for record in records for s in record["sources"]]
    missing = sorted({s["article_id"] for s in sources if not s.get("text")})
    if not missing:
        return
    texts: dict[str, str] = {}
    for _receiver, response in source_texts_wanted.send(sender=Interaction, bot=bot, keys=missing):
        texts.update(response or {})
    for source in sources:
        if not source.get("text") and source["article_id"] in texts:
            source["text"] = texts[source["article_id"]][: settings.KBAUDIT_TRACE_SOURCE_CHARS]


def _existing_spans(bot: Bot, trace_ids: list[str]) -> set[tuple[str, str]]:
    return set(
        TraceSpan.objects.filter(bot=bot, trace_id__in=trace_ids).values_list("trace_id", "span_id")
    )


def _row(bot: Bot, span: Span, kind: str, *, keep: bool, done: bool) -> TraceSpan:
    attributes = _jsonable(span.attributes) if keep else {}
    if keep and (removed := _nul_keys(span.attributes)):
        attributes[NUL_REMOVED] = removed
    return TraceSpan(
        bot=bot,
        trace_id=span.trace_id,
        span_id=span.span_id,
        parent_span_id=span.parent_span_id,
        name=span.name[:500],
        kind=kind,
        start=span.start,
        end=span.end,
        attributes=attributes,
        resource=_jsonable(span.resource) if keep else {},
        events=[[name, _jsonable(a)] for name, a in span.events] if keep else [],
        assembled=done,
    )


def _span(row: TraceSpan) -> Span:
    return Span(
        trace_id=row.trace_id,
        span_id=row.span_id,
        parent_span_id=row.parent_span_id,
        name=row.name,
        start=row.start,
        end=row.end,
        attributes=row.attributes,
        resource=row.resource,
        events=tuple((name, attributes) for name, attributes in row.events),
    )


# A stored span's attribute that held NUL, which jsonb cannot store: the names of such
# attributes are kept under this key, and the trace is refused when it is assembled.
NUL_REMOVED = "kbaudit.nul_removed"


def _nul_keys(attributes: dict) -> list[str]:
    """The attributes that hold NUL: found in a span as sent, or remembered by a stored one."""
    if NUL_REMOVED in attributes:
        return list(attributes[NUL_REMOVED])
    found = (k for k, v in attributes.items() if _has_nul(k) or _has_nul(v))
    return sorted(k.replace("\x00", "") for k in found)


def _has_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_nul(v) for v in value)
    return False


def _jsonable(value):
    """Attribute values as JSON keeps them (NUL is not storable in jsonb)."""
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {str(k).replace("\x00", ""): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
