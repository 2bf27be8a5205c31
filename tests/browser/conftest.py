from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.test import override_settings

from audits.models import Interaction
from audits.sweep.services import sweep_run
from content.models import ReviewItem
from tests.helpers import (  # noqa: F401 - log_in for older imports
    COUNT_SETTLED,
    DEMO_SWEEP_BATCH,
    celery_configure,
    log_in,
    require_service,
)

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
# Rebuilt by the post_migrate signal of every flush, with new ids: never copied back.
REBUILT_BY_FLUSH = {"django_content_type", "auth_permission"}
# Refilled by the interactions' own insert trigger on the partitioned layout (PostgreSQL).
KEPT_BY_TRIGGER = {"audits_interactionkey"}
SNAPSHOT_PREFIX = "kbtest_demo_"


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by Playwright (no downloaded browser)."""
    require_service(Path(CHROMIUM).exists(), f"Chromium at {CHROMIUM} (apt-get install chromium)")
    # The live server answers in its own thread while Playwright's loop runs in this one.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright  # imported once chromium is known to exist

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
        # Playwright's event loop runs in this thread from launch to exit, and while it
        # runs Django keeps the thread's database connections apart from the ones opened
        # before it (asgiref's Local follows the running loop). The test database was set
        # up on those earlier ones and is dropped through them: close these, or the drop
        # finds this session still connected.
        connections.close_all()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1400, "height": 900})
    context.add_init_script(COUNT_SETTLED)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def _demo_tables() -> list[str]:
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    return sorted(set(tables) - REBUILT_BY_FLUSH - KEPT_BY_TRIGGER)


def _snapshot(table: str) -> str:
    return connection.ops.quote_name(SNAPSHOT_PREFIX + table)


@pytest.fixture(scope="session")
def demo_tables(django_db_setup, django_db_blocker, fast_password_hasher, tmp_path_factory):
    """A small Brightcart demo (2,500 interactions) graded by the offline judge, built once
    per session and copied table by table beside the originals, so each browser test
    starts from it after the previous test's flush."""
    out = tmp_path_factory.mktemp("demo")
    replaced = celery_configure(task_always_eager=True, task_eager_propagates=True)
    try:
        with django_db_blocker.unblock(), override_settings(KBAUDIT_JUDGE="offline"):
            call_command("make_demo_data", "--out", str(out), "--n", "2500")
            sweep_run(idle_minutes=None, batch_size=DEMO_SWEEP_BATCH)
            tables = _demo_tables()
            with connection.cursor() as cursor:
                for table in tables:
                    cursor.execute(f"DROP TABLE IF EXISTS {_snapshot(table)}")
                    quoted = connection.ops.quote_name(table)
                    cursor.execute(f"CREATE TABLE {_snapshot(table)} AS SELECT * FROM {quoted}")
    finally:
        celery_configure(**replaced)
    yield tables
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"DROP TABLE IF EXISTS {_snapshot(table)}")


@pytest.fixture
def demo(demo_tables, transactional_db):
    """The session's demo, as built: alice's team's active review items, highest
    priority first."""
    if not Interaction.objects.exists():  # flushed by the previous test: copy it back
        with transaction.atomic(), connection.cursor() as cursor:
            for table in demo_tables:
                quoted = connection.ops.quote_name(table)
                cursor.execute(f"INSERT INTO {quoted} SELECT * FROM {_snapshot(table)}")
    items = ReviewItem.objects.active().filter(bot__team__slug="help-centre")
    assert items.count() >= 2
    return items.order_by("-priority")
