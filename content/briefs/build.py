"""Rewrite briefs (SPEC §6): one document per review item or article that a writer can
work from away from the app — why it was flagged, what to answer, what the bot misread,
what to merge, the suggestion, a checklist and the questions to replay afterwards.

``brief_build`` gathers the facts; ``content.briefs.layout`` lays them out once as
headings, paragraphs, lists and tables, which ``brief_layout.brief_markdown`` and
``brief_docx.brief_docx`` both render, so the two formats never drift apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.db.models import Max, Sum
from django.utils import timezone

from audits.models import Bot
from audits.presenters import MetricRow, metric_rows
from content.analytics.ranking import SUMMED
from content.analytics.series import article_diagnoses
from content.escalations.evidence import AgentEvidence
from content.models import Article, ArticleDayRollup, ArticleFinding, ReviewItem, RewriteSuggestion
from content.review.evidence import FailingConversation, QuestionGroup
from content.review.flags import flag_window_days
from content.review.suggestions import REASON_LABELS, item_evidence

FAILING_SHOWN = 5
QUESTIONS_SHOWN = 10
ANSWER_CHARS = 320


@dataclass
class Misreading:
    """Facts the bot stated that the sources do not support, and the passage behind them."""

    passage: str
    said: list[str]
    reason: str
    condition_misapplied: bool


@dataclass
class Brief:
    title: str
    article: Article
    bot: Bot | None
    item: ReviewItem | None
    window: tuple[str, str] | None
    traffic: int
    previous_traffic: int | None
    graded: int
    metrics: list[MetricRow]
    diagnoses: list[dict]
    questions: list[QuestionGroup]
    failing: list[FailingConversation]
    misreadings: list[Misreading]
    duplicates: list[tuple[Article, int]]
    contradictions: list[tuple[Article, ArticleFinding]]
    suggestion: str
    suggestion_source: str
    generated_at: datetime = field(default_factory=timezone.now)
    # What agents told escalated customers that the article does not say.
    agents: AgentEvidence | None = None
    # The item's last draft check (content.drafts), its result as stored.
    draft_check: dict | None = None

    @property
    def traffic_change(self) -> float | None:
        if not self.previous_traffic:
            return None
        return (self.traffic - self.previous_traffic) / self.previous_traffic

    @property
    def checklist(self) -> list[str]:
        return brief_checklist(self)

    @property
    def replay(self) -> list[str]:
        """Every phrasing of every unanswered question: what to ask the bot again."""
        seen: dict[str, None] = {}
        for group in self.questions:
            for phrasing in group.phrasings or [group.example]:
                seen.setdefault(" ".join(phrasing.split()), None)
        return list(seen)

    def filename(self, extension: str) -> str:
        stem = re.sub(r"[^A-Za-z0-9._-]+", "-", self.article.external_id).strip("-") or "article"
        prefix = f"brief-{self.item.pk}-" if self.item and self.item.pk else "brief-"
        return f"{prefix}{stem}.{extension}"


# --- gathering ---------------------------------------------------------------------------


def brief_build(
    *, item: ReviewItem | None = None, article: Article | None = None, bot: Bot | None = None
) -> Brief:
    """The brief for ``item``; or for ``article`` (on ``bot`` when given), from its most
    pressing review item when it has one, else from its traffic alone."""
    if item is None and article is None:
        raise ValueError("a brief needs a review item or an article")
    if item is None:
        item = article_item(article=article, bot=bot)
    if item is not None:
        return _item_brief(item)
    return _article_brief(article, bot or busiest_bot(article))


def article_item(*, article: Article, bot: Bot | None = None) -> ReviewItem | None:
    """The article's open item with the highest priority, else its latest closed one."""
    items = ReviewItem.objects.filter(article=article).select_related("article", "bot")
    if bot is not None:
        items = items.filter(bot=bot)
    return (
        items.active().order_by("-priority", "id").first()
        or items.order_by("-closed_at", "-created_at", "-id").first()
    )


