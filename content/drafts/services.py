"""Replay an article's failing and never-answered sub-questions against a draft.

1. The questions: every sub-question of the window's credited interactions that failed
   (insufficient) or that no retrieved chunk covered, on the article's subject, grouped
   by meaning (content.questions) and counted.
2. Coverage: each group's phrasings are put to the offline judge with the draft's
   sections as the only sources (its public ``judge``); a group is answered when a
   section covers one of them.
3. Contradictions: the draft against the articles that share the article's traffic or
   a finding, with the knowledge-base scan's check (kb_scan.contradictions).
4. Dropped sentences: the current version's sentences that grounded facts of answers in
   the window and that the draft no longer says (in its words or others).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta

from django.db.models import Count, Max

from audits.judges.base import JudgeInput, SourceText
from audits.models import Bot, RetrievedSource
from content.kb_scan.contradictions import conflicts
from content.kb_scan.duplicates import MATCH, dice
from content.kb_scan.passages import article_text, passages_of
from content.models import Article, ArticleDayRollup, ArticleFinding, DraftCheck, ReviewItem
from content.questions import group_by_meaning
from content.review.evidence import (
    _about_article,
    _article_ranks,
    _json,
    _span,
    credited_evaluations,
)

# Phrasings of a group put to the draft (the most asked first).
PHRASINGS_TRIED = 3
# Other articles the draft is compared with, at most.
NEIGHBOURS = 20
# A fact leans on a sentence of the article at this Dice similarity of their stems.
LEANS_ON = 0.5


@dataclass
class GroupOutcome:
    example: str
    count: int
    variants: list[str]
    answered: bool
    section: str = ""


@dataclass
class DraftReport:
    window: list[str]
    groups: list[GroupOutcome] = field(default_factory=list)
    contradictions: list[dict] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)

    @property
    def answered(self) -> list[GroupOutcome]:
        return [g for g in self.groups if g.answered]

    @property
    def missed(self) -> list[GroupOutcome]:
        return [g for g in self.groups if not g.answered]

    def summary(self) -> dict:
        return {
            "answered_groups": len(self.answered),
            "groups_total": len(self.groups),
            "answered_asked": sum(g.count for g in self.answered),
            "asked_total": sum(g.count for g in self.groups),
        }

    def as_json(self) -> dict:
        return {
            "window": self.window,
            "groups": [asdict(g) for g in self.groups],
            "contradictions": self.contradictions,
            "dropped": self.dropped,
            **self.summary(),
        }


def check_window(article: Article, bot: Bot, item: ReviewItem | None) -> tuple[date, date] | None:
    """The item's flag window, else the article's latest 28 days of traffic."""
    from content.review.flags import flag_window_days
    from content.review.suggestions import evidence_window

    if item is not None and (window := evidence_window(item)):
        return window
    last = ArticleDayRollup.objects.filter(article=article, bot=bot).aggregate(d=Max("day"))["d"]
    return (last - timedelta(days=flag_window_days() - 1), last) if last else None


def draft_report(
    *, article: Article, bot: Bot, draft: str, window: tuple[date, date] | None
) -> DraftReport:
    report = DraftReport(window=[d.isoformat() for d in window] if window else [])
    asked, relied_on = _traffic(article, bot, window)
    sections = _sections(draft)
    report.groups = [_replay(group, sections) for group in group_by_meaning(asked)]
    report.contradictions = _contradictions(article, bot, draft)
    report.dropped = _dropped(article, draft, relied_on)
    return report


def draft_check(
    *,
    article: Article,
    bot: Bot,
    draft: str,
    item: ReviewItem | None = None,
    author=None,
) -> DraftCheck:
    """Check ``draft`` and keep the result with the item's history."""
    window = check_window(article, bot, item)
    report = draft_report(article=article, bot=bot, draft=draft, window=window)
    check = DraftCheck.objects.create(
        article=article, item=item, bot=bot, author=author, draft=draft, result=report.as_json()
    )
    if item is not None:
        item.events.create(
            actor=author, action="draft_checked", detail={"check": check.pk, **report.summary()}
        )
    return check


# --- the questions --------------------------------------------------------------------


def _traffic(article: Article, bot: Bot, window) -> tuple[list[tuple[str, int]], Counter]:
    """The sub-questions to replay, and the facts the article grounded (text -> answers)."""
    rows = list(
        credited_evaluations(article, [bot], window=window, recent=None)
        .exclude(judge__in=["feedback", "rule"])
        .values_list("interaction_id", "verdict", "details", "occurred_at")
    )
    # Within the span of the evaluations' times, the interactions': only those months.
    ranks = _article_ranks(article, [row[0] for row in rows], span=_span([row[3] for row in rows]))
    candidates: list[tuple[str, int, int]] = []
    facts: Counter = Counter()
    for interaction_id, verdict, details, _ in rows:
        details = details or {}
        questions = _json(details.get("sub_queries"))
        matches = details.get("matches") or {}
        source_query = matches.get("source_query") or []
        mine = [r - 1 for r in ranks.get(interaction_id, [])]
        for j, question in enumerate(questions):
            covered = any(j < len(row) and row[j] for row in source_query)
            if verdict == "insufficient" or not covered:
                rank = 1 if any(any(source_query[i]) for i in mine if i < len(source_query)) else 9
                candidates.append((question, interaction_id, min([rank, *(i + 1 for i in mine)])))
        for f, row in enumerate(matches.get("response_source") or []):
            if any(i < len(row) and row[i] for i in mine) and f < len(details.get("facts") or []):
                facts[details["facts"][f]] += 1
    return _about_article(article, candidates), facts


