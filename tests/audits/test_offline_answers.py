"""The offline judge on short answers to questions that ask for something: the words an
answer adds to a restated question, names pieced together from a passage's words, and
names made of words that also speak in the first person."""

from __future__ import annotations

from audits.judges.base import JudgeResult, SourceText
from audits.judges.offline.decompose import split_response
from audits.judges.offline.sources import prepare_sources
from audits.judges.offline.support import QueryContext, _moved_attribute, fact_support
from kbaudit.text.tokens import content_stems
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge


def judge(query: str, response: str, *sources: str) -> JudgeResult:
    return offline_judge(query, response, *sources, title="Passage")


# --- A restated question is no evidence for the word the answer adds ---------------

TRAMWAY = (
    "The Hillside tramway runs from the harbour to the old market through the castle "
    "gate. It was the first line in the county built on a narrow gauge."
)
TRAMWAY_QUESTION = "The Hillside tramway runs from the harbour to the old market on what gauge?"


def test_it_flags_a_restated_question_around_a_word_no_source_gives():
    result = judge(
        TRAMWAY_QUESTION,
        "The Hillside tramway runs from the harbour to the old market on a broad gauge.",
        TRAMWAY,
    )

    assert not grounded(result)


def test_it_passes_a_restated_question_around_the_sources_word():
    result = judge(
        TRAMWAY_QUESTION,
        "The Hillside tramway runs from the harbour to the old market on a narrow gauge.",
        TRAMWAY,
    )

    assert grounded(result)


def test_it_flags_a_restated_question_around_two_words_one_no_source_gives():
    result = judge(
        "Exports from the shared inbox on the Team plan come in what kind of file?",
        "Exports from the shared inbox on the Team plan come in a plain text file.",
        "Exports from the shared inbox on the Team plan come in a plain CSV file, "
        "one row per conversation.",
    )

    assert not grounded(result)


def test_it_flags_a_restated_question_around_a_qualifier_the_source_does_not_give():
    result = judge(
        "The East Wing of the Carrow Museum holds which kind of collection?",
        "The East Wing of the Carrow Museum holds a military ship collection.",
        "The East Wing of the Carrow Museum holds a maritime collection of ship models "
        "given by the harbour board.",
    )

    assert not grounded(result)


def test_it_passes_a_restated_question_around_the_sources_words():
    result = judge(
        "The East Wing of the Carrow Museum holds which kind of collection?",
        "The East Wing of the Carrow Museum holds a maritime collection of ship models.",
        "The East Wing of the Carrow Museum holds a maritime collection of ship models "
        "given by the harbour board.",
    )

    assert grounded(result)


def test_it_flags_an_answer_made_only_of_the_questions_words():
    result = judge(
        'Tom Hale played what character in the "Harbour Lights" radio series?',
        "Tom Hale played the Harbour Lights radio series.",
        'Kato is a fictional character from the "Harbour Lights" series. Ann Reed took the '
        "role on stage, and in the radio series he was voiced by Tom Hale. Tom Hale "
        "(1920-1990) was a Cornish actor, singer and writer.",
    )

    assert not grounded(result)


def test_the_word_a_long_answer_may_miss_is_never_one_of_the_questions():
    # Read by its words: "sung by" is the question's, and no source says Ann Reed sang it.
    query = '"Harbour Lights" is a song sung by Ann Reed from which group?'
    sources = prepare_sources(
        [
            SourceText(
                rank=1,
                text='"Harbour Lights" is a song by the folk band Kittiwake. Kittiwake is a '
                "folk band from Penzance, consisting of fiddler Ann Reed and drummer Joe Hale.",
            )
        ]
    )
    context = QueryContext(stems=frozenset(content_stems(query)), quantities=(), text=query)
    (fact,) = split_response(
        '"Harbour Lights" is a song sung by Ann Reed from the band Penzance.', query
    ).facts

    assert fact_support(fact, sources, context).reason == "not_in_sources"


def test_a_long_answer_to_a_yes_or_no_question_may_still_word_one_thing_otherwise():
    # The question's words are the claim here; "change" is the answer's own wording.
    result = judge(
        "If I remove users from a yearly plan, does it take effect at the next renewal?",
        "Yes: if you remove users from a yearly plan, the change takes effect at the next renewal.",
        "Removing users from a yearly plan takes effect at the next renewal.",
    )

    assert grounded(result)


def test_a_word_of_the_question_is_no_word_of_the_passage_said_otherwise():
    # Close in meaning, every other word the passage's: "Welsh" is only the question's.
    result = judge(
        "Which Welsh poet wrote the long poem Harbour Bells?",
        "The long poem Harbour Bells was written by the Welsh poet Ann Griffiths in 1802.",
        "Harbour Bells is a long poem written by Ann Griffiths in 1802.",
    )

    assert not grounded(result)


