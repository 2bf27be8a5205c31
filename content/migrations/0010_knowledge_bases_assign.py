"""Each team gets a knowledge base holding the articles its bots retrieved.

An article retrieved by the bots of several teams is copied, with its versions, into
each of their knowledge bases, and those bots' rollups and review items follow the copy:
every team keeps its own history and edits its own copy from now on. Articles no bot
retrieved (or only team-less bots did) stay in the admins' default knowledge base.
Findings of the knowledge-base scan between articles that now sit in different knowledge
bases are dropped; the next scan finds what remains within each.
"""

from collections import defaultdict

from django.db import migrations

VERSION_FIELDS = (
    "number", "title", "body", "body_hash", "published_at", "live_from", "live_until",
    "imported_at",
)  # fmt: skip


def _free_slug(KnowledgeBase, slug):
    taken = set(KnowledgeBase.objects.values_list("slug", flat=True))
    candidate, n = slug, 1
    while candidate in taken:
        n += 1
        candidate = f"{slug}-{n}"
    return candidate


def _knowledge_bases(apps):
    """{bot id: knowledge base id}, after creating the default and one KB per team."""
    Team = apps.get_model("audits", "Team")
    Bot = apps.get_model("audits", "Bot")
    KnowledgeBase = apps.get_model("content", "KnowledgeBase")
    BotKnowledgeBase = apps.get_model("content", "BotKnowledgeBase")
    default = KnowledgeBase.objects.create(
        name="Default knowledge base", slug=_free_slug(KnowledgeBase, "default"), is_default=True
    )
    by_team = {}
    for team in Team.objects.order_by("pk"):
        by_team[team.pk] = KnowledgeBase.objects.create(
            name=team.name,
            slug=_free_slug(KnowledgeBase, team.slug),
            team=team,
            is_default=True,
        ).pk
    links = {}
    for bot_id, team_id in Bot.objects.values_list("pk", "team_id"):
        links[bot_id] = by_team.get(team_id, default.pk)
    BotKnowledgeBase.objects.bulk_create(
        [BotKnowledgeBase(bot_id=b, knowledge_base_id=k) for b, k in links.items()]
    )
    return links, default.pk


def _copy(apps, article, knowledge_base_id, bot_ids):
    Article = apps.get_model("content", "Article")
    ArticleVersion = apps.get_model("content", "ArticleVersion")
    ArticleDayRollup = apps.get_model("content", "ArticleDayRollup")
    ReviewItem = apps.get_model("content", "ReviewItem")
    copy = Article.objects.create(
        knowledge_base_id=knowledge_base_id,
        external_id=article.external_id,
        title=article.title,
        url=article.url,
        is_stub=article.is_stub,
        created_at=article.created_at,
        updated_at=article.updated_at,
    )
    ArticleVersion.objects.bulk_create(
        ArticleVersion(article=copy, **{name: getattr(v, name) for name in VERSION_FIELDS})
        for v in ArticleVersion.objects.filter(article=article)
    )
    ArticleDayRollup.objects.filter(article=article, bot_id__in=bot_ids).update(article=copy)
    ReviewItem.objects.filter(article=article, bot_id__in=bot_ids).update(article=copy)
    ReviewItem.objects.filter(other_article=article, bot_id__in=bot_ids).update(other_article=copy)


def knowledge_bases_assign(apps, schema_editor):
    Article = apps.get_model("content", "Article")
    RetrievedSource = apps.get_model("audits", "RetrievedSource")
    ArticleFinding = apps.get_model("content", "ArticleFinding")
    links, default = _knowledge_bases(apps)
    bots_of = defaultdict(list)
    for bot_id, kb_id in links.items():
        bots_of[kb_id].append(bot_id)
    retrieved_in = defaultdict(set)
    pairs = RetrievedSource.objects.order_by().values_list("article_key", "bot_id").distinct()
    for key, bot_id in pairs.iterator(chunk_size=5000):
        if bot_id in links:
            retrieved_in[key].add(links[bot_id])
    # The ids first: the copies made on the way are not to be read again.
    ids = list(Article.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), 1000):
        for article in Article.objects.filter(pk__in=ids[start : start + 1000]).order_by("pk"):
            first, *others = sorted(retrieved_in.get(article.external_id, ())) or [default]
            Article.objects.filter(pk=article.pk).update(knowledge_base_id=first)
            for kb_id in others:
                _copy(apps, article, kb_id, bots_of[kb_id])
    kb_of = dict(Article.objects.values_list("pk", "knowledge_base_id"))
    across = [
        f.pk
        for f in ArticleFinding.objects.only("pk", "article_a_id", "article_b_id")
        if kb_of.get(f.article_a_id) != kb_of.get(f.article_b_id)
    ]
    ArticleFinding.objects.filter(pk__in=across).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("audits", "0005_sources_no_separate_interaction_index"),
        ("content", "0009_knowledge_bases"),
    ]

    operations = [migrations.RunPython(knowledge_bases_assign, migrations.RunPython.noop)]
