from __future__ import annotations

from django import forms

from audits.models import Bot


class ThresholdsForm(forms.ModelForm):
    """A bot's per-metric thresholds (editors only)."""

    class Meta:
        model = Bot
        fields = [
            "threshold_source_precision",
            "threshold_source_query_coverage",
            "threshold_response_precision",
            "threshold_response_query_coverage",
            "threshold_groundedness",
            "threshold_self_distinctness",
            "relevance_threshold",
        ]
        labels = {
            "threshold_source_precision": "Source precision",
            "threshold_source_query_coverage": "Source query coverage",
            "threshold_response_precision": "Response precision",
            "threshold_response_query_coverage": "Response query coverage",
            "threshold_groundedness": "Groundedness",
            "threshold_self_distinctness": "Self-distinctness",
            "relevance_threshold": "Retrieval relevance",
        }
        widgets = {
            name: forms.NumberInput(attrs={"step": "0.05", "min": 0, "max": 1}) for name in fields
        }
