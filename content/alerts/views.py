"""The alert history (everyone, their teams' bots) and the rules and destinations (editors)."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from audits.models import Bot, Team
from content.alerts.forms import AlertDestinationForm, AlertRuleForm
from content.alerts.secrets import encrypt, new_signing_secret
from content.models import AlertDestination, AlertEpisode, AlertRule
from kbaudit.lib.roles import editor_required, is_admin


def teams_for_user(user):
    """The teams whose alerts the user may see and, as an editor, change."""
    return Team.objects.all() if is_admin(user) else Team.objects.filter(members=user)


@require_GET
def alert_history(request):
    episodes = AlertEpisode.objects.visible_to(request.user).select_related("rule", "bot")
    bot = request.GET.get("bot", "")
    state = request.GET.get("state", "")
    kind = request.GET.get("kind", "")
    if bot:
        episodes = episodes.filter(bot__slug=bot)
    if state in AlertEpisode.State.values:
        episodes = episodes.filter(state=state)
    if kind in AlertRule.Kind.values:
        episodes = episodes.filter(rule__kind=kind)
    page = Paginator(episodes, 50).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "bots": Bot.objects.visible_to(request.user),
        "filters": {"bot": bot, "state": state, "kind": kind},
        "states": AlertEpisode.State.choices,
        "kinds": AlertRule.Kind.choices,
    }
    template = "content/alerts.html#episodes" if request.htmx else "content/alerts.html"
    return render(request, template, context)


@require_GET
@editor_required
def alert_settings(request):
    return render(request, "content/alert_settings.html", _settings_context(request))


def _settings_context(request, **extra) -> dict:
    teams = list(teams_for_user(request.user))
    return {
        "teams": [
            {
                "team": team,
                "rules": AlertRule.objects.filter(team=team).prefetch_related("destinations"),
                "destinations": AlertDestination.objects.filter(team=team),
                "rule_form": extra.get("rule_forms", {}).get(team.pk) or AlertRuleForm(team=team),
                "destination_form": extra.get("destination_forms", {}).get(team.pk)
                or AlertDestinationForm(),
            }
            for team in teams
        ],
        "new_secret": extra.get("new_secret"),
    }


def _team(request, pk: int) -> Team:
    return get_object_or_404(teams_for_user(request.user), pk=pk)


@require_POST
@editor_required
def alert_rule_create(request, team_pk: int):
    team = _team(request, team_pk)
    form = AlertRuleForm(request.POST, team=team)
    if not form.is_valid():
        context = _settings_context(request, rule_forms={team.pk: form})
        return render(request, "content/alert_settings.html", context, status=400)
    rule = form.save(commit=False)
    rule.team = team
    rule.save()
    rule.destinations.set(form.cleaned_data["destinations"])
    messages.success(request, f"Rule added: {rule.describe()}.")
    return redirect("content:alert_settings")


@require_POST
@editor_required
def alert_rule_toggle(request, pk: int):
    rule = get_object_or_404(AlertRule.objects.filter(team__in=teams_for_user(request.user)), pk=pk)
    rule.enabled = not rule.enabled
    rule.save(update_fields=["enabled"])
    return redirect("content:alert_settings")


@require_POST
@editor_required
def alert_rule_delete(request, pk: int):
    rule = get_object_or_404(AlertRule.objects.filter(team__in=teams_for_user(request.user)), pk=pk)
    rule.delete()
    return redirect("content:alert_settings")


@require_POST
@editor_required
def alert_destination_create(request, team_pk: int):
    team = _team(request, team_pk)
    form = AlertDestinationForm(request.POST)
    if not form.is_valid():
        context = _settings_context(request, destination_forms={team.pk: form})
        return render(request, "content/alert_settings.html", context, status=400)
    data = form.cleaned_data
    destination = AlertDestination(team=team, kind=data["kind"], name=data["name"])
    secret = None
    if data["kind"] == AlertDestination.Kind.EMAIL:
        destination.emails = data["emails"]
    else:
        parts = urlsplit(data["url"])
        destination.url_encrypted = encrypt(data["url"])
        destination.url_hint = f"{parts.scheme}://{parts.hostname}/…"
    if data["kind"] == AlertDestination.Kind.WEBHOOK:
        secret = new_signing_secret()
        destination.secret_encrypted = encrypt(secret)
    destination.save()
    context = _settings_context(request, new_secret=(destination, secret) if secret else None)
    return render(request, "content/alert_settings.html", context)


@require_POST
@editor_required
def alert_destination_delete(request, pk: int):
    queryset = AlertDestination.objects.filter(team__in=teams_for_user(request.user))
    get_object_or_404(queryset, pk=pk).delete()
    return redirect("content:alert_settings")
