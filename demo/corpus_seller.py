"""The marketplace sellers' help centre, behind the ``seller-help`` bot.

*Payouts* explains the weekly schedule but not whether faster payouts exist, which is what
sellers keep asking in the busy season.

Entries are ``(id, title, Markdown body)``, read from ``data/articles/seller/`` (one
Markdown file per article version); see ``articles.md`` for the wrapping rules.
"""

from __future__ import annotations

from demo.data import articles

ARTICLES: tuple[tuple[str, str, str], ...] = articles(
    "seller",
    "sel-fees",
    "sel-payouts",
    "sel-listings",
    "sel-shipping",
    "sel-returns",
    "sel-verification",
)

# The marketplace team's own "Returns policy": the same id as the help centre's
# (``kb-returns``), another article in another knowledge base.
SHARED_ID_ARTICLES: tuple[tuple[str, str, str], ...] = articles(
    "seller",
    "marketplace-kb-returns",
)
