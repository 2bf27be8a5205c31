"""What the importers refuse, and how: every reproduction at the CLI and at the API."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import uuid

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from audits.models import ApiToken, Interaction, RetrievedSource
from tests.conftest import database_url
from tests.processes import ROOT, wait_for

pytestmark = pytest.mark.django_db


def record(i, **overrides) -> dict:
    base = {
        "id": f"int-{i}",
        "bot": "store-help",
        "conversation_id": f"c-{i}",
        "timestamp": "2026-11-02T14:03:11Z",
        "query": "How long do I have to return headphones?",
        "response": "You can return headphones within 30 days of delivery.",
        "sources": [
            {
                "article_id": "kb-returns",
                "title": "Returns policy",
                "url": "https://help.example.com/returns",
                "text": "You can return most items within 30 days of delivery.",
                "score": 0.83,
            }
        ],
    }
    base.update(overrides)
    return base


def cli(tmp_path, lines, *args, name="a.jsonl") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    )
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_interactions", str(path), *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def token(bot):
    return ApiToken.issue(bot=bot, name="pipeline")[1]


def api(client, token, body, path="interactions"):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(
        f"/api/v1/{path}",
        data=data,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


# --- timestamps ----------------------------------------------------------------------------

OUT_OF_RANGE = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "1989-12-31T23:59:59Z"]


@pytest.mark.parametrize("timestamp", OUT_OF_RANGE)
def test_the_cli_rejects_a_timestamp_outside_the_sane_range(tmp_path, bot, timestamp):
    code, out, err = cli(tmp_path, [record(1, timestamp=timestamp), record(2)])
    assert code == 1 and "imported 1" in out and "rejected 1" in out
    assert f"line 1: timestamp: '{timestamp}' is outside 1990-01-01 to" in err
    assert list(Interaction.objects.values_list("external_id", flat=True)) == ["int-2"]


@pytest.mark.parametrize("timestamp", OUT_OF_RANGE[:2])
def test_the_api_rejects_a_timestamp_outside_the_sane_range(client, token, timestamp):
    response = api(client, token, [record(1), record(2, timestamp=timestamp)])
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["index"] == 1 and error["error"].startswith("timestamp: ")
    assert not Interaction.objects.exists()


def test_the_timestamp_range_is_configurable(tmp_path, bot, settings):
    settings.KBAUDIT_TIMESTAMP_MIN = "2026-11-03T00:00:00Z"
    code, _, err = cli(tmp_path, [record(1)])
    assert code == 1 and "is outside 2026-11-03 to" in err
    settings.KBAUDIT_TIMESTAMP_MIN = "2000-01-01"
    settings.KBAUDIT_TIMESTAMP_MAX_AHEAD_DAYS = 0
    code, _, err = cli(tmp_path, [record(2, timestamp="2099-01-01T00:00:00Z")])
    assert code == 1 and "timestamp:" in err


def test_a_timestamp_a_few_hours_ahead_is_kept(tmp_path, bot):
    from datetime import UTC, datetime, timedelta

    soon = (datetime.now(UTC) + timedelta(hours=3)).isoformat()
    assert cli(tmp_path, [record(1, timestamp=soon)])[0] == 0


# --- scores, NUL, surrogates ---------------------------------------------------------------


def test_the_cli_rejects_an_infinite_score(tmp_path, bot):
    line = json.dumps(record(1)).replace("0.83", "1e999")
    csv = tmp_path / "a.csv"
    sources = json.dumps([{"article_id": "kb-a", "score": float("inf")}])  # "Infinity"
    csv.write_text(
        "id,bot,timestamp,query,response,sources\n"
        f'int-2,store-help,2026-11-02T14:03:11Z,q,r,"{sources.replace(chr(34), chr(34) * 2)}"\n'
    )
    code, _, err = cli(tmp_path, [line])
    assert code == 1 and "line 1: bad JSON" in err
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_interactions", str(csv), stdout=out, stderr=err)
    assert "sources[0].score: must be a finite number (got inf)" in err.getvalue()
    assert not Interaction.objects.exists()


@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_the_api_rejects_a_score_that_is_not_finite(client, token, value):
    body = json.dumps([record(1)]).replace("0.83", value)
    response = api(client, token, body)
    assert response.status_code == 400
    assert "sources[0].score: must be a finite number" in response.json()["errors"][0]["error"]


def test_the_cli_reports_a_lone_surrogate_on_its_line(tmp_path, bot):
    line = json.dumps(record(1)).replace("headphones?", "headphones \\ud800?")
    code, out, err = cli(tmp_path, [line, record(2)])
    assert code == 1 and "imported 1" in out
    assert "line 1: bad JSON: a lone surrogate" in err


def test_the_api_answers_a_lone_surrogate_with_a_json_400(client, token):
    body = json.dumps([record(1)]).replace("headphones?", "headphones \\ud800?")
    response = api(client, token, body)
    assert response.status_code == 400 and response["Content-Type"].startswith("application/json")
    assert "query: contains a lone surrogate" in response.json()["errors"][0]["error"]


def test_the_api_reports_a_nul_character_instead_of_dropping_it(client, token):
    response = api(client, token, [record(1, response="thirty\u0000days")])
    assert response.status_code == 400
    assert "response: contains a NUL character" in response.json()["errors"][0]["error"]


# --- every error of a record -----------------------------------------------------------------


def test_the_cli_reports_every_error_of_a_record(tmp_path, bot):
    bad = record(1, timestamp="0001-01-01T00:00:00Z", feedback="meh", sources=[{"score": "x"}])
    code, _, err = cli(tmp_path, [bad])
    assert code == 1
    for reason in ("timestamp:", "feedback:", "sources[0].article_id: missing", "sources[0].score"):
        assert reason in err


def test_the_api_reports_every_error_of_a_record(client, token):
    bad = record(1, timestamp="9999-12-31T23:59:59-14:00", query=7, metadata=[])
    error = api(client, token, [bad]).json()["errors"][0]["error"]
    assert "timestamp:" in error and "query: must be a string" in error
    assert "metadata: must be an object" in error


# --- sizes and nesting ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"query": "x" * (64 * 1024 + 1)}, "query: longer than 65,536 characters"),
        ({"response": "x" * (64 * 1024 + 1)}, "response: longer than 65,536 characters"),
        (
            {"sources": [{"article_id": "kb-a", "text": "x" * (256 * 1024 + 1)}]},
            "sources[0].text: longer than 262,144 characters",
        ),
        ({"metadata": {"blob": "x" * (64 * 1024)}}, "metadata: larger than 65,536 bytes"),
        ({"metadata": json.loads('{"a":' * 40 + "1" + "}" * 40)}, "metadata: nested deeper"),
    ],
)
def test_oversized_fields_are_rejected_by_the_cli_and_the_api(
    tmp_path, client, token, overrides, reason
):
    code, _, err = cli(tmp_path, [record(1, **overrides)])
    assert code == 1 and reason in err
    response = api(client, token, [record(1, **overrides)])
    assert response.status_code == 400 and reason in response.json()["errors"][0]["error"]
    assert not Interaction.objects.exists()


def test_json_nested_5000_deep_is_a_clear_error_not_a_500(tmp_path, client, token):
    deep = "[" * 5000 + "]" * 5000
    response = api(client, token, deep)
    assert response.status_code == 400 and "nested too deeply" in response.json()["detail"]
    line = json.dumps(record(1, metadata={"x": "PLACEHOLDER"})).replace('"PLACEHOLDER"', deep)
    code, _, err = cli(tmp_path, [line, record(2)])
    assert code == 1 and "line 1: bad JSON: depth limit exceeded" in err
    assert Interaction.objects.count() == 1


# --- the body limit ------------------------------------------------------------------------


def test_the_api_takes_a_realistic_batch_of_1000_records_with_three_1kb_sources(client, token):
    sources = [
        {"article_id": f"kb-{n}", "url": f"https://help.example.com/{n}", "text": "y" * 1024}
        for n in range(3)
    ]
    body = json.dumps([record(i, sources=sources) for i in range(1000)])
    assert len(body) > 3_000_000  # over Django's 2.5 MB default
    response = api(client, token, body)
    assert response.status_code == 200, response.content[:300]
    assert response.json()["imported"] == 1000
    assert RetrievedSource.objects.count() == 3000


def test_a_body_over_the_limit_is_a_json_413_naming_it(client, token, settings):
    settings.KBAUDIT_API_MAX_BODY_BYTES = 10_000
    response = api(client, token, [record(i) for i in range(30)])
    assert response.status_code == 413 and response["Content-Type"].startswith("application/json")
    assert response.json()["limit_bytes"] == 10_000
    assert "10,000 bytes" in response.json()["detail"]
    assert not Interaction.objects.exists()
    assert api(client, token, [record(1)]).status_code == 200


def test_a_body_is_measured_while_read_when_its_length_is_not_declared(rf, token, settings):
    from audits.ingest.api import BodyTooLarge, read_body

    settings.KBAUDIT_API_MAX_BODY_BYTES = 1_000
    request = rf.post("/api/v1/interactions", data=b"x" * 5_000, content_type="application/json")
    request.META["CONTENT_LENGTH"] = "nonsense"
    request._stream = io.BytesIO(b"x" * 5_000)  # what a chunked upload leaves to read
    with pytest.raises(BodyTooLarge):
        read_body(request)


# --- conflicts -----------------------------------------------------------------------------


def test_the_cli_reports_a_known_id_with_other_content_as_a_conflict(tmp_path, bot):
    assert cli(tmp_path, [record(1)])[0] == 0
    code, out, err = cli(tmp_path, [record(1, response="Within 90 days.")], name="b.jsonl")
    assert code == 1 and "duplicates 1" in out and "conflicts 1" in out and "rejected 0" in out
    assert "line 1: id 'int-1' is already stored with a different response" in err
    assert Interaction.objects.get().response.startswith("You can return")  # kept as is
    code, out, err = cli(tmp_path, [record(1)], name="c.jsonl")
    assert code == 0 and "duplicates 1" in out and "conflicts 0" in out and err == ""


def test_the_cli_reports_two_lines_of_one_file_with_one_id_and_other_content(tmp_path, bot):
    code, out, err = cli(tmp_path, [record(1), record(1), record(1, query="Other?")])
    assert code == 1 and "imported 1, duplicates 2" in out and "conflicts 1" in out
    assert "line 3: id 'int-1' is already stored with a different query" in err


def test_late_feedback_on_a_resent_record_is_no_conflict(tmp_path, bot):
    cli(tmp_path, [record(1)])
    code, out, _ = cli(tmp_path, [record(1, feedback="down")], name="b.jsonl")
    assert code == 0 and "feedback updated 1" in out and "conflicts 0" in out


def test_the_api_lists_conflicts_and_keeps_the_stored_record(client, token):
    assert api(client, token, [record(1)]).json()["conflicts"] == []
    response = api(client, token, [record(1, sources=[]), record(2)])
    assert response.status_code == 200
    body = response.json()
    assert body["imported"] == 1 and body["duplicates"] == 1
    assert body["conflicts"] == [
        {
            "index": 0,
            "id": "int-1",
            "error": "id 'int-1' is already stored with a different sources; "
            "the stored record is kept (send it under a new id)",
        }
    ]
    assert Interaction.objects.get(external_id="int-1").n_sources == 1


# --- durability and concurrency (PostgreSQL) -------------------------------------------------


def test_the_api_commits_durably_and_the_file_import_need_not(tmp_path, client, token, postgres):
    with CaptureQueriesContext(connection) as api_queries:
        assert api(client, token, [record(1)]).status_code == 200
    assert not any("synchronous_commit" in q["sql"] for q in api_queries.captured_queries)
    with CaptureQueriesContext(connection) as cli_queries:
        cli(tmp_path, [record(2)])
    sql = " ".join(q["sql"] for q in cli_queries.captured_queries)
    # A prepared chunk turns it off in the statement that probes its ids.
    assert (
        "synchronous_commit = off" in sql or "set_config('synchronous_commit', 'off', true)" in sql
    )


def _import_process(path, env):
    return subprocess.Popen(
        [sys.executable, "manage.py", "import_interactions", str(path), "--no-progress"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.django_db(transaction=True)
def test_two_cli_runs_and_the_api_importing_one_file_at_once_store_it_once(
    tmp_path, client, postgres, bot, settings
):
    token = ApiToken.issue(bot=bot, name="pipeline")[1]
    records = [record(i, conversation_id=f"c-{i % 40}") for i in range(20000)]
    path = tmp_path / "same.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "SECRET_KEY": settings.SECRET_KEY,
        "KBAUDIT_IMPORT_CHUNK": "500",
        "CELERY_QUEUE": f"kbaudit-test-{uuid.uuid4().hex[:12]}",
    }
    runs = [_import_process(path, env) for _ in range(2)]
    wait_for(lambda: Interaction.objects.exists(), timeout=120, every=0.05, what="an import")
    # The API sends batches of the file in reverse, the order most likely to deadlock.
    responses = [
        api(client, token, records[start : start + 1000][::-1]) for start in range(0, 5000, 1000)
    ]
    outputs = [run.communicate(timeout=600) for run in runs]
    for run, (out, err) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, err[-2000:]
        assert "Traceback" not in err and "conflicts 0" in out
    assert [r.status_code for r in responses] == [200] * 5
    assert Interaction.objects.count() == 20000
    assert RetrievedSource.objects.count() == 20000
    assert bot.conversations.count() == 40


def test_one_id_from_two_bots_is_two_interactions(tmp_path, bot):
    code, out, err = cli(tmp_path, [record(1), record(1, bot="seller-help", query="Other?")])
    assert code == 0 and "imported 2" in out and "conflicts 0" in out, err
    assert sorted(Interaction.objects.values_list("bot__slug", flat=True)) == [
        "seller-help", "store-help",
    ]  # fmt: skip


def test_bytes_that_are_not_utf8_in_a_csv_are_reported_not_replaced(tmp_path, bot):
    path = tmp_path / "a.csv"
    path.write_bytes(
        b"id,bot,timestamp,query,response\n"
        b"int-1,store-help,2026-11-02T14:03:11Z,caf\xe9?,Yes.\n"
        b"int-2,store-help,2026-11-02T14:03:11Z,Fine?,Yes.\n"
    )
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_interactions", str(path), stdout=io.StringIO(), stderr=err)
    assert "line 2: query: contains a lone surrogate" in err.getvalue()
    assert list(Interaction.objects.values_list("external_id", flat=True)) == ["int-2"]


def test_an_id_with_a_lone_surrogate_is_a_clear_400(client, token):
    response = api(client, token, json.dumps([record(1)]).replace('"int-1"', '"int-\\ud800"'))
    assert response.status_code == 400
    assert response.json()["errors"][0]["error"].startswith("id: contains a lone surrogate")
