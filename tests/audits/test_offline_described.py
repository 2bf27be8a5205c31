"""The offline judge on an answer the passage never gives the numbered description the
question asks by ("Which 12th Abbot ...?", "What Grade 3 trail ...?")."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


ABBEY = (
    "The chapter house was rebuilt under the abbots Hugh of Selby and Walter Prior. "
    "Walter Prior (1301 - 1362) was the 12th Abbot of Kirkstall, elected in 1340."
)
TRAILS = (
    "After the storms of 2019, landslides closed the Fellside and Ridgeway trails. "
    "The Ridgeway was later regraded as a Grade 3 trail by the park authority."
)


def test_an_answer_the_numbered_description_is_not_given_to_is_not_grounded():
    query = "The chapter house was rebuilt under which 12th Abbot of Kirkstall?"
    assert not grounded(judge(query, "Hugh of Selby.", ABBEY))
    assert grounded(judge(query, "Walter Prior.", ABBEY))


def test_a_labelled_number_before_the_noun_is_read_the_same_way():
    query = "What Grade 3 trail did the landslides close?"
    assert not grounded(judge(query, "The landslides closed the Fellside trail.", TRAILS))
    assert grounded(judge(query, "The landslides closed the Ridgeway trail.", TRAILS))


def test_a_question_about_the_numbered_thing_itself_is_not_read_so():
    # "What was Route 9 ..." asks about the route the number names, not for one of them.
    passage = (
        "Route 9 was a coaching road from Leeds to York. Its tolls were collected by "
        "the Harrogate Turnpike Trust."
    )
    query = "What was Route 9 and who collected its tolls?"
    assert grounded(judge(query, "The Harrogate Turnpike Trust collected its tolls.", passage))
