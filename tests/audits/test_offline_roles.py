"""The offline judge on names given a role the passage gives another: "directed by",
"approved by", "best known for" completed with a name the passage uses elsewhere."""

from __future__ import annotations

from audits.judges.base import JudgeResult
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


REFUNDS = (
    "Refund requests are reviewed by the Payments Desk and approved by Northgate Billing. "
    "The money is then returned by your card issuer within five working days."
)
DOCUMENTARY = (
    "Salt Roads is a 2011 documentary about the salt trade of the Sahara, produced by "
    "Ines Varga and narrated by Tomas Berg. Tomas Berg is a Swedish actor best known for "
    "his stage role in Winter Harbour."
)


def test_it_flags_a_name_given_the_role_the_passage_gives_another():
    result = judge(
        "Who approves refund requests?",
        "Refund requests are approved by the Payments Desk.",
        REFUNDS,
    )

    assert not grounded(result)


def test_it_passes_the_name_the_passage_gives_the_role():
    result = judge(
        "Who approves refund requests?",
        "Refund requests are approved by Northgate Billing.",
        REFUNDS,
    )

    assert grounded(result)


def test_it_flags_a_short_answer_naming_someone_the_passage_gives_another_role():
    result = judge(
        "Salt Roads, a 2011 documentary about the salt trade of the Sahara, was produced by who?",
        "Tomas Berg",
        DOCUMENTARY,
    )

    assert not grounded(result)


def test_it_passes_a_short_answer_naming_the_one_given_the_asked_role():
    result = judge(
        "Salt Roads, a 2011 documentary about the salt trade of the Sahara, was produced by who?",
        "Ines Varga",
        DOCUMENTARY,
    )

    assert grounded(result)


def test_it_flags_what_a_person_is_known_for_moved_from_another_work():
    result = judge(
        "What is the narrator of Salt Roads best known for?",
        "Tomas Berg is best known for his stage role in Salt Roads.",
        DOCUMENTARY,
    )

    assert not grounded(result)


def test_it_passes_a_role_the_passage_gives_in_an_active_sentence():
    result = judge(
        "Who narrated Salt Roads?",
        "Salt Roads was narrated by Tomas Berg.",
        "Salt Roads is a 2011 documentary produced by Ines Varga. Its English version is "
        "narrated by Ana Lind; Tomas Berg narrated the Swedish version.",
    )

    assert grounded(result)


def test_it_passes_a_case_the_passage_names_among_others():
    result = judge(
        "When does online check-in open for a Saver fare?",
        "Online check-in opens 48 hours before departure for Saver fares.",
        "Online check-in opens 30 days before departure for Flex fares and 48 hours before "
        "departure for other fares.",
    )

    assert grounded(result)


def test_it_flags_a_name_given_a_role_where_the_passage_uses_the_word_for_something_else():
    result = judge(
        "Where are refund requests checked?",
        "Refund requests are checked by Northgate Billing.",
        "Refund requests are checked in the Help Centre and approved by Northgate Billing.",
    )

    assert not grounded(result)


def test_it_passes_a_role_said_in_other_words():
    result = judge(
        "Who handles refund requests from the online store?",
        "Refund requests from the online store are handled by Northgate Billing.",
        "Refund requests from the online store are approved by Northgate Billing, and the "
        "money is returned to your card.",
    )

    assert grounded(result)


APPROVERS = (
    "Refunds are approved by Northgate Billing and Harbour Pay. Harbour Pay is the card "
    "processor for customers in Ireland."
)
BOAT_CLUB = (
    "The Carrow Boat Club was founded by Ada Brook and Leo Marsh in 1921. Ada Brook was "
    "an Olympic rower from Wales."
)


def test_it_flags_the_co_named_one_the_question_does_not_describe():
    result = judge(
        "Which card processor for customers in Ireland approves refunds?",
        "Refunds are approved by Northgate Billing.",
        APPROVERS,
    )

    assert not grounded(result)


def test_it_passes_the_co_named_one_the_question_describes():
    result = judge(
        "Which card processor for customers in Ireland approves refunds?",
        "Refunds are approved by Harbour Pay.",
        APPROVERS,
    )

    assert grounded(result)


def test_it_flags_a_short_answer_naming_the_other_founder():
    result = judge("Which Olympic rower founded the Carrow Boat Club?", "Leo Marsh", BOAT_CLUB)

    assert not grounded(result)


def test_it_passes_a_short_answer_naming_the_founder_described():
    result = judge("Which Olympic rower founded the Carrow Boat Club?", "Ada Brook", BOAT_CLUB)

    assert grounded(result)


def test_it_passes_a_role_given_jointly_with_another():
    result = judge(
        "Who approves refund requests?",
        "Refund requests are approved by Northgate Billing.",
        "Refund requests are checked, approved and paid by Northgate Billing.",
    )

    assert grounded(result)


def test_it_passes_a_shared_role_given_with_another():
    result = judge(
        "Who wrote Salt Roads?",
        "Salt Roads was written by Ines Varga.",
        "Salt Roads is a 2011 documentary co-written and directed by Ines Varga, and "
        "narrated by Tomas Berg.",
    )

    assert grounded(result)


CASTLE = (
    "Carrow Castle is a ruined castle in Dunmore. It was built in 1320 by the Earl of Fife "
    "and destroyed in 1650 by Cromwell's army."
)


def test_it_reads_a_role_given_with_a_year_before_by():
    result = judge(
        "Who built Carrow Castle?", "Carrow Castle was built by Cromwell's army.", CASTLE
    )

    assert not grounded(result)


