"""Help-centre articles about returns, exchanges and refunds.

This corner of the help centre is where the demo's content problems live:

- *Returns policy* gives 30 days, 45 days only for a wrong item, and says nothing about
  restocking fees, the question customers keep asking (the content gap);
- *How to return an item* restates the policy's return window almost word for word, so
  the retriever keeps returning both (the near-duplicate pair);
- *Exchanges* says 45 days and *Exchange questions answered* says 30 days for the same
  thing, with no condition telling them apart (the contradiction);
- *Holiday returns* extends the window for purchases made 1 November-24 December, a
  legitimate condition that must not be read as a contradiction;
- *Newsletter and marketing emails* shares words with returns questions and gets
  retrieved for them;
- *Returns in brief* restates the policy's return window in other words (a near-duplicate
  only a comparison by meaning finds).

Entries are ``(id, title, Markdown body)``, read from ``data/articles/returns/`` (one
Markdown file per article version); see ``articles.md`` for the wrapping rules.
"""

from __future__ import annotations

from demo.data import article, articles

ARTICLES: tuple[tuple[str, str, str], ...] = articles(
    "returns",
    "kb-returns",
    "kb-return-howto",
    "kb-holiday-returns",
    "kb-exchanges",
    "kb-exchange-faq",
    "kb-refund-timing",
    "kb-wrong-item",
    "kb-damaged",
    "kb-newsletter",
    # A short page that restates the policy's return window in other words: few words in
    # common, the same rule (the scan's near-duplicate by meaning).
    "kb-returns-summary",
)

# The October rewrite: the wrong-item exception gets its own section and return shipping
# is explained, but restocking fees are still not mentioned, so the gap stays open.
REWRITES: tuple[tuple[str, str, str], ...] = articles("returns", "kb-returns.v2")

RETURNS_POLICY = article("returns/kb-returns")[2]
