"""Rewrite suggestions per review item (SPEC §6): from a language model when one is
configured, otherwise assembled from the evidence. Stored, regenerable, editable."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Count
from django.utils import timezone

from audits.judges import llm_configured
from audits.judges.base import METRIC_LABELS, JudgeError
from audits.judges.rewrite import RewriteWriter
from audits.models import Bot, RetrievedSource
from content.escalations.evidence import AgentEvidence, agent_evidence, escalation_rate
from content.models import Article, ArticleFinding, ReviewItem, RewriteSuggestion
from content.review.evidence import QuestionGroup, failing_conversations, unanswered_sub_questions
from content.review.flags import flag_window_days
from kbaudit.lib.thresholds import below

log = logging.getLogger(__name__)
REASON_LABELS = {
    "not_in_sources": "not in the article",
    "contradicts_source": "contradicts the article",
    "condition_misapplied": "applies a value outside the condition the article ties it to",
}


@dataclass
class ItemEvidence:
    """Everything a writer (or a brief, or a model) needs to know about one item."""

    item: ReviewItem
    questions: list[QuestionGroup]
    failing: list
    duplicates: list[tuple[Article, int]]
    contradictions: list[ArticleFinding]
    # What human agents told escalated customers, and how often customers escalated.
    agents: AgentEvidence | None = None
    escalation: dict | None = None

    @property
    def unsupported(self) -> list[dict]:
        seen, out = set(), []
        for conversation in self.failing:
            for fact in conversation.unsupported:
                key = (fact["text"], fact.get("reason"))
                if key not in seen:
                    seen.add(key)
                    out.append(fact)
        return out


def co_retrieved(article: Article, bot: Bot, *, limit: int = 3) -> list[tuple[Article, int]]:
    """Articles most often retrieved in the same interactions as ``article``."""
    mine = RetrievedSource.objects.production().filter(article_key=article.external_id, bot=bot)
    rows = (
        RetrievedSource.objects.filter(interaction_id__in=mine.values("interaction_id"), bot=bot)
        .exclude(article_key=article.external_id)
        .values("article_key")
        .annotate(n=Count("interaction_id", distinct=True))
        .order_by("-n", "article_key")[:limit]
    )
    same_kb = Article.objects.filter(
        knowledge_base_id=article.knowledge_base_id,
        external_id__in=[r["article_key"] for r in rows],
    )
    articles = {other.external_id: other for other in same_kb}
    return [(articles[r["article_key"]], r["n"]) for r in rows if r["article_key"] in articles]


def evidence_window(item: ReviewItem):
    """The item's flag window: its evidence is drawn from that traffic only."""
    window = (item.evidence or {}).get("window")
    if window and len(window) == 2:
        return (date.fromisoformat(window[0]), date.fromisoformat(window[1]))
    return None


def item_evidence(item: ReviewItem) -> ItemEvidence:
    bots = [item.bot]
    findings = (
        ArticleFinding.objects.active()
        .involving(item.article)
        .select_related("article_a", "article_b")
    )
    duplicates = [
        (f.article_b if f.article_a_id == item.article_id else f.article_a, f.co_retrievals)
        for f in findings
        if f.kind == ArticleFinding.Kind.DUPLICATE
    ]
    diagnosis_ids = {d["id"] for d in (item.evidence or {}).get("diagnoses", [])}
    if not duplicates and "near-duplicate-retrieval" in diagnosis_ids:
        duplicates = co_retrieved(item.article, item.bot)
    window = evidence_window(item)
    # Agents' replies and escalations: the same window, else the latest flag window.
    first, last = window or recent_flag_window()
    return ItemEvidence(
        item=item,
        questions=unanswered_sub_questions(item.article, bots, window=window)[:12],
        failing=failing_conversations(item.article, bots, limit=8, window=window),
        duplicates=duplicates,
        contradictions=[f for f in findings if f.kind == ArticleFinding.Kind.CONTRADICTION],
        agents=agent_evidence(article=item.article, bot=item.bot, first=first, last=last),
        escalation=escalation_rate(article=item.article, bot=item.bot, first=first, last=last),
    )


def recent_flag_window() -> tuple[date, date]:
    """The flag window's length, ending today."""
    today = timezone.now().date()
    return today - timedelta(days=flag_window_days() - 1), today


def _metric_line(evidence: dict) -> str:
    metrics, thresholds = evidence.get("metrics", {}), evidence.get("thresholds", {})
    parts = []
    for name, (short, _) in METRIC_LABELS.items():
        value = metrics.get(name)
        if below(value, thresholds.get(name, 0)):
            parts.append(f"{short} {value:.2f} (threshold {thresholds[name]})")
    return ", ".join(parts) or "no metric below threshold"


