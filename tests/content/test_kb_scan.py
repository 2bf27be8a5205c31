"""The knowledge-base health scan: near-duplicate articles and articles that contradict
each other, found from the articles alone, with the logs as evidence."""

from __future__ import annotations

import io
import json
import re
import threading
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audits.judges.consistency import MAX_COMPLETION_TOKENS, MAX_CONTRADICTIONS
from audits.models import Bot, JudgeCacheEntry
from audits.sweep.services import sweep_run
from bench.scan_bench import synthetic_kb, write_articles
from content.kb_scan import kb_scan_run, scan
from content.kb_scan.contradictions import conflicts
from content.kb_scan.duplicates import overlap
from content.kb_scan.findings import findings_evidence_update
from content.kb_scan.passages import article_text
from content.models import (
    Article,
    ArticleFinding,
    ArticleSignature,
    ReviewItem,
)
from content.review.lifecycle import item_dismiss
from content.tasks import kb_scan_nightly
from demo.generate import demo_generate
from demo.setup import demo_setup
from tests.factories import ArticleFactory
from tests.helpers import DEMO_SWEEP_BATCH
from tests.llm_server import Reply, error_reply, looping_reply

DUPLICATE = ("kb-returns", "kb-return-howto")
# "Returns in brief" restates the policy's return window in other words (and so the
# how-to's too).
RESTATED_PAIRS = {("kb-returns", "kb-returns-summary"), ("kb-return-howto", "kb-returns-summary")}
CONTRADICTION = ("kb-exchanges", "kb-exchange-faq")
CONDITIONAL = ("kb-returns", "kb-holiday-returns")


# --- the deterministic rules, on text alone ----------------------------------------------


def text(body: str, title: str = "Returns", article_id: int = 1):
    return article_text(article_id=article_id, version_id=article_id, title=title, body=body)


def test_different_values_for_one_subject_without_condition_contradict():
    a = text("## Exchanges\n\nYou can exchange an item within 45 days of delivery.", "Exchanges")
    b = text("Exchanges must be requested within 30 days of delivery.", "Exchange FAQ", 2)
    [conflict] = conflicts(a, b)
    assert (conflict.value_a, conflict.value_b, conflict.kind) == ("45 days", "30 days", "duration")
    assert conflict.as_passage()["a_parts"][1] == ["45 days", True]


def test_a_value_governed_by_a_condition_the_other_lacks_is_no_contradiction():
    a = text("If we shipped you the wrong item, you have 45 days from delivery to send it back.")
    b = text("You can return most items within 30 days of delivery.", "Returns policy", 2)
    assert conflicts(a, b) == []


def test_a_heading_condition_governs_its_section():
    a = text("## If we sent the wrong item\n\nYou have 45 days to return it.", "Returns")
    b = text("You have 30 days to return an item.", "Returns policy", 2)
    assert conflicts(a, b) == []


def test_a_holiday_window_beside_the_30_day_rule_is_no_contradiction():
    holiday = text(
        "Items bought between 1 November and 24 December can be returned until 31 January. "
        "If the normal 30-day window ends later than 31 January, the later date applies.",
        "Holiday returns",
    )
    policy = text("You can return most items within 30 days of delivery.", "Returns policy", 2)
    assert conflicts(holiday, policy) == []


def test_a_sentence_that_also_states_the_other_value_is_no_contradiction():
    a = text("You have 45 days to send the wrong item back, instead of the usual 30 days.")
    b = text("You have 30 days to send an item back.", "Returns policy", 2)
    assert conflicts(a, b) == []


def test_templated_pages_about_two_products_do_not_contradict_or_duplicate():
    body = "Charge the {} for {} hours before first use. Open Settings and pair it. "
    a = text(body.format("Kuno Q1", 4) * 2, "Setting up Kuno Q1")
    b = text(body.format("Milo T7", 8) * 2, "Setting up Milo T7", 2)
    assert conflicts(a, b) == []
    assert overlap(a, b) is None


