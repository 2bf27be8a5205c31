from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Count, OuterRef, Q, Subquery
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from audits.models import Bot, RetrievedSource
from content.models import Article


@require_GET
def article_list(request):
    bots = Bot.objects.visible_to(request.user)
    retrievals = (
        RetrievedSource.objects.filter(article_key=OuterRef("external_id"), bot__in=bots)
        .order_by()
        .values("article_key")
        .annotate(n=Count("rank"))
        .values("n")
    )
    articles = Article.objects.annotate(
        retrievals=Subquery(retrievals), n_versions=Count("versions")
    ).order_by("title")
    search = request.GET.get("q", "").strip()
    if search:
        articles = articles.filter(Q(title__icontains=search) | Q(external_id__icontains=search))
    page = Paginator(articles, 50).get_page(request.GET.get("page"))
    return render(request, "content/article_list.html", {"page": page, "q": search})


@require_GET
def article_detail(request, pk: int):
    article = get_object_or_404(Article, pk=pk)
    bots = Bot.objects.visible_to(request.user)
    retrievals = (
        RetrievedSource.objects.filter(article_key=article.external_id, bot__in=bots)
        .select_related("interaction", "bot")
        .order_by("-occurred_at")[:25]
    )
    context = {
        "article": article,
        "versions": article.versions.order_by("-number"),
        "retrievals": retrievals,
    }
    return render(request, "content/article_detail.html", context)
