"""Forms of everyday English the offline judge reads the same as their plainer twins:
irregular past forms of verbs, an assent run into the claim without a comma, a
quotation mark written as an apostrophe run into the words around it, a question about
what the listener knows rather than what the listener does, and a redirect in idiom
("give us a call")."""

from __future__ import annotations

from audits.judges.base import JudgeInput, SourceText
from audits.judges.offline import OfflineJudge, profile_from_texts
from audits.judges.offline.decompose import split_response
from kbaudit.text.dialogue import asks_listener_habit, piece_kind
from kbaudit.text.tokens import normalise, stem, words
from tests.helpers import fully_grounded, offline_grade


def test_irregular_past_forms_share_the_stem_of_their_verb():
    assert stem("heard") == stem("hear")
    assert stem("ate") == stem("eats") == stem("eaten")
    assert stem("stolen") == stem("steal")
    assert stem("understood") == stem("understand")


# Reference passages (an encyclopedia), where a reply may miss hardly a word.
GARDEN = (
    "Kew Gardens",
    "Kew Gardens is a botanic garden in south-west London. Visitors heard the Temperate "
    "House bells ring for the first time in 1899, and the giant water lilies were stolen "
    "twice in the 1980s.",
)
BIRDS = ("Robins", "The European robin is a small bird. Robins eat worms, seeds and fruit.")
PASSAGES = profile_from_texts([GARDEN, BIRDS])


def chat(query: str, response: str, passage: tuple[str, str]) -> bool:
    title, text = passage
    item = JudgeInput(
        query=query, sources=[SourceText(rank=1, title=title, text=text)], response=response
    )
    return fully_grounded(OfflineJudge(profile=PASSAGES).judge(item))


def test_a_reply_in_the_present_is_supported_by_a_passage_in_the_past():
    assert chat("did you go to kew?", "you can hear the Temperate House bells ring", GARDEN)
    assert chat("what about the lilies?", "someone steals the giant water lilies", GARDEN)


def test_a_reply_in_the_past_is_supported_by_a_passage_in_the_present():
    assert chat("what do robins like?", "the robin ate worms and seeds", BIRDS)


def test_another_verb_is_still_unsupported():
    assert not chat("what do robins like?", "the robin grew worms and seeds", BIRDS)


def test_an_assent_without_a_comma_opens_the_claim_as_with_one():
    with_comma = split_response("Yes, children travel free on weekends.", "Do kids go free?")
    without = split_response("yes children travel free on weekends", "Do kids go free?")
    joined = split_response("yeah and children travel free on weekends", "Do kids go free?")
    assert [fact.text for fact in with_comma.facts] == ["children travel free on weekends."]
    assert [fact.text for fact in without.facts] == ["children travel free on weekends"]
    assert [fact.text for fact in joined.facts] == ["children travel free on weekends"]
    assert without.facts[0].affirms and joined.facts[0].affirms


def test_an_assent_word_before_or_is_no_opener():
    parts = split_response("yes or no answers are not accepted", "")
    assert parts.facts[0].text.startswith("yes or no")


def test_a_quotation_mark_run_into_the_words_around_it_parts_them():
    assert words(normalise("the'Old Keep ' and the so-called'quiet'rooms")) == [
        "the",
        "old",
        "keep",
        "and",
        "the",
        "so",
        "called",
        "quiet",
        "rooms",
    ]


def test_an_apostrophe_inside_a_word_keeps_it_whole():
    assert words(normalise("O'Brien don't they're rock'n'roll Qur'an")) == [
        "o'brien",
        "don't",
        "they're",
        "rock'n'roll",
        "qur'an",
    ]


CASTLE = (
    "Harlech Castle",
    "Harlech Castle is a medieval fortification in Gwynedd. Guides call the north tower "
    "the'Old Keep ', the oldest part of the castle.",
)


def test_a_name_in_glued_quotation_marks_is_the_name_a_reply_gives():
    profile = profile_from_texts([CASTLE, BIRDS])
    title, text = CASTLE
    item = JudgeInput(
        query="which part is the oldest?",
        sources=[SourceText(rank=1, title=title, text=text)],
        response="the Old Keep is the oldest part of the castle",
    )
    assert fully_grounded(OfflineJudge(profile=profile).judge(item))


def test_asking_whether_the_listener_knows_a_thing_asks_about_the_thing():
    assert not asks_listener_habit("are you familiar with football?")
    assert not asks_listener_habit("Are you referring to the 1916 game?")
    assert not asks_listener_habit("are you aware of the new rule?")
    assert asks_listener_habit("do you go bowling often?")


ROBINS = "are you familiar with robins?"


def test_a_yes_to_whether_the_listener_knows_a_thing_is_no_claim_of_the_bot():
    assert chat(ROBINS, "yes, robins eat worms, seeds and fruit", BIRDS)
    assert not chat("do you feed robins?", "yes, robins eat worms, seeds and fruit", BIRDS)


def test_a_clipped_word_shares_the_stem_of_its_full_form():
    assert stem("lab") == stem("laboratories")
    assert stem("bikes") == stem("bicycle")
    assert stem("exam") == stem("examination")
    assert stem("info") == stem("information")


def test_giving_someone_a_call_or_dropping_them_a_line_is_a_redirect():
    assert piece_kind("Please give the boathouse a call.") == "redirect"
    assert piece_kind("Give us a ring on 0161 555 0100.") == "redirect"
    assert piece_kind("Drop the team a line.") == "redirect"
    assert piece_kind("They give every hirer a map.") == "fact"


def test_an_admission_and_give_us_a_call_is_an_answer_without_content():
    result = offline_grade(
        "What happens if I cancel the day before?",
        "Sorry, I don't have any details on cancellations. Please give the front desk a call.",
        "Customer help for a holiday cottage letting agency.",
        (
            "Cancelling a stay",
            "Cancelling a stay. Cancel at least 14 days before arrival for a full refund. "
            "Later cancellations get a credit note valid for a year.",
        ),
    )
    assert (result.verdict, result.cause) == ("insufficient", "no_content")
