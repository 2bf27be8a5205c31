"""Removing a forgotten conversation's words from what the content side keeps.

Review items' evidence, their history, the rewrite suggestions (the cached text of the
briefs: failing questions, sub-questions never answered, facts the bot misread) and the
knowledge-base findings' example interactions all may quote a conversation. Entries
that point at one of its interactions are dropped; any other text that quotes one of
its words is redacted (a whole line of a Markdown body, since a quotation may be
shortened there).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from content.models import ArticleFinding, ReviewItem, ReviewItemEvent, RewriteSuggestion

REDACTED = "[erased on request]"
# A shortened quotation is recognised by its start; shorter texts only when whole.
PREFIX = 40
# Keys that name an interaction in a JSON entry; a findings' example also by "id".
ID_KEYS = ("interaction", "interaction_id")
EXAMPLE_ID_KEYS = ("id", *ID_KEYS)


class Scrubber:
    def __init__(self, interaction_ids: Iterable[int], texts: Iterable[str]):
        self.ids = set(interaction_ids)
        self.id_keys = ID_KEYS
        whole = {" ".join(t.split()) for t in texts if t and t.strip()}
        self.whole = {t.casefold() for t in whole}
        self.quoted = {t[:PREFIX].casefold() for t in whole if len(t) >= 12}

    def quotes(self, text: str) -> bool:
        folded = " ".join(text.split()).casefold()
        return folded in self.whole or any(needle in folded for needle in self.quoted)

    def value(self, value: Any) -> Any:
        """``value`` (JSON) without entries about the interactions or quoting them."""
        if isinstance(value, str):
            return REDACTED if self.quotes(value) else value
        if isinstance(value, list):
            return [self.value(v) for v in value if not self._about_interaction(v)]
        if isinstance(value, dict):
            return {k: self.value(v) for k, v in value.items()}
        return value

    def _about_interaction(self, value: Any) -> bool:
        return isinstance(value, dict) and any(
            type(value.get(key)) is int and value[key] in self.ids for key in self.id_keys
        )

    def markdown(self, body: str) -> str:
        return "\n".join(REDACTED if self.quotes(line) else line for line in body.split("\n"))


@transaction.atomic
def forgotten_text_scrub(*, bot_id: int, interaction_ids: list[int], texts: list[str]) -> int:
    """Rows changed: review items, events, suggestions and findings."""
    scrub = Scrubber(interaction_ids, texts)
    changed = _json_rows(
        ReviewItem.objects.filter(bot_id=bot_id).exclude(evidence={}), "evidence", scrub
    )
    changed += _json_rows(
        ReviewItemEvent.objects.filter(item__bot_id=bot_id).exclude(detail={}), "detail", scrub
    )
    changed += _json_rows(ArticleFinding.objects.exclude(details={}), "details", scrub)
    scrub.id_keys = EXAMPLE_ID_KEYS
    changed += _json_rows(
        ArticleFinding.objects.exclude(example_interactions=[]), "example_interactions", scrub
    )
    for suggestion in RewriteSuggestion.objects.filter(item__bot_id=bot_id):
        body, generated = scrub.markdown(suggestion.body), scrub.markdown(suggestion.generated_body)
        if (body, generated) != (suggestion.body, suggestion.generated_body):
            suggestion.body, suggestion.generated_body = body, generated
            suggestion.save(update_fields=["body", "generated_body"])
            changed += 1
    return changed


def _json_rows(queryset, field: str, scrub: Scrubber) -> int:
    changed = []
    for row in queryset.only("pk", field).iterator(chunk_size=500):
        before = getattr(row, field)
        after = scrub.value(before)
        if after != before:
            setattr(row, field, after)
            changed.append(row)
    queryset.model.objects.bulk_update(changed, [field], batch_size=500)
    return len(changed)
