from django.contrib import admin

from content.models import (
    Article,
    ArticleFinding,
    ArticleVersion,
    BotKnowledgeBase,
    DigestSubscription,
    KbScanRun,
    KnowledgeBase,
    ReviewItem,
    ReviewItemEvent,
    RewriteSuggestion,
    Season,
)


class ArticleVersionInline(admin.TabularInline):
    model = ArticleVersion
    fields = ["number", "published_at", "live_from", "live_until"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class BotKnowledgeBaseInline(admin.TabularInline):
    """The bots answering from this knowledge base (their sources resolve to its articles)."""

    model = BotKnowledgeBase
    extra = 0


@admin.register(KnowledgeBase)
class KnowledgeBaseAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "team", "is_default"]
    list_filter = ["team"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [BotKnowledgeBaseInline]


@admin.register(Article)
class ArticleAdmin(admin.ModelAdmin):
    list_display = ["title", "external_id", "knowledge_base", "is_stub", "updated_at"]
    list_filter = ["knowledge_base", "is_stub"]
    search_fields = ["title", "external_id"]
    inlines = [ArticleVersionInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """Named date ranges for the ranking, e.g. "Holiday peak: Nov 20 – Dec 31"."""

    list_display = ["name", "start_month", "start_day", "end_month", "end_day", "bot"]
    list_filter = ["bot"]
    prepopulated_fields = {"slug": ["name"]}


class ReviewItemEventInline(admin.TabularInline):
    model = ReviewItemEvent
    fields = ["created_at", "actor", "action", "detail"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    list_display = ["article", "reason", "bot", "status", "assignee", "priority", "updated_at"]
    list_filter = ["status", "reason", "bot"]
    search_fields = ["article__title", "article__external_id"]
    raw_id_fields = ["article", "other_article", "previous"]
    inlines = [ReviewItemEventInline]


@admin.register(RewriteSuggestion)
class RewriteSuggestionAdmin(admin.ModelAdmin):
    list_display = ["item", "source", "model", "generated_at", "edited_by"]
    raw_id_fields = ["item"]


@admin.register(DigestSubscription)
class DigestSubscriptionAdmin(admin.ModelAdmin):
    list_display = ["user", "enabled", "weekday", "hour", "time_zone", "next_send_at"]
    list_filter = ["enabled"]


@admin.register(ArticleFinding)
class ArticleFindingAdmin(admin.ModelAdmin):
    list_display = ["kind", "article_a", "article_b", "status", "confidence", "co_retrievals"]
    list_filter = ["kind", "status"]
    raw_id_fields = ["article_a", "article_b", "version_a", "version_b"]


@admin.register(KbScanRun)
class KbScanRunAdmin(admin.ModelAdmin):
    list_display = ["started_at", "mode", "bot", "articles", "comparisons", "found", "resolved"]
