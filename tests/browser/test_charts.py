"""Charts under the Content-Security-Policy, in a real browser: drawn, and nothing blocked."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from audits.models import Bot
from audits.sweep.services import sweep_run
from tests.browser.conftest import log_in
from tests.helpers import DEMO_SWEEP_BATCH

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def graded_demo(tmp_path, settings):
    settings.KBAUDIT_JUDGE = "offline"
    call_command("make_demo_data", "--out", str(tmp_path / "demo"), "--n", "400")
    sweep_run(idle_minutes=None, batch_size=DEMO_SWEEP_BATCH)
    return Bot.objects.get(slug="store-help")


def test_a_bots_charts_are_drawn_with_no_content_security_policy_violation(page, graded_demo):
    problems: list[str] = []

    def on_console(message) -> None:
        # A missing favicon is the only resource the browser may fail to find.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            problems.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(
        "window.__cspViolations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    log_in(page, "alice")
    response = page.goto(graded_demo.get_absolute_url())
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("[data-plotly][data-drawn] .plotly-graph-div .main-svg")
    drawn = page.locator("[data-plotly][data-drawn] .main-svg").count()
    assert drawn >= page.locator("[data-plotly]").count() >= 2
    violations = page.evaluate("window.__cspViolations || []")
    assert problems == [] and violations == []
