"""The weekly digest's settings page, and the unsubscribe link that needs no login."""

from __future__ import annotations

from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from audits.models import Bot
from content.digest.services import (
    WEEKDAYS,
    UnsubscribeTokenExpired,
    subscription_save,
    unsubscribe_user,
)
from content.models import DigestSubscription


def _zones() -> list[tuple[str, str]]:
    zones = sorted(z for z in available_timezones() if "/" in z or z == "UTC")
    return [(zone, zone.replace("_", " ")) for zone in zones]


class DigestSettingsForm(forms.ModelForm):
    weekday = forms.TypedChoiceField(coerce=int, choices=list(enumerate(WEEKDAYS)))
    hour = forms.TypedChoiceField(coerce=int, choices=[(h, f"{h:02d}:00") for h in range(24)])
    time_zone = forms.ChoiceField(choices=_zones)
    bots = forms.ModelMultipleChoiceField(
        queryset=Bot.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="None ticked: every bot you can see.",
    )

    class Meta:
        model = DigestSubscription
        fields = ["enabled", "weekday", "hour", "time_zone", "bots"]
        labels = {"enabled": "Send me the weekly digest"}

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bots"].queryset = Bot.objects.visible_to(user)


@require_http_methods(["GET", "POST"])
def digest_settings(request):
    subscription = DigestSubscription.objects.filter(user=request.user).first()
    if subscription is None:
        subscription = DigestSubscription(user=request.user)
    form = DigestSettingsForm(request.POST or None, instance=subscription, user=request.user)
    if request.method == "POST" and form.is_valid():
        subscription = form.save(commit=False)
        subscription_save(subscription=subscription)
        form.save_m2m()
        messages.success(
            request,
            "Digest settings saved." if subscription.enabled else "You will get no digest.",
        )
        return redirect("content:digest_settings")
    context = {"form": form, "subscription": subscription}
    return render(request, "content/digest_settings.html", context)


@login_not_required
@csrf_exempt  # mail clients post the one-click unsubscribe (RFC 8058) with no token
@require_http_methods(["GET", "POST"])
def digest_unsubscribe(request, token: str):
    """GET asks to confirm (link scanners follow links); POST unsubscribes, no login."""
    try:
        user = unsubscribe_user(token)
    except UnsubscribeTokenExpired:
        return render(
            request,
            "content/digest_unsubscribe.html",
            {"expired": True, "max_age_days": settings.KBAUDIT_UNSUBSCRIBE_MAX_AGE_DAYS},
            status=400,
        )
    if user is None:
        return render(request, "content/digest_unsubscribe.html", {"invalid": True}, status=400)
    done = request.method == "POST"
    if done:
        DigestSubscription.objects.filter(user=user).update(enabled=False, next_send_at=None)
    # The address is not shown: whoever holds a forwarded digest holds the link too.
    context = {"done": done, "token": token}
    return render(request, "content/digest_unsubscribe.html", context)
