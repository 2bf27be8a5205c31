"""kbaudit settings: one file, everything from environment variables.

See README.md ("Configuration") for the list. Nothing here needs editing to deploy.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    """A variable set to the empty string counts as unset (``DATABASE_URL= make test``)."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from exc


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return float(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a number, got {value!r}") from exc


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"

ALLOWED_HOSTS = [h.strip() for h in env("ALLOWED_HOSTS", "localhost,127.0.0.1").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in env("CSRF_TRUSTED_ORIGINS").split(",") if o.strip()]
# Absolute links in emails (digest, unsubscribe) are built from this.
SITE_URL = env("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "audits",
    "content",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "kbaudit.lib.middleware.LoginRequiredMiddleware",  # every page but /api/ and health
    # Last, as django-axes asks: it turns a lockout raised while logging in into its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "kbaudit.urls"
WSGI_APPLICATION = "kbaudit.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "kbaudit.lib.context.kbaudit_context",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the server read while an import or a sweep writes.
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and not env_bool(
    "DATABASE_JIT"
):
    # PostgreSQL's JIT compiles any plan it estimates to be costly; for the rollup of a
    # day's few thousand rows, compiling took two thirds of the query's time.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["options"] = f"{options.get('options', '')} -c jit=off".strip()
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# django-axes first: it refuses a locked-out user and IP before the password is checked.
AUTHENTICATION_BACKENDS = [
    "kbaudit.lib.auth.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

SESSION_COOKIE_SECURE = env_bool(
    "SESSION_COOKIE_SECURE", not DEBUG and SITE_URL.startswith("https")
)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# --- Security ----------------------------------------------------------------------
# Login throttling (django-axes): this many failures for one user name from one address
# lock that pair out for the cool-off; `manage.py axes_reset` lifts every lockout.
AXES_FAILURE_LIMIT = env_int("KBAUDIT_LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_float("KBAUDIT_LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_IPWARE_PROXY_COUNT = env_int("KBAUDIT_PROXY_COUNT", 0) or None
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): no inline script runs; charts and the page's
# behaviour come from the static files. Inline style attributes stay allowed (plotly
# styles the figures it draws).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# Unsubscribe links in digests stop working after this many days; every digest has a
# fresh one.
KBAUDIT_UNSUBSCRIBE_MAX_AGE_DAYS = env_int("KBAUDIT_UNSUBSCRIBE_MAX_AGE_DAYS", 90)

# --- Redis and Celery -------------------------------------------------------------
REDIS_URL = env("REDIS_URL")
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None
# Without Redis (the zero-setup default) tasks run in process, synchronously.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 900)}
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", "kbaudit")
CELERY_TIMEZONE = "UTC"

# --- The judge ---------------------------------------------------------------------
OPENAI_API_KEY = env("OPENAI_API_KEY")
OPENAI_BASE_URL = env("OPENAI_BASE_URL")
KBAUDIT_JUDGE_MODEL = env("KBAUDIT_JUDGE_MODEL", "gpt-4o-mini")
# "auto": the LLM judge when an endpoint or key is configured, else the offline judge.
KBAUDIT_JUDGE = env("KBAUDIT_JUDGE", "auto")
KBAUDIT_JUDGE_TIMEOUT = env_float("KBAUDIT_JUDGE_TIMEOUT", 60.0)
KBAUDIT_JUDGE_MAX_RETRIES = env_int("KBAUDIT_JUDGE_MAX_RETRIES", 3)
# Structured output: "json_schema" (strict schema), "json_object" or "none" (plain text)
# for OpenAI-compatible servers that support less.
KBAUDIT_JUDGE_RESPONSE_FORMAT = env("KBAUDIT_JUDGE_RESPONSE_FORMAT", "json_schema")
# max_tokens of a judge call; 0 sizes it from the interaction (sources, question parts,
# answer sentences), so a model that loops is cut early.
KBAUDIT_JUDGE_MAX_TOKENS = env_int("KBAUDIT_JUDGE_MAX_TOKENS", 0)
# A sweep stops calling a bot's judge once this many of its last calls failed the same way.
KBAUDIT_JUDGE_BREAKER_FAILURES = env_int("KBAUDIT_JUDGE_BREAKER_FAILURES", 5)
KBAUDIT_JUDGE_BREAKER_WINDOW = env_int("KBAUDIT_JUDGE_BREAKER_WINDOW", 8)

# --- The sweep ---------------------------------------------------------------------
# Minutes may be fractional (the worker tests sweep every few seconds).
KBAUDIT_IDLE_MINUTES = env_float("KBAUDIT_IDLE_MINUTES", 30)
KBAUDIT_SWEEP_EVERY_MINUTES = env_float("KBAUDIT_SWEEP_EVERY_MINUTES", 5)
KBAUDIT_SWEEP_BATCH_SIZE = env_int("KBAUDIT_SWEEP_BATCH_SIZE", 50)
# Batches a sweep grades at once on the workers; more than the workers' slots is fine.
KBAUDIT_SWEEP_FANOUT = env_int("KBAUDIT_SWEEP_FANOUT", 8)
# A claimed batch is renewed while graded; a dead worker's rows return after this.
KBAUDIT_SWEEP_LEASE_SECONDS = env_int("KBAUDIT_SWEEP_LEASE_SECONDS", 900)
# Judge calls in flight at once per worker process (LLM judge; the offline judge uses 1).
KBAUDIT_JUDGE_CONCURRENCY = env_int("KBAUDIT_JUDGE_CONCURRENCY", 8)
KBAUDIT_MAX_ATTEMPTS = env_int("KBAUDIT_MAX_ATTEMPTS", 5)
# Wait after a failed judge call, doubled at each further failure (capped at an hour).
KBAUDIT_RETRY_BACKOFF_SECONDS = env_int("KBAUDIT_RETRY_BACKOFF_SECONDS", 60)
KBAUDIT_HEARTBEAT_SECONDS = env_int("KBAUDIT_HEARTBEAT_SECONDS", 60)
# The nightly knowledge-base scan (duplicates, contradictions) starts at this hour, UTC.
KBAUDIT_KB_SCAN_HOUR = env_int("KBAUDIT_KB_SCAN_HOUR", 2)
KBAUDIT_DIGEST_EVERY_MINUTES = env_float("KBAUDIT_DIGEST_EVERY_MINUTES", 15)
KBAUDIT_ALERTS_EVERY_MINUTES = env_float("KBAUDIT_ALERTS_EVERY_MINUTES", 5)
# Days an interaction's full text is kept when its bot sets none; 0 keeps it for good.
KBAUDIT_TEXT_RETENTION_DAYS = env_int("KBAUDIT_TEXT_RETENTION_DAYS", 0)

# PostgreSQL: interactions and their sources in monthly partitions (audits/partitions.py),
# set up by the migrations of a new install; off keeps the plain tables.
KBAUDIT_PARTITION_TABLES = env_bool("KBAUDIT_PARTITION_TABLES", True)

CELERY_BEAT_SCHEDULE = {
    # Each scheduled message expires after one period: a beat with no worker listening
    # does not pile up sweeps for when one comes back.
    "sweep": {
        "task": "audits.tasks.sweep_dispatch",
        "schedule": KBAUDIT_SWEEP_EVERY_MINUTES * 60,
        "options": {"expires": KBAUDIT_SWEEP_EVERY_MINUTES * 60},
    },
    "kb-scan": {
        "task": "content.tasks.kb_scan_nightly",
        "schedule": crontab(hour=KBAUDIT_KB_SCAN_HOUR, minute=30),
        "options": {"expires": 6 * 3600},
    },
    "worker-heartbeat": {
        "task": "audits.tasks.worker_heartbeat",
        "schedule": KBAUDIT_HEARTBEAT_SECONDS,
        "options": {"expires": KBAUDIT_HEARTBEAT_SECONDS},
    },
    # Traces whose root span never came are assembled once idle this long.
    "traces-assemble": {
        "task": "audits.tasks.traces_assemble_idle",
        "schedule": 60,
        "options": {"expires": 60},
    },
    # Alerts are evaluated after every rollup refresh; this pass lets quiet bots recover.
    "alerts": {
        "task": "content.alerts.tasks.alerts_evaluate_all",
        "schedule": KBAUDIT_ALERTS_EVERY_MINUTES * 60,
        "options": {"expires": KBAUDIT_ALERTS_EVERY_MINUTES * 60},
    },
    # The safety net behind the sweep's own rollup refreshes (a broker that was down
    # when a sweep finished): the last two days of every bot, hourly.
    "rollups-catch-up": {
        "task": "content.tasks.rollups_catch_up",
        "schedule": crontab(minute=17),
        "options": {"expires": 3600},
    },
    # Text past each bot's retention is dropped once a night, grades and rollups kept.
    "text-retention": {
        "task": "audits.tasks.text_retention_sweep",
        "schedule": crontab(hour=3, minute=15),
        "options": {"expires": 6 * 3600},
    },
    # Next months' partitions exist before their first interaction (PostgreSQL).
    "partitions-ahead": {
        "task": "audits.tasks.partitions_ahead_create",
        "schedule": crontab(hour=3, minute=5),
        "options": {"expires": 6 * 3600},
    },
    # Weekly digests fall due at each person's own hour: look for due ones this often.
    "digests": {
        "task": "content.tasks.digests_dispatch",
        "schedule": KBAUDIT_DIGEST_EVERY_MINUTES * 60,
        "options": {"expires": KBAUDIT_DIGEST_EVERY_MINUTES * 60},
    },
}

# --- Email ---------------------------------------------------------------------------
EMAIL_BACKEND = env("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_float("EMAIL_TIMEOUT", 30.0)
# EMAIL_URL (smtp://user:pass@host:587/?tls=True, smtps://…, console://) sets all of the
# above at once and wins over them; see kbaudit/lib/email_url.py.
if env("EMAIL_URL"):
    from kbaudit.lib.email_url import email_url_settings

    globals().update(email_url_settings(env("EMAIL_URL")))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "kbaudit <kbaudit@localhost>")

# --- Ingestion -----------------------------------------------------------------------
KBAUDIT_IMPORT_CHUNK = env_int("KBAUDIT_IMPORT_CHUNK", 5000)
# Processes that decode, validate and encode a JSONL file for the PostgreSQL importer.
# One costs more CPU per row than COPY itself; more help where cores are to spare (on
# two cores shared with PostgreSQL they measured no faster and spent more CPU).
KBAUDIT_IMPORT_READERS = env_int("KBAUDIT_IMPORT_READERS", 1)
KBAUDIT_API_MAX_BATCH = 1000
# Without a broker (make run), what the API imports is graded by a thread of the web
# process once the import commits.
KBAUDIT_BACKGROUND_SWEEP = env_bool("KBAUDIT_BACKGROUND_SWEEP", True)
# OpenTelemetry traces: the largest decoded OTLP body, how long a trace without its root
# span waits for more spans, and how much of a KB article stands in for a span's missing text.
KBAUDIT_OTLP_MAX_BYTES = env_int("KBAUDIT_OTLP_MAX_BYTES", 16 * 1024 * 1024)
KBAUDIT_TRACE_IDLE_SECONDS = env_int("KBAUDIT_TRACE_IDLE_SECONDS", 120)
KBAUDIT_TRACE_SOURCE_CHARS = env_int("KBAUDIT_TRACE_SOURCE_CHARS", 20_000)
# The team (slug) of bots an import or a token creates without --team, and whose default
# knowledge base takes articles imported without --kb. Empty: such bots have no team and
# answer from the admins' default knowledge base.
KBAUDIT_DEFAULT_TEAM = env("KBAUDIT_DEFAULT_TEAM")

# --- Flags and rankings --------------------------------------------------------------
# Content flags judge each article on the days up to the bot's latest logged day.
KBAUDIT_FLAG_WINDOW_DAYS = env_int("KBAUDIT_FLAG_WINDOW_DAYS", 28)
# Graded answers an article (or a bot) needs before it is flagged, diagnosed or ranked.
KBAUDIT_MIN_SAMPLE = env_int("KBAUDIT_MIN_SAMPLE", 20)
# The API reads at most this many bytes of a request body (a JSON 413 beyond it): room
# for a full batch of 1,000 records with three 1 KB sources each, twice over.
KBAUDIT_API_MAX_BODY_BYTES = env_int("KBAUDIT_API_MAX_BODY_BYTES", 10 * 1024 * 1024)
# Timestamps outside [KBAUDIT_TIMESTAMP_MIN, now + KBAUDIT_TIMESTAMP_MAX_AHEAD_DAYS] are
# rejected: a year 1 or 9999 stored by PostgreSQL cannot be read back by Python.
KBAUDIT_TIMESTAMP_MIN = env("KBAUDIT_TIMESTAMP_MIN", "1990-01-01T00:00:00+00:00")
KBAUDIT_TIMESTAMP_MAX_AHEAD_DAYS = env_int("KBAUDIT_TIMESTAMP_MAX_AHEAD_DAYS", 1)
# Field sizes of one record (characters) and how deeply its JSON may nest.
KBAUDIT_MAX_TEXT_CHARS = env_int("KBAUDIT_MAX_TEXT_CHARS", 64 * 1024)
KBAUDIT_MAX_SOURCE_TEXT_CHARS = env_int("KBAUDIT_MAX_SOURCE_TEXT_CHARS", 256 * 1024)
KBAUDIT_MAX_METADATA_BYTES = env_int("KBAUDIT_MAX_METADATA_BYTES", 64 * 1024)
KBAUDIT_MAX_JSON_DEPTH = env_int("KBAUDIT_MAX_JSON_DEPTH", 32)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # A worker logs each task; run in process (no Redis), those lines drown the output.
        "celery.app.trace": {
            "level": env("CELERY_TASK_LOG_LEVEL", "WARNING" if CELERY_TASK_ALWAYS_EAGER else "INFO")
        },
        "httpx": {"level": "WARNING"},
        # django-axes logs every log-in; the lockouts it logs as warnings still show.
        "axes": {"level": env("AXES_LOG_LEVEL", "WARNING")},
        "httpx2": {"level": "WARNING"},
    },
}

# plotly.js comes from the installed plotly package (pinned in pyproject.toml), so the
# browser and the Python figures always agree on the version.
import plotly as _plotly  # noqa: E402

STATICFILES_DIRS.append(("vendor/plotly", Path(_plotly.__file__).parent / "package_data"))

# --- Production ----------------------------------------------------------------------
# What `make serve` and a deployment behind a TLS-terminating proxy need (README,
# "Deploying"). Every default keeps `make run` and the tests as they were.
INSTALLED_APPS += ["ninja"]  # the API docs' Swagger UI, served from ninja's own static files
# The proxy says whether the client spoke HTTPS. Trusted only when told to: a client
# reaching the server directly could otherwise claim it.
KBAUDIT_TRUST_X_FORWARDED_PROTO = env_bool("KBAUDIT_TRUST_X_FORWARDED_PROTO", False)
if KBAUDIT_TRUST_X_FORWARDED_PROTO:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# The load balancer's probes may speak plain HTTP to the server itself.
SECURE_REDIRECT_EXEMPT = [r"^health/$", r"^api/v1/health$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", SESSION_COOKIE_SECURE)
STATIC_ROOT = Path(env("STATIC_ROOT", str(STATIC_ROOT)))
# Hashed, compressed static files (after `collectstatic`), served by whitenoise with
# far-future cache headers. Off by default: without a manifest every page would fail.
KBAUDIT_STATIC_MANIFEST = env_bool("KBAUDIT_STATIC_MANIFEST", False)
if KBAUDIT_STATIC_MANIFEST:
    STORAGES["staticfiles"] = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}
# "json": one JSON object per line on stdout (web, worker and beat alike), for a log
# collector; "plain" (the default) for people.
LOG_FORMAT = env("LOG_FORMAT", "plain")
if LOG_FORMAT not in {"plain", "json"}:
    raise ImproperlyConfigured(f"LOG_FORMAT must be plain or json, got {LOG_FORMAT!r}")
if LOG_FORMAT == "json":
    LOGGING["formatters"]["json"] = {"()": "kbaudit.lib.logs.JsonFormatter"}
    LOGGING["handlers"]["console"] = {
        "class": "logging.StreamHandler",
        "formatter": "json",
        "stream": "ext://sys.stdout",
    }