def _sections(draft: str) -> list[tuple[str, str]]:
    """The draft cut as a retriever cuts an article: one chunk per ``##`` section."""
    chunks, heading, lines = [], "", []
    for line in draft.replace("\r", "").split("\n"):
        if line.lstrip().startswith("#"):
            if any(part.strip() for part in lines):
                chunks.append((heading, "\n".join(lines).strip()))
            heading, lines = line.lstrip("# ").strip(), [line]
        else:
            lines.append(line)
    if any(part.strip() for part in lines):
        chunks.append((heading, "\n".join(lines).strip()))
    return chunks


def _replay(group, sections: list[tuple[str, str]]) -> GroupOutcome:
    from audits.judges.offline import OfflineJudge

    judge = OfflineJudge()
    sources = [SourceText(rank=i + 1, text=text) for i, (_, text) in enumerate(sections)]
    outcome = GroupOutcome(group.example, group.count, group.phrasings[:5], answered=False)
    for phrasing in group.phrasings[:PHRASINGS_TRIED]:
        result = judge.judge(JudgeInput(query=phrasing, sources=sources, response=""))
        for i, row in enumerate(result.matches.source_query):
            if any(row):
                outcome.answered, outcome.section = True, sections[i][0]
                return outcome
    return outcome


# --- contradictions and dropped sentences ------------------------------------------------


def _neighbours(article: Article, bot: Bot) -> list[Article]:
    mine = RetrievedSource.objects.production().filter(article_key=article.external_id, bot=bot)
    keys = list(
        RetrievedSource.objects.filter(interaction_id__in=mine.values("interaction_id")[:5000])
        .exclude(article_key=article.external_id)
        .values("article_key")
        .annotate(n=Count("interaction_id"))
        .order_by("-n")
        .values_list("article_key", flat=True)[:NEIGHBOURS]
    )
    paired = ArticleFinding.objects.involving(article).values_list("article_a_id", "article_b_id")
    ids = {a for pair in paired for a in pair} - {article.pk}
    return list(
        Article.objects.real().filter(
            knowledge_base_id=article.knowledge_base_id, external_id__in=keys
        )
        | Article.objects.filter(pk__in=ids)
    )


def _contradictions(article: Article, bot: Bot, draft: str) -> list[dict]:
    mine = article_text(article_id=article.pk, version_id=0, title=article.title, body=draft)
    found = []
    for other in _neighbours(article, bot):
        version = other.current_version()
        if version is None:
            continue
        theirs = article_text(
            article_id=other.pk, version_id=version.pk, title=other.title, body=version.body
        )
        for conflict in conflicts(mine, theirs):
            found.append(
                {
                    "article": other.external_id,
                    "title": other.title,
                    "draft": conflict.a,
                    "other": conflict.b,
                    "values": [conflict.value_a, conflict.value_b],
                }
            )
    return found


def _dropped(article: Article, draft: str, facts: Counter) -> list[dict]:
    """Sentences of the current version that grounded answers and that the draft lost."""
    version = article.current_version()
    if version is None or not facts:
        return []
    current = passages_of(version.body)
    kept = passages_of(draft)
    fact_stems = [
        (frozenset(p.stems), n) for text, n in facts.items() for p in passages_of(text)[:1]
    ]
    lost = []
    for passage in current:
        leaning = sum(n for stems, n in fact_stems if dice(passage.stems, stems) >= LEANS_ON)
        if leaning and not any(dice(passage.stems, other.stems) >= MATCH for other in kept):
            lost.append((passage, leaning))
    restated = _said_otherwise([p.text for p, _ in lost], [p.text for p in kept])
    dropped = [
        {"sentence": passage.text, "section": passage.section, "answers": leaning}
        for (passage, leaning), said in zip(lost, restated, strict=True)
        if not said
    ]
    return sorted(dropped, key=lambda d: -d["answers"])


def _said_otherwise(sentences: list[str], draft_sentences: list[str]) -> list[bool]:
    """Whether the draft says each sentence in other words (the scan's sentence match)."""
    from content.kb_scan.semantic import SENTENCE_MATCH
    from kbaudit.text.embeddings import embed

    if not sentences or not draft_sentences:
        return [False] * len(sentences)
    vectors = embed(sentences)
    similarity = vectors @ embed(draft_sentences).T
    return [bool(row.max() >= SENTENCE_MATCH) for row in similarity]
