"""A chat grounded in reference passages (an encyclopedia rather than a help centre):
what the bot says of itself there is a claim of its own, in no passage."""

from __future__ import annotations

import pytest

from audits.judges.base import JudgeInput, JudgeResult, SourceText
from audits.judges.offline import OfflineJudge, profile_from_texts
from audits.judges.offline.domain import vocabulary
from kbaudit.text.dialogue import asks_open_question

LIGHTHOUSE = (
    "Eddystone Lighthouse",
    "The Eddystone Lighthouse stands on the Eddystone Rocks, 14 kilometres south of Rame "
    "Head in Cornwall. The present tower, the fourth on the site, was completed in 1882.",
)
SAILING = (
    "Dinghy sailing",
    "Dinghy sailing is the activity of sailing small boats by using five essential controls: "
    "the sails, foils, trim, hull and course.",
)
OBOE = (
    "Oboe",
    "The oboe is a double-reed woodwind instrument. Oboes are usually made of wood, and the "
    "instrument first appeared in the mid-17th century in France.",
)
PASSAGES = profile_from_texts([LIGHTHOUSE, SAILING, OBOE])
HELP_CENTRE = profile_from_texts(
    [
        ("Plans", "You can switch plans at any time from your account page."),
        ("Refunds", "Refunds reach your card within 5 working days."),
    ]
)
TOWER = "The present tower was completed in 1882."


def chat(query: str, response: str, *, profile=PASSAGES, passage=LIGHTHOUSE) -> JudgeResult:
    title, text = passage
    item = JudgeInput(
        query=query, sources=[SourceText(rank=1, title=title, text=text)], response=response
    )
    return OfflineJudge(profile=profile).judge(item)


def groundedness(result: JudgeResult) -> float | None:
    return result.metrics()["groundedness"]


def test_a_knowledge_base_no_document_of_which_speaks_to_a_reader_is_reference_text():
    assert vocabulary(PASSAGES, "").reference_passages
    assert not vocabulary(HELP_CENTRE, "").reference_passages
    assert not vocabulary(None, "").reference_passages


# Reference passages in which one sentence of each says "you" in passing: the generic
# you of an encyclopedia, a quoted speaker's you.
PASSING_YOU = profile_from_texts(
    [
        (
            "Shortwave radio",
            "Shortwave radio uses frequencies between 3 and 30 MHz. Signals bounce off the "
            "ionosphere and can travel across continents. On a clear night you can hear "
            "stations from the other side of the world. The BBC World Service began "
            "shortwave broadcasts in 1932. Many services have since moved to satellite and "
            "the internet. Amateur operators still use the bands for long-distance contacts.",
        ),
        (
            "Marathon",
            "The marathon is a long-distance race of 42.195 kilometres. The distance was "
            'fixed in 1921. Its first champion said: "You run the last mile with your heart." '
            "The Boston Marathon has been held every year since 1897. Women were first "
            "allowed to enter it officially in 1972. The fastest times are now run in Berlin.",
        ),
        (
            "Basalt",
            "Basalt is a fine-grained volcanic rock. It forms from the rapid cooling of lava "
            "rich in magnesium and iron. Most of the ocean floor is made of basalt. Where you "
            "see columns of it, the lava cooled slowly in a thick flow. The Giant's Causeway "
            "in Northern Ireland is the best-known example. Basalt is also quarried as "
            "crushed stone for roads.",
        ),
    ]
)
# A help centre writes to its reader in sentence after sentence.
ADDRESSED = profile_from_texts(
    [
        (
            "Moving your plan",
            "You can move to another plan from your account page. The new price starts on "
            "your next bill. If you move mid-month, you pay the difference for the days left.",
        ),
        (
            "Pausing deliveries",
            "Pause your deliveries for up to 4 weeks. We won't charge you while deliveries "
            "are paused. Boxes already packed are still sent.",
        ),
    ]
)


def test_a_passing_or_quoted_you_in_reference_passages_does_not_make_a_help_centre():
    assert vocabulary(PASSING_YOU, "").reference_passages
    assert not vocabulary(PASSING_YOU, "").speaks_to_reader
    assert vocabulary(ADDRESSED, "").speaks_to_reader
    assert not vocabulary(ADDRESSED, "").reference_passages


