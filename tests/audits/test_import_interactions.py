from __future__ import annotations

import csv
import gc
import io
import json
from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from audits.ingest import service, writers
from audits.ingest.orm_writer import OrmWriter
from audits.ingest.prepare import BOT_MARK, Payload, PreparedChunk
from audits.ingest.writers import PostgresCopyWriter
from audits.models import Bot, Conversation, EvaluationRun, Interaction, RetrievedSource
from content.models import Article
from tests.helpers import record

pytestmark = pytest.mark.django_db


def write_jsonl(path, lines) -> str:
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    )
    return str(path)


def run_import(path, *args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_interactions", path, *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(params=["copy", "orm"])
def writer(request, monkeypatch):
    """Run each import test through both writers: PostgreSQL COPY and the ORM."""
    if request.param == "copy":
        request.getfixturevalue("postgres")
        monkeypatch.setattr(service, "chunk_writer", PostgresCopyWriter)
    else:
        monkeypatch.setattr(service, "chunk_writer", OrmWriter)
    return request.param


def test_it_imports_interactions_with_sources_in_rank_order(tmp_path, writer):
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", [record(1), record(2)]))
    assert code == 0
    assert out.strip().endswith(
        "imported 2, duplicates 0, feedback updated 0, rejected 0, conflicts 0"
    )
    interaction = Interaction.objects.get(external_id="int-1")
    assert interaction.conversation.external_id == "c-1"
    assert interaction.timestamp == datetime(2026, 11, 2, 14, 3, 11, tzinfo=UTC)
    assert [s.article_key for s in interaction.sources.order_by("rank")] == [
        "kb-returns",
        "kb-newsletter",
    ]
    first = interaction.sources.get(rank=1)
    assert first.score == 0.83 and first.occurred_at == interaction.timestamp
    assert interaction.sources.get(rank=2).score is None
    assert interaction.n_sources == 2 and interaction.status == "pending"


def test_rerunning_the_same_file_changes_nothing(tmp_path, writer):
    path = write_jsonl(tmp_path / "a.jsonl", [record(i) for i in range(5)])
    run_import(path)
    before = list(Interaction.objects.values_list("id", "external_id", "feedback", "query"))
    code, out, _ = run_import(path)
    assert code == 0
    assert "imported 0, duplicates 5, feedback updated 0, rejected 0" in out
    assert list(Interaction.objects.values_list("id", "external_id", "feedback", "query")) == before
    assert RetrievedSource.objects.count() == 10
    assert Conversation.objects.count() == 5


def test_a_repeated_id_within_one_file_is_stored_once(tmp_path, writer):
    path = write_jsonl(tmp_path / "a.jsonl", [record(1), record(1, query="changed")])
    code, out, _ = run_import(path)
    assert "imported 1, duplicates 1" in out
    assert Interaction.objects.get().query.startswith("How long")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("{not json", "bad JSON"),
        ('["a", "list"]', "record: must be a JSON object"),
        (json.dumps(record(1, id=None)), "id: missing"),
        (json.dumps(record(1, bot="")), "bot: missing"),
        (json.dumps(record(1, feedback="meh")), "feedback: must be up, down or null"),
        (json.dumps(record(1, timestamp="yesterday")), "timestamp: not an ISO 8601 date-time"),
        (json.dumps(record(1, timestamp=None)), "timestamp: missing"),
        (json.dumps(record(1, sources={"article_id": "x"})), "sources: must be a list"),
        (json.dumps(record(1, sources=["x"])), "sources[0]: must be an object"),
        (json.dumps(record(1, sources=[{"title": "t"}])), "sources[0].article_id: missing"),
        (
            json.dumps(record(1, sources=[{"article_id": "a", "score": "high"}])),
            "sources[0].score: must be a number",
        ),
        (json.dumps(record(1, query=["q"])), "query: must be a string"),
        (json.dumps(record(1, metadata="x")), "metadata: must be an object"),
        (
            json.dumps({"id": "int-1", "bot": "store-help"}),
            "feedback: a feedback-only record needs feedback up or down",
        ),
        (
            json.dumps({"id": "int-404", "bot": "store-help", "feedback": "down"}),
            "feedback: no stored interaction with id 'int-404'",
        ),
    ],
)
def test_it_rejects_a_bad_line_with_its_number_and_reason(tmp_path, writer, line, reason):
    path = write_jsonl(tmp_path / "a.jsonl", [record("ok-1"), line, record("ok-2")])
    code, out, err = run_import(path)
    assert code == 1
    assert f"a.jsonl:line 2: {reason}" in err
    assert "imported 2, duplicates 0, feedback updated 0, rejected 1" in out
    assert set(Interaction.objects.values_list("external_id", flat=True)) == {
        "int-ok-1",
        "int-ok-2",
    }


