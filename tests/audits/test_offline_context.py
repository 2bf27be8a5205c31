"""The offline judge on what a question asks and what answers it: a source that
supplies the answer, a follow-up read with its conversation, parts of a question left
out, and values for one thing given twice."""

from __future__ import annotations

from audits.judges.base import JudgeInput, JudgeResult, SourceText, Turn
from audits.judges.offline import OfflineJudge


def judge(
    query: str,
    response: str,
    *sources: tuple[str, str],
    history: tuple[Turn, ...] = (),
) -> JudgeResult:
    return OfflineJudge().judge(
        JudgeInput(
            query=query,
            sources=[
                SourceText(rank=rank, title=title, text=text)
                for rank, (title, text) in enumerate(sources, start=1)
            ],
            response=response,
            history=list(history),
        )
    )


# --- Does a source answer the question? ---------------------------------------------

NUMERALS = (
    "Arabic numerals",
    "Arabic numerals are the ten digits 0 to 9, the most common system for writing "
    "numbers. They are descended from the Hindu-Arabic numeral system developed by "
    "ancient Indian mathematicians around 500 CE.",
)
MEXICO_TRADE = (
    "Economy of Mexico",
    "Close to 90% of Mexican exports are traded with the United States and Canada. "
    "Trade with the United States increased 183% from 1993 to 2002.",
)


def test_a_sourced_fact_answering_the_question_in_other_words_answers_it():
    result = judge(
        "where did the shape of numbers come from",
        "Arabic numerals are descended from the Hindu-Arabic numeral system developed by "
        "ancient Indian mathematicians.",
        NUMERALS,
    )

    assert result.matches.response_query == [[1]]
    # The source that supplied the answer evidently addresses the question.
    assert result.matches.source_query == [[1]]
    assert result.verdict == "sufficient"


def test_a_sourced_fact_on_another_subject_answers_nothing():
    result = judge(
        "How do I reset my router?",
        "Arabic numerals are the ten digits 0 to 9.",
        NUMERALS,
    )

    assert result.matches.response_query == [[0]]
    assert result.metrics()["source_query_coverage"] == 0.0


def test_a_passage_on_the_topic_that_lacks_the_answer_does_not_answer_it():
    # Mexican exports are there, half the question's words; the biggest by value are not.
    result = judge(
        "what are the biggest mexican exports by value",
        "I'm sorry, I couldn't find that in our documentation.",
        MEXICO_TRADE,
    )

    assert result.matches.source_query == [[0]]


def test_a_passage_carrying_most_of_the_question_answers_it():
    result = judge(
        "where do mexican exports go",
        "I'm sorry, I couldn't find that in our documentation.",
        MEXICO_TRADE,
    )

    assert result.matches.source_query == [[1]]
