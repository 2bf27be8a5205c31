from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from content.models import ReviewItem
from content.review.flags import (
    content_flags_update,
    failing_topics,
    gap_severity,
    review_item_raise,
)
from tests.factories import ArticleFactory, ArticleVersionFactory
from tests.helpers import BAD, FLAG_DAY, GOOD, days_of, traffic

pytestmark = pytest.mark.django_db
DAY = FLAG_DAY
WORSE = dict(source_precision=0.3, source_query_coverage=0.2, groundedness=0.0)


@pytest.fixture
def returns():
    article = ArticleFactory(external_id="kb-returns", title="Returns policy")
    ArticleVersionFactory(article=article, number=1)
    return article


def flags(bot):
    return content_flags_update(bot=bot, min_sample=10)


def test_sp_g_and_sqc_all_below_threshold_flag_a_content_gap(bot, returns):
    days_of(bot, "kb-returns", BAD)
    summary = flags(bot)
    assert summary.created == 1
    item = ReviewItem.objects.get()
    assert (item.reason, item.status, item.article) == ("content_gap", "open", returns)
    # priority = traffic × how far below threshold SP, G and SQC sit on average
    severity = ((0.8 - 0.5) + (0.8 - 0.0) + (0.8 - 0.5)) / 3
    assert item.severity == pytest.approx(severity)
    assert item.priority == pytest.approx(12 * severity)
    assert item.evidence["traffic"] == 12 and item.evidence["graded"] == 12
    assert "content-gap" in [d["id"] for d in item.evidence["diagnoses"]]
    assert [e.action for e in item.events.all()] == ["flagged"]


def test_flagging_unchanged_data_again_changes_nothing(bot, returns):
    days_of(bot, "kb-returns", BAD)
    flags(bot)
    item = ReviewItem.objects.get()
    summary = flags(bot)
    assert (summary.created, summary.updated) == (0, 0)
    # a priority that differs only in its last bits (sums in another order) is the same
    outcome = review_item_raise(
        bot_id=bot.pk,
        article_id=returns.pk,
        reason=item.reason,
        priority=item.priority * (1 + 1e-15),
        severity=item.severity,
        topic=item.topic,
        evidence=item.evidence,
    )
    assert outcome == "unchanged"


def test_each_flagged_article_gets_the_topic_its_failing_answers_share_most(bot, returns):
    shipping = ArticleFactory(external_id="kb-shipping", title="Shipping")
    ArticleVersionFactory(article=shipping, number=1)
    for i, (key, topic) in enumerate(
        [("kb-returns", "refunds")] * 3
        + [("kb-returns", "exchanges")] * 2
        + [("kb-shipping", "delivery")] * 2
        + [("kb-shipping", "customs")] * 2  # a tie goes to the first alphabetically
    ):
        traffic(bot, day=DAY + timedelta(hours=i), article_keys=[key], metrics=BAD, topic=topic)
    traffic(bot, day=DAY, article_keys=["kb-shipping"], metrics=GOOD, topic="tracking")
    window = [DAY.date(), DAY.date()]
    assert failing_topics(bot, [returns.pk, shipping.pk], window) == {
        returns.pk: "refunds",
        shipping.pk: "customs",
    }
    assert failing_topics(bot, [returns.pk], [DAY.date() + timedelta(days=1)] * 2) == {}
    days_of(bot, "kb-returns", BAD, n=12, start=DAY + timedelta(hours=12))
    flags(bot)
    assert ReviewItem.objects.get(article=returns).topic == "returns"


def test_one_metric_below_threshold_is_not_a_content_gap(bot, returns):
    days_of(bot, "kb-returns", dict(GOOD, groundedness=0.2))
    flags(bot)
    assert not ReviewItem.objects.filter(reason="content_gap").exists()
    assert (
        gap_severity(
            {"source_precision": 0.5, "groundedness": 0.9, "source_query_coverage": 0.1},
            {"source_precision": 0.8, "groundedness": 0.8, "source_query_coverage": 0.8},
        )
        is None
    )


def test_too_small_a_sample_flags_nothing(bot, returns):
    days_of(bot, "kb-returns", BAD, n=5)
    assert flags(bot).created == 0


def test_a_second_flag_updates_the_open_item(bot, returns):
    days_of(bot, "kb-returns", BAD)
    flags(bot)
    days_of(bot, "kb-returns", BAD, start=DAY + timedelta(days=2))
    summary = flags(bot)
    assert (summary.created, summary.updated) == (0, 1)
    assert ReviewItem.objects.get().evidence["traffic"] == 24