def test_a_1000_line_file_with_3_bad_lines_imports_997(tmp_path, writer, settings):
    settings.KBAUDIT_IMPORT_CHUNK = 128  # several chunks, the bad lines in different ones
    lines: list = [record(i, conversation_id=f"c-{i // 3}") for i in range(1000)]
    lines[10] = "{oops"
    lines[500] = record(500, timestamp="2026-13-45")
    lines[999] = record(999, sources="kb-returns")
    code, out, err = run_import(write_jsonl(tmp_path / "big.jsonl", lines))
    assert code == 1
    assert "imported 997, duplicates 0, feedback updated 0, rejected 3" in out
    assert [line.split(":")[1] for line in err.strip().splitlines()] == [
        "line 11",
        "line 501",
        "line 1000",
    ]
    assert Interaction.objects.count() == 997
    assert RetrievedSource.objects.count() == 997 * 2
    assert Conversation.objects.count() == 333  # c-333 held only the rejected line 1000


def test_late_feedback_updates_the_stored_interaction(tmp_path, writer):
    run_import(write_jsonl(tmp_path / "a.jsonl", [record(1), record(2)]))
    late = write_jsonl(
        tmp_path / "fb.jsonl",
        [
            {"id": "int-1", "bot": "store-help", "feedback": "down"},
            {"id": "int-2", "bot": "store-help", "feedback": "up"},
        ],
    )
    code, out, _ = run_import(late)
    assert code == 0
    assert "imported 0, duplicates 0, feedback updated 2, rejected 0" in out
    assert Interaction.objects.get(external_id="int-1").feedback == "down"
    assert Interaction.objects.get(external_id="int-1").feedback_at is not None
    # the same feedback again changes nothing
    assert "feedback updated 0" in run_import(late)[1]


def test_a_resent_record_carrying_feedback_updates_it(tmp_path, writer):
    run_import(write_jsonl(tmp_path / "a.jsonl", [record(1)]))
    code, out, _ = run_import(write_jsonl(tmp_path / "b.jsonl", [record(1, feedback="down")]))
    assert "imported 0, duplicates 1, feedback updated 1" in out
    assert Interaction.objects.get().feedback == "down"


def test_conversation_activity_spans_its_turns_across_files(tmp_path, writer):
    run_import(write_jsonl(tmp_path / "a.jsonl", [record(1, conversation_id="c-9")]))
    run_import(
        write_jsonl(
            tmp_path / "b.jsonl",
            [record(2, conversation_id="c-9", timestamp="2026-11-02T15:00:00+01:00")],
        )
    )
    conversation = Conversation.objects.get(external_id="c-9")
    assert conversation.interactions.count() == 2
    assert conversation.started_at == datetime(2026, 11, 2, 14, 0, tzinfo=UTC)
    assert conversation.last_activity_at == datetime(2026, 11, 2, 14, 3, 11, tzinfo=UTC)


def test_unknown_fields_are_kept_in_metadata(tmp_path, writer):
    run_import(
        write_jsonl(tmp_path / "a.jsonl", [record(1, channel="app", metadata={"locale": "de"})])
    )
    assert Interaction.objects.get().metadata == {"locale": "de", "channel": "app"}


def test_it_creates_an_unknown_bot_with_default_thresholds(tmp_path, writer):
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", [record(1, bot="new-bot")]))
    assert "created bot new-bot with default thresholds" in out
    assert set(Bot.objects.get(slug="new-bot").thresholds().values()) == {0.8}


def test_articles_cited_but_never_imported_become_stubs(tmp_path, writer):
    run_import(write_jsonl(tmp_path / "a.jsonl", [record(1)]))
    stub = Article.objects.get(external_id="kb-returns")
    assert stub.is_stub and stub.title == "Returns policy"
    assert stub.url == "https://help.example.com/returns"


