"""How the content side reacts to what audits stores."""

from __future__ import annotations

from django.dispatch import receiver

from audits.signals import interactions_imported
from content.models import Article


@receiver(interactions_imported)
def create_stub_articles(sender, *, article_refs: dict[str, tuple[str, str]], **kwargs) -> None:
    """Articles the logs cite but the KB export lacks become stubs, known by title/url."""
    if not article_refs:
        return
    known = set(
        Article.objects.filter(external_id__in=list(article_refs)).values_list(
            "external_id", flat=True
        )
    )
    Article.objects.bulk_create(
        [
            Article(external_id=key, title=title[:500], url=url[:1000], is_stub=True)
            for key, (title, url) in sorted(article_refs.items())
            if key not in known
        ],
        ignore_conflicts=True,
    )
