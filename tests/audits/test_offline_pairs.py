"""The offline judge on what an answer says of the two things a question names
together: "both" of them where the passage says it of one, "only" one where the
passage says it of each."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Plans")


UPTIME = (
    "The Business plan is covered by our uptime guarantee and a named account manager. "
    "The Team plan comes with email support on working days."
)
SSO = (
    "The Team plan includes single sign-on and audit logs. The Business plan includes "
    "single sign-on, audit logs and a dedicated account manager."
)
PAINTERS = (
    "Ada Brook (1901–1977) was a Welsh painter and printmaker. Leo Marsh was an English "
    "painter known for his harbour scenes."
)


def test_it_flags_both_of_the_questions_things_where_the_passage_says_it_of_one():
    result = judge(
        "Are the Team and Business plans both covered by the uptime guarantee?",
        "Yes, both plans are covered by the uptime guarantee.",
        UPTIME,
    )

    assert not grounded(result)


def test_it_passes_both_where_the_passage_says_it_of_each():
    result = judge(
        "Are the Team and Business plans both covered by the uptime guarantee?",
        "Yes, both plans are covered by the uptime guarantee.",
        "The Business plan is covered by our uptime guarantee. The Team plan is covered by "
        "the same uptime guarantee.",
    )

    assert grounded(result)


def test_it_flags_only_one_where_the_passage_says_it_of_the_other_too():
    result = judge(
        "Do the Team and Business plans both include single sign-on?",
        "No, only the Business plan includes single sign-on.",
        SSO,
    )

    assert not grounded(result)


def test_it_passes_only_one_where_the_passage_says_it_of_that_one():
    result = judge(
        "Do the Team and Business plans both include single sign-on?",
        "No, only the Business plan includes single sign-on.",
        "The Team plan includes audit logs. The Business plan includes single sign-on and "
        "audit logs.",
    )

    assert grounded(result)


def test_it_flags_only_one_of_two_people_the_passage_says_it_of():
    result = judge(
        "Were both Ada Brook and Leo Marsh painters?",
        "No, only Ada Brook was a painter.",
        PAINTERS,
    )

    assert not grounded(result)


FEATURES = (
    "The Team plan includes audit logs and email support. The Business plan includes "
    "audit logs, single sign-on and phone support."
)


def test_it_flags_a_shared_feature_only_one_plan_has():
    result = judge(
        "What do the Team and Business plans have in common?",
        "Audit logs and single sign-on",
        FEATURES,
    )

    assert not grounded(result)


def test_it_passes_a_feature_both_plans_have():
    result = judge("What do the Team and Business plans have in common?", "Audit logs", FEATURES)

    assert grounded(result)


def test_it_flags_a_shared_profession_said_of_one_person_only():
    result = judge(
        "What profession do Ada Brook and Leo Marsh share?", "Painter and printmaker", PAINTERS
    )

    assert not grounded(result)


def test_it_passes_the_profession_both_people_have():
    result = judge("What profession do Ada Brook and Leo Marsh share?", "Painter", PAINTERS)

    assert grounded(result)


def test_it_flags_both_after_the_verb_where_the_passage_says_it_of_one():
    result = judge(
        "Are the Team and Business plans covered by the uptime guarantee?",
        "The Team and Business plans are both covered by the uptime guarantee.",
        UPTIME,
    )

    assert not grounded(result)


def test_it_flags_both_in_one_word_said_of_one_person():
    result = judge(
        "Are Ada Brook and Leo Marsh both printmakers?",
        "Yes, Ada Brook and Leo Marsh are both printmakers.",
        PAINTERS,
    )

    assert not grounded(result)


def test_it_passes_both_in_one_word_said_of_each():
    result = judge(
        "Are Ada Brook and Leo Marsh both painters?",
        "Yes, Ada Brook and Leo Marsh are both painters.",
        PAINTERS,
    )

    assert grounded(result)


LOCKERS = (
    "Day lockers at Harbour Street station take cards and coins. Day lockers at Quay "
    "Road station take cards and are open around the clock."
)


def test_it_flags_a_yes_whose_restatement_drops_what_holds_of_one_only():
    result = judge(
        "Do Harbour Street and Quay Road both have day lockers that take coins?",
        "Yes, Harbour Street and Quay Road both have day lockers.",
        LOCKERS,
    )

    assert not grounded(result)


def test_it_flags_a_bare_yes_to_both_where_the_passage_says_it_of_one():
    result = judge(
        "Do Harbour Street and Quay Road both have day lockers that take coins?",
        "Yes.",
        LOCKERS,
    )

    assert not grounded(result)


def test_it_passes_a_yes_to_both_where_the_passage_says_it_of_each():
    result = judge(
        "Do Harbour Street and Quay Road both have day lockers that take cards?",
        "Yes, both stations have day lockers that take cards.",
        LOCKERS,
    )

    assert grounded(result)


def test_it_flags_both_named_things_given_a_word_only_one_sentence_says():
    result = judge(
        "What kind of painters were Ada Brook and Leo Marsh?",
        "Ada Brook and Leo Marsh were both Welsh painters.",
        PAINTERS,
    )

    assert not grounded(result)


def test_it_reads_a_name_written_with_an_aside_in_the_passage():
    result = judge(
        "Were both Leo Marsh and Ada Brook painters?",
        "Yes",
        "Leo Marsh was an English painter known for his harbour scenes. Ada (Adelaide) Brook "
        "(1901–1977) was a Welsh painter and printmaker.",
    )

    assert grounded(result)


def test_the_noun_naming_the_two_is_not_said_of_both():
    result = judge(
        "Are the Team and Business plans both billed yearly?",
        "Yes.",
        "The Team plan is billed yearly. Business is billed yearly too, with a named "
        "account manager.",
    )

    assert grounded(result)


BANDS = (
    "The Owls were an English rock band formed in Leeds in 1963, whose guitarists included "
    "Ann Reed, Jo Marsh and Tom Hale. The Lamps were an English rock band formed in 1968 by "
    "guitarist Tom Hale, with the singer Ian Pike."
)


def test_a_short_answer_to_who_did_both_must_be_named_with_both():
    query = "Which guitarist was a member of both The Owls and The Lamps?"

    assert not grounded(judge(query, "Ann Reed", BANDS))
    assert grounded(judge(query, "Tom Hale", BANDS))


def test_a_sentence_going_on_about_the_answer_names_it():
    source = (
        "The Harbour Gala 1968 was televised live from Tenby on May 18, 1968, hosted by Ann "
        "Reed. She is known for hosting the quiz show Tide Times from 1972 to 2007."
    )
    query = "Who hosted both The Harbour Gala 1968 and Tide Times?"

    assert grounded(judge(query, "Ann Reed", source))


LICHENS = (
    "Usnea is a genus of lichens that grows on the bark of trees. "
    "Cladonia is a genus of lichens known as reindeer moss, eaten by reindeer in winter."
)


def test_a_clause_saying_of_one_thing_what_the_passage_says_of_the_other():
    query = "Are Usnea and Cladonia both eaten by reindeer?"
    assert not grounded(judge(query, "Usnea is eaten by reindeer; Cladonia isn't.", LICHENS))
    assert not grounded(judge(query, "Usnea is eaten by reindeer.", LICHENS))


def test_a_clause_saying_of_each_thing_what_its_own_sentence_says_stays_grounded():
    query = "Do Usnea and Cladonia both grow on trees?"
    assert grounded(judge(query, "Usnea grows on the bark of trees.", LICHENS))
    assert grounded(
        judge(
            "Are Usnea and Cladonia both eaten by reindeer?",
            "Cladonia is eaten by reindeer.",
            LICHENS,
        )
    )