def test_nul_characters_are_reported_per_line_and_the_rest_kept(tmp_path, writer):
    code, out, err = run_import(
        write_jsonl(
            tmp_path / "a.jsonl",
            [record(1, query="bad\u0000byte", metadata={"x": "a\u0000"}), record(2)],
        )
    )
    assert code == 1 and "rejected 1" in out
    assert "line 1: query: contains a NUL character" in err
    assert "metadata: contains a NUL character" in err  # every error of the line
    assert list(Interaction.objects.values_list("external_id", flat=True)) == ["int-2"]


def test_empty_query_and_empty_sources_are_valid(tmp_path, writer):
    code, _, _ = run_import(write_jsonl(tmp_path / "a.jsonl", [record(1, query="", sources=[])]))
    assert code == 0
    interaction = Interaction.objects.get()
    assert interaction.query == "" and interaction.n_sources == 0


def test_it_imports_csv_with_sources_as_a_json_string(tmp_path, writer):
    path = tmp_path / "log.csv"
    fields = [
        "id",
        "bot",
        "conversation_id",
        "timestamp",
        "query",
        "response",
        "sources",
        "feedback",
        "channel",
    ]
    with path.open("w", newline="") as handle:
        out = csv.DictWriter(handle, fieldnames=fields)
        out.writeheader()
        good = record(1)
        out.writerow(
            {
                **{k: good[k] for k in fields[:6]},
                "sources": json.dumps(good["sources"]),
                "feedback": "",
                "channel": "web",
            }
        )
        out.writerow(
            {
                **{k: good[k] for k in fields[:6]},
                "id": "int-2",
                "sources": "[not json",
                "feedback": "",
                "channel": "",
            }
        )
        out.writerow({"id": "int-1", "bot": "store-help", "feedback": "down"})
    code, stdout, err = run_import(str(path))
    assert code == 1
    assert "log.csv:line 3: sources: bad JSON in CSV cell" in err
    assert "imported 1, duplicates 0, feedback updated 1, rejected 1" in stdout
    interaction = Interaction.objects.get()
    assert interaction.sources.count() == 2
    assert interaction.metadata == {"channel": "web"}
    assert interaction.feedback == "down"


def test_a_run_is_stored_apart_from_production(tmp_path, writer):
    path = write_jsonl(tmp_path / "a.jsonl", [record(1)])
    run_import(path)
    code, out, _ = run_import(path, "--run", "embed-v2")
    assert "imported 1, duplicates 0" in out
    assert Interaction.objects.production().count() == 1
    assert Interaction.objects.filter(run=EvaluationRun.objects.get(name="embed-v2")).count() == 1


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_interactions", str(tmp_path / "nope.jsonl"))


def test_on_postgresql_a_fresh_file_goes_in_as_rows_prepared_by_the_parser(
    tmp_path, postgres, monkeypatch
):
    def must_not_run(*args, **kwargs):
        raise AssertionError("the writer encoded rows itself")

    monkeypatch.setattr(writers.PostgresCopyWriter, "_copy_new", staticmethod(must_not_run))
    code, out, _ = run_import(
        write_jsonl(tmp_path / "a.jsonl", [record(i, conversation_id="c-1") for i in range(3)])
    )
    assert code == 0 and "imported 3" in out
    interaction = Interaction.objects.get(external_id="int-2")
    assert interaction.conversation.interactions.count() == 3
    assert interaction.metadata == {} and interaction.sources.get(rank=1).score == 0.83


def test_a_conversation_continued_from_an_earlier_file_is_joined_not_duplicated(tmp_path, postgres):
    run_import(write_jsonl(tmp_path / "a.jsonl", [record(1, conversation_id="c-7")]))
    run_import(write_jsonl(tmp_path / "b.jsonl", [record(2, conversation_id="c-7")]))
    assert Conversation.objects.filter(external_id="c-7").count() == 1
    assert Conversation.objects.get(external_id="c-7").interactions.count() == 2


def test_a_bot_stand_in_found_in_the_data_is_refused():
    payload = Payload(bytearray(BOT_MARK * 2), rows=1)
    assert PreparedChunk.for_bot(payload, 7) is None
    assert PreparedChunk.for_bot(Payload(bytearray(BOT_MARK), rows=1), 7).endswith(
        (7).to_bytes(8, "big")
    )


