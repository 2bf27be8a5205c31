"""Missing content: the sub-questions no retrieved article was even about, grouped by
meaning and counted — "write a new page" work, apart from "fix this page"."""

from __future__ import annotations

from datetime import date

from audits.models import Bot
from content.analytics.periods import day_bounds
from content.models import Article, BotKnowledgeBase, InteractionAttribution
from content.questions import QuestionGroup, group_by_meaning

# The latest missing sub-questions a list reads at most.
RECENT = 20000
# A title this close in meaning to a missing question names an article that answers it.
EXISTING_TITLE = 0.7
TITLES = 20000


def missing_articles(*, bot: Bot, first: date, last: date, limit: int = 20) -> list[QuestionGroup]:
    """The period's missing-content questions by meaning, most asked first."""
    start, end = day_bounds(first, last)
    rows = (
        InteractionAttribution.objects.filter(
            bot=bot, missing__gt=0, occurred_at__gte=start, occurred_at__lt=end
        )
        .order_by("-occurred_at")
        .values_list("interaction_id", "missing_questions")[:RECENT]
    )
    questions = [(q, iid) for iid, asked in rows for q in asked or [] if isinstance(q, str)]
    groups = group_by_meaning(questions)[:limit]
    _point_at_existing(groups, BotKnowledgeBase.objects.for_bots([bot.pk])[bot.pk])
    return groups


def _point_at_existing(groups: list[QuestionGroup], knowledge_base_id: int) -> None:
    """A group whose question an article's title answers by name is a retrieval miss,
    not a page to write: the group says which article (``existing``)."""
    if not groups:
        return
    from kbaudit.text.embeddings import embed

    published = Article.objects.real().filter(knowledge_base_id=knowledge_base_id)
    titles = list(published.exclude(title="").values_list("pk", "title")[:TITLES])
    if not titles:
        return
    similarity = embed([g.example for g in groups]) @ embed([t for _, t in titles]).T
    for row, group in enumerate(groups):
        best = int(similarity[row].argmax())
        if similarity[row, best] >= EXISTING_TITLE:
            group.existing = Article(pk=titles[best][0], title=titles[best][1])