def test_a_negated_policy_contradicts_its_positive():
    a = text("Gift cards can be exchanged for cash at any store.", "Gift cards")
    b = text("Gift cards cannot be exchanged for cash at any store.", "Gift card questions", 2)
    [conflict] = conflicts(a, b)
    assert (conflict.kind, conflict.value_a, conflict.value_b) == ("polarity", "yes", "no")


def test_overlap_is_measured_passage_by_passage():
    shared = (
        "## Return window\n\nYou can return most items within 30 days of delivery. "
        "The 30 days start on the delivery date shown in your order tracking. "
        "After 30 days we can't refund an ordinary return."
    )
    a = text(shared + "\n\n## Steps\n\nSign in. Open Orders and pick the item to send.", "Return")
    b = text(shared + "\n\n## Exceptions\n\nEngraved products stay with you.", "Returns", 2)
    found = overlap(a, b)
    assert found is not None
    assert found.section_share == 1.0 and 0 < found.share_a < 1
    [passage] = found.passages
    assert passage["section_a"] == passage["section_b"] == "Return window"
    assert passage["similarity"] == 1.0


def test_sentences_that_differ_only_in_their_numbers_are_no_copies():
    # Every word shared, every number different: two rules that contradict, not a copy.
    a = text(
        "## Window\n\nYou can exchange an item within 45 days of delivery. "
        "Exchanges of opened items are possible within 14 days of delivery. "
        "Refunds of the difference arrive within 5 business days.",
        "Exchanges",
    )
    b = text(
        "## Window\n\nYou can exchange an item within 30 days of delivery. "
        "Exchanges of opened items are possible within 7 days of delivery. "
        "Refunds of the difference arrive within 10 business days.",
        "Exchange FAQ",
        2,
    )
    assert overlap(a, b) is None
    assert conflicts(a, b)


def test_one_shared_sentence_is_no_duplicate():
    a = text("Items bought in December can be returned until 31 January. Gift receipts work.")
    b = text("Items bought in December can be returned until 31 January. Opened boxes too.", "R", 2)
    assert overlap(a, b) is None


# --- the demo help centre ----------------------------------------------------------------


@pytest.fixture(scope="module")
def demo_files(tmp_path_factory):
    return demo_generate(out_dir=tmp_path_factory.mktemp("demo"), n_interactions=1500)


def import_demo(manifest) -> None:
    """The demo's articles into the knowledge base of store-help (the ``bot`` fixture)."""
    out = io.StringIO()
    for path in (manifest.articles, manifest.articles_v2):
        call_command(
            "import_articles", str(path), "--kb", "help-centre", "--no-progress", stdout=out
        )
    call_command("import_interactions", str(manifest.interactions), "--no-progress", stdout=out)


@pytest.fixture
def demo(db, bot, other_bot, demo_files):
    import_demo(demo_files)
    return demo_files


def article(key: str) -> Article:
    return Article.objects.get(external_id=key)


def finding(kind: str, keys: tuple[str, str]) -> ArticleFinding | None:
    first, second = sorted((article(keys[0]), article(keys[1])), key=lambda a: a.pk)
    return ArticleFinding.objects.filter(kind=kind, article_a=first, article_b=second).first()


def pairs(kind: str) -> set[frozenset[str]]:
    return {
        frozenset((f.article_a.external_id, f.article_b.external_id))
        for f in ArticleFinding.objects.active()
        .filter(kind=kind)
        .select_related("article_a", "article_b")
    }


def test_the_planted_duplicate_and_contradiction_are_found_and_nothing_else(demo):
    result = kb_scan_run(full=True)
    assert pairs("duplicate") == {frozenset(DUPLICATE)} | {frozenset(p) for p in RESTATED_PAIRS}
    assert pairs("contradiction") == {frozenset(CONTRADICTION)}
    conflict = finding("contradiction", CONTRADICTION)
    assert sorted(conflict.passages[0]["values"]) == ["30 days", "45 days"]
    assert {conflict.passages[0]["a"], conflict.passages[0]["b"]} == {
        "You can exchange an item within 45 days of delivery.",
        "Exchanges must be requested within 30 days of delivery.",
    }
    assert conflict.method == "offline" and 0 < conflict.confidence <= 1
    duplicate = finding("duplicate", DUPLICATE)
    assert any("within 30 days of delivery" in p["a"] for p in duplicate.passages)
    assert result.run.found == 4 and result.run.comparisons > 0


