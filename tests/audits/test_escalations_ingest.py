"""Escalations and agents' replies arrive with an interaction or later, like feedback."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from audits.models import ApiToken, Interaction

pytestmark = pytest.mark.django_db

REPLY = "Sorry about that: a restocking fee of 15% applies to opened headphones."


def _record(i: int, **extra) -> dict:
    return {
        "id": f"e-{i}",
        "bot": "store-help",
        "conversation_id": f"ec-{i}",
        "timestamp": "2026-11-02T14:03:11Z",
        "query": "Is there a restocking fee?",
        "response": "Please contact our support team.",
        "sources": [],
        **extra,
    }


def _import(tmp_path, lines) -> tuple[int, str, str]:
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_interactions", str(path), stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(params=["default", "postgres"])
def database(request):
    """Both writers: the ORM one (SQLite) and, on PostgreSQL, the COPY path and its child."""
    if request.param == "postgres":
        request.getfixturevalue("postgres")
    return request.param


def test_escalation_fields_on_the_record_are_stored(tmp_path, database):
    code, out, err = _import(tmp_path, [_record(1, escalated=True, human_reply=REPLY), _record(2)])
    assert code == 0, err
    first, second = Interaction.objects.order_by("external_id")
    assert (first.escalated, first.human_reply) == (True, REPLY)
    assert (second.escalated, second.human_reply) == (False, "")
    assert "human_reply" not in first.metadata and "escalated" not in first.metadata


def test_a_later_record_adds_the_agent_reply_and_its_feedback(tmp_path, database):
    _import(tmp_path, [_record(1)])
    code, out, err = _import(
        tmp_path,
        [{"id": "e-1", "bot": "store-help", "human_reply": REPLY, "feedback": "down"}],
    )
    assert code == 0, err
    interaction = Interaction.objects.get()
    assert (interaction.escalated, interaction.human_reply) == (True, REPLY)
    assert interaction.feedback == "down"
    assert "escalations updated 1" in out


def test_a_late_escalation_for_an_unknown_id_is_rejected_by_line(tmp_path, database):
    code, out, err = _import(
        tmp_path, [_record(1), {"id": "nope", "bot": "store-help", "escalated": True}]
    )
    assert code == 1
    assert "line 2: escalation: no stored interaction with id 'nope'" in err
    assert Interaction.objects.filter(escalated=True).count() == 0


def test_a_malformed_escalation_names_the_field(tmp_path):
    code, _, err = _import(tmp_path, [_record(1, escalated="yes"), _record(2, human_reply=3)])
    assert code == 1
    assert "line 1: escalated: must be true, false or null" in err
    assert "line 2: human_reply: must be a string" in err


def test_the_api_takes_escalations_inline_and_later(client, bot):
    token = ApiToken.issue(bot=bot, name="t")[1]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    first = client.post(
        "/api/v1/interactions",
        json.dumps([_record(1, escalated=True)]),
        content_type="application/json",
        **headers,
    )
    assert first.status_code == 200, first.content
    later = client.post(
        "/api/v1/interactions",
        json.dumps([{"id": "e-1", "human_reply": REPLY}]),
        content_type="application/json",
        **headers,
    )
    assert later.status_code == 200, later.content
    assert later.json()["escalations_updated"] == 1
    assert Interaction.objects.get().human_reply == REPLY
