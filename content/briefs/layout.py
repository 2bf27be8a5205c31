"""A brief laid out once — headings, paragraphs, lists, tables — for every format, and
rendered as Markdown. ``content.briefs.docx`` renders the same blocks as Word."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils import timezone

from audits.models import Bot
from audits.templatetags.kbaudit import metric as metric_text
from content.briefs.build import ANSWER_CHARS, Brief, short, times
from content.models import Article
from content.review.suggestions import REASON_LABELS
from kbaudit.lib.urls import absolute_url

# --- layout ------------------------------------------------------------------------------


@dataclass
class Link:
    text: str
    url: str


@dataclass
class Strong:
    text: str


Inline = str | Link | Strong


@dataclass
class Heading:
    level: int  # 0: the title, 1: a section, 2: a subsection
    text: str


@dataclass
class Paragraph:
    parts: list[Inline]


@dataclass
class ItemList:
    items: list[list[Inline]]
    numbered: bool = False


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]


@dataclass
class Checklist:
    items: list[str]


@dataclass
class Lines:
    """Plain lines to copy as they are (the replay questions)."""

    lines: list[str]


@dataclass
class MarkdownText:
    """Markdown written elsewhere (the suggestion); its headings sit under ``level``."""

    text: str
    level: int = 2


Block = Heading | Paragraph | ItemList | Table | Checklist | Lines | MarkdownText


def brief_blocks(brief: Brief) -> list[Block]:
    blocks: list[Block] = [Heading(0, f"Rewrite brief: {brief.title}"), _intro(brief)]
    blocks += _why(brief)
    blocks += _questions(brief)
    blocks += _failing(brief)
    blocks += _misread(brief)
    blocks += _agents(brief)
    blocks += _others(brief)
    blocks += _suggestion(brief)
    blocks += _draft_check(brief)
    blocks += [Heading(1, "Checklist"), Checklist(brief.checklist)]
    blocks += [
        Heading(1, "Questions to replay after the rewrite"),
        Paragraph(["One question a line, as users asked them; feed them to the bot."]),
        Lines(brief.replay) if brief.replay else Paragraph(["No unanswered questions to replay."]),
    ]
    return blocks


def _draft_check(brief: Brief) -> list[Block]:
    result = brief.draft_check
    if not result:
        return []
    summary = (
        f"{result['answered_groups']} of {result['groups_total']} question groups answered, "
        f"asked {times(result['answered_asked'])} of {result['asked_total']}."
    )
    blocks: list[Block] = [Heading(1, "Last draft check"), Paragraph([summary])]
    missed = [g for g in result["groups"] if not g["answered"]]
    if missed:
        blocks += [
            Paragraph([Strong("Still missing:")]),
            ItemList([[f"{g['example']} — asked {times(g['count'])}"] for g in missed]),
        ]
    if result["contradictions"]:
        blocks += [
            Paragraph([Strong("Contradicts other articles:")]),
            ItemList(
                [
                    [f"“{c['draft']}” — {c['title']} says “{c['other']}”"]
                    for c in result["contradictions"]
                ]
            ),
        ]
    if result["dropped"]:
        blocks += [
            Paragraph([Strong("Dropped sentences answers relied on:")]),
            ItemList([[f"“{d['sentence']}” ({times(d['answers'])})"] for d in result["dropped"]]),
        ]
    return blocks


def _intro(brief: Brief) -> Paragraph:
    article = brief.article
    parts: list[Inline] = [f"Article {article.external_id}"]
    if article.url:
        parts += [" (", Link(article.url, article.url), ")"]
    if brief.bot:
        parts.append(f" as the {brief.bot.display_name} bot retrieves it")
    if brief.item:
        parts += [
            ". Review item ",
            Link(f"#{brief.item.pk}", absolute_url(brief.item.get_absolute_url())),
            f": {brief.item.get_reason_display().lower()}, "
            f"{brief.item.get_status_display().lower()}, priority {brief.item.priority:.1f}",
        ]
        if brief.item.assignee:
            parts.append(f", assigned to {brief.item.assignee}")
    parts.append(f". Brief made {timezone.localtime(brief.generated_at):%Y-%m-%d %H:%M}.")
    return Paragraph(parts)


def _why(brief: Brief) -> list[Block]:
    title = "Why it was flagged" if brief.item else "How the article is doing"
    blocks: list[Block] = [Heading(1, title)]
    if brief.window is None:
        return [*blocks, Paragraph(["No graded traffic yet for this article."])]
    trend = ""
    if brief.previous_traffic is not None:
        change = brief.traffic_change
        trend = f", against {brief.previous_traffic} in as many days before" + (
            f" ({change:+.0%})" if change is not None else ""
        )
    blocks.append(
        Paragraph(
            [
                f"{brief.traffic} retrievals and {brief.graded} graded answers between "
                f"{brief.window[0]} and {brief.window[1]}{trend}."
            ]
        )
    )
    rows = [
        [
            f"{row.short} — {row.question}",
            metric_text(row.value),
            "—" if row.threshold is None else f"{row.threshold:.2f}",
            "below threshold" if row.below else "",
        ]
        for row in brief.metrics
    ]
    blocks += [Heading(2, "Metrics"), Table(["Metric", "Mean", "Threshold", ""], rows)]
    if brief.diagnoses:
        blocks += [
            Heading(2, "Diagnoses"),
            ItemList(
                [
                    [Strong(d["title"]), f" ({d.get('owner', '')}): {d.get('action', '')}"]
                    for d in brief.diagnoses
                ]
            ),
        ]
    return blocks


def _questions(brief: Brief) -> list[Block]:
    blocks: list[Block] = [Heading(1, "Questions the article never answers")]
    if not brief.questions:
        return [*blocks, Paragraph(["Every question asked while it was retrieved was covered."])]
    items = []
    for group in brief.questions:
        line: list[Inline] = [Strong(group.example), f" — asked {times(group.count)}"]
        others = [p for p in group.phrasings if p != group.example][:3]
        if others:
            line.append("; also asked as " + ", ".join(f"“{p}”" for p in others))
        items.append(line)
    return [*blocks, ItemList(items, numbered=True)]


def _failing(brief: Brief) -> list[Block]:
    blocks: list[Block] = [Heading(1, "Failing conversations, worst first")]
    if not brief.failing:
        return [*blocks, Paragraph(["No failing conversation on record."])]
    for number, conversation in enumerate(brief.failing, start=1):
        interaction = conversation.interaction
        evaluation = conversation.evaluation
        when = timezone.localtime(interaction.timestamp).strftime("%Y-%m-%d %H:%M")
        heading = short(interaction.query, 90)
        blocks.append(Heading(2, f"{number}. “{heading}”"))
        lines: list[list[Inline]] = []
        if heading != " ".join(interaction.query.split()):
            lines.append([f"Asked: “{interaction.query}”"])
        lines.append([f"Answered: “{short(interaction.response, ANSWER_CHARS)}”"])
        if conversation.uncovered:
            lines.append(["Not answered: " + "; ".join(conversation.uncovered)])
        for fact in conversation.unsupported[:3]:
            reason = REASON_LABELS.get(fact.get("reason", ""), "unsupported")
            lines.append([f"Unsupported: “{fact['text']}” — {reason}"])
        verdict = evaluation.get_cause_display() if evaluation.cause else evaluation.verdict
        feedback = ", thumbs down" if interaction.feedback == "down" else ""
        lines.append(
            [
                f"{when}, {verdict}{feedback}: ",
                Link("open the conversation", absolute_url(interaction.get_absolute_url())),
            ]
        )
        blocks.append(ItemList(lines))
    return blocks


def _misread(brief: Brief) -> list[Block]:
    if not brief.misreadings:
        return []
    items = []
    for misreading in brief.misreadings:
        said = "; ".join(f"“{text}”" for text in misreading.said)
        line: list[Inline] = [f"The bot said {said} — {misreading.reason}."]
        if misreading.passage:
            line += [" Passage: ", Strong(f"“{misreading.passage}”")]
        items.append(line)
    return [Heading(1, "Unsupported facts and the passages they misread"), ItemList(items)]


def _agents(brief: Brief) -> list[Block]:
    agents = brief.agents
    if not agents:
        return []
    blocks: list[Block] = []
    if agents.groups:
        people = f"{agents.customers} customer{'s' if agents.customers != 1 else ''}"
        blocks += [
            Heading(1, "What agents told customers that the article does not say"),
            Paragraph([f"After the bot handed them over, agents told {people}:"]),
            ItemList([[f"“{g.example}” — {times(g.count)}"] for g in agents.groups]),
        ]
    if agents.contradictions:
        blocks += [
            Heading(2, "Where agents gave another value than the article"),
            ItemList(
                [
                    [f"An agent said “{f.fact}”; the article says “{f.passage}”."]
                    for f in agents.contradictions
                ]
            ),
        ]
    return blocks


def _others(brief: Brief) -> list[Block]:
    if not brief.duplicates and not brief.contradictions:
        return []
    blocks: list[Block] = [Heading(1, "Other articles")]
    if brief.duplicates:
        blocks += [
            Heading(2, "Duplicates to merge"),
            ItemList(
                [
                    [
                        Link(other.title or other.external_id, _article_url(other, brief.bot)),
                        f" ({other.external_id}), retrieved together {times(together)}",
                    ]
                    for other, together in brief.duplicates
                ]
            ),
        ]
    if brief.contradictions:
        items = []
        for other, finding in brief.contradictions:
            line: list[Inline] = [
                Link(other.title or other.external_id, _article_url(other, brief.bot)),
                f" ({other.external_id}) says otherwise",
            ]
            for passage in (finding.passages or [])[:2]:
                mine, theirs = (
                    (passage.get("a"), passage.get("b"))
                    if finding.article_a_id == brief.article.pk
                    else (passage.get("b"), passage.get("a"))
                )
                line.append(f": this article “{mine}”, the other “{theirs}”")
            items.append(line)
        blocks += [Heading(2, "Contradicting articles"), ItemList(items)]
    return blocks


def _article_url(article: Article, bot: Bot | None) -> str:
    url = absolute_url(article.get_absolute_url())
    return f"{url}?bot={bot.slug}" if bot else url


def _suggestion(brief: Brief) -> list[Block]:
    blocks: list[Block] = [Heading(1, "Rewrite suggestion")]
    if not brief.suggestion and brief.item is not None:
        return [
            *blocks,
            Paragraph(
                [
                    "No suggestion yet: generate one on the item's page, or start from the "
                    "questions and passages above."
                ]
            ),
        ]
    if not brief.suggestion:
        return [
            *blocks,
            Paragraph(
                [
                    "No review item is open for this article, so there is no stored "
                    "suggestion; start from the questions and passages above."
                ]
            ),
        ]
    text = re.sub(r"\A\s*#{1,6}\s*Rewrite suggestion\b[^\n]*\n", "", brief.suggestion)
    return [*blocks, Paragraph([f"({brief.suggestion_source})"]), MarkdownText(text.strip())]


# --- Markdown ----------------------------------------------------------------------------

MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def md_escape(text: str) -> str:
    """Untrusted text as inert Markdown, on one line."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", re.sub(r"\s+", " ", str(text)))


