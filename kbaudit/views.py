from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from audits.models import Bot
from kbaudit.lib.health import health_check


@require_GET
def bot_list(request):
    bots = Bot.objects.visible_to(request.user).select_related("team")
    return render(request, "home.html", {"bots": bots})


@login_not_required
@require_GET
def health(request):
    result = health_check()
    return JsonResponse(result, status=200 if result["status"] == "ok" else 503)
