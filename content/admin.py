from django.contrib import admin

from content.models import Article, ArticleVersion


class ArticleVersionInline(admin.TabularInline):
    model = ArticleVersion
    fields = ["number", "published_at", "live_from", "live_until"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Article)
class ArticleAdmin(admin.ModelAdmin):
    list_display = ["title", "external_id", "is_stub", "updated_at"]
    list_filter = ["is_stub"]
    search_fields = ["title", "external_id"]
    inlines = [ArticleVersionInline]