def test_you_in_quoted_speech_is_the_speakers_not_the_knowledge_bases():
    interview = profile_from_texts(
        [
            (
                "Ada Lovelace",
                "Ada Lovelace wrote the first published algorithm in 1843. Babbage called "
                'her "the Enchantress of Numbers". She told a friend: "You will not concede '
                'me philosophical poetry."',
            )
        ]
    )
    assert vocabulary(interview, "").reference_passages


@pytest.mark.parametrize(
    "response",
    [
        "Me too, what else do you know about lighthouses?",
        "Wow, I had no idea! Do you sail?",
        "Have you ever climbed one of those towers?",
        "Oh, really?",
        "I see, I wonder who built the first one.",
        "That must have been a lonely job.",
    ],
)
def test_a_reply_that_says_nothing_of_the_passage_is_an_unsupported_claim(response):
    result = chat("My grandfather kept a lighthouse in Cornwall.", response)
    assert groundedness(result) == 0.0


@pytest.mark.parametrize(
    "response",
    [
        "Absolutely!",
        "I'm not sure.",
        "I agree with you 100%.",
        "Very true!",
        "Haha, me too.",
        "Hello! How are you today?",
        "Thanks for the chat, bye!",
        "You too!",
        "Yes, it is.",
        "Oh my God!",
        "Oh, cool!",
        "Good point!",
        "Fair enough.",
        "Nice to meet you!",
        "Interesting! Tell me more about it.",
        "Cool, thanks for sharing!",
        "I'm doing well, thanks for asking.",
        "Let's go!",
        "I have no idea about that.",
        "Hmm, I don't know much about it.",
        "I'm not really sure.",
    ],
)
def test_a_reply_made_only_of_social_moves_says_nothing_checkable(response):
    result = chat("My grandfather kept a lighthouse in Cornwall.", response)
    assert result.facts == []
    assert groundedness(result) is None


@pytest.mark.parametrize(
    "assent", ["I agree.", "That is true.", "Very true!", "Yes, it's true.", "Good point!"]
)
def test_assent_beside_a_supported_fact_is_no_claim_of_its_own(assent):
    result = chat("Lighthouse keepers must have been brave people.", f"{assent} {TOWER}")
    assert groundedness(result) == 1.0


def test_a_reaction_beside_a_fact_is_still_the_bots_own_opinion():
    result = chat("Lighthouse keepers must have been brave people.", f"That sounds great! {TOWER}")
    assert groundedness(result) == 0.5


def test_agreeing_about_ones_own_tastes_beside_a_fact_is_still_the_bots_claim():
    result = chat("I love old lighthouses.", f"Me too! {TOWER}")
    assert groundedness(result) == 0.5


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("Was the present tower finished in 1882?", "Yes."),
        ("Is the tower still the first one on the site?", "No"),
        ("Do you go sailing often?", "Yeah!"),
    ],
)
def test_a_bare_yes_or_no_to_a_question_is_still_an_answer(query, response):
    assert groundedness(chat(query, response)) is not None


@pytest.mark.parametrize(
    ("query", "response"),
    [
        ("What about the tower?", "No."),
        ("Who built the present tower?", "Yes!"),
        ("Oh, so how far south of Rame Head is it?", "Yeah."),
        ("I see. Where is it?", "Nope."),
    ],
)
def test_a_bare_yes_or_no_to_a_question_for_a_thing_answers_nothing(query, response):
    result = chat(query, response)
    assert result.facts == []
    assert groundedness(result) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What about the director?", True),
        ("And who made it?", True),
        ("Is it a recent film?", False),
        ("Is it good? What is it about?", False),
        ("The tower is tall.", False),
        ("It's the one about Zuckerberg?", False),
    ],
)
def test_an_open_question_is_one_a_yes_or_a_no_cannot_answer(text, expected):
    assert asks_open_question(text) is expected


@pytest.mark.parametrize(
    "response", ["I'm not sure.", "Which plan are you on?", "Let me check that for you."]
)
def test_a_help_centre_reply_without_facts_stays_a_non_claim(response):
    source = ("Plans", "You can switch plans at any time from your account page.")
    result = chat("Can I change my plan?", response, profile=HELP_CENTRE, passage=source)
    assert result.facts == []
    assert groundedness(result) is None