def evidence_markdown(evidence: ItemEvidence) -> str:
    """The suggestion assembled from the evidence alone (no language model)."""
    item = evidence.item
    data = item.evidence or {}
    lines = [
        f"## Rewrite suggestion: {item.article.title or item.article.external_id}",
        "",
        f"Flagged as **{item.get_reason_display().lower()}** on {data.get('traffic', 0)} "
        f"retrievals ({data.get('graded', 0)} graded answers): {_metric_line(data)}.",
        "",
    ]
    if evidence.questions:
        lines += ["### What to add: questions the article never answers", ""]
        for group in evidence.questions:
            lines.append(
                f"- **{group.example}** — asked {group.count} time{'s' if group.count != 1 else ''}"
            )
            for phrasing in group.phrasings[1:3]:
                lines.append(f"  - also asked as “{phrasing}”")
        lines += ["", "Add each as an FAQ entry with a direct answer.", ""]
    if evidence.unsupported:
        lines += ["### What to clarify: passages the bot misread", ""]
        for passage, facts in _by_passage(evidence.unsupported)[:5]:
            said = "; ".join(f"“{fact['text']}”" for fact in facts[:3])
            reason = REASON_LABELS.get(facts[0].get("reason", ""), "unsupported")
            lines.append(f"- The bot said {said} — {reason}.")
            if passage:
                lines.append(f"  - Passage: “{passage}”")
            if any(fact.get("reason") == "condition_misapplied" for fact in facts):
                lines.append("  - State the condition explicitly next to the value it governs.")
        lines.append("")
    if evidence.duplicates:
        lines += ["### Duplicates to merge", ""]
        for article, together in evidence.duplicates:
            lines.append(
                f"- “{article.title or article.external_id}” ({article.external_id}) — retrieved "
                f"together {together} time{'s' if together != 1 else ''}: merge into one article."
            )
        lines.append("")
    if evidence.contradictions:
        lines += ["### Contradicting articles", ""]
        for finding in evidence.contradictions:
            other = (
                finding.article_b if finding.article_a_id == item.article_id else finding.article_a
            )
            lines.append(
                f"- “{other.title}” says otherwise; state the condition that tells them apart, or retire one."
            )
        lines.append("")
    lines += _agent_lines(evidence)
    actions = [d for d in data.get("diagnoses", []) if d.get("owner") == "content"]
    if actions:
        lines += ["### What the diagnoses recommend", ""]
        lines += [f"- {d['title']}: {d['action']}" for d in actions]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _agent_lines(evidence: ItemEvidence) -> list[str]:
    agents = evidence.agents
    if not agents:
        return []
    lines = []
    if agents.groups:
        people = f"{agents.customers} customer{'s' if agents.customers != 1 else ''}"
        lines += [f"### What agents told {people} that the article does not say", ""]
        for group in agents.groups:
            lines.append(
                f"- “{group.example}” — {group.count} time{'s' if group.count != 1 else ''}"
            )
        lines += ["", "Add what is right of these to the article, so the bot can say it.", ""]
    if agents.contradictions:
        lines += ["### Where agents gave another value than the article", ""]
        for fact in agents.contradictions:
            lines.append(f"- An agent said “{fact.fact}”; the article says “{fact.passage}”.")
        lines += ["", "Check which is right and correct the article or brief the agents.", ""]
    return lines


def _by_passage(facts: list[dict]) -> list[tuple[str, list[dict]]]:
    """Unsupported facts grouped by the passage they misread, most misread first."""
    groups: dict[str, list[dict]] = {}
    for fact in facts:
        groups.setdefault(fact.get("passage") or "", []).append(fact)
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))


def suggestion_generate(*, item: ReviewItem, use_llm: bool | None = None) -> RewriteSuggestion:
    """(Re)generate the item's suggestion; a writer's edit is replaced, on request only."""
    evidence = item_evidence(item)
    text = evidence_markdown(evidence)
    values = {
        "source": RewriteSuggestion.Source.EVIDENCE,
        "model": "",
        "prompt_version": "",
        "prompt_tokens": 0,
        "completion_tokens": 0,
    }
    if llm_configured() if use_llm is None else use_llm:
        try:
            rewrite = _llm_rewrite(item, text)
        except JudgeError as exc:
            log.warning(
                "rewrite suggestion for item %s fell back to the evidence: %s", item.pk, exc
            )
        else:
            text = rewrite.markdown
            values = {
                "source": RewriteSuggestion.Source.LLM,
                "model": rewrite.model,
                "prompt_version": rewrite.prompt_version,
                "prompt_tokens": rewrite.prompt_tokens,
                "completion_tokens": rewrite.completion_tokens,
            }
    suggestion, _ = RewriteSuggestion.objects.update_or_create(
        item=item,
        defaults={
            **values,
            "body": text,
            "generated_body": text,
            "generated_at": timezone.now(),
            "edited_by": None,
            "edited_at": None,
        },
    )
    return suggestion


def _llm_rewrite(item: ReviewItem, evidence_text: str):
    version = item.article.current_version()
    body = version.body if version else "(the article text was never imported)"
    return RewriteWriter.from_settings().write(
        title=item.article.title or item.article.external_id, body=body, evidence=evidence_text
    )


def suggestion_edit(*, suggestion: RewriteSuggestion, user, body: str) -> RewriteSuggestion:
    suggestion.body = body.strip() + "\n"
    suggestion.edited_by = user
    suggestion.edited_at = timezone.now()
    suggestion.save(update_fields=["body", "edited_by", "edited_at"])
    return suggestion
