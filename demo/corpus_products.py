"""Help-centre articles about products, services and your account.

*Warranty* is rewritten in October: the first version only says that products carry the
manufacturer's warranty, so questions about how to make a claim went unanswered or got an
invented answer; the second version explains the cover, the claim and the repair times.

Entries are ``(id, title, Markdown body)``, read from ``data/articles/products/`` (one
Markdown file per article version); see ``articles.md`` for the wrapping rules.
"""

from __future__ import annotations

from demo.data import articles

ARTICLES: tuple[tuple[str, str, str], ...] = articles(
    "products",
    "kb-warranty",
    "kb-protection-plan",
    "kb-installation",
    "kb-trade-in",
    "kb-recycling",
    "kb-back-in-stock",
    "kb-password",
    "kb-privacy",
)

REWRITES: tuple[tuple[str, str, str], ...] = articles(
    "products",
    "kb-warranty.v2",
)
