from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from kbaudit.lib.access import bots_for_user
from kbaudit.lib.health import health_check
from kbaudit.lib.roles import is_admin


@require_GET
def bot_list(request):
    bots = bots_for_user(request.user).select_related("team", "knowledge_base_link__knowledge_base")
    # Only admins see a team-less bot: they are told, with the command that fixes it.
    teamless = list(bots.filter(team__isnull=True)) if is_admin(request.user) else []
    return render(request, "home.html", {"bots": bots, "teamless": teamless})


@login_not_required
@require_GET
def health(request):
    result = health_check()
    return JsonResponse(result, status=200 if result["status"] == "ok" else 503)
