from __future__ import annotations

from django.core.management.base import BaseCommand

from content.models import ReviewItem
from content.review.worklist import worklist_render, worklist_rows


class Command(BaseCommand):
    help = (
        "List the review items (open and in progress unless --status says otherwise), "
        "highest priority first."
    )

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        parser.add_argument("-o", "--output", default="-", help="file path (default: stdout)")
        parser.add_argument("--bot", help="only this bot")
        parser.add_argument("--reason", help="only this reason, e.g. content_gap")
        parser.add_argument("--topic", help="only items of this topic, e.g. returns")
        parser.add_argument(
            "--status",
            choices=["active", "all", *ReviewItem.Status.values],
            default="active",
            help="active (open and in progress, the default), all, or one status",
        )

    def handle(self, *args, format: str, output: str, **options):
        filters = {key: options[key] for key in ("bot", "reason", "topic", "status")}
        text = worklist_render(worklist_rows(**filters), format)
        if output == "-":
            self.stdout.write(text, ending="")
        else:
            with open(output, "w", newline="", encoding="utf-8") as out:
                out.write(text)
            self.stderr.write(f"wrote {output}")
