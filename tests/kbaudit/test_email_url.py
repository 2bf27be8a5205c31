from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from kbaudit.lib.email_url import email_url_settings

SMTP = "django.core.mail.backends.smtp.EmailBackend"


def test_smtp_with_starttls_and_an_encoded_password():
    assert email_url_settings(
        "smtp://digest%40example.com:p%40ss%2Fw@mail.example.com:587/?tls=True"
    ) == {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": "mail.example.com",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "digest@example.com",
        "EMAIL_HOST_PASSWORD": "p@ss/w",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }


def test_smtps_is_tls_from_the_first_byte_on_port_465():
    conf = email_url_settings("smtps://user:secret@mail.example.com?timeout=7.5")
    assert (conf["EMAIL_USE_SSL"], conf["EMAIL_USE_TLS"], conf["EMAIL_PORT"]) == (True, False, 465)
    assert conf["EMAIL_TIMEOUT"] == 7.5


@pytest.mark.parametrize(
    ("url", "port"),
    [("smtp://localhost", 25), ("smtp://localhost/?tls=yes", 587), ("smtp://relay:2525", 2525)],
)
def test_the_port_follows_the_security_unless_given(url, port):
    assert email_url_settings(url)["EMAIL_PORT"] == port


@pytest.mark.parametrize(
    ("url", "backend"),
    [
        ("console://", "django.core.mail.backends.console.EmailBackend"),
        ("memory://", "django.core.mail.backends.locmem.EmailBackend"),
        ("dummy://", "django.core.mail.backends.dummy.EmailBackend"),
    ],
)
def test_backends_without_a_server(url, backend):
    assert email_url_settings(url) == {"EMAIL_BACKEND": backend}


def test_file_names_the_folder():
    assert email_url_settings("file:///var/mail/kbaudit")["EMAIL_FILE_PATH"] == "/var/mail/kbaudit"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("imap://mail.example.com", "unknown scheme"),
        ("smtps://mail.example.com/?tls=True", "choose TLS"),
        ("smtp://mail.example.com/?tls=maybe", "not a yes or no"),
        ("smtp://mail.example.com:port", "Port"),
        ("smtp://mail.example.com/?timeout=soon", "timeout"),
    ],
)
def test_a_wrong_url_stops_the_start_with_a_reason(url, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        email_url_settings(url)


def test_settings_take_email_url_over_the_separate_variables():
    env = {
        **os.environ,
        "SECRET_KEY": "t",
        "EMAIL_HOST": "ignored.example.com",
        "EMAIL_URL": "smtps://bot:pw@mail.example.com",
    }
    code = (
        "import kbaudit.settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_SSL, s.EMAIL_HOST_USER)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
        cwd=settings.BASE_DIR,
    )  # fmt: skip
    assert result.stdout.split() == [SMTP, "mail.example.com", "465", "True", "bot"]
