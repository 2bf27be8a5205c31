from __future__ import annotations

from datetime import date, timedelta

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, OuterRef, Q, Subquery
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from audits.models import Bot, Evaluation, RetrievedSource
from audits.presenters import MetricRow, metric_rows
from content.analytics import charts
from content.analytics.periods import KINDS, period_for
from content.analytics.ranking import article_ranking, data_span, default_min_sample
from content.analytics.series import (
    abstention_report,
    article_diagnoses,
    article_series,
    bot_overview,
)
from content.attribution.missing import missing_articles
from content.escalations.evidence import bot_escalations
from content.forms import ThresholdsForm
from content.models import (
    AlertEpisode,
    ArticleFinding,
    DraftCheck,
    ReviewItem,
    ReviewItemEvent,
    RewriteSuggestion,
    Season,
)
from content.questions import group_by_meaning
from content.review import lifecycle as review
from content.review.evidence import (
    article_recovery,
    failing_conversations,
    unanswered_sub_questions,
)
from content.review.flags import flag_window_days
from content.review.suggestions import item_evidence, suggestion_edit, suggestion_generate
from content.review.worklist import worklist_render, worklist_row
from content.tasks import rollups_rebuild
from kbaudit.lib.access import (
    articles_for_user,
    bots_answering_from,
    bots_for_user,
    get_article_for_user,
    get_bot_for_user,
    knowledge_bases_for_user,
)
from kbaudit.lib.roles import editor_required, is_editor
from kbaudit.lib.urls import safe_next


def _visible_bot(request, slug: str) -> Bot:
    return get_bot_for_user(request.user, slug)


def _date_param(request, name: str, default: date | None) -> date | None:
    value = request.GET.get(name, "")
    try:
        return date.fromisoformat(value) if value else default
    except ValueError:
        return default


def _span(request, bot: Bot, default_days: int = 182) -> tuple[date, date]:
    first_day, last_day = data_span(bot)
    last = _date_param(request, "to", last_day or date.today())
    first = _date_param(
        request, "from", max(first_day or last, last - timedelta(days=default_days))
    )
    return (first, last) if first <= last else (last, first)


@require_GET
def bot_detail(request, slug: str):
    """The bot's overview: metric trends, traffic, causes, topics, diagnoses."""
    bot = _visible_bot(request, slug)
    first, last = _span(request, bot)
    overview = bot_overview(bot=bot, first=first, last=last)
    topic = request.GET.get("topic", "")
    failing = (
        Evaluation.objects.production()
        .filter(
            bot=bot,
            verdict=Evaluation.Verdict.INSUFFICIENT,
            occurred_at__date__gte=first,
            occurred_at__date__lte=last,
        )
        .select_related("interaction")
        .order_by("-occurred_at")
    )
    topic_groups = []
    if topic:
        failing = failing.filter(topic=topic)
        topic_groups = _topic_groups(bot, topic, first, last)
    context = {
        "topic_groups": topic_groups,
        "bot": bot,
        "overview": overview,
        "topic": topic,
        "failing": failing[:25],
        "missing": missing_articles(bot=bot, first=first, last=last),
        "can_edit_thresholds": is_editor(request.user),
        "thresholds_form": ThresholdsForm(instance=bot),
    }
    if request.htmx and request.htmx.target == "failing":
        return render(request, "content/bot_overview.html#failing", context)
    series = overview.series
    context.update(
        metric_chart=charts.metric_trends(
            series.buckets, {m: series.mean(m) for m in bot.thresholds()}, bot.thresholds()
        ),
        traffic_chart=charts.traffic(
            series.buckets,
            {
                "interactions": series.values("interactions"),
                "insufficient": series.values("insufficient"),
            },
        ),
        causes_chart=charts.causes(overview.causes),
        escalations=bot_escalations(bot=bot, first=first, last=last),
        alerts=AlertEpisode.objects.filter(bot=bot).select_related("rule")[:5],
    )
    return render(request, "content/bot_overview.html", context)


