"""The register support bots write in, read piece by piece: a catalogue of lines from many
bot styles and services (tests/audits/data/register_lines.tsv, label TAB line), and the
shapes of courtesy, lead-in, hand-over and refusal that keep non-claims out of the facts
while the claims written in the same warm register stay facts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from audits.judges.offline.decompose import split_response
from kbaudit.text.dialogue import is_decline, piece_kind
from tests.helpers import offline_grade as grade

CATALOGUES = [
    Path(__file__).parent / "data" / name
    for name in ("register_lines.tsv", "register_lines_more.tsv", "register_lines_third.tsv")
]


def _catalogue() -> list[tuple[str, str]]:
    rows = []
    for catalogue in CATALOGUES:
        for line in catalogue.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                label, text = line.split("\t", 1)
                rows.append((label, text))
    return rows


ROWS = _catalogue()
# A bare yes or no answers the question: the judge keeps it as a claim.
CLAIM_LABELS = ("fact", "yes_no")


def test_the_catalogue_is_broad():
    labels = Counter(label for label, _ in ROWS)
    assert len(ROWS) >= 750
    assert labels["fact"] >= 200
    assert set(labels) == {
        "greeting",
        "pleasantry",
        "meta",
        "redirect",
        "refusal",
        "question",
        "yes_no",
        "fact",
    }


@pytest.mark.parametrize(("label", "text"), ROWS, ids=[text[:60] for _, text in ROWS])
def test_each_catalogue_line_keeps_its_claims_and_only_them(label, text):
    assert bool(split_response(text, "").facts) == (label in CLAIM_LABELS)


@pytest.mark.parametrize(
    ("label", "text"),
    [row for row in ROWS if row[0] != "fact"],
    ids=[text[:60] for label, text in ROWS if label != "fact"],
)
def test_each_non_claim_line_has_its_kind(label, text):
    assert piece_kind(text) == label


def test_claim_lines_read_whole_are_facts():
    # A rule told through a contact ("Contact us within 60 days and we'll refund the
    # difference"): the judge reads its value when it splits the answer.
    facts = [text for label, text in ROWS if label == "fact"]
    misread = [text for text in facts if piece_kind(text) != "fact"]
    assert len(misread) <= 1, misread


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for asking - the pool opens at 6:30am on weekdays.",
        "Thank you for asking; the museum shop is open until 5:30pm.",
        "Hope this helps: the parking permit covers zones A and B.",
        "Hope you enjoy the course — the first module unlocks on enrolment.",
        "I hope that helps - and note that the booking fee isn't refundable.",
    ],
)
def test_a_courtesy_and_a_strong_break_before_a_claim_make_a_fact(text):
    assert piece_kind(text) == "fact"


def test_a_courtesy_on_both_sides_of_a_break_stays_a_courtesy():
    assert piece_kind("Thanks for asking - we'd love to help!") == "pleasantry"
    text = "I completely understand wanting to keep your dog close - lots of owners feel the same."
    assert piece_kind(text) == "pleasantry"


def test_a_clause_after_an_acknowledgement_is_a_claim():
    assert piece_kind("Sure, you can have your prescription delivered for free.") == "fact"
    assert piece_kind("Absolutely, you can bring your own headphones to the exam.") == "fact"
    assert piece_kind("Sorry, but the café is closed on Mondays.") == "fact"
    assert piece_kind("I understand this can be a tricky decision.") == "pleasantry"
    assert piece_kind("I apologise for the trouble this has caused.") == "pleasantry"


def test_pictographs_carry_no_claim():
    assert piece_kind("Happy baking! 🍰") == "pleasantry"
    assert piece_kind("Congrats on the new puppy! 🐶") == "pleasantry"
    assert piece_kind("👋") == "pleasantry"
    assert piece_kind("🎉 Members get early access to tickets 48 hours before sale.") == "fact"


def test_a_greeting_before_a_courtesy_is_a_greeting_and_before_a_claim_a_fact():
    assert piece_kind("Hi Tom, thanks for getting in touch!") == "greeting"
    assert piece_kind("Hi there, and welcome to Greenleaf Energy support.") == "greeting"
    assert piece_kind("Welcome back, Daniel!") == "greeting"
    assert piece_kind("Hi Sam! Your bin collection moves to Tuesday.") == "fact"


def test_lead_ins_and_closing_remarks_are_about_the_answer():
    for text in (
        "Here's what I found:",
        "To answer your question:",
        "Here are the steps:",
        "Sure! Here's how:",
        "See below for details.",
        "That's the gist of it.",
        "This should cover everything you need.",
        "Our Billing guide covers this in more detail.",
        "The article explains this in more detail.",
        "I'll look into that now.",
    ):
        assert piece_kind(text) == "meta", text
    assert piece_kind("Great question!") == "pleasantry"
    assert piece_kind("We look forward to seeing you!") == "pleasantry"


def test_a_remark_on_the_article_before_a_claim_is_a_fact():
    assert piece_kind("The article says you can upgrade at any time.") == "fact"


@pytest.mark.parametrize(
    "text",
    [
        "That's a real pain, I'm sorry.",
        "Your patience is much appreciated.",
        "Happy to clarify!",
        "Anything else I can help with?",
        "Please don't hesitate to get in touch if you need more help.",
        "Feel free to contact us any time.",
        "I'm Ava, your digital assistant.",
        "Merry Christmas!",
        "We're sorry to see you go.",
        "I'm glad you reached out.",
        "That's what I'm here for!",
        "That's a tricky one!",
        "Interesting question!",
    ],
)
def test_courtesies_by_their_shape(text):
    assert piece_kind(text) == "pleasantry"


def test_courtesy_words_in_a_claim_leave_it_a_claim():
    assert piece_kind("That's a popular one with families because the pool is heated.") == "fact"
    assert piece_kind("Dogs are welcome to join their owners on the terrace.") == "fact"


def test_dismay_is_no_answer_but_a_no_still_is():
    assert split_response("Oh no, that's not what we want to hear!", "").facts == []
    facts = split_response("No, you don't need to print your ticket.", "").facts
    assert facts


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I'd suggest contacting your bank.", "redirect"),
        ("I'd recommend checking with the council.", "redirect"),
        ("Your local branch will be able to tell you more.", "redirect"),
        ("They'll be happy to advise.", "redirect"),
        ("Please don't hesitate to contact our billing team about your invoice.", "redirect"),
        ("Feel free to contact our helpdesk.", "redirect"),
        ("Your tutor will explain the marking scheme in the first session.", "fact"),
    ],
)
def test_pointers_to_someone_who_will_say_more(text, kind):
    assert piece_kind(text) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I'll pass this on to the team.", "redirect"),
        ("I've passed your feedback to our team.", "redirect"),
        ("Let me connect you with an agent.", "redirect"),
        ("Transferring you now...", "redirect"),
        ("A member of our team will be in touch shortly.", "redirect"),
        ("I've opened the gates for you remotely.", "fact"),
        ("Our team will call you to arrange a fitting.", "fact"),
    ],
)
def test_a_hand_over_to_people_is_a_redirect(text, kind):
    assert piece_kind(text) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Sorry, I didn't quite catch that.", "refusal"),
        ("I can't access personal information.", "refusal"),
        ("For security reasons, I can't discuss account details here.", "refusal"),
        ("Apologies, that's not something I can do.", "refusal"),
        ("I didn't understand why the fee changed.", "fact"),
    ],
)
def test_not_following_or_not_able_is_a_refusal(text, kind):
    assert piece_kind(text) == kind


def test_an_answer_of_only_a_hand_over_is_a_decline():
    answer = "I'll pass this on to the team. A member of our team will be in touch shortly."
    assert is_decline(answer)


FIRING = (
    "Firing your own work",
    "Firing your own work. Open studio members can fire pieces they made at the studio. "
    "Work made outside the studio cannot be fired in our kilns.",
)
STUDIO = "Customer help for a pottery studio: classes, open studio membership and firing."


def test_a_failure_to_follow_and_a_hand_over_answer_nothing():
    result = grade(
        "Can you fire a bowl I made at home?",
        "I'm sorry, I didn't quite catch that. I'll pass this on to our studio team and a "
        "member of the team will be in touch shortly.",
        STUDIO,
        FIRING,
    )
    assert result.verdict == "insufficient"
    assert result.cause == "no_content"


def test_a_contact_kept_to_one_channel_is_a_rule():
    assert piece_kind("You can contact us by post only for formal complaints.") == "fact"
    assert piece_kind("You can contact us by post for formal complaints.") == "redirect"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Morning! ☀️", "greeting"),
        ("Morning classes start at 9am.", "fact"),
        ("Evening swims are free for members.", "fact"),
        ("No, sorry.", "yes_no"),
        ("Absolutely not.", "yes_no"),
    ],
)
def test_a_part_of_the_day_greets_and_a_bare_no_with_regret_answers(text, kind):
    assert piece_kind(text) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Our help articles don't cover that.", "refusal"),
        ("That's not something I'm able to help with.", "refusal"),
        ("Sorry, I didn't get that.", "refusal"),
        ("Best to check with your airline.", "redirect"),
        ("Please visit the council website.", "redirect"),
        ("Head to our Contact page and choose Billing.", "redirect"),
        ("Please raise a support ticket.", "redirect"),
        ("Pop into any branch and a colleague will help.", "redirect"),
    ],
)
def test_more_refusals_and_pointers_by_their_shape(text, kind):
    assert piece_kind(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "I hear you.",
        "I can see why that would be confusing.",
        "That can't have been fun.",
        "That's completely understandable.",
        "We regret any inconvenience caused.",
        "We sincerely apologise for the disruption to your journey.",
        "We're thrilled to have you with us!",
        "Glad that's sorted!",
        "Love that you're planning ahead!",
        "Happy to be of help.",
        "Yours sincerely,",
        "Do let us know how you get on!",
        "Good shout!",
        "Ha, good one!",
        "Sounds like a plan!",
        "Much appreciated!",
        "Totally fair question!",
        "Ooh, exciting!",
    ],
)
def test_sympathy_regret_gladness_sign_offs_and_bare_remarks(text):
    assert piece_kind(text) == "pleasantry"


def test_regret_that_goes_on_to_tell_news_is_a_claim():
    assert piece_kind("We regret to inform you that the class is cancelled.") == "fact"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Quick answer:", "meta"),
        ("Short answer: it depends.", "meta"),
        ("Short answer: the fee is £5.", "fact"),
        ("Sources: Returns policy; Refunds", "meta"),
        ("That's everything on this one.", "meta"),
        ("The page above explains it all.", "meta"),
        ("See the steps below.", "meta"),
        ("Thanks - contact our team for help.", "redirect"),
    ],
)
def test_labels_and_closings_around_the_answer(text, kind):
    assert piece_kind(text) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("### Next steps", "meta"),
        ("**Summary**", "meta"),
        ("Details below 👇", "meta"),
        ("That's all the information I have on this.", "meta"),
        ("This covers the main points.", "meta"),
        ("Hello Mr Chen, good to hear from you.", "greeting"),
        ("Try contacting your network provider.", "redirect"),
        ("Someone from the billing team will reach out.", "redirect"),
        ("Our Community Forum is a great place to ask.", "redirect"),
        ("That information isn't available to me.", "refusal"),
        ("No, not at the moment.", "yes_no"),
        ("Sure is!", "yes_no"),
    ],
)
def test_headings_titles_forums_and_short_answers(text, kind):
    assert piece_kind(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "Happy holidays from all of us!",
        "Warmly,",
        "Cheers for your patience, mate.",
        "That sounds like a nightmare, I'm sorry.",
        "I'm so glad I could help today.",
        "That's wonderful news!",
        "Hit me up if you have any more questions!",
        "You're not alone in asking this!",
        "Don't stress, we'll figure it out.",
        "Keep up the great work!",
        "We're excited to see what you create!",
        "I know, it's a lot to take in.",
        "Yay! 🎉",
    ],
)
def test_courtesies_of_other_registers(text):
    assert piece_kind(text) == "pleasantry"


def test_thanks_in_another_register_before_a_claim_keeps_the_claim():
    facts = split_response("Cheers for asking, the loyalty card works in all our shops.", "").facts
    assert [fact.text.lower() for fact in facts] == ["the loyalty card works in all our shops."]
