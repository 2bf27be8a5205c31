"""Signals other apps listen to, so that audits never depends on them."""

from __future__ import annotations

from django.dispatch import Signal

# Sent inside the import transaction of each chunk.
# article_refs: {article key: (title, url)} first seen in this import;
# bot_ids: the bots the chunk wrote to.
interactions_imported = Signal()

# Sent after evaluations are written (sweep, regrade): evaluation_ids, bot_ids, days.
evaluations_written = Signal()

# Sent inside the transaction that erased a conversation's text (retention.erasure):
# bot_id, interaction_ids, and texts — the erased queries, answers, sub-questions and
# facts — so that other apps remove the copies they keep (evidence, suggestions).
conversation_forgotten = Signal()
