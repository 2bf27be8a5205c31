"""The judge speed benchmark's traffic: the every-sentence-new case gives each sentence of
each chunk a reference of its own and adds no value the judge would read."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from audits.judges.offline.sources import plain_lines
from bench.judge_bench import _demo, _every_sentence_new, _fresh_three_sources, _offline_speed
from kbaudit.text.quantities import extract_quantities
from kbaudit.text.tokens import split_sentences

REFERENCE_RE = re.compile(r"\(ref bcx[a-z]+\)")


@pytest.fixture(scope="module")
def traffic():
    records, articles = _demo(40)
    fresh = _fresh_three_sources(records, articles)
    return fresh, _every_sentence_new(fresh), articles


def judged_sentences(records: list[dict]) -> list[str]:
    return [
        sentence
        for record in records
        for source in record["sources"]
        for line in plain_lines(source["text"])
        for sentence in split_sentences(line)
    ]


def values(text: str) -> list[tuple]:
    return [(q.kind, q.low, q.high, q.unit) for q in extract_quantities(text)]


def test_the_fresh_case_repeats_sentences_across_chunks(traffic):
    fresh, _, _ = traffic
    repeated = [s for s, n in Counter(judged_sentences(fresh)).items() if n > 1]
    assert repeated


def test_every_sentence_new_gives_each_sentence_its_own_reference(traffic):
    fresh, new, _ = traffic
    sentences = judged_sentences(new)
    assert len(sentences) == len(set(sentences))
    assert len(sentences) >= len(judged_sentences(fresh))
    assert all(REFERENCE_RE.search(sentence) for sentence in sentences)


def test_the_references_hold_no_digit_and_no_capital(traffic):
    _, new, _ = traffic
    for record in new:
        for source in record["sources"]:
            for reference in re.findall(r"\(ref ([^)]*)\)", source["text"]):
                assert reference.isalpha() and reference.islower()


def test_the_references_add_no_value(traffic):
    fresh, new, _ = traffic
    for before, after in zip(fresh, new, strict=True):
        for old, tagged in zip(before["sources"], after["sources"], strict=True):
            assert values(tagged["text"]) == values(old["text"])


def test_the_every_sentence_new_case_reports_like_the_others(traffic):
    fresh, new, articles = traffic
    report = _offline_speed(new, articles)
    assert set(report) == set(_offline_speed(fresh, articles))
    assert report["interactions"] == len(new)
    assert report["sources_per_interaction"] == 3