def test_the_conditional_pair_and_the_returns_policy_conditions_are_not_contradictions(demo):
    kb_scan_run(full=True)
    assert finding("contradiction", CONDITIONAL) is None
    assert finding("duplicate", CONDITIONAL) is None
    returns = article("kb-returns")
    assert not ArticleFinding.objects.filter(kind="contradiction").involving(returns).exists()


def test_findings_become_review_items_for_the_bots_that_retrieved_them(demo):
    kb_scan_run(full=True)
    store = Bot.objects.get(slug="store-help")
    items = ReviewItem.objects.filter(reason__in=["duplicate_articles", "contradicting_articles"])
    assert {(i.bot, i.reason) for i in items} == {
        (store, "duplicate_articles"),
        (store, "contradicting_articles"),
    }
    item = items.get(reason="contradicting_articles")
    conflict = finding("contradiction", CONTRADICTION)
    assert (item.article, item.other_article) == (conflict.article_a, conflict.article_b)
    assert item.evidence["finding"] == conflict.pk and item.priority > 0
    assert conflict.details["suggestion"].startswith(
        "State the condition that tells 45 days from 30 days"
    ) or conflict.details["suggestion"].startswith(
        "State the condition that tells 30 days from 45 days"
    )
    duplicate = finding("duplicate", DUPLICATE)
    assert "“Returns policy”" in duplicate.details["suggestion"]  # the busier article keeps it
    assert [e.action for e in item.events.all()] == ["flagged"]


def co_retrieved_in_log(path: Path, keys: tuple[str, str]) -> set[str]:
    found = set()
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if "sources" in record and set(keys) <= {s["article_id"] for s in record["sources"]}:
            found.add(record["id"])
    return found


def test_co_retrievals_count_the_interactions_that_retrieved_both_articles(demo):
    kb_scan_run(full=True)
    duplicate = finding("duplicate", DUPLICATE)
    expected = co_retrieved_in_log(demo.interactions, DUPLICATE)
    assert duplicate.co_retrievals == len(expected) > 0
    assert {e["external_id"] for e in duplicate.example_interactions} <= expected
    assert 0 < len(duplicate.example_interactions) <= 5


def exchange_faq_fixed(tmp_path, days: str = "45") -> Path:
    path = tmp_path / "fixed.jsonl"
    body = (
        "Answers to the questions we hear most about exchanging an item.\n\n"
        "## How long do I have to exchange an item?\n\n"
        f"Exchanges must be requested within {days} days of delivery. After that, the item "
        "can't be exchanged, but faulty products are still covered by the warranty."
    )
    record = {
        "id": "kb-exchange-faq",
        "title": "Exchange questions answered",
        "url": "https://help.brightcart.example/articles/exchange-faq",
        "body": body,
        "updated_at": "2026-11-25T09:00:00Z",
    }
    path.write_text(json.dumps(record) + "\n")
    return path


def test_an_edit_that_removes_the_conflict_resolves_the_finding_and_its_item(demo, tmp_path):
    kb_scan_run(full=True)
    item = ReviewItem.objects.get(reason="contradicting_articles")
    call_command(
        "import_articles", str(exchange_faq_fixed(tmp_path)), "--kb", "help-centre",
        "--no-progress", stdout=io.StringIO(),
    )  # fmt: skip
    result = kb_scan_run()
    conflict = finding("contradiction", CONTRADICTION)
    assert conflict.status == "resolved" and conflict.resolved_at is not None
    assert result.run.resolved == 1
    item.refresh_from_db()
    assert item.status == "resolved" and item.closed_at is not None
    assert item.events.last().action == "resolved_finding"
    # The duplicate, whose articles did not change, stays as it was.
    assert finding("duplicate", DUPLICATE).status == "active"