def test_a_chunk_whose_data_holds_the_stand_in_is_rolled_back_and_written_again(tmp_path, postgres):
    import struct

    from audits.ingest.prepare import BOT_STANDIN

    # A score whose eight bytes are the stand-in: the first chunk (its bot not yet known
    # to the reader) cannot be patched, and nothing of it may stay half-written.
    score = struct.unpack(">d", BOT_STANDIN.to_bytes(8, "big"))[0]
    source = {"article_id": "kb-odd", "title": "Odd", "text": "odd score", "score": score}
    lines = [record(1, sources=[source]), record(2, conversation_id="c-1")]
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines))
    assert code == 0 and "imported 2, duplicates 0" in out
    assert RetrievedSource.objects.get(article_key="kb-odd").score == score
    assert Conversation.objects.get().interactions.count() == 2


def test_data_encoded_with_the_bots_id_is_used_as_it_is_and_only_for_that_bot():
    data = bytearray(b"rows naming bot 7")
    assert PreparedChunk.for_bot(Payload(data, rows=1, bot_id=7), 7) is data
    assert PreparedChunk.for_bot(Payload(data, rows=1, bot_id=7), 8) is None


def test_later_chunks_carry_the_ids_of_the_bots_the_writer_resolved(
    tmp_path, postgres, settings, monkeypatch
):
    def must_not_run(*args, **kwargs):
        raise AssertionError("a chunk was written the slow way")

    monkeypatch.setattr(writers.PostgresCopyWriter, "_copy_new", staticmethod(must_not_run))
    monkeypatch.setattr(service, "_write_again", must_not_run)
    seen: list[tuple[int | None, int]] = []
    for_bot = PreparedChunk.for_bot

    def spied(payload, bot_id, conversation_ids=None):
        seen.append((payload.bot_id, bot_id))
        return for_bot(payload, bot_id, conversation_ids)

    monkeypatch.setattr(PreparedChunk, "for_bot", staticmethod(spied))
    settings.KBAUDIT_IMPORT_CHUNK = 2
    lines = [record(i, bot="seller-help" if i % 2 else "store-help") for i in range(12)]
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines))
    assert code == 0 and "imported 12, duplicates 0" in out
    bots = dict(Bot.objects.values_list("slug", "pk"))
    for interaction in Interaction.objects.select_related("bot"):
        expected = "seller-help" if int(interaction.external_id[4:]) % 2 else "store-help"
        assert interaction.bot.slug == expected
        assert set(interaction.sources.values_list("bot_id", flat=True)) == {bots[expected]}
    assert seen[0][0] is None  # the first chunk's bots were not known yet
    assert any(known == bot_id for known, bot_id in seen)
    assert all(known in (None, bot_id) for known, bot_id in seen)


def test_chunk_data_crosses_in_shared_memory_unlinked_once_written(
    tmp_path, postgres, settings, monkeypatch
):
    from multiprocessing import shared_memory

    from audits.ingest import parallel

    blocks: list[str] = []
    attach = parallel._attach

    def spied(summary):
        if summary.shared_block is not None:
            blocks.append(summary.shared_block)
        return attach(summary)

    # A conversation stored by an earlier file and continued in a late chunk: its rows
    # get the stored id, written into the shared block.
    run_import(write_jsonl(tmp_path / "earlier.jsonl", [record(100, conversation_id="late")]))
    monkeypatch.setattr(parallel, "_attach", spied)
    settings.KBAUDIT_IMPORT_CHUNK = 2
    conversations = {5: "joined", 6: "joined", 10: "late", 11: "late"}
    lines = [record(i, conversation_id=conversations.get(i, f"c-{i}")) for i in range(12)]
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines))
    assert code == 0 and "imported 12, duplicates 0" in out
    assert blocks, "no chunk crossed in shared memory"
    for name in blocks:
        with pytest.raises(FileNotFoundError):
            shared_memory.SharedMemory(name=name)
    assert RetrievedSource.objects.count() == 26
    assert Conversation.objects.get(external_id="joined").interactions.count() == 2
    assert Conversation.objects.get(external_id="late").interactions.count() == 3
    assert sorted(Interaction.objects.values_list("external_id", flat=True)) == sorted(
        f"int-{i}" for i in [*range(12), 100]
    )


