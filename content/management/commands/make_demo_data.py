from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

from demo.setup import DEMO_DIR, DEMO_PASSWORD, USERS, demo_setup


class Command(BaseCommand):
    help = (
        "Generate the Brightcart demo help centre (about 40 articles, six months of chatbot "
        "logs with a planted case for every failure class) and import it with the import "
        "commands. Deterministic for a given seed; safe to run again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--out", type=Path, default=DEMO_DIR, help="where the files go")
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--n", type=int, default=5000, help="number of interactions")
        parser.add_argument(
            "--no-login",
            dest="login",
            action="store_false",
            help="do not print the demo logins (make run prints them once the server answers)",
        )

    def handle(self, *args, out: Path, seed: int, n: int, login: bool = True, **options):
        result = demo_setup(out_dir=out, seed=seed, n_interactions=n)
        self.stdout.write(result.output.rstrip())
        self.stdout.write(f"Demo files in {result.manifest.out_dir}")
        if not login:
            return
        people = ", ".join(f"{name} ({what})" for name, (_, _, what) in USERS.items())
        self.stdout.write(self.style.SUCCESS(f"Demo login: alice / {DEMO_PASSWORD}"))
        self.stdout.write(f"Also: {people}; same password.")
