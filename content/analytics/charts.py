"""Plotly figures built in Python and rendered as HTML fragments (no per-page JavaScript).

Figures are plain dicts in plotly's JSON schema, rendered without validation: the
graph_objects layer validates every property in Python, which costs a page more time
than all of its queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from audits.judges.base import METRIC_LABELS, METRICS
from kbaudit.lib.figures import figure_html

CONFIG = {"displayModeBar": False, "responsive": True}
COLOURS = ("#2f5bd3", "#17804a", "#b7791f", "#7b3fb5", "#c0392b", "#0f7c8c")
SERIES_COLOURS = {"insufficient": "#c0392b", "thumbs-down": "#b7791f"}
THRESHOLD_LINE = {"dash": "dash", "color": "#c0392b", "width": 1.5}
BASE_LAYOUT = {
    "margin": {"l": 40, "r": 10, "t": 30, "b": 30},
    "font": {"family": "system-ui, sans-serif", "size": 12},
    "plot_bgcolor": "#fff",
    "paper_bgcolor": "#fff",
}


def to_html(data: list[dict], layout: dict) -> str:
    figure = {"data": data, "layout": {**BASE_LAYOUT, **layout}}
    return figure_html(figure, config=CONFIG)


def _days(days: Sequence[date]) -> list[str]:
    return [day.isoformat() for day in days]


def _axis(index: int) -> str:
    return "" if index == 0 else str(index + 1)


def metric_trends(
    days: Sequence[date], means: dict[str, Sequence[float | None]], thresholds: dict[str, float]
) -> str:
    """One small chart per metric, each with its threshold as a dashed line."""
    x = _days(days)
    data, shapes, annotations = [], [], []
    for index, metric in enumerate(METRICS):
        axis = _axis(index)
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers",
                "x": x,
                "y": list(means[metric]),
                "name": METRIC_LABELS[metric][0],
                "line": {"color": COLOURS[index]},
                "xaxis": f"x{axis}",
                "yaxis": f"y{axis}",
            }
        )
        shapes.append(
            {
                "type": "line",
                "xref": f"x{axis} domain",
                "x0": 0,
                "x1": 1,
                "yref": f"y{axis}",
                "y0": thresholds[metric],
                "y1": thresholds[metric],
                "line": THRESHOLD_LINE,
            }
        )
        annotations.append(
            {
                "text": METRIC_LABELS[metric][1],
                "xref": f"x{axis} domain",
                "yref": f"y{axis} domain",
                "x": 0.5,
                "y": 1.12,
                "showarrow": False,
                "font": {"size": 11},
            }
        )
    layout = {
        "grid": {"rows": 2, "columns": 3, "pattern": "independent"},
        "height": 440,
        "showlegend": False,
        "shapes": shapes,
        "annotations": annotations,
        **{f"yaxis{_axis(i)}": {"range": [0, 1.05]} for i in range(len(METRICS))},
    }
    return to_html(data, layout)


def traffic(days: Sequence[date], series: dict[str, Sequence[int]], title: str = "") -> str:
    data = [
        {
            "type": "bar",
            "x": _days(days),
            "y": list(values),
            "name": name,
            "marker": {"color": SERIES_COLOURS.get(name, COLOURS[0])},
        }
        for name, values in series.items()
    ]
    layout = {"height": 260, "barmode": "overlay", "legend": {"orientation": "h"}}
    if title:
        layout["title"] = {"text": title}
    return to_html(data, layout)


def causes(counts: dict[str, int]) -> str:
    labels = [label for label, count in counts.items() if count]
    data = [
        {
            "type": "bar",
            "orientation": "h",
            "x": [counts[label] for label in labels],
            "y": labels,
            "marker": {"color": "#c0392b"},
        }
    ]
    layout = {
        "height": 60 + 28 * max(1, len(labels)),
        "yaxis": {"autorange": "reversed"},
        "margin": {**BASE_LAYOUT["margin"], "l": 110},
    }
    return to_html(data, layout)


def rates(days: Sequence[date], series: dict[str, Sequence[float | None]]) -> str:
    """Shares over time, one line each, as percentages."""
    data = [
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": _days(days),
            "y": list(values),
            "name": name,
            "line": {"color": COLOURS[index]},
        }
        for index, (name, values) in enumerate(series.items())
    ]
    layout = {
        "height": 280,
        "yaxis": {"tickformat": ".0%", "rangemode": "tozero"},
        "legend": {"orientation": "h"},
    }
    return to_html(data, layout)
