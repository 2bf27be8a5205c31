from __future__ import annotations

import json

import pytest
from django.utils import timezone

from audits.models import ApiToken, Interaction
from content.models import Article
from tests.helpers import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def token(bot):
    return ApiToken.issue(bot=bot, name="pipeline")[1]


def post(client, path, payload, token=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.post(
        f"/api/v1/{path}", data=json.dumps(payload), content_type="application/json", **headers
    )


def test_posting_without_a_token_is_401(client, bot):
    assert post(client, "interactions", [record(1)]).status_code == 401
    assert post(client, "interactions", [record(1)], token="kba_wrong").status_code == 401
    assert not Interaction.objects.exists()


def test_a_revoked_token_is_401(client, bot, token):
    ApiToken.objects.update(revoked_at=timezone.now())
    assert post(client, "interactions", [record(1)], token).status_code == 401


def test_a_token_stores_its_own_bots_interactions(client, bot, token):
    response = post(client, "interactions", [record(1), record(2, bot=None)], token)
    assert response.status_code == 200
    assert response.json() == {
        "imported": 2,
        "duplicates": 0,
        "feedback_updated": 0,
        "escalations_updated": 0,
        "rejected": 0,
        "conflicts": [],
    }
    assert set(Interaction.objects.values_list("bot__slug", flat=True)) == {"store-help"}
    again = post(client, "interactions", [record(1)], token)
    assert again.json()["duplicates"] == 1
    assert ApiToken.objects.get().last_used_at is not None


def test_the_token_is_stored_hashed(bot, token):
    stored = ApiToken.objects.get()
    assert token not in (stored.token_hash, stored.hint)
    assert stored.token_hash == ApiToken.hash(token)


def test_another_bots_token_is_403(client, bot, other_bot):
    _, foreign = ApiToken.issue(bot=other_bot)
    response = post(client, "interactions", [record(1)], foreign)
    assert response.status_code == 403
    assert "seller-help" in response.json()["detail"]
    assert not Interaction.objects.exists()


def test_a_bad_batch_is_400_with_one_error_per_record_and_stores_nothing(client, bot, token):
    response = post(
        client,
        "interactions",
        [record(1), record(2, feedback="meh"), record(3), record(4, sources="x")],
        token,
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"index": 1, "id": "int-2", "error": 'feedback: must be up, down or null (got "meh")'},
        {"index": 3, "id": "int-4", "error": "sources: must be a list (got string)"},
    ]
    assert not Interaction.objects.exists()


def test_a_batch_over_1000_records_is_400(client, bot, token):
    response = post(client, "interactions", [record(i) for i in range(1001)], token)
    assert response.status_code == 400
    assert "at most 1000" in response.json()["detail"]


def test_a_body_that_is_not_a_list_is_400(client, bot, token):
    assert post(client, "interactions", {"id": 1}, token).status_code == 400
    response = client.post(
        "/api/v1/interactions",
        data="{nope",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400 and "not valid JSON" in response.json()["detail"]


def test_late_feedback_through_the_api(client, bot, token):
    post(client, "interactions", {"records": [record(1)]}, token)
    response = post(client, "interactions", [{"id": "int-1", "feedback": "down"}], token)
    assert response.json()["feedback_updated"] == 1
    assert Interaction.objects.get().feedback == "down"


def test_articles_through_the_api(client, bot, token):
    payload = [
        {"id": "kb-1", "title": "Returns", "body": "30 days.", "updated_at": "2026-01-01T00:00:00Z"}
    ]
    assert post(client, "articles", payload, token).json()["imported"] == 1
    assert post(client, "articles", payload, token).json()["duplicates"] == 1
    bad = post(client, "articles", [{"id": "kb-2"}], token)
    assert bad.status_code == 400 and bad.json()["errors"][0]["error"] == "body: missing"
    assert Article.objects.count() == 1


def test_health_needs_no_token(client, db):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"


def test_the_openapi_schema_is_served(client, db):
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/interactions" in schema["paths"]
    assert "/api/v1/articles" in schema["paths"]
