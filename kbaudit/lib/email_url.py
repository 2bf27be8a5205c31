"""EMAIL_URL: the whole email configuration in one environment variable.

    smtp://user:pass@mail.example.com:587/?tls=True   SMTP, STARTTLS
    smtps://user:pass@mail.example.com                SMTP over TLS (port 465 by default)
    smtp://localhost:1025                             plain SMTP (a local relay)
    console://                                        print messages (development)
    file:///var/mail/kbaudit                          one file per message
    memory://                                         keep them in memory (tests)
    dummy://                                          drop them

``smtps`` means TLS from the first byte, as mail servers use the word; STARTTLS is
``smtp`` with ``?tls=True``. A user name or password with special characters is
percent-encoded (``p%40ss`` for ``p@ss``). ``?timeout=10`` sets the SMTP timeout in seconds.
"""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "memory": "django.core.mail.backends.locmem.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
}
TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def _flag(query: dict[str, list[str]], name: str) -> bool:
    value = query.get(name, [""])[-1].strip().lower()
    if value not in TRUE | FALSE:
        raise ImproperlyConfigured(f"EMAIL_URL: {name}={value!r} is not a yes or no")
    return value in TRUE


def email_url_settings(url: str) -> dict:
    """The EMAIL_* settings that ``url`` stands for."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme not in BACKENDS:
        raise ImproperlyConfigured(
            f"EMAIL_URL: unknown scheme {scheme!r}; use one of {', '.join(BACKENDS)}"
        )
    conf: dict = {"EMAIL_BACKEND": BACKENDS[scheme]}
    if scheme == "file":
        conf["EMAIL_FILE_PATH"] = unquote(parts.path)
    if scheme not in ("smtp", "smtps"):
        return conf
    query = parse_qs(parts.query, keep_blank_values=True)
    use_ssl = scheme == "smtps" or _flag(query, "ssl")
    use_tls = _flag(query, "tls")
    if use_ssl and use_tls:
        raise ImproperlyConfigured("EMAIL_URL: choose TLS from the start (smtps) or STARTTLS")
    try:
        port = parts.port
    except ValueError as exc:
        raise ImproperlyConfigured(f"EMAIL_URL: {exc}") from exc
    conf.update(
        EMAIL_HOST=parts.hostname or "localhost",
        EMAIL_PORT=port or (465 if use_ssl else 587 if use_tls else 25),
        EMAIL_HOST_USER=unquote(parts.username or ""),
        EMAIL_HOST_PASSWORD=unquote(parts.password or ""),
        EMAIL_USE_TLS=use_tls,
        EMAIL_USE_SSL=use_ssl,
    )
    if query.get("timeout"):
        try:
            conf["EMAIL_TIMEOUT"] = float(query["timeout"][-1])
        except ValueError as exc:
            raise ImproperlyConfigured("EMAIL_URL: timeout must be a number of seconds") from exc
    return conf