def _topic_groups(bot: Bot, topic: str, first: date, last: date, recent: int = 2000):
    """A topic's questions in the period grouped by meaning (the latest ``recent``)."""
    asked = (
        Evaluation.objects.production()
        .filter(bot=bot, topic=topic, occurred_at__date__gte=first, occurred_at__date__lte=last)
        .order_by("-occurred_at")
        .values_list("interaction__query", "interaction_id")[:recent]
    )
    return group_by_meaning(list(asked))[:12]


@require_GET
def abstention(request, slug: str):
    """Does the bot say it does not know when it should (SPEC §7)?"""
    bot = _visible_bot(request, slug)
    first, last = _span(request, bot)
    report = abstention_report(bot=bot, first=first, last=last)
    judged = [
        max(0, g - f)
        for g, f in zip(
            report.series.values("graded"), report.series.values("cause_user_feedback"), strict=True
        )
    ]
    rates = {
        name: [
            v / j if j else None for v, j in zip(report.series.values(name), judged, strict=True)
        ]
        for name in ("declined", "should_have_declined", "over_refusal")
    }
    chart = charts.rates(
        report.series.buckets,
        {
            "declined": rates["declined"],
            "should have declined": rates["should_have_declined"],
            "declined needlessly": rates["over_refusal"],
        },
    )
    context = {"bot": bot, "report": report, "first": first, "last": last, "chart": chart}
    return render(request, "content/abstention.html", context)


@require_POST
@editor_required
def bot_thresholds_update(request, slug: str):
    bot = _visible_bot(request, slug)
    form = ThresholdsForm(request.POST, instance=bot)
    if form.is_valid():
        form.save()
        rollups_rebuild.delay(bot.pk)
        messages.success(request, "Thresholds saved; the analytics are being recomputed.")
    else:
        messages.error(request, "Thresholds must be numbers between 0 and 1.")
    return redirect(bot.get_absolute_url())


def _period(request, bot: Bot):
    kind = request.GET.get("period", "week")
    if kind not in KINDS:
        kind = "week"
    _, last_day = data_span(bot)
    anchor = _date_param(request, "date", last_day or date.today())
    seasons = list(Season.objects.for_bot(bot))
    season = next((s for s in seasons if s.slug == request.GET.get("season")), None)
    if kind == "season" and season is None:
        season = next(
            (s for s in seasons if period_for("season", anchor, s).contains(anchor)), None
        )
        season = season or (seasons[0] if seasons else None)
        if season is None:
            kind = "week"
    return period_for(kind, anchor, season), seasons


@require_GET
def ranking(request, slug: str):
    """High-traffic articles for a day, week, month or season, with change."""
    bot = _visible_bot(request, slug)
    period, seasons = _period(request, bot)
    try:
        min_sample = max(0, int(request.GET.get("min_sample", default_min_sample())))
        page = max(1, int(request.GET.get("page", 1)))
    except ValueError:
        return HttpResponseBadRequest("min_sample and page must be whole numbers")
    per_page = 50
    result = article_ranking(
        bot=bot, period=period, min_sample=min_sample, limit=per_page, offset=(page - 1) * per_page
    )
    context = {
        "bot": bot,
        "ranking": result,
        "period": period,
        "seasons": seasons,
        "kinds": KINDS,
        "previous_anchor": period.start - timedelta(days=1),
        "next_anchor": period.end + timedelta(days=1),
        "page": page,
        "has_next": page * per_page < result.total,
    }
    template = "content/ranking.html#ranking" if request.htmx else "content/ranking.html"
    return render(request, template, context)


