from django.contrib import admin, messages

from audits.models import (
    ApiToken,
    Bot,
    BotDailyUsage,
    Evaluation,
    EvaluationRun,
    GateReport,
    Interaction,
    Team,
)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["members"]


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "team", "sample_percent", "daily_token_budget"]
    list_filter = ["team"]
    search_fields = ["slug", "name"]


@admin.register(BotDailyUsage)
class BotDailyUsageAdmin(admin.ModelAdmin):
    """Counted by the sweep; shown, not edited."""

    list_display = [
        "bot",
        "day",
        "prompt_tokens",
        "completion_tokens",
        "calls",
        "failed_calls",
        "failed_tokens",
    ]
    list_filter = ["bot"]
    date_hierarchy = "day"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["hint", "bot", "name", "created_at", "last_used_at", "revoked_at"]
    readonly_fields = ["token_hash", "hint", "created_at", "last_used_at"]
    list_filter = ["bot"]


@admin.register(EvaluationRun)
class EvaluationRunAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]


@admin.register(Interaction)
class InteractionAdmin(admin.ModelAdmin):
    list_display = ["external_id", "bot", "timestamp", "status", "feedback"]
    list_filter = ["bot", "status", "feedback"]
    search_fields = ["external_id", "query"]
    raw_id_fields = ["conversation", "run"]
    date_hierarchy = "timestamp"
    show_full_result_count = False
    actions = ["forget_conversations"]

    @admin.action(
        description="Erase the text of these interactions' whole conversations",
        permissions=["change"],
    )
    def forget_conversations(self, request, queryset):
        from audits.retention.services import conversation_forget

        pairs = set(queryset.values_list("bot_id", "conversation__external_id"))
        bots = Bot.objects.in_bulk({bot_id for bot_id, _ in pairs})
        for bot_id, external_id in sorted(pairs):
            conversation_forget(bot=bots[bot_id], conversation_external_id=external_id)
        self.message_user(
            request, f"Erased the text of {len(pairs)} conversation(s).", messages.SUCCESS
        )


@admin.register(Evaluation)
class EvaluationAdmin(admin.ModelAdmin):
    list_display = ["interaction", "bot", "verdict", "cause", "topic", "judge"]
    list_filter = ["bot", "verdict", "cause", "judge"]
    raw_id_fields = ["interaction"]
    show_full_result_count = False


@admin.register(GateReport)
class GateReportAdmin(admin.ModelAdmin):
    list_display = ["run", "baseline", "passed", "created_at"]
    list_filter = ["passed"]
    readonly_fields = ["run", "baseline", "passed", "report", "created_at"]