def test_an_incremental_scan_compares_only_changed_articles_and_their_neighbours(
    demo, tmp_path, monkeypatch
):
    first = kb_scan_run(full=True).run
    assert ArticleSignature.objects.count() == first.articles
    nothing = kb_scan_run().run
    assert (nothing.comparisons, nothing.stats["changed"], nothing.found) == (0, 0, 0)
    call_command(
        "import_articles",
        str(exchange_faq_fixed(tmp_path, "30")),
        "--kb",
        "help-centre",
        "--no-progress",
        stdout=io.StringIO(),
    )
    compared = []

    def recording(a, b, **options):
        compared.append({a.article_id, b.article_id})
        return scan_pair_check(a, b, **options)

    scan_pair_check = scan.pair_check
    monkeypatch.setattr(scan, "pair_check", recording)
    after_edit = kb_scan_run().run
    faq = article("kb-exchange-faq")
    assert after_edit.stats["changed"] == 1
    assert len(compared) == after_edit.comparisons == after_edit.stats["neighbours"]
    assert all(faq.pk in pair for pair in compared)
    assert 0 < after_edit.comparisons < first.comparisons
    assert finding("contradiction", CONTRADICTION).status == "active"
    assert ArticleSignature.objects.filter(version__article=faq).count() == 1
    assert ArticleSignature.objects.get(version__article=faq).version == faq.current_version()


def test_a_dismissal_stays_final_across_scans(demo, alice):
    kb_scan_run(full=True)
    duplicate = finding("duplicate", DUPLICATE)
    items = ReviewItem.objects.filter(reason="duplicate_articles")
    item = items.get(article=duplicate.article_a, other_article=duplicate.article_b)
    item_dismiss(item=item, user=alice, reason="The how-to restates it on purpose.")
    kb_scan_run(full=True)
    kb_scan_run()
    item.refresh_from_db()
    assert item.status == "dismissed"
    assert items.filter(article=item.article, other_article=item.other_article).count() == 1
    assert finding("duplicate", DUPLICATE).status == "active"


def test_stubs_are_not_scanned(demo):
    stub = ArticleFactory(external_id="kb-stub", title="Exchanges", is_stub=True)
    result = kb_scan_run(full=True)
    assert result.run.articles == Article.objects.real().count()
    assert not ArticleFinding.objects.involving(stub).exists()


def test_with_a_bot_only_the_articles_it_retrieved_are_scanned(demo):
    seller = Bot.objects.get(slug="seller-help")
    result = kb_scan_run(bot=seller, full=True)
    assert result.run.bot == seller
    assert result.run.articles < Article.objects.real().count()
    assert not ArticleFinding.objects.exists()  # the planted pairs are store-help's


def test_the_article_page_shows_both_passages_with_the_values_marked(demo, client, bob):
    kb_scan_run(full=True)
    client.force_login(bob)
    html = client.get(
        reverse("content:article_detail", args=[article("kb-exchanges").pk])
    ).content.decode()
    assert "Duplicates and contradictions with other articles" in html
    assert '<mark class="conflict">45 days</mark>' in html
    assert '<mark class="conflict">30 days</mark>' in html
    assert "Suggested resolution" in html


def test_the_command_prints_what_it_did(demo):
    out = io.StringIO()
    call_command("kb_scan", "--full", stdout=out)
    assert re.search(
        r"full scan: articles \d+ \(changed \d+\), candidate pairs \d+", out.getvalue()
    )
    out = io.StringIO()
    call_command("kb_scan", "--bot", "store-help", stdout=out)
    assert "incremental scan" in out.getvalue()


def test_the_nightly_task_runs_an_incremental_scan(demo):
    outcome = kb_scan_nightly.delay().get()
    assert outcome["found"] == 4  # the planted pairs, and the restatement's two
    assert kb_scan_nightly.delay().get()["found"] == 0


def test_an_article_may_have_an_item_per_pair(db, bot):
    first, second, third = (ArticleFactory(external_id=f"kb-{n}") for n in "abc")
    for other in (second, third):
        ReviewItem.objects.create(
            bot=bot, article=first, other_article=other, reason="duplicate_articles"
        )
    assert ReviewItem.objects.active().filter(article=first).count() == 2


# --- candidates: no pair left unexamined is compared ----------------------------------------


