from __future__ import annotations

import csv
import io
import json

from django.core.management.base import BaseCommand

from content.worklist import WORKLIST_KEYS, worklist_rows


class Command(BaseCommand):
    help = "List the open review items (open and in progress), highest priority first."

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        parser.add_argument("-o", "--output", default="-", help="file path (default: stdout)")
        parser.add_argument("--bot", help="only this bot")
        parser.add_argument("--reason", help="only this reason, e.g. content_gap")

    def handle(
        self, *args, format: str, output: str, bot: str | None, reason: str | None, **options
    ):
        text = render(worklist_rows(bot=bot, reason=reason), format)
        if output == "-":
            self.stdout.write(text, ending="")
        else:
            with open(output, "w", newline="", encoding="utf-8") as out:
                out.write(text)
            self.stderr.write(f"wrote {output}")


def render(rows: list[dict], format: str) -> str:
    if format == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=WORKLIST_KEYS)
    writer.writeheader()
    for row in rows:
        writer.writerow({**row, "diagnoses": "; ".join(row["diagnoses"])})
    return buffer.getvalue()
