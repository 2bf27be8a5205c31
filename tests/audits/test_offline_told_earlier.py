"""The customer's case told two turns back still holds: "We're a party of 90" before a
question on vegan options, then "And the two-course dinner?", asks for the 90-guest price."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeInput, SourceText, Turn
from audits.judges.offline import OfflineJudge

MENU = (
    "Menu prices per head. Menu | 20 to 49 guests | 50 to 150 guests. Buffet | £18 | £15. "
    "Two-course dinner | £32 | £29. Three-course dinner | £41 | £37."
)
PARTY = Turn(
    query="We're a party of 90 guests. How much is the buffet?",
    response="For 90 guests the buffet is £15 a head.",
)
VEGAN = Turn(
    query="Is there a vegan option?",
    response="Yes, every menu has a vegan option at no extra cost.",
)


def _judge(query: str, response: str, history: list[Turn]):
    return OfflineJudge().judge(
        JudgeInput(
            query=query,
            response=response,
            sources=[SourceText(rank=1, title="Menu prices", text=MENU)],
            history=history,
        )
    )


@pytest.mark.parametrize(("response", "supported"), [("£29 a head.", True), ("£32 a head.", False)])
def test_a_case_told_two_turns_back_picks_the_column(response, supported):
    result = _judge("And what's the two-course dinner per head?", response, [PARTY, VEGAN])

    assert (result.metrics()["groundedness"] == 1.0) is supported


def test_a_case_a_follow_up_moved_away_from_no_longer_holds():
    moved = Turn(query="And for 30 guests?", response="For 30 guests the buffet is £18 a head.")
    result = _judge("And what's the two-course dinner per head?", "£32 a head.", [PARTY, moved])

    assert result.metrics()["groundedness"] == 1.0


FEES = (
    "Session prices. Session | Adult | Child. Rock Climbing | £40 | £25. Open Water "
    "Swimming | £35 | £20. Trail Running | £30 | £18."
)


def test_a_follow_up_naming_another_row_takes_the_whole_labels_place():
    from audits.judges.offline.context import resolve_follow_up

    history = [Turn(query="What's the Rock Climbing adult price?", response="£40.")]

    assert resolve_follow_up("And Trail Running?", history, [FEES]) == (
        "What's the Trail Running adult price?"
    )


@pytest.mark.parametrize(("response", "supported"), [("£30.", True), ("£40.", False)])
def test_the_earlier_rows_value_for_the_new_row_is_flagged(response, supported):
    history = [Turn(query="What's the Rock Climbing adult price?", response="£40.")]
    result = OfflineJudge().judge(
        JudgeInput(
            query="And Trail Running?",
            response=response,
            sources=[SourceText(rank=1, title="Session prices", text=FEES)],
            history=history,
        )
    )

    assert (result.metrics()["groundedness"] == 1.0) is supported


LESSONS = (
    "Lesson prices. Length | Group lesson | Private lesson. 45 minutes | £20 | £30. "
    "90 minutes | £35 | £55. Group lessons take up to 6 riders."
)


def test_a_value_the_last_answer_moved_past_no_longer_holds():
    history = [
        Turn(
            query="How much is a 45-minute private lesson?",
            response="A 45-minute private lesson is £30.",
        ),
        Turn(
            query="Do you do anything longer?",
            response="Yes, private lessons also come in 90 minutes.",
        ),
    ]
    result = OfflineJudge().judge(
        JudgeInput(
            query="How much is that one?",
            response="That one's £55.",
            sources=[SourceText(rank=1, title="Lesson prices", text=LESSONS)],
            history=history,
        )
    )

    assert result.metrics()["groundedness"] == 1.0
