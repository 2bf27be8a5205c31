"""The Brightcart help centre: article type, Markdown helpers and the assembled corpus.

The prose itself lives in the ``corpus_*`` modules, one per area of the help centre. This
module stitches them together and knows how a body is cut into the chunks the chatbot's
retriever returns, so that every ``sources[].text`` in the demo log is a verbatim slice of
the article version that was live when the question was asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from demo import corpus_money, corpus_orders, corpus_products, corpus_returns, corpus_seller

STORE_BOT = "store-help"
SELLER_BOT = "seller-help"
STORE_HELP_URL = "https://help.brightcart.example/articles/"
SELLER_HELP_URL = "https://sellers.brightcart.example/help/"

_BLOCK_START = re.compile(r"^(?:[-*] |\| |#|\d+\. )")


@dataclass(frozen=True)
class Article:
    id: str
    title: str
    body: str
    bot: str = STORE_BOT

    @property
    def url(self) -> str:
        base = SELLER_HELP_URL if self.bot == SELLER_BOT else STORE_HELP_URL
        return base + self.id.split("-", 1)[1]


def md(text: str) -> str:
    """Turn hand-wrapped Markdown into one line per paragraph or list item.

    The corpus is written wrapped for reading in an editor; the exported bodies keep each
    paragraph on one line so that a quotation in an answer is a plain substring of the
    source and never straddles a soft line break.
    """
    blocks = []
    for raw in _dedent(text).strip().split("\n\n"):
        lines: list[str] = []
        for line in raw.splitlines():
            stripped = line.strip()
            if lines and not _BLOCK_START.match(stripped):
                lines[-1] = f"{lines[-1]} {stripped}"
            else:
                lines.append(stripped)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _dedent(text: str) -> str:
    lines = text.splitlines()
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return "\n".join(line[cut:] for line in lines)


def chunks(body: str) -> list[str]:
    """Cut a body at its second-level headings, as the demo retriever indexes it."""
    return [part.strip() for part in re.split(r"\n\n(?=## )", body) if part.strip()]


def chunk_with(body: str, anchor: str) -> str:
    """The first chunk of ``body`` that contains ``anchor``."""
    for chunk in chunks(body):
        if anchor in chunk:
            return chunk
    raise KeyError(f"no chunk contains {anchor!r}")


def word_count(body: str) -> int:
    return len(re.findall(r"[\w€$£'’]+", body))


ARTICLES: tuple[Article, ...] = tuple(
    Article(id=key, title=title, body=md(body), bot=bot)
    for module, bot in (
        (corpus_returns, STORE_BOT),
        (corpus_orders, STORE_BOT),
        (corpus_money, STORE_BOT),
        (corpus_products, STORE_BOT),
        (corpus_seller, SELLER_BOT),
    )
    for key, title, body in module.ARTICLES
)

# Second versions published a few weeks before the end of the log (see generate.py).
REWRITES: tuple[Article, ...] = tuple(
    Article(id=key, title=title, body=md(body))
    for module in (corpus_returns, corpus_orders, corpus_products)
    for key, title, body in module.REWRITES
)

# Articles the retriever still indexes although they are gone from the help-centre export.
STUBS: tuple[Article, ...] = tuple(
    Article(id=key, title=title, body=md(body)) for key, title, body in corpus_orders.STUBS
)

BY_ID: dict[str, Article] = {article.id: article for article in ARTICLES + STUBS}
REWRITE_BY_ID: dict[str, Article] = {article.id: article for article in REWRITES}


def article_ids(bot: str) -> list[str]:
    return [article.id for article in ARTICLES if article.bot == bot]
