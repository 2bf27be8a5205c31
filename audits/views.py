from __future__ import annotations

from datetime import UTC, datetime

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from kombu.exceptions import OperationalError as BrokerError

from audits.diagnostics import diagnose, interaction_context
from audits.models import Bot, Evaluation, Interaction
from audits.presenters import evaluation_view
from audits.sweep.services import failed_requeue
from audits.sweep.status import sweep_status
from audits.tasks import sweep_dispatch, sweep_request
from kbaudit.lib.roles import editor_required, is_editor

# A row stored before the importers checked timestamps may lie outside the years Python
# can read (PostgreSQL keeps 4713 BC to 294276 AD): the list leaves such rows out instead
# of failing; the sweep marks them failed and its page lists them.
READABLE_TIMESTAMPS = (datetime(1, 1, 2, tzinfo=UTC), datetime(9999, 12, 30, tzinfo=UTC))


@require_GET
def interaction_list(request):
    bots = Bot.objects.visible_to(request.user)
    interactions = (
        Interaction.objects.production()
        .filter(bot__in=bots, timestamp__range=READABLE_TIMESTAMPS)
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
    diagnoses = (
        diagnose(interaction_context(evaluation, interaction), scope="interaction")
        if evaluation is not None
        else []
    )
    context = {
        "interaction": interaction,
        "sources": interaction.sources.all(),
        "evaluation": evaluation,
        "view": evaluation_view(evaluation) if evaluation else None,
        "diagnoses": diagnoses,
        "turns": turns,
        # Retention or an erasure took both; a bot's own first turn keeps its answer.
        "text_removed": not interaction.query and not interaction.response,
        "may_forget": is_editor(request.user),
    }
    return render(request, "audits/interaction_detail.html", context)


@require_POST
@editor_required
def conversation_forget_view(request, pk: int):
    """Erase the text of this interaction's whole conversation (an erasure request)."""
    from audits.retention.services import conversation_forget

    interaction = get_object_or_404(
        Interaction.objects.visible_to(request.user).select_related("bot", "conversation"),
        pk=pk,
    )
    if request.POST.get("confirm") != "yes":
        messages.error(request, "Tick the confirmation to erase the conversation.")
        return redirect(interaction)
    conversation_forget(
        bot=interaction.bot, conversation_external_id=interaction.conversation.external_id
    )
    messages.success(
        request,
        f"Erased the text of conversation {interaction.conversation.external_id}; "
        "its grades and counts stay.",
    )
    return redirect(interaction)


def may_run_sweep(user) -> bool:
    """Staff and editors (admins included) may start a sweep from the status page."""
    return user.is_staff or is_editor(user)


@require_GET
def sweep_status_page(request):
    in_process = bool(sweep_dispatch.app.conf.task_always_eager)
    status = sweep_status(bots=Bot.objects.visible_to(request.user), in_process=in_process)
    context = {"status": status, "may_run": may_run_sweep(request.user)}
    template = "audits/sweep_status.html#status" if request.htmx else "audits/sweep_status.html"
    return render(request, template, context)


@require_POST
def sweep_run_now(request):
    if not may_run_sweep(request.user):
        raise PermissionDenied("Only editors can start a sweep.")
    bots = Bot.objects.visible_to(request.user)
    everything = request.user.is_superuser or bots.count() == Bot.objects.count()
    try:
        sweep_request(bot_ids=None if everything else list(bots.values_list("pk", flat=True)))
    except BrokerError:
        messages.error(request, "The task queue is unreachable; the sweep was not started.")
    else:
        messages.success(request, "Sweep started: the counts below follow as batches finish.")
    return redirect("audits:sweep_status")


@require_POST
def sweep_retry_failed(request):
    """Give the failed interactions of the bots one can see fresh attempts."""
    if not may_run_sweep(request.user):
        raise PermissionDenied("Only editors can requeue failed interactions.")
    bot_ids = list(Bot.objects.visible_to(request.user).values_list("pk", flat=True))
    requeued = failed_requeue(bot_ids=bot_ids)
    messages.success(request, f"Requeued {requeued} failed interaction(s) for the next sweep.")
    return redirect("audits:sweep_status")
