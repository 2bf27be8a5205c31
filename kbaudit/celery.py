"""Celery application: Redis broker from REDIS_URL, tasks under each app."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kbaudit.settings")

app = Celery("kbaudit")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
