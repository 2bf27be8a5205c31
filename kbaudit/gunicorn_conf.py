"""gunicorn's settings for the ``web`` process (Procfile): ``gunicorn kbaudit.wsgi -c
python:kbaudit.gunicorn_conf``. Everything from the environment, as the app's settings."""

from __future__ import annotations

import os

bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{os.environ.get('PORT') or '8000'}"
workers = int(os.environ.get("WEB_CONCURRENCY") or 2)
threads = int(os.environ.get("WEB_THREADS") or 1)
# A worker silent this long (a stuck request) is restarted.
timeout = int(os.environ.get("WEB_TIMEOUT") or 60)
graceful_timeout = 30
# Restarting workers now and then keeps a slow leak from growing for ever.
max_requests = 2000
max_requests_jitter = 200
# The proxy is on another host in many deployments: trust its X-Forwarded-* headers only
# from the addresses given (gunicorn's own default is 127.0.0.1).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS") or "127.0.0.1,::1"
# gunicorn's control socket sits at one path per user: two servers on a machine collide.
control_socket_disable = True
accesslog = "-"
errorlog = "-"
loglevel = (os.environ.get("LOG_LEVEL") or "info").lower()

if os.environ.get("LOG_FORMAT") == "json":
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "kbaudit.lib.logs.JsonFormatter"}},
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stdout",
            }
        },
        "root": {"handlers": ["stdout"], "level": loglevel.upper()},
        "loggers": {
            "gunicorn.error": {
                "handlers": ["stdout"],
                "level": loglevel.upper(),
                "propagate": False,
            },
            "gunicorn.access": {"handlers": ["stdout"], "level": "INFO", "propagate": False},
        },
    }