CLUB = (
    "At the Harbour Street club, the Plus membership costs £25 a month and includes the "
    "gym floor, the changing rooms and group classes."
)
CLUB_QUESTION = (
    "What does the Plus membership at £25 a month include besides the gym floor and the "
    "changing rooms at the Harbour Street club?"
)


def test_a_value_the_question_gives_does_not_excuse_the_words_the_answer_adds():
    result = judge(
        CLUB_QUESTION,
        "The Plus membership at £25 a month includes the gym floor, the changing rooms at "
        "the Harbour Street club and sauna sessions.",
        CLUB,
    )

    assert not grounded(result)


def test_a_restated_question_with_its_value_passes_around_the_sources_words():
    result = judge(
        CLUB_QUESTION,
        "The Plus membership at £25 a month includes the gym floor, the changing rooms at "
        "the Harbour Street club and group classes.",
        CLUB,
    )

    assert grounded(result)


# --- A name the answer pieces together from the passage's words --------------------

VILLA = (
    "Harbour View Lodge, now known as Cliffside House, is a Georgian villa built for "
    "the shipowner Mary Dunmore."
)


def test_it_flags_a_name_made_of_two_names_halves():
    result = judge("What is the villa built for Mary Dunmore called now?", "Harbour House.", VILLA)

    assert not grounded(result)


def test_it_passes_the_name_as_the_passage_writes_it():
    result = judge(
        "What is the villa built for Mary Dunmore called now?", "Cliffside House.", VILLA
    )

    assert grounded(result)


def test_it_passes_a_name_made_of_names_the_passage_gives_whole():
    result = judge(
        "What does roaming cost on Lite?",
        "The Lite Europe rate is £2.50 a day.",
        "Lite customers pay £2.50 a day to roam in Europe.",
    )

    assert grounded(result)


def test_it_passes_a_name_the_passage_gives_with_its_middle_left_out():
    source = "Mary Ellen Dunmore (1821 - 1899) was a Welsh shipowner."
    assert grounded(judge("Tell me more.", "Mary Dunmore was a Welsh shipowner.", source))
    # The first and last words of two different names are still two halves.
    assert not grounded(judge("Who built it?", "Harbour Dunmore built it.", VILLA))


def test_it_flags_a_name_made_of_a_name_and_a_word_the_passage_writes_in_lower_case():
    result = judge(
        "What is the sandy spit that juts into Harbour Bay called?",
        "It is called the Harbour Bay Peninsula.",
        "Seal Cove is a sandy peninsula that juts into Harbour Bay, two miles west of "
        "the town of Porthmoor.",
    )

    assert not grounded(result)


def test_a_passage_written_in_lower_case_names_nothing_an_answer_must_copy():
    result = judge(
        "where does the harbour ferry leave from",
        "The Harbour Ferry leaves from North Pier.",
        "the ferry to the harbour leaves from the pier on the north side of town.",
    )

    assert grounded(result)


SINGER = (
    "Ada Brook is a Welsh singer, best known for her 1990 cover of Harbour Lights' song "
    '"Low Tide". "Low Tide" is the second track of the 1987 album "Salt and Stone".'
)


def test_it_flags_a_title_joined_by_of_that_the_passage_never_gives():
    result = judge(
        "Ada Brook is best known for a cover song. Which album was the song from?",
        "The Best of Harbour Lights album.",
        SINGER,
    )

    assert not grounded(result)


def test_it_passes_a_title_joined_by_of_that_the_passage_gives():
    result = judge(
        "Ada Brook is best known for a cover song. Which album was the song from?",
        "The Best of Harbour Lights album.",
        SINGER + ' It was later added to "The Best of Harbour Lights" too.',
    )

    assert grounded(result)


def test_a_word_only_the_question_uses_is_left_out_of_the_name():
    result = judge(
        "What happened to the backlot tour at the film studios?",
        "The Studio Backlot Tour ride would close on 27 September 2014 to make room for "
        "the new orchestral hall.",
        "The Backlot Tour opened in 1989. In 2014 it was announced that the ride would "
        "close on 27 September 2014 to make room for the new orchestral hall.",
    )

    assert grounded(result)


# --- "My" and "Mine" inside a name do not make the answer the bot's own ------------


def test_a_title_starting_with_my_is_a_name_not_an_opinion():
    result = judge(
        "What is the band's best known song?",
        "My Own Worst Enemy",
        'The band is best known for their hit song "My Own Worst Enemy".',
    )

    assert grounded(result)


def test_a_place_named_mine_is_a_name_not_an_opinion():
    result = judge(
        "Which mine is operated by Northgate Mining?",
        "Copper Ridge Mine",
        "The Copper Ridge Mine is an open pit mine operated by Northgate Mining in Nunavut.",
    )

    assert grounded(result)


