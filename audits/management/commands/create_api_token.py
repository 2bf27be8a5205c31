from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.models import ApiToken, Bot, Team


class Command(BaseCommand):
    help = (
        "Create an API token for a bot; the token is printed once and stored hashed. With "
        "--team, a bot that does not exist yet is created in that team (and a team-less "
        "one joins it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("bot", help="bot slug")
        parser.add_argument("--name", default="", help="what the token is for")
        parser.add_argument(
            "--team", help="team (slug) of the bot when it has none (default: KBAUDIT_DEFAULT_TEAM)"
        )

    def handle(self, *args, bot: str, name: str, team: str | None = None, **options):
        try:
            owner = Team.for_new_bots(team)
        except Team.DoesNotExist as exc:
            raise CommandError(str(exc)) from exc
        target = Bot.objects.filter(slug=bot).first()
        if target is None and owner is None:
            raise CommandError(
                f"no bot {bot!r}; import its interactions first, create it in the admin, "
                "or name its team with --team"
            )
        if target is None:
            target = Bot.objects.create(slug=bot, name=bot, team=owner)
        elif target.team_id is None and owner is not None:
            target.team = owner
            target.save(update_fields=["team"])
        if target.team_id is None:
            self.stderr.write(
                f"bot {bot} has no team, so only admins see it; give it one with: "
                f"python manage.py create_api_token {bot} --team TEAM-SLUG"
            )
        _, raw = ApiToken.issue(bot=target, name=name)
        self.stdout.write(raw)
