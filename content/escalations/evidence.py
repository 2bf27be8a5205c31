"""What the pages, the brief and the rewrite suggestion show of escalations."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Count, Sum
from django.utils import timezone

from audits.models import Bot
from content.analytics.periods import day_bounds
from content.models import AgentReplyFact, Article, ArticleDayRollup, BotDayRollup, ReviewItem
from content.questions.grouping import QuestionGroup, group_by_meaning
from content.review.flags import flag_window_days, review_item_raise

# Statements closer than this (cosine distance) say the same thing.
SAME_MEANING = 0.35
EXAMPLES = 3
SHOWN_GROUPS = 8


@dataclass
class AgentEvidence:
    customers: int
    groups: list[QuestionGroup]
    contradictions: list[AgentReplyFact]

    def __bool__(self) -> bool:
        return bool(self.customers or self.contradictions)


def group_statements(statements: list[tuple[str, int]]) -> list[QuestionGroup]:
    """(statement, interaction id) pairs grouped by meaning, largest group first, each
    named by its most central wording; statements sit closer than questions do."""
    return group_by_meaning(statements, distance=SAME_MEANING)


def agent_evidence(*, article: Article, bot: Bot, first: date, last: date) -> AgentEvidence:
    start, end = day_bounds(first, last)
    facts = AgentReplyFact.objects.filter(bot=bot, occurred_at__gte=start, occurred_at__lt=end)
    unsupported = list(
        facts.filter(article=article, kind=AgentReplyFact.Kind.UNSUPPORTED).values_list(
            "fact", "interaction_id"
        )
    )
    contradictions = list(
        facts.filter(other_article=article, kind=AgentReplyFact.Kind.CONTRADICTS).order_by(
            "-occurred_at"
        )[:EXAMPLES]
    )
    return AgentEvidence(
        customers=len({interaction for _, interaction in unsupported}),
        groups=group_statements(unsupported)[:SHOWN_GROUPS],
        contradictions=contradictions,
    )


def missing_page_statements(*, bot: Bot, first: date, last: date) -> list[QuestionGroup]:
    """What agents said about questions no retrieved article was about: pages to write."""
    start, end = day_bounds(first, last)
    statements = list(
        AgentReplyFact.objects.filter(
            bot=bot,
            article__isnull=True,
            kind=AgentReplyFact.Kind.UNSUPPORTED,
            occurred_at__gte=start,
            occurred_at__lt=end,
        ).values_list("fact", "interaction_id")[:2000]
    )
    return group_statements(statements)[:SHOWN_GROUPS]


def bot_escalations(*, bot: Bot, first: date, last: date) -> dict:
    """The overview's numbers: how many conversations went to a person, and what agents
    said about questions no retrieved article was about."""
    totals = BotDayRollup.objects.filter(bot=bot, day__gte=first, day__lte=last).aggregate(
        interactions=Sum("interactions"), escalated=Sum("escalated")
    )
    interactions, escalated = totals["interactions"] or 0, totals["escalated"] or 0
    return {
        "interactions": interactions,
        "escalated": escalated,
        "rate": escalated / interactions if interactions else None,
        "missing": missing_page_statements(bot=bot, first=first, last=last),
    }


def escalation_rate(*, article: Article, bot: Bot, first: date, last: date) -> dict:
    totals = ArticleDayRollup.objects.filter(
        bot=bot, article=article, day__gte=first, day__lte=last
    ).aggregate(interactions=Sum("interactions"), escalated=Sum("escalated"))
    interactions, escalated = totals["interactions"] or 0, totals["escalated"] or 0
    return {
        "interactions": interactions,
        "escalated": escalated,
        "rate": escalated / interactions if interactions else None,
    }


def agent_contradiction_items_update(*, bot: Bot, today: date | None = None) -> int:
    """Articles whose values agents contradicted in the flag window become review items;
    priority grows with the number of customers told otherwise."""
    today = today or timezone.now().date()
    first = today - timedelta(days=flag_window_days() - 1)
    rows = (
        AgentReplyFact.objects.filter(
            bot=bot,
            kind=AgentReplyFact.Kind.CONTRADICTS,
            other_article__isnull=False,
            occurred_at__gte=day_bounds(first, today)[0],
        )
        .values("other_article_id")
        .annotate(n=Count("interaction_id", distinct=True))
    )
    raised = 0
    for row in rows:
        examples = AgentReplyFact.objects.filter(
            bot=bot, kind=AgentReplyFact.Kind.CONTRADICTS, other_article_id=row["other_article_id"]
        ).order_by("-occurred_at")[:EXAMPLES]
        evidence = {
            "window": [first.isoformat(), today.isoformat()],
            "agent_contradictions": row["n"],
            "examples": [{"agent": f.fact, "article": f.passage} for f in examples],
        }
        outcome = review_item_raise(
            bot_id=bot.pk,
            article_id=row["other_article_id"],
            reason=ReviewItem.Reason.AGENT_CONTRADICTION,
            priority=10.0 * row["n"],
            severity=float(row["n"]),
            topic="",
            evidence=evidence,
        )
        raised += outcome in ("created", "reflagged")
    return raised