def busiest_bot(article: Article, bots=None) -> Bot | None:
    rows = ArticleDayRollup.objects.filter(article=article)
    if bots is not None:
        rows = rows.filter(bot__in=bots)
    top = rows.values("bot").annotate(n=Sum("retrievals")).order_by("-n", "bot").first()
    return Bot.objects.filter(pk=top["bot"]).first() if top else None


def _item_brief(item: ReviewItem) -> Brief:
    evidence = item_evidence(item)
    # The stored suggestion: downloading a brief never writes one (nor asks a model).
    suggestion = RewriteSuggestion.objects.filter(item=item).first()
    data = item.evidence or {}
    window = tuple(data["window"]) if data.get("window") else None
    traffic, previous = _traffic(item.article, item.bot, window)
    return Brief(
        title=item.article.title or item.article.external_id,
        article=item.article,
        bot=item.bot,
        item=item,
        window=window,
        traffic=traffic if traffic is not None else data.get("traffic", 0),
        previous_traffic=previous,
        graded=data.get("graded", 0),
        metrics=_metric_rows(data),
        diagnoses=data.get("diagnoses", []),
        questions=evidence.questions[:QUESTIONS_SHOWN],
        failing=_distinct(evidence.failing),
        misreadings=_misreadings(evidence.unsupported),
        duplicates=evidence.duplicates,
        contradictions=[(_other(f, item.article), f) for f in evidence.contradictions],
        suggestion=suggestion.body if suggestion else "",
        suggestion_source=_source_label(suggestion) if suggestion else "",
        agents=evidence.agents,
        draft_check=_last_draft_check(item),
    )


def _last_draft_check(item: ReviewItem) -> dict | None:
    check = item.draft_checks.order_by("-created_at", "-id").first()
    return check.result if check else None


def _article_brief(article: Article, bot: Bot | None) -> Brief:
    """No review item: the same brief read from the article's recent traffic."""
    data: dict = {}
    if bot is not None:
        data = _article_evidence(article, bot)
    probe = ReviewItem(article=article, bot=bot, reason="", evidence=data)
    evidence = item_evidence(probe) if bot is not None else None
    window = tuple(data["window"]) if data.get("window") else None
    traffic, previous = _traffic(article, bot, window) if bot else (0, None)
    return Brief(
        title=article.title or article.external_id,
        article=article,
        bot=bot,
        item=None,
        window=window,
        traffic=traffic or 0,
        previous_traffic=previous,
        graded=data.get("graded", 0),
        metrics=_metric_rows(data),
        diagnoses=data.get("diagnoses", []),
        questions=evidence.questions[:QUESTIONS_SHOWN] if evidence else [],
        failing=_distinct(evidence.failing) if evidence else [],
        misreadings=_misreadings(evidence.unsupported) if evidence else [],
        duplicates=evidence.duplicates if evidence else [],
        contradictions=[(_other(f, article), f) for f in evidence.contradictions]
        if evidence
        else [],
        suggestion="",
        suggestion_source="",
    )


def _article_evidence(article: Article, bot: Bot) -> dict:
    """What a flag would have recorded: the flag window's totals, means and diagnoses."""
    rows = ArticleDayRollup.objects.filter(article=article, bot=bot)
    last = rows.aggregate(last=Max("day"))["last"]
    if last is None:
        return {"thresholds": bot.thresholds(), "metrics": {}}
    first = last - timedelta(days=flag_window_days() - 1)
    totals = {
        name: value or 0
        for name, value in rows.filter(day__gte=first, day__lte=last)
        .aggregate(**{name: Sum(name) for name in SUMMED})
        .items()
    }
    thresholds = bot.thresholds()
    means = {m: (totals[f"{m}_sum"] / n if (n := totals[f"{m}_n"]) else None) for m in thresholds}
    return {
        "window": [first.isoformat(), last.isoformat()],
        "traffic": totals["retrievals"],
        "graded": totals["graded"],
        "metrics": means,
        "thresholds": thresholds,
        "diagnoses": [
            {"id": d.rule_id, "title": d.title, "owner": d.owner, "action": d.action}
            for d in article_diagnoses(totals, thresholds)
        ],
    }


