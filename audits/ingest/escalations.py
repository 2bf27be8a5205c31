"""Escalations and agents' replies applied to stored interactions, like late feedback."""

from __future__ import annotations

from collections.abc import Sequence

from audits.ingest.records import EscalationRecord
from audits.models import Interaction


def escalations_apply(
    *, escalations: Sequence[EscalationRecord], bot_ids: dict[str, int], run_id: int | None
) -> tuple[int, list[EscalationRecord]]:
    """Write each record's fields onto its interaction (a later record wins); return how
    many interactions changed and the records whose interaction is not stored."""
    latest: dict[tuple[int, str], dict] = {}
    lines: dict[tuple[int, str], EscalationRecord] = {}
    for record in sorted(escalations, key=lambda r: r.line):
        key = (bot_ids[record.bot], record.external_id)
        fields = latest.setdefault(key, {})
        if record.escalated is not None:
            fields["escalated"] = record.escalated
        if record.human_reply is not None:
            fields["human_reply"] = record.human_reply
            # An agent replied: the conversation was handed over, whatever the flag says.
            fields.setdefault("escalated", True)
        lines[key] = record
    updated, orphans = 0, []
    for (bot_id, external_id), fields in latest.items():
        rows = Interaction.objects.filter(bot_id=bot_id, external_id=external_id, run_id=run_id)
        changed = rows.update(**fields)
        if changed:
            updated += changed
        else:
            orphans.append(lines[(bot_id, external_id)])
    return updated, orphans
