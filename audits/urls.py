from django.urls import path

from audits import views

app_name = "audits"

urlpatterns = [
    path("bots/<slug:slug>/", views.bot_detail, name="bot_detail"),
    path("interactions/", views.interaction_list, name="interaction_list"),
    path("interactions/<int:pk>/", views.interaction_detail, name="interaction_detail"),
]
