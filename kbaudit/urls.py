from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from content.views import queue
from kbaudit import views
from kbaudit.api import api

urlpatterns = [
    path("", queue, name="home"),
    path("bots/", views.bot_list, name="bot_list"),
    path("health/", views.health, name="health"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    path("", include("audits.urls")),
    path("", include("content.urls")),
]
