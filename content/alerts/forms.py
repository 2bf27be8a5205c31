from __future__ import annotations

from django import forms

from audits.judges.base import METRICS
from audits.models import Bot
from content.models import AlertDestination, AlertRule


class AlertRuleForm(forms.ModelForm):
    metric = forms.ChoiceField(
        choices=[("", "—")] + [(m, m.replace("_", " ")) for m in METRICS], required=False
    )

    class Meta:
        model = AlertRule
        fields = ["bot", "kind", "metric", "window_hours", "min_sample", "points", "min_priority"]

    def __init__(self, *args, team, **kwargs):
        super().__init__(*args, **kwargs)
        self.team = team
        self.fields["bot"].queryset = Bot.objects.filter(team=team)
        self.fields["bot"].empty_label = "Every bot of the team"
        self.fields["destinations"] = forms.ModelMultipleChoiceField(
            queryset=AlertDestination.objects.filter(team=team), required=False
        )

    def clean(self):
        data = super().clean()
        if data.get("kind") == AlertRule.Kind.METRIC_BELOW and not data.get("metric"):
            self.add_error("metric", "Choose the metric this rule watches.")
        return data


class AlertDestinationForm(forms.Form):
    kind = forms.ChoiceField(choices=AlertDestination.Kind.choices)
    name = forms.CharField(max_length=100)
    emails = forms.CharField(
        required=False,
        help_text="Email: addresses separated by commas; empty for the team's editors.",
    )
    url = forms.URLField(required=False, assume_scheme="https", help_text="Webhooks: the URL.")

    def clean(self):
        data = super().clean()
        kind, url = data.get("kind"), data.get("url") or ""
        webhook = kind in (AlertDestination.Kind.SLACK, AlertDestination.Kind.WEBHOOK)
        if webhook and not url.startswith(("https://", "http://")):
            self.add_error("url", "A webhook needs an http(s) URL.")
        if kind == AlertDestination.Kind.EMAIL:
            for address in filter(None, (e.strip() for e in data.get("emails", "").split(","))):
                try:
                    forms.EmailField().clean(address)
                except forms.ValidationError:
                    self.add_error("emails", f"{address!r} is not an email address.")
        return data
