"""Markdown (or HTML) from untrusted sources, rendered and then sanitised with nh3."""

from __future__ import annotations

import markdown as markdown_lib
import nh3
from django.utils.safestring import SafeString, mark_safe

ALLOWED_TAGS = {
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em",
    "b", "i", "code", "pre", "blockquote", "a", "table", "thead", "tbody", "tr", "th", "td",
    "del", "sup", "sub", "mark",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "th": {"align"}, "td": {"align"}}


def render_markdown(text: str) -> SafeString:
    """Article bodies and suggestions: scripts, event handlers and styles never survive."""
    html = markdown_lib.markdown(text or "", extensions=["tables", "sane_lists"])
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
    return mark_safe(clean)  # noqa: S308 - sanitised by nh3 just above
