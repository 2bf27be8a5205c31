"""article_import: knowledge-base articles from JSONL, with a new version per body change."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from audits.ingest.readers import Row
from audits.ingest.records import (
    MAX_TITLE,
    RecordError,
    checked_url,
    clean_text,
    identifier,
    kind_of,
    parse_timestamp,
)
from audits.ingest.summary import ImportSummary, Rejection
from content.models import BEGINNING, Article, ArticleVersion, KnowledgeBase, body_hash

CHUNK = 500


@dataclass(slots=True)
class ArticleRecord:
    line: int
    external_id: str
    title: str
    url: str
    body: str
    updated_at: datetime
    # The file's path in a docs folder (import_articles --from-dir), else "".
    path: str = ""


@dataclass
class ArticleImportSummary(ImportSummary):
    new_articles: int = 0
    new_versions: int = 0
    stubs_completed: int = 0


def parse_article(record, *, line: int) -> ArticleRecord:
    if not isinstance(record, dict):
        raise RecordError(f"record: must be a JSON object (got {kind_of(record)})")
    external_id = identifier(record.get("id"), "id")
    for name in ("title", "url", "body"):
        value = record.get(name)
        if value is not None and not isinstance(value, str):
            raise RecordError(f"{name}: must be a string (got {kind_of(value)})")
    body = clean_text(record.get("body") or "")
    if not body.strip():
        raise RecordError("body: missing")
    updated = record.get("updated_at")
    return ArticleRecord(
        line=line,
        external_id=external_id,
        title=clean_text(record.get("title") or "")[:MAX_TITLE],
        url=checked_url(record.get("url") or "", "url"),  # http(s) or relative only
        body=body,
        updated_at=parse_timestamp(updated, "updated_at") if updated else timezone.now(),
        path=str(record.get("path") or "")[:1000],
    )


def article_import(
    *,
    knowledge_base: KnowledgeBase,
    rows: Iterable[Row],
    on_rejected: Callable[[Rejection], None] | None = None,
) -> ArticleImportSummary:
    """Import articles into ``knowledge_base``: ids are matched within it alone."""
    summary = ArticleImportSummary()
    chunk: dict[str, ArticleRecord] = {}

    def reject(line: int, reason: str) -> None:
        summary.rejected += 1
        rejection = Rejection(line=line, reason=reason)
        if len(summary.rejections) < 1000:
            summary.rejections.append(rejection)
        if on_rejected:
            on_rejected(rejection)

    for line, decoded in rows:
        if isinstance(decoded, RecordError):
            reject(line, str(decoded))
            continue
        try:
            record = parse_article(decoded, line=line)
        except RecordError as exc:
            reject(line, str(exc))
            continue
        if record.external_id in chunk:
            # Two versions of one article in a file: store the earlier before the later.
            _store(knowledge_base, chunk, summary)
            chunk = {}
        chunk[record.external_id] = record
        if len(chunk) >= CHUNK:
            _store(knowledge_base, chunk, summary)
            chunk = {}
    _store(knowledge_base, chunk, summary)
    summary.imported = summary.new_articles + summary.new_versions
    return summary


@transaction.atomic
def _store(
    knowledge_base: KnowledgeBase, chunk: dict[str, ArticleRecord], summary: ArticleImportSummary
) -> None:
    if not chunk:
        return
    found = knowledge_base.articles.filter(external_id__in=list(chunk))
    articles = {a.external_id: a for a in found}
    latest = _latest_hashes(articles.values())
    for external_id, record in chunk.items():
        article = articles.get(external_id)
        if article is None:
            article = Article.objects.create(
                knowledge_base=knowledge_base,
                external_id=external_id,
                title=record.title,
                url=record.url,
                source_path=record.path,
            )
            summary.new_articles += 1
            _add_version(article, record, number=1)
            continue
        if article.is_stub:
            summary.stubs_completed += 1
        changed_fields = _refresh(article, record)
        if latest.get(article.pk, (None, 0))[0] == body_hash(record.body):
            summary.duplicates += 1
            if changed_fields:
                article.save(update_fields=changed_fields)
            continue
        article.save(update_fields=[*changed_fields, "updated_at"])
        number = latest.get(article.pk, (None, 0))[1] + 1
        _add_version(article, record, number=number)
        if number == 1:
            summary.new_articles += 1
        else:
            summary.new_versions += 1


def _latest_hashes(articles) -> dict[int, tuple[str, int]]:
    versions = ArticleVersion.objects.current().filter(article__in=list(articles))
    return {
        article_id: (digest, number)
        for article_id, digest, number in versions.values_list("article_id", "body_hash", "number")
    }


def _refresh(article: Article, record: ArticleRecord) -> list[str]:
    changed = []
    for name in ("title", "url"):
        value = getattr(record, name)
        if value and getattr(article, name) != value:
            setattr(article, name, value)
            changed.append(name)
    if article.is_stub:
        article.is_stub = False
        changed.append("is_stub")
    if record.path and (article.source_path, article.retired_at) != (record.path, None):
        # The file is back (or moved): the article is published again.
        article.source_path, article.retired_at = record.path, None
        changed += ["source_path", "retired_at"]
    article.updated_at = timezone.now()
    return changed


def _add_version(article: Article, record: ArticleRecord, *, number: int) -> None:
    ArticleVersion.objects.create(
        article=article,
        number=number,
        title=record.title or article.title,
        body=record.body,
        body_hash=body_hash(record.body),
        published_at=record.updated_at,
        live_from=record.updated_at,
    )
    article_version_spans_update(article=article)


def articles_retire_missing(*, knowledge_base, present: set[str]) -> int:
    """Articles of the knowledge base imported from a docs folder whose file is gone are
    retired, not deleted: their versions, history and the interactions citing them stay."""
    missing = Article.objects.filter(
        knowledge_base=knowledge_base, retired_at__isnull=True
    ).exclude(source_path="")
    return missing.exclude(external_id__in=present).update(retired_at=timezone.now())


def article_version_spans_update(*, article: Article) -> None:
    """Recompute when each version was live: in order of publication, the first from the
    beginning of time, each until the next one's publication."""
    versions = list(article.versions.order_by("published_at", "number"))
    for index, version in enumerate(versions):
        live_from = BEGINNING if index == 0 else version.published_at
        live_until = versions[index + 1].published_at if index + 1 < len(versions) else None
        if (version.live_from, version.live_until) != (live_from, live_until):
            version.live_from, version.live_until = live_from, live_until
            version.save(update_fields=["live_from", "live_until"])
