"""kb_scan_run: the knowledge-base health scan, end to end.

1. Scope: every real article (stubs have no body), or those of one bot's knowledge base;
   only two articles of one knowledge base make a pair.
2. Signatures: each current version's passage MinHashes, computed once per version and
   stored in ArticleSignature; an article whose current version has none has changed.
3. Candidates: LSH buckets. A full scan takes every pair that shares a bucket; an
   incremental one only the pairs of a changed article and its neighbours, plus every
   active finding that involves a changed article, so an edit can resolve it.
4. Checks, findings, review items (see checks.py, findings.py, items.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from audits.judges import judge_kind, llm_configured
from audits.judges.consistency import ArticlePair, ConsistencyJudge
from audits.models import Bot
from content.models import Article, ArticleFinding, ArticleSignature, BotKnowledgeBase, KbScanRun

from .candidates import Candidates, Pair, candidate_pairs, locality_order, ordered
from .checks import PairOutcome, pair_check
from .corpus import Current, TextStore, current_versions, stored_signatures
from .findings import FindingCounts, existing_findings, findings_apply, findings_evidence_update
from .items import ItemCounts, pair_items_update
from .minhash import Signature
from .passages import title_words
from .scope import titles_differ
from .semantic import Embeddings, semantic_pairs, to_bytes

log = logging.getLogger(__name__)
CHUNK = 1000
# pg_try_advisory_lock key: one scan at a time, whatever starts it.
LOCK_KEY = 0x6B62_5343  # "kbSC"


class ScanBusy(Exception):
    """Another scan is running."""


@dataclass
class ScanResult:
    run: KbScanRun
    findings: FindingCounts
    items: ItemCounts

    def line(self) -> str:
        run = self.run
        return (
            f"{run.mode} scan: articles {run.articles} (changed {run.stats.get('changed', 0)}), "
            f"candidate pairs {run.candidates}, compared {run.comparisons}, "
            f"found {run.found}, resolved {run.resolved}; {self.items.line()}"
        )


def kb_scan_run(
    *, bot: Bot | None = None, full: bool = False, use_llm: bool | None = None
) -> ScanResult:
    """Scan the knowledge base (incrementally unless ``full``) and update findings and
    review items. Raises ScanBusy when another scan holds the lock."""
    with _scan_lock() as acquired:
        if not acquired:
            raise ScanBusy("another knowledge-base scan is running")
        return _scan(bot=bot, full=full, use_llm=use_llm)


def _scan(*, bot: Bot | None, full: bool, use_llm: bool | None) -> ScanResult:
    clock = _Clock()
    run = KbScanRun.objects.create(mode="full" if full else "incremental", bot=bot)
    current = current_versions(_scope(bot))
    store = TextStore(current)
    signatures = stored_signatures(current)
    computed = store.signatures(sorted(set(current) - set(signatures)))
    signatures.update(computed)
    embeddings = _embeddings(current, store, computed)
    clock.lap("signatures")
    # The first scan, or one after every article changed, is a full one.
    changed = None if full or len(computed) == len(current) else set(computed)
    candidates = candidate_pairs(signatures, focus=changed)
    by_meaning = semantic_pairs(embeddings.units, focus=changed) - candidates.pairs
    candidates.pairs |= by_meaning
    comparable = _same_audience(_same_subject(candidates.pairs, current), current)
    pairs = comparable | _rechecks(current, changed)
    clock.lap("candidates")
    outcomes, llm = _check_all(
        locality_order(pairs), store, candidates, _judge(use_llm), embeddings
    )
    clock.lap("checks")
    findings, items, active = _write(computed, current, outcomes, bot, embeddings)
    clock.lap("write")
    run.finished_at = timezone.now()
    run.articles, run.candidates, run.comparisons = len(current), len(candidates.pairs), len(pairs)
    run.found, run.resolved = findings.found, findings.resolved
    run.stats = {
        "changed": len(computed),
        "neighbours": len({a for pair in pairs for a in pair} - set(computed)),
        "texts_read": store.parsed,
        # Candidate pairs of sibling pages about different things, or of different KBs.
        "not_compared": len(candidates.pairs - comparable),
        # candidate pairs only the passage embeddings found (restated in other words)
        "semantic_candidates": len(by_meaning),
        "oversized_buckets": candidates.oversized_buckets,
        "unverified_collisions": candidates.unverified,
        "boilerplate_passages": len(candidates.boilerplate),
        "refreshed": findings.refreshed,
        "active": active,
        "llm": llm,
        "seconds": clock.laps,
    }
    run.save()
    return ScanResult(run=run, findings=findings, items=items)


@transaction.atomic
def _write(
    computed: dict[int, Signature],
    current: dict[int, Current],
    outcomes: dict[Pair, PairOutcome],
    bot: Bot | None,
    embeddings: Embeddings | None = None,
) -> tuple[FindingCounts, ItemCounts, int]:
    """Signatures, findings, their evidence and review items, all or nothing: a scan
    that fails leaves its changed articles changed for the next one."""
    findings = FindingCounts()
    _store_signatures(computed, current, embeddings)
    versions = {article_id: row.version_id for article_id, row in current.items()}
    findings_apply(outcomes=outcomes, versions=versions, counts=findings)
    in_scope = _active_findings(current)
    findings_evidence_update(findings=in_scope)
    items = pair_items_update(findings=in_scope, bot=bot)
    return findings, items, len(in_scope)


def _scope(bot: Bot | None) -> set[int] | None:
    """With a bot, the articles of the knowledge base it answers from."""
    if bot is None:
        return None
    knowledge_base = BotKnowledgeBase.objects.link(bot).knowledge_base
    return set(
        Article.objects.real().filter(knowledge_base=knowledge_base).values_list("pk", flat=True)
    )


def _same_subject(pairs: set[Pair], current: dict[int, Current]) -> set[Pair]:
    """Leave out sibling pages about two different things ("Setting up the Kuno Q0",
    "Setting up the Milo T7"): templated alike, never duplicates, and their values
    belong to different products (see scope.py)."""
    titles = {article_id: title_words(row.title) for article_id, row in current.items()}
    return {(a, b) for a, b in pairs if not titles_differ(titles[a], titles[b])}


def _same_audience(pairs: set[Pair], current: dict[int, Current]) -> set[Pair]:
    """Leave out pairs of two knowledge bases: each team keeps its own, and no bot
    answers from both."""
    return {
        (a, b) for a, b in pairs if current[a].knowledge_base_id == current[b].knowledge_base_id
    }


def _rechecks(current: dict[int, Current], changed: Collection[int] | None) -> set[Pair]:
    """Active findings to check again: those of changed articles (every one, in a full
    scan), so an edit that removes the overlap or the conflict resolves them."""
    rows = ArticleFinding.objects.active().values_list("article_a_id", "article_b_id")
    return {
        ordered(a, b)
        for a, b in rows
        if a in current and b in current and (changed is None or a in changed or b in changed)
    }


def _judge(use_llm: bool | None):
    if use_llm is None:
        use_llm = llm_configured() and judge_kind() == "llm"
    if not use_llm:
        return None

    return ConsistencyJudge.from_settings()


def _check_all(
    pairs: list[Pair],
    store: TextStore,
    candidates: Candidates,
    judge,
    embeddings: Embeddings | None = None,
) -> tuple[dict[Pair, PairOutcome], dict]:
    """Check every pair; keep the outcomes that found something or may resolve a finding.

    With a model, each chunk's pairs are asked at once: cached answers are read in one
    query and the rest asked ``KBAUDIT_JUDGE_CONCURRENCY`` calls at a time."""
    known = {(a, b) for _, a, b in existing_findings(pairs)}
    outcomes: dict[Pair, PairOutcome] = {}
    llm = {"calls": 0, "cached": 0, "fallbacks": 0}
    for start in range(0, len(pairs), CHUNK):
        chunk = pairs[start : start + CHUNK]
        store.warm((a for pair in chunk for a in pair), keep_bodies=judge is not None)
        if embeddings is not None:
            embeddings.fetch(a for pair in chunk for a in pair)
        judged = _judged(chunk, store, judge)
        for (a, b), answer in zip(chunk, judged, strict=True):
            outcome = pair_check(
                store.text(a),
                store.text(b),
                boilerplate=candidates.boilerplate,
                judged=answer,
                vectors=_vectors_of(embeddings, a, b),
            )
            _count_llm(outcome, llm, judge)
            if outcome.overlap or outcome.conflicts or (a, b) in known:
                outcomes[(a, b)] = outcome
    return outcomes, llm


def _judged(chunk: list[Pair], store: TextStore, judge) -> list:
    """The consistency judge's answers for a chunk of pairs (None each without a model)."""
    if judge is None:
        return [None] * len(chunk)

    asked = [
        ArticlePair(
            title_a=store.text(a).title,
            body_a=store.body(a),
            hash_a=store.current[a].body_hash,
            title_b=store.text(b).title,
            body_b=store.body(b),
            hash_b=store.current[b].body_hash,
        )
        for a, b in chunk
    ]
    return judge.check_many(asked, concurrency=max(1, settings.KBAUDIT_JUDGE_CONCURRENCY))


