"""A Zendesk Help Center articles export read as article records.

The export is the Help Center API's ``GET /api/v2/help_center/articles.json`` answer —
``{"articles": [{"id", "title", "html_url", "body", "updated_at", "locale", "draft"}, …]}``
— one such page, a JSON array of pages, or JSON lines of pages. Bodies are HTML and are
sanitised with nh3 (scripts, styles, event handlers and non-http links removed). Drafts
are left out and counted. Article ids are Zendesk's; when the export holds several
locales and no ``locale`` is chosen, each id gains its locale (``360001-fr``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nh3
import orjson

from audits.ingest.records import RecordError

LINK_SCHEMES = {"http", "https", "mailto"}


@dataclass
class ExportRead:
    drafts: list[str] = field(default_factory=list)
    other_locales: int = 0


def zendesk_rows(path: Path, *, locale: str | None, read: ExportRead) -> Iterator[tuple[int, Any]]:
    articles = list(_articles(path))
    locales = {str(a.get("locale") or "") for _, a in articles if isinstance(a, dict)}
    suffix_locale = locale is None and len(locales) > 1
    for number, article in articles:
        if not isinstance(article, dict):
            yield number, RecordError(f"articles[{number - 1}]: must be an object")
            continue
        if locale is not None and article.get("locale") != locale:
            read.other_locales += 1
            continue
        if article.get("draft") is True:
            read.drafts.append(str(article.get("id")))
            continue
        yield number, _record(article, suffix_locale)


def _articles(path: Path) -> Iterator[tuple[int, Any]]:
    """Every article of the export, numbered from 1 in file order."""
    raw = path.read_bytes()
    try:
        pages = [orjson.loads(raw)]
    except orjson.JSONDecodeError:
        try:
            pages = [orjson.loads(line) for line in raw.splitlines() if line.strip()]
        except orjson.JSONDecodeError as exc:
            raise RecordError(f"{path.name}: not JSON nor JSON lines ({exc.msg})") from None
    if len(pages) == 1 and isinstance(pages[0], list):
        pages = pages[0]
    number = 0
    for page in pages:
        if not isinstance(page, dict) or not isinstance(page.get("articles"), list):
            raise RecordError(f"{path.name}: expected {{'articles': [...]}} pages")
        for article in page["articles"]:
            number += 1
            yield number, article


def _record(article: dict, suffix_locale: bool) -> dict | RecordError:
    identifier = article.get("id")
    if identifier in (None, ""):
        return RecordError("id: missing")
    article_id = str(identifier)
    if suffix_locale and article.get("locale"):
        article_id = f"{article_id}-{article['locale']}"
    body = article.get("body")
    if body is not None and not isinstance(body, str):
        return RecordError(f"article {article_id}: body must be a string")
    return {
        "id": article_id,
        "title": article.get("title") or "",
        "url": article.get("html_url") or "",
        "body": sanitised_html(body or ""),
        "updated_at": article.get("updated_at") or article.get("edited_at"),
    }


def sanitised_html(html: str) -> str:
    return nh3.clean(html, url_schemes=LINK_SCHEMES, link_rel="noopener noreferrer").strip()
