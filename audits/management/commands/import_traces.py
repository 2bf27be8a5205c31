from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.ingest.files import report
from audits.models import Bot
from audits.traces.otlp import TracePayloadError, spans_from_json
from audits.traces.services import TraceSummary, trace_spans_receive, traces_assemble

# Spans are staged in batches of about this many, so a large file keeps memory flat.
SPANS_PER_BATCH = 5000


class Command(BaseCommand):
    help = (
        "Import OpenTelemetry traces from OTLP JSON lines (one ExportTraceServiceRequest per "
        "line, as the OpenTelemetry Collector's file exporter writes them): each trace becomes "
        "one interaction of --bot. Bad lines are reported with their number; exit 1 if any."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the OTLP JSON lines file")
        parser.add_argument("--bot", required=True, help="the bot the traces belong to")

    def handle(self, *args, file: str, bot: str, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"{file}: no such file")
        target, created = Bot.objects.get_or_create(slug=bot, defaults={"name": bot})
        if created:
            self.stdout.write(f"created bot {bot} with default thresholds")
        bad = 0
        batch = []
        seen: set[str] = set()
        totals = TraceSummary()
        with path.open("rb") as lines:
            for number, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                try:
                    batch.extend(spans_from_json(line))
                except TracePayloadError as exc:
                    bad += 1
                    report(self.stderr, f"{file}:line {number}: {exc}")
                    continue
                if len(batch) >= SPANS_PER_BATCH:
                    self._receive(target, batch, totals, seen)
                    batch = []
        self._receive(target, batch, totals, seen)
        # The file is all there is: every trace in it is complete, root span or not.
        totals.pending_traces = 0
        traces_assemble(bot=target, trace_ids=sorted(seen), force=True, summary=totals)
        for reason in totals.rejected:
            report(self.stderr, f"{file}: {reason}")
        self.stdout.write(totals.line())
        if bad or totals.rejected:
            raise SystemExit(1)

    def _receive(self, bot, spans, totals: TraceSummary, seen: set[str]) -> None:
        seen.update(span.trace_id for span in spans)
        summary = trace_spans_receive(bot=bot, spans=spans)
        for name in ("spans", "ignored", "duplicates", "late", "interactions"):
            setattr(totals, name, getattr(totals, name) + getattr(summary, name))
        totals.rejected.extend(summary.rejected)
