"""Plotly figures for the run comparison page, rendered as HTML fragments."""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from audits.judges.base import METRIC_LABELS, METRICS
from audits.offline_runs.comparison import RunComparison
from kbaudit.lib.figures import figure_html

CONFIG = {"displayModeBar": False, "responsive": True}
BASELINE_COLOUR, CANDIDATE_COLOUR = "#8a94a6", "#2f5bd3"


def comparison_distributions(comparison: RunComparison) -> str:
    """One panel per metric: the paired answers' values, baseline and candidate overlaid,
    with the threshold as a dashed line."""
    figure = make_subplots(
        rows=2,
        cols=3,
        subplot_titles=[METRIC_LABELS[m][1] for m in METRICS],
        horizontal_spacing=0.06,
        vertical_spacing=0.16,
    )
    for index, metric in enumerate(METRICS):
        row, col = index // 3 + 1, index % 3 + 1
        baseline, candidate = comparison.values(metric)
        for name, values, colour in (
            ("baseline", baseline, BASELINE_COLOUR),
            ("candidate", candidate, CANDIDATE_COLOUR),
        ):
            figure.add_trace(
                go.Histogram(
                    x=values,
                    name=name,
                    legendgroup=name,
                    showlegend=index == 0,
                    opacity=0.6,
                    marker_color=colour,
                    xbins={"start": 0, "end": 1.0001, "size": 0.1},
                    hovertemplate=f"{name}: %{{y}} answers in %{{x}}<extra></extra>",
                ),
                row=row,
                col=col,
            )
        figure.add_vline(
            x=comparison.thresholds[metric],
            line_dash="dash",
            line_color="#c0392b",
            row=row,
            col=col,
        )
    # The last bin holds the 1.0s: [1.0, 1.1).
    figure.update_xaxes(range=[0, 1.1], tickvals=[0, 0.2, 0.4, 0.6, 0.8, 1.0])
    figure.update_layout(
        height=480,
        barmode="overlay",
        legend={"orientation": "h", "y": 1.12},
        margin={"l": 40, "r": 10, "t": 60, "b": 30},
        font={"family": "system-ui, sans-serif", "size": 12},
        plot_bgcolor="#fff",
        paper_bgcolor="#fff",
    )
    figure.update_annotations(font_size=11)
    return figure_html(figure, config=CONFIG)
