from __future__ import annotations

import pytest

from content.questions import group_by_meaning, normalise


def test_groups_by_meaning_merge_rephrasings_and_keep_other_questions_apart():
    groups = group_by_meaning(
        [("is there a restocking fee?", 1), ("do you charge to restock returns?", 2),
         ("how long does a refund take?", 3)]
    )  # fmt: skip
    merged = next(g for g in groups if g.count == 2)
    assert set(merged.phrasings) == {
        "is there a restocking fee?",
        "do you charge to restock returns?",
    }
    assert sorted(merged.interaction_ids) == [1, 2]
    assert [g.example for g in groups if g.count == 1] == ["how long does a refund take?"]


def test_a_group_is_named_by_its_most_central_phrasing_and_counts_every_asking():
    asked = (
        [("Is there a restocking fee?", i) for i in range(5)]
        + [("is there a restocking fee", 10), ("Do you charge a restocking fee?", 11)]
        + [("What is the restocking fee for opened items?", 12)]
    )
    [group] = group_by_meaning(asked)
    assert group.example == "Is there a restocking fee?"
    assert group.count == 8
    assert group.phrasings[0] == "Is there a restocking fee?" and len(group.phrasings) == 3


def test_spelling_is_folded_before_embedding():
    assert normalise("  Is there   a Restocking fee?? ") == "is there a restocking fee"
    assert group_by_meaning([("", 1), ("?!", 2)]) == []


@pytest.mark.django_db
def test_a_thumbs_down_without_a_topic_takes_the_topic_of_the_same_question(bot):
    from datetime import UTC, datetime

    from django.db.models import Sum

    from content.analytics.rollups import rollup_update
    from content.models import TopicDayRollup
    from tests.factories import EvaluationFactory, InteractionFactory

    day = datetime(2026, 11, 20, 9, tzinfo=UTC)
    for i, (query, topic, judge) in enumerate(
        [("Is there a restocking fee?", "restocking fees", "offline"),
         ("is there a restocking fee", "", "feedback"),
         ("How do I change my delivery address?", "", "feedback")]
    ):  # fmt: skip
        interaction = InteractionFactory(bot=bot, timestamp=day.replace(hour=9 + i), query=query)
        details = {"sub_queries": [query]} if judge == "offline" else {}
        EvaluationFactory(interaction=interaction, judge=judge, topic=topic, details=details)
    rollup_update(bot=bot, days={day.date()})
    topics = dict(TopicDayRollup.objects.values_list("topic").annotate(n=Sum("interactions")))
    assert topics == {"restocking fees": 2, "How do I change my delivery address?": 1}


@pytest.mark.django_db
def test_a_topic_chip_shows_its_questions_grouped_by_meaning(client, bob, bot):
    from datetime import UTC, datetime

    from content.analytics.rollups import rollup_update
    from tests.factories import EvaluationFactory, InteractionFactory

    day = datetime(2026, 11, 20, 9, tzinfo=UTC)
    asked = [
        "Is there a restocking fee?",
        "do you charge to restock returns?",
        "How long does a refund take?",
    ]
    for i, query in enumerate(asked):
        interaction = InteractionFactory(bot=bot, timestamp=day.replace(hour=9 + i), query=query)
        EvaluationFactory(
            interaction=interaction, topic="returns", verdict="insufficient", cause="partial"
        )
    rollup_update(bot=bot, days={day.date()})
    client.force_login(bob)
    url = f"/bots/{bot.slug}/?from=2026-11-01&to=2026-11-30&topic=returns"
    html = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="failing").content.decode()
    assert "by meaning" in html and "<html" not in html
    assert "asked 2 times" in html and "asked 1 time" in html
