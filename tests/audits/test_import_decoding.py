"""The file import's decoder (msgspec structs) gives, line for line, what orjson and
parse_record give: the same records, and the same rejections word for word."""

from __future__ import annotations

import json

import pytest

from audits.ingest.decoding import decoded_records
from audits.ingest.readers import jsonl_rows
from audits.ingest.records import RecordError, parse_record
from tests.helpers import record


def line(**overrides) -> bytes:
    return (json.dumps(record(1, **overrides)) + "\n").encode()


def source(**overrides) -> dict:
    return {"article_id": "kb-1", "title": "T", "url": "https://x.example/a", **overrides}


LINES = [
    line(),
    line(id=17),  # an integer id is read as its text
    line(id=" padded "),
    line(id="trailing "),
    line(bot="store-help\t"),
    line(id=""),
    line(id="x" * 201),
    line(bot=None),
    line(conversation_id=""),
    line(conversation_id=12),
    line(timestamp="2026-11-02 14:03:11"),
    line(timestamp="not a date"),
    line(timestamp="1999-01-01T00:00:00Z"),
    line(timestamp=5),
    line(query=None, response=None),
    line(query=["a list"]),
    line(query="Bad \u0000 NUL"),
    line(query="Ünïcödé is fine"),
    b'{"id":"s1","bot":"b","query":"\\ud800 alone","timestamp":"2026-11-02T14:03:11Z"}\n',
    b'{"id":"s2","bot":"b","query":"\\ud83d\\ude00 a pair","timestamp":"2026-11-02T14:03:11Z"}\n',
    b'{"id":"u1","bot":"b","query":"\xff\xfe","timestamp":"2026-11-02T14:03:11Z"}\n',
    line(response="x" * 100_001),
    line(feedback=" UP "),
    line(feedback="thumbs_down"),
    line(feedback="sideways"),
    line(feedback=""),
    line(sources=None),
    line(sources=[]),
    line(sources="kb-1"),
    line(sources=[source(), "not an object"]),
    line(sources=[source(score=1)]),
    line(sources=[source(score=True)]),
    line(sources=[source(score="0.5")]),
    line(sources=[source(article_id=42)]),
    line(sources=[source(article_id=None)]),
    line(sources=[source(url="javascript:alert(1)")]),
    line(sources=[source(url="/relative/path")]),
    line(sources=[source(url="https://x.example/" + "a" * 1000)]),
    line(sources=[source(title="é" * 600, text="ü")]),
    line(sources=[source(text="\u0000")]),
    line(sources=[source(extra="ignored", title=None, url=None, text=None)]),
    line(metadata={"channel": "web", "n": [1, 2.5, None, True, {"k": "v"}]}),
    line(metadata={"bad": "\u0000"}),
    line(metadata=[1, 2]),
    line(metadata=None),
    line(channel="web", tags=["a"]),  # unknown fields are kept in metadata
    line(escalated=True, human_reply="A person answered."),
    line(escalated="yes"),
    b'{"id":"big","bot":"b","query":"q","timestamp":"2026-11-02T14:03:11Z",'
    b'"metadata":{"n":123456789012345678901234567890}}\n',
    b'{"id":"dup","id":"dup2","bot":"b","query":"q","timestamp":"2026-11-02T14:03:11Z"}\n',
    b'{"id":"f1","bot":"store-help","feedback":"down"}\n',
    b'{"id":"f2","bot":"store-help"}\n',
    b'{"id":"e1","bot":"store-help","escalated":true}\n',
    b'{"id": "trunc", "bot": \n',
    b"[1, 2, 3]\n",
    b'"just a string"\n',
    b"\n",
    b"   \n",
    b'{"id":"nan","bot":"b","sources":[{"article_id":"k","score":NaN}]}\n',
    b'{"id":"inf","bot":"b","sources":[{"article_id":"k","score":1e400}]}\n',
    b"[" * 5000 + b"]" * 5000 + b"\n",
    b'\xef\xbb\xbf{"id":"bom","bot":"b","query":"q","timestamp":"2026-11-02T14:03:11Z"}\n',
]


def expected(lines: list[bytes], first_line: int = 1, default_bot: str | None = None):
    """What jsonl_rows and parse_record make of the lines (the in-process importer)."""
    out = []
    for number, decoded in jsonl_rows(lines):
        number += first_line - 1
        if isinstance(decoded, RecordError):
            out.append((number, decoded, ""))
            continue
        try:
            parsed = parse_record(decoded, line=number, default_bot=default_bot)
        except RecordError as exc:
            external_id = decoded.get("id", "") if isinstance(decoded, dict) else ""
            out.append((number, exc, str(external_id or "")))
        else:
            out.append((number, parsed, parsed.external_id))
    return out


def comparable(rows):
    return [
        (number, ("rejected", str(item)) if isinstance(item, RecordError) else item, external_id)
        for number, item, external_id in rows
    ]


@pytest.mark.parametrize("index", range(len(LINES)))
def test_each_line_decodes_to_what_parse_record_gives(index):
    lines = [LINES[index]]
    got = list(decoded_records(lines))
    assert comparable(got) == comparable(expected(lines))


def test_a_whole_file_keeps_its_line_numbers_and_the_default_bot(settings):
    settings.KBAUDIT_MAX_TEXT_CHARS = 100_000
    lines = LINES[:-1]  # the BOM only counts on a file's first line
    got = list(decoded_records(lines, first_line=1, default_bot="fallback-bot"))
    assert comparable(got) == comparable(expected(lines, default_bot="fallback-bot"))
    assert [number for number, _, _ in got][:3] == [1, 2, 3]
    rejected = {number: str(item) for number, item, _ in got if isinstance(item, RecordError)}
    assert rejected[6] == "id: missing"
    assert rejected[17] == "query: contains a NUL character (\\u0000)"


def test_a_chunk_further_in_the_file_names_its_own_line_numbers():
    got = list(decoded_records([line(), line(query=7)], first_line=5001))
    assert [number for number, _, _ in got] == [5001, 5002]
    assert str(got[1][1]) == "query: must be a string (got number)"
    assert got[0][1].line == 5001


def test_a_bom_past_the_first_line_is_bad_json_as_in_the_in_process_import():
    bom_line = LINES[-1]
    assert not isinstance(list(decoded_records([bom_line]))[0][1], RecordError)
    got = list(decoded_records([bom_line], first_line=2))
    assert str(got[0][1]).startswith("bad JSON:")


def test_well_formed_lines_are_read_without_the_slow_path(monkeypatch):
    from audits.ingest import decoding

    def slow(*args):
        raise AssertionError("a well-formed line went through orjson and parse_record")

    monkeypatch.setattr(decoding, "_slow", slow)
    lines = [
        line(),
        line(feedback="up", escalated=False),
        line(query="Ünïcödé", sources=[source(score=1)]),
        line(metadata={"channel": "web"}, conversation_id=None),
    ]
    assert comparable(decoded_records(lines)) == comparable(expected(lines))
