"""One bot's week for the digest: new and resolved review items, rising articles, failing
topics, the abstention gap and judge tokens against the budget."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from urllib.parse import urlencode

from django.db.models import Sum
from django.urls import reverse

from audits.judges.base import METRIC_LABELS
from audits.models import Bot, BotDailyUsage
from content.analytics.series import abstention_report
from content.analytics.windows import bot_window_metrics
from content.models import (
    AlertEpisode,
    Article,
    ArticleDayRollup,
    ReviewItem,
    TopicDayRollup,
)
from content.review.evidence import article_recovery
from content.review.flags import GAP_METRICS, REASON_METRICS
from kbaudit.lib.thresholds import at_or_above
from kbaudit.lib.urls import absolute_url

WEEK = timedelta(days=7)
SHOWN = 5
# An article must be retrieved this often in the week to count as rising.
MIN_RISING_TRAFFIC = 5
RECOVERY_DAYS = 28


@dataclass
class ArticleRise:
    article: Article
    traffic: int
    previous: int
    url: str

    @property
    def change(self) -> float | None:
        return (self.traffic - self.previous) / self.previous if self.previous else None


@dataclass
class MetricChange:
    short: str
    before: float | None
    after: float | None
    threshold: float


@dataclass
class Resolution:
    item: ReviewItem
    url: str
    recovered: bool | None  # None: no graded answers since, too early to tell
    basis: str
    changes: list[MetricChange] = field(default_factory=list)


@dataclass
class Budget:
    tokens: int
    daily: int | None
    days_over: int

    @property
    def share(self) -> float | None:
        return self.tokens / (self.daily * 7) if self.daily else None


@dataclass
class BotWeek:
    bot: Bot
    url: str
    queue_url: str
    abstention_url: str
    graded: int
    new_items: list[tuple[ReviewItem, str]]
    new_total: int
    risers: list[ArticleRise]
    resolved: list[Resolution]
    topics: list[dict]
    declined: float | None
    should_have_declined: float | None
    budget: Budget
    # Alerts raised in the week: the same episodes the alert history shows.
    alerts: list = field(default_factory=list)
    insufficient_share: float | None = None

    @property
    def abstention_gap(self) -> float | None:
        if self.declined is None or self.should_have_declined is None:
            return None
        return self.should_have_declined - self.declined

    @property
    def quiet(self) -> bool:
        """Nothing to act on: no new item, nothing resolved, no failing topic, no alert."""
        return not (self.new_total or self.resolved or self.topics or self.alerts)


def bot_week(bot: Bot, first: date, last: date, start: datetime, end: datetime) -> BotWeek:
    new = ReviewItem.objects.filter(bot=bot, created_at__gte=start, created_at__lt=end)
    report = abstention_report(bot=bot, first=first, last=last, examples=0)
    # The week's graded answers as the alerts read them (content.analytics.windows).
    window = bot_window_metrics(bot=bot, start=start, end=end)
    graded = window.graded
    return BotWeek(
        bot=bot,
        url=absolute_url(bot.get_absolute_url()),
        queue_url=absolute_url(f"{reverse('home')}?bot={bot.slug}"),
        abstention_url=absolute_url(reverse("content:abstention", args=[bot.slug])),
        graded=graded or 0,
        new_items=[
            (item, absolute_url(item.get_absolute_url()))
            for item in new.select_related("article").order_by("-priority", "id")[:SHOWN]
        ],
        new_total=new.count(),
        risers=_risers(bot, first, last),
        resolved=[
            _resolution(item, end)
            for item in ReviewItem.objects.filter(
                bot=bot, status=ReviewItem.Status.RESOLVED, closed_at__gte=start, closed_at__lt=end
            )
            .select_related("article", "bot")
            .order_by("-priority", "id")[:SHOWN]
        ],
        topics=_failing_topics(bot, first, last),
        declined=report.rate("declined"),
        should_have_declined=report.rate("should_have_declined"),
        budget=_budget(bot, first, last),
        alerts=list(
            AlertEpisode.objects.filter(bot=bot, raised_at__gte=start, raised_at__lt=end)
            .select_related("rule")
            .order_by("-raised_at")[:SHOWN]
        ),
        insufficient_share=window.insufficient_share,
    )


def _traffic(bot: Bot, first: date, last: date) -> dict[int, int]:
    rows = (
        ArticleDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last)
        .values("article_id")
        .annotate(n=Sum("retrievals"))
    )
    return {row["article_id"]: row["n"] for row in rows}


def _risers(bot: Bot, first: date, last: date) -> list[ArticleRise]:
    """The articles whose retrievals rose most on the week before."""
    now = _traffic(bot, first, last)
    before = _traffic(bot, first - WEEK, last - WEEK)
    rising = sorted(
        (
            (n - before.get(article_id, 0), article_id)
            for article_id, n in now.items()
            if n >= MIN_RISING_TRAFFIC and n > before.get(article_id, 0)
        ),
        reverse=True,
    )[:SHOWN]
    articles = Article.objects.in_bulk([article_id for _, article_id in rising])
    return [
        ArticleRise(
            article=articles[article_id],
            traffic=now[article_id],
            previous=before.get(article_id, 0),
            url=absolute_url(f"{articles[article_id].get_absolute_url()}?bot={bot.slug}"),
        )
        for _, article_id in rising
    ]


def _failing_topics(bot: Bot, first: date, last: date) -> list[dict]:
    rows = (
        TopicDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last)
        .values("topic")
        .annotate(failing=Sum("insufficient"), asked=Sum("interactions"))
        .filter(failing__gt=0)
        .order_by("-failing", "topic")[:SHOWN]
    )
    base = absolute_url(reverse("content:bot_detail", args=[bot.slug]))
    return [
        {
            **row,
            "url": f"{base}?{urlencode({'from': first, 'to': last, 'topic': row['topic']})}"
            "#failing",
        }
        for row in rows
    ]


def _budget(bot: Bot, first: date, last: date) -> Budget:
    usage = list(
        BotDailyUsage.objects.filter(bot=bot, day__gte=first, day__lte=last).values_list(
            "prompt_tokens", "completion_tokens"
        )
    )
    daily = bot.daily_token_budget
    return Budget(
        tokens=sum(p + c for p, c in usage),
        daily=daily,
        days_over=sum(1 for p, c in usage if daily and p + c >= daily),
    )


def _resolution(item: ReviewItem, end: datetime) -> Resolution:
    """Did the article recover? On a rewrite since the item was raised: the traffic either
    side of the new version; otherwise the traffic either side of the resolution."""
    thresholds = item.bot.thresholds()
    metrics = REASON_METRICS.get(item.reason, GAP_METRICS)
    recovery = article_recovery(item.article, [item.bot], days=RECOVERY_DAYS)
    if recovery is not None and recovery.version.live_from >= item.created_at:
        before, after = recovery.before, recovery.after
        basis = f"version {recovery.version.number}, live {recovery.version.live_from:%d %b}"
    else:
        closed = item.closed_at.date()
        before = _rollup_means(item, closed - timedelta(days=RECOVERY_DAYS), closed)
        after = _rollup_means(item, closed, end.date() + timedelta(days=1))
        basis = "no new version; traffic either side of the resolution"
    changes = [
        MetricChange(METRIC_LABELS[m][0], before.get(m), after.get(m), thresholds[m])
        for m in metrics
    ]
    self_resolved = item.events.filter(action="resolved_recovered").exists()
    if self_resolved:
        recovered = True
        basis = "resolved by kbaudit when its metrics came back"
    elif not after.get("n"):
        recovered = None
    else:
        recovered = all(at_or_above(c.after, c.threshold) for c in changes)
    return Resolution(item, absolute_url(item.get_absolute_url()), recovered, basis, changes)


def _rollup_means(item: ReviewItem, first: date, until: date) -> dict:
    """Graded answers and metric means of the article's days in [first, until)."""
    fields = {"n": Sum("graded")}
    for metric in METRIC_LABELS:
        fields[f"{metric}_sum"] = Sum(f"{metric}_sum")
        fields[f"{metric}_n"] = Sum(f"{metric}_n")
    totals = ArticleDayRollup.objects.filter(
        article=item.article, bot=item.bot, day__gte=first, day__lt=until
    ).aggregate(**fields)
    means = {
        metric: totals[f"{metric}_sum"] / totals[f"{metric}_n"]
        for metric in METRIC_LABELS
        if totals[f"{metric}_n"]
    }
    return {"n": totals["n"] or 0, **means}
