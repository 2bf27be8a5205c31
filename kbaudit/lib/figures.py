"""Plotly figures as data blocks that one static script draws (no inline script).

``fig.to_html(include_plotlyjs=False, full_html=False)`` emits an inline ``<script>``
calling ``Plotly.newPlot``, which a Content-Security-Policy without ``'unsafe-inline'``
blocks. The figure's JSON goes into a ``<script type="application/json">`` block instead
(data, never run), and ``static/js/kbaudit.js`` draws every such block on the page.
"""

from __future__ import annotations

import plotly.io as pio
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

# Characters that could end the data block or start markup inside it.
_JSON_ESCAPES = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    0x2028: "\\u2028",
    0x2029: "\\u2029",
}


def figure_html(figure, *, config: dict) -> SafeString:
    """A plotly figure (a dict or a graph object) as a data block for kbaudit.js."""
    figure_json = pio.to_json(figure, validate=False) if isinstance(figure, dict) else None
    if figure_json is None:
        figure_json = figure.to_json()
    config_json = pio.to_json(config, validate=False)
    payload = f'{{"figure":{figure_json},"config":{config_json}}}'.translate(_JSON_ESCAPES)
    return format_html(
        '<div class="chart" data-plotly><script type="application/json">{}</script></div>',
        mark_safe(payload),  # escaped above for a script data block
    )
