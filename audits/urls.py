from django.urls import path

from audits import views
from audits.offline_runs import views as run_views

app_name = "audits"

urlpatterns = [
    path("interactions/", views.interaction_list, name="interaction_list"),
    path("interactions/<int:pk>/", views.interaction_detail, name="interaction_detail"),
    path(
        "interactions/<int:pk>/forget/",
        views.conversation_forget_view,
        name="conversation_forget",
    ),
    path("sweep/", views.sweep_status_page, name="sweep_status"),
    path("sweep/run/", views.sweep_run_now, name="sweep_run"),
    path("sweep/retry-failed/", views.sweep_retry_failed, name="sweep_retry_failed"),
    path("runs/", run_views.run_list, name="run_list"),
    path("runs/<slug:name>/", run_views.run_detail, name="run_detail"),
]