def test_not_knowing_beside_a_supported_fact_is_the_bots_own_claim():
    result = chat(
        "Do you know who designed it?", f"I'm not sure, but {TOWER[0].lower()}{TOWER[1:]}"
    )
    assert groundedness(result) == 0.5


def test_a_question_back_beside_a_supported_fact_is_the_bots_own_claim():
    result = chat("Tell me about the Eddystone.", f"{TOWER} Would you like to visit it?")
    assert groundedness(result) == 0.5


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Do you go sailing often?", 0.5),
        ("Have you ever played one?", 0.5),
        ("Can you tell me more about the oboe?", 1.0),
        ("Do you know where it comes from?", 1.0),
    ],
)
def test_a_yes_to_a_question_about_the_bots_own_doings_speaks_of_the_bot(query, expected):
    response = "Sure! The oboe is a double-reed woodwind instrument."
    assert groundedness(chat(query, response, passage=OBOE)) == expected


def test_a_reaction_is_the_bots_opinion_but_a_remark_opening_the_claim_is_not():
    assert groundedness(chat("I built a model of it.", f"Oh wow, that's amazing! {TOWER}")) == 0.5
    remark = f"It's interesting that {TOWER[0].lower()}{TOWER[1:]}"
    assert groundedness(chat("I built a model of it.", remark)) == 1.0


def test_a_yes_run_into_the_sentence_it_opens_still_speaks_of_the_bot():
    result = chat(
        "Did you play one at school?",
        "yes the oboe is a double-reed woodwind instrument",
        passage=OBOE,
    )
    assert groundedness(result) == 0.5


def test_in_a_chat_we_are_the_speakers_whom_no_passage_speaks_of():
    claim = "the present tower, the fourth on the site, was completed in 1882."
    assert groundedness(chat("I love old towers.", f"We think {claim}")) == 0.0
    assert groundedness(chat("I love old towers.", claim.capitalize())) == 1.0


def test_an_interjection_before_the_yes_does_not_hide_it():
    response = "Oh sure! The oboe is a double-reed woodwind instrument."
    assert groundedness(chat("Do you play in a band?", response, passage=OBOE)) == 0.5


def test_a_claim_asked_to_be_agreed_with_is_still_the_claim():
    response = "The present tower was completed in 1882, right?"
    assert groundedness(chat("I love that lighthouse.", response)) == 1.0
    assert groundedness(chat("I love that lighthouse.", "Have you seen it, right?")) == 0.0


@pytest.mark.parametrize(
    "response",
    [
        "Did you know the present tower was completed in 1882?",
        "did you know that the present tower was completed in 1882",
        "Do you know that the present tower was completed in 1882?",
        "You mean like how the present tower was completed in 1882?",
    ],
)
def test_asking_whether_the_listener_knows_a_fact_is_a_question_back_in_a_chat(response):
    assert groundedness(chat("I climbed the lighthouse last summer.", response)) == 0.0


def test_a_help_centre_answer_asking_did_you_know_still_states_its_claim():
    source = ("Plans", "You can switch plans at any time from your account page.")
    response = "Did you know you can switch plans at any time from your account page?"
    result = chat("Can I change my plan?", response, profile=HELP_CENTRE, passage=source)
    assert groundedness(result) == 1.0


@pytest.mark.parametrize("response", ["Really?!", "Have you ever climbed it?..", "Oh, really?"])
def test_a_question_is_one_whatever_marks_follow_its_question_mark(response):
    assert groundedness(chat("I climbed the lighthouse.", f"{TOWER} {response}")) == 0.5


CURIE = (
    "Marie Curie",
    "Marie Curie was a physicist and chemist who conducted pioneering research on "
    "radioactivity. She was the first woman to win a Nobel Prize.",
)


def test_she_where_no_passage_speaks_of_a_woman_is_someone_the_passage_never_describes():
    # The passage speaks of dinghy sailing and no one in it; "she" is the speaker's friend.
    result = chat(
        "My sister sails every weekend, she loves it.",
        "And she uses the sails, foils, trim, hull and course to sail small boats.",
        passage=SAILING,
    )
    assert groundedness(result) == 0.0


