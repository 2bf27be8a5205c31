"""Celery application: Redis broker from REDIS_URL, tasks under each app."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kbaudit.settings")

app = Celery("kbaudit")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _json_logging(**kwargs) -> None:
    """The worker and beat log through the settings' LOGGING (JSON lines on stdout)
    instead of celery's own format."""
    import logging.config

    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


# Connected only then: a receiver stops celery configuring its own logging (--logfile).
if os.environ.get("LOG_FORMAT") == "json":
    setup_logging.connect(_json_logging, weak=False)