def test_candidate_generation_compares_a_small_share_of_all_pairs(db, tmp_path):
    kb = synthetic_kb(400)
    path = tmp_path / "kb.jsonl"
    write_articles(kb, path)
    call_command("import_articles", str(path), "--no-progress", stdout=io.StringIO())
    run = kb_scan_run(full=True).run
    n = run.articles
    assert n == len(kb.articles)
    assert run.comparisons < n * (n - 1) / 2 / 10
    found = pairs("contradiction")
    assert all(frozenset(pair) in found for pair in kb.conflicts)
    assert not any(frozenset(pair) in found for pair in kb.conditional)
    duplicates = pairs("duplicate")
    assert sum(frozenset(pair) in duplicates for pair in kb.duplicates) >= len(kb.duplicates) * 0.75


# --- the language model, when one is configured --------------------------------------------


def consistency_responder(request: dict) -> Reply:
    prompt = request["messages"][1]["content"]
    titles = re.findall(r"^Article [AB]: (.*)$", prompt, re.M)
    contradictions = []
    if sorted(titles) == ["Exchange questions answered", "Exchanges"]:
        first_is_faq = titles[0] == "Exchange questions answered"
        faq = "Exchanges must be requested within 30 days of delivery."
        policy = "You can exchange an item within 45 days of delivery."
        contradictions.append(
            {
                "passage_a": faq if first_is_faq else policy,
                "passage_b": policy if first_is_faq else faq,
                "subject": "exchange window",
                "value_a": "30 days" if first_is_faq else "45 days",
                "value_b": "45 days" if first_is_faq else "30 days",
                "explanation": "Both give the deadline for the same exchange.",
                "confidence": 0.9,
            }
        )
    return Reply(content=json.dumps({"contradictions": contradictions}))


def test_with_a_model_each_candidate_pair_costs_one_call_and_a_rescan_none(
    demo, llm_server, llm_settings
):
    llm_server.responder = consistency_responder
    first = kb_scan_run(full=True).run
    assert llm_server.calls == first.comparisons > 0
    assert first.stats["llm"] == {"calls": first.comparisons, "cached": 0, "fallbacks": 0}
    conflict = finding("contradiction", CONTRADICTION)
    assert conflict.method == "llm" and conflict.confidence == 0.9
    assert conflict.passages[0]["explanation"].startswith("Both give")
    assert pairs("contradiction") == {frozenset(CONTRADICTION)}
    again = kb_scan_run(full=True).run
    assert llm_server.calls == first.comparisons  # every answer came from the cache
    assert again.stats["llm"]["cached"] == again.comparisons
    assert finding("contradiction", CONTRADICTION).status == "active"
    body = llm_server.requests[0]
    assert body["response_format"]["json_schema"]["name"] == "article_consistency"


def test_every_consistency_call_is_bounded_and_a_looping_model_falls_back(
    demo, llm_server, llm_settings
):
    llm_server.responder = lambda request: looping_reply()
    run = kb_scan_run(full=True).run
    body = llm_server.requests[0]
    assert body["max_tokens"] == MAX_COMPLETION_TOKENS
    schema = body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["contradictions"]["maxItems"] == MAX_CONTRADICTIONS
    # The server stopped every reply at the cap; each one fell back, none was cached.
    assert llm_server.completion_tokens <= llm_server.calls * MAX_COMPLETION_TOKENS
    assert run.stats["llm"]["fallbacks"] == run.comparisons > 0
    assert finding("contradiction", CONTRADICTION).method == "offline"
    assert not JudgeCacheEntry.objects.filter(judge="consistency").exists()


def test_the_model_is_asked_about_several_pairs_at_once_with_the_same_findings(
    demo, llm_server, llm_settings
):
    llm_settings.KBAUDIT_JUDGE_CONCURRENCY = 4
    lock, active, peak = threading.Lock(), [0], [0]

    def slow_responder(request: dict) -> Reply:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
        return consistency_responder(request)

    llm_server.responder = slow_responder
    run = kb_scan_run(full=True).run
    assert run.comparisons >= 4
    assert 1 < peak[0] <= 4
    assert llm_server.calls == run.comparisons
    assert run.stats["llm"] == {"calls": run.comparisons, "cached": 0, "fallbacks": 0}
    assert pairs("contradiction") == {frozenset(CONTRADICTION)}
    assert finding("contradiction", CONTRADICTION).method == "llm"