def _count_llm(outcome: PairOutcome, llm: dict, judge) -> None:
    if judge is None:
        return
    if "llm_error" in outcome.notes:
        llm["fallbacks"] += 1
    elif outcome.notes.get("cached"):
        llm["cached"] += 1
    else:
        llm["calls"] += 1


def _embeddings(
    current: dict[int, Current], store: TextStore, computed: dict[int, Signature]
) -> Embeddings:
    """The articles' sentence vectors: stored with their signatures, computed for the
    changed articles (and for signatures stored before vectors were)."""
    embeddings = Embeddings()
    by_version = {row.version_id: article_id for article_id, row in current.items()}
    lacking = embeddings.load(by_version)
    ids = sorted(lacking)
    for start in range(0, len(ids), CHUNK):
        batch = ids[start : start + CHUNK]
        store.warm(batch)
        for article_id in batch:
            embeddings.add(store.text(article_id))
    stale = lacking - set(computed)  # stored signatures without vectors
    embeddings.save(stale, {a: current[a].version_id for a in stale})
    return embeddings


def _vectors_of(embeddings: Embeddings | None, a: int, b: int):
    if embeddings is None or a not in embeddings.passages or b not in embeddings.passages:
        return None
    return embeddings.passages[a], embeddings.passages[b]


