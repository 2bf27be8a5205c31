"""Help-centre articles about paying, discounts and sales events.

Entries are ``(id, title, Markdown body)``, read from ``data/articles/money/`` (one
Markdown file per article version); see ``articles.md`` for the wrapping rules.
"""

from __future__ import annotations

from demo.data import articles

ARTICLES: tuple[tuple[str, str, str], ...] = articles(
    "money",
    "kb-payment",
    "kb-gift-cards",
    "kb-promo-codes",
    "kb-price-match",
    "kb-student-discount",
    "kb-financing",
    "kb-black-friday",
    "kb-plus",
    "kb-invoices",
)