def test_the_command_keeps_start_up_objects_from_the_collector_only_while_it_imports(
    tmp_path, postgres, monkeypatch
):
    frozen_while_importing = []
    import_file = service.interaction_import_file

    def spied(**kwargs):
        frozen_while_importing.append(gc.get_freeze_count())
        return import_file(**kwargs)

    monkeypatch.setattr(
        "audits.management.commands.import_interactions.interaction_import_file", spied
    )
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", [record(1)]))
    assert code == 0 and "imported 1" in out
    assert frozen_while_importing and frozen_while_importing[0] > 0
    assert gc.get_freeze_count() == 0


# --- bots, teams and the idempotency key ---------------------------------------------------


def test_the_same_id_from_two_bots_stays_two_interactions(tmp_path, writer):
    lines = [record(1), record(1, bot="seller-help", conversation_id="c-1")]
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines))
    assert code == 0 and "imported 2, duplicates 0" in out
    assert sorted(Interaction.objects.values_list("bot__slug", "external_id")) == [
        ("seller-help", "int-1"),
        ("store-help", "int-1"),
    ]
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines))
    assert code == 0 and "imported 0, duplicates 2" in out


def test_with_team_the_new_bot_is_its_teams_and_its_members_see_it(tmp_path, writer, team, bob):
    code, out, _ = run_import(
        write_jsonl(tmp_path / "a.jsonl", [record(1, bot="new-bot")]), "--team", team.slug
    )
    assert code == 0 and "has no team" not in out
    new = Bot.objects.get(slug="new-bot")
    assert new.team == team and new in Bot.objects.visible_to(bob)
    assert new.knowledge_base_link.knowledge_base.team == team


def test_the_summary_names_a_team_less_bot_and_the_command_that_fixes_it(tmp_path, writer):
    path = write_jsonl(tmp_path / "a.jsonl", [record(1, bot="new-bot")])
    code, out, _ = run_import(path)
    assert code == 0
    assert "bot new-bot has no team, so only admins see it" in out
    assert f"import_interactions {path} --team TEAM-SLUG" in out


def test_team_gives_a_team_less_bot_a_team_but_never_moves_another_teams(
    tmp_path, writer, team, other_bot
):
    Bot.objects.create(slug="loner")
    lines = [record(1, bot="loner"), record(2, bot="seller-help")]
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines), "--team", team.slug)
    assert code == 0
    assert Bot.objects.get(slug="loner").team == team
    assert Bot.objects.get(slug="seller-help").team == other_bot.team


def test_the_default_team_setting_is_the_team_of_new_bots(tmp_path, writer, team, settings):
    settings.KBAUDIT_DEFAULT_TEAM = team.slug
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", [record(1, bot="new-bot")]))
    assert code == 0 and Bot.objects.get(slug="new-bot").team == team


def test_an_unknown_team_is_a_clear_error(tmp_path):
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="--team: no team 'nope'"):
        run_import(write_jsonl(tmp_path / "a.jsonl", [record(1)]), "--team", "nope")
    assert not Interaction.objects.exists() and not Bot.objects.exists()


def test_create_api_token_with_team_creates_the_bot_in_that_team(team, bob):
    out, err = io.StringIO(), io.StringIO()
    call_command("create_api_token", "new-bot", "--team", team.slug, stdout=out, stderr=err)
    new = Bot.objects.get(slug="new-bot")
    assert new.team == team and new in Bot.objects.visible_to(bob)
    assert out.getvalue().startswith("kba_") and "no team" not in err.getvalue()
    assert new.knowledge_base_link.knowledge_base.team == team


def test_create_api_token_names_a_team_less_bot_and_gives_it_a_team(team):
    Bot.objects.create(slug="loner")
    err = io.StringIO()
    call_command("create_api_token", "loner", stdout=io.StringIO(), stderr=err)
    assert "bot loner has no team" in err.getvalue() and "--team TEAM-SLUG" in err.getvalue()
    call_command("create_api_token", "loner", "--team", team.slug, stdout=io.StringIO())
    assert Bot.objects.get(slug="loner").team == team


