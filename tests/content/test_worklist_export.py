"""The worklist as CSV and JSON: from the queue page (its filters) and export_worklist."""

from __future__ import annotations

import csv
import io
import json
from html import unescape

import pytest
from django.core.management import call_command
from django.urls import reverse

from content.models import ReviewItem
from tests.helpers import make_item

pytestmark = pytest.mark.django_db
COLUMNS = [
    "article_id", "title", "reason", "priority", "status", "traffic",
    "source_precision", "groundedness", "source_query_coverage", "diagnoses",
]  # fmt: skip
EVIDENCE = {
    "traffic": 120,
    "metrics": {"source_precision": 0.5, "groundedness": 0.0, "source_query_coverage": 0.25},
    "thresholds": {},
    "diagnoses": [{"id": "content-gap"}, {"id": "near-duplicate-retrieval"}],
}


@pytest.fixture
def items(bot, other_bot, bob):
    """Five items of the Help Centre's bot with different reasons, topics, statuses and
    assignees, and one of another team's bot."""
    returns = make_item(bot, "kb-returns", "Returns policy", priority=40.123)
    returns.evidence = EVIDENCE
    returns.save()
    return {
        "returns": returns,
        "shipping": make_item(
            bot, "kb-shipping", "Shipping", priority=30, topic="delivery",
            reason="partial_coverage", assignee=bob, status="in_progress",
        ),
        "fees": make_item(bot, "kb-fees", "Fees", priority=20, topic="pricing"),
        "old": make_item(bot, "kb-old", "Old page", priority=10, status="resolved"),
        "gone": make_item(bot, "kb-gone", "Gone", priority=5, status="dismissed"),
        "seller": make_item(other_bot, "kb-seller", "Seller fees", priority=99),
    }  # fmt: skip


def export(client, **filters) -> list[dict]:
    response = client.get(reverse("content:queue_export"), {"format": "csv", **filters})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="kbaudit-worklist.csv"'
    reader = csv.DictReader(io.StringIO(response.content.decode()))
    assert reader.fieldnames == COLUMNS
    return list(reader)


def ids(rows) -> list[str]:
    return [row["article_id"] for row in rows]


def test_the_csv_has_the_worklist_columns_and_values(client, bob, items):
    client.force_login(bob)
    rows = export(client)
    assert ids(rows) == ["kb-returns", "kb-shipping", "kb-fees"]  # active, by priority
    assert rows[0] == {
        "article_id": "kb-returns",
        "title": "Returns policy",
        "reason": "content_gap",
        "priority": "40.12",
        "status": "open",
        "traffic": "120",
        "source_precision": "0.5",
        "groundedness": "0.0",
        "source_query_coverage": "0.25",
        "diagnoses": "content-gap; near-duplicate-retrieval",
    }
    assert rows[2]["source_precision"] == "" and rows[2]["diagnoses"] == ""  # no metric: empty


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"status": "all"}, ["kb-returns", "kb-shipping", "kb-fees", "kb-old", "kb-gone"]),
        ({"status": "in_progress"}, ["kb-shipping"]),
        ({"status": "resolved"}, ["kb-old"]),
        ({"status": "dismissed"}, ["kb-gone"]),
        ({"status": "nonsense"}, ["kb-returns", "kb-shipping", "kb-fees"]),
        ({"reason": "partial_coverage"}, ["kb-shipping"]),
        ({"topic": "pricing"}, ["kb-fees"]),
        ({"assignee": "me"}, ["kb-shipping"]),
        ({"assignee": "none"}, ["kb-returns", "kb-fees"]),
        ({"assignee": "bob"}, ["kb-shipping"]),
        ({"q": "ship"}, ["kb-shipping"]),
        ({"q": "KB-FEES"}, ["kb-fees"]),
        ({"bot": "store-help", "topic": "returns"}, ["kb-returns"]),
        ({"bot": "seller-help"}, []),
        ({"topic": "pricing", "reason": "partial_coverage"}, []),
    ],
)
def test_the_csv_follows_the_queues_filters(client, bob, items, filters, expected):
    client.force_login(bob)
    assert ids(export(client, **filters)) == expected


def test_the_download_links_carry_the_current_filters(client, bob, items):
    client.force_login(bob)
    page = client.get(reverse("home"), {"topic": "pricing", "status": "all"})
    html, url = unescape(page.content.decode()), reverse("content:queue_export")
    assert f"{url}?topic=pricing&status=all&format=csv" in html
    assert f"{url}?topic=pricing&status=all&format=json" in html


def test_the_json_export_has_the_same_rows(client, bob, items):
    client.force_login(bob)
    response = client.get(reverse("content:queue_export"), {"format": "json", "topic": "returns"})
    assert response["Content-Type"] == "application/json"
    [row] = json.loads(response.content)
    assert list(row) == COLUMNS
    assert row["diagnoses"] == ["content-gap", "near-duplicate-retrieval"]
    assert row["groundedness"] == 0.0 and row["priority"] == 40.12
    assert client.get(reverse("content:queue_export"), {"format": "xlsx"}).status_code == 400


def test_an_outsider_exports_only_their_own_teams_items(client, charlie, items):
    client.force_login(charlie)
    assert ids(export(client, status="all")) == ["kb-seller"]


def test_a_title_that_looks_like_a_formula_opens_as_text(client, bob, bot):
    make_item(bot, "kb-x", '=HYPERLINK("https://evil.example","click")')
    client.force_login(bob)
    [row] = export(client)
    assert row["title"] == '\'=HYPERLINK("https://evil.example","click")'


def test_export_worklist_takes_the_same_filters(items):
    def run(*args) -> list[dict]:
        out = io.StringIO()
        call_command("export_worklist", "--format", "json", *args, stdout=out)
        return json.loads(out.getvalue())

    assert ids(run()) == ["kb-seller", "kb-returns", "kb-shipping", "kb-fees"]
    assert ids(run("--bot", "store-help", "--topic", "pricing")) == ["kb-fees"]
    assert ids(run("--status", "resolved")) == ["kb-old"]
    assert len(run("--status", "all")) == 6
    assert ids(run("--reason", "partial_coverage")) == ["kb-shipping"]


def test_export_worklist_writes_csv_with_the_columns(items, tmp_path):
    path = tmp_path / "worklist.csv"
    call_command("export_worklist", "--format", "csv", "-o", str(path), stderr=io.StringIO())
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == COLUMNS and len(rows) == ReviewItem.objects.active().count()
