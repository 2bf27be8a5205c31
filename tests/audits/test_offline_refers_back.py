"""The offline judge on a fact that speaks of the last one's subject without naming it:
a verb whose subject the fact before holds ("... and is compensated too"), or "doing so"
("and there's no charge for doing so")."""

from __future__ import annotations

from audits.judges.offline.decompose import split_response
from tests.helpers import fully_grounded as grounded
from tests.helpers import offline_judge as judge

SERVICING = (
    "Boiler servicing. A yearly service costs £95 and can be booked online. You can move "
    "your service to another date up to 48 hours before the visit, for a fee of £15. "
    "Services missed without notice are charged in full."
)
OUTAGES = (
    "Water supply interruptions. If your supply is off for more than 12 hours, we pay £30. "
    "Planned works are announced at least 48 hours ahead and are not compensated."
)


def test_a_fact_without_its_subject_carries_the_last_facts_words():
    parts = split_response(
        "Planned works are announced at least 48 hours ahead and are compensated too."
    )

    assert "work" in parts.facts[-1].context or "plan" in parts.facts[-1].context


def test_it_flags_a_free_doing_so_where_the_source_charges_for_it():
    result = judge(
        "Can I move my boiler service, and is there a fee?",
        "Yes, you can move your service to another date up to 48 hours before the visit, and "
        "there's no charge for doing so.",
        SERVICING,
    )

    assert not grounded(result)


def test_it_passes_doing_so_with_the_sources_fee():
    result = judge(
        "Can I move my boiler service, and is there a fee?",
        "Yes, you can move your service to another date up to 48 hours before the visit, and "
        "it costs £15 to do so.",
        SERVICING,
    )

    assert grounded(result)


def test_it_flags_a_negation_flipped_in_a_fact_whose_subject_was_left_behind():
    result = judge(
        "Are planned works compensated?",
        "Yes, planned works are announced at least 48 hours ahead and are compensated too.",
        OUTAGES,
    )

    assert not grounded(result)
    assert result.verdict == "insufficient"