def test_she_where_the_passage_speaks_of_a_woman_is_read_as_usual():
    result = chat(
        "Who was Marie Curie?",
        "She was the first woman to win a Nobel Prize.",
        profile=profile_from_texts([LIGHTHOUSE, SAILING, OBOE, CURIE]),
        passage=CURIE,
    )
    assert groundedness(result) == 1.0


def test_she_in_a_help_centre_is_the_customers_case():
    result = chat(
        "Can my daughter switch plans for me?",
        "She can switch plans at any time from your account page.",
        profile=HELP_CENTRE,
        passage=("Plans", "You can switch plans at any time from your account page."),
    )
    assert groundedness(result) == 1.0


def test_only_where_the_passage_restricts_nothing_is_a_claim_of_its_own():
    result = chat(
        "Where do oboes come from?",
        "The instrument only appeared in the mid-17th century in France.",
        passage=OBOE,
    )
    assert groundedness(result) == 0.0


def test_the_same_sentence_without_only_is_the_passages():
    result = chat(
        "Where do oboes come from?",
        "The instrument first appeared in the mid-17th century in France.",
        passage=OBOE,
    )
    assert groundedness(result) == 1.0


def test_only_in_a_help_centre_is_read_by_its_words():
    result = chat(
        "How do I switch plans?",
        "You can only switch plans from your account page.",
        profile=HELP_CENTRE,
        passage=("Plans", "You can switch plans at any time from your account page."),
    )
    assert groundedness(result) == 1.0


CANAL = (
    "Grand Union Canal",
    "The Grand Union Canal links London and Birmingham. Its main line is 137 miles long "
    "and has 166 locks. Work on the route was completed in 1929.",
)


def test_a_passage_value_does_not_excuse_words_of_the_bots_own_around_it():
    # "dug by hand" is the reply's own claim beside the passage's values.
    response = "Its main line of 166 locks was dug by hand over 137 miles."
    result = chat("I walked along a canal today.", response, passage=CANAL)
    assert groundedness(result) == 0.0


def test_a_passage_value_still_anchors_a_word_said_otherwise():
    response = "Its main line stretches 137 miles and has 166 locks."
    result = chat("I walked along a canal today.", response, passage=CANAL)
    assert groundedness(result) == 1.0


LONG_REPLY = "The main line of the Grand Union Canal links London and Birmingham through {} locks."


def test_a_long_reply_about_a_passage_may_miss_only_one_of_its_words():
    assert (
        groundedness(chat("I walked along a canal.", LONG_REPLY.format("narrow"), passage=CANAL))
        == 1.0
    )
    two_more = LONG_REPLY.format("narrow stone")
    assert groundedness(chat("I walked along a canal.", two_more, passage=CANAL)) == 0.0


def test_a_long_help_centre_answer_may_still_reword_two_words():
    reply = LONG_REPLY.format("narrow stone")
    result = chat("Where does the canal go?", reply, profile=HELP_CENTRE, passage=CANAL)
    assert groundedness(result) == 1.0


FERRY = (
    "Island ferry",
    "The crossing to the island takes 3 hours. The ferry was built in 1998 for the harbour "
    "company.",
)


@pytest.mark.parametrize(
    ("query", "response", "passage"),
    [
        ("What is it?", "The lighthouse is a business.", LIGHTHOUSE),
        ("Who was it built for?", "The ferry was built for the harbour business.", FERRY),
        ("When was it built?", "The ferry was built on a working day in 1998.", FERRY),
    ],
)
def test_a_unit_word_away_from_a_value_is_a_word_of_the_claim(query, response, passage):
    # In a help centre "business" and "working" go with a value ("5 working days"); in a
    # chat, said of no value, they claim something the passage must say.
    result = chat(query, response, passage=passage)
    assert groundedness(result) == 0.0


def test_a_unit_word_beside_its_value_is_read_with_the_value():
    result = chat("How long is it?", "The crossing to the island takes three hours.", passage=FERRY)
    assert groundedness(result) == 1.0
