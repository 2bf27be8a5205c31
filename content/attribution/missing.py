"""Missing content: the sub-questions no retrieved article was even about, grouped by
meaning and counted — "write a new page" work, apart from "fix this page"."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from audits.models import Bot
from content.models import InteractionAttribution
from content.questions import QuestionGroup, group_by_meaning

# The latest missing sub-questions a list reads at most.
RECENT = 20000


def missing_articles(*, bot: Bot, first: date, last: date, limit: int = 20) -> list[QuestionGroup]:
    """The period's missing-content questions by meaning, most asked first."""
    rows = (
        InteractionAttribution.objects.filter(
            bot=bot,
            missing__gt=0,
            occurred_at__gte=datetime.combine(first, time.min, tzinfo=UTC),
            occurred_at__lt=datetime.combine(last + timedelta(days=1), time.min, tzinfo=UTC),
        )
        .order_by("-occurred_at")
        .values_list("interaction_id", "missing_questions")[:RECENT]
    )
    questions = [(q, iid) for iid, asked in rows for q in asked or [] if isinstance(q, str)]
    return group_by_meaning(questions)[:limit]
