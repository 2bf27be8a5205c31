"""Near-duplicate articles, passage by passage (SPEC §5: duplicates crowd out answers).

Two articles are near-duplicates when a real share of one says what the other says:
most of either article, or most of one of their sections, matched sentence for
sentence. Whole-article similarity alone would miss the common case of a how-to that
restates the policy's key section and adds its own steps.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .passages import ArticleText, Passage, shared_subjects
from .scope import different_subjects

# Two sentences say the same thing at this Dice similarity of their content stems
# (paraphrases of one rule score 0.6–0.8, unrelated sentences on one topic below 0.4).
MATCH = 0.6
# A pair is a duplicate when this share of either article is matched, over at least
# three sentences...
ARTICLE_SHARE = 0.5
ARTICLE_MATCHES = 3
# ...or when one passage is restated: at least three consecutive-section sentences of one
# section, matched in one section of the other, covering this share of the section.
SECTION_SHARE = 0.6
SECTION_MATCHES = 3
# A sentence shorter than this says too little to count as copied ("See Warranty.").
MIN_STEMS = 3


@dataclass(frozen=True)
class Overlap:
    """Where two articles say the same thing, and how much of each that is."""

    passages: list[dict]
    share_a: float
    share_b: float
    section_share: float
    similarity: float

    @property
    def confidence(self) -> float:
        coverage = min(1.0, max(self.share_a, self.share_b, self.section_share))
        return round(self.similarity * coverage, 2)


def dice(first: frozenset[str], second: frozenset[str]) -> float:
    if not first or not second:
        return 0.0
    return 2 * len(first & second) / (len(first) + len(second))


def overlap(
    a: ArticleText,
    b: ArticleText,
    *,
    boilerplate: Collection[tuple[int, int]] = (),
    shared: dict[tuple[int, int], int] | None = None,
    semantic: dict[tuple[int, int], float] | None = None,
) -> Overlap | None:
    """The passages ``a`` and ``b`` share, or None when they are not near-duplicates.

    ``boilerplate`` holds (article id, passage index) of sentences that much of the
    knowledge base repeats (footers, "Contact us"): they make no pair a duplicate.
    ``shared`` is :func:`shared_subjects` of the pair, when already counted;
    ``semantic`` holds sentence pairs that match by meaning (semantic.sentence_scores).
    """
    if different_subjects(a, b):
        return None  # templated pages of two products say the same of different things
    usable_a = _usable(a, boilerplate)
    usable_b = _usable(b, boilerplate)
    if not usable_a or not usable_b:
        return None
    scores = _similarities(a, b, shared if shared is not None else shared_subjects(a, b))
    for key, score in (semantic or {}).items():  # restated in other words (semantic.py)
        scores[key] = max(score, scores.get(key, 0.0))
    matches = _best_matches(usable_a, {p.index for p in usable_b}, b, scores, 0)
    if len(matches) < min(ARTICLE_MATCHES, SECTION_MATCHES):
        return None
    matched_b = _best_matches(usable_b, {p.index for p in usable_a}, a, scores, 1)
    share_a = _share([pa for pa, _, _ in matches], usable_a)
    share_b = _share([pb for pb, _, _ in matched_b], usable_b)
    section_share = max(
        _restated_section(matches, usable_a), _restated_section(matched_b, usable_b)
    )
    is_duplicate = (
        max(share_a, share_b) >= ARTICLE_SHARE and len(matches) >= ARTICLE_MATCHES
    ) or section_share >= SECTION_SHARE
    if not is_duplicate:
        return None
    weight = sum(pa.weight for pa, _, _ in matches)
    similarity = sum(pa.weight * score for pa, _, score in matches) / weight
    return Overlap(
        passages=_grouped(matches),
        share_a=round(share_a, 3),
        share_b=round(share_b, 3),
        section_share=round(section_share, 3),
        similarity=round(similarity, 3),
    )


def _usable(article: ArticleText, boilerplate: Collection[tuple[int, int]]) -> list[Passage]:
    return [
        passage
        for passage in article.passages
        if passage.weight >= MIN_STEMS and (article.article_id, passage.index) not in boilerplate
    ]


def _similarities(
    a: ArticleText, b: ArticleText, shared: dict[tuple[int, int], int]
) -> dict[tuple[int, int], float]:
    """Dice similarity of every passage pair that shares a subject stem and matches."""
    scores = {}
    for (i, j), count in shared.items():
        pa, pb = a.passages[i], b.passages[j]
        total = pa.weight + pb.weight
        if 2 * (count + min(len(pa.values), len(pb.values))) < MATCH * total:
            continue  # even with every number and unit shared it would not match
        numbers_a = {v for v in pa.values if v[:1].isdigit()}
        numbers_b = {v for v in pb.values if v[:1].isdigit()}
        if numbers_a and numbers_b and numbers_a != numbers_b:
            # "within 45 days of delivery" and "within 30 days of delivery" share every
            # word but say two things (a contradiction, not a copy), as by meaning.
            continue
        if pa.values and pb.values:
            count += len(set(pa.values).intersection(pb.values))
        score = 2 * count / total
        if score >= MATCH and not pa.names_differ(pb):
            scores[(i, j)] = score
    return scores


def _best_matches(
    ours: list[Passage],
    theirs: set[int],
    other: ArticleText,
    scores: dict[tuple[int, int], float],
    side: int,
) -> list[tuple[Passage, Passage, float]]:
    """For each of our sentences, the other article's most similar one, when it matches.
    ``side`` says which position our passages hold in the keys of ``scores``."""
    best: dict[int, tuple[int, float]] = {}
    for key, score in scores.items():
        mine, theirs_index = key[side], key[1 - side]
        if theirs_index in theirs and score >= best.get(mine, (0, 0.0))[1]:
            best[mine] = (theirs_index, score)
    return [
        (passage, other.passages[best[passage.index][0]], best[passage.index][1])
        for passage in ours
        if passage.index in best
    ]


def _share(matched: list[Passage], passages: list[Passage]) -> float:
    total = sum(passage.weight for passage in passages)
    return sum(passage.weight for passage in matched) / total if total else 0.0


def _restated_section(
    matches: list[tuple[Passage, Passage, float]], passages: list[Passage]
) -> float:
    """The largest share of one of our sections that the other article restates in one
    of its sections, over enough sentences to be a passage rather than a line."""
    by_sections: dict[tuple[str, str], list[Passage]] = {}
    for ours, theirs, _ in matches:
        by_sections.setdefault((ours.section, theirs.section), []).append(ours)
    best = 0.0
    for (section, _), matched in by_sections.items():
        if len(matched) >= SECTION_MATCHES:
            best = max(best, _share(matched, [p for p in passages if p.section == section]))
    return best


def _grouped(matches: list[tuple[Passage, Passage, float]]) -> list[dict]:
    """Matched sentences joined into passages: consecutive ones of one section pair."""
    groups: list[list[tuple[Passage, Passage, float]]] = []
    for match in matches:
        last = groups[-1][-1] if groups else None
        if last and (last[0].section, last[1].section) == (match[0].section, match[1].section):
            groups[-1].append(match)
        else:
            groups.append([match])
    passages = []
    for group in groups:
        weight = sum(pa.weight for pa, _, _ in group)
        b_sentences = list(dict.fromkeys(pb.text for _, pb, _ in group))
        passages.append(
            {
                "a": " ".join(pa.text for pa, _, _ in group),
                "b": " ".join(b_sentences),
                "similarity": round(sum(pa.weight * s for pa, _, s in group) / weight, 2),
                "section_a": group[0][0].section,
                "section_b": group[0][1].section,
            }
        )
    return passages