def test_an_item_resolves_itself_when_the_article_recovers(bot, returns):
    days_of(bot, "kb-returns", BAD)
    flags(bot)
    # a rewrite: the new version's traffic is good, and only it counts
    ArticleVersionFactory(
        article=returns,
        number=2,
        body="now with fees",
        published_at=DAY + timedelta(days=3),
        live_from=DAY + timedelta(days=3),
    )
    returns.versions.filter(number=1).update(live_until=DAY + timedelta(days=3))
    days_of(bot, "kb-returns", GOOD, start=DAY + timedelta(days=4))
    summary = flags(bot)
    item = ReviewItem.objects.get()
    assert summary.resolved == 1 and item.status == "resolved" and item.closed_at
    assert item.events.last().action == "resolved_recovered"


def test_a_dismissed_item_stays_dismissed_while_the_article_is_as_bad(bot, returns):
    days_of(bot, "kb-returns", BAD)
    flags(bot)
    ReviewItem.objects.update(status="dismissed", dismissed_reason="Known; policy change pending")
    days_of(bot, "kb-returns", BAD, start=DAY + timedelta(days=2))
    summary = flags(bot)
    assert summary.held_dismissed == 1 and summary.created == 0
    assert ReviewItem.objects.get().status == "dismissed"


def test_a_materially_worse_article_is_raised_again_as_a_new_item(bot, returns):
    days_of(bot, "kb-returns", BAD)
    flags(bot)
    dismissed = ReviewItem.objects.get()
    dismissed.status = "dismissed"
    dismissed.save()
    days_of(bot, "kb-returns", WORSE, n=40, start=DAY + timedelta(days=2))
    summary = flags(bot)
    assert summary.reflagged == 1 and summary.created == 1
    new = ReviewItem.objects.exclude(pk=dismissed.pk).get()
    assert new.status == "open" and new.previous == dismissed
    dismissed.refresh_from_db()
    assert dismissed.status == "dismissed"  # a dismissal is final


def test_flagging_many_articles_reads_and_writes_their_items_in_a_fixed_number_of_queries(
    bot, returns
):
    for n in range(4):
        article = ArticleFactory(external_id=f"kb-gap-{n}", title=f"Gap {n}")
        ArticleVersionFactory(article=article, number=1)
        days_of(bot, article.external_id, BAD)
    with CaptureQueriesContext(connection) as queries:
        assert flags(bot).created == 4
    inserts = [q["sql"].split("(")[0] for q in queries if q["sql"].startswith("INSERT")]
    assert inserts == [
        'INSERT INTO "content_reviewitem" ',
        'INSERT INTO "content_reviewitemevent" ',
    ]
    assert all(item.events.get().action == "flagged" for item in ReviewItem.objects.all())
    ReviewItem.objects.filter(article__external_id="kb-gap-0").update(status="dismissed")
    with CaptureQueriesContext(connection) as queries:
        summary = flags(bot)
    assert (summary.created, summary.updated, summary.held_dismissed) == (0, 0, 1)
    item_reads = [q for q in queries if q["sql"].lstrip().startswith("SELECT") and
                  '"content_reviewitem"' in q["sql"].split(" WHERE ")[0]]  # fmt: skip
    assert len(item_reads) <= 3  # active items, the others, and the active ones to resolve


def test_export_worklist_lists_open_items_as_json_and_csv(bot, returns, tmp_path):
    days_of(bot, "kb-returns", BAD)
    flags(bot)
    out = io.StringIO()
    call_command("export_worklist", "--format", "json", stdout=out)
    rows = json.loads(out.getvalue())
    assert list(rows[0]) == [
        "article_id", "title", "reason", "priority", "status", "traffic",
        "source_precision", "groundedness", "source_query_coverage", "diagnoses",
    ]  # fmt: skip
    assert rows[0]["article_id"] == "kb-returns" and rows[0]["groundedness"] == 0.0
    assert "content-gap" in rows[0]["diagnoses"]
    path = tmp_path / "worklist.csv"
    call_command("export_worklist", "--format", "csv", "-o", str(path))
    lines = path.read_text().splitlines()
    assert lines[0].startswith("article_id,title,reason,priority,status,traffic")
    assert lines[1].startswith("kb-returns,Returns policy,content_gap,")
    ReviewItem.objects.update(status="dismissed")
    out = io.StringIO()
    call_command("export_worklist", stdout=out)
    assert json.loads(out.getvalue()) == []
