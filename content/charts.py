"""Plotly figures built in Python and rendered as HTML fragments (no per-page JavaScript)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from audits.judges.base import METRIC_LABELS, METRICS

CONFIG = {"displayModeBar": False, "responsive": True}
COLOURS = ("#2f5bd3", "#17804a", "#b7791f", "#7b3fb5", "#c0392b", "#0f7c8c")


def to_html(figure: go.Figure) -> str:
    figure.update_layout(
        margin={"l": 40, "r": 10, "t": 30, "b": 30},
        font={"family": "system-ui, sans-serif", "size": 12},
        plot_bgcolor="#fff",
        paper_bgcolor="#fff",
    )
    return figure.to_html(include_plotlyjs=False, full_html=False, config=CONFIG)


def metric_trends(
    days: Sequence[date], means: dict[str, Sequence[float | None]], thresholds: dict[str, float]
) -> str:
    """One small chart per metric, each with its threshold as a dashed line."""
    figure = make_subplots(
        rows=2, cols=3, shared_xaxes=True, subplot_titles=[METRIC_LABELS[m][1] for m in METRICS]
    )
    for index, metric in enumerate(METRICS):
        row, col = index // 3 + 1, index % 3 + 1
        figure.add_trace(
            go.Scatter(
                x=list(days),
                y=list(means[metric]),
                mode="lines+markers",
                name=METRIC_LABELS[metric][0],
                line={"color": COLOURS[index]},
                connectgaps=False,
            ),
            row=row,
            col=col,
        )
        figure.add_hline(
            y=thresholds[metric], line_dash="dash", line_color="#c0392b", row=row, col=col
        )
    figure.update_yaxes(range=[0, 1.05])
    figure.update_layout(height=440, showlegend=False)
    figure.update_annotations(font_size=11)
    return to_html(figure)


def traffic(days: Sequence[date], series: dict[str, Sequence[int]], title: str = "") -> str:
    figure = go.Figure()
    for index, (name, values) in enumerate(series.items()):
        figure.add_trace(
            go.Bar(x=list(days), y=list(values), name=name, marker_color=COLOURS[index])
        )
    figure.update_layout(
        height=260, barmode="overlay", title=title or None, legend={"orientation": "h"}
    )
    return to_html(figure)


def causes(counts: dict[str, int]) -> str:
    labels = [label for label, count in counts.items() if count]
    figure = go.Figure(
        go.Bar(
            x=[counts[label] for label in labels],
            y=labels,
            orientation="h",
            marker_color="#c0392b",
        )
    )
    figure.update_layout(height=60 + 28 * max(1, len(labels)), yaxis={"autorange": "reversed"})
    return to_html(figure)


def distribution(values: dict[str, Sequence[float]], title: str = "") -> str:
    """Overlaid histograms, e.g. one metric for a baseline and a candidate."""
    figure = go.Figure()
    for index, (name, series) in enumerate(values.items()):
        figure.add_trace(
            go.Histogram(
                x=list(series),
                name=name,
                opacity=0.6,
                marker_color=COLOURS[index],
                xbins={"start": 0, "end": 1.0001, "size": 0.1},
            )
        )
    figure.update_layout(height=240, barmode="overlay", title=title or None)
    return to_html(figure)


def rates(days: Sequence[date], series: dict[str, Sequence[float | None]]) -> str:
    """Shares over time, one line each, as percentages."""
    figure = go.Figure()
    for index, (name, values) in enumerate(series.items()):
        figure.add_trace(
            go.Scatter(
                x=list(days),
                y=list(values),
                name=name,
                mode="lines+markers",
                line={"color": COLOURS[index]},
            )
        )
    figure.update_layout(
        height=280, yaxis={"tickformat": ".0%", "rangemode": "tozero"}, legend={"orientation": "h"}
    )
    return to_html(figure)