@require_GET
def article_list(request):
    """The articles of the user's knowledge bases; traffic counts their own bots only."""
    bots = bots_for_user(request.user)
    retrievals = (
        RetrievedSource.objects.production()
        .filter(
            article_key=OuterRef("external_id"),
            bot__in=bots,
            bot__knowledge_base_link__knowledge_base=OuterRef("knowledge_base"),
        )
        .order_by()
        .values("article_key")
        .annotate(n=Count("rank"))
        .values("n")
    )
    articles = (
        articles_for_user(request.user)
        .select_related("knowledge_base")
        .annotate(retrievals=Subquery(retrievals), n_versions=Count("versions"))
        .order_by("title", "knowledge_base__name")
    )
    search = request.GET.get("q", "").strip()
    if search:
        articles = articles.filter(Q(title__icontains=search) | Q(external_id__icontains=search))
    knowledge_bases = knowledge_bases_for_user(request.user)
    chosen = knowledge_bases.filter(slug=request.GET.get("kb", "")).first()
    if chosen is not None:
        articles = articles.filter(knowledge_base=chosen)
    page = Paginator(articles, 50).get_page(request.GET.get("page"))
    context = {"page": page, "q": search, "knowledge_bases": knowledge_bases, "kb": chosen}
    return render(request, "content/article_list.html", context)


@require_GET
def article_detail(request, pk: int):
    article = get_article_for_user(request.user, pk)
    bots = bots_answering_from(request.user, article.knowledge_base_id)
    bot = bots.filter(slug=request.GET.get("bot", "")).first()
    chosen = [bot] if bot else list(bots)
    spans = [data_span(b) for b in chosen]
    last = max((s[1] for s in spans if s[1]), default=date.today())
    first = min((s[0] for s in spans if s[0]), default=last)
    series, totals = article_series(article_id=article.pk, bots=chosen, first=first, last=last)
    # the evidence is the flag window's: the latest weeks of traffic
    window = (max(first, last - timedelta(days=flag_window_days() - 1)), last)
    thresholds = (bot or (chosen[0] if chosen else None)).thresholds() if chosen else {}
    context = {
        "article": article,
        "bots": bots,
        "bot": bot,
        "failing": failing_conversations(article, chosen, limit=10, window=window),
        "questions": unanswered_sub_questions(article, chosen, window=window)[:15],
        "window": window,
        "recovery": article_recovery(article, chosen),
        "current": article.current_version(),
        "findings": ArticleFinding.objects.active()
        .involving(article)
        .select_related("article_a", "article_b"),
        "versions": article.versions.order_by("-number"),
        "draft_check": DraftCheck.objects.filter(article=article, bot__in=chosen)
        .select_related("author")
        .first(),
        "draft_action": reverse("content:article_draft_check", args=[article.pk]),
        "totals": totals,
        "diagnoses": article_diagnoses(totals, thresholds) if thresholds else [],
        "items": ReviewItem.objects.filter(
            Q(article=article) | Q(other_article=article), bot__in=chosen
        ).select_related("bot", "article", "other_article"),
        "retrievals": RetrievedSource.objects.production()
        .filter(article_key=article.external_id, bot__in=chosen)
        .select_related("interaction", "bot")
        .order_by("-occurred_at")[:25],
    }
    if series.buckets and thresholds:
        context["metric_chart"] = charts.metric_trends(
            series.buckets, {m: series.mean(m) for m in thresholds}, thresholds
        )
        context["traffic_chart"] = charts.traffic(
            series.buckets, {"retrievals": series.values("retrievals")}
        )
    return render(request, "content/article_detail.html", context)


@require_GET
def item_detail(request, pk: int):
    item = get_object_or_404(
        ReviewItem.objects.visible_to(request.user).select_related(
            "article", "other_article", "bot", "assignee"
        ),
        pk=pk,
    )
    # A GET only reads: a suggestion is written (perhaps by a model) on POST only.
    suggestion = RewriteSuggestion.objects.filter(item=item).first()
    editing = request.GET.get("edit") == "1"
    context = {
        "item": item,
        "evidence": item_evidence(item),
        "metric_rows": evidence_metric_rows(item.evidence),
        "suggestion": suggestion,
        "editing": editing,
        "recovery": article_recovery(item.article, [item.bot]),
        "events": item.events.select_related("actor"),
        "can_assign": is_editor(request.user),
        "assignable": review.assignable_users(item.bot),
        "undoable": review.last_undoable(item, request.user) is not None,
        "findings": ArticleFinding.objects.active()
        .involving(item.article)
        .select_related("article_a", "article_b"),
        "pair": _pair_articles(item),
        "draft_check": item.draft_checks.select_related("author").first(),
        "draft_action": reverse("content:item_draft_check", args=[item.pk]),
    }
    if request.htmx and request.htmx.target == "suggestion":
        return render(request, "content/item_detail.html#suggestion", context)
    return render(request, "content/item_detail.html", context)


