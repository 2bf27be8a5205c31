"""Check a draft from an item or an article page: POST only; an htmx request gets the
result fragment, a plain form post a redirect back to the page."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from audits.models import Bot
from content.briefs.build import busiest_bot
from content.drafts.services import draft_check
from content.models import Article, ReviewItem

# A draft longer than this is not an article.
MAX_DRAFT = 200_000


def _draft_text(request) -> str | None:
    upload = request.FILES.get("draft_file")
    if upload is not None:
        if upload.size > MAX_DRAFT:
            return None
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            return None
    text = request.POST.get("draft", "")
    return text if len(text) <= MAX_DRAFT else None


def _respond(request, check, back: str, action: str):
    if request.htmx:
        return render(
            request, "content/_draft_check.html", {"draft_check": check, "draft_action": action}
        )
    messages.success(request, "Draft checked: the result is below.")
    return redirect(back + "#draft-check")


@require_POST
def item_draft_check(request, pk: int):
    item = get_object_or_404(
        ReviewItem.objects.visible_to(request.user).select_related("article", "bot"), pk=pk
    )
    draft = _draft_text(request)
    if not draft or not draft.strip():
        return HttpResponseBadRequest("Paste the draft or upload it as a Markdown file.")
    check = draft_check(
        article=item.article, bot=item.bot, draft=draft, item=item, author=request.user
    )
    action = reverse("content:item_draft_check", args=[item.pk])
    return _respond(request, check, item.get_absolute_url(), action)


@require_POST
def article_draft_check(request, pk: int):
    article = get_object_or_404(Article, pk=pk)
    bots = Bot.objects.visible_to(request.user)
    bot = bots.filter(slug=request.POST.get("bot", "")).first() or busiest_bot(article, bots)
    if bot is None:
        return HttpResponseBadRequest("No bot of yours retrieves this article.")
    draft = _draft_text(request)
    if not draft or not draft.strip():
        return HttpResponseBadRequest("Paste the draft or upload it as a Markdown file.")
    item = (
        ReviewItem.objects.active()
        .filter(article=article, bot=bot, other_article__isnull=True)
        .order_by("-priority")
        .first()
    )
    check = draft_check(article=article, bot=bot, draft=draft, item=item, author=request.user)
    action = reverse("content:article_draft_check", args=[article.pk])
    return _respond(request, check, article.get_absolute_url(), action)
