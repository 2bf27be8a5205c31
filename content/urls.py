from django.urls import path

from content import views
from content.alerts import views as alert_views
from content.briefs import views as brief_views
from content.digest import views as digest_views
from content.drafts import views as draft_views

app_name = "content"

urlpatterns = [
    path("queue/export/", views.queue_export, name="queue_export"),
    path("queue/briefs/", brief_views.queue_briefs, name="queue_briefs"),
    path("bots/<slug:slug>/", views.bot_detail, name="bot_detail"),
    path("bots/<slug:slug>/thresholds/", views.bot_thresholds_update, name="bot_thresholds"),
    path("bots/<slug:slug>/articles/", views.ranking, name="ranking"),
    path("bots/<slug:slug>/abstention/", views.abstention, name="abstention"),
    path("items/<int:pk>/", views.item_detail, name="item_detail"),
    path("items/<int:pk>/suggestion/", views.suggestion_update, name="suggestion_update"),
    path("items/<int:pk>/brief/", brief_views.item_brief, name="item_brief"),
    path("items/<int:pk>/draft-check/", draft_views.item_draft_check, name="item_draft_check"),
    path("items/<int:pk>/<slug:action>/", views.item_action, name="item_action"),
    path("articles/", views.article_list, name="article_list"),
    path("articles/<int:pk>/", views.article_detail, name="article_detail"),
    path("articles/<int:pk>/brief/", brief_views.article_brief, name="article_brief"),
    path("alerts/", alert_views.alert_history, name="alert_history"),
    path("alerts/settings/", alert_views.alert_settings, name="alert_settings"),
    path(
        "alerts/settings/<int:team_pk>/rules/",
        alert_views.alert_rule_create,
        name="alert_rule_create",
    ),
    path("alerts/rules/<int:pk>/toggle/", alert_views.alert_rule_toggle, name="alert_rule_toggle"),
    path("alerts/rules/<int:pk>/delete/", alert_views.alert_rule_delete, name="alert_rule_delete"),
    path(
        "alerts/settings/<int:team_pk>/destinations/",
        alert_views.alert_destination_create,
        name="alert_destination_create",
    ),
    path(
        "alerts/destinations/<int:pk>/delete/",
        alert_views.alert_destination_delete,
        name="alert_destination_delete",
    ),
    path(
        "articles/<int:pk>/draft-check/",
        draft_views.article_draft_check,
        name="article_draft_check",
    ),
    path("settings/digest/", digest_views.digest_settings, name="digest_settings"),
    path("unsubscribe/<str:token>/", digest_views.digest_unsubscribe, name="digest_unsubscribe"),
]
