"""The OpenAPI document types every record field, and /api/v1/docs works offline."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from audits.ingest.api import FeedbackIn, InteractionIn, SourceIn
from audits.ingest.records import KNOWN_FIELDS
from audits.models import ApiToken, Interaction
from content.articles.api import ArticleIn

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ["InteractionIn", "SourceIn", "FeedbackIn", "ArticleIn"]


@pytest.fixture
def openapi(client):
    return client.get("/api/v1/openapi.json").json()


def typed(field: dict) -> bool:
    return any(key in field for key in ("type", "anyOf", "$ref", "enum", "allOf"))


def test_every_field_of_the_records_has_a_type_and_a_description(openapi):
    schemas = openapi["components"]["schemas"]
    for name in RECORDS:
        properties = schemas[name]["properties"]
        assert properties, name
        for field_name, field in properties.items():
            assert typed(field), f"{name}.{field_name} has no type"
            assert field.get("description"), f"{name}.{field_name} has no description"
        assert schemas[name]["examples"], name
    feedback = schemas["InteractionIn"]["properties"]["feedback"]["anyOf"][0]
    assert set(feedback["enum"]) >= {"up", "down"}


def test_the_batch_endpoints_take_arrays_of_those_records(openapi):
    def items(path):
        body = openapi["paths"][path]["post"]["requestBody"]["content"]["application/json"]
        return body["schema"]["anyOf"][0]["items"]

    refs = {ref["$ref"] for ref in items("/api/v1/interactions")["anyOf"]}
    assert refs == {"#/components/schemas/InteractionIn", "#/components/schemas/FeedbackIn"}
    assert items("/api/v1/articles") == {"$ref": "#/components/schemas/ArticleIn"}


def test_the_schemas_name_every_field_the_importers_read():
    assert set(InteractionIn.model_fields) == KNOWN_FIELDS
    assert set(SourceIn.model_fields) == {"article_id", "title", "url", "text", "score"}
    assert set(ArticleIn.model_fields) == {"id", "title", "url", "body", "updated_at"}
    assert set(FeedbackIn.model_fields) == {"id", "bot", "feedback", "escalated", "human_reply"}


def readme_examples() -> list[dict]:
    """The JSON examples of the README's input section (the interaction, late feedback)."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Input: the interaction log", 1)[1]
    interaction = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    feedback = json.loads(re.search(r"own record: `(\{.*?\})`", section).group(1))
    return [interaction, feedback]


def test_the_examples_are_the_readmes_and_the_api_accepts_them(client, bot):
    interaction, feedback = readme_examples()
    assert InteractionIn.model_config["json_schema_extra"]["examples"] == [interaction]
    assert FeedbackIn.model_config["json_schema_extra"]["examples"] == [feedback]
    InteractionIn.model_validate(interaction)
    FeedbackIn.model_validate(feedback)
    token = ApiToken.issue(bot=bot)[1]
    response = client.post(
        "/api/v1/interactions",
        data=json.dumps([interaction, feedback]),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 200, response.json()
    assert Interaction.objects.get(external_id="int-000123").feedback == "down"


def test_the_docs_are_served_from_local_static_files_without_inline_script(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    page = response.content.decode()
    assert "swagger-ui" in page
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert scripts
    for attributes, body in scripts:
        if 'type="application/json"' in attributes:
            json.loads(body)  # a data block, which no CSP treats as script
            continue
        assert not body.strip(), "an inline script"
        assert 'src="/static/' in attributes
    for url in re.findall(r'(?:src|href)="([^"]+)"', page):
        assert url.startswith("/static/"), url
        assert finders.find(url.removeprefix("/static/")), url
    assert "cdn" not in page.lower()
    settings = json.loads(re.search(r'id="swagger-settings">(.*?)</script>', page, re.S).group(1))
    assert settings["url"] == "/api/v1/openapi.json"
    assert settings["validatorUrl"] is None  # no request to validator.swagger.io