# --- A value said of one named thing is not another's ------------------------------

PLAYERS = (
    "Ann Reed partnered with Joy Hale as the first seed. Mary Lee (born 7 June 1981) "
    "is a Welsh former tennis player."
)


def test_a_date_said_of_another_person_is_moved_to_the_fact_subject():
    # "Wales" is in no sentence about Mary Lee: the date is what ties the claim to her.
    (fact,) = split_response("Joy Hale was born in Wales on 7 June 1981.").facts

    assert _moved_attribute(fact, prepare_sources([SourceText(rank=1, text=PLAYERS)]))


def test_a_date_said_of_its_own_person_is_not_moved():
    (fact,) = split_response("Mary Lee was born in Wales on 7 June 1981.").facts

    assert _moved_attribute(fact, prepare_sources([SourceText(rank=1, text=PLAYERS)])) is None


# --- A description said to be a name is said of that name ---------------------------

ISLANDS = (
    "The beetle is found on every island of the archipelago except Tresco, Bryher and "
    "St Agnes. St Agnes has the smallest population of all the Isles of Scilly."
)


def test_it_flags_a_description_given_to_another_name():
    result = judge(
        "Which island has the smallest population?",
        "The island with the smallest population of all the Isles of Scilly is Bryher.",
        ISLANDS,
    )

    assert not grounded(result)


def test_it_passes_a_description_given_to_its_own_name():
    result = judge(
        "Which island has the smallest population?",
        "The island with the smallest population of all the Isles of Scilly is St Agnes.",
        ISLANDS,
    )

    assert grounded(result)


# --- A choice between the things a question names -----------------------------------

STATIONS = (
    "Northfield Parkway Station is a railway station in the town of Ashby, Kent. "
    "Southbrook Halt is a request stop on the moorland line near Carlow, in Devon."
)


def test_it_flags_the_pick_of_the_thing_the_passage_says_it_of_the_other():
    result = judge(
        "Which one is in Devon, Northfield Parkway Station or Southbrook Halt?",
        "Northfield Parkway Station is in Devon.",
        STATIONS,
    )

    assert not grounded(result)


def test_it_passes_the_pick_the_passage_says_it_of():
    result = judge(
        "Which one is in Devon, Northfield Parkway Station or Southbrook Halt?",
        "Southbrook Halt is in Devon.",
        STATIONS,
    )

    assert grounded(result)


def test_what_a_choice_asks_is_what_follows_its_question_word():
    # Both are request stops on the moorland line; only the asked part tells them apart.
    result = judge(
        "Northfield Parkway Station and Southbrook Halt are both request stops on the "
        "moorland line, but which one is in Devon?",
        "Northfield Parkway Station is in Devon.",
        "Northfield Parkway Station is a request stop on the moorland line in Ashby, Kent. "
        "Southbrook Halt is a request stop on the moorland line near Carlow, in Devon.",
    )

    assert not grounded(result)


def test_it_passes_either_pick_when_the_passage_says_it_of_both():
    result = judge(
        "Which one is in Kent, Northfield Parkway Station or Southbrook Halt?",
        "Northfield Parkway Station is in Kent.",
        "Northfield Parkway Station is a railway station in Ashby, Kent. "
        "Southbrook Halt is a request stop near Carlow, in Kent.",
    )

    assert grounded(result)


AWARDED = (
    "Ada Brook (born 1950) is a Welsh singer and television presenter. Tom Hale (born "
    "1962) is an English songwriter and producer. In 2007, he was given the Harbour "
    "Lights Prize."
)


def test_it_flags_the_pick_the_other_ones_pronoun_sentence_says_it_of():
    result = judge(
        "Who was given the Harbour Lights Prize, Tom Hale or Ada Brook?",
        "Ada Brook",
        AWARDED,
    )

    assert not grounded(result)


def test_it_passes_the_pick_a_pronoun_sentence_says_it_of():
    result = judge(
        "Who was given the Harbour Lights Prize, Tom Hale or Ada Brook?",
        "Tom Hale",
        AWARDED,
    )

    assert grounded(result)


def test_a_choice_the_passage_says_of_neither_is_left_to_the_other_checks():
    # "Older" is a comparison of values: no sentence says it, so no side is taken here.
    result = judge(
        "Which is older, Northfield Parkway Station or Southbrook Halt?",
        "Southbrook Halt is a request stop near Carlow.",
        STATIONS,
    )

    assert grounded(result)


# --- Said of both, it must hold of each --------------------------------------------


def test_it_flags_both_when_the_passage_says_it_of_one():
    result = judge(
        "Who was inducted into the Northern Music Hall of Fame, Ann Reed or Tom Hale?",
        "Both Ann Reed and Tom Hale were inducted into the Northern Music Hall of Fame.",
        "Ann Reed is a Welsh singer and television presenter from Cardiff. Tom Hale is an "
        "English drummer. In 2007, he was inducted into the Northern Music Hall of Fame.",
    )

    assert not grounded(result)