def _store_signatures(
    computed: dict[int, Signature],
    current: dict[int, Current],
    embeddings: Embeddings | None = None,
) -> None:
    """Keep one signature per article: its current version's (with its vectors)."""
    ids = list(computed)
    for start in range(0, len(ids), CHUNK):
        batch = ids[start : start + CHUNK]
        ArticleSignature.objects.filter(version__article_id__in=batch).delete()
        ArticleSignature.objects.bulk_create(
            ArticleSignature(
                version_id=current[article_id].version_id,
                minhash=computed[article_id].to_bytes(),
                n_shingles=computed[article_id].n_shingles,
                **_vector_fields(embeddings, article_id),
            )
            for article_id in batch
        )


def _vector_fields(embeddings: Embeddings | None, article_id: int) -> dict:
    if embeddings is None or article_id not in embeddings.units:
        return {}
    return {
        "passage_vectors": to_bytes(embeddings.passages[article_id]),
        "unit_vectors": to_bytes(embeddings.units[article_id]),
    }


def _active_findings(current: dict[int, Current]) -> list[ArticleFinding]:
    findings = ArticleFinding.objects.active().select_related("article_a", "article_b")
    return [f for f in findings if f.article_a_id in current or f.article_b_id in current]


@contextmanager
def _scan_lock() -> Iterator[bool]:
    if connection.vendor != "postgresql":
        yield True  # SQLite: one process, tasks in process
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
        acquired = cursor.fetchone()[0]
    try:
        yield acquired
    finally:
        if acquired:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])


class _Clock:
    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self._last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.laps[name] = round(now - self._last, 3)
        self._last = now
