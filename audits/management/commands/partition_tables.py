from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from audits.partitions import MONTHS_AHEAD, layout_describe, tables_partition, tables_partitioned


class Command(BaseCommand):
    help = (
        "PostgreSQL: convert the interactions and their sources into monthly partitions, "
        "keeping every row (offline: the tables are locked while they are copied). Says so "
        "when they are partitioned already; --check prints the layout."
    )

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="print the layout and stop")
        parser.add_argument(
            "--months-ahead",
            type=int,
            default=MONTHS_AHEAD,
            help=f"months after this one to create partitions for (default {MONTHS_AHEAD})",
        )

    def handle(self, *args, check: bool, months_ahead: int, **options):
        if connection.vendor != "postgresql":
            raise CommandError("partitioning needs PostgreSQL; this database stays as it is")
        if check:
            for line in layout_describe().lines():
                self.stdout.write(line)
            return
        if tables_partitioned():
            self.stdout.write("already partitioned by month (partition_tables --check shows how)")
            return
        started = time.monotonic()
        tables_partition(months_ahead=months_ahead)
        self.stdout.write(
            f"partitioned the interactions and their sources by month in "
            f"{time.monotonic() - started:.1f} s"
        )