def test_it_passes_both_when_the_passage_says_it_of_each():
    result = judge(
        "Were Ann Reed and Tom Hale inducted into the Northern Music Hall of Fame?",
        "Both Ann Reed and Tom Hale were inducted into the Northern Music Hall of Fame.",
        "Ann Reed is a Welsh singer. In 2005, she was inducted into the Northern Music Hall "
        "of Fame. Tom Hale is an English drummer. In 2007, he was inducted into the "
        "Northern Music Hall of Fame.",
    )

    assert grounded(result)


# --- Sentences pasted together without a space --------------------------------------


def test_a_full_stop_glued_to_the_next_sentence_still_ends_it():
    result = judge(
        "Which magazine was founded in 1987, Garden Weekly or Track Day?",
        "Track Day was founded in 1987.",
        "Garden Weekly is a British monthly gardening magazine founded in 1987.Track Day is "
        "a monthly car magazine devoted to racing.",
    )

    assert not grounded(result)


# --- A life span in brackets says when someone was born and died --------------------


def test_a_life_span_in_brackets_supports_born_and_died():
    result = judge(
        "Tell me about her.",
        "She was born on 3 March 1901 and died on 9 May 1980.",
        "Ada Penrose (3 March 1901 – 9 May 1980) was an English engineer and inventor.",
    )

    assert grounded(result)


def test_a_life_span_supports_only_its_own_dates():
    result = judge(
        "Tell me about her.",
        "She was born on 4 March 1901.",
        "Ada Penrose (3 March 1901 – 9 May 1980) was an English engineer and inventor.",
    )

    assert not grounded(result)


# --- A name opening with a word of acknowledgement is an answer, not politeness -----


def test_a_name_starting_with_great_is_an_answer():
    result = judge(
        "Of which kingdom did Queen Anne reign?",
        "Great Britain",
        "Queen Anne reigned over Great Britain from 1707.",
    )

    assert result.facts == ["Great Britain"]
    assert grounded(result)


# --- "Referred to as" names a thing as "known as" does -------------------------------


def test_known_as_restates_referred_to_as():
    result = judge(
        "What do people call it?",
        "The harbour is known as the Old Pool.",
        "The harbour is often referred to as the Old Pool.",
    )

    assert grounded(result)


# --- A title given whole is one the passage gives -----------------------------------

SITCOM = (
    "The Keepers is a 2015 sitcom starring Ann Reed and Tom Hale. Ann Reed is a singer "
    "and actress who began her career at the age of fifteen."
)


def test_it_flags_a_quoted_title_the_passage_never_gives():
    result = judge(
        "Salt Roads was later adapted into which 2015 film?",
        'Salt Roads was later adapted into a 2015 film called "Roads of Salt".',
        'The story of Salt Roads was later adapted into the 2015 film "Desert Caravan".',
    )

    assert not grounded(result)


def test_it_flags_a_quoted_page_name_the_article_never_gives():
    result = judge(
        "Where do I download my archive?",
        'Open the "Account Archive" page under Settings.',
        'Open the "Download your archive" page under Settings. The Account page shows '
        "your plan and invoices.",
    )

    assert not grounded(result)


def test_it_passes_a_quoted_title_the_passage_gives():
    result = judge(
        "Salt Roads was later adapted into which 2015 film?",
        'Salt Roads was later adapted into the 2015 film "Desert Caravan".',
        'The story of Salt Roads was later adapted into the 2015 film "Desert Caravan".',
    )

    assert grounded(result)


def test_it_flags_a_short_title_made_of_the_passages_common_words():
    result = judge(
        "What sitcom starred the singer who began her career at the age of fifteen?",
        "The Singer and the Keeper",
        SITCOM,
    )

    assert not grounded(result)


def test_it_passes_a_short_title_the_passage_gives():
    result = judge(
        "What sitcom starred the singer who began her career at the age of fifteen?",
        "The Keepers",
        SITCOM,
    )

    assert grounded(result)


def test_a_choice_whose_sentences_say_none_of_what_most_of_the_others_says():
    passage = (
        "Ada Lindqvist (1902 - 1981) was a Swedish author best known for a series of "
        'novels beginning in 1931 with "Green Harbour Lights". Otto Brandt is a German novelist '
        "who writes for children."
    )
    query = (
        'Which author is known for her "Green Harbour Lights" books: Ada Lindqvist or Otto Brandt?'
    )
    assert not grounded(judge(query, 'Otto Brandt wrote "Green Harbour Lights" series.', passage))
    assert grounded(judge(query, "Ada Lindqvist", passage))
