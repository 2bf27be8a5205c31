from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from audits.models import Bot, Evaluation, Interaction
from audits.presenters import evaluation_view


@require_GET
def interaction_list(request):
    bots = Bot.objects.visible_to(request.user)
    interactions = (
        Interaction.objects.production()
        .filter(bot__in=bots)
        .select_related("bot", "evaluation")
        .order_by("-timestamp", "-id")
    )
    bot_slug = request.GET.get("bot", "")
    if bot_slug:
        interactions = interactions.filter(bot__slug=bot_slug)
    search = request.GET.get("q", "").strip()
    if search:
        interactions = interactions.filter(Q(query__icontains=search) | Q(external_id=search))
    feedback = request.GET.get("feedback", "")
    if feedback in Interaction.Feedback.values:
        interactions = interactions.filter(feedback=feedback)
    page = Paginator(interactions, 50).get_page(request.GET.get("page"))
    context = {"page": page, "bots": bots, "bot_slug": bot_slug, "q": search, "feedback": feedback}
    return render(request, "audits/interaction_list.html", context)


@require_GET
def interaction_detail(request, pk: int):
    interaction = get_object_or_404(
        Interaction.objects.visible_to(request.user).select_related("bot", "conversation", "run"),
        pk=pk,
    )
    turns = interaction.conversation.interactions.order_by("timestamp", "id")
    evaluation = Evaluation.objects.filter(interaction=interaction).select_related("bot").first()
    context = {
        "interaction": interaction,
        "sources": interaction.sources.all(),
        "evaluation": evaluation,
        "view": evaluation_view(evaluation) if evaluation else None,
        "turns": turns,
    }
    return render(request, "audits/interaction_detail.html", context)
