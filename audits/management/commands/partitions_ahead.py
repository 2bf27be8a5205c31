from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from audits.partitions import MONTHS_AHEAD, partitions_ahead, tables_partitioned


class Command(BaseCommand):
    help = (
        "PostgreSQL: create this month's and the next months' partitions (beat does it "
        "nightly), moving rows the default partition caught for them first."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--months",
            type=int,
            default=MONTHS_AHEAD,
            help=f"months after this one (default {MONTHS_AHEAD})",
        )

    def handle(self, *args, months: int, **options):
        if connection.vendor != "postgresql" or not tables_partitioned():
            raise CommandError("the tables are not partitioned (see partition_tables)")
        if months < 0:
            raise CommandError("--months: give 0 or more")
        created = partitions_ahead(months_ahead=months)
        self.stdout.write(
            f"created {', '.join(created)}" if created else "every partition exists already"
        )