def _md_inline(parts: list[Inline]) -> str:
    out = []
    for part in parts:
        if isinstance(part, Link):
            out.append(f"[{md_escape(part.text)}](<{part.url}>)")
        elif isinstance(part, Strong):
            out.append(f"**{md_escape(part.text)}**")
        else:
            out.append(md_escape(part))
    return "".join(out)


def shift_headings(text: str, top: int) -> str:
    """Markdown whose shallowest heading becomes level ``top`` (outside code fences)."""
    lines, fenced, levels = text.splitlines(), False, []
    for line in lines:
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"(#{1,6})\s", line)):
            levels.append(len(match.group(1)))
    if not levels:
        return text
    delta, fenced, out = top - min(levels), False, []
    for line in lines:
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"(#{1,6})(\s.*)", line)):
            line = "#" * max(1, min(6, len(match.group(1)) + delta)) + match.group(2)
        out.append(line)
    return "\n".join(out)


def _md_block(block: Block) -> str:
    if isinstance(block, Heading):
        return f"{'#' * (block.level + 1)} {md_escape(block.text)}"
    if isinstance(block, Paragraph):
        return _md_inline(block.parts)
    if isinstance(block, ItemList):
        return "\n".join(
            f"{f'{n}.' if block.numbered else '-'} {_md_inline(parts)}"
            for n, parts in enumerate(block.items, start=1)
        )
    if isinstance(block, Table):
        cells = [block.header, *block.rows]
        lines = ["| " + " | ".join(md_escape(c) for c in row) + " |" for row in cells]
        lines.insert(1, "|" + "---|" * len(block.header))
        return "\n".join(lines)
    if isinstance(block, Checklist):
        return "\n".join(f"- [ ] {md_escape(text)}" for text in block.items)
    if isinstance(block, Lines):
        longest = max(
            (len(run) for line in block.lines for run in re.findall(r"`+", line)), default=0
        )
        fence = "`" * max(3, longest + 1)
        return "\n".join([f"{fence}text", *(" ".join(line.split()) for line in block.lines), fence])
    return shift_headings(block.text, block.level + 1)


def blocks_markdown(blocks: list[Block]) -> str:
    return "\n\n".join(_md_block(block) for block in blocks) + "\n"


def brief_markdown(brief: Brief) -> str:
    return blocks_markdown(brief_blocks(brief))
