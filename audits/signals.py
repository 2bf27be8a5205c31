"""Signals other apps listen to, so that audits never depends on them."""

from __future__ import annotations

from django.dispatch import Signal

# Sent inside the import transaction of each chunk.
# article_refs: {(bot id, article key): (title, url)} first seen in this import;
# bot_ids: the bots the chunk wrote to.
interactions_imported = Signal()

# Sent after evaluations are written (sweep, regrade): evaluation_ids, bot_ids, days.
evaluations_written = Signal()

# Sent when a trace names retrieved documents without their text: bot, keys (article
# ids). A receiver returns {key: text} from the bot's knowledge base.
source_texts_wanted = Signal()

# Sent inside the transaction that erased a conversation's text (retention.erasure):
# bot_id, interaction_ids, and texts — the erased queries, answers, sub-questions and
# facts — so that other apps remove the copies they keep (evidence, suggestions).
conversation_forgotten = Signal()
