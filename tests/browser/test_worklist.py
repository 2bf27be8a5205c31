"""The writers' worklist in a real browser: Debian chromium through Playwright."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from audits.models import Interaction
from audits.sweep import sweep_run
from content.models import ReviewItem
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(tmp_path, settings):
    """A small Brightcart demo, graded by the offline judge: a populated queue."""
    settings.KBAUDIT_JUDGE = "offline"
    call_command("make_demo_data", "--out", str(tmp_path / "demo"), "--n", "2500")
    sweep_run(idle_minutes=None)
    assert ReviewItem.objects.active().count() >= 2
    return ReviewItem.objects.active().order_by("-priority")


def test_a_writer_triages_the_queue_in_the_browser(page, demo, artifacts):
    first, second = list(demo[:2])
    log_in(page, "alice")
    page.screenshot(path=str(artifacts / "queue.png"), full_page=True)

    # filter by a topic chip: only that topic's items remain
    page.click(f'a.chip[data-topic="{first.topic}"]')
    page.wait_for_url("**topic=**")
    page.wait_for_selector(f'a.chip.active[data-topic="{first.topic}"]')
    topics = page.locator("table.queue tbody tr[data-item] td:nth-child(5)").all_inner_texts()
    assert topics and set(topics) == {first.topic}

    # open the item, claim it, resolve it
    page.click(f"#item-{first.pk} td:nth-child(2) a")
    page.wait_for_url(f"**/items/{first.pk}/")
    page.click("#item-status button:has-text('Claim')")
    page.wait_for_selector("#item-status:has-text('In progress')")
    page.click("#item-status button:has-text('Resolve')")
    page.wait_for_selector("#item-status:has-text('Resolved')")
    first.refresh_from_db()
    assert (first.status, first.assignee.username) == ("resolved", "alice")

    # dismiss another one with a reason, from the queue
    page.goto("/")
    row = page.locator(f"#item-{second.pk}")
    row.locator("summary[data-action=dismiss]").click()
    row.locator("input[name=reason]").fill("Covered by the new returns page")
    row.locator("form button.danger").click()
    page.wait_for_selector(f"#item-{second.pk}:has-text('Dismissed')")
    assert page.locator("#toast").inner_text().startswith("Dismissed")

    # run a sweep; the dismissed item stays dismissed
    page.goto("/sweep/")
    page.click("button:has-text('Run a sweep now')")
    page.wait_for_load_state()
    second.refresh_from_db()
    assert (second.status, second.dismissed_reason) == (
        "dismissed",
        "Covered by the new returns page",
    )
    page.goto("/?status=dismissed")
    assert page.locator(f"#item-{second.pk}").is_visible()


def test_the_keyboard_moves_opens_claims_and_shows_help(page, demo):
    log_in(page, "bob")
    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("k")
    rows = page.locator("table.queue tbody tr[data-item]")
    assert "selected" in rows.nth(0).get_attribute("class")
    target = rows.nth(0).get_attribute("data-item")
    page.keyboard.press("c")
    page.wait_for_selector(f"#item-{target}:has-text('bob')")
    page.wait_for_selector('#toast [data-action="undo"]')
    assert ReviewItem.objects.get(pk=target).assignee.username == "bob"
    page.keyboard.press("u")
    page.wait_for_selector(f"#item-{target}:has-text('Open')")
    page.keyboard.press("?")
    assert page.locator("#help").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("#help").is_visible()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/items/{target}/")


def test_a_script_in_a_chatbot_question_never_runs(page, demo, artifacts):
    probe = (
        Interaction.objects.filter(query__contains="<script>").first()
        or Interaction.objects.filter(query__contains="onerror").first()
    )
    assert probe is not None, "the demo data plants an XSS probe"
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    log_in(page, "alice")
    page.goto(f"/interactions/{probe.pk}/")
    assert (
        "<script>" in page.locator(".triplet").inner_text()
        or "onerror" in page.locator(".triplet").inner_text()
    )
    article = demo.first().article
    page.goto(f"/articles/{article.pk}/")
    page.screenshot(path=str(artifacts / "article.png"), full_page=True)
    page.goto(f"/interactions/?q={probe.external_id}")
    assert dialogs == []
