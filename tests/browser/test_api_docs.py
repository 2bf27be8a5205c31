"""The API's interactive docs in a real browser, under a strict Content-Security-Policy."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# As strict as a policy gets: every script and style from this origin, nothing inline.
STRICT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


def test_the_docs_render_under_a_strict_csp_without_leaving_the_server(
    page, live_server, artifacts
):
    violations, elsewhere = [], []
    page.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text and violations.append(message.text)
        ),
    )
    origin = urlsplit(live_server.url).netloc
    page.on(
        "request",
        lambda request: (
            urlsplit(request.url).netloc not in (origin, "")
            and not request.url.startswith("data:")
            and elsewhere.append(request.url)
        ),
    )

    def with_csp(route):
        response = route.fetch()
        route.fulfill(
            response=response,
            headers={**response.headers, "content-security-policy": STRICT_CSP},
        )

    page.route("**/api/v1/docs", with_csp)
    page.goto("/api/v1/docs")
    page.wait_for_selector(".opblock-summary-path", timeout=20_000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/v1/interactions" in paths and "/api/v1/articles" in paths
    # The records' schemas, with their descriptions.
    page.locator("section.models .json-schema-2020-12__title", has_text="InteractionIn").click()
    page.wait_for_selector("text=One turn of a conversation")
    page.wait_for_selector("text=conversation_id")
    page.screenshot(path=str(artifacts / "api-docs.png"), full_page=True)
    assert not violations, violations
    assert not elsewhere, elsewhere