def test_an_unreadable_cache_entry_is_asked_again_and_replaced(demo, llm_server, llm_settings):
    llm_server.responder = consistency_responder
    first = kb_scan_run(full=True).run
    JudgeCacheEntry.objects.filter(judge="consistency").update(output={"contradictions": "?"})
    again = kb_scan_run(full=True).run
    assert llm_server.calls == first.comparisons + again.comparisons
    assert again.stats["llm"]["fallbacks"] == 0
    assert finding("contradiction", CONTRADICTION).method == "llm"
    third = kb_scan_run(full=True).run
    assert third.stats["llm"]["cached"] == third.comparisons


def test_a_failing_model_falls_back_to_the_deterministic_check(demo, llm_server, llm_settings):
    llm_server.responder = lambda request: error_reply(400, "model not found")
    run = kb_scan_run(full=True).run
    assert run.stats["llm"]["fallbacks"] == run.comparisons
    conflict = finding("contradiction", CONTRADICTION)
    assert conflict.method == "offline" and "model not found" in conflict.details["llm_error"]


def test_an_unusable_reply_falls_back_and_is_not_cached(demo, llm_server, llm_settings):
    llm_server.responder = lambda request: Reply(content='{"contradictions": "none"}')
    kb_scan_run(full=True)
    assert finding("contradiction", CONTRADICTION).method == "offline"
    calls = llm_server.calls
    llm_server.responder = consistency_responder
    kb_scan_run(full=True)
    assert llm_server.calls == 2 * calls
    assert finding("contradiction", CONTRADICTION).method == "llm"


def test_after_the_demo_and_its_sweep_the_planted_pairs_are_in_the_queue(db, tmp_path, settings):
    """What make run does: the demo, graded offline, then a scan."""
    settings.KBAUDIT_JUDGE = "offline"
    demo_setup(out_dir=tmp_path, n_interactions=800)
    sweep_run(idle_minutes=None, batch_size=DEMO_SWEEP_BATCH)
    out = io.StringIO()
    call_command("kb_scan", "--offline", stdout=out)
    assert "incremental scan:" in out.getvalue()
    items = ReviewItem.objects.active().filter(bot__slug="store-help", other_article__isnull=False)
    assert {
        (i.reason, frozenset((i.article.external_id, i.other_article.external_id))) for i in items
    } == {
        ("duplicate_articles", frozenset(DUPLICATE)),
        ("contradicting_articles", frozenset(CONTRADICTION)),
    } | {("duplicate_articles", frozenset(pair)) for pair in RESTATED_PAIRS}
    assert all(item.topic for item in items)  # the queue's topic chips reach them too


def test_refreshing_evidence_reads_the_logs_once_for_all_findings(demo):
    kb_scan_run(full=True)
    active = list(ArticleFinding.objects.active().select_related("article_a", "article_b"))
    assert len(active) >= 2
    with_logs = sum(1 for f in active if f.co_retrievals)
    ArticleFinding.objects.update(co_retrievals=0, example_interactions=[])
    active = list(ArticleFinding.objects.active().select_related("article_a", "article_b"))
    with CaptureQueriesContext(connection) as queries:
        findings_evidence_update(findings=active)
    # the knowledge base's bots, co-retrieval counts, retrievals, two version lookups,
    # then the examples and a save for each finding whose articles the logs saw together
    assert len(queries) <= 5 + 2 * with_logs
    assert with_logs == sum(1 for f in ArticleFinding.objects.active() if f.co_retrievals)


# --- near-duplicates by meaning, and the pair items' metrics ---------------------------------

