from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import require_service

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by Playwright (no downloaded browser)."""
    require_service(Path(CHROMIUM).exists(), f"Chromium at {CHROMIUM} (apt-get install chromium)")
    # The live server answers in its own thread while Playwright's loop runs in this one.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def log_in(page, username: str, password: str = "kbaudit-demo") -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url("**/")