def test_it_flags_a_short_answer_to_who_did_it_naming_another_role():
    result = judge("Who narrated Salt Roads?", "Ines Varga", DOCUMENTARY)

    assert not grounded(result)


def test_it_passes_a_short_answer_to_who_did_it_naming_the_role():
    result = judge("Who narrated Salt Roads?", "Tomas Berg", DOCUMENTARY)

    assert grounded(result)


def test_it_flags_a_name_given_a_role_the_passage_gives_a_common_noun():
    result = judge(
        "Who handles chargebacks?",
        "Chargebacks are handled by Northgate Billing.",
        "Refunds are paid by Northgate Billing within five working days. Chargebacks are "
        "handled by your card issuer.",
    )

    assert not grounded(result)


def test_it_passes_a_sentence_whose_verb_the_decomposer_does_not_list():
    result = judge(
        "Who starred in the film of Harbour Lights?",
        "Ines Varga starred in the film.",
        "Harbour Lights is a 1998 novel by Ann Reed. It was adapted into a film in 2004, "
        "directed by Tom Hale and starring Ines Varga.",
    )

    assert grounded(result)


def test_it_flags_a_name_said_to_do_actively_what_the_passage_gives_another():
    result = judge(
        "Who produced Salt Roads?",
        "Tomas Berg produced Salt Roads.",
        DOCUMENTARY,
    )

    assert not grounded(result)


def test_it_flags_the_one_asked_about_said_to_do_what_the_passage_gives_another():
    result = judge(
        "Who approved the refund for the Lisbon booking?",
        "The Payments Desk approved the refund.",
        REFUNDS,
    )

    assert not grounded(result)


def test_it_passes_a_name_said_actively_to_do_what_the_passage_gives_it():
    result = judge(
        "Who produced Salt Roads?",
        "Ines Varga produced Salt Roads.",
        DOCUMENTARY,
    )

    assert grounded(result)


def test_it_reads_who_wrote_as_the_role_written_by_gives():
    source = "Salt Roads is a 1990 novel written by Ann Reed and edited by Tom Hale."

    assert not grounded(judge("Who wrote the novel Salt Roads?", "Tom Hale", source))
    assert grounded(judge("Who wrote the novel Salt Roads?", "Ann Reed", source))


def test_a_relative_clause_after_the_name_ends_the_role():
    source = (
        "Salt Roads is a 2019 film directed by Kim Dae-sung, who co-wrote the screenplay with "
        "Lee Jin-won."
    )
    query = "Salt Roads was directed by whom?"

    assert not grounded(judge(query, "Lee Jin-won", source))
    assert grounded(judge(query, "Kim Dae-sung", source))


def test_a_hyphenated_name_is_a_short_answer_not_a_clause():
    source = "Salt Roads is a 2019 film directed by Kim Dae-sung and edited by Lee Jin-won."

    assert not grounded(judge("Salt Roads was directed by whom?", "Lee Jin-won", source))


def test_a_role_dated_by_day_and_month_is_still_read():
    source = (
        "Harbour Motors was founded in July 2003 by Ann Reed and Tom Hale, and Ian Pike "
        "joined as chairman in 2004."
    )
    query = "Who founded Harbour Motors?"

    assert not grounded(judge(query, "Ian Pike founded the company in 2003.", source))
    assert grounded(judge(query, "Ann Reed and Tom Hale", source))


def test_a_participle_after_a_comma_is_no_act_of_the_name_before_it():
    source = (
        "Salt Roads is a 1976 film directed by Ann Reed, starring Tom Hale and Jo Marsh. "
        "Tide Line is a 1980 film directed by Ann Reed, starring Tom Hale as a boxer."
    )
    query = "Which actor starred in both Salt Roads and Tide Line?"

    assert not grounded(judge(query, "Ann Reed", source))
    assert grounded(judge(query, "Tom Hale", source))


def test_a_phrase_of_when_or_under_whom_ends_the_names_given_a_role():
    passage = (
        "The Reed Chapel is a chapel in Harbourtown, named after Bishop Ann Reed. Its "
        "windows were painted by Tom Hale between 1702 and 1709 under the patronage of "
        "Lord Avon."
    )
    query = "Who painted the windows of the Reed Chapel?"
    assert grounded(judge(query, "Tom Hale", passage))
    assert not grounded(judge(query, "Lord Avon", passage))


def test_a_credit_given_by_a_noun_and_by_names_the_one_asked_for():
    passage = (
        "Salt Roads is a stage musical with music by Ines Varga and lyrics by Tomas Berg. "
        "It opened in Cardiff in 1994."
    )
    query = "Who wrote the lyrics of the musical Salt Roads?"
    assert grounded(judge(query, "Tomas Berg", passage))
    assert not grounded(judge(query, "Ines Varga", passage))


def test_a_name_sharing_only_the_surname_of_the_roles_holder_is_another_person():
    passage = (
        "Harbour Lights is a 1998 stage play directed by Maria Okafor, who wrote its songs "
        "with her sister Grace Okafor."
    )
    query = "Who directed Harbour Lights?"
    assert not grounded(judge(query, "Grace Okafor", passage))
    assert grounded(judge(query, "Maria Okafor", passage))
    assert grounded(judge(query, "Okafor", passage))


def test_a_name_sharing_a_surname_in_another_sentence_may_be_the_holder_in_full():
    passage = (
        "Harbour Lights is a 1998 stage play directed by Mo Okafor. "
        "Maurice Adewale Okafor (born 1950) is a Nigerian director and actor."
    )
    assert grounded(judge("Who directed Harbour Lights?", "Maurice Adewale Okafor", passage))
