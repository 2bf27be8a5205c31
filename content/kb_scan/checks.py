"""One candidate pair, checked: do the articles repeat each other, or contradict?

Duplicates are always found by passage overlap. Contradictions are found by the
deterministic check, or by the consistency judge when a model is configured; a failed
model call falls back to the deterministic check, so a scan never stops on a model.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, field

from audits.judges.base import JudgeError
from audits.judges.consistency import Consistency

from .contradictions import Conflict, conflicts
from .duplicates import Overlap, dice, overlap
from .passages import ArticleText, Passage, passages_of, shared_subjects
from .semantic import sentence_scores

log = logging.getLogger(__name__)
# A sentence the model quotes must match one of the article's own at this similarity,
# so a finding always shows the article's words, never the model's paraphrase.
QUOTE_MATCH = 0.5


@dataclass
class PairOutcome:
    a: ArticleText
    b: ArticleText
    overlap: Overlap | None = None
    conflicts: list[Conflict] = field(default_factory=list)
    method: str = "offline"
    notes: dict = field(default_factory=dict)


def pair_check(
    a: ArticleText,
    b: ArticleText,
    *,
    boilerplate: Collection[tuple[int, int]] = (),
    judged: Consistency | JudgeError | None = None,
    vectors: tuple | None = None,
) -> PairOutcome:
    """``judged`` is the consistency judge's answer for the pair (or why there is none);
    without one, or when the call failed, the deterministic check decides. ``vectors``
    are both articles' sentence vectors, when the scan embedded them."""
    shared = shared_subjects(a, b)
    semantic = sentence_scores(a, b, *vectors) if vectors else None
    found = overlap(a, b, boilerplate=boilerplate, shared=shared, semantic=semantic)
    outcome = PairOutcome(a, b, overlap=found)
    if isinstance(judged, Consistency):
        outcome.conflicts = _judged_conflicts(judged, a, b, outcome.notes)
        outcome.method = "llm"
        return outcome
    if isinstance(judged, JudgeError):
        log.warning("consistency of %s/%s: %s", a.article_id, b.article_id, judged)
        outcome.notes["llm_error"] = str(judged)[:300]
    outcome.conflicts = conflicts(a, b, shared=shared)
    return outcome


def _judged_conflicts(
    result: Consistency, a: ArticleText, b: ArticleText, notes: dict
) -> list[Conflict]:
    notes.update(model=result.model, prompt_version=result.prompt_version, cached=result.cached)
    found = []
    for raw in result.contradictions:
        passage_a = _quoted(a, raw.passage_a)
        passage_b = _quoted(b, raw.passage_b)
        if passage_a is None or passage_b is None:
            notes.setdefault("unquoted", []).append(raw.subject[:80])
            continue
        found.append(
            Conflict(
                passage_a.text,
                passage_b.text,
                tuple(raw.subject.split()) or tuple(sorted(passage_a.subject & passage_b.subject)),
                raw.value_a,
                raw.value_b,
                "llm",
                raw.confidence,
                explanation=raw.explanation[:300],
            )
        )
    return found


def _quoted(article: ArticleText, quote: str) -> Passage | None:
    """The article's sentence the model quoted (or closest to it)."""
    quoted = passages_of(quote)
    if not quoted:
        return None
    stems = frozenset(word for p in quoted for word in p.words + p.values)
    best = max(article.passages, key=lambda p: dice(p.stems, stems), default=None)
    if best is None or dice(best.stems, stems) < QUOTE_MATCH:
        return None
    return best
