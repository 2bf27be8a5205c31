"""Downloads of rewrite briefs: one item's, one article's, or the queue's selection as a zip.

Anyone who can see an item (its team's editors and writers) may download its brief;
anyone else gets a 404, as for the item page.
"""

from __future__ import annotations

import io
import zipfile

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from content.briefs.build import Brief, brief_build, busiest_bot
from content.briefs.docx import brief_docx
from content.briefs.layout import brief_markdown
from content.models import ReviewItem
from kbaudit.lib.access import bots_answering_from, get_article_for_user
from kbaudit.lib.urls import safe_next

FORMATS = {
    "md": ("text/markdown; charset=utf-8", brief_markdown),
    "docx": (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        brief_docx,
    ),
}
MAX_BULK = 100


def _format(request) -> str | None:
    data = request.POST if request.method == "POST" else request.GET
    fmt = data.get("format", "md")
    return fmt if fmt in FORMATS else None


def _download(brief: Brief, fmt: str) -> HttpResponse:
    content_type, render = FORMATS[fmt]
    response = HttpResponse(render(brief), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{brief.filename(fmt)}"'
    return response


@require_GET
def item_brief(request, pk: int):
    item = get_object_or_404(
        ReviewItem.objects.visible_to(request.user).select_related("article", "bot", "assignee"),
        pk=pk,
    )
    fmt = _format(request)
    if fmt is None:
        return HttpResponseBadRequest("format must be md or docx")
    return _download(brief_build(item=item), fmt)


@require_GET
def article_brief(request, pk: int):
    """The article's brief on ``?bot=`` or, without it, on the visible bot it matters most
    to: the one with its most pressing review item, else the one that retrieves it most."""
    article = get_article_for_user(request.user, pk)
    fmt = _format(request)
    if fmt is None:
        return HttpResponseBadRequest("format must be md or docx")
    bots = bots_answering_from(request.user, article.knowledge_base_id)
    if request.GET.get("bot"):
        bot = get_object_or_404(bots, slug=request.GET["bot"])
    else:
        items = ReviewItem.objects.filter(article=article, bot__in=bots)
        item = items.active().order_by("-priority", "id").first() or items.order_by("-id").first()
        bot = item.bot if item else busiest_bot(article, bots)
    if bot is None:
        raise Http404("No bot you can see retrieves this article.")
    return _download(brief_build(article=article, bot=bot), fmt)


@require_http_methods(["GET", "POST"])
def queue_briefs(request):
    """The briefs of the items ticked in the queue, one file each, in a zip."""
    data = request.POST if request.method == "POST" else request.GET
    fmt = _format(request)
    if fmt is None:
        return HttpResponseBadRequest("format must be md or docx")
    try:
        ids = sorted({int(value) for value in data.getlist("ids")})
    except ValueError:
        return HttpResponseBadRequest("ids must be item numbers")
    if not ids:
        messages.error(request, "Tick the items whose briefs you want first.")
        return redirect(safe_next(request, reverse("home")))
    if len(ids) > MAX_BULK:
        return HttpResponseBadRequest(f"At most {MAX_BULK} briefs at once.")
    items = list(
        ReviewItem.objects.visible_to(request.user)
        .filter(pk__in=ids)
        .select_related("article", "bot", "assignee")
        .order_by("-priority", "id")
    )
    if len(items) != len(ids):
        raise Http404("Some of these items do not exist or belong to another team.")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in items:
            brief = brief_build(item=item)
            archive.writestr(brief.filename(fmt), FORMATS[fmt][1](brief))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    response["Content-Disposition"] = f'attachment; filename="kbaudit-briefs-{stamp}.zip"'
    return response
