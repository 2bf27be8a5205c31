from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from audits.models import Bot
from audits.retention.services import ConversationNotFound, conversation_forget


class Command(BaseCommand):
    help = (
        "Erase the text of one conversation everywhere kbaudit keeps it (a data subject's "
        "erasure request): queries, answers, retrieved chunks, the judge's working and cache, "
        "review evidence and suggestions. Grades and counts stay, without text."
    )

    def add_arguments(self, parser):
        parser.add_argument("bot", help="the bot's slug")
        parser.add_argument("conversation_id", help="the conversation_id of the log")

    def handle(self, *args, bot: str, conversation_id: str, **options):
        owner = Bot.objects.filter(slug=bot).first()
        if owner is None:
            raise CommandError(f"no bot {bot!r}")
        try:
            summary = conversation_forget(bot=owner, conversation_external_id=conversation_id)
        except ConversationNotFound as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"erased conversation {conversation_id} of {bot}: {summary.interactions} "
            f"interactions, {summary.sources} sources, {summary.evaluations} evaluations, "
            f"{summary.cache_entries} judge cache entries"
        )
