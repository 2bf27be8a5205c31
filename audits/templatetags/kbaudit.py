"""Small display filters shared by every page."""

from __future__ import annotations

import math

from django import template

from kbaudit.lib.markdown import render_markdown
from kbaudit.lib.thresholds import below
from kbaudit.lib.urls import web_url_or_empty

register = template.Library()


@register.filter
def percent(value, digits: int = 0) -> str:
    """0.251 → "25%"; None → "—"."""
    if value is None or value == "":
        return "—"
    return f"{float(value) * 100:.{int(digits)}f}%"


@register.filter
def change(value) -> str:
    """A relative change: 0.12 → "+12%", -0.5 → "−50%"; None → "—"."""
    if value is None:
        return "—"
    sign = "+" if value > 0 else "−" if value < 0 else "±"
    return f"{sign}{abs(value) * 100:.0f}%"


@register.filter
def metric(value) -> str:
    """Two decimals, cut rather than rounded: 0.7955 against a 0.8 threshold shows 0.79."""
    if value is None:
        return "—"
    return f"{math.floor(float(value) * 100 + 1e-9) / 100:.2f}"


@register.filter
def share(obj, name: str):
    """``overview|share:"unasked_3plus"`` → obj.share(name)."""
    return obj.share(name)


@register.filter
def get(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter(name="mean")
def mean_of(row, metric_name: str):
    """``row|mean:"groundedness"`` for anything with a ``mean(metric)`` method."""
    return row.mean(metric_name)


@register.filter
def mean_below(row, metric_name: str) -> bool:
    value = row.mean(metric_name)
    return below(value, row.threshold(metric_name))


@register.filter
def markdown(text: str):
    """Render Markdown from an untrusted source, sanitised (see kbaudit.lib.markdown)."""
    return render_markdown(text)


@register.filter
def words(key: str) -> str:
    """``condition_misapplied`` → "condition misapplied"."""
    return str(key or "").replace("_", " ")


@register.filter
def rate(report, name: str):
    """``report|rate:"declined"`` → report.rate(name)."""
    return report.rate(name)


@register.filter
def web_url(url: str) -> str:
    """The URL when it is http(s) or relative, else "": every untrusted href goes
    through it, so a ``javascript:`` link stored before the import checked never renders."""
    return web_url_or_empty(str(url or ""))
