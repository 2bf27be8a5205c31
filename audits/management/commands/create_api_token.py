from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.models import ApiToken, Bot


class Command(BaseCommand):
    help = "Create an API token for a bot; the token is printed once and stored hashed."

    def add_arguments(self, parser):
        parser.add_argument("bot", help="bot slug")
        parser.add_argument("--name", default="", help="what the token is for")

    def handle(self, *args, bot: str, name: str, **options):
        target = Bot.objects.filter(slug=bot).first()
        if target is None:
            raise CommandError(
                f"no bot {bot!r}; import its interactions first or create it in the admin"
            )
        _, raw = ApiToken.issue(bot=target, name=name)
        self.stdout.write(raw)