def _traffic(
    article: Article, bot: Bot | None, window: tuple[str, str] | None
) -> tuple[int | None, int | None]:
    """Retrievals in the window (every version) and in as many days just before it."""
    if bot is None or window is None:
        return None, None
    first, last = date.fromisoformat(window[0]), date.fromisoformat(window[1])
    length = (last - first).days + 1
    rows = ArticleDayRollup.objects.filter(article=article, bot=bot)

    def between(start: date, end: date) -> int:
        total = rows.filter(day__gte=start, day__lte=end).aggregate(n=Sum("retrievals"))["n"]
        return total or 0

    earlier = rows.filter(day__lt=first).exists()
    previous_first = first - timedelta(days=length)
    return between(first, last), (
        between(previous_first, first - timedelta(days=1)) if earlier else None
    )


def _distinct(failing: list[FailingConversation]) -> list[FailingConversation]:
    """The worst few, one per question: the same question failing twice teaches nothing new."""
    seen, out = set(), []
    for conversation in failing:
        key = " ".join(conversation.interaction.query.lower().split())
        if key not in seen:
            seen.add(key)
            out.append(conversation)
    return out[:FAILING_SHOWN]


def _metric_rows(data: dict) -> list[MetricRow]:
    return metric_rows(data.get("metrics") or {}, data.get("thresholds") or {})


def _misreadings(unsupported: list[dict]) -> list[Misreading]:
    groups: dict[str, list[dict]] = {}
    for fact in unsupported:
        groups.setdefault(fact.get("passage") or "", []).append(fact)
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return [
        Misreading(
            passage=passage,
            said=[fact["text"] for fact in facts[:3]],
            reason=REASON_LABELS.get(facts[0].get("reason", ""), "not supported by the sources"),
            condition_misapplied=any(f.get("reason") == "condition_misapplied" for f in facts),
        )
        for passage, facts in ordered[:5]
    ]


def _other(finding: ArticleFinding, article: Article) -> Article:
    return finding.article_b if finding.article_a_id == article.pk else finding.article_a


def _source_label(suggestion: RewriteSuggestion) -> str:
    label = (
        f"written by {suggestion.model}"
        if suggestion.source == RewriteSuggestion.Source.LLM
        else "assembled from the evidence"
    )
    if suggestion.is_edited:
        label += f", edited by {suggestion.edited_by}"
    return label


def brief_checklist(brief: Brief) -> list[str]:
    """What the writer ticks off, in the order they would do it."""
    items = [f"Answer “{group.example}” (asked {times(group.count)})" for group in brief.questions]
    for misreading in brief.misreadings:
        if misreading.condition_misapplied:
            items.append(
                f"State the condition next to the value it governs in “{short(misreading.passage)}”"
            )
        elif misreading.passage:
            items.append(f"Clarify “{short(misreading.passage)}”")
    for other, together in brief.duplicates:
        items.append(
            f"Merge with “{other.title or other.external_id}” ({other.external_id}), "
            f"retrieved together {times(together)}"
        )
    for other, _ in brief.contradictions:
        items.append(
            f"Reconcile with “{other.title or other.external_id}” ({other.external_id}): "
            "say which applies when, or retire one"
        )
    for diagnosis in brief.diagnoses:
        if diagnosis.get("owner") == "content":
            items.append(f"{diagnosis['title']}: {diagnosis['action']}")
    items += [
        "Publish the new version and re-import the article",
        "Replay the questions below against the bot and read the answers",
        "A week after publishing, check the item page: did the metrics recover?",
    ]
    return items


def times(count: int) -> str:
    return f"{count} time{'s' if count != 1 else ''}"


def short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
