"""The LLM judge's prompt llm-v2: the conversation's earlier turns as context, the SPEC §3
rules, and a cache keyed on both the prompt version and the earlier turns."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeInput, SourceText, Turn
from audits.judges.cache import cache_key, hashed_key
from audits.judges.llm import PROMPT_VERSION, LLMJudge
from audits.judges.llm_prompt import MAX_HISTORY_TURNS
from audits.models import JudgeCacheEntry
from tests.llm_server import judgement

pytestmark = pytest.mark.django_db

PLANS = (
    "Plans. The monthly plan costs £9 and can be cancelled at any time. The yearly plan "
    "costs £90 and can be cancelled within 14 days of purchase for a full refund."
)
EARLIER = (
    Turn("Can I cancel the monthly plan?", "Yes, the monthly plan can be cancelled at any time."),
    Turn("How much is it?", "The monthly plan costs £9."),
)
OUTPUT = judgement(
    ["Can the yearly plan be cancelled?"],
    ["The yearly plan can be cancelled within 14 days."],
    source_query=[[1]],
    response_query=[[1]],
    response_source=[[1]],
    topic="cancellation",
)


def follow_up(history=EARLIER) -> JudgeInput:
    return JudgeInput(
        query="And the yearly one?",
        sources=[SourceText(rank=1, text=PLANS)],
        response="The yearly plan can be cancelled within 14 days of purchase.",
        bot_domain="Subscriptions for a streaming service.",
        history=history,
    )


@pytest.fixture
def judge(llm_settings):
    return LLMJudge.from_settings()


def user_message(llm_server) -> str:
    system, user = llm_server.last_request["messages"]
    return user["content"]


def test_earlier_turns_are_in_the_prompt_oldest_first_and_marked_as_context(judge, llm_server):
    llm_server.script(OUTPUT)

    judge.judge(follow_up())

    text = user_message(llm_server)
    context = text.index("Earlier turns of this conversation")
    assert "context only" in text[context:]
    positions = [text.index(part) for turn in EARLIER for part in (turn.query, turn.response)]
    assert context < positions[0] < positions[1] < positions[2] < positions[3]
    assert positions[3] < text.index("Question:\nAnd the yearly one?")


def test_only_the_last_turns_are_shown(judge, llm_server):
    many = tuple(Turn(f"Question number {n}?", f"Answer number {n}.") for n in range(6))
    llm_server.script(OUTPUT)

    judge.judge(follow_up(history=many))

    text = user_message(llm_server)
    shown = [turn for turn in many if turn.query in text]
    assert shown == list(many[-MAX_HISTORY_TURNS:])


def test_a_first_turn_has_no_context_section(judge, llm_server):
    llm_server.script(OUTPUT)

    judge.judge(follow_up(history=()))

    text = user_message(llm_server)
    assert "Earlier turns" not in text
    assert text.startswith("Bot domain: Subscriptions")


def test_the_system_prompt_states_the_spec_rules(judge, llm_server):
    llm_server.script(OUTPUT)

    judge.judge(follow_up())

    system = llm_server.last_request["messages"][0]["content"]
    for rule in (
        "Match by meaning, not wording",
        "Non-claims are not facts",
        "a fortnight",
        "misapplied",
        "The verdict never contradicts your matrices",
        "Earlier turns are context only",
    ):
        assert rule in system


# --- the cache ---------------------------------------------------------------------------


def test_the_cache_key_covers_the_earlier_turns():
    plain = cache_key(follow_up(history=()), model="m", prompt_version=PROMPT_VERSION)
    with_turns = cache_key(follow_up(), model="m", prompt_version=PROMPT_VERSION)
    other_turns = cache_key(
        follow_up(history=(Turn("Can I cancel the family plan?", "Yes, at any time."),)),
        model="m",
        prompt_version=PROMPT_VERSION,
    )

    assert len({plain, with_turns, other_turns}) == 3


def test_a_first_turn_keeps_the_key_it_had_before_turns_were_keyed():
    item = follow_up(history=())
    before = hashed_key(
        {
            "query": item.query,
            "sources": [source.text for source in item.sources],
            "response": item.response,
            "bot_domain": item.bot_domain,
            "prompt_version": "llm-v1",
            "model": "m",
        }
    )

    assert cache_key(item, model="m", prompt_version="llm-v1") == before


def test_the_same_follow_up_in_another_conversation_is_graded_again(judge, llm_server):
    llm_server.script(OUTPUT, OUTPUT)
    other = (Turn("Can I cancel the student plan?", "Yes, the student plan ends monthly."),)

    judge.judge(follow_up())
    again = judge.judge(follow_up())
    elsewhere = judge.judge(follow_up(history=other))

    assert (again.cached, elsewhere.cached) == (True, False)
    assert llm_server.calls == 2


def test_the_cache_key_includes_the_prompt_version(llm_settings, llm_server):
    llm_server.script(OUTPUT, OUTPUT)

    current = LLMJudge.from_settings()
    assert current.prompt_version == PROMPT_VERSION == "llm-v2"
    current.judge(follow_up())
    LLMJudge.from_settings(prompt_version="llm-v1").judge(follow_up())

    assert llm_server.calls == 2
    assert sorted(JudgeCacheEntry.objects.values_list("prompt_version", flat=True)) == [
        "llm-v1",
        "llm-v2",
    ]
    item = follow_up()
    assert cache_key(item, model="m", prompt_version="llm-v1") != cache_key(
        item, model="m", prompt_version="llm-v2"
    )


# --- the verdict never contradicts the judge's own matrices ----------------------------


def one_fact(**fields) -> dict:
    matrices = {"source_query": [[1]], "response_query": [[1]], "response_source": [[1]]}
    return judgement(
        ["Can the yearly plan be cancelled?"], ["Within 14 days."], **{**matrices, **fields}
    )


CONSISTENCY = [
    ("most_facts_unsupported", one_fact(response_source=[[0]]), ("insufficient", "contradictory")),
    (
        "nothing_answered_that_the_sources_cover",
        one_fact(response_query=[[0]]),
        ("insufficient", "no_content"),
    ),
    (
        "no_facts_although_the_sources_cover_it",
        judgement(
            ["Can it be cancelled?"], [], source_query=[[1]], response_query=[], response_source=[]
        ),
        ("insufficient", "no_content"),
    ),
    (
        "clean_decline_of_an_off_topic_question",
        judgement(
            ["What is the capital of Peru?"],
            [],
            source_query=[[0]],
            response_query=[],
            response_source=[],
        ),
        ("sufficient", None),
    ),
    ("grounded_answer", one_fact(), ("sufficient", None)),
]


@pytest.mark.parametrize(
    ("output", "expected"), [c[1:] for c in CONSISTENCY], ids=[c[0] for c in CONSISTENCY]
)
def test_a_sufficient_verdict_never_contradicts_the_matrices(judge, llm_server, output, expected):
    llm_server.script(output)

    result = judge.judge(follow_up(history=()))

    assert (result.verdict, result.cause) == expected
    if expected[0] == "insufficient":
        assert any("verdict sufficient but" in note for note in result.notes["normalised"])
