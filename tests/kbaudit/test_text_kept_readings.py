"""Text tools asked again about the same text answer from what they kept: the answer
equals one worked out afresh, and a caller that changes what it was given changes
nothing for the next caller."""

from __future__ import annotations

from audits.judges.offline.values import subject_stems
from kbaudit.text.tokens import (
    content_stems,
    digits_for_number_words,
    negation_targets,
    normalise,
)

DENIAL = "Sale items cannot be returned, and gift cards are not refundable."


def test_negation_targets_hands_each_caller_its_own_list():
    first = negation_targets(DENIAL)
    first.clear()

    assert negation_targets(DENIAL)
    assert negation_targets(DENIAL) is not negation_targets(DENIAL)


def test_kept_text_readings_equal_readings_made_afresh():
    text = "Returns are accepted within thirty days ,  with a receipt."

    assert normalise(text) == normalise.__wrapped__(text)
    assert digits_for_number_words(text) == digits_for_number_words.__wrapped__(text)


def test_subject_stems_reads_sets_that_cannot_be_kept_too():
    stems = frozenset(content_stems("a 30 day refund window for unused items"))

    assert subject_stems(set(stems)) == subject_stems(stems)
    assert "30" not in subject_stems(stems)


def test_phrases_picked_by_their_words_rewrite_as_trying_every_phrase_does():
    from kbaudit.text import tokens

    texts = [
        "You can send it back within 30 days in the US.",
        "Log in to your account and sign up for 2025 updates.",
        "Please get in touch if the parcel is lost in transit.",
    ]
    for text in texts:
        tried = text
        present = set(tokens.words(text))
        if any(len(token) >= 4 and token.isdigit() for token in present):
            present.add("#")
        if not tokens._ABBREVIATION_TOKENS.isdisjoint(present):
            for pattern, replacement in tokens.ABBREVIATIONS:
                tried = pattern.sub(replacement, tried)
        for needed, pattern, replacement in tokens._PHRASES:
            if not needed.isdisjoint(present):
                tried = pattern.sub(replacement, tried)
        assert tokens.rewrite_phrases(text) == tried
