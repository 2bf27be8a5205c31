from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from django.urls import reverse

from content.analytics.periods import period_for
from content.analytics.ranking import article_ranking
from content.analytics.rollups import rollup_update
from content.models import Article, ReviewItem, Season
from tests.factories import ArticleFactory
from tests.helpers import BAD, GOOD, traffic

pytestmark = pytest.mark.django_db
MONDAY = datetime(2026, 11, 23, 9, tzinfo=UTC)  # ISO week 48


def week_of_traffic(bot, counts: dict[str, int], start: datetime, metrics=GOOD):
    days = set()
    for key, n in counts.items():
        ArticleFactory(external_id=key, title=key.replace("kb-", "").title())
        for i in range(n):
            moment = start + timedelta(hours=i % 150)
            traffic(bot, day=moment, article_keys=[key], metrics=metrics)
            days.add(moment.date())
    rollup_update(bot=bot, days=days)


@pytest.fixture
def two_weeks(bot):
    week_of_traffic(bot, {"kb-returns": 10, "kb-shipping": 30}, MONDAY - timedelta(days=7))
    week_of_traffic(bot, {"kb-returns": 40, "kb-shipping": 20, "kb-rare": 3}, MONDAY)


def test_articles_rank_by_traffic_with_change_against_the_previous_week(bot, two_weeks):
    ranking = article_ranking(bot=bot, period=period_for("week", MONDAY.date()), min_sample=5)
    assert [(row.article.external_id, row.traffic) for row in ranking.rows] == [
        ("kb-returns", 40),
        ("kb-shipping", 20),
    ]
    returns, shipping = ranking.rows
    assert returns.previous_traffic == 10 and returns.change == pytest.approx(3.0)
    assert shipping.change == pytest.approx(-1 / 3)
    assert returns.mean("groundedness") == 1.0


def test_rows_below_the_minimum_sample_are_hidden(bot, two_weeks):
    ranking = article_ranking(bot=bot, period=period_for("week", MONDAY.date()), min_sample=5)
    assert "kb-rare" not in [row.article.external_id for row in ranking.rows]
    assert ranking.hidden == 1
    everything = article_ranking(bot=bot, period=period_for("week", MONDAY.date()), min_sample=0)
    assert everything.total == 3


def test_pages_keep_the_counts_of_the_whole_ranking(bot, two_weeks):
    week = period_for("week", MONDAY.date())
    second = article_ranking(bot=bot, period=week, min_sample=5, limit=1, offset=1)
    assert [(row.rank, row.article.external_id) for row in second.rows] == [(2, "kb-shipping")]
    assert (second.total, second.hidden) == (2, 1)
    assert second.rows[0].totals["retrievals"] == 20 and second.rows[0].previous_traffic == 30
    beyond = article_ranking(bot=bot, period=week, min_sample=5, limit=1, offset=5)
    assert beyond.rows == [] and (beyond.total, beyond.hidden) == (2, 1)


def test_no_change_is_shown_where_the_logs_do_not_reach_back(bot, two_weeks):
    earlier = article_ranking(
        bot=bot, period=period_for("week", MONDAY.date() - timedelta(days=7)), min_sample=0
    )
    assert all(row.previous_traffic is None for row in earlier.rows)
    assert not earlier.has_year_ago and all(row.year_ago_traffic is None for row in earlier.rows)


def test_a_season_ranks_its_whole_span(bot, two_weeks):
    peak = Season.objects.get(slug="holiday-peak")
    ranking = article_ranking(
        bot=bot, period=period_for("season", MONDAY.date(), peak), min_sample=0
    )
    assert ranking.period.start == date(2026, 11, 20)
    assert {row.article.external_id: row.traffic for row in ranking.rows} == {
        "kb-returns": 40, "kb-shipping": 20, "kb-rare": 3,
    }  # fmt: skip


def test_the_ranking_page_switches_period_with_an_htmx_fragment(client, bob, bot, two_weeks):
    client.force_login(bob)
    url = reverse("content:ranking", args=[bot.slug])
    page = client.get(url, {"period": "week", "date": "2026-11-25", "min_sample": 5})
    html = page.content.decode()
    assert page.status_code == 200 and "<html" in html and "2026-W48" in html
    assert html.index("Returns") < html.index("Shipping")
    fragment = client.get(
        url, {"period": "month", "date": "2026-11-25", "min_sample": 0}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "<html" not in fragment and 'id="ranking"' in fragment and "November 2026" in fragment
    assert "+300%" in html  # returns: 10 → 40


def test_the_ranking_shows_an_articles_open_flags(client, bob, bot, two_weeks):
    ReviewItem.objects.create(
        bot=bot, article=Article.objects.get(external_id="kb-returns"), reason="content_gap"
    )
    client.force_login(bob)
    html = client.get(
        reverse("content:ranking", args=[bot.slug]), {"date": "2026-11-25"}
    ).content.decode()
    assert "Content gap" in html


def test_outsiders_cannot_see_a_bots_ranking_or_overview(client, charlie, bot, two_weeks):
    client.force_login(charlie)
    assert client.get(reverse("content:ranking", args=[bot.slug])).status_code == 404
    assert client.get(bot.get_absolute_url()).status_code == 404


def test_the_overview_shows_trends_topics_and_failure_shares(client, bob, bot):
    week_of_traffic(bot, {"kb-returns": 30}, MONDAY, metrics=BAD)
    client.force_login(bob)
    html = client.get(bot.get_absolute_url()).content.decode()
    assert "plotly" in html.lower() and "Answers failing each metric" in html
    assert "returns: 30" in html  # the topic chip with its count
    fragment = client.get(
        bot.get_absolute_url(),
        {"topic": "returns"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="failing",
    ).content.decode()
    assert "<html" not in fragment and 'id="failing"' in fragment


def test_only_editors_change_thresholds(client, alice, bob, bot):
    url = reverse("content:bot_thresholds", args=[bot.slug])
    values = {
        "threshold_source_precision": "0.7", "threshold_source_query_coverage": "0.8",
        "threshold_response_precision": "0.6", "threshold_response_query_coverage": "0.8",
        "threshold_groundedness": "0.9", "threshold_self_distinctness": "0.8",
        "relevance_threshold": "0.4",
    }  # fmt: skip
    client.force_login(bob)
    assert client.post(url, values).status_code == 403
    bot.refresh_from_db()
    assert bot.threshold_groundedness == 0.8
    client.force_login(alice)
    assert client.post(url, values).status_code == 302
    bot.refresh_from_db()
    assert (bot.threshold_groundedness, bot.threshold_source_precision) == (0.9, 0.7)
    assert client.post(url, {**values, "threshold_groundedness": "1.5"}).status_code == 302
    bot.refresh_from_db()
    assert bot.threshold_groundedness == 0.9


def test_the_article_page_lists_pair_items_from_both_sides(client, bob, bot):
    first = ArticleFactory(external_id="kb-exchanges", title="Exchanges")
    second = ArticleFactory(external_id="kb-exchange-faq", title="Exchange questions answered")
    ReviewItem.objects.create(
        bot=bot, article=first, other_article=second, reason="contradicting_articles"
    )
    client.force_login(bob)
    for article in (first, second):
        html = client.get(Article.objects.get(pk=article.pk).get_absolute_url()).content.decode()
        assert "Articles contradict each other" in html
