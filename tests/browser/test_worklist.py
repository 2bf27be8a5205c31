"""The writers' worklist in a real browser: Debian chromium through Playwright."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from audits.models import Interaction
from content.models import ReviewItem
from tests.helpers import log_in, settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
    with settled(page):
        page.click("#item-status button:has-text('Claim')")
    expect(page.locator("#item-status")).to_contain_text("In progress")
    with settled(page):
        page.click("#item-status button:has-text('Resolve')")
    expect(page.locator("#item-status")).to_contain_text("Resolved")
    first.refresh_from_db()
    assert (first.status, first.assignee.username) == ("resolved", "alice")

    # dismiss another one with a reason, from the queue
    page.goto("/")
    row = page.locator(f"#item-{second.pk}")
    row.locator("summary[data-action=dismiss]").click()
    row.locator("input[name=reason]").fill("Covered by the new returns page")
    with settled(page):
        row.locator("form button.danger").click()
    expect(page.locator(f"#item-{second.pk}")).to_contain_text("Dismissed")
    expect(page.locator("#toast")).to_have_text(re.compile(r"^\s*Dismissed"))

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
    with settled(page):
        page.keyboard.press("c")
    expect(page.locator(f"#item-{target}")).to_contain_text("bob")
    expect(page.locator('#toast [data-action="undo"]')).to_be_visible()
    assert ReviewItem.objects.get(pk=target).assignee.username == "bob"
    with settled(page):
        page.keyboard.press("u")
    expect(page.locator(f"#item-{target}")).to_contain_text("Open")
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
