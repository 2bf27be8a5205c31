"""Help-centre articles about delivery, tracking and changing orders.

*Shipping options and delivery times* is rewritten in October: the first version only says
that costs are "shown at checkout", so questions about the price of express delivery got
half an answer; the second version adds a cost table and the answers recover.

Entries are ``(id, title, Markdown body)``, read from ``data/articles/orders/`` (one
Markdown file per article version); see ``articles.md`` for the wrapping rules.
"""

from __future__ import annotations

from demo.data import articles

ARTICLES: tuple[tuple[str, str, str], ...] = articles(
    "orders",
    "kb-shipping",
    "kb-intl-shipping",
    "kb-tracking",
    "kb-cancel-order",
    "kb-missing-package",
    "kb-large-delivery",
    "kb-store-pickup",
    "kb-contact",
)

REWRITES: tuple[tuple[str, str, str], ...] = articles(
    "orders",
    "kb-shipping.v2",
)

# Indexed by the chatbot's retriever but missing from the help-centre export: the importer
# creates stubs for it from the title and URL found in the log.
STUBS: tuple[tuple[str, str, str], ...] = articles(
    "orders",
    "kb-gift-wrapping",
)