def test_an_id_stored_in_the_middle_of_a_fresh_chunk_is_caught_not_an_error(tmp_path, postgres):
    # Stored under another conversation, so that only the interaction's own unique index
    # tells the prepared rows apart from the stored one; the other content is a conflict.
    run_import(
        write_jsonl(tmp_path / "a.jsonl", [record(3, conversation_id="c-x", feedback="down")])
    )
    code, out, err = run_import(write_jsonl(tmp_path / "b.jsonl", [record(i) for i in range(1, 6)]))
    assert code == 1 and "line 3" in err and "int-3" in err
    assert "imported 4, duplicates 1" in out and "conflicts 1" in out
    assert Interaction.objects.count() == 5 and RetrievedSource.objects.count() == 10
    assert Conversation.objects.count() == 5
    assert Interaction.objects.get(external_id="int-3").feedback == "down"


@pytest.mark.parametrize(
    "query",
    [
        "How long?",
        "  ¿Cuánto   TIEMPO?! ",
        "__init__ ...",
        "?!",
        "",
        "\u00a0naïve\tcafé\u2003",
        "a_b",
        "order 12345",
        "42",
        "x\n",
    ],
)
def test_the_query_key_is_the_one_stored_keys_were_made_with(query):
    import hashlib

    from audits.ingest.records import _EDGE_PUNCT, _WS, query_key

    reference = _EDGE_PUNCT.sub("", _WS.sub(" ", query.strip().lower()))
    assert query_key(query) == (hashlib.sha1(reference.encode()).hexdigest() if reference else "")


def test_a_files_first_chunks_are_smaller_and_two_readers_still_join_their_conversations(
    tmp_path, postgres, settings, monkeypatch
):
    from audits.ingest import parallel, writers
    from audits.ingest.prepare import ChunkPreparer

    def must_not_run(*args, **kwargs):
        raise AssertionError("a chunk was written the slow way")

    monkeypatch.setattr(writers.PostgresCopyWriter, "_copy_new", staticmethod(must_not_run))
    monkeypatch.setattr(service, "_write_again", must_not_run)
    lines = [record(i, conversation_id=f"c-{i // 3}") for i in range(2000)]
    path = write_jsonl(tmp_path / "a.jsonl", lines)
    preparer = ChunkPreparer(service._connector(), run_id=None)
    try:
        chunks = list(parallel._read(path, 800, None, preparer))
    finally:
        preparer.close()
    assert [c.n_lines for c in chunks] == [100, 200, 400, 800, 500]
    assert [c.first_line for c in chunks] == [1, 101, 301, 701, 1501]
    assert all(a.end == b.start for a, b in zip(chunks, chunks[1:], strict=False))
    settings.KBAUDIT_IMPORT_CHUNK, settings.KBAUDIT_IMPORT_READERS = 800, 2
    code, out, _ = run_import(path)
    assert code == 0 and "imported 2000, duplicates 0" in out
    assert Conversation.objects.count() == 667
    # Conversations crossing the chunk boundaries (lines 100/101, 700/701) are one each.
    for name, turns in (("c-33", ["int-100", "int-101", "int-99"]), ("c-233", ["int-699", "int-700", "int-701"])):  # fmt: skip
        conversation = Conversation.objects.get(external_id=name)
        assert sorted(conversation.interactions.values_list("external_id", flat=True)) == turns
    assert RetrievedSource.objects.count() == 4000


def test_two_readers_join_a_conversation_that_crosses_their_chunks(
    tmp_path, postgres, settings, monkeypatch
):
    from audits.ingest import writers

    def must_not_run(*args, **kwargs):
        raise AssertionError("a chunk was written the slow way")

    monkeypatch.setattr(writers.PostgresCopyWriter, "_copy_new", staticmethod(must_not_run))
    monkeypatch.setattr(service, "_write_again", must_not_run)
    settings.KBAUDIT_IMPORT_CHUNK, settings.KBAUDIT_IMPORT_READERS = 2, 2
    lines = [record(i, conversation_id=f"c-{i // 3}", feedback="down" if i == 4 else None) for i in range(8)]  # fmt: skip
    code, out, _ = run_import(write_jsonl(tmp_path / "a.jsonl", lines))
    assert code == 0 and "imported 8, duplicates 0" in out
    assert Conversation.objects.count() == 3
    for conversation in Conversation.objects.all():
        turns = conversation.interactions.order_by("external_id")
        expected = [f"int-{i}" for i in range(8) if f"c-{i // 3}" == conversation.external_id]
        assert [t.external_id for t in turns] == expected
    assert list(Interaction.objects.filter(feedback="down").values_list("external_id", flat=True)) == ["int-4"]  # fmt: skip
    assert RetrievedSource.objects.count() == 16