def _pair_articles(item: ReviewItem) -> list[dict]:
    """A scan item's two articles, each with its credited metrics, traffic and diagnoses."""
    rows = []
    for article in (item.article, item.other_article):
        data = ((item.evidence or {}).get("articles") or {}).get(str(getattr(article, "pk", "")))
        if article is None or not data:
            continue
        metrics = data.get("metrics") or {}
        rows.append({"article": article, "data": data, "metrics": metrics})
    return rows


@require_POST
def suggestion_update(request, pk: int):
    """Save the writer's edit of the suggestion, or regenerate it."""
    item = get_object_or_404(ReviewItem.objects.visible_to(request.user), pk=pk)
    if request.POST.get("regenerate"):
        suggestion = suggestion_generate(item=item)
        message = "Suggestion regenerated."
    else:
        body = request.POST.get("body", "")
        if not body.strip():
            return HttpResponseBadRequest("The suggestion cannot be empty.")
        suggestion = (
            suggestion_generate(item=item) if not hasattr(item, "suggestion") else item.suggestion
        )
        suggestion_edit(suggestion=suggestion, user=request.user, body=body)
        message = "Suggestion saved."
    ReviewItemEvent.objects.create(
        item=item,
        actor=request.user,
        action="suggestion_regenerated" if request.POST.get("regenerate") else "suggestion_edited",
    )
    if request.htmx:
        context = {"item": item, "suggestion": suggestion, "editing": False, "message": message}
        return render(request, "content/item_detail.html#suggestion", context)
    messages.success(request, message)
    return redirect(item.get_absolute_url())


def evidence_metric_rows(evidence: dict) -> list[MetricRow]:
    return metric_rows(evidence.get("metrics", {}), evidence.get("thresholds", {}))


QUEUE_PAGE = 50
STATUS_FILTERS = {
    "active": ReviewItem.ACTIVE,
    "open": (ReviewItem.Status.OPEN,),
    "in_progress": (ReviewItem.Status.IN_PROGRESS,),
    "resolved": (ReviewItem.Status.RESOLVED,),
    "dismissed": (ReviewItem.Status.DISMISSED,),
    "all": tuple(ReviewItem.Status.values),
}


def queue_filters(request) -> dict[str, str]:
    keys = ("bot", "reason", "status", "assignee", "topic", "q")
    filters = {key: request.GET.get(key, "").strip() for key in keys}
    if filters["status"] not in STATUS_FILTERS:
        filters["status"] = "active"
    return filters


def queue_items(user, filters: dict[str, str]):
    """The review items ``user`` may see, filtered as the queue page's controls say."""
    items = ReviewItem.objects.visible_to(user).filter(status__in=STATUS_FILTERS[filters["status"]])
    if filters["bot"]:
        items = items.filter(bot__slug=filters["bot"])
    if filters["reason"]:
        items = items.filter(reason=filters["reason"])
    if filters["assignee"] == "me":
        items = items.filter(assignee=user)
    elif filters["assignee"] == "none":
        items = items.filter(assignee__isnull=True)
    elif filters["assignee"]:
        items = items.filter(assignee__username=filters["assignee"])
    if filters["q"]:
        items = items.filter(
            Q(article__title__icontains=filters["q"])
            | Q(article__external_id__icontains=filters["q"])
        )
    return items