POLICY = (
    "## How long you have\n\n"
    "You can return most items within 30 days of delivery. "
    "Items must be unused and in their original packaging. "
    "We refund your original payment method within 5 to 10 business days of receiving the "
    "return. Return shipping is free for faulty items.\n\n"
    "## Gift cards\n\nGift cards cannot be returned or exchanged for cash. "
    "Lost gift cards can be replaced with proof of purchase from our store.\n\n"
    "## Marketplace sellers\n\nItems sold by marketplace sellers follow the seller's own "
    "rules, shown on the product page before you buy."
)
RESTATED = (
    "Most products can be sent back up to 30 days after delivery. "
    "Products have to be unused and still in the original packaging. "
    "Your refund goes back to the original payment method within 5 to 10 business days "
    "after the return arrives. Shipping the return is free when the item is faulty."
)


def versioned(key: str, title: str, body: str) -> Article:
    from tests.factories import ArticleVersionFactory

    found = ArticleFactory(external_id=key, title=title)
    ArticleVersionFactory(article=found, title=title, body=body)
    return found


def test_a_short_article_restating_another_in_other_words_is_a_duplicate(db):
    versioned("kb-returns", "Returns policy", POLICY)
    versioned("kb-returns-short", "Returning an item in short", RESTATED)
    for n in range(6):  # unrelated pages, so buckets and neighbours mean something
        versioned(
            f"kb-other-{n}", f"Other topic {n}", f"## Part\n\nPage {n} talks about topic {n} only."
        )
    result = kb_scan_run(full=True)
    assert pairs("duplicate") == {frozenset(("kb-returns", "kb-returns-short"))}
    duplicate = finding("duplicate", ("kb-returns", "kb-returns-short"))
    assert any("30 days" in p["a"] and "30 days" in p["b"] for p in duplicate.passages)
    assert result.run.stats["semantic_candidates"] >= 1  # the shared words alone missed it
    assert ArticleSignature.objects.exclude(unit_vectors=None).count() == 8
    again = kb_scan_run(full=True)  # from the stored vectors this time
    assert again.run.stats["semantic_candidates"] >= 1 and again.run.resolved == 0
    assert duplicate.passages == finding("duplicate", ("kb-returns", "kb-returns-short")).passages


def test_sibling_product_pages_restated_in_other_words_are_not_duplicates(db):
    setup = (
        "## Before you start\n\nCharge the {name} for two hours before first use. "
        "Keep the {name} away from water while it charges. "
        "Press and hold the power button of the {name} for three seconds to turn it on."
    )
    versioned("kb-setup-kuno", "Setting up the Kuno Q0", setup.format(name="Kuno Q0"))
    versioned("kb-setup-milo", "Setting up the Milo T7", setup.format(name="Milo T7"))
    kb_scan_run(full=True)
    assert pairs("duplicate") == set()


def test_pair_items_carry_both_articles_credited_metrics_and_diagnoses(db, bot, client, bob):
    from datetime import UTC, datetime, timedelta

    from content.analytics.rollups import rollup_update
    from tests.content.test_rollups import traffic

    policy = versioned("kb-returns", "Returns policy", POLICY)
    copy = versioned("kb-returns-copy", "Returns policy copy", POLICY)
    day = datetime(2026, 11, 20, 9, tzinfo=UTC)
    bad = dict(source_precision=0.5, source_query_coverage=0.5, groundedness=0.0)
    for i in range(24):
        traffic(
            bot,
            day=day + timedelta(hours=i),
            article_keys=["kb-returns", "kb-returns-copy"],
            metrics=bad,
        )
    rollup_update(bot=bot, days={day.date(), (day + timedelta(hours=23)).date()})
    kb_scan_run(full=True)
    item = ReviewItem.objects.get(reason="duplicate_articles")
    assert item.evidence["graded"] == 24
    assert item.evidence["metrics"]["groundedness"] == 0.0
    assert item.evidence["thresholds"]["groundedness"] == 0.8
    assert "content-gap" in [d["id"] for d in item.evidence["diagnoses"]]
    assert set(item.evidence["articles"]) == {str(policy.pk), str(copy.pk)}
    assert item.evidence["articles"][str(copy.pk)]["traffic"] == 24
    client.force_login(bob)
    page = client.get(item.get_absolute_url()).content.decode()
    assert "Both articles" in page and "Returns policy copy" in page
    assert "48 retrievals and 24 graded answers" in page  # the pair's traffic
