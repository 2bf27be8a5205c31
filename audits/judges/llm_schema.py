"""The LLM judge's raw output: pydantic models, the strict JSON schema, structural checks.

The model replies with one JSON object (keys below). Parsing is deliberately lenient
about form and strict about substance:

- JSON is taken from the whole reply, else from a fenced block (```json … ```), else
  from the first object embedded in prose; nothing usable → :class:`JudgeError`.
- Required keys: ``sub_queries``, ``facts``, ``source_query``, ``response_query``,
  ``response_source``, ``verdict``. A missing one → :class:`JudgeError`.
- Matrix cells must be 0 or 1; ``true``/``false`` (and "0"/"1") are read as 1/0. Any
  other value → :class:`JudgeError`.
- Dimensions must match: ``source_query`` k×n, ``response_query`` m×n,
  ``response_source`` m×k, ``redundant_of`` m (k sources given, n sub-queries and m facts
  returned). Any mismatch → :class:`JudgeError`. The one tolerated shortcut: when the
  inner dimension is zero (no sub-queries, or no sources), ``[]`` stands for k (or m)
  empty rows, since such rows carry no information.

Small repairs, none of which can turn a failure into a pass:

- ``redundant_of`` missing → no fact is redundant; ``-1`` → null; a fact pointing at a
  later fact is turned round (the later one is the repeat); a self-reference or an
  index out of range → :class:`JudgeError`.
- ``unsupported`` missing → built from ``response_source``: every fact with no
  supporting source is ``not_in_sources``. A fact the judge calls unsupported keeps
  its entry and its ``response_source`` row is zeroed (the judge's own finding wins,
  failing toward "ungrounded"); a fact with no supporting source but no entry gets a
  ``not_in_sources`` entry. An unknown reason becomes ``not_in_sources``; a source
  number out of range is dropped; a fact index out of range → :class:`JudgeError`.
- ``cause``, ``rationale`` and ``topic`` missing → null / empty (the rubric
  normalisation in ``llm.py`` then decides).

Every list and string carries a bound (``maxItems``/``maxLength`` in the schema sent,
checked again here): a server that enforces the schema with a grammar (llama.cpp,
vLLM) closes a looping array after its last allowed item instead of filling the
context, and a reply beyond the bounds is unusable → :class:`JudgeError`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema

from .base import RUBRIC_CAUSES, UNSUPPORTED_REASONS, JudgeError, Matches, UnsupportedFact


def _zero_or_one(value: int) -> int:
    if value not in (0, 1):
        raise ValueError("a match cell must be 0 or 1")
    return value


# Lax int validation already reads true/false and "0"/"1" as integers.
Cell = Annotated[
    int, AfterValidator(_zero_or_one), WithJsonSchema({"type": "integer", "enum": [0, 1]})
]

# Bounds of a reply. A question of more parts, an answer of more facts, or more sources
# than this is beyond what one call grades well anyway.
MAX_SUB_QUERIES = 12
MAX_FACTS = 40
MAX_SOURCES = 50
MAX_TEXT = 400  # one sub-query or fact
MAX_PASSAGE = 600
MAX_RATIONALE = 500
MAX_TOPIC = 60

Text = Annotated[str, Field(max_length=MAX_TEXT)]


def _matrix(n_rows: int, n_columns: int) -> Any:
    return Annotated[
        list[Annotated[list[Cell], Field(max_length=n_columns)]], Field(max_length=n_rows)
    ]


SourceQueryMatrix = _matrix(MAX_SOURCES, MAX_SUB_QUERIES)
ResponseQueryMatrix = _matrix(MAX_FACTS, MAX_SUB_QUERIES)
ResponseSourceMatrix = _matrix(MAX_FACTS, MAX_SOURCES)


def _string_enum(values: tuple[str, ...], *, nullable: bool = False) -> dict[str, Any]:
    if nullable:
        return {"type": ["string", "null"], "enum": [*values, None]}
    return {"type": "string", "enum": list(values)}


def _strict(node: Any) -> Any:
    """OpenAI strict mode: every property required, no extra keys; titles, defaults and
    descriptions dropped because they only cost prompt tokens."""
    if isinstance(node, list):
        return [_strict(value) for value in node]
    if not isinstance(node, dict):
        return node
    dropped = {"title", "default", "description"}
    out = {key: _strict(value) for key, value in node.items() if key not in dropped}
    if "properties" in node:
        out["properties"] = {name: _strict(value) for name, value in node["properties"].items()}
        out["required"] = list(node["properties"])
        out["additionalProperties"] = False
    return out


class RawUnsupported(BaseModel):
    model_config = ConfigDict(extra="ignore")

    fact: int
    reason: Annotated[str, WithJsonSchema(_string_enum(UNSUPPORTED_REASONS))]
    passage: Annotated[str, Field(max_length=MAX_PASSAGE)] = ""
    source: int | None = None  # 1-based, as the prompt numbers the sources


class RawJudgement(BaseModel):
    """What the model is asked to return. Lenient types; the schema sent is strict."""

    model_config = ConfigDict(extra="ignore")

    sub_queries: Annotated[list[Text], Field(max_length=MAX_SUB_QUERIES)]
    facts: Annotated[list[Text], Field(max_length=MAX_FACTS)]
    source_query: SourceQueryMatrix
    response_query: ResponseQueryMatrix
    response_source: ResponseSourceMatrix
    # Optional here (repaired when missing), always asked for by the schema.
    redundant_of: Annotated[
        Annotated[list[int | None], Field(max_length=MAX_FACTS)] | None,
        WithJsonSchema(
            {"type": "array", "items": {"type": ["integer", "null"]}, "maxItems": MAX_FACTS}
        ),
    ] = None
    unsupported: Annotated[
        Annotated[list[RawUnsupported], Field(max_length=MAX_FACTS)] | None,
        WithJsonSchema(
            {
                "type": "array",
                "items": _strict(RawUnsupported.model_json_schema()),
                "maxItems": MAX_FACTS,
            }
        ),
    ] = None
    verdict: Annotated[str, WithJsonSchema(_string_enum(("sufficient", "insufficient")))]
    cause: Annotated[str | None, WithJsonSchema(_string_enum(RUBRIC_CAUSES, nullable=True))] = None
    # Trimmed rather than refused when longer (see llm.py); bounded in the schema sent.
    rationale: Annotated[
        str | None, WithJsonSchema({"type": "string", "maxLength": MAX_RATIONALE})
    ] = ""
    topic: Annotated[str | None, WithJsonSchema({"type": "string", "maxLength": MAX_TOPIC})] = ""


# --- the schema sent in json_schema mode -------------------------------------------------


def strict_json_schema() -> dict[str, Any]:
    return _strict(RawJudgement.model_json_schema())


def response_format_json_schema() -> dict[str, Any]:
    return {
        "type": "json_schema",
        "json_schema": {"name": "triplet_judgement", "strict": True, "schema": SCHEMA},
    }


SCHEMA = strict_json_schema()


# --- from completion text to RawJudgement ------------------------------------------------

_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
# Replies with an object buried in prose are rare; bound the scan over them.
_MAX_EMBEDDED_TRIES = 50


def extract_json_object(content: str | None) -> dict:
    text = (content or "").strip()
    if not text:
        raise JudgeError("the judge returned an empty completion")
    candidates = [text, *(match.group(1).strip() for match in _FENCE.finditer(text))]
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    embedded = _embedded_object(text)
    if embedded is None:
        raise JudgeError("the judge's completion holds no JSON object")
    return embedded


def _embedded_object(text: str) -> dict | None:
    decoder = json.JSONDecoder()
    start = text.find("{")
    for _ in range(_MAX_EMBEDDED_TRIES):
        if start < 0:
            return None
        try:
            value, _end = decoder.raw_decode(text, start)
        except ValueError:
            value = None
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None


def parse_raw(content: str | None) -> RawJudgement:
    data = extract_json_object(content)
    try:
        return RawJudgement.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}"
            for error in exc.errors()[:5]
        )
        raise JudgeError(f"the judge's output does not fit the schema: {problems}") from exc


# --- structure: dimensions and repairs ---------------------------------------------------


@dataclass
class Shaped:
    """The raw output with checked dimensions and repaired bookkeeping."""

    sub_queries: list[str]
    facts: list[str]
    matches: Matches
    unsupported: list[UnsupportedFact]
    repairs: list[str] = field(default_factory=list)


def shape(raw: RawJudgement, *, n_sources: int) -> Shaped:
    n_queries, n_facts = len(raw.sub_queries), len(raw.facts)
    repairs: list[str] = []
    source_query = _matrix(raw.source_query, "source_query", n_sources, n_queries)
    response_query = _matrix(raw.response_query, "response_query", n_facts, n_queries)
    response_source = _matrix(raw.response_source, "response_source", n_facts, n_sources)
    redundant = _redundant_of(raw.redundant_of, n_facts, repairs)
    unsupported = _unsupported(raw.unsupported, response_source, n_sources, repairs)
    return Shaped(
        sub_queries=[text.strip() for text in raw.sub_queries],
        facts=[text.strip() for text in raw.facts],
        matches=Matches(
            source_query=source_query,
            response_query=response_query,
            response_source=response_source,
            redundant_of=redundant,
        ),
        unsupported=unsupported,
        repairs=repairs,
    )


def _matrix(rows: list[list[int]], name: str, n_rows: int, n_columns: int) -> list[list[int]]:
    if not rows and n_columns == 0:
        return [[] for _ in range(n_rows)]
    if len(rows) != n_rows or any(len(row) != n_columns for row in rows):
        found = f"{len(rows)}×{'/'.join(sorted({str(len(row)) for row in rows})) or '0'}"
        raise JudgeError(f"{name} should be {n_rows}×{n_columns}, got {found}")
    return [list(row) for row in rows]


def _redundant_of(
    values: list[int | None] | None, n_facts: int, repairs: list[str]
) -> list[int | None]:
    if values is None:
        repairs.append("redundant_of missing: no fact redundant")
        return [None] * n_facts
    if len(values) != n_facts:
        raise JudgeError(f"redundant_of should have {n_facts} entries, got {len(values)}")
    redundant: list[int | None] = [None] * n_facts
    for index, target in enumerate(values):
        if target is None or target == -1:
            continue
        if not 0 <= target < n_facts or target == index:
            raise JudgeError(f"redundant_of[{index}] = {target} names no other fact")
        earlier, later = sorted((index, target))
        if target > index:
            repairs.append(f"redundant_of[{index}] pointed forward: fact {later} is the repeat")
        if redundant[later] is None:
            redundant[later] = earlier
    return redundant


def _unsupported(
    entries: list[RawUnsupported] | None,
    response_source: list[list[int]],
    n_sources: int,
    repairs: list[str],
) -> list[UnsupportedFact]:
    n_facts = len(response_source)
    if entries is None:
        repairs.append("unsupported missing: built from response_source")
        entries = []
    found: dict[int, UnsupportedFact] = {}
    for entry in entries:
        if not 0 <= entry.fact < n_facts:
            raise JudgeError(f"unsupported names fact {entry.fact}, but there are {n_facts}")
        if entry.fact not in found:
            found[entry.fact] = _unsupported_fact(entry, n_sources)
    for index, row in enumerate(response_source):
        if index in found and any(row):
            # The judge's own finding wins: a misread fact is not grounded.
            response_source[index] = [0] * len(row)
            repairs.append(f"fact {index} listed unsupported: its support row zeroed")
        elif index not in found and not any(row):
            found[index] = UnsupportedFact(fact=index, reason="not_in_sources")
    return [found[index] for index in sorted(found)]


def _unsupported_fact(entry: RawUnsupported, n_sources: int) -> UnsupportedFact:
    reason = entry.reason.strip().lower().replace(" ", "_").replace("-", "_")
    source = entry.source if entry.source is not None and 1 <= entry.source <= n_sources else None
    return UnsupportedFact(
        fact=entry.fact,
        reason=reason if reason in UNSUPPORTED_REASONS else "not_in_sources",
        passage=(entry.passage or "").strip(),
        source_rank=source,
    )