@require_GET
def queue(request):
    """The writers' worklist: review items, highest priority first."""
    filters = queue_filters(request)
    items = queue_items(request.user, filters)
    chips = (
        items.exclude(topic="")
        .values("topic")
        .annotate(count=Count("id"))
        .order_by("-count", "topic")[:30]
    )
    if filters["topic"]:
        items = items.filter(topic=filters["topic"])
    items = items.select_related("article", "bot", "assignee").order_by("-priority", "id")
    page = Paginator(items, QUEUE_PAGE).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "filters": filters,
        "chips": chips,
        "bots": Bot.objects.visible_to(request.user),
        "reasons": ReviewItem.Reason.choices,
        "statuses": [(key, key.replace("_", " ").capitalize()) for key in STATUS_FILTERS],
        "query": request.GET.urlencode(),
        "can_assign": is_editor(request.user),
    }
    template = "content/queue.html#list" if request.htmx else "content/queue.html"
    return render(request, template, context)


ACTIONS = {
    "claim": lambda item, request: review.item_claim(item=item, user=request.user),
    "start": lambda item, request: review.item_start(item=item, user=request.user),
    "resolve": lambda item, request: review.item_resolve(
        item=item, user=request.user, note=request.POST.get("note", "")
    ),
    "dismiss": lambda item, request: review.item_dismiss(
        item=item, user=request.user, reason=request.POST.get("reason", "")
    ),
    "undo": lambda item, request: review.item_undo(item=item, user=request.user),
    "assign": lambda item, request: review.item_assign(
        item=item, user=request.user, assignee=_assignee(item, request.POST.get("assignee", ""))
    ),
}
DONE = {
    "claimed": "Claimed — it is yours now.",
    "started": "Marked in progress.",
    "resolved": "Resolved.",
    "dismissed": "Dismissed for good.",
    "assigned": "Assigned.",
    "unassigned": "Unassigned.",
    "undo": "Undone.",
}


def _assignee(item: ReviewItem, username: str):
    if not username:
        return None
    user = review.assignable_users(item.bot).filter(username=username).first()
    if user is None:
        raise review.ActionError(f"{username} is not in the team that owns {item.bot}.")
    return user


@require_POST
def item_action(request, pk: int, action: str):
    item = get_object_or_404(ReviewItem.objects.visible_to(request.user), pk=pk)
    if action not in ACTIONS:
        return HttpResponseBadRequest(f"unknown action {action!r}")
    try:
        event = ACTIONS[action](item, request)
        message, error = DONE.get(event.action, "Done."), False
    except review.ActionError as exc:
        message, error = str(exc), True
    item.refresh_from_db()
    if not request.htmx:
        (messages.error if error else messages.success)(request, message)
        return redirect(safe_next(request, item.get_absolute_url()))
    context = {
        "item": item,
        "message": message,
        "error": error,
        "undoable": review.last_undoable(item, request.user) is not None,
        "undo_seconds": review.UNDO_SECONDS,
        "user": request.user,
        "can_assign": is_editor(request.user),
        "assignable": review.assignable_users(item.bot),
    }
    template = (
        "content/item_detail.html#status"
        if request.htmx.target == "item-status"
        else "content/queue.html#row"
    )
    response = render(request, template, context)
    # In a <template>: next to a table row, a bare <div> would be dropped by the parser.
    response.write(b"<template>")
    response.write(render(request, "content/_toast.html", context).content)
    response.write(b"</template>")
    return response


@require_GET
def queue_export(request):
    """The queue as it is filtered, as CSV or JSON."""
    fmt = request.GET.get("format", "csv")
    if fmt not in ("csv", "json"):
        return HttpResponseBadRequest("format must be csv or json")
    filters = queue_filters(request)
    items = queue_items(request.user, filters)
    if filters["topic"]:
        items = items.filter(topic=filters["topic"])
    rows = [
        worklist_row(item)
        for item in items.select_related("article", "bot").order_by("-priority", "id")
    ]
    response = HttpResponse(
        worklist_render(rows, fmt),
        content_type="text/csv; charset=utf-8" if fmt == "csv" else "application/json",
    )
    response["Content-Disposition"] = f'attachment; filename="kbaudit-worklist.{fmt}"'
    return response
