from __future__ import annotations

import csv
import json
import sys

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
        rows = worklist_rows(bot=bot, reason=reason)
        out = sys.stdout if output == "-" else open(output, "w", newline="", encoding="utf-8")  # noqa: SIM115
        try:
            if format == "json":
                json.dump(rows, out, indent=2, ensure_ascii=False)
                out.write("\n")
            else:
                writer = csv.DictWriter(out, fieldnames=WORKLIST_KEYS)
                writer.writeheader()
                for row in rows:
                    writer.writerow({**row, "diagnoses": "; ".join(row["diagnoses"])})
        finally:
            if out is not sys.stdout:
                out.close()
