"""The worklist as data: what export_worklist and the queue's CSV/JSON downloads write."""

from __future__ import annotations

import csv
import io
import json

from django.db.models import QuerySet

from content.models import ReviewItem

WORKLIST_KEYS = [
    "article_id",
    "title",
    "reason",
    "priority",
    "status",
    "traffic",
    "source_precision",
    "groundedness",
    "source_query_coverage",
    "diagnoses",
]


def worklist_items(
    *,
    bot: str | None = None,
    reason: str | None = None,
    topic: str | None = None,
    status: str | None = None,
) -> QuerySet[ReviewItem]:
    """Open and in-progress items by default; ``status`` "all" or one status otherwise."""
    items = ReviewItem.objects.select_related("article", "bot").order_by("-priority", "id")
    if not status or status == "active":
        items = items.active()
    elif status != "all":
        items = items.filter(status=status)
    if bot:
        items = items.filter(bot__slug=bot)
    if reason:
        items = items.filter(reason=reason)
    if topic:
        items = items.filter(topic=topic)
    return items


def worklist_row(item: ReviewItem) -> dict:
    evidence = item.evidence or {}
    metrics = evidence.get("metrics") or {}
    return {
        "article_id": item.article.external_id,
        "title": item.article.title,
        "reason": item.reason,
        "priority": round(item.priority, 2),
        "status": item.status,
        "traffic": evidence.get("traffic", 0),
        "source_precision": metrics.get("source_precision"),
        "groundedness": metrics.get("groundedness"),
        "source_query_coverage": metrics.get("source_query_coverage"),
        "diagnoses": [d["id"] for d in evidence.get("diagnoses", [])],
    }


def worklist_rows(**filters) -> list[dict]:
    return [worklist_row(item) for item in worklist_items(**filters)]


def worklist_render(rows: list[dict], format: str) -> str:
    """The rows as a JSON list or as CSV with the ``WORKLIST_KEYS`` columns."""
    if format == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=WORKLIST_KEYS)
    writer.writeheader()
    for row in rows:
        writer.writerow(
            {key: spreadsheet_safe(value) for key, value in row.items()}
            | {"diagnoses": "; ".join(row["diagnoses"])}
        )
    return buffer.getvalue()


def spreadsheet_safe(value):
    """Text a spreadsheet would run as a formula (a title like "=HYPERLINK(…)") is
    written with a leading apostrophe, so it opens as text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
